"""The translator's catalogues: every text the kits print, as gettext catalogues.

Input: the project's sources. Output: a `.pot` template of every text the content and
templates print (`extract`), a label set's `.po` catalogue merged with it (`update`), and
how many texts each language has (`coverage`). What is printed is found the way `check`
finds it, by planning every kit of every game under the standard set (and the calibration
sheet), so a text only some settings print is there too; each entry names the file and
line that writes it, and gives a translator an example of each of its placeholders.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po
from msgspec import Struct

from shapes_print.errors import Source, UserError
from shapes_print.inputs import recording
from shapes_print.load.labels import STANDARD, LoadedLabels, load_labels, shipped
from shapes_print.load.pofile import read_po_file
from shapes_print.pipeline.pipeline import plan_every_setting
from shapes_print.pipeline.project import Sources, load_project
from shapes_print.text.grammar import MessageError, parse
from shapes_print.text.message import ENGLISH
from shapes_print.text.words import pinpoint
from shapes_print.write.create import replace_file

PROJECT = "shapes-print"
HEADER = """\
# Every text shapes-print's kits print: `shapes-print labels extract` writes this template,
# `shapes-print labels update LANG` merges it into a label set's catalogue.
# docs/translating.md says how a translator works with it.
#"""
# Characters of a placeholder's example in a comment: a paragraph fills none.
EXAMPLE_CHARACTERS = 40


def extract(sources: Sources) -> Catalog:
    """The template catalogue of every text the kits print, in the order first printed."""
    with recording() as read:
        project = load_project(sources, (), [STANDARD])
        plan_every_setting(project, kept=False)
    words = project.variants[0].ctx.words
    newest = read.newest() or 0
    template = Catalog(
        project=PROJECT,
        header_comment=HEADER,
        creation_date=datetime.fromtimestamp(newest, UTC),
        fuzzy=False,
    )
    roots = sources.roots()
    for english, where in words.seen.items():
        at = pinpoint(where, english)
        template.add(
            english,
            locations=[_location(at, roots)] if at is not None else [],
            auto_comments=_examples(english, words.examples.get(english, {})),
        )
    return template


def _location(at: Source, roots: Mapping[str, Path]) -> tuple[str, int]:
    """A `#:` reference: the file by its root folder's name (content/game/deck.yaml), and
    its line."""
    full = at.path.absolute()
    for name, root in roots.items():
        if full.is_relative_to(root.absolute()):
            return f"{name}/{full.relative_to(root.absolute()).as_posix()}", at.line
    return full.as_posix(), at.line


def _examples(english: str, values: Mapping[str, object]) -> list[str]:
    """A comment for each of the text's placeholders: what filled it when it was printed."""
    try:
        names = sorted(parse(english).names())
    except MessageError:
        return []
    comments = []
    for name in names:
        value = " ".join(str(values[name]).split()) if name in values else ""
        if len(value) > EXAMPLE_CHARACTERS:
            value = value[: EXAMPLE_CHARACTERS - 1] + "…"
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
    replace_file(out, catalogue_bytes(extract(sources)))
    return out


def update(sources: Sources, name: str, out: Path | None = None) -> Path:
    """Merge the template into the label set `name`'s catalogue (a new one if the file is
    not there yet): a text whose English changed becomes fuzzy, one no longer printed
    obsolete. Written in place, or into the folder `out`."""
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
    template = extract(sources)
    catalogue.update(template, update_creation_date=False)
    target = (out / path.name) if out is not None else path
    replace_file(target, catalogue_bytes(catalogue))
    return target


def catalogue_path(labels: LoadedLabels) -> Path | None:
    """The catalogue the set (or a set it extends) names, beside the file naming it."""
    if labels.spec.catalogue is None:
        return None
    return labels.source.source(("catalogue",)).path.parent / labels.spec.catalogue


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
    printed = [message.id for message in extract(sources) if message.id]
    sets = [load_labels(name, sources.labels) for name in names or shipped(sources.labels)]
    found = []
    for labels in sets:
        if not names and labels.locale == ENGLISH:
            continue
        fuzzy = _fuzzy(labels)
        have = sum(english in labels.spec.text for english in printed)
        doubtful = sum(english in fuzzy and english not in labels.spec.text for english in printed)
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
    return {message.id for message in catalogue if message.fuzzy and isinstance(message.id, str)}
