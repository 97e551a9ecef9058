"""Ruled tables for sheets: rows measured once, drawn as boxes the page flow can break between.

Input: the column widths, each row's cells (each a function drawing the cell at its width),
each row's least height and whether it is shaded. Output: one `Box` per row for `flow`. A row
never splits; a table breaks between rows, its header row (when it has one) repeated at the
top of every page it goes on to, and it keeps its header with its first row. A table that
fits the style's `firm_table` share of a page is read as one piece: it breaks only when
nothing else fits, even if keeping it whole takes a page more; one that fits `keep_table`
is too, unless moving it whole would leave the page before it under `table_gives` full.
Rows may stretch (a score sheet filling its page): each is then drawn once its page's
spare height is known.

Each row box is a table row (TR) within its Table, and within THead (the header row) or
TBody where the table has a header; each cell is a header (TH) or data cell (TD). The rules
and shading are layout: artifacts a reader skips.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import accumulate
from math import floor, inf

from msgspec import Struct, field
from msgspec.structs import replace

from shapes_print.geometry.primitives import Artifact, Group, Item, Line, Paint, Rect, Role, Text
from shapes_print.load.printmodels import SheetStyle
from shapes_print.plan.breaks import INSIDE, NEVER, run_breaks
from shapes_print.plan.flow import Box, Part

Drawn = tuple[float, list[Item]]
Cell = Callable[[float], Drawn]
RULE_WIDTH = 0.75
BISECTIONS = 60  # halvings of the scale that shares a table's width: past a float's precision


class Row(Struct, frozen=True, gc=False):
    """A measured row: its height and its cells' items drawn at their columns' widths.
    Untracked by the garbage collector: it holds numbers and tuples of items, which are
    themselves untracked, so it can be in no reference cycle."""

    height: float
    cells: tuple[tuple[Item, ...], ...]
    shaded: bool


def measure(
    style: SheetStyle,
    widths: Sequence[float],
    rows: Sequence[Sequence[Cell]],
    heights: Sequence[float],
    shaded: Sequence[bool],
) -> list[Row]:
    """Each cell drawn once at its column's width; a row is as tall as its tallest cell."""
    pad = style.table_padding
    measured = []
    for row, least, shade in zip(rows, heights, shaded, strict=True):
        drawn = [cell(width - 2 * pad) for cell, width in zip(row, widths, strict=True)]
        height = max(least, *(h + 2 * pad for h, _ in drawn))
        cells = tuple(tuple(items) for _, items in drawn)
        measured.append(Row(height, cells, shade))
    return measured


class Heads(Struct, frozen=True):
    """Which of a table's cells head it: with `header`, row 0 repeats above every continued
    part (without, a part that opens a page gets the table's top rule there instead); with
    `row_headers`, each body row's first cell heads its row (a fact's label, a round). With
    `stretch`, each body row may grow to twice its height to fill its page. With `lanes`
    over 1, the columns are that many groups of the same columns side by side (an `across`
    table): one table of a group's columns to read, each group's cells a row of their own,
    read after the rows of the group before on their page, the further groups' headings
    layout (the same words again). A header cell that prints nothing (a corner above the
    row headers) is a data cell: a heading of silence is no heading."""

    header: bool
    row_headers: bool = False
    stretch: bool = False
    lanes: int = 1


def table_boxes(
    style: SheetStyle, widths: Sequence[float], rows: Sequence[Row], room: float, heads: Heads
) -> list[Box]:
    """The table's rows as boxes, headed as `heads` says."""
    header, stretch, row_headers = heads.header, heads.stretch, heads.row_headers
    top = _top_rule(style, widths)
    head = None
    lane = len(widths) // heads.lanes  # the columns of one group
    if header:
        roles: list[Role] = ["TD" if _blank(items) else "TH" for items in rows[0].cells[:lane]]
        head = _row_box(style, widths, rows[0], (top,), False, _Lanes(tuple(roles), 1))
        head = Box(head.height, head.items, role="TR", within=(Part("Table"), Part("THead")))
    td: Role = "TD"
    cells = _Lanes(("TH" if row_headers else "TD", *(td,) * (lane - 1)), heads.lanes)
    body = rows[1:] if header else rows
    repeat = head if head is not None else Box(0.0, (top,))
    total = sum(row.height for row in rows)
    kept = total <= room * style.keep_table
    # A table longer than a page goes over pages anyway, and one in a style that keeps no
    # table whole (a player aid's copy longer than a page, filling its first) may break
    # anywhere: a tall row may open it at a foot.
    lines = [_lines(style, row) for row in body] if total > room or not style.keep_table else None
    penalties = run_breaks(len(body), style.list_keep, NEVER if kept else INSIDE, lines=lines)
    # A kept table longer than `firm_table` gives way where moving it whole would leave the
    # page before it under `table_gives` full (`flow`): its breaks are then a long table's.
    firm = total <= room * min(style.firm_table, style.keep_table)
    gives = run_breaks(len(body), style.list_keep, lines=lines) if kept and not firm else None
    # A table's last rows share its last two pages, but in an aid's copy that fills its first.
    tail = bool(style.keep_table)
    boxes = [head] if head is not None else []
    within = [_within(head is not None, later) for later in (False, True)]  # shared by rows
    for index, (row, breaks) in enumerate(zip(body, penalties, strict=True)):
        opening = (top,) if head is None and index == 0 else ()
        box = _row_box(style, widths, row, opening, stretch, cells)
        first = index == 0
        boxes.append(
            Box(
                box.height,
                box.items,
                breaks=NEVER if first and head is not None else breaks,
                gives=gives[index] if gives and index else None,
                header=None if first else repeat,
                stretch=box.stretch,
                stretched=box.stretched,
                role="TR",
                within=within[not first],
                lanes=box.lanes,
                tail=tail and not first,
            )
        )
    return boxes


def _within(headed: bool, later: bool) -> tuple[Part, ...]:
    """The parts a body row is in: its table, and its table's body where it has a header;
    a `later` row continues them."""
    table = Part("Table", continues=headed or later)
    return (table, Part("TBody", continues=later)) if headed else (table,)


def _lines(style: SheetStyle, row: Row) -> int:
    """How many lines of body text a row is as tall as (its cells padded): a row of a Task
    and its cards holds as many as a paragraph that tall, for the keeps at a table's ends."""
    size = style.body_size
    inner = row.height - 2 * style.table_padding - size
    return 1 + max(0, floor(inner / (size * style.line_spacing) + 1e-6))


class Regrouped(Struct, frozen=True):
    """An `across` table's boxes (its header row first), and how to lay them out again once
    the flow knows how many of its rows each page holds: `lay(chunks)` puts the first
    `chunks[0]` rows' worth of items on the first page's own columns, and so on, the rest
    on the last page. Each page's items then run down its first group of columns and on
    into the next, so a page reads in order (1-11 | 12-22), never 1-5 | 12-16."""

    boxes: list[Box]
    lay: Callable[[Sequence[int]], list[Box]]


class Roomed(Struct, frozen=True):
    """A table measured at its column's width, its boxes made for a page's room once that
    is known (`at`): a table's rows, and the width they are measured at, are the same in a
    column of any room (A4's and Letter's set a sheet at one width), where its breaks are
    not. Each room's boxes are made once."""

    lay: Callable[[float], list[Box] | Regrouped]
    laid: dict[float, list[Box] | Regrouped] = field(default_factory=dict)

    def at(self, room: float) -> list[Box] | Regrouped:
        if room not in self.laid:
            self.laid[room] = self.lay(room)
        return self.laid[room]


def across_rows(
    cells: Sequence[Sequence[Cell]], across: int, blank: Sequence[Cell], chunks: Sequence[int]
) -> tuple[list[list[Cell]], list[int]]:
    """The rows of an `across` table, and the index of each chunk's first row: each chunk
    (`chunks` rows each, the last holding the rest) runs its items down its first group of
    columns, then the next; only the last chunk ends in blank cells."""
    rows: list[list[Cell]] = []
    starts: list[int] = []
    item = 0
    for index in range(len(chunks) + 1):
        left = len(cells) - item
        if left <= 0:
            break
        down = chunks[index] if index < len(chunks) else -(-left // across)
        part = [*cells[item : item + down * across]]
        part += [blank] * (down * across - len(part))
        starts.append(len(rows))
        rows += [[c for g in range(across) for c in part[g * down + r]] for r in range(down)]
        item += down * across
    return rows, starts


def chunk_breaks(boxes: list[Box], starts: Sequence[int]) -> list[Box]:
    """A table's boxes (header first) free to break before each chunk after the first."""
    for start in starts[1:]:
        boxes[start + 1] = replace(boxes[start + 1], breaks=0.0)
    return boxes


def _top_rule(style: SheetStyle, widths: Sequence[float]) -> Line:
    return Line(0, 0, sum(widths), 0, style.rule_colour, RULE_WIDTH)


class _Lanes(Struct, frozen=True):
    """A row's cells as roles: `roles` for the first `len(roles)` cells, read as the row;
    with `lanes` over 1, each further group of as many cells a row of its own, beside it
    (the box's lanes); any other cell is layout."""

    roles: tuple[Role, ...]
    lanes: int


def _row_box(
    style: SheetStyle,
    widths: Sequence[float],
    row: Row,
    opening: tuple[Item, ...],
    stretch: bool,
    cells: _Lanes,
) -> Box:
    """A row with its bottom and side rules (and `opening`, its top rule where it has one),
    each cell of its role in `cells` (a header cell or a data cell). The shading and the
    top rule come before the cells, the other rules after them, as layout artifacts; each
    further lane's cells are the box's lanes, none where they print nothing (the blanks
    ending a manifest's last column)."""
    edges = (0.0, *accumulate(widths))  # each column's left edge, then the right one
    drawing = _RowDrawing(style, edges, row, opening, cells)
    if stretch:
        return Box(row.height, stretch=row.height, stretched=drawing)
    count = len(cells.roles)
    lanes = tuple(
        tuple(drawing.cell(index) for index in range(start, start + count))
        if not all(_blank(items) for items in row.cells[start : start + count])
        else ()
        for start in range(count, len(widths) if cells.lanes > 1 else count, count)
    )
    return Box(row.height, drawing(0.0), lanes=lanes)


class _RowDrawing:
    """A row drawn (`_row_box`) as its height grows by `extra`: one object, not closures,
    as a stretching row's box keeps it for the build (a score sheet's)."""

    __slots__ = ("cells", "edges", "opening", "row", "style")

    def __init__(
        self,
        style: SheetStyle,
        edges: tuple[float, ...],
        row: Row,
        opening: tuple[Item, ...],
        cells: _Lanes,
    ) -> None:
        self.style, self.edges, self.row = style, edges, row
        self.opening, self.cells = opening, cells

    def cell(self, index: int) -> Group:
        items, role = self.row.cells[index], self.cells.roles[index % len(self.cells.roles)]
        pad = self.style.table_padding
        return Group(items, dx=self.edges[index] + pad, dy=-pad, role=role)

    def __call__(self, extra: float) -> tuple[Item, ...]:
        style, edges, count = self.style, self.edges, len(self.cells.roles)
        height = self.row.height + extra
        total = edges[-1]
        under: list[Item] = list(self.opening)
        if self.row.shaded:
            under.insert(0, Rect(0, -height, total, height, Paint(fill=style.shade)))
        items: list[Item] = [Artifact(tuple(under))] if under else []
        items += [self.cell(index) for index in range(count)]
        layout: list[Item] = []
        if self.cells.lanes == 1:  # cells past the roles: the same words again
            layout += [self.cell(index) for index in range(count, len(edges) - 1)]
        layout += [Line(x, 0, x, -height, style.rule_colour, RULE_WIDTH) for x in edges]
        layout.append(Line(0, -height, total, -height, style.rule_colour, RULE_WIDTH))
        return (*items, Artifact(tuple(layout)))


def _blank(items: Sequence[Item]) -> bool:
    """Whether a cell prints nothing (a blank to write in, or none at all)."""
    return all(isinstance(item, Text) and not item.text.strip() for item in items)


def column_widths(
    shares: Sequence[float],
    least: Sequence[float],
    total: float,
    natural: Sequence[float] | None = None,
) -> list[float]:
    """`shared_widths`, found once for the same shares, least and natural widths and total:
    every kit of a batch sets the same tables (and a table is tried at each tier of least
    widths)."""
    return list(
        _widths(tuple(shares), tuple(least), total, None if natural is None else tuple(natural))
    )


@lru_cache(maxsize=4096)
def _widths(
    shares: tuple[float, ...],
    least: tuple[float, ...],
    total: float,
    natural: tuple[float, ...] | None,
) -> tuple[float, ...]:
    return tuple(shared_widths(shares, least, total, natural))


def shared_widths(
    shares: Sequence[float],
    least: Sequence[float],
    total: float,
    natural: Sequence[float] | None = None,
) -> list[float]:
    """Columns share the width as the content says, but none narrower than its widest word:
    a narrow column (Collect 3's "No." at large print) takes its room from the others. Where
    the columns' `natural` widths (their content unbroken) are more than the width, none is
    wider than its own, its room going to columns whose words wrap; where they all fit, each
    is at least as wide as its own, the rest shared out. If even the widest words cannot
    fit, the shares stand and the word is refused at its cell."""
    count = len(shares)
    if natural is None:
        low, high = list(least), [inf] * count
    elif sum(natural) > total:
        low, high = list(least), [max(n, s) for n, s in zip(natural, least, strict=True)]
    else:
        low, high = list(natural), [inf] * count
    if sum(low) > total:
        return [total * s / sum(shares) for s in shares]

    def spread(scale: float) -> list[float]:
        return [min(max(scale * s, lo), hi) for s, lo, hi in zip(shares, low, high, strict=True)]

    # Each column its share times one scale, held between its bounds: the sum grows with the
    # scale, so halving the interval finds the scale that fills the width.
    small, large = 0.0, total / min(s for s in shares if s > 0)
    for _ in range(BISECTIONS):
        middle = (small + large) / 2
        small, large = (middle, large) if sum(spread(middle)) < total else (small, middle)
    return spread(large)
