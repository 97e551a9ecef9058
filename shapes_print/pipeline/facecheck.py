"""Build stage, `check`: a group's keys in the check cache, and its cards' faces checked again.

Input: a (label set, game) group of a loaded project, the settings `check` plans it under,
and a group kept clean from an earlier check (pipeline/checkcache.py). Output: the group's
key (its kits' fingerprints, the settings); its key with its cards' fields left out
(`rows_key`), and whether its planning reads them on the faces alone (`faces_alone`);
after an edit to those fields, the group's check from its faces drawn again
(`faces_again`); and the groups' checks in order, each in this process or a worker's
(`checked_in_order`).

A designer edits a card's row in her spreadsheet and checks again: only the cards' fields
changed, and off the faces nothing reads them, so the rest of the game plans as it did. Its
kits' cards files are planned (every face and back drawn, under every setting); the texts
said on them join those the kept group said elsewhere. A mistake on a face, a skip that
changes, or anything not as it was plans the whole group again, which finds what it finds.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager

from msgspec import to_builtins
from msgspec.structs import replace

from shapes_print.buildcache import BuildCache
from shapes_print.errors import UserError, warnings_told
from shapes_print.fingerprints import files_digest, fingerprint
from shapes_print.inputs import recording
from shapes_print.kit.coverage import words_skip
from shapes_print.kit.variant import Variant
from shapes_print.load.loaded import LoadedGame
from shapes_print.load.models import LoadedDeck
from shapes_print.load.options import Flip, Part, PrintOptions
from shapes_print.pipeline.checkcache import CheckedGroup, group_key
from shapes_print.pipeline.keptreads import KeptReads
from shapes_print.pipeline.project import Project
from shapes_print.pipeline.requests import Planned, kit_requests
from shapes_print.plan.kit import SHARED_SHEETS
from shapes_print.text.listeners import listening
from shapes_print.text.words import Words
from shapes_print.write.forked import started_map

Setting = tuple[Flip, PrintOptions, str]  # the flip, the print options, the papers
Group = tuple[Variant, str]  # a label set's variant and a game's id
# Where a sheet names a game list by name: the `deck` list holds every card's fields.
_LIST_KEYS = frozenset({"rows_from", "list"})
_DECK_LIST = "deck"


def group_kits(
    project: Project, group: Group, settings: Sequence[Setting], players: str, part: Part
) -> Iterator[Planned]:
    """The group's kits under every setting, in the order planned."""
    variant, game = group
    only = (variant.labels.name, game)
    for flip, options, on in settings:
        yield from kit_requests(project, players, on, flip, options, part, only=only)


def check_key(
    project: Project,
    group: Group,
    settings: Sequence[Setting],
    asked: Mapping[str, object],
    files: str | None = None,
) -> str:
    """The check cache's key of a game under a label set: its kits' fingerprints in every
    setting (over `files`, where given, in place of the game's and set's files), what was
    asked, the game's folder and whether the set may skip the game."""
    variant, game = group
    kits = group_kits(project, group, settings, str(asked["players"]), Part())
    # The game's folder too: a copy elsewhere may hold other pictures, which are read with
    # each kit, not at load, and so in no fingerprint.
    folder = str(variant.games[game].folder.resolve())
    fingerprints = (
        project.fingerprint(kit.request)
        if files is None
        else fingerprint(files, to_builtins(kit.request))
        for kit in kits
    )
    # And whether the set may skip the game: one skipped under `all` is refused by name.
    may = {"refuse": game in variant.refuse, "skip_unfit": variant.skip_unfit}
    return group_key(fingerprints, {**asked, "folder": folder, **may})


def rows_key(
    project: Project, group: Group, settings: Sequence[Setting], asked: Mapping[str, object]
) -> str:
    """The group's key with its cards' fields left out: the files holding its cards are
    replaced by its decks and lists as loaded, each card without its fields."""
    variant, game = group
    loaded = variant.games[game]
    held = _card_files(loaded)
    files = {name: digest for name, digest in project.game_inputs[game].items() if name not in held}
    blanked = [_without_fields(deck) for deck in loaded.decks]
    loaded_form = json.dumps([blanked, loaded.lists], sort_keys=True, default=str)
    files[" cards without their fields"] = hashlib.sha256(loaded_form.encode()).hexdigest()
    files.update(project.labels_inputs[variant.labels.name])
    return check_key(project, group, settings, {**asked, "rows": True}, files_digest(files))


def faces_alone(group: Group) -> bool:
    """Whether nothing off the group's cards' faces reads their fields, so that after an
    edit to them the faces alone need drawing again: not so under a braille set (its
    embosser file spells the cards), nor where a sheet lists the `deck` list."""
    variant, game = group
    return variant.ctx.style.braille is None and not _lists_the_deck(variant.games[game], variant)


def faces_again(
    project: Project, group: Group, settings: Sequence[Setting], players: str, kept: CheckedGroup
) -> CheckedGroup | None:
    """The group's check from its cards' faces drawn again, and the texts it said off the
    faces; None where that cannot stand for planning the group (a mistake, a skip not as
    the kept group's, a set refusing a game it lacks words for). The faces are drawn by
    planning every deck's cards file in the first kit of each setting the kept group was
    planned under: the other kits take the same drawings, kept by what they are drawn
    from (plan/cardfile.py's SIDES), of which neither the paper nor the player count is."""
    variant, game = group
    loaded, apart = variant.games[game], kept.apart
    words = loaded.words
    if apart is None or (words is not None and words.complete and game in variant.refuse):
        return None
    if kept.skipped is not None and not apart.by_words:  # a mistake skipped it: find it again
        return None
    part = Part(decks=tuple(deck.name for deck in loaded.decks))
    planned = settings[:1] if kept.skipped is not None else settings  # a skip stops there
    # A cache of its own: a face drawn here and taken again by the whole group's planning
    # (where this one does not stand for it) would say none of its texts there.
    alone = replace(project, cache=BuildCache())
    drawn: list[str] = []  # the faces' warnings, as they are now
    try:
        with (
            recording() as read,
            _lacking_apart(words),
            listening() as heard,
            alone.cache.sharing(SHARED_SHEETS),
            warnings_told(drawn.append),
        ):
            for setting in planned:  # its first kit draws every face the others do
                first = next(group_kits(alone, group, [setting], players, part), None)
                if first is not None:
                    first.plan()
    except UserError:
        return None
    lacking = dict.fromkeys([*apart.lacking, *heard.texts(on_face=True, lacking=True)])
    skipped = None
    if words is not None and words.missing is not None:  # as planning the group skips it
        skipped = words_skip(variant.labels, loaded, replace(words, missing=lacking), False)
    if (skipped is None) != (kept.skipped is None):
        return None
    printed = list(dict.fromkeys([*apart.printed, *heard.texts(on_face=True)]))
    warnings = list(dict.fromkeys([*apart.warnings, *drawn]))
    return CheckedGroup(printed, skipped, kept.read.joined(KeptReads.made(read)), apart, warnings)


def checked_in_order(
    plan: Callable[[int], CheckedGroup], here: Sequence[bool], jobs: int
) -> Iterator[CheckedGroup]:
    """Each group's check (`plan(index)`), in order: those marked `here` in this process,
    first (drawing faces, or planning a group that stops at its first kit, is less work
    than starting workers for it); the others over up to `jobs` forked processes. The first
    mistake in order is raised, wherever it was found."""
    found_here: dict[int, CheckedGroup | UserError] = {}
    for index in (index for index, this in enumerate(here) if this):
        try:
            found_here[index] = plan(index)
        except UserError as error:
            found_here[index] = error
    rest = [index for index in range(len(here)) if index not in found_here]
    with started_map(lambda n: plan(rest[n]), len(rest), jobs) as forked:
        for index in range(len(here)):
            found = found_here.get(index)
            if isinstance(found, UserError):
                raise found
            yield found if found is not None else next(forked)


@contextmanager
def _lacking_apart(own: Words | None) -> Iterator[None]:
    """Texts found lacking inside the block are not noted in the game's words (`own`): the
    cards files planned alone print what the whole kit prints, and maybe more. What they
    print is heard (text/listeners.py), never kept in the words."""
    missing = None if own is None or own.missing is None else dict(own.missing)
    try:
        yield
    finally:
        if own is not None and own.missing is not None and missing is not None:
            own.missing.clear()
            own.missing.update(missing)


def _card_files(loaded: LoadedGame) -> set[str]:
    """The game's files holding its decks' cards (a deck's file, its spreadsheet), by the
    names its fingerprint gives them (`InputFiles.named`: under the content folder)."""
    root = loaded.folder.parent.absolute()
    paths = {deck.source.path for deck in loaded.decks}
    paths |= {deck.source.source(("cards", i)).path for deck in loaded.decks for i in deck.origins}
    names = set()
    for path in paths:
        full = path.absolute()
        names.add(full.as_posix())
        if full.is_relative_to(root):
            names.add(f"content/{full.relative_to(root).as_posix()}")
    return names


def _without_fields(deck: LoadedDeck) -> object:
    """A loaded deck as planning off the faces sees it: each card without its fields."""
    model = deck.deck.model_dump(mode="json", exclude={"cards": {"__all__": {"fields"}}})
    shape = (deck.name, deck.title, deck.origins, deck.card_template, deck.card_size)
    return [model, shape, deck.token_side, deck.round, deck.entry]


def _lists_the_deck(loaded: LoadedGame, variant: Variant) -> bool:
    """Whether a sheet of the game, or of the kit's templates, names the `deck` list."""
    library = variant.library
    documents = [doc for doc in (library.guide, library.print_and_play) if doc is not None]
    data = [loaded.source.data, *(doc.source.data for doc in [*loaded.documents, *documents])]
    return any(_names_the_deck(value) for value in data)


def _names_the_deck(value: object) -> bool:
    if isinstance(value, dict):
        return any(
            (key in _LIST_KEYS and item == _DECK_LIST) or _names_the_deck(item)
            for key, item in value.items()
        )
    if isinstance(value, list):
        return any(_names_the_deck(item) for item in value)
    return False
