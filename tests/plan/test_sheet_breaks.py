"""Lists break over pages between items; a heading keeps with the first items, not the whole list.

Typesetting's usual rule: a heading never ends a page alone, but it keeps with the start of
the block it introduces, and a list may go on over the page with its numbers carried, leaving
no lone item at a page's foot or head. Tables and other blocks keep whole (tables split by
their own rows, in `tables`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path

import pytest
import yaml
from msgspec.structs import replace

from shapes_print.geometry.primitives import Artifact, Group, Item, Line, Page, Paint, Rect, Text
from shapes_print.kit.context import DrawContext
from shapes_print.load.printmodels import SheetStyle
from shapes_print.pipeline import pipeline
from shapes_print.plan.breaks import FORCED, NEVER, run_breaks
from shapes_print.plan.flow import Box, choose_breaks, place
from shapes_print.plan.paragraphs import Column, Setting, lines_of
from shapes_print.text.fit import wrap
from shapes_print.units import parse_length
from tests.planfill import content, fill
from tests.planned import PlannedSheets
from tests.tinygame import planned_sheet

ROOT = Path(__file__).resolve().parents[2]
STYLE = yaml.safe_load((ROOT / "templates" / "sheet.yaml").read_text(encoding="utf-8"))
MARGIN = parse_length(STYLE["margin"])
# A list item's number or bullet: a line of its own in the plan.
NUMBERED = re.compile(r"(\d+)\.")
CONTINUED = re.compile(r"•|([2-9]|\d\d+)\.")  # a page opening on a list's second item or later


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


# ---- the flow, on a synthetic sheet ----------------------------------------------------


@pytest.fixture(scope="module")
def large_print() -> tuple[DrawContext, SheetStyle]:
    ctx = pipeline.load_project(pipeline.Sources(), ["collect-3"], ["large-print"]).ctx
    return ctx, ctx.style


def _texts(items: tuple[Item, ...], dx: float = 0.0, dy: float = 0.0) -> Iterator[Text]:
    """Every line of text on a page at its place on the page (sheets do not scale text)."""
    for item in items:
        if isinstance(item, Group):
            assert item.scale == 1.0 and item.angle == 0.0
            yield from _texts(item.items, dx + item.dx, dy + item.dy)
        elif isinstance(item, Text):
            yield Text(item.x + dx, item.y + dy, item.text, item.font, item.size, item.colour)


def _content(page: Page, style: SheetStyle) -> list[Text]:
    """The page's text inside its content box (the furniture prints in the margins below)."""
    return [t for t in _texts(page.items) if t.size >= style.body_size]


def _markers(page: Page, style: SheetStyle) -> list[int]:
    return [int(t.text[:-1]) for t in _content(page, style) if re.fullmatch(r"\d+\.", t.text)]


def _footer(style: SheetStyle, index: int) -> float:
    """Where a page's content box ends: the first page's foot holds the scale check."""
    return style.footer_height if index == 0 else style.running_footer_height


def _inside(page: Page, style: SheetStyle, index: int) -> bool:
    """Every line between the footer and the top margin: nothing clipped or over the foot.

    Lines are drawn with their cap height (0.75 of the size) under the block's top and their
    descent (0.25) above its foot, as `sheets` measures them."""
    lines = _content(page, style)
    foot = _footer(style, index)
    return all(
        t.y - t.size * 0.25 >= foot - 1e-6 and t.y + t.size * 0.75 <= page.height - MARGIN + 1e-6
        for t in lines
    )


def test_a_list_longer_than_a_page_flows_on_with_its_numbers(
    tmp_path: Path, large_print: tuple[DrawContext, SheetStyle]
) -> None:
    """Thirty two-line steps at 18 pt: more than a page holds, so before lists broke this
    was refused as a block taller than the page. Now each page takes what fits."""
    ctx, style = large_print
    steps = [
        f"Step {n}: move the marker one space along the track and say the number out loud."
        for n in range(1, 31)
    ]
    pages = planned_sheet(tmp_path, ctx, [{"heading": "Steps"}, {"steps": steps}])
    assert len(pages) > 1
    per_page = [_markers(page, style) for page in pages]
    assert [n for numbers in per_page for n in numbers] == list(range(1, 31))
    assert all(len(numbers) >= style.list_keep for numbers in per_page)
    assert "Steps" in [t.text for t in _content(pages[0], style)]
    assert all(_inside(page, style, index) for index, page in enumerate(pages))
    for index, page in enumerate(pages[:-1]):
        # Filled to its foot: less room is left under the last item than two more items take
        # (a break before the last item sends two over, rather than leave one alone).
        markers = sorted(
            (t.y for t in _content(page, style) if re.fullmatch(r"\d+\.", t.text)), reverse=True
        )
        pitch = markers[0] - markers[1]
        lowest = min(t.y - t.size * 0.25 for t in _content(page, style))
        foot = _footer(style, index)
        assert lowest - foot < 2 * pitch, (lowest - foot, pitch)


def test_a_heading_near_the_foot_keeps_with_the_first_items_not_the_whole_list(
    tmp_path: Path, large_print: tuple[DrawContext, SheetStyle]
) -> None:
    ctx, style = large_print
    filler = (
        "This paragraph fills the top of the page before the list begins, as a setup table does. "
        * 6
    )
    steps = [
        f"Step {n}: a long instruction that wraps over several lines at eighteen points, "
        "so the whole list is taller than the room left under the paragraph."
        for n in range(1, 7)
    ]
    pages = planned_sheet(
        tmp_path, ctx, [{"text": filler}, {"subheading": "Set up"}, {"steps": steps}]
    )
    first = [t.text for t in _content(pages[0], style)]
    assert "Set up" in first and {"1.", "2."} <= set(first)
    assert [n for page in pages for n in _markers(page, style)] == list(range(1, 7))
    assert _markers(pages[1], style)[0] > 2 and len(pages) == 2
    assert all(_inside(page, style, index) for index, page in enumerate(pages))


def _where(pages: list[Page], style: SheetStyle) -> dict[str, int]:
    """The page (from 0) each line of content text is on, by its words."""
    return {t.text: number for number, page in enumerate(pages) for t in _content(page, style)}


def test_four_steps_never_split_wherever_the_page_foot_falls(
    tmp_path: Path, large_print: tuple[DrawContext, SheetStyle]
) -> None:
    """A procedure of `keep_steps` or fewer steps reads as one: it goes over whole (Shapes
    the Game's 4-step "Rebuilding the deck" split 2 | 2 in every host key); five may split."""
    ctx, style = large_print
    assert style.keep_steps == 4
    steps = [f"Step {n}: a long instruction that wraps over two lines here." for n in range(1, 6)]
    split = {4: 0, 5: 0}
    for sentences in range(8, 24):
        filler = "This paragraph fills the top of the page before the steps begin. " * sentences
        for count in split:
            after = {"text": "This paragraph fills the page after them. " * 12}
            blocks = [{"text": filler}, {"subheading": "Set up"}, {"steps": steps[:count]}, after]
            where = _where(planned_sheet(tmp_path, ctx, blocks), style)
            split[count] += len({where[f"{n}."] for n in range(1, count + 1)}) > 1
    assert split[4] == 0 and split[5] > 0


def test_a_heading_and_its_intro_go_over_with_the_first_row_of_their_table(
    tmp_path: Path, large_print: tuple[DrawContext, SheetStyle]
) -> None:
    """Collect 3's "Task list" and its one-line intro ended a page with the table on the
    next in 8 of 9 player counts on A4: now the heading, the intro and the table's header
    and first row share a page, wherever the paragraph above leaves the foot."""
    ctx, style = large_print
    rows = [[f"{n}", f"Task {n}: cards that make a run"] for n in range(1, 25)]
    table = {"columns": ["No.", "Task"], "rows": rows}
    moved = 0
    for sentences in range(8, 24):
        filler = "This paragraph fills the top of the page before the list begins. " * sentences
        intro = "The dealer picks one Task each round."
        blocks = [{"text": filler}, {"heading": "Task list"}, {"text": intro}, {"table": table}]
        where = _where(planned_sheet(tmp_path, ctx, blocks), style)
        assert where["Task list"] == where[intro] == where["No."] == where["1"], sentences
        moved += where["Task list"] == 1
    assert 0 < moved < 16  # some fillers leave room for them and some do not


def test_a_heading_keeps_with_its_subheading_and_what_that_introduces(
    tmp_path: Path, large_print: tuple[DrawContext, SheetStyle]
) -> None:
    """A heading right above a subheading keeps with the subheading and the first items
    under it, wherever the paragraph above leaves the page's foot; it used to keep with the
    subheading alone, and could be left at the foot with the list's start on the next page."""
    ctx, style = large_print
    steps = [
        f"Step {n}: a long instruction that wraps over several lines at eighteen points."
        for n in range(1, 7)
    ]
    moved = 0
    for sentences in range(8, 22):
        filler = "This paragraph fills the top of the page before the rules begin. " * sentences
        blocks = [
            {"text": filler},
            {"heading": "Rules"},
            {"subheading": "Set up"},
            {"steps": steps},
        ]
        pages = [
            [t.text for t in _content(page, style)] for page in planned_sheet(tmp_path, ctx, blocks)
        ]
        where = {text: number for number, texts in enumerate(pages) for text in texts}
        assert where["Rules"] == where["Set up"] == where["1."] == where["2."], sentences
        moved += where["Rules"] == 1
    assert 0 < moved < 14  # some fillers leave room for the run and some do not


# ---- real kits, planned (tests/planned.py) ----------------------------------------------


def _words(page: Page) -> list[str]:
    """A planned page's lines of text in reading order, its furniture left out: a list
    item's number or bullet is a line of its own, as is each table cell's line."""
    return list(_lines(tuple(content(page))))


def _lines(items: tuple[Item, ...]) -> Iterator[str]:
    for item in items:
        if isinstance(item, Group | Artifact):
            yield from _lines(item.items)
        elif isinstance(item, Text):
            yield item.text


def _game_and_players(doc: PlannedSheets) -> tuple[str, int]:
    """A planned file's game and player count, from its name (`collect-3_4p_...`)."""
    game, players = doc.name.split("_")[:2]
    return game, int(players.removesuffix("p"))


def _fewest_and_most(planned: list[PlannedSheets]) -> list[PlannedSheets]:
    """The documents of each game's fewest and most players."""
    counts: dict[str, list[int]] = {}
    for doc in planned:
        game, players = _game_and_players(doc)
        counts.setdefault(game, []).append(players)
    ends = {game: (min(found), max(found)) for game, found in counts.items()}
    return [doc for doc in planned if _game_and_players(doc)[1] in ends[_game_and_players(doc)[0]]]


def test_collect3_large_print_set_up_starts_under_the_setup_table(
    planned_sheets: list[PlannedSheets],
) -> None:
    """The Set up steps used to move, heading and all, to page 2, leaving page 1 with only its
    table; then they broke after step 3 with a page started for each section. The table
    sits under "Set up" itself: heading and table open a page together (page 2, now that
    the rules' whole winning-score table closes page 1 under the Objective), the steps
    follow under the table and go over whole (never one step alone: `list_keep`), the
    arrow under them: 13 pages at most with the kit's rulings added."""
    (doc,) = (d for d in planned_sheets if d.name == "collect-3_4p_a4_large-print_sheets")
    pages = [_words(page) for page in doc.document.pages]
    first = pages[0]
    assert first[0] == "Collect 3: setup for 4 players" and "Recommended winning score" in first
    at = next(i for i, words in enumerate(pages) if "Set up" in words)
    here, after = pages[at], pages[at + 1]
    setup = here.index("Set up")
    dealt = here.index("Cards dealt to each player")
    assert (at == 0 or setup == 0) and setup < dealt and here[dealt + 1] == "3"
    on_first = [m[1] for line in here if (m := NUMBERED.fullmatch(line))]
    assert on_first in ([], ["1", "2"], ["1", "2", "3"])  # whole, or two at least either side
    assert after[0] == f"{len(on_first) + 1}."
    assert any(a == "5." and b.startswith("Seating") for a, b in pairwise(after))
    assert "Pass cards this way" in after
    assert len(pages) <= 13


def test_a_page_ends_full_when_a_list_goes_on_over_it_and_keeps_its_numbers(
    planned_sheets: list[PlannedSheets],
) -> None:
    """Every sheet, host key and printing guide of every label set, for the fewest and the
    most players of each game: where a page opens on a list's continuation, the page before
    is at least 65% full and the numbers run on. (Not fuller: a page may stop two items early
    rather than leave one alone at the next page's head, as large-print Collect 3 at 10
    players on Letter does at 69%.)"""
    continued = 0
    for doc in _fewest_and_most(planned_sheets):
        pages = doc.document.pages
        for index in range(1, len(pages)):
            lines = _words(pages[index])
            if not lines or not CONTINUED.fullmatch(lines[0]):
                continue
            continued += 1
            before = pages[index - 1]
            full = fill(doc.style, before, doc.document.symbols, index == 1)
            assert full >= 0.65, (doc.name, index, full)
            if number := NUMBERED.fullmatch(lines[0]):
                last = [m[1] for line in _words(before) if (m := NUMBERED.fullmatch(line))][-1]
                assert int(number[1]) == int(last) + 1, (doc.name, index)
    assert continued  # large print breaks lists somewhere, or this tests nothing


# ---- lines ------------------------------------------------------------------------------


def test_a_heading_balances_its_lines_so_none_ends_on_a_lone_word(
    large_print: tuple[DrawContext, SheetStyle],
) -> None:
    """Greedy wrapping leaves "players" alone on the last line at some widths; a heading is
    set narrower, in as many lines, so its last line holds two words or more."""
    ctx, style = large_print
    text = "Pass and pick shapes: setup for 3 players"
    font, size = ctx.fonts.bold, style.heading_size
    widths = [font.width(text, size) * share / 100 for share in range(55, 100)]
    lonely = [w for w in widths if len((wrap(text, font, size, w) or ("",))[-1].split()) == 1]
    assert lonely  # the greedy wrap does strand a word at some of these widths
    for width in lonely:
        col = Column(ctx, width, 500.0)
        greedy = wrap(text, font, size, width)
        balanced = lines_of(col, text, Setting(size, True, balance=True), width, None)
        assert greedy is not None and len(balanced) == len(greedy)
        assert len(balanced[-1].split()) >= 2, balanced


def test_a_sum_never_breaks_beside_its_operators(
    large_print: tuple[DrawContext, SheetStyle],
) -> None:
    ctx, style = large_print
    text = "Cards in play: 6 + 6 + 6 = 18"
    font, size = ctx.fonts.regular, style.body_size
    least = font.width("6 + 6 + 6 = 18", size)  # any narrower, and the sum must break
    for share in range(100, 200, 5):
        width = least * share / 100
        lines = lines_of(Column(ctx, width, 500.0), text, Setting(size), width, None)
        assert all(not line.endswith(("+", "=")) for line in lines), lines
        assert lines[-1].endswith("=\u00a018")


def test_a_short_table_stays_on_one_page_in_every_english_label_set(
    planned_sheets: list[PlannedSheets],
) -> None:
    """Shapes the Game's "What to pull out" (5 rows) used to split 3 + 2 over two pages; a
    table that goes on over a page repeats its header there, so one header means one page."""
    keys = [
        doc
        for doc in planned_sheets
        if doc.name.startswith("shapes-the-game_")
        and doc.name.endswith("host-key")
        and doc.document.lang == "en"
    ]
    assert len(keys) >= 8
    for doc in keys:
        pages = [" ".join(_words(page)) for page in doc.document.pages]
        (page,) = [text for text in pages if "Variant Players Take out" in text]
        words = " ".join(page.split())
        for variant in ("Main game", "Survivor", "Card Drafting", "Classic 2-4", "Solitaire 1"):
            assert variant in words, (doc.name, variant)
