"""What planning remembers within a process gives what planning afresh gives: a text's
width, a plain paragraph, a document's page breaks, a table's column widths and a shared
across table are kept by all they are made from, so a change to any of it is made again and
never served stale; a print-and-play file takes its cards parts' pages as they are asked."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from msgspec.structs import replace

from shapes_print.buildcache import BuildCache
from shapes_print.errors import Source, UserError
from shapes_print.geometry.primitives import RGB, Page, Text
from shapes_print.kit.context import DrawContext
from shapes_print.kit.variant import make_variant
from shapes_print.load.content import Block
from shapes_print.load.defaults import DEFAULT_LABELS, DEFAULT_TEMPLATES
from shapes_print.load.labels import load_labels
from shapes_print.load.models import CardsCell, TableBlock
from shapes_print.plan.blockshare import draw_block
from shapes_print.plan.breaks import FORCED
from shapes_print.plan.cells import SheetInputs
from shapes_print.plan.flow import Box, Part, Placed, choose_breaks, grouped
from shapes_print.plan.madepages import MadePages
from shapes_print.plan.pagenumbers import Names, NumberedPages, Run, is_running_foot
from shapes_print.plan.paragraphs import Column, Setting, paragraph
from shapes_print.plan.sheetpages import LaidPage, LaidSheets
from shapes_print.plan.tables import Regrouped, column_widths, shared_widths

WHERE = Source(Path("rules.yaml"), 3, 9)
SIZE = 12.0
WORDS = "Each player takes five cards and the first player starts the round"


@pytest.fixture(scope="module")
def ctx() -> DrawContext:
    return make_variant(DEFAULT_TEMPLATES, {}, load_labels("standard", DEFAULT_LABELS)).ctx


def _texts(items: list[object]) -> list[Text]:
    return [item for item in items if isinstance(item, Text)]


def test_a_width_is_the_sum_of_its_advances_at_every_size_and_in_each_font(
    ctx: DrawContext,
) -> None:
    regular, bold = ctx.fonts.regular, ctx.fonts.bold
    advances = sum(regular.advances.get(ord(ch), regular.missing_width) for ch in WORDS)
    for size in (SIZE, SIZE * 2, 7.5):  # the first call keeps it, the others read it
        assert regular.width(WORDS, size) == 0.001 * size * advances
    assert bold.width(WORDS, SIZE) != regular.width(WORDS, SIZE)


def test_a_paragraph_kept_is_the_one_drawn_afresh_and_a_change_draws_it_again(
    ctx: DrawContext,
) -> None:
    column = Column(ctx, 400.0, 600.0)
    height, items = paragraph(column, WORDS, Setting(SIZE), 120.0, WHERE)
    again, kept = paragraph(column, WORDS, Setting(SIZE), 120.0, WHERE)
    assert (again, kept) == (height, items) and kept is not items
    kept.clear()  # a caller's list is its own: the next one is whole
    assert paragraph(column, WORDS, Setting(SIZE), 120.0, WHERE)[1] == items
    wider = _texts(paragraph(column, WORDS, Setting(SIZE), 300.0, WHERE)[1])
    assert len(wider) < len(_texts(items))
    bold = _texts(paragraph(column, WORDS, Setting(SIZE, True), 120.0, WHERE)[1])
    assert {t.font for t in bold} == {ctx.fonts.bold.name}
    moved = _texts(paragraph(column, WORDS, Setting(SIZE), 120.0, WHERE, x=5.0)[1])
    assert {t.x for t in moved} == {5.0}
    red = RGB(200, 0, 0)
    inked = Column(replace(ctx, style=ctx.style.model_copy(update={"ink": red})), 400.0, 600.0)
    assert {t.colour for t in _texts(paragraph(inked, WORDS, Setting(SIZE), 120.0, WHERE)[1])} == {
        red
    }


def test_a_word_too_wide_is_refused_every_time(ctx: DrawContext) -> None:
    """A column narrower than one letter: no break between letters fits it either."""
    column = Column(ctx, 400.0, 600.0)
    for _ in range(2):
        with pytest.raises(UserError, match="wider than"):
            paragraph(column, "Unbreakablewordthatneverfits", Setting(SIZE), 2.0, WHERE)


def _boxes(heights: list[float], forced: int | None = None) -> list[Box]:
    return [Box(h, gap=2.0, breaks=FORCED if i == forced else 0.0) for i, h in enumerate(heights)]


def test_breaks_kept_are_chosen_by_the_boxes_measures_alone() -> None:
    heights = [30.0, 40.0, 25.0, 50.0, 35.0, 45.0, 20.0]
    pages = choose_breaks(_boxes(heights), 100.0)
    assert [len(p) for p in pages] == [3, 2, 2]  # 30 + 2 + 40 + 2 + 25 fill 99 of 100
    # Boxes measured the same (other items) share the choice; each call has its own list.
    same = choose_breaks([replace(b, role="P") for b in _boxes(heights)], 100.0)
    assert same == pages and same is not pages
    # Any measure that differs is chosen again: a height, a forced break, the room.
    assert choose_breaks(_boxes([30.0, 90.0, *heights[2:]]), 100.0) != pages
    assert choose_breaks(_boxes(heights, forced=1), 100.0)[0] == range(0, 1)
    assert len(choose_breaks(_boxes(heights), 200.0)) < len(pages)
    headed = [replace(b, header=Box(60.0)) if i else b for i, b in enumerate(_boxes(heights))]
    assert choose_breaks(headed, 100.0) != pages


def test_column_widths_kept_are_those_found_afresh() -> None:
    args = ([1.4, 0.6, 1.0, 2.0], [195.0, 63.0, 51.0, 71.0], 510.0, [195.0, 63.0, 105.0, 184.0])
    first = column_widths(*args)
    assert first == shared_widths(*args)
    first[0] = -1.0  # the caller's list is its own
    assert column_widths(*args) == shared_widths(*args)
    assert column_widths(args[0], args[1], 600.0, args[3]) == shared_widths(
        args[0], args[1], 600.0, args[3]
    )
    assert column_widths(args[0], args[1], 510.0) == shared_widths(args[0], args[1], 510.0)


def test_an_across_table_is_shared_whole_by_kits_that_read_the_same(ctx: DrawContext) -> None:
    column = Column(ctx, 400.0, 600.0)
    block = Block("table", "{label} {players}", WHERE)
    drawn: list[Regrouped] = []

    def draw(
        col: Column, value: str, values: Mapping[str, Any], inputs: SheetInputs, where: Source
    ) -> Regrouped:
        made = Regrouped([Box(10.0)], lambda chunks: [Box(10.0)])
        drawn.append(made)
        return made

    build = BuildCache()

    def kit(players: int, other: str = "", cache: BuildCache = build) -> SheetInputs:
        values = {"label": "Cards", "players": players, "other": other}
        return SheetInputs(values, {}, {}, players, "", cache=cache)

    first = draw_block(draw, block, column, kit(3).values, kit(3))
    assert draw_block(draw, block, column, kit(3).values, kit(3)) is first
    assert len(drawn) == 1
    # A value it reads differs: drawn again; one it does not read: shared.
    assert draw_block(draw, block, column, kit(4).values, kit(4)) is drawn[-1] is not first
    assert draw_block(draw, block, column, kit(3, "x").values, kit(3, "x")) is first
    assert len(drawn) == 2
    # Another build shares nothing with this one, nor does the next (a watch rebuild).
    for other in (BuildCache(), build.next()):
        again = kit(3, cache=other)
        assert draw_block(draw, block, column, again.values, again) is drawn[-1] is not first
    assert len(drawn) == 4


def test_a_print_shop_kit_shares_the_tables_that_draw_no_cards(ctx: DrawContext) -> None:
    column = Column(ctx, 400.0, 600.0)
    words = TableBlock(columns=["Round", "Points"], rows=[["1", "{players}"]])
    cards = TableBlock(columns=["Card", "Does"], rows=[[CardsCell(cards=["wild"]), "{players}"]])
    drawn: list[str] = []

    def draw(
        col: Column, value: TableBlock, values: Mapping[str, Any], inputs: SheetInputs, _: Source
    ) -> list[Box]:
        drawn.append(value.columns[0])
        return [Box(10.0)]

    build = BuildCache()
    for table in (words, cards):
        block = Block("table", table, WHERE)
        for shop in (False, True):
            kit = SheetInputs({"players": 3}, {}, {}, 3, "", shop=shop, cache=build)
            draw_block(draw, block, column, kit.values, kit)
    # Its words alone print alike for a press; small cards print as their words there.
    assert drawn == ["Round", "Card", "Card"]


def test_a_table_from_a_list_is_shared_by_kits_whose_items_read_the_same(
    ctx: DrawContext,
) -> None:
    column = Column(ctx, 400.0, 600.0)
    table = TableBlock(columns=["File", "Pages"], rows_from="files", row=["{part}", "{pages}"])
    block = Block("table", table, WHERE)
    drawn: list[Mapping[str, Any]] = []

    def draw(
        col: Column, value: TableBlock, values: Mapping[str, Any], inputs: SheetInputs, _: Source
    ) -> list[Box]:
        drawn.append(inputs.lists["files"][0])
        return [Box(10.0)]

    build = BuildCache()

    def kit(*items: Mapping[str, Any], pages: int = 0) -> None:
        inputs = SheetInputs({"pages": pages}, {"files": list(items)}, {}, 3, "", cache=build)
        draw_block(draw, block, column, inputs.values, inputs)

    cards = {"part": "cards", "pages": 4, "file": "game_3p_cards"}
    kit(cards)
    kit({**cards, "file": "game_4p_cards"})  # a field no text names: shared
    assert len(drawn) == 1
    kit({**cards, "pages": 5})  # a field a row names
    kit(cards, cards)  # another row
    part = {"part": "cards"}
    kit(part)  # a row's `pages` the kit's own, not the item's
    kit(part, pages=1)  # ... which differs
    kit(part, pages=1)
    assert len(drawn) == 5


class _Counted(MadePages):
    """Pages made on demand that count how many were made."""

    def __init__(self, pages: list[Page]) -> None:
        self.pages, self.made = pages, 0

    def __len__(self) -> int:
        return len(self.pages)

    def page_at(self, index: int) -> Page:
        self.made += 1
        return self.pages[index]


def test_a_print_and_play_file_takes_each_page_from_its_part_when_asked(ctx: DrawContext) -> None:
    cover, blank, *sheets = (Page(400.0, 400.0 + n, ()) for n in range(5))
    cards = _Counted(sheets)
    runs = [Run([cover], first=True), Run([blank]), Run([]), Run(cards)]
    joined = NumberedPages(runs, Names("Game", "print and play"), ctx)
    assert cards.made == 0  # planned: no card sheet made yet
    assert len(joined) == 5
    assert joined[1].height == blank.height and joined[3].height == sheets[1].height
    assert joined[-1].height == sheets[2].height
    assert cards.made == 2
    # Each page as its part made it, with one foot counting the whole file.
    for number, page in enumerate(joined, 1):
        (foot,) = [item for item in page.items if is_running_foot(item)]
        assert foot.items[0].text.endswith(f"page {number} of 5")  # type: ignore[attr-defined]
    with pytest.raises(IndexError):
        joined[5]


def test_a_layout_is_grouped_once_for_every_file_that_prints_it(ctx: DrawContext) -> None:
    part = Part("L")
    lines = [
        Placed(
            -20.0 * n,
            (Text(0, -9, f"line {n}", ctx.fonts.regular.name, 12, ctx.style.ink),),
            (part,),
        )
        for n in range(3)
    ]
    page = (595.0, 842.0)
    laid = LaidSheets(ctx, page, (LaidPage(lines[:2], page), LaidPage(lines[2:], page)), False)
    top = 842.0 - ctx.style.margin
    own = laid.pages("printed at home")
    other = laid.pages("print and play: both sides", ("Game", "Sheets"), copies=2, scale=False)
    assert len(own) == 2 and len(other) == 4
    for index, page in enumerate([*own, *other]):
        content = grouped(laid.laid[index % 2].placed, ctx.style.margin, top)
        assert list(page.items[: len(content)]) == content  # as grouped afresh
        assert page.items[0] is own[index % 2].items[0]  # and the same groups
    assert own[0].items[len(content) :] != other[0].items[len(content) :]  # feet differ
