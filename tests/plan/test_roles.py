"""A real kit's sheets say what each thing is, in the plan and in the PDF's marked content:
headings, paragraphs, lists (label and body of each item), tables (header and body rows,
header and data cells) and pictures; rules, repeated headers, crosshairs and furniture are
artifacts. The structure tree itself is read back in test_tagged_pdf."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from pypdf import PdfReader

from shapes_print.geometry.primitives import BLACK, Artifact, Group, Item, Line, Text
from shapes_print.pipeline import pipeline
from shapes_print.plan.flow import Box, Part, Placed, grouped, place
from tests import heardchecks

_MARK = re.compile(rb"/(\w+) (?:<<(?:[^>]|>(?!>))*>> BDC|BMC)|EMC|\d+(?:\.\d+)? Tf|Tj")


@dataclass
class Span:
    """One marked-content sequence of a page: its tag and what it shows."""

    tag: str
    sizes: list[float]  # the font size of each line of text shown inside it


def _spans(content: bytes) -> list[Span]:
    """Every marked-content sequence of a content stream; a line of text shown outside all
    of them is a span tagged "" (nothing on a sheet should be). Sequences never nest."""
    spans: list[Span] = []
    open_: Span | None = None
    size = 0.0
    for match in _MARK.finditer(content):
        token = match.group(0)
        if match.group(1):
            assert open_ is None, "a marked-content sequence opened inside another"
            open_ = Span(match.group(1).decode(), [])
            spans.append(open_)
        elif token == b"EMC":
            open_ = None
        elif token.endswith(b"Tf"):
            size = float(token.split()[0])
        elif open_ is not None:
            open_.sizes.append(size)
        else:
            spans.append(Span("", [size]))
    assert open_ is None, "every marked-content sequence is closed on its page"
    return spans


@pytest.fixture(scope="module")
def spanish(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Pass and pick for four players on A4, in Spanish."""
    out = tmp_path_factory.mktemp("spanish")
    project = pipeline.load_project(pipeline.Sources(), ["pass-and-pick"], ["es"])
    pipeline.build_project(project, pipeline.BuildOptions(players="4", paper="a4"), out)
    return out / "pass-and-pick" / "es" / "a4" / "4-players"


def test_the_sheets_mark_each_run_of_content_with_its_role(spanish: Path) -> None:
    (sheets,) = spanish.glob("*_sheets.pdf")
    pages = [_spans(page.get_contents().get_data()) for page in PdfReader(sheets).pages]
    spans = [span for page in pages for span in page]
    tags = {span.tag for span in spans}
    assert {"H1", "H2", "P", "Lbl", "LBody", "TH", "TD", "Figure", "Artifact"} <= tags
    assert "" not in tags, "every line of text is a heading, paragraph, cell or furniture"
    # Content sits in the elements that hold it, never in a list, table or row itself.
    assert not tags & {"L", "LI", "Table", "THead", "TBody", "TR", "Document"}
    # The document opens with its heading, set at the heading size and nothing else.
    opening = next(span for span in pages[0] if span.tag != "Artifact")
    assert opening.tag == "H1" and opening.sizes and set(opening.sizes) == {22.0}
    # A list item's label is its number or bullet alone, its body the words (one line or more).
    labels = [span for span in spans if span.tag == "Lbl"]
    assert labels and all(len(span.sizes) == 1 for span in labels)
    assert len([span for span in spans if span.tag == "LBody"]) == len(labels)
    assert any(len(span.sizes) > 1 for span in spans if span.tag == "P")
    headers = [span for span in spans if span.tag == "TH"]
    assert len(headers) >= 3 and any(span.sizes for span in headers)


def test_a_score_sheets_corner_is_no_header(spanish: Path) -> None:
    """The cell above a score sheet's round labels prints nothing: a data cell, not a
    header a reader would announce, empty, before every player's column."""
    (sheets,) = spanish.glob("*_sheets.pdf")
    assert heardchecks.empty_header_cells(sheets) == []


def _row(role: str, *parts: Part) -> Placed:
    return Placed(0.0, (Text(0, 0, role, "F", 14, BLACK),), (*parts, Part(role)))


def test_a_pages_boxes_nest_into_their_parts() -> None:
    """A table's rows become Table > THead/TBody > TR groups; on the next page its rows
    continue the same table and body."""
    head = _row("TR", Part("Table"), Part("THead"))
    first = _row("TR", Part("Table", True), Part("TBody"))
    more = _row("TR", Part("Table", True), Part("TBody", True))
    heading = Placed(0.0, (Text(0, 0, "Scores", "F", 22, BLACK),), (Part("H2"),))
    (title, table) = grouped([heading, head, first, more], 10, 800)
    assert title.role == "H2" and title.dx == 10 and title.dy == 800
    assert table.role == "Table" and not table.continues
    assert [part.role for part in table.items] == ["THead", "TBody"]  # type: ignore[union-attr]
    body = table.items[1]
    assert isinstance(body, Group) and [row.role for row in body.items] == ["TR", "TR"]  # type: ignore[union-attr]
    (later,) = grouped([more, more], 10, 800)
    assert later.role == "Table" and later.continues
    (later_body,) = later.items
    assert isinstance(later_body, Group) and later_body.role == "TBody" and later_body.continues


def _cell(words: str) -> tuple[Item, ...]:
    return (Group((Text(0, 0, words, "F", 14, BLACK),), role="TD"),)


def test_a_tables_lanes_are_read_after_its_rows_on_their_page() -> None:
    """Rows with lanes (a manifest's second column of cards beside its first) are read down
    the first column, then the second, in the same table body, each lane's cells a row."""
    rows = [
        Box(
            10.0,
            _cell(f"left {i}"),
            role="TR",
            within=(Part("Table", True), Part("TBody", i > 0)),
            lanes=(_cell(f"right {i}") if i == 0 else (),),  # the last column's blank
        )
        for i in range(2)
    ]
    after = Box(10.0, (Text(0, 0, "after", "F", 14, BLACK),), role="P")
    placed = place([*rows, after], 100.0)
    assert [_texts(p.items)[0][0] for p in placed] == ["left 0", "left 1", "right 0", "after"]
    assert placed[2].y == placed[0].y  # beside its row
    assert placed[2].parts == (Part("Table", True), Part("TBody", True), Part("TR"))
    table, paragraph = grouped(placed, 0, 0)
    (body,) = table.items
    assert isinstance(body, Group) and [row.role for row in body.items] == ["TR"] * 3  # type: ignore[union-attr]
    assert paragraph.role == "P"


def test_a_paragraph_split_over_pages_goes_on_from_one_page_to_the_next() -> None:
    lines = [
        Placed(-20.0 * i, (Text(0, 0, f"line {i}", "F", 14, BLACK),), (Part("P", i > 0),))
        for i in range(3)
    ]
    heading = Placed(0.0, (Text(0, 0, "Setup", "F", 22, BLACK),), (Part("H1"),))
    first, rest = grouped([heading, *lines[:2]], 10, 800), grouped(lines[2:], 10, 800)
    assert [group.role for group in first] == ["H1", "P"] and len(first[1].items) == 2
    assert not first[1].continues
    assert [group.role for group in rest] == ["P"] and rest[0].dy == 760 and rest[0].continues


def test_a_repeated_header_row_is_an_artifact() -> None:
    header = Box(8.0, (Line(0, 0, 50, 0, BLACK, 1),), role="TR", within=(Part("Table"),))
    row = Box(30.0, gap=4.0, header=header, role="TR", within=(Part("Table", True),))
    placed = place([row], 100.0)
    assert placed[0].items == (Artifact(header.items, "Pagination"),) and placed[0].parts == ()
    assert placed[1].parts == (Part("Table", True), Part("TR"))


def _texts(items: tuple[Item, ...], artifact: bool = False) -> list[tuple[str, bool]]:
    found = []
    for item in items:
        if isinstance(item, Text):
            found.append((item.text, artifact))
        elif isinstance(item, Group | Artifact):
            found += _texts(item.items, artifact or isinstance(item, Artifact))
    return found


def test_the_calibration_crosshairs_and_scales_are_artifacts(tmp_path: Path) -> None:
    from shapes_print.plan.calibrate import LABELS, CalibrationAsked, calibration_sheet
    from tests.labelsets import variant

    standard = variant("standard")
    asked = CalibrationAsked("a4", (595.276, 841.89), "long", (0.0, 0.0))
    document = calibration_sheet(asked, standard.library, standard.ctx)
    for page in document.pages:
        texts = _texts(page.items)
        marks = [artifact for text, artifact in texts if text in LABELS or text[0] in "+-"]
        assert marks and all(marks)
        assert any(not artifact for _, artifact in texts)  # the instructions are content
