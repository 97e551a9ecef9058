"""Reading built PDFs back: form placements, text and pixels, the way a printer sees them."""

from __future__ import annotations

import ctypes
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
    """Forms placed by `q 1 0 0 1 x y cm /Name Do Q` in the page's own content."""
    found = []
    x = y = 0.0
    for operands, operator in ContentStream(page.get_contents(), reader).operations:
        if operator == b"cm":
            x, y = float(operands[4]), float(operands[5])
        elif operator == b"Do":
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
    """A run of text as drawn: its words, the size its `Tf` set and its font's name."""

    text: str
    size: float
    font: str


def text_runs(path: Path) -> list[list[Run]]:
    """Each page's text runs, card forms included (pypdf follows `Do` into form XObjects)."""
    pages = []
    for page in PdfReader(path).pages:
        runs: list[Run] = []

        def visit(text: str, _cm: object, _tm: object, font: dict | None, size: float, runs: list[Run] = runs) -> None:
            if text.strip():
                runs.append(Run(" ".join(text.split()), size, str((font or {}).get("/BaseFont", ""))))

        page.extract_text(visitor_text=visit)
        pages.append(runs)
    return pages


def sized_runs(path: Path) -> list[list[Run]]:
    """Each page's text as runs of one size and font, cut at line ends, card forms included.

    pdfium reports each character's `Tf` size and font, as `text_runs` does, about fifty
    times faster than pypdf's visitor: large-print checks read whole kits with it.
    """
    pages = []
    document = pdfium.PdfDocument(path)
    try:
        for page in document:
            textpage = page.get_textpage()
            runs: list[Run] = []
            current: list[str] = []
            key: tuple[float, str] | None = None
            for index in range(textpage.count_chars()):
                char = chr(pdfium_c.FPDFText_GetUnicode(textpage, index))
                here = (round(pdfium_c.FPDFText_GetFontSize(textpage, index), 2), _font_name(textpage, index))
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


def _font_name(textpage: pdfium.PdfTextPage, index: int) -> str:
    buffer = ctypes.create_string_buffer(128)
    flags = ctypes.c_int()
    length = pdfium_c.FPDFText_GetFontInfo(textpage, index, buffer, len(buffer), ctypes.byref(flags))
    return buffer.raw[: max(length - 1, 0)].decode("utf-8", "replace")
