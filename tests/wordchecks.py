"""Words apart at line ends: what readers' tools read of a built PDF, held against the words
its lines draw.

The words a PDF draws are the vocabulary: each text object (one laid-out line) read with
pdfium, split at white space. A reader's text holding a word that no line draws has run two
words into one. The text of tagged content (by MCID, and each tagged line) is read here too.
"""

from __future__ import annotations

import ctypes
import functools
import re
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from tests.outsidetools import POPPLER, tool
from tests.pdfread import FileVersion, page_lines, version

# A struct-text line: its indent, then an element's role or a quoted run of its text.
_STRUCT_LINE = re.compile(r'^(?P<indent> *)(?:"(?P<text>.*)"|(?P<role>\w+))')
# Where poppler's reading-order layout may set two drawn words side by side without a space:
# next to a sign ("+ 1", "→ 0"), never between two letters or digits.
_SIGN = re.compile(r"[^\w]")


def drawn_lines(path: Path) -> list[str]:
    """Every text object's text, forms included: the lines as the layout set them. Read once
    per file and process: the word checks of one file each ask for them."""
    return list(_drawn_lines(version(path)))


@functools.lru_cache(maxsize=1024)
def _drawn_lines(file: FileVersion) -> tuple[str, ...]:
    lines: list[str] = []
    document = pdfium.PdfDocument(file[0])
    try:
        for page in document:
            textpage = page.get_textpage()

            def walk(thing: pdfium_c.FPDF_PAGEOBJECT, textpage: pdfium.PdfTextPage) -> None:
                kind = pdfium_c.FPDFPageObj_GetType(thing)
                if kind == pdfium_c.FPDF_PAGEOBJ_TEXT:
                    size = pdfium_c.FPDFTextObj_GetText(thing, textpage, None, 0)
                    buffer = (ctypes.c_ushort * (size // 2))()
                    pdfium_c.FPDFTextObj_GetText(thing, textpage, buffer, size)
                    lines.append(bytes(buffer)[: max(size - 2, 0)].decode("utf-16-le"))
                elif kind == pdfium_c.FPDF_PAGEOBJ_FORM:
                    for index in range(pdfium_c.FPDFFormObj_CountObjects(thing)):
                        walk(pdfium_c.FPDFFormObj_GetObject(thing, index), textpage)

            for index in range(pdfium_c.FPDFPage_CountObjects(page.raw)):
                walk(pdfium_c.FPDFPage_GetObject(page.raw, index), textpage)
    finally:
        document.close()
    return tuple(lines)


def words(text: str) -> list[str]:
    """Words as a reader's software splits them: at any white space, no-break spaces too."""
    return text.split()


def drawn_words(path: Path) -> set[str]:
    """The words of each text object, and of each line as pdfium's text page sets the
    objects of one line side by side: a line whose shorthand is a span of its own ("(",
    "75-90", " lb") is drawn as several objects, one word across two of them."""
    laid_out = [line for page in page_lines(path) for line in page]
    return {word for line in [*drawn_lines(path), *laid_out] for word in words(line)}


def struct_text(path: Path) -> list[str]:
    """The text runs of `pdfinfo -struct-text` (the structure tree in reading order), those
    inside a Figure left out: a reader says a picture's Alt, not the words drawn in it.
    pdfinfo runs once per file and process, however many checks read what it heard."""
    tool("pdfinfo", POPPLER)  # a missing tool is a skip before the file is looked at
    return [text for text, pictured in _struct_text(version(path)) if not pictured]


def figure_struct_text(path: Path) -> list[str]:
    """The text runs of `pdfinfo -struct-text` inside Figures: the words drawn in pictures,
    which search, reflow and export to text read though a screen reader says the Alt."""
    tool("pdfinfo", POPPLER)
    return [text for text, pictured in _struct_text(version(path)) if pictured]


@functools.lru_cache(maxsize=1024)
def _struct_text(file: FileVersion) -> tuple[tuple[str, bool], ...]:
    """Each text run of the structure in reading order, and whether a Figure holds it."""
    run = subprocess.run(
        [tool("pdfinfo", POPPLER), "-struct-text", file[0]],
        capture_output=True,
        text=True,
        check=True,
    )
    texts: list[tuple[str, bool]] = []
    figure: int | None = None  # the indent of the Figure being read
    inline = _Inline()
    for line in run.stdout.splitlines():
        found = _STRUCT_LINE.match(line)
        if found is None:
            continue
        indent = len(found["indent"])
        if figure is not None and indent <= figure:
            figure = None
        if found["role"] == "Figure" and figure is None:
            figure = indent
        if found["text"] is None:
            inline.meets(found["role"], indent)
        elif inline.runs_on(indent):
            texts[-1] = (texts[-1][0] + found["text"], texts[-1][1])
        else:
            texts.append((found["text"], figure is not None))
    return tuple(texts)


@dataclass
class _Inline:
    """An inline Span in a line (a range's expansion), as pdfinfo lists it: an element of
    its own between the words before and after it, which are one text with it."""

    indent: int | None = None  # the Span's, while its line's words may run on
    last: int = -1  # the indent of the last text
    glued: bool = False  # the last text is of the line the Span is in

    def meets(self, role: str, indent: int) -> None:
        """An element's line: a Span goes on from the text just before it, at its indent."""
        if role == "Span":
            self.indent, self.glued = indent, self.last == indent
            return
        self.last = -1  # an element begins: the text before it is not of its line
        if self.indent is not None and indent <= self.indent:
            self.indent = None

    def runs_on(self, indent: int) -> bool:
        """Whether a text at `indent` goes on from the last (and note it as the last)."""
        span, self.last = self.indent, indent
        if span is None or indent < span:
            self.indent = None
            return False
        glued, self.glued = self.glued, True
        if indent == span:
            self.indent = None
        return glued


def struct_text_joins(path: Path) -> list[str]:
    """Words a reader hears (`pdfinfo -struct-text`) that no line of the file draws."""
    return _undrawn(struct_text(path), path)


def figure_text_joins(path: Path) -> list[str]:
    """Words the structure holds inside pictures (a card's words where it is drawn on a
    sheet) that no line of the file draws: a line's last word run into the next line's
    first, or one text of a card into the next."""
    return _undrawn(figure_struct_text(path), path)


def _undrawn(texts: Sequence[str], path: Path) -> list[str]:
    vocabulary = drawn_words(path)
    return [word for text in texts for word in words(text) if word not in vocabulary]


def pdftotext_joins(path: Path) -> list[str]:
    """Words of `pdftotext`, in content order (`-raw`) and in its reading-order layout, that
    no line of the file draws.

    The layout mode guesses lines from positions, and there poppler takes a line's last
    hyphen for a break it may drop ("task-" / "cards.pdf" reads "taskcards.pdf") and sets a
    sign against its number ("+ 1" reads "+1"); neither runs two words of text together,
    so a word is excused that is drawn words joined at a sign or with a hyphen dropped.
    """
    program = tool("pdftotext", POPPLER)
    vocabulary = drawn_words(path)
    unhyphened = {word.replace("-", "") for word in vocabulary}
    joins: list[str] = []
    for mode in (["-raw"], []):
        run = subprocess.run(
            [program, *mode, str(path), "-"], capture_output=True, text=True, check=True
        )
        for word in words(run.stdout):
            if word in vocabulary or (mode == [] and _laid_out(word, vocabulary, unhyphened)):
                continue
            joins.append(word)
    return joins


def _laid_out(word: str, vocabulary: set[str], unhyphened: set[str]) -> bool:
    """The word is drawn words as poppler's layout joins them: a hyphen dropped, or words
    set against a sign."""
    if word in unhyphened:
        return True
    return _joined_at_signs(word, vocabulary)


def _joined_at_signs(word: str, vocabulary: set[str]) -> bool:
    if word in vocabulary:
        return True
    for cut in range(1, len(word)):
        head, tail = word[:cut], word[cut:]
        at_sign = _SIGN.match(head[-1]) or _SIGN.match(tail[0])
        if at_sign and head in vocabulary and _joined_at_signs(tail, vocabulary):
            return True
    return False


def marked_texts(path: Path) -> dict[tuple[int, int], str]:
    """The text of each marked-content sequence, by (page index, MCID), read with pdfium.
    Read once per file and process: the checks of what a reader hears each ask for it."""
    return dict(_marked_texts(version(path)))


@functools.lru_cache(maxsize=1024)
def _marked_texts(file: FileVersion) -> tuple[tuple[tuple[int, int], str], ...]:
    found: dict[tuple[int, int], str] = {}
    mcid = ctypes.c_int()
    document = pdfium.PdfDocument(file[0])
    try:
        for index, page in enumerate(document):
            textpage = page.get_textpage()
            for number in range(pdfium_c.FPDFPage_CountObjects(page.raw)):
                thing = pdfium_c.FPDFPage_GetObject(page.raw, number)
                if pdfium_c.FPDFPageObj_GetType(thing) != pdfium_c.FPDF_PAGEOBJ_TEXT:
                    continue
                for mark in range(pdfium_c.FPDFPageObj_CountMarks(thing)):
                    handle = pdfium_c.FPDFPageObj_GetMark(thing, mark)
                    if pdfium_c.FPDFPageObjMark_GetParamIntValue(
                        handle, b"MCID", ctypes.byref(mcid)
                    ):
                        key = (index, mcid.value)
                        found[key] = found.get(key, "") + _object_text(thing, textpage)
    finally:
        document.close()
    return tuple(found.items())


def tagged_lines(path: Path) -> frozenset[str]:
    """Each text object's text inside tagged content (a page object marked with an MCID,
    a form's every text under it): the lines the structure reads as the layout set them,
    artifacts (a running foot, the print furniture) left out. Read once per file and
    process: a print-and-play file is compared with each file it holds."""
    return _tagged_lines(version(path))


@functools.lru_cache(maxsize=1024)
def _tagged_lines(file: FileVersion) -> frozenset[str]:
    found: set[str] = set()
    mcid = ctypes.c_int()

    def texts(thing: pdfium_c.FPDF_PAGEOBJECT, textpage: pdfium.PdfTextPage) -> None:
        kind = pdfium_c.FPDFPageObj_GetType(thing)
        if kind == pdfium_c.FPDF_PAGEOBJ_TEXT:
            found.add(_object_text(thing, textpage))
        elif kind == pdfium_c.FPDF_PAGEOBJ_FORM:
            for index in range(pdfium_c.FPDFFormObj_CountObjects(thing)):
                texts(pdfium_c.FPDFFormObj_GetObject(thing, index), textpage)

    document = pdfium.PdfDocument(file[0])
    try:
        for page in document:
            textpage = page.get_textpage()
            for number in range(pdfium_c.FPDFPage_CountObjects(page.raw)):
                thing = pdfium_c.FPDFPage_GetObject(page.raw, number)
                marks = range(pdfium_c.FPDFPageObj_CountMarks(thing))
                if any(
                    pdfium_c.FPDFPageObjMark_GetParamIntValue(
                        pdfium_c.FPDFPageObj_GetMark(thing, mark), b"MCID", ctypes.byref(mcid)
                    )
                    for mark in marks
                ):
                    texts(thing, textpage)
    finally:
        document.close()
    return frozenset(found)


def _object_text(thing: pdfium_c.FPDF_PAGEOBJECT, textpage: pdfium.PdfTextPage) -> str:
    size = pdfium_c.FPDFTextObj_GetText(thing, textpage, None, 0)
    buffer = (ctypes.c_ushort * (size // 2))()
    pdfium_c.FPDFTextObj_GetText(thing, textpage, buffer, size)
    return bytes(buffer)[: max(size - 2, 0)].decode("utf-16-le")
