"""The PDF writer of our own: files a strict checker accepts, roles and artifacts marked
as the plan says, the same in SVG, and colours that are a type."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from shapes_print.errors import UserError
from shapes_print.geometry.primitives import (
    BLACK,
    RGB,
    Artifact,
    Bookmark,
    Document,
    Group,
    Line,
    Page,
    Text,
)
from shapes_print.load.defaults import DEFAULT_TEMPLATES
from shapes_print.render.pdf import write_pdf
from shapes_print.render.svg import page_svg
from shapes_print.text.fonts import load_font
from tests.pdfread import structure

QPDF = shutil.which("qpdf")


def _font() -> str:
    return load_font(DEFAULT_TEMPLATES / "fonts" / "DejaVuSans.ttf").name


def _page() -> Page:
    font = _font()
    return Page(
        595,
        842,
        (
            Group((Text(50, 780, "Setup", font, 22, BLACK),), role="H1"),
            Group((Text(50, 740, "Baraja", font, 14, BLACK),), role="P", lang="es"),
            Group((Text(50, 700, "Red 2", font, 8, BLACK),), alt="Red 2"),
            Artifact((Line(10, 10, 100, 10, BLACK, 0.5),), "Pagination"),
        ),
    )


def _pdf(page: Page, lang: str = "") -> bytes:
    out = io.BytesIO()
    write_pdf(Document("roles", [page], lang=lang), out)
    return out.getvalue()


@pytest.mark.skipif(QPDF is None, reason="qpdf is not installed (apt-get install qpdf)")
def test_every_file_of_a_kit_passes_qpdf_check(pass_and_pick: Path) -> None:
    files = sorted(pass_and_pick.rglob("*.pdf"))
    assert len(files) >= 16
    for path in files:
        result = subprocess.run([QPDF, "--check", str(path)], capture_output=True, text=True)
        assert result.returncode == 0 and "WARNING" not in result.stdout.upper(), (
            path,
            result.stdout[-500:],
            result.stderr[-500:],
        )


def test_roles_become_elements_whose_content_is_marked_with_mcids() -> None:
    """Each group with a role is an element of the structure tree, its content one marked
    sequence numbered on its page; the artifact is marked as one and is in no element."""
    reader = PdfReader(io.BytesIO(_pdf(_page())))
    (page,) = reader.pages
    content = page.get_contents().get_data()
    marks = re.findall(rb"/(\w+) <<(.*?)>> BDC", content)
    assert marks == [
        (b"H1", b"/MCID 0"),
        (b"P", b"/MCID 1"),
        (b"Figure", b"/MCID 2"),
        (b"Artifact", b" /Type /Pagination "),
    ]
    assert content.count(b"BDC") == content.count(b"EMC") == 4 and b"BMC" not in content
    # Each text-showing operator sits inside its group's marked content.
    for shown in re.finditer(rb"Tj", content):
        before = content[: shown.start()]
        assert before.rfind(b"BDC") > before.rfind(b"EMC")
    root = structure(reader)
    assert [(kid.role, kid.marked) for kid in root.kids] == [
        ("H1", [(0, 0)]),
        ("P", [(0, 1)]),
        ("Figure", [(0, 2)]),
    ]
    assert root.kids[1].lang == "es" and root.kids[2].alt == "Red 2"
    nums = reader.trailer["/Root"]["/StructTreeRoot"]["/ParentTree"]["/Nums"]
    assert nums[0] == page["/StructParents"] == 0
    assert [element.idnum for element in nums[1]] == [kid.number for kid in root.kids]


def test_the_catalogue_says_the_documents_language_where_the_plan_knows_it() -> None:
    assert PdfReader(io.BytesIO(_pdf(_page(), "es"))).trailer["/Root"]["/Lang"] == "es"
    assert "/Lang" not in PdfReader(io.BytesIO(_pdf(_page()))).trailer["/Root"]


def test_svg_gives_the_same_roles_to_assistive_software() -> None:
    svg = page_svg(Document("roles", [], lang="en"), _page())
    assert ' lang="en"' in svg[svg.index("<svg") :].split(">", 1)[0]
    assert 'role="heading"' in svg and 'aria-level="1"' in svg
    assert 'role="paragraph"' in svg and 'lang="es"' in svg
    assert 'role="img"' in svg and 'aria-label="Red 2"' in svg
    assert 'aria-hidden="true"' in svg


def test_a_colour_is_a_type_parsed_once() -> None:
    assert RGB.parse("#0072b2") == RGB(0x00, 0x72, 0xB2) and RGB(0, 0x72, 0xB2).hex == "#0072B2"
    assert BLACK.contrast(RGB.parse("#FFFFFF")) == pytest.approx(21.0)
    for bad in ("0072B2", "#0072B", "#GG72B2", "red"):
        with pytest.raises(ValueError, match="colour must look like '#0072B2'"):
            RGB.parse(bad)


def test_a_file_that_is_not_a_truetype_font_is_refused_in_one_line(tmp_path: Path) -> None:
    for name, data in (("notes.ttf", b"not a font at all"), ("empty.ttf", b"")):
        path = tmp_path / name
        path.write_bytes(data)
        with pytest.raises(UserError, match="not a usable TrueType font") as error:
            load_font(path)
        assert str(path) in error.value.line() and "\n" not in error.value.line()


def test_measuring_uses_the_fonts_own_advance_widths() -> None:
    """DejaVu Sans: 'A' advances 1401 of 2048 units, a space 651 (its hmtx table)."""
    font = load_font(DEFAULT_TEMPLATES / "fonts" / "DejaVuSans.ttf")
    assert font.width("A", 10) == pytest.approx(10 * 1401 / 2048)
    assert font.width("A A", 10) == pytest.approx(10 * (2 * 1401 + 651) / 2048)
    assert font.width("\u00a0", 10) == font.width(" ", 10)


def test_bookmarks_nest_by_level_and_open_closed() -> None:
    """A part, its headings under it, their sections under those: pypdf reads the tree
    back with each entry at its page, and a part opens closed (a negative /Count)."""
    marks = (
        Bookmark("Cover", 0),
        Bookmark("Sheets", 1),
        Bookmark("Setup", 1, 1),
        Bookmark("Before each round", 2, 2),
        Bookmark("Scoring", 3, 1),
        Bookmark("Cards", 4),
    )
    pages = [Page(595, 842, ()) for _ in range(5)]
    out = io.BytesIO()
    write_pdf(Document("outline", pages, bookmarks=marks), out)
    reader = PdfReader(out)

    def tree(items: list) -> list:  # type: ignore[type-arg]
        return [
            tree(i) if isinstance(i, list) else (i.title, reader.get_destination_page_number(i))
            for i in items
        ]

    assert tree(reader.outline) == [
        ("Cover", 0),
        ("Sheets", 1),
        [("Setup", 1), [("Before each round", 2)], ("Scoring", 3)],
        ("Cards", 4),
    ]
    root = reader.trailer["/Root"]["/Outlines"]
    assert root["/Count"] == 3
    sheets = root["/First"]["/Next"]
    assert sheets["/Count"] == -2 and sheets["/Last"]["/Title"] == "Scoring"
