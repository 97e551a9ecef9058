"""A score sheet longer than a page splits by rows into pages of as near equal numbers of
rounds as can be, every round's row as tall on each page (the style's `score_row_height` at
least, any stretch shared alike), each page after the first titled as going on, with the
header row repeated; in the double-sided print-and-play file its two pages are one sheet.

Before, large-print Collect 3 for 2 players on A4 set rounds 1-8 in rows of about 20 mm
and rounds 9-20 in rows of about 11 mm, under no title. Asked of the plan in memory.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from shapes_print.geometry.primitives import Artifact, Document, Group, Item, Page, Text
from shapes_print.pipeline import pipeline
from shapes_print.plan.kit import KitFile
from tests.planned import page_words

ROUND = re.compile(r"Round (\d+)")
TITLE = "Score sheet: "
CONTINUED = "(continued)"


@pytest.fixture(scope="module")
def kits() -> dict[tuple[str, int], list[KitFile]]:
    """Collect 3 in large print at 2 and 10 players, A4 and Letter, planned."""
    project = pipeline.load_project(pipeline.Sources(), ["collect-3"], ["large-print"])
    return {
        (info["paper"], int(info["players"])): files
        for _, info, files in pipeline.plan_all(project, "2,10", "a4,letter")
    }


def _file(files: list[KitFile], ending: str) -> Document:
    (document,) = [f.printed for f in files if f.name.endswith(ending)]
    return document


def _texts(items: tuple[Item, ...], dy: float = 0.0) -> Iterator[Text]:
    """Every text a page draws, at its height on the page, repeated header rows included."""
    for item in items:
        if isinstance(item, Group):
            yield from _texts(item.items, dy + item.dy)
        elif isinstance(item, Artifact):
            yield from _texts(item.items, dy)
        elif isinstance(item, Text):
            yield Text(item.x, item.y + dy, item.text, item.font, item.size, item.colour)


def _rounds(page: Page) -> list[Text]:
    """The round labels a page holds, top to bottom."""
    labels = [t for t in _texts(page.items) if ROUND.fullmatch(t.text)]
    return sorted(labels, key=lambda t: -t.y)


def _sheet_pages(document: Document) -> list[Page]:
    """The score sheet's pages: those holding a round's row."""
    return [page for page in document.pages if _rounds(page)]


CASES = [("a4", 2), ("letter", 2), ("a4", 10), ("letter", 10)]


@pytest.mark.parametrize(("paper", "players"), CASES)
def test_a_score_sheet_over_pages_splits_its_rounds_evenly_in_rows_of_one_height(
    kits: dict[tuple[str, int], list[KitFile]], paper: str, players: int
) -> None:
    document = _file(kits[paper, players], "_sheets")
    pages = _sheet_pages(document)
    assert len(pages) >= 2
    counts = [len(_rounds(page)) for page in pages]
    assert max(counts) - min(counts) <= 1, counts
    numbers = [int(ROUND.fullmatch(t.text)[1]) for p in pages for t in _rounds(p)]  # type: ignore[index]
    assert numbers == list(range(1, len(numbers) + 1))
    # Each row's height: from one round's label down to the next's, on every page alike.
    heights = [
        above.y - below.y
        for page in pages
        for above, below in zip(_rounds(page), _rounds(page)[1:], strict=False)
    ]
    style = pipeline.load_project(pipeline.Sources(), ["collect-3"], ["large-print"]).ctx.style
    assert min(heights) >= style.score_row_height - 1e-6
    assert max(heights) - min(heights) < 0.01, heights


@pytest.mark.parametrize(("paper", "players"), CASES)
def test_each_page_after_the_first_says_the_score_sheet_goes_on(
    kits: dict[tuple[str, int], list[KitFile]], paper: str, players: int
) -> None:
    """Its title with "(continued)", then the header row (its players' columns) again."""
    document = _file(kits[paper, players], "_sheets")
    first, *rest = [page_words(page, document.symbols) for page in _sheet_pages(document)]
    assert first.startswith(TITLE) and CONTINUED not in first
    title = first.split(" Task ")[0]
    for words in rest:
        assert words.startswith(f"{title} {CONTINUED}"), words[:120]
        assert f"Task Dealer P1 P2{' P3' if players > 2 else ''}" in words


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_an_upright_two_page_score_sheet_is_one_sheet_in_the_print_and_play_file(
    kits: dict[tuple[str, int], list[KitFile]], paper: str
) -> None:
    """The double-sided file prints its first page on a front and its second behind it."""
    document = _file(kits[paper, 2], "_print-and-play")
    at = [index for index, page in enumerate(document.pages) if _rounds(page)]
    assert len(at) == 2 and at[0] % 2 == 0 and at[1] == at[0] + 1, at
