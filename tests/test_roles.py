"""A real kit's sheets say what each thing is: headings, paragraphs, list items, table
cells and pictures are marked content with their roles, and the catalogue names the kit's
language."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from pypdf import PdfReader

from shapes_print import pipeline
from shapes_print.plan.flow import Placed, grouped
from shapes_print.primitives import BLACK, Text

_MARK = re.compile(rb"/(\w+) (?:<<(?:[^>]|>(?!>))*>> BDC|BMC)|EMC|\d+(?:\.\d+)? Tf|Tj")


@dataclass
class Span:
    """One marked-content sequence of a page: its tag and what it shows."""

    tag: str
    sizes: list[float]  # the font size of each line of text shown inside it
    inner: list[str]  # the tags of the sequences nested in it


def _spans(content: bytes) -> list[Span]:
    """Every marked-content sequence of a content stream, outermost first; a line of text
    shown outside all of them is a span tagged "" (nothing on a sheet should be)."""
    spans: list[Span] = []
    open_: list[Span] = []
    size = 0.0
    for match in _MARK.finditer(content):
        token = match.group(0)
        if match.group(1):
            span = Span(match.group(1).decode(), [], [])
            if open_:
                open_[-1].inner.append(span.tag)
            open_.append(span)
            spans.append(span)
        elif token == b"EMC":
            open_.pop()
        elif token.endswith(b"Tf"):
            size = float(token.split()[0])
        elif open_:
            for span in open_:
                span.sizes.append(size)
        else:
            spans.append(Span("", [size], []))
    assert not open_, "every marked-content sequence is closed on its page"
    return spans


@pytest.fixture(scope="module")
def spanish(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Pass and pick for four players on A4, in Spanish."""
    out = tmp_path_factory.mktemp("spanish")
    project = pipeline.load_project(pipeline.Sources(), ["pass-and-pick"], ["es"])
    pipeline.build_project(project, pipeline.BuildOptions(players="4", paper="a4"), out)
    return out / "pass-and-pick" / "es" / "a4" / "4-players"


def test_the_sheets_mark_headings_paragraphs_list_items_and_table_cells(spanish: Path) -> None:
    (sheets,) = spanish.glob("*_sheets.pdf")
    pages = [_spans(page.get_contents().get_data()) for page in PdfReader(sheets).pages]
    spans = [span for page in pages for span in page]
    tags = {span.tag for span in spans}
    assert {"H1", "H2", "P", "LI", "TH", "TD", "Figure", "Artifact"} <= tags
    assert "" not in tags, "every line of text is a heading, paragraph, cell or furniture"
    # The document opens with its heading, set at the heading size and nothing else.
    opening = next(span for span in pages[0] if span.tag != "Artifact")
    assert opening.tag == "H1" and opening.sizes and set(opening.sizes) == {22.0}
    # A list item is its marker and its words together; a paragraph of several lines is one P.
    items = [span for span in spans if span.tag == "LI"]
    assert items and all(len(span.sizes) >= 2 for span in items)
    assert any(len(span.sizes) > 1 for span in spans if span.tag == "P")
    # Header cells: the scoring table's column titles and the score sheet's player names.
    headers = [span for span in spans if span.tag == "TH"]
    assert len(headers) >= 3 and any(span.sizes for span in headers)
    # The scoring table's example cards are pictures inside their data cells.
    assert any("Figure" in span.inner for span in spans if span.tag == "TD")
    # An arrow's drawing is a picture of its direction, in Spanish.
    alts = [
        bytes.fromhex(alt.decode()).decode("utf-16")
        for page in PdfReader(sheets).pages
        for alt in re.findall(rb"/Figure << /Alt <([0-9A-F]+)>", page.get_contents().get_data())
    ]
    assert "Flecha que apunta a la derecha: Ronda 2: pasar hacia aquí" in alts
    assert "Círculo, triángulo, cuadrado" in alts


def test_a_spanish_kit_says_it_is_in_spanish(spanish: Path) -> None:
    files = sorted(spanish.glob("*.pdf"))
    assert len(files) == 4
    for path in files:
        assert PdfReader(path).trailer["/Root"]["/Lang"] == "es", path.name


def test_a_paragraph_split_over_pages_is_one_paragraph_on_each() -> None:
    lines = [
        Placed(-20.0 * i, (Text(0, 0, f"line {i}", "F", 14, BLACK),), "P", i > 0) for i in range(3)
    ]
    heading = Placed(0.0, (Text(0, 0, "Setup", "F", 22, BLACK),), "H1")
    first, rest = grouped([heading, *lines[:2]], 10, 800), grouped(lines[2:], 10, 800)
    assert [group.role for group in first] == ["H1", "P"] and len(first[1].items) == 2
    assert [group.role for group in rest] == ["P"] and rest[0].dy == 760
