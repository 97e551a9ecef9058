"""Lists break over pages between items; a heading keeps with the first items, not the whole list.

Typesetting's usual rule: a heading never ends a page alone, but it keeps with the start of
the block it introduces, and a list may go on over the page with its numbers carried, leaving
no lone item at a page's foot or head. Tables and other blocks keep whole (tables split by
their own rows, in `tables`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pypdfium2 as pdfium
import pytest
import yaml

from shapes_print import pipeline
from shapes_print.load.content import load_document
from shapes_print.load.models import SheetStyle
from shapes_print.plan.breaks import break_list
from shapes_print.plan.context import DrawContext
from shapes_print.plan.sheets import SheetInputs, plan_sheets
from shapes_print.primitives import Group, Item, Page, Text
from shapes_print.units import mm, parse_length
from tests.pdfread import page_lines

A4 = (mm(210), mm(297))
ROOT = Path(__file__).resolve().parent.parent
STYLE = yaml.safe_load((ROOT / "templates" / "sheet.yaml").read_text(encoding="utf-8"))
MARGIN, FOOTER = parse_length(STYLE["margin"]), parse_length(STYLE["footer_height"])
NUMBERED = re.compile(r"^(\d+)\. ")
CONTINUED = re.compile(r"^(•|([2-9]|\d\d+)\. )")  # a page opening on a list's second item or later


# ---- the page arithmetic ---------------------------------------------------------------


def test_a_list_that_fits_is_one_part_of_its_whole_height() -> None:
    breaks = break_list([10.0] * 4, 2.0, 100.0, 200.0, 2)
    assert breaks.parts == [(range(0, 4), 48.0)]  # the last item keeps the gap after it


def test_a_list_breaks_after_the_most_items_that_fit() -> None:
    breaks = break_list([10.0] * 8, 0.0, 35.0, 60.0, 2)
    assert [(part.start, part.stop) for part, _ in breaks.parts] == [(0, 3), (3, 8)]
    assert breaks.parts[0][1] == 30.0 and breaks.lead == 20.0


def test_no_lone_item_at_the_head_of_the_next_page() -> None:
    """Four of five fit: the fourth goes over with the fifth rather than leave it alone."""
    breaks = break_list([10.0] * 5, 0.0, 45.0, 100.0, 2)
    assert [(part.start, part.stop) for part, _ in breaks.parts] == [(0, 3), (3, 5)]


def test_no_lone_item_at_the_foot_of_a_page() -> None:
    """Room for one item only: the list starts the next page, whole (its part is taller than
    the room left, so the flow turns the page)."""
    breaks = break_list([10.0] * 5, 0.0, 15.0, 100.0, 2)
    assert breaks.parts == [(range(0, 5), 50.0)]


def test_a_list_too_short_to_break_well_stays_whole_and_a_heading_keeps_with_all_of_it() -> None:
    breaks = break_list([10.0] * 3, 1.0, 25.0, 100.0, 2)
    assert breaks.parts == [(range(0, 3), 33.0)] and breaks.lead == 33.0


def test_a_list_longer_than_pages_allow_breaks_where_it_must() -> None:
    """A page holds two items: keeping two either side cannot hold, so a lone item is forced
    rather than refusing the list."""
    breaks = break_list([10.0] * 5, 0.0, 20.0, 20.0, 2)
    assert [(part.start, part.stop) for part, _ in breaks.parts] == [(0, 2), (2, 4), (4, 5)]


# ---- the flow, on a synthetic sheet ----------------------------------------------------


@pytest.fixture(scope="module")
def large_print() -> tuple[DrawContext, SheetStyle]:
    ctx = pipeline.load_project(pipeline.Sources(), ["collect-3"], ["large-print"]).ctx
    return ctx, ctx.style


def _plan(tmp_path: Path, ctx: DrawContext, blocks: list[dict[str, object]]) -> list[Page]:
    path = tmp_path / "sheet.yaml"
    sheet = {
        "name": "sheet",
        "title": "Sheet",
        "audience": "players",
        "sections": [{"blocks": blocks}],
    }
    path.write_text(yaml.safe_dump(sheet), encoding="utf-8")
    return plan_sheets(load_document(path), SheetInputs({}, {}, {}, 4, "print line"), A4, ctx)


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


def _inside(page: Page, style: SheetStyle) -> bool:
    """Every line between the footer and the top margin: nothing clipped or over the foot.

    Lines are drawn with their cap height (0.75 of the size) under the block's top and their
    descent (0.25) above its foot, as `sheets` measures them."""
    lines = _content(page, style)
    return all(
        t.y - t.size * 0.25 >= FOOTER - 1e-6 and t.y + t.size * 0.75 <= page.height - MARGIN + 1e-6
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
    pages = _plan(tmp_path, ctx, [{"heading": "Steps"}, {"steps": steps}])
    assert len(pages) > 1
    per_page = [_markers(page, style) for page in pages]
    assert [n for numbers in per_page for n in numbers] == list(range(1, 31))
    assert all(len(numbers) >= style.list_keep for numbers in per_page)
    assert "Steps" in [t.text for t in _content(pages[0], style)]
    assert all(_inside(page, style) for page in pages)
    for page in pages[:-1]:
        # Filled to its foot: less room is left under the last item than two more items take
        # (a break before the last item sends two over, rather than leave one alone).
        markers = sorted(
            (t.y for t in _content(page, style) if re.fullmatch(r"\d+\.", t.text)), reverse=True
        )
        pitch = markers[0] - markers[1]
        lowest = min(t.y - t.size * 0.25 for t in _content(page, style))
        assert lowest - FOOTER < 2 * pitch, (lowest - FOOTER, pitch)


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
    pages = _plan(tmp_path, ctx, [{"text": filler}, {"subheading": "Set up"}, {"steps": steps}])
    first = [t.text for t in _content(pages[0], style)]
    assert "Set up" in first and {"1.", "2."} <= set(first)
    assert [n for page in pages for n in _markers(page, style)] == list(range(1, 7))
    assert _markers(pages[1], style)[0] > 2 and len(pages) == 2
    assert all(_inside(page, style) for page in pages)


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
        pages = [[t.text for t in _content(page, style)] for page in _plan(tmp_path, ctx, blocks)]
        where = {text: number for number, texts in enumerate(pages) for text in texts}
        assert where["Rules"] == where["Set up"] == where["1."] == where["2."], sentences
        moved += where["Rules"] == 1
    assert 0 < moved < 14  # some fillers leave room for the run and some do not


# ---- real kits, read back from their PDFs ----------------------------------------------


@pytest.fixture(scope="module")
def collect3_large(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("lp-breaks")
    pipeline.build(
        pipeline.Sources(),
        ["collect-3"],
        pipeline.BuildOptions("4", "a4"),
        out,
        labels=["large-print"],
    )
    return out / "collect-3/large-print/a4/4-players/collect-3_4p_a4_large-print_sheets.pdf"


def test_collect3_large_print_set_up_starts_under_the_setup_table(collect3_large: Path) -> None:
    """The Set up steps used to move, heading and all, to page 2, leaving page 1 with only its
    table; now the heading and the first steps follow the table, and the rest go over the
    page still numbered 4 and 5, the arrow after them."""
    pages = page_lines(collect3_large)
    first, second = pages[0], pages[1]
    assert first[0] == "Collect 3: setup for 4 players" and "Set up" in first
    assert [m[1] for line in first if (m := NUMBERED.match(line))] == ["1", "2", "3"]
    assert second[0].startswith("4. Choose the Task")
    assert [m[1] for line in second if (m := NUMBERED.match(line))] == ["4", "5"]
    assert "Pass cards this way" in second
    # The Task list writes each example out; "Where the rules are silent" takes a page.
    assert len(pages) == 14


def _fill(path: Path, index: int) -> float:
    """How far down a page's content box its text reaches, 0 (empty) to 1 (to the footer)."""
    document = pdfium.PdfDocument(path)
    try:
        page = document[index]
        top = page.get_height() - MARGIN
        textpage = page.get_textpage()
        bottoms = [textpage.get_charbox(i)[1] for i in range(textpage.count_chars())]
        lowest = min(b for b in bottoms if b > FOOTER - 1)
        return (top - lowest) / (top - FOOTER)
    finally:
        document.close()


def test_a_page_ends_full_when_a_list_goes_on_over_it_and_keeps_its_numbers(labelled: Path) -> None:
    """Every sheet, host key and printing guide of every label set: where a page opens on a
    list's continuation, the page before is at least 70% full and the numbers run on."""
    continued = 0
    for pdf in sorted(labelled.rglob("*.pdf")):
        if pdf.name.endswith("cards.pdf"):
            continue
        pages = page_lines(pdf)
        for index in range(1, len(pages)):
            head = pages[index][0] if pages[index] else ""
            if not CONTINUED.match(head):
                continue
            continued += 1
            assert _fill(pdf, index - 1) >= 0.7, (pdf.name, index)
            if number := NUMBERED.match(head):
                last = [m[1] for line in pages[index - 1] if (m := NUMBERED.match(line))][-1]
                assert int(number[1]) == int(last) + 1, (pdf.name, index)
    assert continued  # large print breaks lists somewhere, or this tests nothing
