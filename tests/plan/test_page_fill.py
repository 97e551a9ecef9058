"""Pages that fill: every non-card page of the standard kits, measured on the plan.

The issue's numbers, over what `make print` builds with the standard label set on A4 and
Letter: no page but a document's last ends above half its height unless what opens the next
page is taller than the rest of the page could hold; the non-card pages drop by at least 15%
from the 587 they took when each section started a page and keep rules were hard; Collect 3's
host key at 4 players fits 6 A4 or Letter pages; a printing guide fits 1 page (2 in large print),
at home and for a print shop. And, in every shipped label set, no page under 30% full that
the page before could have held. The plans are the ones every run makes once
(tests/shippedcheck.py), the pages' ink read off them (tests/planfill.py): nothing is rendered.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import pairwise

import pytest

from shapes_print.geometry.primitives import Page
from tests.planboxes import texts
from tests.planfill import content, content_bounds, fill, text_area
from tests.planned import GUIDE, LARGE_PRINT, PAGE_SETS, PlannedSets, PlannedSheets, page_words
from tests.shippedcheck import ShippedSets

STANDARD = "standard"
PAGES_BEFORE = 587  # non-card pages of the standard kits, A4 and Letter, before this engine
NEW_FILES = ("player-aid",)
# A score sheet takes a page of its own (a page_break before it in sheets.yaml), to photocopy:
# the page before it ends its section, like a document's last.
OWN_PAGE = "Score sheet"  # documents the 587 pages before this engine did not have


@dataclass(frozen=True, slots=True)
class Ink:
    """Where a page's text area has ink, in points down from its top: the lowest ink, and
    the foot of the first block (its first top-level part)."""

    lowest: float
    first_block: float
    room: float
    opens: str  # the page's first line of text
    gap: float  # the style's gap between blocks


def _ink(doc: PlannedSheets, index: int, page: Page) -> Ink:
    top, bottom = text_area(doc.style, page, index == 0)
    (low, _), (first_low, _) = content_bounds(page, doc.document.symbols)
    opens = next((t.text for t in texts(tuple(content(page))) if t.text.strip()), "")
    return Ink(top - low, top - first_low, top - bottom, opens, doc.style.block_gap)


@pytest.fixture(scope="module")
def standard(shipped: ShippedSets) -> dict[str, list[Ink]]:
    """Every standard kit of `make print` (A4 and Letter, every player count): each
    non-card document's pages measured, by its file's name."""
    return {
        doc.name: [_ink(doc, index, page) for index, page in enumerate(doc.document.pages)]
        for doc in shipped.planned(STANDARD).sheets
    }


def test_no_page_but_the_last_ends_above_half_unless_the_next_block_could_not_fit(
    standard: dict[str, list[Ink]],
) -> None:
    """A player aid is one copy per player, each from a page of its own: a copy's last page
    ends where the copy does (the next page opens, like the first, on the aid's heading); so
    does the page before a score sheet, which has a page of its own."""
    short = []
    for path, pages in standard.items():
        for number, (page, following) in enumerate(pairwise(pages), start=1):
            if page.lowest >= page.room / 2:
                continue
            if path.endswith("player-aid") and following.opens == pages[0].opens:
                continue  # the next player's copy starts a page
            if following.opens.startswith(OWN_PAGE):
                continue
            if following.first_block > page.room - page.lowest - page.gap:
                continue  # what opens the next page would not have fitted under this one
            short.append(f"{path} page {number}: {page.lowest / page.room:.0%} full")
    assert not short, "\n".join(short)


def test_non_card_pages_drop_by_at_least_15_percent(standard: dict[str, list[Ink]]) -> None:
    total = sum(
        len(pages) for path, pages in standard.items() if path.split("_")[-1] not in NEW_FILES
    )
    assert total <= PAGES_BEFORE * 0.85, total
    assert {path.split("_")[2] for path in standard} == {"a4", "letter"}


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_collect3_host_key_at_4_players_fits_6_pages(
    standard: dict[str, list[Ink]], paper: str
) -> None:
    """Letter took 7: the Task column's words wrapped to 7 lines beside 3 cards that needed
    less than their column; a little more width for the words makes every row shorter."""
    assert len(standard[f"collect-3_4p_{paper}_host-key"]) <= 6


def test_the_survivor_sheet_fits_one_page(standard: dict[str, list[Ink]]) -> None:
    """Its rulings ("Where the rules are silent") went over to a page of their own."""
    sheets = {p: pages for p, pages in standard.items() if p.endswith("_survivor")}
    assert len(sheets) == 10 and all(len(pages) == 1 for pages in sheets.values())


def test_a_standard_printing_guide_fits_one_page(standard: dict[str, list[Ink]]) -> None:
    guides = {path: pages for path, pages in standard.items() if path.endswith(GUIDE)}
    assert guides and all(len(pages) == 1 for pages in guides.values())


def _guide_pages(planned: PlannedSets, labels: str, print_shop: bool) -> dict[str, int]:
    """The printing guide's page count in every kit of every game, A4 and Letter."""
    if print_shop:
        return planned.shop_guides[labels]
    return {
        doc.name: len(doc.document.pages)
        for doc in planned.sheets
        if doc.labels == labels and doc.name.endswith(GUIDE)
    }


# Braille's guides (eight PDFs and the .brf for a print shop, Spanish words) took a second
# page on Letter at the 14 pt body; at 11.5 pt every one fits one page.
@pytest.mark.parametrize(
    ("labels", "print_shop"),
    [
        pytest.param(labels, shop, id=f"{labels}-{'print-shop' if shop else 'home'}")
        for labels in PAGE_SETS
        if labels not in LARGE_PRINT
        for shop in (False, True)
    ],
)
def test_every_printing_guide_fits_one_page(
    shipped: ShippedSets, labels: str, print_shop: bool
) -> None:
    """Home and print-shop kits alike (a print-shop Collect 3 lists eight files), in every
    label set set at the standard body (braille's too): one A4 or Letter page."""
    pages = _guide_pages(shipped.planned(labels), labels, print_shop)
    assert pages and {folder: n for folder, n in pages.items() if n != 1} == {}


@pytest.mark.parametrize("labels", LARGE_PRINT)
def test_a_large_print_guide_takes_two_pages_at_most(shipped: ShippedSets, labels: str) -> None:
    """At 18 pt (1.5 line spacing) a Letter page holds 24 lines of text; the guide's heading,
    file table and five steps take about 30 even in short words, so large print takes two
    pages, never more (a print-shop Collect 3 took three)."""
    for print_shop in (False, True):
        pages = _guide_pages(shipped.planned(labels), labels, print_shop)
        assert pages and max(pages.values()) == 2, pages


# The floor: no page under 30% full that the page before could have held. The engine
# chooses all of a document's breaks together and a page costs more than any unused space,
# so only a forced break (a `page_break`, a player aid's next copy) could leave such a page;
# its `least_fill` (0.3 in templates/sheet.yaml) keeps a last page from being scant besides.
FLOOR = 0.3


def holdable(pages: list[Ink]) -> list[int]:
    """The pages (by number) under FLOOR full whose whole content the page before had room
    for under its own, with the gap between blocks."""
    return [
        number
        for number, (before, page) in enumerate(pairwise(pages), start=2)
        if page.lowest < FLOOR * page.room and page.lowest + page.gap <= before.room - before.lowest
    ]


def test_the_audit_finds_a_page_the_page_before_could_have_held() -> None:
    """What the audit below asks, of pages measured by hand: 20 points of ink after a
    half-full page, and the same after a full one."""
    half = Ink(lowest=300, first_block=20, room=600, opens="Rules", gap=14)
    full = Ink(lowest=590, first_block=20, room=600, opens="Rules", gap=14)
    short = Ink(lowest=20, first_block=20, room=600, opens="Task 20", gap=14)
    assert holdable([half, short]) == [2]
    assert holdable([full, short]) == []


@pytest.mark.parametrize("labels", PAGE_SETS)
def test_no_page_under_30_percent_full_that_the_page_before_could_have_held(
    shipped: ShippedSets, labels: str
) -> None:
    """Every document that is not cards in every shipped kit (each game, player count, A4
    and Letter), as planned: its pages' ink measured on the plan. Collect 3's 10-player
    Letter host key ends on Tasks 19 and 20 (32% of a page: the page before is full, and so
    its last page takes two Tasks, not one); a large-print guide's second page, 31-33%,
    follows a full page; a 1-player Solitaire sheet's second page is 44% full."""
    planned = shipped.planned(labels).sheets
    short = {
        doc.name: found
        for doc in planned
        for found in [holdable([_ink(doc, i, p) for i, p in enumerate(doc.document.pages)])]
        if found
    }
    assert {doc.labels for doc in planned} == {labels}
    assert short == {}


def test_the_large_print_host_key_opens_its_manifest_on_its_first_page(
    shipped: ShippedSets,
) -> None:
    """The Tasks table's rows grew when its headers took two lines, and the flow emptied
    the pages before it (the manifest's heading went over, the first page half empty) to
    spare one Task alone under its header at a page's foot, as if a row of cards and five
    lines were a lone line."""
    (doc,) = (
        d
        for d in shipped.planned("large-print").sheets
        if d.name == "collect-3_4p_a4_large-print_host-key"
    )
    pages = doc.document.pages
    first = page_words(pages[0], doc.document.symbols)
    assert "Deck manifest" in first and "Red 1" in first
    filled = [fill(doc.style, page, doc.document.symbols, i == 0) for i, page in enumerate(pages)]
    assert min(filled[:3]) >= 0.75, filled


# A page that opens on a table's continuation (its header repeated) and holds the table's
# last rows is no sliver: an editor moves rows over from the page before so both are
# reasonably full. Collect 3's host key ended on Tasks 19 and 20 alone (32% of a Letter
# page) and its 10-player A4 sheets on Tasks 17 to 20 (32%).
TAIL_FILL = 0.4


def _opens_on_continued_table(page: Page) -> bool:
    """Whether the page's first part is a table going on from the page before (the header
    row repeated above it is a part of no role)."""
    parts = [part for part in content(page) if part.role is not None]
    return bool(parts) and parts[0].role == "Table" and parts[0].continues


@pytest.mark.parametrize("labels", PAGE_SETS)
def test_no_table_ends_on_a_sliver_of_its_rows(shipped: ShippedSets, labels: str) -> None:
    """Every document that is not cards or a player aid in every shipped kit: a page opening
    on a table's continuation is at least TAIL_FILL full, the document's last page and the
    page before a score sheet's own page too. A player aid's copy fills its front first
    (tests/plan/test_player_aid.py), its back holding what is left."""
    slivers = [
        f"{doc.name} page {index + 1}: {share:.0%}"
        for doc in shipped.planned(labels).sheets
        if not doc.name.endswith("_player-aid")
        for index, page in enumerate(doc.document.pages)
        if index
        and _opens_on_continued_table(page)
        and (share := fill(doc.style, page, doc.document.symbols, False)) < TAIL_FILL
    ]
    assert not slivers, "\n".join(slivers)


def test_collect3_host_key_and_sheets_share_the_task_list_tail(shipped: ShippedSets) -> None:
    """The cases the review named: the host key's last page holds more Tasks than 19 and 20,
    and the 10-player A4 sheets' page before the score sheet more than Tasks 17 to 20."""
    named = {
        ("standard", "collect-3_2p_letter_host-key"): "Task",
        ("standard", "collect-3_10p_letter_host-key"): "Task",
        ("es", "collect-3_2p_a4_es_host-key"): "Tarea",
        ("es", "collect-3_10p_a4_es_host-key"): "Tarea",
        ("standard", "collect-3_10p_a4_sheets"): OWN_PAGE,
    }
    found = {(doc.labels, doc.name): doc for doc in shipped.planned("standard", "es").sheets}
    for key, task in named.items():
        doc = found[key]
        pages = doc.document.pages
        words = [page_words(page, doc.document.symbols) for page in pages]
        if task == OWN_PAGE:  # the Task list ends on the page before the score sheet
            at = next(i for i, w in enumerate(words) if w.startswith(OWN_PAGE)) - 1
            rows = len(re.findall(r"\b(?:1[0-9]|20) ", words[at]))
        else:
            at = len(pages) - 1
            rows = len(re.findall(rf"\b{task} \d+:", words[at]))
        share = fill(doc.style, pages[at], doc.document.symbols, at == 0)
        assert share >= TAIL_FILL and rows > (2 if task != OWN_PAGE else 4), (key, share, rows)
