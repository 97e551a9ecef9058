"""A label set's entries that name nothing: a text no kit printed, a game not in the content.

Input: a label set applied to the content (kit/variant.py), after `check` planned every kit
of every game under it the set covers, and the games the content holds. Output: the first
such entry, as a mistake at its line, with the name it most likely meant.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from shapes_print.errors import UserError, closest
from shapes_print.kit.contents import card_names
from shapes_print.kit.coverage import catalogue_path
from shapes_print.kit.variant import Variant
from shapes_print.load.content import game_folders
from shapes_print.load.labels import Layered, LoadedLabels
from shapes_print.load.pofile import read_catalogue
from shapes_print.load.yamlsrc import Document, Loc
from shapes_print.text.words import composed


def check_text_is_used(variant: Variant, strict: bool = False) -> None:
    """After every kit of every game it covers is planned (`plans_every_game_covered`): a
    `text:` entry (or a catalogue's) nothing printed is a typo or left over from changed
    content, and would silently translate nothing. A shipped set's
    texts are for the shipped games: checked where they are planned from the shipped folder,
    and by `strict` on a copy of them (its words may have changed); on content without
    them all, never (no mistake of whoever checks her own games). A card's name is printed
    (contents.card_names)."""
    names = (card_names(deck) for game in variant.games.values() for deck in game.decks)
    printed = {*variant.printed, *(named.name for deck in names for named in deck.values())}
    printed |= _printed_under_other_sets(variant.labels)
    # The set's own file's entries: those it extends are checked as sets of their own (a
    # braille set over es hides the card notes es translates).
    own_file = variant.labels.source.layers[0][0].data.get("text") or {}
    home = variant.labels.home()
    at_home = home is None or _home_games_loaded(variant, home, by_name=strict)
    written: list[tuple[str, Layered | Document]] = [
        (english, variant.labels.source) for english in own_file if at_home
    ]
    for game in variant.games.values():  # and each game's own words for the set
        own = game.labels.get(variant.labels.name)
        if own is not None and game.game.id not in variant.skipped:  # a skipped game printed none
            written += [(english, own.source) for english in own.spec.text]
    printed_composed = set(map(composed, printed))  # however its accents were typed
    for english, source in written:
        if composed(english) not in printed_composed:
            close = closest(english, printed)
            hint = f" (did you mean {close!r}?)" if close else ""
            raise UserError(
                source.source(("text", english)),
                f"text {english!r} is not printed anywhere{hint}",
            )


def _printed_under_other_sets(labels: LoadedLabels) -> set[str]:
    """The entries of the set's catalogue `labels update` marked as printed only under
    other shipped sets (an accessibility set's own texts): a set extending both prints them."""
    path = catalogue_path(labels)
    if path is None or not path.is_file():
        return set()
    return read_catalogue(path, labels.source.source(("catalogue",)), path.parent).elsewhere


def plans_every_game_covered(variant: Variant, content_games: Iterable[str]) -> bool:
    """Whether `check` was asked for every game of the content the set covers (by naming
    none, or each of them): else a text none of those planned prints may be another's."""
    covers = variant.labels.spec.covers
    wanted = (name for name in content_games if covers is None or name in covers)
    return all(name in variant.games for name in wanted)


def _home_games_loaded(variant: Variant, home: Path, by_name: bool) -> bool:
    """Whether every game of the content a set was written for that it covers was planned
    from that very folder (a copy elsewhere may have changed its words), or `by_name`, a
    game of its name from any folder."""
    covers = variant.labels.spec.covers
    loaded = {game.folder.resolve() for game in variant.games.values()}
    return all(
        folder.name in variant.games if by_name else folder.resolve() in loaded
        for folder in game_folders(home)
        if covers is None or folder.name in covers
    )


def check_games_exist(labels: LoadedLabels, games: list[str], strict: bool = False) -> None:
    """A misspelt game under `games:` or `covers:` would change nothing: name it instead.

    A set applies to whatever content it is given, so an entry for a game not there is
    skipped, unless it is close to one that is (a typo) or `strict` asks for every entry.
    A shipped set's entry for a shipped game is no one's mistake on other content: never
    named, not even by `strict`, since whoever checks her own games cannot fix it."""
    named: list[tuple[Loc, str]] = [(("games", game_id), game_id) for game_id in labels.spec.games]
    named += [
        (("covers", index), game_id) for index, game_id in enumerate(labels.spec.covers or [])
    ]
    for loc, game_id in named:
        if game_id in games:
            continue
        home = labels.home(loc)
        close = closest(game_id, games)
        for_home = home is not None and (home / game_id / "game.yaml").is_file()
        if not for_home and (strict or close):
            meant = f"did you mean {close!r}?" if close else f"games: {', '.join(games)}"
            raise UserError(
                labels.source.source(loc), f"no game {game_id!r} in the content ({meant})"
            )
