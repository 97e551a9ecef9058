"""Lists break over pages between items; a heading keeps with the first items, not the whole list.

Typesetting's usual rule: a heading never ends a page alone, but it keeps with the start of
the block it introduces, and a list may go on over the page with its numbers carried, leaving
no lone item at a page's foot or head. Tables and other blocks keep whole (tables split by
their own rows, in `tables`). Here the engine, on boxes; the flow of a sheet is asked in
test_sheet_flow.py, real kits' in test_sheet_breaks_in_kits.py.
"""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from shapes_print.geometry.primitives import Artifact, Item, Line, Paint, Rect
from shapes_print.plan.breaks import FORCED, NEVER, run_breaks
from shapes_print.plan.flow import Box, choose_breaks, place

# ---- the engine, on boxes ---------------------------------------------------------------


def _pages(boxes: list[Box], room: float = 100.0) -> list[list[int]]:
    return [list(part) for part in choose_breaks(boxes, room)]


def _run(count: int, height: float = 10.0, keep: int = 2) -> list[Box]:
    """A list's items: a box each, with the orphan and widow penalties between them."""
    return [Box(height, breaks=b) for b in run_breaks(count, keep)]


def test_boxes_that_fit_make_one_page() -> None:
    assert _pages([Box(10.0, gap=2.0) for _ in range(8)]) == [list(range(8))]


def test_a_heading_goes_over_with_what_it_introduces_where_greedy_would_strand_it() -> None:
    """Greedy filling puts the heading at the foot of page 1 and its paragraph on page 2."""
    boxes = [Box(60.0), Box(10.0, gap=5.0), Box(30.0, gap=5.0, breaks=NEVER)]
    assert _pages(boxes) == [[0], [1, 2]]


def test_no_lone_item_at_the_head_of_the_next_page() -> None:
    """Four of five items fit under the filler: the fourth goes over with the fifth."""
    boxes = [Box(55.0), *_run(5)]
    boxes[1] = replace(boxes[1], gap=0.0)
    assert _pages(boxes) == [[0, 1, 2, 3], [4, 5]]


def test_no_lone_item_at_the_foot_of_a_page() -> None:
    """Room for one item under the filler: the list starts the next page, whole."""
    assert _pages([Box(85.0), *_run(5)]) == [[0], [1, 2, 3, 4, 5]]


def test_a_keep_gives_way_when_nothing_else_fits() -> None:
    """A page holds two items: two either side cannot hold, so a lone item is taken rather
    than refusing the list; and a heading whose block fills a page of its own is left."""
    pages = _pages(_run(5), room=20.0)
    assert len(pages) == 3 and [i for page in pages for i in page] == list(range(5))
    assert _pages([Box(10.0), Box(95.0, breaks=NEVER)]) == [[0], [1]]


def test_a_forced_break_is_always_taken_and_nothing_else_is_needed() -> None:
    boxes = [Box(10.0), Box(10.0, breaks=FORCED), Box(10.0)]
    assert _pages(boxes) == [[0], [1, 2]]


def test_a_scant_last_page_takes_boxes_from_the_page_before_up_to_the_least_fill() -> None:
    """Ten boxes, nine to a page: greedy leaves one alone on page 2 (11% full); with a
    least fill of 30%, three go over (32%), and page 1 keeps seven."""
    boxes = [Box(10.0) for _ in range(10)]
    assert choose_breaks(boxes, 95.0, least=0.3) == [range(7), range(7, 10)]
    assert choose_breaks(boxes, 95.0) == [range(9), range(9, 10)]


def _table(rows: int) -> list[Box]:
    """A table of 10-point rows: its header row, then rows that repeat it on a page they
    open, with the table's keeps between them."""
    head = Box(10.0)
    first = Box(10.0, breaks=NEVER)  # kept with the header
    rest = run_breaks(rows, 2)[1:]
    return [head, first, *(Box(10.0, breaks=b, header=head, tail=True) for b in rest)]


def test_a_table_tail_shares_the_last_two_pages_rather_than_leave_two_rows_alone() -> None:
    """Eleven rows under a header, nine to a page: greedy leaves two rows under a repeated
    header (30% of the last page, over the least fill); an editor moves rows over from the
    page before so that neither page is a sliver. Lines of a list (no repeated header) keep
    filling the page before, as they did."""
    pages = choose_breaks(_table(11), 100.0, least=0.3)
    rows_after = len(pages[-1])
    assert len(pages) == 2 and rows_after >= 3, pages
    assert len(pages[0]) - 1 >= 6  # the page before stays two-thirds full
    lines = [Box(10.0, breaks=b) for b in run_breaks(13, 2)]  # three alone: 30% too
    assert choose_breaks(lines, 100.0, least=0.3) == [range(10), range(10, 13)]


def test_a_first_page_holds_less_and_glue_gives_to_save_a_page() -> None:
    """The first page's foot holds the scale check: it takes fewer boxes than the next;
    a document a little over a page fits it where its glue may shrink that much."""
    boxes = [Box(10.0, gap=5.0 if i else 0.0) for i in range(7)]  # 100 high
    assert choose_breaks(boxes, 100.0, first_room=70.0) == [range(5), range(5, 7)]
    assert choose_breaks(boxes, 94.0) == [range(6), range(6, 7)]
    assert choose_breaks(boxes, 94.0, shrink=0.2) == [range(7)]
    placed = place(boxes, 94.0)  # 6 of its 30 points of glue given: 4 each
    assert [p.y for p in placed] == pytest.approx([0.0, -14.0, -28.0, -42.0, -56.0, -70.0, -84.0])


def test_glue_at_a_page_top_is_dropped_and_a_continued_table_repeats_its_header() -> None:
    header = Box(8.0, (Line(0, 0, 50, 0, "#000000", 1),))
    row = Box(30.0, (Rect(0, -30, 50, 30, Paint()),), gap=4.0, header=header)
    rows = [replace(row, header=None), *[row] * 4]
    pages = choose_breaks(rows, 100.0)
    assert [len(page) for page in pages] == [3, 2]
    second = place(rows[pages[1].start : pages[1].stop], 100.0)
    # The repeated header is page furniture to a reader: read once, where the table began.
    assert second[0].y == 0.0 and second[0].items == (Artifact(header.items, "Pagination"),)
    assert second[1].y == -8.0  # the row's gap is dropped at the page's top, under the header


def test_a_stretching_box_takes_its_page_spare_height_up_to_its_stretch() -> None:
    """A score sheet's rows grow to twice their height at most (their stretch): a sheet
    alone on a page is not drawn with rows three times as tall as they are."""
    drawn: list[float] = []

    def grown(extra: float) -> tuple[Item, ...]:
        drawn.append(extra)
        return ()

    boxes = [Box(20.0), Box(30.0, gap=10.0, stretch=40.0, stretched=grown)]
    placed = place(boxes, 100.0)
    assert drawn == [40.0] and placed[1].y == -30.0
    rows = [Box(20.0, stretch=20.0, stretched=grown), Box(20.0, stretch=20.0, stretched=grown)]
    place(rows, 200.0)  # 160 points spare: each row takes 20 of them, no more
    assert drawn[1:] == [20.0, 20.0]
