"""Cards on sheets: the grid for a paper, mirrored back slots, and cut marks.

The grid is the largest that keeps every card inside the printer-safe margin with every
cut line marked, centred on the page, portrait or landscape, whichever holds more. A cut
line is marked by cut marks in the margin or, where the margin has no room for them, by
the card's own trim line. A back is placed where its face's slot lands after the sheet is
turned over: turning about the page's vertical edges mirrors x, about its horizontal
edges mirrors y (so on a landscape page a long-edge flip mirrors y).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from msgspec import Struct

from shapes_print.errors import Source, UserError
from shapes_print.geometry.primitives import Artifact, Group, Line
from shapes_print.load.options import Flip
from shapes_print.plan.furniture import Reach

if TYPE_CHECKING:  # Furniture only as a type: the models (pydantic) load with the content
    from shapes_print.load.printmodels import Furniture

EPSILON = 1e-6


class Slots(Struct, frozen=True):
    """Cards in `columns` x `rows` slots, butted together, on a page: a duplex sheet's grid
    or one side of a fold sheet (plan/foldsheets.py)."""

    page_w: float
    page_h: float
    card_w: float
    card_h: float
    columns: int
    rows: int

    @property
    def slots(self) -> int:
        return self.columns * self.rows

    def filled(self, cards: int) -> int:
        """How many rows `cards` cards fill, from the top."""
        return -(-cards // self.columns)


class Grid(Slots, frozen=True):
    """Slots centred on the page."""

    @property
    def left(self) -> float:
        return (self.page_w - self.columns * self.card_w) / 2

    @property
    def bottom(self) -> float:
        return (self.page_h - self.rows * self.card_h) / 2

    @property
    def right(self) -> float:
        return self.left + self.columns * self.card_w

    @property
    def top(self) -> float:
        return self.bottom + self.rows * self.card_h

    def face_origin(self, slot: int) -> tuple[float, float]:
        """Bottom-left corner of a slot, counted row by row from the top-left."""
        row, column = divmod(slot, self.columns)
        return self.left + column * self.card_w, self.top - (row + 1) * self.card_h

    def back_origin(
        self, slot: int, flip: Flip, offset: tuple[float, float] = (0.0, 0.0)
    ) -> tuple[float, float]:
        """Where the back of a slot goes, shifted by the printer's measured back offset."""
        x, y = self.face_origin(slot)
        if mirrors_x(self.page_w, self.page_h, flip):
            x = self.page_w - x - self.card_w
        else:
            y = self.page_h - y - self.card_h
        return x + offset[0], y + offset[1]


def mirrors_x(page_w: float, page_h: float, flip: Flip) -> bool:
    """True when turning the sheet over its `flip` edge mirrors left and right."""
    return (flip == "long") == (page_h >= page_w)


def _mm(points: float) -> str:
    return f"{points / 72 * 25.4:.1f}"


def clearance(f: Furniture, trimmed: bool) -> float:
    """How far cards stay from the paper edge: the safe margin, plus room for marks unless
    the cards carry their own trim line."""
    return f.safe_margin if trimmed else f.safe_margin + f.mark_min_offset + f.mark_min_length


def grid_candidates(
    paper: tuple[float, float],
    card: tuple[float, float],
    f: Furniture,
    trimmed: bool,
    where: Source | None = None,
) -> list[Grid]:
    """Every grid of cards (width, height) that keeps cards and marks inside the margin of
    the paper (width, height), most cards first.

    Portrait comes before landscape when both hold as many; a caller takes the first one
    that also has room for its print furniture.
    """
    (page_w, page_h), (card_w, card_h) = paper, card
    room = clearance(f, trimmed)
    grids: list[Grid] = []
    for width, height in ((page_w, page_h), (page_h, page_w)):
        columns = int((width - 2 * room + EPSILON) // card_w)
        rows = int((height - 2 * room + EPSILON) // card_h)
        grids += [
            Grid(width, height, card_w, card_h, c, r)
            for c in range(columns, 0, -1)
            for r in range(rows, 0, -1)
        ]
    if not grids:
        short, long = sorted((page_w, page_h))
        raise UserError(
            where,
            f"a {_mm(card_w)} x {_mm(card_h)} mm card does not fit on {_mm(page_w)} x "
            f"{_mm(page_h)} mm paper with its cut marks inside the {_mm(f.safe_margin)} mm "
            f"printer-safe margin; this paper fits cards up to {_mm(max(short - 2 * room, 0))} x "
            f"{_mm(max(long - 2 * room, 0))} mm, and this card needs paper of at least "
            f"{_mm(card_w + 2 * room)} x {_mm(card_h + 2 * room)} mm",
        )
    return sorted(grids, key=lambda grid: -grid.slots)


def unturned(grids: list[Grid], paper: tuple[float, float]) -> list[Grid]:
    """The grids on the page as the paper is given, for a printer's back offset: it is read
    on the calibration sheet, upright on the paper, and a page turned to fit the paper is
    turned one way or the other as the printer's driver chooses (docs/printing.md), so no
    offset read upright is known to fall on it."""
    kept = [grid for grid in grids if (grid.page_w, grid.page_h) == paper]
    if not kept:
        card_w, card_h = grids[0].card_w, grids[0].card_h
        raise UserError(
            Source(Path("--back-offset")),
            f"a {_mm(card_w)} x {_mm(card_h)} mm card fits {_mm(paper[0])} x {_mm(paper[1])} "
            "mm paper only on a page turned to fit it, which a printer turns one way or the "
            "other, so an offset read on the calibration sheet cannot be placed on it: build "
            "without --back-offset or on larger paper",
        )
    return kept


def fit_grid(
    page_w: float, page_h: float, card_w: float, card_h: float, f: Furniture, trimmed: bool
) -> Grid:
    """The grid holding the most cards, on the page as given or turned landscape."""
    return grid_candidates((page_w, page_h), (card_w, card_h), f, trimmed)[0]


class MarkSpan(Struct, frozen=True):
    """Where a side's cut marks run: from `start` to `end` points out from the trim."""

    start: float
    end: float


def mark_span(margin: float, f: Furniture) -> MarkSpan | None:
    """A side's marks in a margin `margin` wide, or None where no mark of `mark_min_length`
    fits between the trim and the safe band.

    Marks start `mark_offset` out where that leaves room; a narrow margin brings them in,
    never closer than `mark_min_offset`, just far enough for a mark of `mark_min_length`
    (A4's 9.75 mm sides: 1.4 to 3.4 mm out).
    """
    room = margin - f.safe_margin
    start = min(f.mark_offset, room - f.mark_min_length)
    if start < f.mark_min_offset - EPSILON:
        return None
    return MarkSpan(start, min(start + f.mark_length, room))


def marks_reach(grid: Grid, f: Furniture) -> Reach:
    """How far the grid's cut marks run out from each of its sides."""
    spans = (
        mark_span(grid.page_h - grid.top, f),
        mark_span(grid.bottom, f),
        mark_span(grid.left, f),
        mark_span(grid.page_w - grid.right, f),
    )
    return Reach(*(span.end if span else 0.0 for span in spans))


class CutGuides(Struct, frozen=True):
    """A grid's cut marks, and whether each direction of cut has any: the lines between
    columns (vertical, marked at the top and bottom) and between rows (marked at the sides).
    """

    marks: tuple[Line, ...]
    columns_marked: bool
    rows_marked: bool


def cut_guides(grid: Grid, furniture: Furniture, rows: int | None = None) -> CutGuides:
    """Marks continuing every cut line into the margin, kept inside the safe margin; with
    `rows`, those of the grid's top rows alone (a last sheet's cards fill no more), their
    lowest edge marked below it as the grid's is.

    A side whose margin has no room for a mark of at least `mark_min_length` gets none.
    """
    f = furniture
    used = grid.rows if rows is None else rows
    low = grid.top - used * grid.card_h
    xs = [grid.left + i * grid.card_w for i in range(grid.columns + 1)]
    ys = [low + j * grid.card_h for j in range(used + 1)]
    top = mark_span(grid.page_h - grid.top, f)
    bottom = mark_span(low, f)
    left = mark_span(grid.left, f)
    right = mark_span(grid.page_w - grid.right, f)
    marks: list[Line] = []

    def line(x1: float, y1: float, x2: float, y2: float) -> Line:
        return Line(x1, y1, x2, y2, f.mark_colour, f.mark_width)

    if top:
        marks += [line(x, grid.top + top.start, x, grid.top + top.end) for x in xs]
    if bottom:
        marks += [line(x, low - bottom.end, x, low - bottom.start) for x in xs]
    if left:
        marks += [line(grid.left - left.end, y, grid.left - left.start, y) for y in ys]
    if right:
        marks += [line(grid.right + right.start, y, grid.right + right.end, y) for y in ys]
    return CutGuides(tuple(marks), bool(top or bottom), bool(left or right))


def row_marks(slots: Slots, marks: Callable[[int], Sequence[Line]]) -> tuple[Artifact, ...]:
    """A sheet's cut marks (one layout artifact, `marks` of the rows filled) by the rows its
    cards fill, from one row to all (`[filled - 1]`): a last sheet's marks stop at its last
    card's row, not at the empty ones."""
    return tuple(
        Artifact((Group(tuple(marks(rows))),), "Layout") for rows in range(1, slots.rows + 1)
    )
