"""Cards on sheets: the grid for a paper, mirrored back slots, and cut marks.

The grid is the largest that keeps every card inside the printer-safe margin, centred on
the page. A back is placed where its face's slot lands after the sheet is turned over:
long-edge flip mirrors x, short-edge flip mirrors y.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from shapes_print.errors import Source, UserError
from shapes_print.load.models import Furniture
from shapes_print.primitives import Line

Flip = Literal["long", "short"]
EPSILON = 1e-6


@dataclass(frozen=True, slots=True)
class Grid:
    page_w: float
    page_h: float
    card_w: float
    card_h: float
    columns: int
    rows: int

    @property
    def slots(self) -> int:
        return self.columns * self.rows

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

    def back_origin(self, slot: int, flip: Flip) -> tuple[float, float]:
        x, y = self.face_origin(slot)
        if flip == "long":
            return self.page_w - x - self.card_w, y
        return x, self.page_h - y - self.card_h


def fit_grid(
    page_w: float, page_h: float, card_w: float, card_h: float, safe: float, where: Source | None = None
) -> Grid:
    columns = int((page_w - 2 * safe + EPSILON) // card_w)
    rows = int((page_h - 2 * safe + EPSILON) // card_h)
    if columns < 1 or rows < 1:
        raise UserError(
            where,
            f"a {card_w / 72 * 25.4:.1f} x {card_h / 72 * 25.4:.1f} mm card does not fit inside "
            f"the {safe / 72 * 25.4:.2f} mm printer-safe margin of a "
            f"{page_w / 72 * 25.4:.0f} x {page_h / 72 * 25.4:.0f} mm page",
        )
    return Grid(page_w, page_h, card_w, card_h, columns, rows)


def cut_marks(grid: Grid, furniture: Furniture) -> list[Line]:
    """Marks continuing every cut line into the margin, kept inside the safe margin.

    A side whose margin has no room for a mark of at least `mark_min_length` gets none.
    """
    f = furniture
    marks: list[Line] = []
    xs = [grid.left + i * grid.card_w for i in range(grid.columns + 1)]
    ys = [grid.bottom + j * grid.card_h for j in range(grid.rows + 1)]
    start_top, end_top = grid.top + f.mark_offset, min(grid.top + f.mark_offset + f.mark_length, grid.page_h - f.safe_margin)
    start_bottom, end_bottom = grid.bottom - f.mark_offset, max(grid.bottom - f.mark_offset - f.mark_length, f.safe_margin)
    start_left, end_left = grid.left - f.mark_offset, max(grid.left - f.mark_offset - f.mark_length, f.safe_margin)
    start_right, end_right = grid.right + f.mark_offset, min(grid.right + f.mark_offset + f.mark_length, grid.page_w - f.safe_margin)
    if end_top - start_top >= f.mark_min_length - EPSILON:
        marks += [Line(x, start_top, x, end_top, f.mark_colour, f.mark_width) for x in xs]
    if start_bottom - end_bottom >= f.mark_min_length - EPSILON:
        marks += [Line(x, end_bottom, x, start_bottom, f.mark_colour, f.mark_width) for x in xs]
    if start_left - end_left >= f.mark_min_length - EPSILON:
        marks += [Line(end_left, y, start_left, y, f.mark_colour, f.mark_width) for y in ys]
    if end_right - start_right >= f.mark_min_length - EPSILON:
        marks += [Line(start_right, y, end_right, y, f.mark_colour, f.mark_width) for y in ys]
    return marks
