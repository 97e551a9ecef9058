"""The running foot of a print-and-play file's card sheets ("game · print and play · page 7
of 38"), in the margin the sheet's furniture leaves free: clear of every card's drawing,
its overrun past the grid included (a back's navy runs 2 mm past the cut, so a duplex slip
shows no paper), on a front and on a back; clear of the cut marks, ruler, inch check and
print line; and on one line, as its template is, not wrapped against the ruler's end.
Asked of the plan in memory: every shipped game's file, standard and large print (its
template's two lines), A4 and Letter (whose margins are the grid's sides)."""

from __future__ import annotations

import re

import pytest

from shapes_print.geometry.primitives import Artifact, Document, Group, Item, Page, Text, Use
from shapes_print.pipeline import pipeline
from shapes_print.plan.cardsheets import is_cards_file
from tests.planboxes import Box, leaf_boxes, overlap

LABELS = ("standard", "large-print")
PLAYERS = "3"  # a count every shipped game is played at; the sheets' grid is the same at all
CLEAR = 0.5  # points: the foot keeps at least this far from what it must not touch
NUMBERED = re.compile(r"\d+\D+\d+$")


class Sheets:
    """One print-and-play file's card-sheet pages, and the lines its foot's template has."""

    def __init__(self, name: str, document: Document, cards: set[str], lines: int) -> None:
        self.name, self.document, self.lines = name, document, lines
        marks = document.bookmarks
        self.pages: list[int] = []
        for mark, after in zip(marks, [*marks[1:], None], strict=True):
            if mark.title in cards:
                stop = after.page if after is not None else len(document.pages)
                self.pages.extend(range(mark.page, stop))


@pytest.fixture(scope="module")
def files() -> list[Sheets]:
    found = []
    for labels in LABELS:
        project = pipeline.load_project(pipeline.Sources(), [], [labels])
        lines = project.variants[0].ctx.style.furniture.running_foot.count("\n") + 1
        for _, _, kit in pipeline.plan_all(project, PLAYERS, "a4,letter"):
            cards = {f.printed.title for f in kit if is_cards_file(f.printed)}
            for file in kit:
                if file.name.endswith("_print-and-play"):
                    found.append(Sheets(file.name, file.printed, cards, lines))
    return found


def _is_foot(item: Item) -> bool:
    words = " ".join(t.text for t in _texts(item))
    return isinstance(item, Artifact) and item.kind == "Pagination" and bool(NUMBERED.search(words))


def _texts(item: Item) -> list[Text]:
    if isinstance(item, Text):
        return [item]
    if isinstance(item, Group | Artifact):
        return [t for inner in item.items for t in _texts(inner)]
    return []


def _parts(page: Page, document: Document) -> tuple[list[Box], list[Box], list[Box], int]:
    """A card sheet's foot (its lines' boxes), its cards' drawing (each card and each
    overrun), its other furniture (marks, trim lines, ruler, inch check, print line), and
    how many lines its foot takes."""
    symbols = document.symbols
    (foot,) = [item for item in page.items if _is_foot(item)]
    drawn: list[Box] = []
    furniture: list[Box] = []
    for item in page.items:
        if item is foot:
            continue
        boxes = [box for _, box in leaf_boxes(item, symbols)]
        if isinstance(item, Use) or (isinstance(item, Artifact) and item.kind == "Background"):
            drawn.extend(boxes)
        elif isinstance(item, Artifact):
            furniture.extend(boxes)
    lines = [box for _, box in leaf_boxes(foot, symbols)]
    return lines, drawn, furniture, len(lines)


def test_a_card_sheets_foot_stands_clear_of_the_cards_and_the_furniture_on_one_line(
    files: list[Sheets],
) -> None:
    wrong: list[str] = []
    for sheets in files:
        assert sheets.pages, sheets.name
        for index in sheets.pages:
            where = f"{sheets.name} page {index + 1}"
            foot, drawn, furniture, lines = _parts(sheets.document.pages[index], sheets.document)
            if any(overlap(line, box, CLEAR) for line in foot for box in drawn):
                wrong.append(f"{where}: the foot is on a card's drawing")
            if any(overlap(line, box, CLEAR) for line in foot for box in furniture):
                wrong.append(f"{where}: the foot touches other furniture")
            if lines > sheets.lines:
                wrong.append(f"{where}: the foot takes {lines} lines, its template {sheets.lines}")
    assert not wrong, "\n".join(wrong[:20]) + f"\n({len(wrong)} in all)"
