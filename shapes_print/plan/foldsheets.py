"""Fold-and-glue card sheets (`--fold`): one-sided pages for printers that cannot print
double-sided, or shift the back by millimetres (the print-and-play gutterfold).

Input: the deck's order of (face, back) symbol names, the card's geometry, the paper and
the print line. Output: pages on which each card's face and back lie on either side of a
dashed fold line, a `gutter` from it, at mirrored places.

Why the backs are placed and turned as they are. Print the sheet on one side, fold it
along its fold line with the printed sides out, glue, and cut the cards through both
layers. A card's back reads upright when the card is turned over sideways, as a book's
page turns (the way a deck's backs are drawn for a long-edge duplex on portrait paper).

- Fold line down the page, at x = F (faces left, backs right). Folding turns the right
  half over about the line: its point (x, y) comes to lie behind (2F - x, y). So a back
  whose face's centre is (cx, cy) is placed with its centre at (2F - cx, cy). Folding
  turned it about a vertical axis; turning the card over sideways turns it about a
  vertical axis again: the two undo each other, and the back is printed upright, as is.
- Fold line across the page, at y = F (faces above, backs below). Folding turns the lower
  half over about the line: its point (x, y) comes to lie behind (x, 2F - y), so a back's
  centre is (cx, 2F - cy). Folding turned it about a horizontal axis; turning the card
  over sideways turns it about a vertical one: together a half turn in the paper's plane,
  so the back is printed turned by 180 degrees about its centre, and reads upright.

The fold reaches no card: a fold off the line by up to the gutter lands in the strip that
the cut along the cards' inner edges takes away. A fold off by d moves every back by 2d.
The page (portrait or landscape) and the fold (down or across) are those that hold the
most cards, a fold down the page first; cards keep their own orientation.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence

from msgspec import Struct

from shapes_print.errors import Source, UserError
from shapes_print.geometry.primitives import Artifact, Group, Item, Line, Page, Paint, Rect, Use
from shapes_print.load.printmodels import Furniture
from shapes_print.plan.cardsheets import SheetStock, overrun_item
from shapes_print.plan.dashes import dashed
from shapes_print.plan.furniture import Reach, Stretch, margin_stretches, place_furniture
from shapes_print.plan.imposition import EPSILON, Slots, clearance, mark_span, row_marks
from shapes_print.plan.madepages import Imposed
from shapes_print.units import POINTS_PER_UNIT

CardOrder = Sequence[tuple[str, str]]
HALF_TURN = 180.0
Box4 = tuple[float, float, float, float]  # left, bottom, right, top


class FoldLayout(Slots, frozen=True):
    """The slots on each side of the fold line, their inner edges `gutter` from the line:
    down the page's middle, or `across` it."""

    across: bool
    gutter: float

    @property
    def fold(self) -> float:
        """The fold line's x (down the page) or y (across it)."""
        return (self.page_h if self.across else self.page_w) / 2

    def face_origin(self, slot: int) -> tuple[float, float]:
        """Bottom-left corner of a face's slot, counted row by row from the top-left."""
        row, column = divmod(slot, self.columns)
        if self.across:  # faces above the line, centred across the page
            left = (self.page_w - self.columns * self.card_w) / 2
            return left + column * self.card_w, self.fold + self.gutter + (
                self.rows - 1 - row
            ) * self.card_h
        top = (self.page_h + self.rows * self.card_h) / 2  # faces left of the line
        right = self.fold - self.gutter
        return right - (self.columns - column) * self.card_w, top - (row + 1) * self.card_h

    def back_origin(self, slot: int) -> tuple[float, float]:
        """Bottom-left corner of the back's slot: its face's slot mirrored across the line."""
        x, y = self.face_origin(slot)
        if self.across:
            return x, 2 * self.fold - y - self.card_h
        return 2 * self.fold - x - self.card_w, y

    def back(self, name: str, slot: int) -> Item:
        """A back placed so that it lands upright behind its face (see the module's words):
        as it is across a fold down the page, turned half round across one across it."""
        x, y = self.back_origin(slot)
        if not self.across:
            return Use(name, x, y)
        return self.on_back(Use(name, 0.0, 0.0), slot)

    def on_back(self, item: Item, slot: int) -> Group:
        """An item drawn in a back's own frame (its card from (0, 0)), placed as `back`
        places the back."""
        x, y = self.back_origin(slot)
        if not self.across:
            return Group((item,), dx=x, dy=y)
        return Group((item,), dx=x + self.card_w, dy=y + self.card_h, angle=HALF_TURN)

    def halves(self, rows: int | None = None) -> tuple[Box4, Box4]:
        """The faces' and the backs' blocks as (left, bottom, right, top); with `rows`,
        those of the top rows of faces alone and of their backs."""
        width, height = self.columns * self.card_w, self.rows * self.card_h
        x, y = self.face_origin(self.slots - self.columns)  # the bottom-left slot
        left, bottom, right, top = x, y, x + width, y + height
        bottom = top - (self.rows if rows is None else rows) * self.card_h
        fold = 2 * self.fold
        if self.across:
            return (left, bottom, right, top), (left, fold - top, right, fold - bottom)
        return (left, bottom, right, top), (fold - right, bottom, fold - left, top)


def fold_candidates(
    paper: tuple[float, float], card: tuple[float, float], f: Furniture
) -> list[FoldLayout]:
    """Every fold layout of cards (width, height) that keeps cards and marks inside the
    paper's printer-safe margin, most cards first (down the page before across it, then
    portrait before landscape, as listed)."""
    room = clearance(f, trimmed=False)
    (card_w, card_h), gutter = card, f.fold_gutter
    layouts: list[FoldLayout] = []
    for across in (False, True):
        for width, height in (paper, paper[::-1]):
            half_w = width / 2 - gutter - room if not across else width - 2 * room
            half_h = height - 2 * room if not across else height / 2 - gutter - room
            columns = int((half_w + EPSILON) // card_w)
            rows = int((half_h + EPSILON) // card_h)
            layouts += [
                FoldLayout(width, height, card_w, card_h, c, r, across, gutter)
                for c in range(columns, 0, -1)
                for r in range(rows, 0, -1)
            ]
    return sorted(layouts, key=lambda layout: -layout.slots)


def fold_marks(
    layout: FoldLayout, f: Furniture, rows: int | None = None
) -> tuple[tuple[Line, ...], Reach]:
    """Cut marks continuing every cut line into the margins on the outer sides of both
    blocks (the side facing the fold has the gutter, not marks), and how far they reach;
    with `rows`, those of a sheet whose cards fill its top rows alone, none by empty ones."""
    faces, backs = layout.halves(rows)
    filled = layout.rows if rows is None else rows
    marks: list[Line] = []
    reach = {"left": 0.0, "bottom": 0.0, "right": 0.0, "top": 0.0}
    inner = ("bottom", "top") if layout.across else ("right", "left")
    for block, facing in zip((faces, backs), inner, strict=True):
        for side, lines in _block_marks(layout, block, filled, f).items():
            if side != facing and lines:
                marks += lines
                reach[side] = max(reach[side], max(_out(line, block, side) for line in lines))
    return tuple(marks), Reach(**reach)


def _block_marks(layout: FoldLayout, block: Box4, rows: int, f: Furniture) -> dict[str, list[Line]]:
    """The marks of the cut lines of a block of `rows` rows in each of its four margins
    (none where a margin has no room for them)."""
    left, bottom, right, top = block
    xs = _edges(left, layout.columns, layout.card_w)
    ys = _edges(bottom, rows, layout.card_h)
    ink, width = f.mark_colour, f.mark_width
    spans = {
        "top": mark_span(layout.page_h - top, f),
        "bottom": mark_span(bottom, f),
        "left": mark_span(left, f),
        "right": mark_span(layout.page_w - right, f),
    }
    marks: dict[str, list[Line]] = {side: [] for side in spans}
    if (span := spans["top"]) is not None:
        marks["top"] = [Line(x, top + span.start, x, top + span.end, ink, width) for x in xs]
    if (span := spans["bottom"]) is not None:
        marks["bottom"] = [
            Line(x, bottom - span.end, x, bottom - span.start, ink, width) for x in xs
        ]
    if (span := spans["left"]) is not None:
        marks["left"] = [Line(left - span.end, y, left - span.start, y, ink, width) for y in ys]
    if (span := spans["right"]) is not None:
        marks["right"] = [Line(right + span.start, y, right + span.end, y, ink, width) for y in ys]
    return marks


def _out(line: Line, block: Box4, side: str) -> float:
    """How far a mark on a block's `side` runs out from it."""
    left, bottom, right, top = block
    return {
        "top": line.y2 - top,
        "bottom": bottom - line.y1,
        "left": left - line.x1,
        "right": line.x2 - right,
    }[side]


def fold_line(layout: FoldLayout, f: Furniture) -> Artifact:
    """The dashed fold line from one printer-safe margin to the other: a layout artifact,
    as cut marks are, so a reader's software skips it."""
    safe, fold = f.safe_margin, layout.fold
    if layout.across:
        start, end = (safe, fold), (layout.page_w - safe, fold)
    else:
        start, end = (fold, safe), (fold, layout.page_h - safe)
    return Artifact(tuple(dashed(start, end, f.mark_colour, f.mark_width)), "Layout")


class LaidFold(Struct, frozen=True):
    """A fold layout, a sheet's cut marks by the rows its cards fill (`marks[rows - 1]`),
    the items every sheet of it shares (fold line, furniture) and the margin stretches its
    furniture leaves free, clear of the cards and their overrun."""

    layout: FoldLayout
    marks: tuple[Artifact, ...]
    shared: tuple[Item, ...]
    free: tuple[Stretch, ...]


def fold_layout(sheets: SheetStock, print_line: str, where: Source | None = None) -> LaidFold:
    """The fold layout holding the most cards whose margins also hold the ruler, inch check
    and print line, with what every sheet of it shares."""
    f, card = sheets.furniture, sheets.card
    layouts = fold_candidates(sheets.paper, (card.width, card.height), f)
    for layout in layouts:
        reach = fold_marks(layout, f)[1]
        faces, backs = layout.halves()
        # The furniture keeps clear of the cards' overrun too: the backs print on its page.
        o = card.overrun
        content = (
            min(faces[0], backs[0]) - o,
            min(faces[1], backs[1]) - o,
            max(faces[2], backs[2]) + o,
            max(faces[3], backs[3]) + o,
        )
        beyond = Reach(
            *(max(0.0, side - o) for side in (reach.top, reach.bottom, reach.left, reach.right))
        )
        xs = {
            *_edges(faces[0], layout.columns, layout.card_w),
            *_edges(backs[0], layout.columns, layout.card_w),
        }
        ys = {
            *_edges(faces[1], layout.rows, layout.card_h),
            *_edges(backs[1], layout.rows, layout.card_h),
        }
        (ys if layout.across else xs).add(layout.fold)
        page = (layout.page_w, layout.page_h)
        stretches = margin_stretches(content, page, sorted(xs), sorted(ys), f, beyond)
        try:
            furniture = place_furniture(stretches, sheets.font, f, print_line)
        except UserError:
            continue
        marked = _marks_by_rows(layout, f)
        return LaidFold(layout, marked, (fold_line(layout, f), *furniture), tuple(stretches))
    mm = POINTS_PER_UNIT["mm"]
    (card_w, card_h), (paper_w, paper_h) = (card.width, card.height), sheets.paper
    raise UserError(
        where,
        f"no fold sheet of {card_w / mm:.1f} x {card_h / mm:.1f} mm cards on {paper_w / mm:.1f} "
        f"x {paper_h / mm:.1f} mm paper: each card and its back, side by side with the "
        f"{2 * f.fold_gutter / mm:g} mm gutter between them, leave no margin room for the "
        f"{f.ruler_length / mm:g} mm ruler and print line",
    )


def _marks_by_rows(layout: FoldLayout, f: Furniture) -> tuple[Artifact, ...]:
    """A fold sheet's cut marks by the rows its cards fill (imposition.py's `row_marks`)."""
    return row_marks(layout, lambda rows: fold_marks(layout, f, rows)[0])


def _edges(start: float, count: int, size: float) -> list[float]:
    return [start + i * size for i in range(count + 1)]


def fold_pages(
    order: CardOrder,
    sheets: SheetStock,
    print_line: str,
    where: Source | None = None,
    overruns: Mapping[str, str] | None = None,
) -> FoldPages:
    """The fold sheets of a deck: each card's face, and its back behind it once folded.
    Sheets of the same cards are one page, so a renderer draws them once. `overruns`
    names each drawing's overrun symbol, as for duplex sheets (cardsheets.py)."""
    laid = fold_layout(sheets, print_line, where)
    layout, shared = laid.layout, laid.shared
    card = sheets.card
    trim = card.trim_line
    paint = Paint(stroke=trim.colour, stroke_width=trim.width) if trim else None
    radius = card.corner_radius if card.round else 0.0
    made: dict[tuple[tuple[str, str], ...], Page] = {}
    pages: list[Page] = []
    for start in range(0, len(order), layout.slots):
        pairs = tuple(order[start : start + layout.slots])
        page = made.get(pairs)
        if page is None:
            faces = [layout.face_origin(slot) for slot in range(len(pairs))]
            drawn: list[Item] = [*_overruns(layout, pairs, sheets, overruns or {})]
            drawn += [Use(face, x, y) for (face, _), (x, y) in zip(pairs, faces, strict=True)]
            drawn += [layout.back(back, slot) for slot, (_, back) in enumerate(pairs)]
            if paint is not None:  # the trim line round each face, as on duplex sheets
                trims = (Rect(x, y, card.width, card.height, paint, radius) for x, y in faces)
                drawn.append(Artifact((Group(tuple(trims)),), "Layout"))
            marks = laid.marks[layout.filled(len(pairs)) - 1]
            page = made[pairs] = Page(layout.page_w, layout.page_h, (*drawn, marks, *shared))
        pages.append(page)
    return FoldPages(pages, laid.free)


class FoldPages(Imposed):
    """A deck's fold sheets, and the margin their furniture leaves free."""

    def __init__(self, pages: list[Page], free: tuple[Stretch, ...]) -> None:
        self.pages, self.free = pages, free

    def __len__(self) -> int:
        return len(self.pages)

    def page_at(self, index: int) -> Page:
        return self.pages[index]

    def free_margin(self) -> list[Stretch]:
        return [copy.copy(s) for s in self.free]


def _overruns(
    layout: FoldLayout,
    pairs: Sequence[tuple[str, str]],
    sheets: SheetStock,
    overruns: Mapping[str, str],
) -> tuple[Item, ...]:
    """Each face's and back's overrun past its edges no neighbour shares, as one background
    artifact: a fold off the line by d moves a back by 2d, and its own colour shows there,
    not paper. Into the gutter a drawing runs half of it, so the fold line stays clear."""
    card = sheets.card
    items: list[Item] = []
    for slot, (face, back) in enumerate(pairs):
        reach = _reach(layout, slot, len(pairs), sheets)
        if not any(reach):
            continue
        if face in overruns:
            x, y = layout.face_origin(slot)
            items.append(overrun_item(overruns[face], x, y, card, reach))
        if back in overruns:  # turned over, left is right: in the back's own frame too
            left, bottom, right, top = reach
            behind = overrun_item(overruns[back], 0.0, 0.0, card, (right, bottom, left, top))
            items.append(layout.on_back(behind, slot))
    return (Artifact((Group(tuple(items)),), "Background"),) if items else ()


def _reach(layout: FoldLayout, slot: int, filled: int, sheets: SheetStock) -> Box4:
    """How far a face's drawing runs past its (left, bottom, right, top) edges: none where
    a neighbour shares the edge, half the gutter towards the fold, as far as the printer-safe
    margin allows at the block's outer edges, the whole overrun beside an empty slot."""
    overrun, f = sheets.card.overrun, sheets.furniture
    row, column = divmod(slot, layout.columns)
    faces, _ = layout.halves()
    last_row, last_column = row == layout.rows - 1, column == layout.columns - 1
    margins = (faces[0], faces[1], layout.page_w - faces[2], layout.page_h - faces[3])
    edge = [column == 0, last_row, last_column, row == 0]
    shared = [column > 0, slot + layout.columns < filled, slot + 1 < filled, row > 0]
    fold_side = 1 if layout.across else 2
    reach = []
    for side in range(4):
        if side == fold_side and edge[side]:
            reach.append(min(overrun, layout.gutter / 2))
        elif edge[side]:
            reach.append(min(overrun, max(0.0, margins[side] - f.safe_margin)))
        else:
            reach.append(0.0 if shared[side] else overrun)
    return reach[0], reach[1], reach[2], reach[3]
