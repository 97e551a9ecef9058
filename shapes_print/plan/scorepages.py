"""A score sheet longer than a page, split by rows into pages alike.

Input: a score sheet's boxes as plan/scores.py sets them (its title, its grid's header row,
round rows and total row, its note), the title of a page it goes on to, and the column.
Output: where the sheet does not fit the page it opens, the same boxes with a forced break
before each further page: the rounds shared out as evenly as the pages allow (10 | 10, not
8 | 12), each further page opening with the continued title and the header row again (both
layout, read once where the sheet began), and every round's row as tall on every page: its
measured height at least (the style's `score_row_height`), stretched alike on each page,
to twice it at most, where `rows: fill` asks. Left to the flow, each page's rows would
stretch to fill that page alone.

The sheet is split as from a page's top: Collect 3's has a page break before it, and a
sheet set on the paper turned opens a run of pages of its own (plan/sheets.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from msgspec import Struct
from msgspec.structs import replace

from shapes_print.geometry.primitives import Artifact
from shapes_print.plan.breaks import FORCED, NEVER
from shapes_print.plan.flow import Box
from shapes_print.plan.paragraphs import Column


class Sheet(Struct, frozen=True):
    """A score sheet's boxes: its title (None: it has none), its header row, its round
    rows, its total row and its note (None: none), and how to set the title of each
    further page (set only where the sheet goes on to one)."""

    title: Box | None
    header: Box
    rows: list[Box]
    total: Box
    note: Box | None
    continued: Callable[[], Box] | None


def split_pages(sheet: Sheet, col: Column, stretch: bool) -> list[Box] | None:
    """The sheet's boxes split by rows over pages, or None where it fits its first page
    (its glue giving as the flow lets it) or no split fits. Each page's glue gives as the
    flow lets it only where its rows would not fit otherwise, and then they do not stretch."""
    shrink = col.ctx.style.glue_shrink
    first = col.room if col.opening_room is None else min(col.room, col.opening_room)
    whole = (sheet.title, sheet.header, *sheet.rows, sheet.total, sheet.note)
    boxes = [box for box in whole if box is not None]
    used = sum(box.gap + box.height for box in boxes[1:]) + boxes[0].height
    if used - shrink * sum(box.gap for box in boxes[1:]) <= first + 1e-6:
        return None
    least = max(row.height for row in sheet.rows)
    most = 2 * min(row.height for row in sheet.rows) if stretch else least
    again = None if sheet.continued is None else sheet.continued()
    rooms = _Rooms(first, col.room, _opening(sheet), _going_on(sheet, again), _closing(sheet))
    for pages in range(2, len(sheet.rows) + 1):
        counts = _even(len(sheet.rows), pages)
        height = rooms.row_height(counts, 0.0)
        if height >= least - 1e-6:
            return _laid(sheet, again, counts, max(least, min(height, most)))
        if rooms.row_height(counts, shrink) >= least - 1e-6:
            return _laid(sheet, again, counts, least)
    return None


class _Part(Struct, frozen=True):
    """What a page of a split sheet gives to other than its rows: boxes and glue."""

    boxes: float
    glue: float

    def room(self, shrink: float) -> float:
        """Its height, its glue giving by `shrink` of itself."""
        return self.boxes + self.glue * (1 - shrink)


class _Rooms(Struct, frozen=True):
    """What each page of a split sheet holds for its rows: the first page's room and the
    others', less what the first page opens with (title, header row), what each further
    page opens with (continued title, header row) and what the last closes with (total
    row, note)."""

    first: float
    room: float
    opening: _Part
    going_on: _Part
    closing: _Part

    def row_height(self, counts: Sequence[int], shrink: float) -> float:
        """The tallest row every page holds its share of rows in, its glue giving by
        `shrink` of itself."""
        last = len(counts) - 1
        heights = []
        for page, count in enumerate(counts):
            opens = self.opening if page == 0 else self.going_on
            room = (self.first if page == 0 else self.room) - opens.room(shrink)
            closes = self.closing.room(shrink) if page == last else 0.0
            heights.append((room - closes) / count)
        return min(heights)


def _even(rows: int, pages: int) -> list[int]:
    """`rows` shared over `pages` as evenly as can be, the first pages taking one more."""
    share, more = divmod(rows, pages)
    return [share + (page < more) for page in range(pages)]


def _opening(sheet: Sheet) -> _Part:
    if sheet.title is None:
        return _Part(sheet.header.height, 0.0)
    return _Part(sheet.title.height + sheet.header.height, sheet.header.gap)


def _going_on(sheet: Sheet, continued: Box | None) -> _Part:
    if continued is None:
        return _Part(sheet.header.height, 0.0)
    return _Part(continued.height + sheet.header.height, sheet.header.gap)


def _closing(sheet: Sheet) -> _Part:
    note = sheet.note if sheet.note is not None else Box(0.0)
    return _Part(sheet.total.height + note.height, sheet.total.gap + note.gap)


def _laid(sheet: Sheet, continued: Box | None, counts: Sequence[int], height: float) -> list[Box]:
    """The boxes of the split sheet, each round's row `height` tall, never parted from the
    rows of its page; each further page forced to open with the `continued` title (or,
    with no title, the header row) and the header row again."""
    again = Box(
        sheet.header.height,
        (Artifact(sheet.header.items, "Pagination"),),
        gap=sheet.header.gap if continued is not None else 0.0,
        breaks=NEVER if continued is not None else FORCED,
    )
    boxes = [box for box in (sheet.title, sheet.header) if box is not None]
    start = 0
    for page, count in enumerate(counts):
        if page:
            if continued is not None:
                boxes.append(replace(continued, gap=0.0, breaks=FORCED))
            boxes.append(again)
        for row in sheet.rows[start : start + count]:
            # A row that does not stretch (no `rows: fill`) stays as it was measured.
            tall = height if row.stretched else row.height
            items = row.drawn(tall - row.height)
            boxes.append(
                replace(row, height=tall, items=items, stretch=0.0, stretched=None, breaks=NEVER)
            )
        start += count
    boxes.append(replace(sheet.total, breaks=NEVER))
    return boxes + ([sheet.note] if sheet.note is not None else [])
