"""Keeps that give way: a kept table where moving it whole would leave a page half empty
(templates/sheet.yaml's `firm_table`, `keep_table`, `table_gives`), and a short procedure, a
list's lone item or a kept table where that spares the document a page.

A table under a third of a page never splits: a reader takes it in at once. A longer one,
up to half a page, is kept whole too, unless moving it whole to the next page would leave
the page before it under half full: then it starts there and breaks between rows, its
header row repeated. Collect 3's Spanish Letter host key ended its first page at 43%, its
deck list (a kept table) gone whole to page 2. Large print's Solitaire sheet took three
pages (79%, 69%, 38%) because its three setup steps, kept whole, could not share page 1.
Asked of the engine on boxes, then of small sheets written here and planned with the
standard style, then of the shipped documents.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from msgspec.structs import replace

from shapes_print.geometry.primitives import Artifact, Group, Item, Page, Text
from shapes_print.kit.context import DrawContext
from shapes_print.pipeline import pipeline
from shapes_print.plan.breaks import NEVER, run_breaks
from shapes_print.plan.flow import PAGE, SCANT, UNUSED, Box, choose_breaks
from shapes_print.plan.keeps import FEWEST, SPARE
from tests.planfill import content, fill
from tests.planned import PAGE_SETS
from tests.shippedcheck import ShippedSets
from tests.tinygame import planned_sheet

HALF = 0.5


def _kept_table(rows: int, gives: bool) -> list[Box]:
    """A heading, then a kept table of 10-point rows: its header row kept with the
    heading, its first row with the header, the rest kept whole (NEVER), each giving way
    as a long table's rows would break (`gives`) or not at all."""
    head = Box(10.0)
    soft = run_breaks(rows, 2)
    return [
        Box(10.0, gap=5.0),  # the heading: a page may break before it
        Box(10.0, breaks=NEVER),  # the header row, kept with the heading
        Box(10.0, breaks=NEVER),  # the first row, kept with the header
        *(
            Box(10.0, breaks=NEVER, header=head, tail=True, gives=soft[i] if gives else None)
            for i in range(1, rows)
        ),
    ]


def test_a_kept_table_gives_way_where_moving_it_would_leave_the_page_before_half_empty() -> None:
    """Forty points of text on a page of 100, then a table of 50 with its heading: whole,
    it goes over and leaves page 1 40% full; giving way, it starts under the text."""
    text = [Box(10.0), *(Box(10.0, breaks=NEVER) for _ in range(3))]
    kept = choose_breaks([*text, *_kept_table(5, gives=False)], 100.0, gives=HALF)
    giving = choose_breaks([*text, *_kept_table(5, gives=True)], 100.0, gives=HALF)
    assert [len(page) for page in kept] == [4, 7]
    assert len(giving) == 2 and len(giving[0]) > 4 + 3  # heading, header and rows under it
    assert len(giving[1]) >= 2  # no lone row under the repeated header


def test_a_kept_table_stays_whole_where_the_page_before_is_half_full_or_it_fits() -> None:
    """Sixty points of text: moving the table whole leaves page 1 60% full, so it does;
    twenty: the table fits under the text whole, so it does not break either."""
    for lines, pages in ((6, [6, 7]), (2, [2 + 7])):
        text = [Box(10.0), *(Box(10.0, breaks=NEVER) for _ in range(lines - 1))]
        chosen = choose_breaks([*text, *_kept_table(5, gives=True)], 100.0, gives=HALF)
        assert [len(page) for page in chosen] == pages, lines


# ---- small sheets, planned with the standard style ----------------------------------


@pytest.fixture(scope="module")
def standard() -> DrawContext:
    return pipeline.load_project(pipeline.Sources(), ["collect-3"], ["standard"]).ctx


def _texts(items: tuple[Item, ...]) -> list[str]:
    found: list[str] = []
    for item in items:
        if isinstance(item, Group | Artifact):  # a repeated header row is an artifact
            found += _texts(item.items)
        elif isinstance(item, Text):
            found.append(item.text)
    return found


def _sheet(sentences: int, rows: int) -> list[dict[str, object]]:
    """A paragraph of `sentences`, then a headed table of `rows` one-line rows."""
    filler = "This paragraph fills the top of the page before the list begins. " * sentences
    table = {"columns": ["Card", "Copies"], "rows": [[f"Card {n}", "3"] for n in range(1, rows)]}
    return [{"text": filler}, {"subheading": "Deck list"}, {"table": table}]


def _share(ctx: DrawContext, pages: list[Page], rows: int) -> float:
    """The share of a page's text area the table takes, its header row included."""
    room = pages[0].height - ctx.style.margin - ctx.style.running_footer_height
    return rows * _row_height(pages) / room


def _row_height(pages: list[Page]) -> float:
    """A row's height: the table's header row's and its first row's tops apart."""
    for page in pages:
        for part in content(page):
            if part.role == "Table":
                rows = [g for g in part.items if isinstance(g, Group)]
                body = [g for g in rows[-1].items if isinstance(g, Group)]
                if len(body) > 1:
                    return abs(body[0].dy - body[1].dy)
    raise AssertionError("no table of two rows")


@pytest.mark.parametrize(("rows", "firm"), [(9, True), (16, False)])
def test_a_table_breaks_only_where_moving_it_whole_would_leave_a_half_empty_page(
    tmp_path: Path, standard: DrawContext, rows: int, firm: bool
) -> None:
    """Wherever the paragraph above leaves the page's foot: a table under a third of a
    page never splits; one under half a page splits only where the page it would leave
    behind holds less than half a page, starting under the paragraph, its header row
    repeated on the next page; and no page before the table is left under half full."""
    style = standard.style
    splits = moves = 0
    for sentences in range(10, 60, 2):
        pages = planned_sheet(tmp_path, standard, _sheet(sentences, rows), "host")
        words = [_texts(tuple(content(page))) for page in pages]
        holding = [n for n, page in enumerate(words) if any(w.startswith("Card ") for w in page)]
        at = next(n for n, page in enumerate(words) if "Deck list" in page)
        share = _share(standard, pages, rows)
        assert (share < style.firm_table) == firm, share
        if len(holding) > 1:
            splits += 1
            assert not firm, sentences
            assert words[holding[1]][:2] == ["Card", "Copies"], sentences  # header again
        if at > 0:
            moves += 1
            before = fill(style, pages[at - 1], {}, at - 1 == 0)
            assert firm or before >= HALF, (sentences, before)
    assert moves > 0 and (splits > 0) != firm


@pytest.mark.parametrize("labels", PAGE_SETS)
def test_the_spanish_letter_host_key_starts_its_deck_list_on_its_first_page(
    shipped: ShippedSets, labels: str
) -> None:
    """Collect 3's host key, every player count, label set and paper: its first page
    holds the deck list's start under its facts (two tables) and is at least half full."""
    keys = [
        d
        for d in shipped.planned(labels).sheets
        if d.name.startswith("collect-3_") and "host-key" in d.name
    ]
    assert {d.name.split("_")[2] for d in keys} == {"a4", "letter"}
    for doc in keys:
        first = doc.document.pages[0]
        share = fill(doc.style, first, doc.document.symbols, True)
        tables = [part for part in content(first) if part.role == "Table"]
        assert share >= HALF and len(tables) == 2, (doc.labels, doc.name, share)


# ---- a keep gives way where that spares a page -------------------------------------------


def _procedure(after: float) -> list[Box]:
    """Seventy points of text, a heading, three steps of ten kept whole (each offering to
    give where that spares a page), and `after` points of text."""
    steps = [Box(10.0, breaks=NEVER), *(Box(10.0, breaks=NEVER, gives=SPARE) for _ in range(2))]
    return [Box(70.0), Box(10.0), *steps, Box(after)]


def test_a_short_procedure_splits_only_where_that_spares_a_page() -> None:
    """Whole, the heading and steps go over, and 75 points of text after them a third
    page; split after its second step, the procedure shares page 1 and the rest fits page
    2. With 50 points after them, two pages hold it whole: it does not split."""
    assert [len(page) for page in choose_breaks(_procedure(75.0), 100.0)] == [4, 2]
    assert [len(page) for page in choose_breaks(_procedure(50.0), 100.0)] == [1, 5]
    kept = [Box(b.height, breaks=b.breaks) for b in _procedure(75.0)]  # no offer to give
    assert [len(page) for page in choose_breaks(kept, 100.0)] == [1, 4, 1]


def test_a_keep_spares_a_page_without_outweighing_a_heading_or_evening_out_pages() -> None:
    """A keep that gives costs more than any page's unused space, so it gives only to
    spare a page; a page weighed so costs more than that and any page's badness, a scant
    page's too, and less than a keep that never gives (a heading's)."""
    assert UNUSED < SPARE < PAGE
    assert SPARE + UNUSED + SCANT < FEWEST < NEVER


def test_large_print_solitaire_takes_two_pages(shipped: ShippedSets) -> None:
    """155% of a page took three, the third 38% full: now two, on A4 and Letter."""
    sheets = [d for d in shipped.planned("large-print").sheets if d.name.endswith("_solitaire")]
    assert {d.name.split("_")[2] for d in sheets} == {"a4", "letter"}
    assert all(len(d.document.pages) == 2 for d in sheets), [d.name for d in sheets]


@pytest.fixture(scope="module")
def large_print() -> DrawContext:
    return pipeline.load_project(pipeline.Sources(), ["shapes-the-game"], ["large-print"]).ctx


def test_a_short_procedure_splits_where_that_spares_a_sheet_a_page(
    tmp_path: Path, large_print: DrawContext
) -> None:
    """A paragraph, three setup steps kept whole, and a paragraph after them, at 18 pt:
    wherever the first paragraph leaves the page's foot, the sheet takes as few pages as it
    would with no keep on its steps at all, never more; the steps split for some lengths of
    it (the others leave room for them whole, or need the page anyway), never a heading
    alone at a page's foot."""
    style = large_print.style
    loose = replace(large_print, style=style.model_copy(update={"keep_steps": 0, "list_keep": 1}))
    steps = [f"Step {n}: an instruction that wraps over two lines at this size." for n in (1, 2, 3)]
    after = {"text": "This paragraph follows the steps and goes on for a while. " * 18}
    split = 0
    for sentences in range(6, 40, 2):
        filler = {"text": "This paragraph fills the page before the steps begin. " * sentences}
        blocks = [filler, {"subheading": "Setup"}, {"steps": steps}, after]
        pages = planned_sheet(tmp_path, large_print, blocks, "host")
        fewest = planned_sheet(tmp_path, loose, blocks, "host")
        assert len(pages) <= len(fewest), sentences
        words = [_texts(tuple(content(page))) for page in pages]
        holding = {n for n, page in enumerate(words) for w in page if w in ("1.", "2.", "3.")}
        split += len(holding) > 1
        assert all(page[-1] != "Setup" for page in words), sentences
    assert 0 < split < 17
