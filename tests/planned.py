"""Every shipped game in every shipped label set, A4 and Letter, every player count, planned
(not rendered) once per test run: the documents that are not cards, the print-and-play files
as their scale check sees them, and each print-shop kit's printing guide's page count.

Planning them takes seconds; the plan is kept in one file that every xdist worker reads
(tests/conftest.py, `planned_every_set`), so no worker plans it again."""

from __future__ import annotations

from dataclasses import dataclass, field

from shapes_print.geometry.primitives import Document
from shapes_print.load.defaults import DEFAULT_LABELS
from shapes_print.load.labels import shipped
from shapes_print.load.options import PrintOptions
from shapes_print.load.printmodels import SheetStyle
from shapes_print.pipeline import pipeline
from shapes_print.plan.cardsheets import is_cards_file
from tests.planfill import has_square

# Every shipped label set: standard type, Spanish words (longer), large print (18 pt, two
# faces), high contrast, colour-blind and braille (their print pages): each page of each is
# measured (tests/plan/test_page_keeps.py).
PAGE_SETS = tuple(shipped(DEFAULT_LABELS))
GUIDE = "printing-guide"


@dataclass(frozen=True, slots=True)
class PlannedSheets:
    """One planned document that is not cards (sheets, host key, printing guide), with the
    style of its label set: `name` is its file's."""

    labels: str
    name: str
    style: SheetStyle
    document: Document


@dataclass(frozen=True, slots=True)
class Compiled:
    """A print-and-play file's pages as the scale check sees them: for each page, whether
    it holds the inch square and whether it is a card sheet's (the cards parts' pages)."""

    labels: str
    name: str
    squared: tuple[bool, ...]
    cards: frozenset[int]


@dataclass
class PlannedSets:
    """What `plan_every_set` planned: `shop_guides` is each print-shop kit's guide's page
    count, by label set and kit folder."""

    sheets: list[PlannedSheets] = field(default_factory=list)
    compilations: list[Compiled] = field(default_factory=list)
    shop_guides: dict[str, dict[str, int]] = field(default_factory=dict)


def plan_every_set() -> PlannedSets:
    """Every shipped game in PAGE_SETS, A4 and Letter, every player count, planned: its
    sheet documents and print-and-play files at home, its guide for a print shop."""
    planned = PlannedSets()
    for labels in PAGE_SETS:
        project = pipeline.load_project(pipeline.Sources(), [], [labels])
        style = project.variants[0].ctx.style
        compiled = project.variants[0].library.print_and_play
        compilation = f"_{compiled.spec.name}" if compiled is not None else None
        for _, _, files in pipeline.plan_all(project, "all", "a4,letter"):
            cards_titles = {
                f.document.title
                for f in files
                if isinstance(f.document, Document) and is_cards_file(f.document)
            }
            for file in files:
                document = file.document
                if compilation is not None and file.name.endswith(compilation):
                    side = style.furniture.inch_square
                    planned.compilations.append(
                        _compiled(labels, file.name, document, cards_titles, side)
                    )
                elif isinstance(document, Document) and not is_cards_file(document):
                    planned.sheets.append(PlannedSheets(labels, file.name, style, document))
        shop = PrintOptions(print_shop=True)
        planned.shop_guides[labels] = {
            folder: len(file.document.pages)
            for folder, _, files in pipeline.plan_all(project, "all", "a4,letter", "long", shop)
            for file in files
            if file.name.endswith(GUIDE) and isinstance(file.document, Document)
        }
    return planned


def _compiled(
    labels: str, name: str, document: Document, cards_titles: set[str], side: float
) -> Compiled:
    """A print-and-play file's pages, which hold the inch square, which are card sheets."""
    marks = document.bookmarks
    cards: set[int] = set()
    for mark, after in zip(marks, [*marks[1:], None], strict=True):
        if mark.title in cards_titles:
            stop = after.page if after is not None else len(document.pages)
            cards |= set(range(mark.page, stop))
    squared = tuple(has_square(page.items, side) for page in document.pages)
    return Compiled(labels, name, squared, frozenset(cards))
