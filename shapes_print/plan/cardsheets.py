"""Card pages: sheets of cards for home printing, or one card per page for print shops.

Input: the deck's order of (face, back) symbol names and the card's geometry. Output:
pages of placed symbols. Home sheets come in pairs (faces, then backs where duplex puts
them); each face sheet also records one closed cut outline per card for cutting machines.
Print-shop pages hold one card with its bleed, TrimBox at the card edge and BleedBox at
the bleed edge, each face followed by its back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import overload

from shapes_print.errors import Source, UserError
from shapes_print.fonts import Font
from shapes_print.load.models import Furniture, TrimLine
from shapes_print.plan.furniture import margin_stretches, place_furniture
from shapes_print.plan.imposition import Flip, Grid, cut_marks, grid_candidates
from shapes_print.primitives import (
    Artifact,
    Box,
    Group,
    Item,
    Page,
    Paint,
    Path,
    PathOp,
    Rect,
    Use,
)
from shapes_print.units import POINTS_PER_UNIT

# Control-point distance of a cubic Bezier quarter circle, as a share of its radius.
KAPPA = 0.5522847498

CardOrder = Sequence[tuple[str, str]]


@dataclass(frozen=True, slots=True)
class CardGeometry:
    """A card's size, its hairline round faces, and the rounding and stroke of cut outlines."""

    width: float
    height: float
    corner_radius: float
    trim_line: TrimLine | None
    cut_paint: Paint


@dataclass(frozen=True, slots=True)
class Duplex:
    """How backs find their faces: the flip edge and the printer's measured back offset."""

    flip: Flip = "long"
    offset: tuple[float, float] = (0.0, 0.0)


def cut_path(x: float, y: float, card: CardGeometry) -> Path:
    """The cut outline of the card whose bottom-left corner is at (x, y)."""
    return Path(cut_outline(x, y, card.width, card.height, card.corner_radius), card.cut_paint)


def cut_outline(x: float, y: float, w: float, h: float, radius: float) -> tuple[PathOp, ...]:
    """One closed path round a card, corners rounded by `radius` (0 for square corners)."""
    r = min(radius, w / 2, h / 2)
    if r <= 0:
        return (("M", x, y), ("L", x + w, y), ("L", x + w, y + h), ("L", x, y + h), ("Z",))
    k = r * (1 - KAPPA)
    return (
        ("M", x + r, y),
        ("L", x + w - r, y),
        ("C", x + w - k, y, x + w, y + k, x + w, y + r),
        ("L", x + w, y + h - r),
        ("C", x + w, y + h - k, x + w - k, y + h, x + w - r, y + h),
        ("L", x + r, y + h),
        ("C", x + k, y + h, x, y + h - k, x, y + h - r),
        ("L", x, y + r),
        ("C", x, y + k, x + k, y, x + r, y),
        ("Z",),
    )


def sheet_pages(
    order: CardOrder,
    card: CardGeometry,
    paper: tuple[float, float],
    duplex: Duplex,
    furniture: Furniture,
    font: Font,
    print_line: str,
    where: Source | None = None,
) -> SheetPages:
    """Face sheets, each followed by its back sheet with every back behind its face.

    `where` is the card size's place in the YAML (or its option), for layout errors.
    """
    grid, placed = sheet_grid(card, paper, furniture, font, print_line, where)
    marks = Artifact((Group(tuple(cut_marks(grid, furniture))),), "Layout")
    return SheetPages(order, card, grid, duplex, (marks, *placed))


class SheetPages(Sequence[Page]):
    """The pages of `sheet_pages`, each made when it is asked for and then forgotten.

    A deck of 10,000 cards is 2,224 pages: made on demand, a renderer holds one at a time.
    Every face sheet shares the same items for its cut marks (one group) and furniture
    (`shared`), so a renderer can recognise them and draw them once. Marks, trim lines and
    furniture are artifacts: a reader's software skips them.
    """

    def __init__(
        self,
        order: CardOrder,
        card: CardGeometry,
        grid: Grid,
        duplex: Duplex,
        shared: tuple[Item, ...],
    ) -> None:
        self.order, self.grid, self.shared = order, grid, shared
        self.faces = [grid.face_origin(slot) for slot in range(grid.slots)]
        self.backs = [
            grid.back_origin(slot, duplex.flip, duplex.offset) for slot in range(grid.slots)
        ]
        # A slot's trim outline and cut path are the same on every sheet: made once here.
        # The outlines of a sheet of n cards are one group (`trims[n]`), which a renderer
        # draws once per file and copies; drawn over all faces, no neighbour's face covers
        # half of a shared edge's line.
        trim = card.trim_line
        paint = Paint(stroke=trim.colour, stroke_width=trim.width) if trim else None
        outlines = (
            [Rect(x, y, card.width, card.height, paint) for x, y in self.faces] if paint else []
        )
        self.trims = [
            (Artifact((Group(tuple(outlines[:n])),), "Layout"),) if outlines else ()
            for n in range(grid.slots + 1)
        ]
        self.cuts = [cut_path(x, y, card) for x, y in self.faces]

    def __len__(self) -> int:
        return 2 * -(-len(self.order) // self.grid.slots)

    @overload
    def __getitem__(self, index: int) -> Page: ...

    @overload
    def __getitem__(self, index: slice) -> list[Page]: ...

    def __getitem__(self, index: int | slice) -> Page | list[Page]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if not -len(self) <= index < len(self):
            raise IndexError(f"page {index} of {len(self)}")
        sheet, is_back = divmod(index % len(self), 2)
        start = sheet * self.grid.slots
        cards = self.order[start : start + self.grid.slots]
        size = (self.grid.page_w, self.grid.page_h)
        if is_back:
            return Page(
                *size,
                tuple(Use(b, x, y) for (_, b), (x, y) in zip(cards, self.backs, strict=False)),
            )
        faces = (Use(face, x, y) for (face, _), (x, y) in zip(cards, self.faces, strict=False))
        return Page(
            *size,
            (*faces, *self.trims[len(cards)], *self.shared),
            cuts=tuple(self.cuts[: len(cards)]),
        )


def sheet_grid(
    card: CardGeometry,
    paper: tuple[float, float],
    furniture: Furniture,
    font: Font,
    print_line: str,
    where: Source | None = None,
) -> tuple[Grid, list[Item]]:
    """The largest grid whose margins also hold the ruler, inch check and print line."""
    trimmed = card.trim_line is not None
    grids = grid_candidates(*paper, card.width, card.height, furniture, trimmed, where)
    for grid in grids:
        xs = [grid.left + i * card.width for i in range(grid.columns + 1)]
        ys = [grid.bottom + j * card.height for j in range(grid.rows + 1)]
        content = (grid.left, grid.bottom, grid.right, grid.top)
        stretches = margin_stretches(content, (grid.page_w, grid.page_h), xs, ys, furniture)
        try:
            return grid, place_furniture(stretches, font, furniture, print_line)
        except UserError:
            continue
    mm = POINTS_PER_UNIT["mm"]
    raise UserError(
        where,
        f"no grid of {card.width / mm:.1f} x {card.height / mm:.1f} mm cards on "
        f"{paper[0] / mm:.1f} x {paper[1] / mm:.1f} mm paper leaves margin room for the "
        f"{furniture.ruler_length / mm:g} mm ruler and print line; even one card "
        f"({grids[-1].columns} x {grids[-1].rows}) does not",
    )


def print_shop_pages(order: CardOrder, card: CardGeometry, bleed: float) -> list[Page]:
    """One card per page, symbols drawn with their bleed; each face followed by its back."""
    width, height = card.width + 2 * bleed, card.height + 2 * bleed
    trim = Box(bleed, bleed, bleed + card.width, bleed + card.height)
    media = Box(0.0, 0.0, width, height)
    cut = (cut_path(bleed, bleed, card),)
    pages: list[Page] = []
    for face, back in order:
        pages.append(Page(width, height, (Use(face, 0.0, 0.0),), trim=trim, bleed=media, cuts=cut))
        pages.append(Page(width, height, (Use(back, 0.0, 0.0),), trim=trim, bleed=media))
    return pages
