"""Card pages: sheets of cards for home printing, or one card per page for print shops.

Input: the deck's order of (face, back) symbol names and the card's geometry. Output:
pages of placed symbols. Home sheets come in pairs (faces, then backs where duplex puts
them); each face sheet also records one closed cut outline per card for cutting machines.
On home sheets a card's drawing runs on `overrun` past every edge that no neighbour
shares (the grid's outer edges, as far as the printer-safe margin allows, and edges
beside an empty slot), drawn from its overrun symbol and clipped to its own side of the
cut line: a duplex slip of up to `overrun` shows the card's own colour there, not paper.
Print-shop pages hold one card with its bleed, TrimBox at the card edge and BleedBox at
the bleed edge, each face followed by its back.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence

from msgspec import Struct

from shapes_print.errors import Source, UserError
from shapes_print.geometry.outlines import rounded_rect_ops
from shapes_print.geometry.primitives import (
    Artifact,
    Document,
    Group,
    Item,
    Page,
    Paint,
    Path,
    Rect,
    Use,
)
from shapes_print.load.cardmodels import TrimLine
from shapes_print.load.options import Flip
from shapes_print.load.printmodels import Furniture
from shapes_print.plan.furniture import Stretch, keep_out, margin_stretches, place_furniture
from shapes_print.plan.imposition import (
    CutGuides,
    Grid,
    cut_guides,
    grid_candidates,
    marks_reach,
    mirrors_x,
    row_marks,
    unturned,
)
from shapes_print.plan.inksaver import swell_page
from shapes_print.plan.madepages import Imposed, unfooted
from shapes_print.text.fonts import Font
from shapes_print.units import POINTS_PER_UNIT

CardOrder = Sequence[tuple[str, str]]
# How far a slot's drawing runs past its (left, bottom, right, top) edges.
Reach = tuple[float, float, float, float]
# Distinct sheets (by their cards) SheetPages keeps made: a sorted deck repeats one sheet
# for pages on end, and a renderer then meets the same items again.
SHEETS_KEPT = 64
OVERRUN_PREFIX = "overrun-"


def overrun_name(name: str) -> str:
    """The name of a card drawing's overrun symbol (drawn with an `overrun` bleed)."""
    return OVERRUN_PREFIX + name


class CardGeometry(Struct, frozen=True):
    """A card's size, its trim line round faces, the rounding and stroke of cut outlines,
    and how far its drawing runs past the grid on home sheets (`overrun`). A `round` card
    (a round token) is cut along a circle, so its trim line is that circle; a card's trim
    line is square, where scissors cut the butted grid's straight lines."""

    width: float
    height: float
    corner_radius: float
    trim_line: TrimLine | None
    cut_paint: Paint
    overrun: float = 0.0
    round: bool = False


class Duplex(Struct, frozen=True):
    """How backs find their faces: the flip edge and the printer's measured back offset."""

    flip: Flip = "long"
    offset: tuple[float, float] = (0.0, 0.0)


def cut_path(x: float, y: float, card: CardGeometry) -> Path:
    """The cut outline of the card whose bottom-left corner is at (x, y)."""
    return Path(rounded_rect_ops(x, y, card.width, card.height, card.corner_radius), card.cut_paint)


class SheetStock(Struct, frozen=True):
    """What any sheet of cards is laid out for: the card, the paper, the furniture and the
    font of the print line (all that one-sided fold sheets need, plan/foldsheets.py)."""

    card: CardGeometry
    paper: tuple[float, float]
    furniture: Furniture
    font: Font


class CardSheets(SheetStock, frozen=True):
    """What home card sheets are laid out for: a sheet's stock, and the duplex flip and
    offset that find each back its face."""

    duplex: Duplex


def sheet_pages(
    order: CardOrder,
    sheets: CardSheets,
    print_line: str,
    where: Source | None = None,
    overruns: Mapping[str, str] | None = None,
) -> SheetPages:
    """Face sheets, each followed by its back sheet with every back behind its face.

    `where` is the card size's place in the YAML (or its option), for layout errors;
    `overruns` names each drawing's overrun symbol (a drawing without one stops at its card).
    """
    card, furniture, duplex = sheets.card, sheets.furniture, sheets.duplex
    placed = sheet_grid(sheets, print_line, where)
    grid = placed.grid
    guides = cut_guides(grid, furniture)
    reach = Overrun(grid, card.overrun, furniture.safe_margin, duplex)
    free = Margin(placed.free, furniture.furniture_gap)
    marks = row_marks(grid, lambda rows: cut_guides(grid, furniture, rows).marks)
    laid = SheetGrid(grid, guides, marks, tuple(placed.furniture), reach, free)
    return SheetPages(order, card, duplex, laid, overruns or {})


class Overrun:
    """How far each slot's face and back run past their edges on a sheet of `filled` cards:
    `overrun` past an edge no neighbour shares, cut short by the printer-safe margin at the
    grid's outer edges (no overrun on Letter's top and bottom, whose margin is the safe band).

    Butted cards share their inner edges, so there a slip shows the neighbour's back: one
    cut serves both cards, and a gutter wide enough to hide it would cost A4 a column.
    """

    def __init__(self, grid: Grid, overrun: float, safe: float, duplex: Duplex) -> None:
        self.grid, self.overrun, self.safe = grid, overrun, safe
        self.mirror_x = mirrors_x(grid.page_w, grid.page_h, duplex.flip)
        dx, dy = duplex.offset
        left, bottom = grid.left, grid.bottom
        right, top = grid.page_w - grid.right, grid.page_h - grid.top
        self.face_margins = (left, bottom, right, top)
        self.back_margins = (left + dx, bottom + dy, right - dx, top - dy)
        self.known: dict[tuple[bool, int], list[Reach]] = {}

    def reaches(self, back: bool, filled: int) -> list[Reach]:
        """Each slot's reach on a face (or back) sheet holding `filled` cards."""
        key = (back, filled)
        if key not in self.known:
            self.known[key] = [self._reach(slot, back, filled) for slot in range(filled)]
        return self.known[key]

    def _reach(self, slot: int, back: bool, filled: int) -> Reach:
        grid = self.grid
        row, column = divmod(slot, grid.columns)
        last_row, last_column = row == grid.rows - 1, column == grid.columns - 1
        # Each side as the face sees it: shared with a card, the grid's edge, or open.
        sides = [
            "shared" if column else "edge",
            "edge" if last_row else ("shared" if slot + grid.columns < filled else "open"),
            "edge" if last_column else ("shared" if slot + 1 < filled else "open"),
            "shared" if row else "edge",
        ]
        if back:  # turning the sheet over swaps left and right (or bottom and top)
            left, bottom, right, top = sides
            sides = [right, bottom, left, top] if self.mirror_x else [left, top, right, bottom]
        margins = self.back_margins if back else self.face_margins
        reach = [
            0.0 if side == "shared" else self.overrun if side == "open" else margin - self.safe
            for side, margin in zip(sides, margins, strict=True)
        ]
        return tuple(max(0.0, min(self.overrun, value)) for value in reach)  # type: ignore[return-value]


def overrun_item(name: str, x: float, y: float, card: CardGeometry, reach: Reach) -> Group:
    """A card's overrun: its overrun symbol clipped to the ring between the card and its
    reach (even-odd: the outer rectangle minus the card)."""
    left, bottom, right, top = reach
    w, h, o = card.width, card.height, card.overrun
    outer = rounded_rect_ops(x - left, y - bottom, w + left + right, h + bottom + top, 0.0)
    ring = (*outer, *rounded_rect_ops(x, y, w, h, 0.0))
    return Group((Use(name, x - o, y - o),), clip=ring)


class Margin(Struct, frozen=True):
    """The margin stretches a sheet's furniture leaves free, and a foot's gap from the cards."""

    free: tuple[Stretch, ...]
    gap: float


class SheetGrid(Struct, frozen=True):
    """A sheet's grid, its cut guides, a face sheet's marks by the rows it fills, the
    furniture face sheets share, each slot's reach past its edges, and the margin left free."""

    grid: Grid
    guides: CutGuides
    marks: tuple[Artifact, ...]
    shared: tuple[Item, ...]
    reach: Overrun
    margin: Margin


class SheetPages(Imposed):
    """The pages of `sheet_pages`, each made when it is asked for and then forgotten.

    A deck of 10,000 cards is 2,224 pages: made on demand, a renderer holds one at a time.
    Face sheets filling as many rows share one group of cut marks, all share the furniture,
    and sheets of the same cards are the same page (the last `SHEETS_KEPT` kept), so a
    renderer draws each once. Marks, trims, overruns and furniture are artifacts."""

    def __init__(
        self,
        order: CardOrder,
        card: CardGeometry,
        duplex: Duplex,
        laid: SheetGrid,
        overruns: Mapping[str, str],
    ) -> None:
        grid = laid.grid
        self.order, self.grid, self.shared, self.marks = order, grid, laid.shared, laid.marks
        self.card, self.reach, self.overruns, self.guides = card, laid.reach, overruns, laid.guides
        self.margin = laid.margin
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
        radius = card.corner_radius if card.round else 0.0
        outlines = (
            [Rect(x, y, card.width, card.height, paint, radius) for x, y in self.faces]
            if paint
            else []
        )
        self.trims = [
            (Artifact((Group(tuple(outlines[:n])),), "Layout"),) if outlines else ()
            for n in range(grid.slots + 1)
        ]
        self.cuts = [cut_path(x, y, card) for x, y in self.faces]
        self.made: dict[tuple[str | bool, ...], Page] = {}  # by back or face, card names

    @property
    def cutting(self) -> str:
        """What the printing guide says of cutting these sheets (print.yaml's `cutting`):
        every cut line has marks, or some must follow the trim line instead."""
        marked = self.guides.columns_marked and self.guides.rows_marked
        return "marked" if marked else "unmarked"

    def __len__(self) -> int:
        return 2 * -(-len(self.order) // self.grid.slots)

    def free_margin(self) -> list[Stretch]:
        stretches = [copy.copy(s) for s in self.margin.free]
        keep_out(stretches, self._drawn(), self.margin.gap)
        return stretches

    def _drawn(self) -> tuple[float, float, float, float]:
        """The box (left, bottom, right, top) the cards of a full sheet draw in, faces and
        backs (each moved by the back offset), each with the overrun it runs past the grid."""
        card, boxes = self.card, []
        for back, places in ((False, self.faces), (True, self.backs)):
            reaches = self.reach.reaches(back, len(places))
            for (x, y), (left, bottom, right, top) in zip(places, reaches, strict=True):
                boxes.append((x - left, y - bottom, x + card.width + right, y + card.height + top))
        lefts, bottoms, rights, tops = zip(*boxes, strict=True)
        return min(lefts), min(bottoms), max(rights), max(tops)

    def page_at(self, index: int) -> Page:
        sheet, is_back = divmod(index, 2)
        start = sheet * self.grid.slots
        names = [pair[is_back] for pair in self.order[start : start + self.grid.slots]]
        key: tuple[str | bool, ...] = (bool(is_back), *names)
        page = self.made.get(key)
        if page is None:
            if len(self.made) >= SHEETS_KEPT:
                self.made.clear()
            page = self.made[key] = self._page(names, bool(is_back))
        return page

    def _page(self, names: list[str], back: bool) -> Page:
        size = (self.grid.page_w, self.grid.page_h)
        places = self.backs if back else self.faces
        drawn = [Use(name, x, y) for name, (x, y) in zip(names, places, strict=False)]
        overrun = self._overrun(names, places, back)
        if back:
            return Page(*size, (*overrun, *drawn))
        marks = self.marks[self.grid.filled(len(names)) - 1]
        return Page(
            *size,
            (*overrun, *drawn, *self.trims[len(names)], marks, *self.shared),
            cuts=tuple(self.cuts[: len(names)]),
        )

    def _overrun(
        self, names: list[str], places: list[tuple[float, float]], back: bool
    ) -> tuple[Item, ...]:
        """The overrun of each card on the sheet that has an overrun symbol and room, as one
        background artifact."""
        if not self.card.overrun:
            return ()
        reaches = self.reach.reaches(back, len(names))
        overruns = tuple(
            overrun_item(self.overruns[name], x, y, self.card, reach)
            for name, (x, y), reach in zip(names, places, reaches, strict=False)
            if name in self.overruns and any(reach)
        )
        return (Artifact((Group(overruns),), "Background"),) if overruns else ()


class PlacedGrid(Struct, frozen=True):
    """A sheet's grid, the furniture placed in its margins, and the stretches left free."""

    grid: Grid
    furniture: list[Item]
    free: tuple[Stretch, ...]


def sheet_grid(sheets: CardSheets, print_line: str, where: Source | None = None) -> PlacedGrid:
    """The largest grid whose margins also hold the ruler, inch check and print line; on the
    page as the paper is given where the backs are moved by a printer's offset."""
    card, paper, furniture, font = sheets.card, sheets.paper, sheets.furniture, sheets.font
    trimmed = card.trim_line is not None
    grids = grid_candidates(paper, (card.width, card.height), furniture, trimmed, where)
    if sheets.duplex.offset != (0.0, 0.0):
        grids = unturned(grids, paper)
    for grid in grids:
        xs = [grid.left + i * card.width for i in range(grid.columns + 1)]
        ys = [grid.bottom + j * card.height for j in range(grid.rows + 1)]
        content = (grid.left, grid.bottom, grid.right, grid.top)
        page = (grid.page_w, grid.page_h)
        stretches = margin_stretches(content, page, xs, ys, furniture, marks_reach(grid, furniture))
        try:
            placed = place_furniture(stretches, font, furniture, print_line)
        except UserError:
            continue
        return PlacedGrid(grid, placed, tuple(stretches))
    mm = POINTS_PER_UNIT["mm"]
    raise UserError(
        where,
        f"no grid of {card.width / mm:.1f} x {card.height / mm:.1f} mm cards on "
        f"{paper[0] / mm:.1f} x {paper[1] / mm:.1f} mm paper leaves margin room for the "
        f"{furniture.ruler_length / mm:g} mm ruler and print line; even one card "
        f"({grids[-1].columns} x {grids[-1].rows}) does not",
    )


class FrontSheets(Imposed):
    """The face sheets of home card pages without their back sheets (`fronts_only`),
    made as they are asked for, like the pages they come from, their marks and words in
    black for swell paper (`swell_page`, outlines `width` thick). A sheet of the same
    cards again is the same page, as its source is, so a renderer still draws it once."""

    def __init__(self, sheets: SheetPages, width: float) -> None:
        self.sheets = sheets
        self.width = width
        self.swelled: dict[int, tuple[Page, Page]] = {}  # by the source page's id

    @property
    def cutting(self) -> str:
        return self.sheets.cutting

    def free_margin(self) -> list[Stretch]:
        return self.sheets.free_margin()

    def __len__(self) -> int:
        return len(self.sheets) // 2

    def page_at(self, index: int) -> Page:
        sheet = self.sheets[2 * index]
        known = self.swelled.get(id(sheet))
        if known is None or known[0] is not sheet:
            if len(self.swelled) >= SHEETS_KEPT:
                self.swelled.clear()
            known = self.swelled[id(sheet)] = (sheet, swell_page(sheet, self.width))
        return known[1]


def is_cards_file(document: Document) -> bool:
    """Whether a document is a cards file (on card stock): home sheets, fronts only or
    both sides, or a print shop's pages, one card each with its trim box (a print-shop
    kit's sheets are PDF/X too, but their pages are the paper's)."""
    pages = unfooted(document.pages)
    if isinstance(pages, SheetPages | FrontSheets):
        return True
    return document.press is not None and bool(pages) and pages[0].trim is not None
