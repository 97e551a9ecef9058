"""Ruled tables for sheets, and how a table too long for its page flows over pages.

Every row is measured first (each cell drawn at its column's width), so page breaks are
chosen from known row heights. A long table splits into parts that each repeat the header
row, with its rows shared evenly between the parts so no page ends on a lone row; `sheets`
stacks the parts like any other block. The page arithmetic lives here, apart from the
drawing of blocks, so either can be read and changed without the other.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from shapes_print.load.models import SheetStyle
from shapes_print.primitives import Group, Item, Line, Paint, Rect

Drawn = tuple[float, list[Item]]
Row = tuple[float, list[Drawn]]


@dataclass(frozen=True, slots=True)
class Parts:
    """A block drawn in page-sized parts; `lead` is how much of it (a table's header and
    first row) must share a page with a heading above it."""

    parts: list[Drawn]
    lead: float


def grid(
    style: SheetStyle,
    widths: Sequence[float],
    rows: Sequence[Sequence[Callable[[float], Drawn]]],
    heights: Sequence[float],
    shaded: Sequence[bool],
) -> Drawn:
    """Draw a ruled table; each cell is drawn by a function of its width, top-left at (0, 0)."""
    return _draw_rows(style, widths, _measure_rows(style, widths, rows, heights), shaded)


def _measure_rows(
    style: SheetStyle,
    widths: Sequence[float],
    rows: Sequence[Sequence[Callable[[float], Drawn]]],
    heights: Sequence[float],
) -> list[Row]:
    pad = style.table_padding
    drawn_rows = []
    for row, min_height in zip(rows, heights, strict=True):
        cells = [cell(width - 2 * pad) for cell, width in zip(row, widths, strict=True)]
        height = max(min_height, *(h + 2 * pad for h, _ in cells))
        drawn_rows.append((height, cells))
    return drawn_rows


def split_grid(
    style: SheetStyle,
    widths: Sequence[float],
    rows: Sequence[Sequence[Callable[[float], Drawn]]],
    heights: Sequence[float],
    shaded: Sequence[bool],
    room_left: float,
    page: float,
    before: float = 0.0,
    after: float = 0.0,
) -> Parts:
    """A table in page-sized parts, each starting with the header row (row 0).

    `room_left` is the height left on the current page, `page` a whole page's. The first part
    fits the room left if the header and one row do; `before` and `after` reserve room for
    what is stacked above the first part and below the last. Rows are then shared evenly
    between the parts, so no page ends up with a lone row.
    """
    measured = _measure_rows(style, widths, rows, heights)
    header, body = measured[0], list(zip(measured[1:], shaded[1:], strict=True))
    first = room_left - before
    if body and header[0] + body[0][0][0] > first:
        first = page - before

    def pack(most: int) -> list[list[tuple[Row, bool]]]:
        parts: list[list[tuple[Row, bool]]] = [[]]
        used, room = header[0], first
        for index, (row, shade) in enumerate(body):
            needed = row[0] + (after if index == len(body) - 1 else 0.0)
            if parts[-1] and (used + needed > room or len(parts[-1]) == most):
                parts.append([])
                used, room = header[0], page
            parts[-1].append((row, shade))
            used += row[0]
        return parts

    parts = pack(len(body))
    even = pack(-(-len(body) // len(parts)))
    if len(even) == len(parts):
        parts = even
    drawn = [
        _draw_rows(style, widths, [header, *(r for r, _ in p)], [shaded[0], *(t for _, t in p)])
        for p in parts
    ]
    return Parts(drawn, before + header[0] + (body[0][0][0] if body else 0.0))


def _draw_rows(
    style: SheetStyle, widths: Sequence[float], drawn_rows: Sequence[Row], shaded: Sequence[bool]
) -> Drawn:
    pad = style.table_padding
    items: list[Item] = []
    y = 0.0
    total_width = sum(widths)
    for (height, cells), shade in zip(drawn_rows, shaded, strict=True):
        if shade:
            items.append(Rect(0, y - height, total_width, height, Paint(fill=style.shade)))
        x = 0.0
        for (_, cell_items), width in zip(cells, widths, strict=True):
            items.append(Group(tuple(cell_items), dx=x + pad, dy=y - pad))
            x += width
        y -= height
    rule = style.rule_colour
    xs = [0.0]
    for width in widths:
        xs.append(xs[-1] + width)
    items += [Line(x, 0, x, y, rule, 0.75) for x in xs]
    ys = [0.0]
    for height, _ in drawn_rows:
        ys.append(ys[-1] - height)
    items += [Line(0, yy, total_width, yy, rule, 0.75) for yy in ys]
    return -y, items


def column_widths(shares: Sequence[float], least: Sequence[float], total: float) -> list[float]:
    """Columns share the width as the content says, but none narrower than its widest word:
    a narrow column (Collect 3's "No." at large print) takes its room from the others. If
    even that cannot fit, the shares stand and the word is refused at its cell."""
    pinned: set[int] = set()
    while True:
        free = total - sum(least[i] for i in pinned)
        share = sum(s for i, s in enumerate(shares) if i not in pinned)
        widths = [least[i] if i in pinned else free * s / share for i, s in enumerate(shares)]
        short = {i for i, w in enumerate(widths) if i not in pinned and w < least[i]}
        if not short:
            return widths
        pinned |= short
        if len(pinned) == len(shares):
            return [total * s / sum(shares) for s in shares]
