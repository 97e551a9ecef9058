"""The translator's catalogues: every text the kits print, as gettext catalogues.

Input: the project's sources. Output: a `.pot` template of every text the content and
templates print (`extract`), a label set's `.po` catalogue merged with it (`update`), and
how many texts each language has (`coverage`). What is printed is found the way `check`
finds it, by planning every kit of every game under the standard set (and the calibration
sheet), so a text only some settings print is there too; each entry names every file and
line that writes it (text/listeners.py hears them), gives a translator an example of each of
its placeholders, the room a card's box gives it on the smallest card size (the cards are
drawn once more at that size), and the games that print it. One entry per English text,
without a context: a catalogue's entry for one game alone (`msgctxt`, the game's id) is
written by hand, and `update` keeps it while that game prints its text.
"""

from __future__ import annotations

import io
import os
from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, datetime
from math import prod
from pathlib import Path
from typing import NamedTuple

from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po
from msgspec import Struct

from shapes_print.errors import Source, UserError, clipped
from shapes_print.inputs import recording
from shapes_print.kit.contents import card_names
from shapes_print.kit.coverage import catalogue_path
from shapes_print.kit.resolved import resolve_kit
from shapes_print.limits import POINTS_PER_MM
from shapes_print.load.labels import STANDARD, LoadedLabels, load_labels, shipped
from shapes_print.load.options import PrintOptions, same_size
from shapes_print.load.pofile import PRINTED_ONLY_UNDER, read_po_file
from shapes_print.pipeline.pipeline import plan_every_setting
from shapes_print.pipeline.project import Project, Sources, load_project, papers
from shapes_print.pipeline.requests import kit_requests
from shapes_print.plan.kitcontext import kit_context
from shapes_print.plan.textsizes import shrunk_texts
from shapes_print.text.grammar import MessageError, parse
from shapes_print.text.listeners import Room, Saying, listening
from shapes_print.text.message import ENGLISH
from shapes_print.text.words import composed, pinpoint
from shapes_print.write.create import replace_file

PROJECT = "shapes-print"
HEADER = """\
# Every text shapes-print's kits print: `shapes-print labels extract` writes this template,
# `shapes-print labels update LANG` merges it into a label set's catalogue.
# A text is translated once for every game that prints it; an entry whose msgctxt is a
# game's id translates it for that game alone. docs/translating.md says how to work with it.
#"""
# Characters of a placeholder's example in a comment: a paragraph fills none.
EXAMPLE_CHARACTERS = 40


class Extracted(Struct):
    """The template, and each printed text's references in one game's kits, by its English
    and the game, and its comments but the games': what a catalogue's entry for that game
    alone (`msgctxt`) is given."""

    template: Catalog
    in_games: dict[tuple[str, str], list[tuple[str, int]]]
    notes: dict[str, list[str]]


def extract(sources: Sources, beside: Path) -> Catalog:
    """The template catalogue of every text the kits print, in the order first printed,
    its references from the folder `beside` (where the catalogue is written)."""
    return _extracted(sources, beside).template


def _extracted(sources: Sources, beside: Path) -> Extracted:
    """Every text the kits print, planned as `check` plans them and the cards once more at
    the smallest card size, each with every place that writes it (from the folder `beside`),
    its placeholders' examples, the room a card gives it, and the games that print it."""
    with recording() as read, listening(rooms=True) as heard:
        project = load_project(sources, (), [STANDARD])
        plan_every_setting(project, kept=False)
        _say_card_names(project)
        _draw_smallest_cards(project)
        only_under = _plan_other_english_sets(sources, set(heard.by_text()))
    examples, english_words = (
        project.variants[0].ctx.words.examples,
        project.variants[0].ctx.words.text,
    )
    newest = read.newest() or 0
    template = _template(datetime.fromtimestamp(newest, UTC))
    sizes = project.variants[0].library.card_sizes
    extracted = Extracted(template, {}, {})
    for english, places in heard.by_text().items():
        games = sorted({saying.game for saying in places if saying.game is not None})
        room = _tightest(places)
        # Its msgid composed (NFC), however the content typed its accents: as words match it.
        msgid = composed(english)
        shown = english_words.get(msgid, msgid)
        notes = [
            *([only_under[english]] if english in only_under else []),
            *([_printed_as(shown)] if shown != msgid else []),
            *_examples(english, examples.get(english, {})),
            *([_room(room, sizes)] if room is not None else []),
        ]
        template.add(
            msgid,
            locations=_locations(english, places, beside),
            auto_comments=[*notes, *([_shared(games)] if len(games) > 1 else [])],
        )
        extracted.notes[msgid] = notes
        for game in games:
            ours = [saying for saying in places if saying.game == game]
            extracted.in_games[(msgid, game)] = _locations(english, ours, beside)
    return extracted


def _plan_other_english_sets(sources: Sources, standard: set[str]) -> dict[str, str]:
    """Plan every game under each other shipped English set printed in ink, so the texts
    they print themselves are heard: a set in another language that extends one of them
    (`extends: [large-print, fr]`) prints them too. A braille set's are left out: its dots
    spell English braille, which no other language's kit takes (braille-es gives its own
    words). A game a set cannot take (a word too wide at 24 pt) is skipped, as `--labels
    all` skips it. Returns the comment on each text none but these sets print, by text."""
    sets: dict[str, list[str]] = {}
    for name in shipped(sources.labels):
        labels = load_labels(name, sources.labels)
        if name == STANDARD or labels.locale != ENGLISH or "braille" in labels.spec.style:
            continue
        project = load_project(sources, (), [name])
        for variant in project.variants:
            variant.skip_unfit = True
        with listening() as heard:
            plan_every_setting(project, kept=False)
        for english in heard.texts():
            if english not in standard:
                sets.setdefault(english, []).append(name)
    return {english: PRINTED_ONLY_UNDER + ", ".join(names) for english, names in sets.items()}


def _template(created: datetime | str) -> Catalog:
    """An empty template, its header dated `created` (the newest source's time)."""
    return Catalog(project=PROJECT, header_comment=HEADER, creation_date=created, fuzzy=False)


def _say_card_names(project: Project) -> None:
    """Say each card's name in its game's words from its deck entry's line, as Tabletop
    Simulator's decks do (kit/contents.card_names): a text no other file prints."""
    for game in project.variants[0].games.values():
        words = game.words or project.variants[0].ctx.words
        for deck in game.decks:
            for named in card_names(deck).values():
                words.say(named.name, named.where)


def _draw_smallest_cards(project: Project) -> None:
    """Draw every card side of every game once more at the smallest card size the templates
    name (mini), on the first paper, as `preview --boxes` draws them (plan/textsizes.py):
    each card text is then said in the room it has there. A game whose words do not fit
    that size is left at the room it got before its mistake: extract is not its check."""
    library = project.variants[0].library
    smallest = min(library.card_sizes, key=lambda name: prod(library.card_sizes[name]))
    options = PrintOptions(card_size=smallest)
    for kit in kit_requests(project, "all", papers(project, "all")[0], options=options):
        try:
            resolved = resolve_kit(kit.loaded, library, kit.variant.ctx, smallest, kit.cache)
            shrunk_texts(kit_context(resolved, kit.request, kit.cache))
        except UserError:
            continue


def _tightest(places: Iterable[Saying]) -> Room | None:
    """The tightest room a card gave a text (None: it was set in none)."""
    tightest = None
    for room in (saying.room for saying in places if saying.room is not None):
        if tightest is None or room.tighter(tightest):
            tightest = room
    return tightest


def _locations(english: str, places: Iterable[Saying], beside: Path) -> list[tuple[str, int]]:
    """The `#:` references of a text said from `places`: each file and line that writes
    it once, sorted, so the same sources give the same bytes."""
    found = {pinpoint(saying.where, english) for saying in places}
    return sorted({_location(at, beside) for at in found if at is not None})


def _location(at: Source, beside: Path) -> tuple[str, int]:
    """A `#:` reference: the file as a path from the catalogue's folder `beside`, the path a
    translator's tool opens it by (Poedit reads references from the catalogue's folder),
    whatever folders the content was read from; and its line. A file on another drive
    (Windows), which no path from the folder reaches, whole."""
    full = at.path.absolute()
    try:
        return Path(os.path.relpath(full, beside.absolute())).as_posix(), at.line
    except ValueError:
        return full.as_posix(), at.line


def _room(room: Room, sizes: Mapping[str, tuple[float, float]]) -> str:
    """The translator's comment on the room a card gives a text: its box's width and lines
    at the least size it may shrink to, on the smallest card it is printed on."""
    named = [name for name, size in sizes.items() if same_size(size, room.card)]
    card = named[0] if named else " x ".join(f"{_mm(side)} mm" for side in room.card)
    lines = "1 line" if room.lines == 1 else f"{room.lines} lines"
    return f"room: {_mm(room.width)} mm wide, {lines} at {room.least:g} pt ({card} cards)"


def _mm(points: float) -> str:
    return f"{round(points / POINTS_PER_MM, 1):g}"


def _shared(games: Sequence[str]) -> str:
    """The comment on a text more than one game prints: one translation serves them all,
    unless an entry with a context (`msgctxt`) names one of them (docs/translating.md)."""
    return f"in the kits of {len(games)} games: {', '.join(games)}"


def _printed_as(shown: str) -> str:
    """The note on a name the kits print in the set's words, a paper's (`letter`): not the
    name as written but as English prints it is what a translator gives again."""
    return f"a name, which English prints as “{shown}”: write it as your language prints it"


def _examples(english: str, values: Mapping[str, object]) -> list[str]:
    """A comment for each of the text's placeholders: what filled it when it was printed."""
    try:
        names = sorted(parse(english).names())
    except MessageError:
        return []
    comments = []
    for name in names:
        value = " ".join(str(values[name]).split()) if name in values else ""
        value = clipped(value, EXAMPLE_CHARACTERS)
        example = f", such as “{value}”" if value else ""
        comments.append(f"{{{name}}} is filled in when printed{example}: keep it as written")
    return comments


def catalogue_bytes(catalogue: Catalog) -> bytes:
    """The catalogue as a .po (or .pot) file's bytes, obsolete entries kept as `#~`.
    Babel's guess that a text with braces is Python's format is dropped: these are ICU
    messages (`{n, plural, ...}`), which a tool checking Python's format would refuse."""
    for message in catalogue:
        message.flags.discard("python-brace-format")
    buffer = io.BytesIO()
    write_po(buffer, catalogue, width=0, omit_header=False)
    return buffer.getvalue()


def write_template(sources: Sources, out: Path) -> Path:
    """Write the `.pot` of every printed text to `out`."""
    replace_file(out, catalogue_bytes(extract(sources, out.parent)))
    return out


def update(sources: Sources, names: Sequence[str], out: Path | None = None) -> list[Path]:
    """Merge the template into each named label set's catalogue (a new one if the file is
    not there yet): a text whose English changed becomes fuzzy, one no longer printed
    obsolete. Written in place, or into the folder `out`; its references from its own
    folder either way, so a copy in `out` compares with it line for line. Every set is
    read before any catalogue is written, and the texts are extracted once for the
    catalogues of one folder (es, fr and de share labels/)."""
    found = [_catalogue_of(sources, name) for name in names]
    extracted: dict[Path, Extracted] = {}
    written = []
    for labels, path, catalogue in found:
        if path.parent not in extracted:  # as it reads where it is, `out` or not
            extracted[path.parent] = _extracted(sources, path.parent)
        catalogue.update(
            _with_games(extracted[path.parent], catalogue, labels.spec.covers),
            update_creation_date=False,
        )
        target = (out / path.name) if out is not None else path
        replace_file(target, catalogue_bytes(catalogue))
        written.append(target)
    return written


class _Catalogue(NamedTuple):
    """A label set, its catalogue's path, and the catalogue as it is now (empty where the
    file is not there yet)."""

    labels: LoadedLabels
    path: Path
    catalogue: Catalog


def _catalogue_of(sources: Sources, name: str) -> _Catalogue:
    """The label set `name` and its catalogue."""
    labels = load_labels(name, sources.labels, new_catalogue=True)
    path = catalogue_path(labels)
    if path is None:
        raise UserError(
            labels.source.source(),
            f"label set {labels.name!r} names no catalogue",
            f"add `catalogue: {labels.name}.po` to {labels.path.name}",
        )
    catalogue = (
        read_po_file(path, labels.source.source(("catalogue",)), path.parent).catalogue
        if path.is_file()
        else Catalog(locale=labels.locale, project=PROJECT, fuzzy=False)
    )
    return _Catalogue(labels, path, catalogue)


def _with_games(
    extracted: Extracted, catalogue: Catalog, covers: Sequence[str] | None = None
) -> Catalog:
    """The template with, after each text, the catalogue's entries for it in one game
    alone (`msgctxt` naming the game) where that game still prints it, each at that game's
    references: the update keeps them, which a template without them would make obsolete.
    A set that `covers` some games only is given only the texts they print (or no game
    does): another game's would never be printed with it, and `check` refuses an entry
    nothing printed."""
    contexts: dict[str, list[str]] = {}
    for message in catalogue:
        if isinstance(message.id, str) and message.context is not None:
            contexts.setdefault(message.id, []).append(message.context)
    printed_by: dict[str, set[str]] = {}
    for english, game in extracted.in_games:
        printed_by.setdefault(english, set()).add(game)
    template = extracted.template
    merged = _template(template.creation_date)
    for message in template:
        english = str(message.id)
        games = printed_by.get(english, set())
        if not message.id or (covers is not None and games and not games & set(covers)):
            continue  # the header, which `_template` writes; a text of no game covered
        merged[message.id] = message
        for game in sorted(contexts.get(english, [])):
            locations = extracted.in_games.get((english, game))
            if locations is not None:
                notes = extracted.notes[english]
                merged.add(english, locations=locations, auto_comments=notes, context=game)
    return merged


class Coverage(Struct, frozen=True):
    """How many of the printed texts a label set has words for, has as fuzzy, and lacks."""

    name: str
    locale: str
    translated: int
    fuzzy: int
    missing: int


def coverage(sources: Sources, names: Sequence[str] = ()) -> list[Coverage]:
    """For each label set named (else each shipped one in a language other than English),
    its words against every text the kits print."""
    printed = [message.id for message in extract(sources, sources.labels) if message.id]
    sets = [load_labels(name, sources.labels) for name in names or shipped(sources.labels)]
    found = []
    for labels in sets:
        if not names and labels.locale == ENGLISH:
            continue
        fuzzy = _fuzzy(labels)
        texts = set(map(composed, labels.spec.text))
        have = sum(english in texts for english in printed)
        doubtful = sum(english in fuzzy and english not in texts for english in printed)
        missing = len(printed) - have - doubtful
        found.append(Coverage(labels.name, labels.locale, have, doubtful, missing))
    return found


def _fuzzy(labels: LoadedLabels) -> set[str]:
    """The English of the set's catalogue's fuzzy entries (none without a catalogue)."""
    path = catalogue_path(labels)
    if path is None:
        return set()
    where = labels.source.source(("catalogue",))
    catalogue = read_po_file(path, where, path.parent).catalogue
    return {
        composed(message.id)
        for message in catalogue
        if message.fuzzy and isinstance(message.id, str)
    }
