"""A score sheet whose players do not fit one table across the page is set on the paper
turned: one table with every player's column, its rounds split by rows over landscape pages
with the header row repeated, the document upright before and after it.

Large print at ten players on A4 or Letter (18 pt, 13 mm rows) needs more than the
paper's width upright: before, the players shared out over two tables one under the other
and a player added their score across two pages. Asked of the plan in memory, on a small
sheet written here.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path

import pytest
import yaml

from shapes_print.geometry.primitives import Artifact, Group, Item, Page, Text
from shapes_print.kit.context import DrawContext
from shapes_print.load.content import load_document
from shapes_print.pipeline import pipeline
from shapes_print.plan.pagenumbers import Names, NumberedPages, Run, is_running_foot
from shapes_print.plan.sheets import SheetInputs, lay_sheets
from shapes_print.units import mm
from tests.planfill import content, has_square

PAPERS = {"a4": (mm(210), mm(297)), "letter": (612.0, 792.0)}
HEADER = ["Task", "Dealer", *(f"P{n}" for n in range(1, 11))]
ROUND = re.compile(r"Round (\d+)")
SCORE_SHEET = {
    "title": "Score sheet",
    "name_label": "P{column}",
    "row_label": "Round {n}",
    "rows_from": "rounds",
    "extra_columns": ["Task", "Dealer"],
    "extra_cells": ["", "P{n}"],
    "total_label": "Total",
    "note": "Carry the totals to a fresh sheet.",
    "rows": "fill",
}
RULES = [{"heading": "Rules"}, {"text": "Play well."}, {"page_break": True}]
AFTER = [{"text": "After the sheet."}]


@pytest.fixture(scope="module")
def large_print() -> DrawContext:
    return pipeline.load_project(pipeline.Sources(), ["collect-3"], ["large-print"]).ctx


def _plan(
    path: Path, ctx: DrawContext, paper: str, players: int, blocks: list[dict[str, object]]
) -> list[Page]:
    """The sheet of `blocks` for `players`, with ten rounds, on its pages and their feet."""
    sheet = {"name": "sheet", "title": "Sheet", "audience": "players"}
    path.write_text(yaml.safe_dump({**sheet, "sections": [{"blocks": blocks}]}), "utf-8")
    inputs = SheetInputs({}, {"rounds": [{}] * 10}, {}, players, "print line")
    laid = lay_sheets(load_document(path), inputs, PAPERS[paper], ctx)
    assert laid is not None
    return laid.pages("print line", ("Game", "Sheet"))


def _texts(
    items: tuple[Item, ...], dx: float = 0.0, dy: float = 0.0, read: bool = False
) -> Iterator[Text]:
    """Every text at its place on the page; only those a reader reads where `read` says
    (not a repeated header row, an artifact)."""
    for item in items:
        if isinstance(item, Group):
            yield from _texts(item.items, dx + item.dx, dy + item.dy, read)
        elif isinstance(item, Artifact) and not read:
            yield from _texts(item.items, dx, dy)
        elif isinstance(item, Text):
            yield Text(item.x + dx, item.y + dy, item.text, item.font, item.size, item.colour)


def _ten_players(tmp_path: Path, large_print: DrawContext, paper: str) -> list[Page]:
    """The rules, the score sheet and what follows it, planned in large print for ten."""
    blocks = [*RULES, {"score_sheet": SCORE_SHEET}, *AFTER]
    return _plan(tmp_path / "sheet.yaml", large_print, paper, 10, blocks)


def _turned(page: Page) -> bool:
    return page.width > page.height


@pytest.mark.parametrize("paper", PAPERS)
def test_ten_players_in_large_print_are_one_table_across_turned_pages(
    tmp_path: Path, large_print: DrawContext, paper: str
) -> None:
    pages = _ten_players(tmp_path, large_print, paper)
    style = large_print.style
    turned = [index for index, page in enumerate(pages) if _turned(page)]
    # The rules upright, the sheet on a run of turned pages of its own, the rest upright.
    assert len(turned) >= 2 and turned == list(range(1, len(pages) - 1))
    assert pages[0].width == PAPERS[paper][0] and pages[-1].width == PAPERS[paper][0]
    assert (pages[1].width, pages[1].height) == PAPERS[paper][::-1]
    rounds: list[int] = []
    for index in turned:
        page = pages[index]
        texts = list(_texts(page.items))
        # The header row on every page (repeated, an artifact, after the first), every
        # player in it, on one line, in order.
        top = max(t.y for t in texts if t.text == "Dealer")
        header = sorted((t for t in texts if t.y == top and t.text), key=lambda t: t.x)
        assert [t.text for t in header] == HEADER
        on_page = [int(m[1]) for t in texts if (m := ROUND.fullmatch(t.text))]
        assert on_page and on_page == sorted(set(on_page))
        rounds += on_page
        # No column narrower than a row is high: room to write a score. A cell's words
        # stand a padding in from its left; the round labels' column starts the table.
        pad, margin = style.table_padding, style.margin
        edges = [margin, *(t.x - pad for t in header), page.width - margin]
        assert min(b - a for a, b in pairwise(edges)) >= style.score_row_height - 1e-6
    assert rounds == list(range(1, 11))  # split by rows, each round once
    assert "Total" in [t.text for t in _texts(pages[turned[-1]].items)]


@pytest.mark.parametrize("paper", PAPERS)
def test_the_running_foot_and_content_stay_inside_each_turned_pages_margins(
    tmp_path: Path, large_print: DrawContext, paper: str
) -> None:
    pages = _ten_players(tmp_path, large_print, paper)
    style = large_print.style
    margin = style.margin
    assert any(_turned(page) for page in pages)
    for number, page in enumerate(pages, start=1):
        (foot,) = [item for item in page.items if is_running_foot(item)]
        lines = list(_texts((foot,)))
        assert lines[-1].text.endswith(f"page {number} of {len(pages)}")
        bottom = style.footer_height if number == 1 else style.running_footer_height
        for line in lines:  # its lines end at the content's right, under the content
            assert line.x == pytest.approx(page.width - margin)
            assert margin / 2 < line.y < bottom
        for text in _texts(tuple(content(page))):
            assert margin - 1e-6 <= text.x <= page.width - margin
            assert bottom < text.y < page.height - margin


def test_the_print_and_play_file_numbers_a_turned_page_at_its_own_right_margin(
    tmp_path: Path, large_print: DrawContext
) -> None:
    pages = _plan(
        tmp_path / "sheet.yaml",
        large_print,
        "a4",
        10,
        [*RULES, {"score_sheet": SCORE_SHEET}, *AFTER],
    )
    assert any(_turned(page) for page in pages)
    numbered = NumberedPages([Run(pages)], Names("Game", "print and play"), large_print)
    for index, page in enumerate(pages):
        (foot,) = [i for i in numbered.page_at(index).items if is_running_foot(i)]
        (*_, line) = _texts((foot,))
        assert line.x == pytest.approx(page.width - large_print.style.margin)
        assert line.text.endswith(f"page {index + 1} of {len(pages)}")


def test_a_sheet_opening_on_a_turned_page_has_the_scale_check_there(
    tmp_path: Path, large_print: DrawContext
) -> None:
    pages = _plan(tmp_path / "sheet.yaml", large_print, "a4", 10, [{"score_sheet": SCORE_SHEET}])
    assert all(_turned(page) for page in pages)
    inch = large_print.style.furniture.inch_square
    assert has_square(pages[0].items, inch) and not has_square(pages[1].items, inch)


@pytest.mark.parametrize(("labels", "players"), [("large-print", 8), ("standard", 10)])
def test_players_that_fit_across_the_paper_stay_upright_in_one_table(
    tmp_path: Path, labels: str, players: int
) -> None:
    ctx = pipeline.load_project(pipeline.Sources(), ["collect-3"], [labels]).ctx
    blocks = [*RULES, {"score_sheet": SCORE_SHEET}, *AFTER]
    pages = _plan(tmp_path / "sheet.yaml", ctx, "a4", players, blocks)
    assert not any(_turned(page) for page in pages)
    heads = [t for page in pages for t in _texts(page.items, read=True) if t.text == "Dealer"]
    assert len(heads) == 1  # one table: its header read once


def test_a_heading_goes_over_to_the_turned_page_with_the_sheet_it_introduces(
    tmp_path: Path, large_print: DrawContext
) -> None:
    """With no page break asked for, the heading over a sheet that turns the paper is not
    left alone at the foot of the upright page before it."""
    blocks = [{"text": "Play well."}, {"heading": "Scores"}, {"score_sheet": SCORE_SHEET}]
    pages = _plan(tmp_path / "sheet.yaml", large_print, "a4", 10, blocks)
    read = [[t.text for t in _texts(page.items, read=True)] for page in pages]
    assert not _turned(pages[0]) and "Play well." in read[0] and "Scores" not in read[0]
    assert _turned(pages[1]) and read[1][0] == "Scores"
