"""Reading built PDFs back: form placements, text and pixels, the way a printer sees them."""

from __future__ import annotations

import ctypes
import math
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from pypdf import PageObject, PdfReader
from pypdf.generic import ContentStream


@dataclass(frozen=True)
class Placement:
    """A form XObject drawn on a page at (x, y): one card face or back."""

    name: str
    x: float
    y: float


def placements(page: PageObject, reader: PdfReader) -> list[Placement]:
    """Forms placed by `q 1 0 0 1 x y cm /Name Do Q` in the page's own content, outside
    artifacts (a card's overrun past the grid is one: the card is the form placed as content).
    """
    found = []
    x = y = 0.0
    marked: list[bool] = []  # open marked-content sequences: is each an artifact?
    for operands, operator in ContentStream(page.get_contents(), reader).operations:
        if operator == b"cm":
            x, y = float(operands[4]), float(operands[5])
        elif operator in (b"BDC", b"BMC"):
            marked.append(str(operands[0]) == "/Artifact")
        elif operator == b"EMC":
            marked.pop()
        elif operator == b"Do" and not any(marked):
            found.append(Placement(str(operands[0]).removeprefix("/FormXob."), x, y))
    return found


def text(path: Path) -> list[str]:
    """Each page's text with runs of white space folded, as a reader would see the words."""
    return [" ".join(page.extract_text().split()) for page in PdfReader(path).pages]


def page_lines(path: Path) -> list[list[str]]:
    """Each page's text lines as drawn (a wrapped sentence is several lines).

    pdfium reads text inside the small card drawings far faster than pypdf does.
    """
    return [page.get_textpage().get_text_range().splitlines() for page in pdfium.PdfDocument(path)]


def page_texts(path: Path) -> list[str]:
    """Each page's text, whitespace folded so wrapped lines compare as sentences (pdfium)."""
    return [" ".join(" ".join(lines).split()) for lines in page_lines(path)]


@dataclass(frozen=True)
class Run:
    """A run of text as printed: its words, its size on paper, its font's name and, for the
    words of a picture (cards drawn small, marked `/Figure << /Alt … >> BDC`), the picture's
    alternate text."""

    text: str
    size: float
    font: str
    picture: str = ""


def sized_runs(path: Path) -> list[list[Run]]:
    """Each page's text as runs of one printed size, font and picture, cut at line ends, card
    forms included.

    The printed size is the `Tf` size times the scale of everything drawn around it: a
    card face drawn small on a sheet sets 24 pt and prints at a third of that, and a reader
    holds the paper, not the content stream. pdfium gives each character's `Tf` size
    (`FPDFText_GetFontSize`) and its text matrix times the CTM (`FPDFText_GetMatrix`),
    form XObjects included, about fifty times faster than pypdf's visitor: large-print
    checks read whole kits with it.
    """
    pages = []
    document = pdfium.PdfDocument(path)
    try:
        for page in document:
            textpage = page.get_textpage()
            pictured = _pictured(page)
            runs: list[Run] = []
            current: list[str] = []
            key: tuple[float, str, str] | None = None
            for index in range(textpage.count_chars()):
                char = chr(pdfium_c.FPDFText_GetUnicode(textpage, index))
                where = ctypes.cast(
                    pdfium_c.FPDFText_GetTextObject(textpage, index), ctypes.c_void_p
                ).value
                here = (
                    round(_printed_size(textpage, index), 2),
                    _font_name(textpage, index),
                    pictured.get(where, ""),
                )
                if char in "\r\n" or here != key:
                    if key and "".join(current).strip():
                        runs.append(Run(" ".join("".join(current).split()), *key))
                    current, key = [], (None if char in "\r\n" else here)
                if char not in "\r\n":
                    current.append(char)
            if key and "".join(current).strip():
                runs.append(Run(" ".join("".join(current).split()), *key))
            pages.append(runs)
    finally:
        document.close()
    return pages


def _printed_size(textpage: pdfium.PdfTextPage, index: int) -> float:
    """The height of the character's em on paper: its `Tf` size times the length its
    matrix gives a unit upright (rotation leaves it alone, a scaled form shrinks it)."""
    matrix = pdfium_c.FS_MATRIX()
    pdfium_c.FPDFText_GetMatrix(textpage, index, ctypes.byref(matrix))
    return pdfium_c.FPDFText_GetFontSize(textpage, index) * math.hypot(matrix.c, matrix.d)


def _pictured(page: pdfium.PdfPage) -> dict[int | None, str]:
    """The page's text objects inside marked pictures, by address, with the picture's alt
    text: found by walking the page's objects into the forms they place."""
    found: dict[int | None, str] = {}

    def walk(thing: pdfium_c.FPDF_PAGEOBJECT, alt: str) -> None:
        alt = _figure_alt(thing) or alt
        kind = pdfium_c.FPDFPageObj_GetType(thing)
        if kind == pdfium_c.FPDF_PAGEOBJ_TEXT and alt:
            found[ctypes.cast(thing, ctypes.c_void_p).value] = alt
        elif kind == pdfium_c.FPDF_PAGEOBJ_FORM:
            for index in range(pdfium_c.FPDFFormObj_CountObjects(thing)):
                walk(pdfium_c.FPDFFormObj_GetObject(thing, index), alt)

    for index in range(pdfium_c.FPDFPage_CountObjects(page.raw)):
        walk(pdfium_c.FPDFPage_GetObject(page.raw, index), "")
    return found


def _figure_alt(thing: pdfium_c.FPDF_PAGEOBJECT) -> str:
    """The `/Alt` of a `/Figure` mark on this object, or "".

    pdfium hands a string parameter back undecoded (a UTF-16 text string comes back as its
    bytes, byte-order mark and all), so the raw bytes are read and decoded here.
    """
    name = (ctypes.c_ushort * 64)()
    raw = (ctypes.c_ubyte * 4096)()
    length = ctypes.c_ulong()
    for index in range(pdfium_c.FPDFPageObj_CountMarks(thing)):
        mark = pdfium_c.FPDFPageObj_GetMark(thing, index)
        pdfium_c.FPDFPageObjMark_GetName(mark, name, ctypes.sizeof(name), ctypes.byref(length))
        if bytes(name)[: max(length.value - 2, 0)].decode("utf-16-le") != "Figure":
            continue
        if pdfium_c.FPDFPageObjMark_GetParamBlobValue(
            mark, b"Alt", raw, len(raw), ctypes.byref(length)
        ):
            text = bytes(raw[: length.value])
            # A text string is UTF-16BE after its mark, or else PDFDocEncoding (Latin-1 here).
            return (
                text[2:].decode("utf-16-be")
                if text.startswith(b"\xfe\xff")
                else text.decode("latin-1")
            )
    return ""


def _font_name(textpage: pdfium.PdfTextPage, index: int) -> str:
    buffer = ctypes.create_string_buffer(128)
    flags = ctypes.c_int()
    length = pdfium_c.FPDFText_GetFontInfo(
        textpage, index, buffer, len(buffer), ctypes.byref(flags)
    )
    return buffer.raw[: max(length - 1, 0)].decode("utf-8", "replace")
