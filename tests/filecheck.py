"""Checks of built files with tools we did not write, shared by `make check-files` and pytest.

Each check takes one file and returns its problems (an empty list when it holds), or raises
`Skipped` when the outside tool it needs is not installed. The words a PDF draws are the
vocabulary: each text object (one laid-out line) read with pdfium, split at white space. A
reader's text holding a word that no line draws has run two words into one.
"""

from __future__ import annotations

import ctypes
import re
import shutil
import subprocess
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

POPPLER = "apt-get install poppler-utils"
GHOSTSCRIPT = "apt-get install ghostscript"
# A struct-text line: its indent, then an element's role or a quoted run of its text.
_STRUCT_LINE = re.compile(r'^(?P<indent> *)(?:"(?P<text>.*)"|(?P<role>\w+))')
# Where poppler's reading-order layout may set two drawn words side by side without a space:
# next to a sign ("+ 1", "→ 0"), never between two letters or digits.
_SIGN = re.compile(r"[^\w]")


@dataclass(frozen=True)
class Skipped(Exception):
    """A check needs a tool that is not installed: its name and how to install it."""

    tool: str
    hint: str

    def __str__(self) -> str:
        return f"{self.tool} not found ({self.hint})"


def tool(name: str, hint: str) -> str:
    """The tool's path, or `Skipped` when it is not installed."""
    found = shutil.which(name)
    if found is None:
        raise Skipped(name, hint)
    return found


def drawn_lines(path: Path) -> list[str]:
    """Every text object's text, forms included: the lines as the layout set them."""
    lines: list[str] = []
    document = pdfium.PdfDocument(path)
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
    return lines


def words(text: str) -> list[str]:
    """Words as a reader's software splits them: at any white space, no-break spaces too."""
    return text.split()


def drawn_words(path: Path) -> set[str]:
    return {word for line in drawn_lines(path) for word in words(line)}


def struct_text(path: Path) -> list[str]:
    """The text runs of `pdfinfo -struct-text` (the structure tree in reading order), those
    inside a Figure left out: a reader says a picture's Alt, not the words drawn in it."""
    run = subprocess.run(
        [tool("pdfinfo", POPPLER), "-struct-text", str(path)],
        capture_output=True,
        text=True,
        check=True,
    )
    texts: list[str] = []
    figure: int | None = None  # the indent of the Figure being skipped
    for line in run.stdout.splitlines():
        found = _STRUCT_LINE.match(line)
        if found is None:
            continue
        indent = len(found["indent"])
        if figure is not None and indent > figure:
            continue
        figure = None
        if found["role"] == "Figure":
            figure = indent
        elif found["text"] is not None:
            texts.append(found["text"])
    return texts


def struct_text_joins(path: Path) -> list[str]:
    """Words a reader hears (`pdfinfo -struct-text`) that no line of the file draws."""
    vocabulary = drawn_words(path)
    return [word for text in struct_text(path) for word in words(text) if word not in vocabulary]


def pdftotext_joins(path: Path) -> list[str]:
    """Words of `pdftotext`, in content order (`-raw`) and in its reading-order layout, that
    no line of the file draws.

    The layout mode guesses lines from positions, and there poppler takes a line's last
    hyphen for a break it may drop ("task-" / "cards.pdf" reads "taskcards.pdf") and sets a
    sign against its number ("+ 1" reads "+1"); neither runs two words of text together,
    so a word is excused that is drawn words joined at a sign or with a hyphen dropped.
    """
    vocabulary = drawn_words(path)
    unhyphened = {word.replace("-", "") for word in vocabulary}
    program = tool("pdftotext", POPPLER)
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
    """The text of each marked-content sequence, by (page index, MCID), read with pdfium."""
    found: dict[tuple[int, int], str] = {}
    mcid = ctypes.c_int()
    document = pdfium.PdfDocument(path)
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
    return found


def _object_text(thing: pdfium_c.FPDF_PAGEOBJECT, textpage: pdfium.PdfTextPage) -> str:
    size = pdfium_c.FPDFTextObj_GetText(thing, textpage, None, 0)
    buffer = (ctypes.c_ushort * (size // 2))()
    pdfium_c.FPDFTextObj_GetText(thing, textpage, buffer, size)
    return bytes(buffer)[: max(size - 2, 0)].decode("utf-16-le")


def heard(path: Path) -> list[tuple[str, str, int]]:
    """What a screen reader says, element by element in reading order, as (role, words, the
    object number of the element holding it): a Figure's alternate text (not the words
    drawn in it), any other element's own text."""
    from pypdf import PdfReader

    from tests.pdfread import Element, structure

    texts = marked_texts(path)
    said: list[tuple[str, str, int]] = []

    def walk(element: Element, parent: int) -> None:
        if element.role == "Figure":
            said.append(("Figure", element.alt, parent))
            return
        own = " ".join(texts.get(key, "") for key in element.marked).split()
        if own:
            said.append((element.role, " ".join(own), parent))
        for kid in element.kids:
            walk(kid, element.number)

    root = structure(PdfReader(path))
    walk(root, root.number)
    return said


def repeated_readings(path: Path) -> list[tuple[str, str]]:
    """A picture's alternate text and the words read next to it in the same element (its
    table cell, its section), where one says the other again: a caption naming the cards
    the Alt named, an arrow's caption or direction word."""
    said = heard(path)
    repeats = []
    for (role, first, parent), (other, second, holder) in pairwise(said):
        if parent != holder or (role == "Figure") == (other == "Figure"):
            continue  # two cards on a card sheet, two paragraphs: not a picture and its words
        if _within(first, second) or _within(second, first):
            repeats.append((first, second))
    return repeats


def _within(part: str, whole: str) -> bool:
    """Whether `part`'s words stand together, in order, in `whole` (case aside)."""
    small, large = part.casefold().split(), whole.casefold().split()
    return bool(small) and any(
        large[i : i + len(small)] == small for i in range(len(large) - len(small) + 1)
    )
