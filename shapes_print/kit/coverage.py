"""Which games a label set builds: a set with no words or colours for a game skips it.

A shipped label set cannot know a new game's words (a complete set such as `es` asks for
every text) nor hold its colours to its minimums (`high-contrast`, 7:1). Rather than break
`make print`, `--labels all` or a plain `check`, such a game is skipped for that set with
one line saying why, and no kit below the set's promise is built. Asking for the set on
the game by name, or `check --strict`, refuses instead, naming each text. The game's own
`labels/<set>.yaml` gives what the set lacks (load/labels.py reads it).

Nor can a set always take a game whose words are longer than the set has room for: a card
word that fits the standard card but not large print's least size, a braille word longer
than the braille zone's line. Reached through `all` beside the standard set (which holds
the game to its own mistakes), such a set skips the game the same way (`unfit_skip`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from pathlib import Path

from babel import Locale

from shapes_print.errors import UserError, shown
from shapes_print.kit.braillefit import BrailleSignError
from shapes_print.kit.contrast import ContrastError, check_contrast
from shapes_print.load.defaults import DEFAULT_CONTENT, DEFAULT_LABELS, STANDARD
from shapes_print.load.labels import LoadedLabels, OwnLabels, check_own_messages
from shapes_print.load.loaded import Library, LoadedGame
from shapes_print.text.fonts import FONTS_HINT, GlyphError
from shapes_print.text.message import ENGLISH, counted
from shapes_print.text.words import Words


def game_words(words: Words, own: list[OwnLabels], labels: LoadedLabels, game: str) -> Words:
    """The words a game's kits print with: the set's, with its words for this game over
    them (`games: GAME: text:`, a catalogue entry's context), and the game's own files over
    those (`own` as load/labels.own_files gives them, the one that wins first)."""
    patch = labels.spec.games.get(game)
    text: dict[str, str] = dict(patch.text) if patch else {}
    places = {english: labels.source.source(("games", game, "text", english)) for english in text}
    for file in reversed(own):
        check_own_messages(file, labels.locale)
        text.update(file.spec.text)
        places.update(
            {english: file.source.source(("text", english)) for english in file.spec.text}
        )
    return words.for_game(game, text, places)


def contrast_skips(
    labels: LoadedLabels,
    library: Library,
    games: Mapping[str, LoadedGame],
    refuse: Collection[str],
) -> dict[str, str]:
    """The games whose cards fall below the set's contrast minimums, each with its skip
    line; a game in `refuse` raises instead, as does every game under the standard set,
    which is the game as its designer made it. The set's own sheets are no game's: refused."""
    check_contrast(labels, library, {})

    def below(game_id: str, game: LoadedGame) -> UserError | None:
        try:
            check_contrast(labels, library, {game_id: game})
        except ContrastError as error:
            return error
        return None

    refused = games.keys() if labels.name == STANDARD else refuse
    return game_skips(labels, games, refused, below, "can give its own colours")


GameMistake = Callable[[str, LoadedGame], UserError | None]


def game_skips(
    labels: LoadedLabels,
    games: Mapping[str, LoadedGame],
    refuse: Collection[str],
    mistake: GameMistake,
    helps: str,
) -> dict[str, str]:
    """The games a set cannot take for one reason (`mistake`: the game's first under the
    set, or None), each with its skip line, which ends with what the game's own file for
    the set can give (`helps`); a game in `refuse` raises its mistake instead."""
    skipped = {}
    for game_id, game in games.items():
        error = mistake(game_id, game)
        if error is None:
            continue
        if game_id in refuse:
            raise error
        why = error.message.removeprefix(f"label set {labels.name!r}: ")
        own = own_file(game, labels)
        skipped[game_id] = f"skipped {labels.name} for {game_id}: {why}; {own} {helps}"
    return skipped


def own_file(game: LoadedGame, labels: LoadedLabels) -> Path:
    """Where the game's own words and colours for a label set are written: the game's
    `labels/NAME.yaml`; but a user's own set (`--labels my.yaml`) on a shipped game gives
    them in its own file (`games: GAME:`), never in the shipped content, which is not the
    user's to write (and after `pip install` is the package's)."""
    if labels.home() is None and game.folder.resolve().is_relative_to(DEFAULT_CONTENT.resolve()):
        return labels.path
    return game.folder / "labels" / f"{labels.name}.yaml"


def catalogue_path(labels: LoadedLabels) -> Path | None:
    """The catalogue the set (or a set it extends) names, beside the file naming it."""
    if labels.spec.catalogue is None:
        return None
    return labels.source.source(("catalogue",)).path.parent / labels.spec.catalogue


def words_skip(labels: LoadedLabels, game: LoadedGame, words: Words, refuse: bool) -> str | None:
    """After a game's kits are planned: the skip line for the texts a complete set lacked,
    or, when refused, one error naming each of them at its file and line."""
    if not words.missing:
        return None
    if refuse:
        lines = [
            f"{where}: "
            * bool(where)
            + f"label set {labels.name!r} ({shown(str(labels.path))}) is complete but has no "
            f"text for {english!r}"
            for english, where in words.missing.items()
        ]
        raise UserError(
            None,
            "\n".join(lines),
            _where_words_go(game, labels),
        )
    language = Locale.parse(labels.locale).get_display_name(ENGLISH)
    texts = counted(len(words.missing), "text has", "texts have")
    return f"skipped {labels.name} for {game.game.id}: {texts} no {language} (check --strict lists them)"


def _where_words_go(game: LoadedGame, labels: LoadedLabels) -> str:
    """Where a set's missing texts are given: its catalogue, where it has one of its own
    (`labels update` lists them there), else under `text:` in a user's own set's file
    (`--labels my.yaml`), or in the game's own file for a shipped set (a shipped set's
    catalogue is for the shipped games)."""
    catalogue = catalogue_path(labels)
    if catalogue is not None and not catalogue.absolute().is_relative_to(DEFAULT_LABELS):
        return f"translate them in {catalogue} (labels update brings in new texts)"
    mine = labels.path if labels.home() is None else own_file(game, labels)
    return f"add them under text: in {mine}"


def unfit_skip(labels: LoadedLabels, game: LoadedGame, error: UserError, own_fonts: bool) -> str:
    """The skip line for a game a set cannot take: the first mistake planning it under the
    set found, where it was written, and what helps: for a character the font lacks, a
    game's own fonts (unless the set prints in fonts of its own, `own_fonts`, which a
    game's do not replace) or other words; else the game's own file for the set, where its
    own words, or a larger box for the element (load/ownlayouts.py), go."""
    why = error.line().removesuffix(f" (label set {labels.name!r})")
    mine = own_file(game, labels)
    if isinstance(error, BrailleSignError):  # it says what helps: other words
        return f"skipped {labels.name} for {game.game.id}: {why}, in {mine}"
    if isinstance(error, GlyphError):
        fonts = (
            "the set prints in fonts of its own, which a game's fonts: do not replace"
            if own_fonts
            else FONTS_HINT
        )
        return (
            f"skipped {labels.name} for {game.game.id}: {why}; {fonts}, or give the set this "
            f"game's own words without it, in {mine}"
        )
    return (
        f"skipped {labels.name} for {game.game.id}: {why}; shorten it, or give the set this "
        f"game's own words, or the element a larger box (elements:), in {mine}"
    )
