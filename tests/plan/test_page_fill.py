"""Pages that fill: every non-card page of the standard kits, rendered and measured in pixels.

The issue's numbers, over what `make print` builds with the standard label set on A4 and
Letter: no page but a document's last ends above half its height unless what opens the next
page is taller than the rest of the page could hold; the non-card pages drop by at least 15%
from the 587 they took when each section started a page and keep rules were hard; Collect 3's
host key at 4 players fits 6 A4 or Letter pages; a printing guide fits 1 page (2 in large print).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

import pypdfium2 as pdfium
import pytest
import yaml
from PIL import Image

from shapes_print.load.defaults import DEFAULT_LABELS
from shapes_print.load.labels import shipped
from shapes_print.load.options import PrintOptions
from shapes_print.pipeline import pipeline
from shapes_print.units import parse_length

ROOT = Path(__file__).resolve().parents[2]
STYLE = yaml.safe_load((ROOT / "templates" / "sheet.yaml").read_text(encoding="utf-8"))
MARGIN, FOOTER = parse_length(STYLE["margin"]), parse_length(STYLE["footer_height"])
BLOCK_GAP = parse_length(STYLE["block_gap"])
SCALE = 0.5  # 36 dpi: a pixel is 2 pt, finer than any gap between blocks
PAGES_BEFORE = 587  # non-card pages of the standard kits, A4 and Letter, before this engine
CARD_FILES = ("cards", "task-cards")
# A compilation of the documents measured here, each part checked in its own file.
COMPILED = ("print-and-play",)
NEW_FILES = ("player-aid",)
# A score sheet takes a page of its own (a page_break before it in sheets.yaml), to photocopy:
# the page before it ends its section, like a document's last.
OWN_PAGE = "Score sheet"  # documents the 587 pages before this engine did not have


@dataclass(frozen=True, slots=True)
class Ink:
    """Where a page's content box has ink, in points down from its top: the lowest ink, and
    the foot of the first block (the first white gap as tall as the gap between blocks)."""

    lowest: float
    first_block: float
    room: float
    opens: str  # the page's first line of text


def _first_line(page: pdfium.PdfPage) -> str:
    textpage = page.get_textpage()
    try:
        return textpage.get_text_range().strip().splitlines()[0].strip()
    finally:
        textpage.close()


def _ink(page: pdfium.PdfPage) -> Ink:
    image = page.render(scale=SCALE, grayscale=True).to_pil()
    top, bottom = round(MARGIN * SCALE), round((page.get_height() - FOOTER) * SCALE)
    ink = image.crop((0, top, image.size[0], bottom)).point(lambda v: 255 if v < 200 else 0)
    # Each pixel row averaged to one value: above 0 where the row has any ink.
    averaged = ink.convert("F").resize((1, bottom - top), Image.Resampling.BOX)
    inked = [averaged.getpixel((0, y)) > 0 for y in range(bottom - top)]
    rows = [y for y, ink in enumerate(inked) if ink]
    lowest = (rows[-1] + 1) / SCALE if rows else 0.0
    gap = round(BLOCK_GAP * 0.9 * SCALE)
    first_block = lowest
    white = 0
    for y in range(rows[0] if rows else 0, len(inked)):
        white = 0 if inked[y] else white + 1
        if white >= gap:
            first_block = (y - white + 1) / SCALE
            break
    return Ink(lowest, first_block, (bottom - top) / SCALE, _first_line(page))


@pytest.fixture(scope="module")
def standard(tmp_path_factory: pytest.TempPathFactory) -> dict[Path, list[Ink]]:
    """Every standard kit of `make print`, each non-card PDF's pages measured."""
    out = tmp_path_factory.mktemp("standard")
    pipeline.build(pipeline.Sources(), [], pipeline.BuildOptions(paper="a4,letter"), out)
    measured = {}
    for path in sorted(out.rglob("*.pdf")):
        if path.stem.split("_")[-1] in (*CARD_FILES, *COMPILED):
            continue
        document = pdfium.PdfDocument(path)
        try:
            measured[path.relative_to(out)] = [_ink(page) for page in document]
        finally:
            document.close()
    return measured


def test_no_page_but_the_last_ends_above_half_unless_the_next_block_could_not_fit(
    standard: dict[Path, list[Ink]],
) -> None:
    """A player aid is one copy per player, each from a page of its own: a copy's last page
    ends where the copy does (the next page opens, like the first, on the aid's heading); so
    does the page before a score sheet, which has a page of its own."""
    short = []
    for path, pages in standard.items():
        for number, (page, following) in enumerate(pairwise(pages), start=1):
            if page.lowest >= page.room / 2:
                continue
            if path.stem.endswith("player-aid") and following.opens == pages[0].opens:
                continue  # the next player's copy starts a page
            if following.opens.startswith(OWN_PAGE):
                continue
            if following.first_block > page.room - page.lowest - BLOCK_GAP:
                continue  # what opens the next page would not have fitted under this one
            short.append(f"{path} page {number}: {page.lowest / page.room:.0%} full")
    assert not short, "\n".join(short)


def test_non_card_pages_drop_by_at_least_15_percent(standard: dict[Path, list[Ink]]) -> None:
    total = sum(
        len(pages) for path, pages in standard.items() if path.stem.split("_")[-1] not in NEW_FILES
    )
    assert total <= PAGES_BEFORE * 0.85, total
    assert {path.parts[1] for path in standard} == {"a4", "letter"}


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_collect3_host_key_at_4_players_fits_6_pages(
    standard: dict[Path, list[Ink]], paper: str
) -> None:
    """Letter took 7: the Task column's words wrapped to 7 lines beside 3 cards that needed
    less than their column; a little more width for the words makes every row shorter."""
    path = Path(f"collect-3/{paper}/4-players/collect-3_4p_{paper}_host-key.pdf")
    assert len(standard[path]) <= 6


def test_the_survivor_sheet_fits_one_page(standard: dict[Path, list[Ink]]) -> None:
    """Its rulings ("Where the rules are silent") went over to a page of their own."""
    sheets = {p: pages for p, pages in standard.items() if p.name.endswith("_survivor.pdf")}
    assert len(sheets) == 10 and all(len(pages) == 1 for pages in sheets.values())


def test_a_standard_printing_guide_fits_one_page(standard: dict[Path, list[Ink]]) -> None:
    guides = {path: pages for path, pages in standard.items() if "printing-guide" in path.name}
    assert guides and all(len(pages) == 1 for pages in guides.values())


# Braille's guides (eight PDFs and the .brf for a print shop, Spanish words) took a second
# page on Letter at the 14 pt body; at 11.5 pt every one fits one page.
LARGE_PRINT = ("large-print", "large-print-atkinson")


def _guide_pages(labels: str, print_shop: bool) -> dict[str, int]:
    """The printing guide's page count in every kit of every game, A4 and Letter."""
    project = pipeline.load_project(pipeline.Sources(), [], [labels])
    options = PrintOptions(print_shop=print_shop)
    return {
        folder: len(guide.document.pages)
        for folder, _, files in pipeline.plan_all(project, "all", "a4,letter", "long", options)
        for guide in files
        if guide.name.endswith("printing-guide")
    }


@pytest.mark.parametrize(
    ("labels", "print_shop"),
    [
        pytest.param(labels, shop, id=f"{labels}-{'print-shop' if shop else 'home'}")
        for labels in shipped(DEFAULT_LABELS)
        if labels not in LARGE_PRINT
        for shop in (False, True)
    ],
)
def test_every_printing_guide_fits_one_page(labels: str, print_shop: bool) -> None:
    """Home and print-shop kits alike (a print-shop Collect 3 lists eight files), in every
    label set set at the standard body (braille's too): one A4 or Letter page."""
    pages = _guide_pages(labels, print_shop)
    assert pages and {folder: n for folder, n in pages.items() if n != 1} == {}


@pytest.mark.parametrize("labels", LARGE_PRINT)
def test_a_large_print_guide_takes_two_pages_at_most(labels: str) -> None:
    """At 18 pt (1.5 line spacing) a Letter page holds 24 lines of text; the guide's heading,
    file table and five steps take about 30 even in short words, so large print takes two
    pages, never more (a print-shop Collect 3 took three)."""
    for print_shop in (False, True):
        pages = _guide_pages(labels, print_shop)
        assert pages and max(pages.values()) == 2, pages
