"""A sheet document of several pages (table sheets, a host key) has its headings as its
outline, as the print-and-play file has each part's: each heading an entry at the page it is
printed on, a subheading under the heading before it, a page used at the table (a score
sheet) an entry of its own; a document of one page has none. Asked of the plan in memory."""

from __future__ import annotations

import pytest

from shapes_print.geometry.primitives import Document, Item, Text
from shapes_print.pipeline import pipeline

GAME = "collect-3"


@pytest.fixture(scope="module")
def documents() -> dict[str, Document]:
    project = pipeline.load_project(pipeline.Sources(), [GAME], ["standard"])
    ((_, _, files),) = pipeline.plan_all(project, "3", "a4")
    return {file.name.removeprefix(f"{GAME}_3p_a4_"): file.printed for file in files}


def _words(items: tuple[Item, ...]) -> str:
    """Every text a page's items draw, in drawing order, a line's last word a space apart
    from the next line's first."""
    return " ".join(
        item.text if isinstance(item, Text) else _words(getattr(item, "items", ()))
        for item in items
    )


def _page_words(document: Document, page: int) -> str:
    return " ".join(_words(document.pages[page].items).split())


def test_the_table_sheets_outline_is_their_headings_each_at_its_page(
    documents: dict[str, Document],
) -> None:
    sheets = documents["sheets"]
    marks = [(mark.title, mark.page, mark.level) for mark in sheets.bookmarks]
    assert marks[:4] == [
        ("Collect 3: setup for 3 players", 0, 0),
        ("Objective", 0, 1),
        ("Recommended winning score", 0, 1),
        ("Set up", 0, 1),
    ]
    assert ("Score sheet: 3 players, recommended winning score 10", 5, 0) in marks
    for title, page, _ in marks:
        assert " ".join(title.split()) in _page_words(sheets, page), (title, page)
    assert documents["host-key"].bookmarks  # several pages too


def test_a_document_of_one_page_has_no_outline(documents: dict[str, Document]) -> None:
    guide = documents["printing-guide"]
    assert len(guide.pages) == 1 and guide.bookmarks == ()
