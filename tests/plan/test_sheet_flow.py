"""A sheet's flow over pages, on a synthetic large-print sheet planned once: a list goes on
with its numbers, a heading keeps with its first items (or its subheading, or its table's
first row), steps never split; a heading's lines balance and a sum never breaks beside its
operators."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from shapes_print.geometry.primitives import Group, Item, Page, Text
from shapes_print.kit.context import DrawContext
from shapes_print.load.printmodels import SheetStyle
from shapes_print.pipeline import pipeline
from shapes_print.plan.paragraphs import Column, Setting, lines_of
from shapes_print.text.fit import wrap
from shapes_print.units import parse_length
from tests.tinygame import planned_sheet

ROOT = Path(__file__).resolve().parents[2]
STYLE = yaml.safe_load((ROOT / "templates" / "sheet.yaml").read_text(encoding="utf-8"))
MARGIN = parse_length(STYLE["margin"])

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


def test_a_phrase_joined_by_no_break_spaces_breaks_there_where_it_must(
    large_print: tuple[DrawContext, SheetStyle],
) -> None:
    """French's 'papier\u00a0ordinaire' (a no-break space, so it stays one line where it
    fits) in a narrow table cell at large print breaks at its space, not between its
    letters, and is not refused even where words may not break (`overflow` off); a no-break
    space after a number or before punctuation still holds."""
    ctx, style = large_print
    size = style.body_size
    width = ctx.fonts.regular.width("ordinaire", size) * 1.1
    narrow = Setting(size, overflow=False)
    for overflow in (True, False):
        setting = Setting(size, overflow=overflow)
        lines = lines_of(Column(ctx, width, 500.0), "papier\u00a0ordinaire", setting, width, None)
        assert lines == ("papier", "ordinaire"), lines
    held = "50\u00a0mm\u202f: papier"
    room = ctx.fonts.regular.width("50\u00a0mm\u202f:", size) * 1.05
    lines = lines_of(Column(ctx, room, 500.0), held, narrow, room, None)
    assert lines == ("50\u00a0mm\u202f:", "papier"), lines
