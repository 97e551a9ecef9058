"""Checks of built files with tools we did not write, shared by `make check-files` and pytest.

Each check takes one file and returns its problems (an empty list when it holds), or raises
`Skipped` when the outside tool it needs is not installed. The words a PDF draws are the
vocabulary: each text object (one laid-out line) read with pdfium, split at white space. A
reader's text holding a word that no line draws has run two words into one.
"""

from __future__ import annotations

import argparse
import ctypes
import functools
import re
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import accumulate, pairwise
from pathlib import Path
from typing import TypeVar

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from PIL import Image, ImageChops, ImageFilter
from pypdf import PageObject, PdfReader
from pypdf.generic import ContentStream, DictionaryObject, IndirectObject, StreamObject

from shapes_print.braille.cells import ascii_braille
from shapes_print.braille.translate import code_for, fill_lines, translate
from shapes_print.geometry.primitives import Document, Group, Item, Text
from shapes_print.load.content import load_library
from shapes_print.load.defaults import DEFAULT_TEMPLATES
from shapes_print.load.options import PrintOptions
from shapes_print.load.printmodels import Finest
from shapes_print.pipeline import pipeline
from shapes_print.plan.embosser import HYPHEN, EmbosserFile, sheet_passages
from shapes_print.plan.kit import KitFile
from tests.pdfread import Element, FileVersion, page_lines, sized_runs, structure, version

POPPLER = "apt-get install poppler-utils"
GHOSTSCRIPT = "apt-get install ghostscript"
# A struct-text line: its indent, then an element's role or a quoted run of its text.
_STRUCT_LINE = re.compile(r'^(?P<indent> *)(?:"(?P<text>.*)"|(?P<role>\w+))')
# Where poppler's reading-order layout may set two drawn words side by side without a space:
# next to a sign ("+ 1", "→ 0"), never between two letters or digits.
_SIGN = re.compile(r"[^\w]")


@dataclass
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


def structure_of(path: Path) -> Element:
    """The file's structure tree (tests/pdfread.structure), read once per file and process:
    the checks of what a reader hears each walk it, and none changes it."""
    return _structure(version(path))


@functools.lru_cache(maxsize=1024)
def _structure(file: FileVersion) -> Element:
    return structure(PdfReader(file[0]))


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


@dataclass(frozen=True)
class Heard:
    """One thing a screen reader says: the role of what says it, its words, the object
    number of the element holding it and of the table row holding it (0: none)."""

    role: str
    words: str
    parent: int
    row: int


def heard(path: Path) -> list[tuple[str, str, int]]:
    """What a screen reader says, element by element in reading order, as (role, words, the
    object number of the element holding it): a Figure's alternate text (not the words
    drawn in it), any other element's own text, the spans in its lines (an icon, a range)
    said in their place as their replacement text or expansion says."""
    return [(said.role, said.words, said.parent) for said in heard_in_rows(path)]


def heard_in_rows(path: Path) -> list[Heard]:
    """`heard`, each with the table row it is read in."""
    texts = marked_texts(path)
    said: list[Heard] = []

    def spoken(element: Element) -> str:
        if element.actual or element.expansion:
            return element.actual or element.expansion
        parts = [
            spoken(part) if isinstance(part, Element) else texts.get(part, "")
            for part in element.parts
            if not isinstance(part, Element) or part.role == "Span"
        ]
        return " ".join("".join(parts).split())

    def walk(element: Element, parent: int, row: int) -> None:
        if element.role == "Figure":
            said.append(Heard("Figure", element.alt, parent, row))
            return
        own = spoken(element)
        if own:
            said.append(Heard(element.role, own, parent, row))
        for kid in element.kids:
            if kid.role != "Span":
                walk(kid, element.number, element.number if element.role == "TR" else row)

    root = structure_of(path)
    walk(root, root.number, 0)
    return said


# What a reader's software says wrongly or not at all: a range of numbers ("dash"), numbers
# between slashes ("slash"), a Spanish ordinal's abbreviation ("uno punto er"), signs.
MISREAD = re.compile(
    r"\d\s*[-\u2013/]\s*\d|\d\.(?:er|\u00ba|\u00aa)(?!\w)|[\u2605\u265b\u2192\u00d7]"
)


def misheard(path: Path) -> list[str]:
    """What a reader says of the file where print's shorthand is heard as it is written."""
    return [f"{role}: {words!r}" for role, words, _ in heard(path) if MISREAD.search(words)]


def empty_header_cells(path: Path) -> list[str]:
    """Header cells (TH) with no words: a reader announces a heading for every cell of its
    row or column, so an empty one (a score sheet's corner) heads them with silence. Each
    is named by the words of the header cells around it."""
    texts = marked_texts(path)
    problems = []
    for element in structure_of(path).walk():
        cells = [kid for kid in element.kids if kid.role in ("TH", "TD")]
        heads = [" ".join(texts.get(key, "") for key in kid.marked).strip() for kid in cells]
        for cell, words in zip(cells, heads, strict=True):
            if cell.role == "TH" and not words and not any(k.role == "Figure" for k in cell.walk()):
                problems.append(f"an empty header cell in the row {' | '.join(heads)!r}")
    return problems


def repeated_readings(path: Path) -> list[tuple[str, str]]:
    """A picture's alternate text and the words read next to it in the same element (its
    table cell, its section), where one says the other again: a caption naming the cards
    the Alt named, an arrow's caption or direction word; or the words of the next cell of
    its row, where they open with what the Alt said ("Wild", "Wild card: if your...")."""
    repeats = []
    for one, other in pairwise(heard_in_rows(path)):
        if (one.role == "Figure") == (other.role == "Figure"):
            continue  # two cards on a card sheet, two paragraphs: not a picture and its words
        first, second = one.words, other.words
        if (one.parent == other.parent and (_within(first, second) or _within(second, first))) or (
            one.role == "Figure" and one.row and one.row == other.row and _opens(first, second)
        ):
            repeats.append((first, second))
    return repeats


def _opens(part: str, whole: str) -> bool:
    """Whether `whole` opens with `part`'s words (case and punctuation aside)."""
    small = [word.strip(":,.;") for word in part.casefold().split()]
    large = [word.strip(":,.;") for word in whole.casefold().split()]
    return bool(small) and large[: len(small)] == small


def _within(part: str, whole: str) -> bool:
    """Whether `part`'s words stand together, in order, in `whole` (case aside)."""
    small, large = part.casefold().split(), whole.casefold().split()
    return bool(small) and any(
        large[i : i + len(small)] == small for i in range(len(large) - len(small) + 1)
    )


# --- print-shop files ---------------------------------------------------------------------

_XMP_NEEDED = (
    "pdfxid:GTS_PDFXVersion",
    "xmpMM:DocumentID",
    "xmpMM:InstanceID",
    "xmpMM:VersionID",
    "xmpMM:RenditionClass",
    "xmp:CreateDate",
)


def pdfx_problems(path: Path) -> list[str]:
    """What a PDF/X-4 preflight refuses: a header past 1.6, no output intent, XMP without
    the ids, version and dates, Info without its version, a page without its own TrimBox
    and BleedBox (a viewer's defaults do not count), a date of 1970."""

    reader = PdfReader(path)
    problems = []
    if not path.read_bytes().startswith(b"%PDF-1.6"):
        problems.append("header is not PDF 1.6")
    catalog = reader.trailer["/Root"]
    if "/OutputIntents" not in catalog:
        problems.append("no OutputIntents")
    xmp = catalog["/Metadata"].get_object().get_data().decode("utf-8")
    problems += [f"XMP lacks {name}" for name in _XMP_NEEDED if f"<{name}>" not in xmp]
    if "1970-01-01" in xmp:
        problems.append("dated 1970")
    info = reader.trailer["/Info"].get_object()
    if info.get("/GTS_PDFXVersion") != "PDF/X-4":
        problems.append("Info lacks GTS_PDFXVersion PDF/X-4")
    for number, page in enumerate(reader.pages, start=1):
        for box in ("/TrimBox", "/BleedBox"):
            if box not in page:  # the page's own key, not pypdf's default
                problems.append(f"page {number} has no {box[1:]}")
    return problems


def shown_texts(path: Path) -> Iterator[tuple[tuple[float, ...] | None, bool]]:
    """Each text shown in the file's pages and forms: its CMYK fill, and whether the
    graphics state it is shown in overprints (q and Q save and restore both)."""
    reader = PdfReader(path)
    for stream, resources in _content_with_resources(reader):
        states = resources.get("/ExtGState", {})
        fill: tuple[float, ...] | None = None
        overprint = False
        saved: list[tuple[tuple[float, ...] | None, bool]] = []
        for operands, operator in ContentStream(stream, reader).operations:
            if operator == b"k":
                fill = tuple(float(value) for value in operands)
            elif operator == b"gs":
                state = states[operands[0]].get_object()
                overprint = bool(state.get("/op")) and state.get("/OPM") == 1
            elif operator == b"q":
                saved.append((fill, overprint))
            elif operator == b"Q":
                fill, overprint = saved.pop()
            elif operator == b"Tj":
                yield fill, overprint


def overprint_problems(path: Path) -> list[str]:
    """Black text (`0 0 0 1 k`) shown without an overprinting graphics state, and other
    text shown with one."""
    return sorted(
        {
            f"text in {fill} {'over' if overprint else 'knocked out'}"
            for fill, overprint in shown_texts(path)
            if (fill == (0.0, 0.0, 0.0, 1.0)) != overprint
        }
    )


def _content_with_resources(reader: PdfReader) -> list[tuple[object, DictionaryObject]]:
    """Every page's content and every form's, with the resources it names them from."""
    found: list[tuple[object, DictionaryObject]] = [
        (page.get_contents(), _resources(page)) for page in reader.pages
    ]
    for number in range(1, int(reader.trailer["/Size"])):
        thing = reader.get_object(IndirectObject(number, 0, reader))
        if isinstance(thing, StreamObject) and thing.get("/Subtype") == "/Form":
            found.append((thing, _resources(thing)))
    return found


def _resources(holder: PageObject | StreamObject) -> DictionaryObject:
    found = holder.get("/Resources")
    return found.get_object() if found is not None else DictionaryObject()


Coverage = tuple[float, float, float, float, str]


def ink_coverage(path: Path) -> list[Coverage]:
    """Each page's cyan, magenta, yellow and black coverage as Ghostscript's inkcov device
    renders it (overprint simulated), and what it says of the page ("CMYK OK")."""
    (pages,) = ink_coverages([path])
    return pages


def ink_coverages(paths: Sequence[Path]) -> list[list[Coverage]]:
    """`ink_coverage` of each file, from one run of Ghostscript for them all: it takes a
    quarter of a second to start, longer than most files take to render. Where that run
    fails, each file is rendered on its own, so the error names the file."""
    command = [tool("gs", GHOSTSCRIPT), "-q", "-o", "-", "-sDEVICE=inkcov"]
    run = subprocess.run(
        [*command, "-dOverprint=/simulate", *map(str, paths)],
        capture_output=True,
        text=True,
        check=False,
    )
    pages: list[Coverage] = []
    for line in run.stdout.splitlines():
        parts = line.split()
        if len(parts) >= 6:
            c, m, y, k = (float(value) for value in parts[:4])
            pages.append((c, m, y, k, " ".join(parts[4:])))
    counts = [page_count(path) for path in paths]
    if len(paths) > 1 and (run.returncode or len(pages) != sum(counts)):
        return [ink_coverage(path) for path in paths]
    if run.returncode or not pages:
        raise RuntimeError(f"gs could not render {paths[0].name}: {run.stderr.strip()[:200]}")
    return _split(pages, counts)


def page_count(path: Path) -> int:
    document = pdfium.PdfDocument(path)
    try:
        return len(document)
    finally:
        document.close()


_Page = TypeVar("_Page")


def _split(pages: Sequence[_Page], counts: Sequence[int]) -> list[list[_Page]]:
    """Pages of several files read as one run, each file's (`counts`: how many it has)."""
    ends = list(accumulate(counts))
    return [list(pages[end - count : end]) for end, count in zip(ends, counts, strict=True)]


def ghostscript_problems(path: Path) -> list[str]:
    """Pages Ghostscript cannot render in CMYK."""
    (problems,) = ghostscript_problems_of([path])
    return problems


def ghostscript_problems_of(paths: Sequence[Path]) -> list[list[str]]:
    """`ghostscript_problems` of each file, Ghostscript started once."""
    return [
        [
            f"page {number}: {said}"
            for number, (*_, said) in enumerate(pages, start=1)
            if said != "CMYK OK"
        ]
        for pages in ink_coverages(paths)
    ]


# The plates of a CMYK press, as Ghostscript's tiffsep names their files.
PLATES = ("Cyan", "Magenta", "Yellow", "Black")
SEPARATIONS_DPI = 72  # a point a pixel: the thinnest white word on black is still pixels wide
# Black ink at this share of full or more is a black area (the profile's own black, 97%, is);
# as much other ink as this under it makes that black four-plate.
SOLID_BLACK = 0.9
STRAY_INK = 0.02


def separations(path: Path, dpi: int = SEPARATIONS_DPI) -> list[dict[str, Image.Image]]:
    """Each page's plates as Ghostscript's tiffsep device separates them, overprint off (black
    type printed over a colour then shows as black alone, as a shop's knockout preview does),
    each plate's pixels its ink from 0 (none) to 255 (full)."""
    with tempfile.TemporaryDirectory(prefix="separations-") as folder:
        return [_plates(page) for page in _separated([path], Path(folder), dpi)]


def _separated(paths: Sequence[Path], folder: Path, dpi: int) -> list[Path]:
    """Every page of the files, in order, separated by one run of Ghostscript into `folder`:
    each page's composite TIFF, its plates beside it."""
    command = [tool("gs", GHOSTSCRIPT), "-q", "-sDEVICE=tiffsep", f"-r{dpi}"]
    subprocess.run(
        [*command, "-dOverprint=/disable", "-o", f"{folder}/p%05d.tif", *map(str, paths)],
        capture_output=True,
        check=True,
    )
    return sorted(folder.glob("p[0-9][0-9][0-9][0-9][0-9].tif"))


def _plates(composite: Path) -> dict[str, Image.Image]:
    plates = {}
    for plate in PLATES:  # tiffsep writes a plate's ink as how little of it there is
        with Image.open(composite.with_name(f"{composite.stem}({plate}).tif")) as image:
            plates[plate] = image.point(lambda value: 255 - value)
    return plates


def rich_black_problems(path: Path) -> list[str]:
    """Pages with black areas printed in more than black ink: a knocked-out word (white on
    black) fringes in the other inks wherever the plates slip. Text knocked out of black
    sits on black ink alone."""
    (problems,) = rich_black_problems_of([path])
    return problems


def rich_black_problems_of(paths: Sequence[Path]) -> list[list[str]]:
    """`rich_black_problems` of each file, Ghostscript started once for them all."""
    with tempfile.TemporaryDirectory(prefix="separations-") as folder:
        pages = _separated(paths, Path(folder), SEPARATIONS_DPI)
        counts = [page_count(path) for path in paths]
        assert len(pages) == sum(counts), "a page for every page of the files"
        return [
            [
                f"page {number}: {rich} pixels of black over other inks"
                for number, page in enumerate(file, start=1)
                if (rich := _rich_black(_plates(page)))
            ]
            for file in _split(pages, counts)
        ]


def _rich_black(plates: dict[str, Image.Image]) -> int:
    """How many pixels of the page's black areas have other inks under them."""
    others = [_at_least(plates[plate], STRAY_INK) for plate in PLATES[:3]]
    inked = ImageChops.lighter(ImageChops.lighter(others[0], others[1]), others[2])
    return ImageChops.multiply(solid_black(plates), inked).histogram()[255]


def solid_black(plates: dict[str, Image.Image]) -> Image.Image:
    """Where a page's black ink is a black area's: 255 there, 0 elsewhere."""
    return _at_least(plates["Black"], SOLID_BLACK)


def _at_least(plate: Image.Image, share: float) -> Image.Image:
    """Where a plate's ink is at least `share` of full: 255 there, 0 elsewhere."""
    level = round(share * 255)
    return plate.point(lambda value: 255 if value >= level else 0)


@functools.cache
def finest() -> Finest:
    """The thinnest line and smallest word anything may print: templates/sheet.yaml's."""
    return load_library(DEFAULT_TEMPLATES).style.finest


def stroke_widths(path: Path) -> list[float]:
    """Every stroked path's line width as printed (its width times the scale of every form
    and matrix around it), forms included, read with pdfium."""
    widths: list[float] = []
    document = pdfium.PdfDocument(path)

    def matrix(thing: pdfium_c.FPDF_PAGEOBJECT) -> tuple[float, ...]:
        found = pdfium_c.FS_MATRIX()
        pdfium_c.FPDFPageObj_GetMatrix(thing, ctypes.byref(found))
        return (found.a, found.b, found.c, found.d)

    def times(first: tuple[float, ...], then: tuple[float, ...]) -> tuple[float, ...]:
        a, b, c, d = first
        e, f, g, h = then
        return (a * e + b * g, a * f + b * h, c * e + d * g, c * f + d * h)

    def walk(thing: pdfium_c.FPDF_PAGEOBJECT, around: tuple[float, ...]) -> None:
        kind = pdfium_c.FPDFPageObj_GetType(thing)
        here = times(matrix(thing), around)
        if kind == pdfium_c.FPDF_PAGEOBJ_FORM:
            for index in range(pdfium_c.FPDFFormObj_CountObjects(thing)):
                walk(pdfium_c.FPDFFormObj_GetObject(thing, index), here)
        elif kind == pdfium_c.FPDF_PAGEOBJ_PATH:
            mode, stroked = ctypes.c_int(), ctypes.c_int()
            pdfium_c.FPDFPath_GetDrawMode(thing, ctypes.byref(mode), ctypes.byref(stroked))
            if stroked.value:
                width = ctypes.c_float()
                pdfium_c.FPDFPageObj_GetStrokeWidth(thing, ctypes.byref(width))
                a, b, c, d = here
                widths.append(width.value * abs(a * d - b * c) ** 0.5)

    try:
        for page in document:
            for index in range(pdfium_c.FPDFPage_CountObjects(page.raw)):
                walk(pdfium_c.FPDFPage_GetObject(page.raw, index), (1.0, 0.0, 0.0, 1.0))
    finally:
        document.close()
    return widths


def thin_line_problems(path: Path) -> list[str]:
    least = finest().line
    thin = [width for width in stroke_widths(path) if width < least - 1e-3]
    return [f"{len(thin)} lines under {least:g} pt, thinnest {min(thin):.3f}"] if thin else []


def small_text_problems(path: Path) -> list[str]:

    smallest = finest().text
    small = [run for page in sized_runs(path) for run in page if run.size < smallest - 1e-3]
    if not small:
        return []
    least = min(small, key=lambda run: run.size)
    return [f"{len(small)} runs under {smallest:g} pt, {least.text!r} at {least.size} pt"]


# --- swell-paper fronts -------------------------------------------------------------------

_BLACKS = {("g", (0.0,)), ("G", (0.0,)), ("rg", (0.0,) * 3), ("RG", (0.0,) * 3)}
_COLOURS = {"g", "G", "rg", "RG", "k", "K", "sc", "scn", "SC", "SCN"}
_FILLS = {"f", "F", "f*", "B", "B*", "b", "b*"}


def line_art_problems(path: Path) -> list[str]:
    """A swell-paper cards file sets any colour but black, or fills a box: only the braille
    dots (small circles) are filled, everything else an outline or a word."""

    reader = PdfReader(path)
    problems: set[str] = set()
    for stream, _ in _content_with_resources(reader):
        boxed = False
        for operands, raw in ContentStream(stream, reader).operations:
            operator = raw.decode("latin-1")
            if operator in _COLOURS:
                colour = (operator, tuple(float(value) for value in operands))
                if colour not in _BLACKS:
                    problems.add(f"colour {colour}")
            elif operator == "re":
                boxed = True
            elif operator in _FILLS:
                if boxed:
                    problems.add("a filled box")
                boxed = False
            elif operator in ("S", "s", "n"):
                boxed = False
    return sorted(problems)


def grey_problems(path: Path, dpi: int = 100) -> list[str]:
    """Pages that print grey (rendered by pdfium without anti-aliasing, so a line is black
    pixels): a heater half raises grey."""
    problems = []
    document = pdfium.PdfDocument(path)
    try:
        for number, page in enumerate(document, start=1):
            bitmap = page.render(
                scale=dpi / 72, grayscale=True, no_smoothpath=True, no_smoothtext=True
            )
            histogram = bitmap.to_pil().convert("L").histogram()
            share = sum(histogram[1:255]) / sum(histogram)
            if share >= 0.001:
                problems.append(f"page {number}: {share:.1%} grey")
    finally:
        document.close()
    return problems


# A square of pixels at 100 dpi about a braille dot across (5 px, 1.3 mm): where every pixel
# of one prints grey, anti-aliased, the ink is finer than the print (a texture drawn small,
# a dot a third of its size) and the heater half raises a bump a finger takes for a dot.
GREY_AREA = 5


def grey_area_problems(path: Path, dpi: int = 100) -> list[str]:
    """Pages with areas of grey as a viewer renders them (pdfium, anti-aliased): a line or
    a word has black or white beside its grey edge within `GREY_AREA` pixels, an area of
    lines or dots too fine to print apart does not."""
    problems = []
    document = pdfium.PdfDocument(path)
    try:
        for number, page in enumerate(document, start=1):
            image = page.render(scale=dpi / 72, grayscale=True).to_pil().convert("L")
            darkest = image.filter(ImageFilter.MinFilter(GREY_AREA))
            lightest = image.filter(ImageFilter.MaxFilter(GREY_AREA))
            grey = ImageChops.multiply(darkest.point(_not_black), lightest.point(_not_white))
            share = grey.histogram()[255] / (image.width * image.height)
            if share >= 0.001:
                problems.append(f"page {number}: {share:.1%} in areas of grey")
    finally:
        document.close()
    return problems


def _not_black(value: int) -> int:
    return 255 if value > 0 else 0


def _not_white(value: int) -> int:
    return 255 if value < 255 else 0


def ghostscript_grey_problems(path: Path, dpi: int = 100) -> list[str]:
    """Pages that print grey as Ghostscript renders them in grey without anti-aliasing:
    a second renderer's word on `grey_problems`."""

    problems = []
    with tempfile.TemporaryDirectory(prefix="swell-") as folder:
        command = [tool("gs", GHOSTSCRIPT), "-q", "-o", f"{folder}/page%03d.png"]
        smooth_off = ["-dGraphicsAlphaBits=1", "-dTextAlphaBits=1"]
        subprocess.run(
            [*command, "-sDEVICE=pnggray", f"-r{dpi}", *smooth_off, str(path)],
            capture_output=True,
            check=True,
        )
        for number, page in enumerate(sorted(Path(folder).glob("page*.png")), start=1):
            with Image.open(page) as image:
                histogram = image.histogram()
            share = sum(histogram[1:255]) / sum(histogram)
            if share >= 0.001:
                problems.append(f"page {number}: {share:.1%} grey")
    return problems


# --- braille embosser files ---------------------------------------------------------------


def brf_pages(brf: Path) -> list[list[str]]:
    """Each page's body lines, right-trimmed (its last line, the page number, left out)."""
    pages = brf.read_bytes().decode("ascii").split("\f")
    return [[line.rstrip() for line in page.split("\r\n")[:-1][:-1]] for page in pages]


def heading_problems(brf: Path, headings: set[str]) -> list[str]:
    """Headings (`headings`: their lines of ASCII braille) with no text after them on
    their page: BANA's formats keep a heading with its first line."""
    problems = []
    for number, lines in enumerate(brf_pages(brf), start=1):
        for index, line in enumerate(lines):
            if line in headings and not any(
                other and other not in headings for other in lines[index + 1 :]
            ):
                problems.append(f"page {number}: heading {line!r} ends the page")
    return problems


def kit_headings(brf: Path) -> set[str]:
    """The heading lines of the kit a `.brf` belongs to, from its plan: out/GAME/LABELS/
    PAPER/N-players/NAME.brf."""
    game, labels, paper, players = brf.parts[-5:-1]
    return heading_lines(game, labels, players.split("-")[0], paper)


@functools.lru_cache(maxsize=16)
def _kit_plan(game: str, labels: str, players: str, paper: str) -> tuple[tuple[KitFile, ...], str]:
    """The kit's planned files and its label set's language, planned once per process for
    the checks that read its `.brf`."""
    project = pipeline.load_project(pipeline.Sources(), [game], [labels])
    ((_, _, files),) = pipeline.plan_all(project, players, paper)
    return tuple(files), project.ctx.words.locale


def heading_lines(game: str, labels: str, players: str, paper: str, at_least: int = 0) -> set[str]:
    """Every line of ASCII braille a heading of the kit's embosser file is set in, its
    headings filled to the file's width (or `at_least` cells, if wider)."""
    files, locale = _kit_plan(game, labels, players, paper)
    embosser = next(f.document for f in files if isinstance(f.document, EmbosserFile))
    width = max(len(line) for page in embosser.pages for line in page)
    code = code_for(locale)
    texts = [
        passage.text
        for f in files
        if isinstance(f.document, Document)
        for passage in sheet_passages(f.document)
        if passage.kind == "heading"
    ]
    return {
        ascii_braille(line).rstrip()
        for text in texts
        for line in fill_lines(translate(text, code), max(width, at_least), HYPHEN)
    }


def table_head_problems(brf: Path) -> list[str]:
    """Table headings of the kit's players' sheets (the `_sheets` file the `.brf` holds;
    a column's, a row's: a score sheet's rounds too) that its `.brf` does not spell: a
    braille reader gets every table with its headings, and a form with its rows."""
    game, labels, paper, players = brf.parts[-5:-1]
    files, locale = _kit_plan(game, labels, players.split("-")[0], paper)
    code = code_for(locale)
    lines = [line for page in brf_pages(brf) for line in page]
    text = _unbroken(" ".join(" ".join(lines).split()))
    sheets = [f.printed for f in files if f.audience == "players" and f.name.endswith("_sheets")]
    heads = sorted({head for sheet in sheets for head in _heads(sheet)})
    return [
        f"table heading {head!r} is not in it"
        for head in heads
        if _unbroken(" ".join(ascii_braille(word) for word in translate(head, code))) not in text
    ]


def _unbroken(text: str) -> str:
    """Braille text with a word a line's end divided after its hyphen joined again."""
    return text.replace("- ", "-")


def _heads(document: Document) -> set[str]:
    """The words of every table heading cell (TH) the document's pages hold, each once;
    a header row a page break repeats is furniture, and left out."""
    found: set[str] = set()

    def walk(items: Sequence[Item]) -> None:
        for item in items:
            if isinstance(item, Group) and item.role == "TH":
                words = " ".join(" ".join(_texts(item.items)).split())
                found.update([words] if words else [])
            elif isinstance(item, Group):
                walk(item.items)

    for page in document.pages:
        walk(page.items)
    return found


def _texts(items: Sequence[Item]) -> Iterator[str]:
    for item in items:
        if isinstance(item, Text):
            yield item.text
        elif isinstance(item, Group):
            yield from _texts(item.items)


# --- the sample and the command -----------------------------------------------------------


@dataclass(frozen=True)
class Check:
    """One check: what it is, which files it reads (by name), and how."""

    name: str
    reads: str  # what files it is for, as the report says
    applies: Callable[[Path], bool]
    problems: Callable[[Path], list[str]]
    # Every file's problems from one run of its tool, where the tool is slow to start.
    problems_of: Callable[[Sequence[Path]], list[list[str]]] | None = None


def non_card(path: Path) -> bool:
    """A sheet, host key, guide or calibration sheet: a PDF that is not a deck's cards,
    read here rather than in its kit's print-and-play file (`in_print_and_play`)."""
    return _pdf(path) and "cards" not in path.name.rsplit("_", 1)[-1]


def _pdf(path: Path) -> bool:
    """A PDF read here rather than in its kit's print-and-play file or its print-shop
    cards file (`one_side`)."""
    return path.suffix == ".pdf" and not in_print_and_play(path) and not one_side(path)


# A kit's files that its print-and-play file does not hold, or that is it.
OWN_FILES = ("_print-and-play.pdf", "_host-key.pdf", "_printing-guide.pdf")


def in_print_and_play(path: Path) -> bool:
    """A players' file (sheets, player aid, cards) of a kit that has a print-and-play file:
    that file draws its pages again, every tagged line as here (test_file_checks holds it),
    so the checks of words and sizes read them there, once. Only its own running foot and
    print line are not there: every host key and guide draws theirs alike, and the
    print-shop kits, which have no print-and-play file, are read whole."""
    return (
        path.suffix == ".pdf"
        and not path.name.endswith(OWN_FILES)
        and any(path.parent.glob(f"*{OWN_FILES[0]}"))
    )


def _print_shop(path: Path) -> bool:
    """Any PDF of a print-shop kit: its folder holds the shop's cards files."""
    return path.suffix == ".pdf" and any(path.parent.glob("*_cards-print-shop.pdf"))


def one_side(path: Path) -> bool:
    """A print-shop kit's file of the fronts or the backs alone: each of its pages is a page
    of its cards file, the same content drawing the same pictures (test_file_checks holds
    it), so what is drawn is read there; only its PDF/X-4 metadata and boxes are its own."""
    return _print_shop(path) and path.stem.endswith(("-fronts", "-backs"))


def _print_shop_once(path: Path) -> bool:
    """A print-shop kit's PDF but its one-side files, whose pages are its cards file's."""
    return _print_shop(path) and not one_side(path)


def _swell(path: Path) -> bool:
    """A braille kit's cards on swell paper: its cards file, Collect 3's Task cards too."""
    sets = ("_braille_", "_braille-es_")
    return path.name.endswith(tuple(f"{s}{kind}.pdf" for s in sets for kind in SWELL_FILES))


SWELL_FILES = ("cards", "task-cards")


CHECKS = (
    Check("words apart (pdfinfo -struct-text)", "sheets, keys, guides", non_card, struct_text_joins),
    Check("words apart in pictures (pdfinfo -struct-text)", "sheets, keys, guides", non_card, figure_text_joins),
    Check("words apart (pdftotext)", "sheets, keys, guides", non_card, pdftotext_joins),
    Check("each picture read once", "sheets, keys, guides", non_card, lambda p: [
        f"{a!r} / {b!r}" for a, b in repeated_readings(p)
    ]),
    Check("no empty header cell", "sheets, keys, guides", non_card, empty_header_cells),
    Check("print's shorthand heard in words", "sheets, keys, guides", non_card, misheard),
    Check("PDF/X-4 metadata and boxes", "print-shop kits", _print_shop, pdfx_problems),
    Check("no line thinner than the finest", "every PDF", _pdf, thin_line_problems),
    Check("no text smaller than the finest", "every PDF", _pdf, small_text_problems),
    Check("black text overprints", "print-shop kits", _print_shop_once, overprint_problems),
    Check("Ghostscript renders CMYK", "print-shop kits", _print_shop_once, ghostscript_problems, ghostscript_problems_of),
    Check("black areas in black ink alone (separations)", "print-shop kits", _print_shop_once, rich_black_problems, rich_black_problems_of),
    Check("swell fronts line art", "braille cards", _swell, line_art_problems),
    Check("swell fronts no grey (pdfium)", "braille cards", _swell, grey_problems),
    Check("swell fronts no grey (Ghostscript)", "braille cards", _swell, ghostscript_grey_problems),
    Check("swell fronts no grey area (pdfium, anti-aliased)", "braille cards", _swell, grey_area_problems),
    Check("braille headings keep their text", ".brf files", lambda p: p.suffix == ".brf", lambda p: heading_problems(p, kit_headings(p))),
    Check("braille tables keep their headings", ".brf files", lambda p: p.suffix == ".brf", table_head_problems),
)  # fmt: skip

# Every kind of file: Collect 3 in every shipped label set (task cards, a long score sheet,
# braille and Spanish braille) and for a print shop in high contrast (black bands with white
# words knocked out of them), Pass and pick at home and for a print shop (arrows, pictures,
# colours), Shapes the Game in braille, and the calibration sheet.
SAMPLE_LABELS = (
    "standard",
    "es",
    "large-print",
    "large-print-atkinson",
    "colour-blind",
    "high-contrast",
    "braille",
    "braille-es",
)


def build_sample(out: Path, labels: Sequence[str] = SAMPLE_LABELS) -> list[Path]:
    """Build the sample into `out` (Collect 3 in `labels`); every file it made."""

    home = pipeline.BuildOptions(players="4", paper="a4")
    shop = pipeline.BuildOptions(players="4", paper="a4", printing=PrintOptions(print_shop=True))
    for game, label_set, options in (
        *(("collect-3", name, home) for name in labels),
        ("pass-and-pick", "standard", home),
        ("pass-and-pick", "standard", shop),
        ("collect-3", "high-contrast", shop),
        ("shapes-the-game", "braille", home),
    ):
        project = pipeline.load_project(pipeline.Sources(), [game], [label_set])
        folder = out / "shop" if options is shop else out
        pipeline.build_project(project, options, folder)
    pipeline.calibrate(pipeline.Sources(), "a4", out / "calibration", "long", (0.0, 0.0))
    return sample_files(out)


def sample_files(out: Path) -> list[Path]:
    """Every file of a sample built into `out` that a check may read."""
    return sorted(p for p in out.rglob("*") if p.suffix in (".pdf", ".brf"))


@dataclass
class Outcome:
    """A check's result over the sample: the files it read and their problems, or the
    tool it lacked."""

    check: Check
    files: int = 0
    problems: list[str] = field(default_factory=list)
    skipped: Skipped | None = None

    def line(self) -> str:
        head = f"{self.check.name} ({self.check.reads})"
        if self.skipped:
            return f"{head}: skipped, {self.skipped}"
        if self.problems:
            return f"{head}: {len(self.problems)} problems in {self.files} files: " + "; ".join(
                self.problems[:5]
            )
        return f"{head}: ok, {self.files} files"


def run_check(check: Check, files: Sequence[Path]) -> Outcome:
    outcome = Outcome(check)
    read = [path for path in files if check.applies(path)]
    try:
        if check.problems_of and read:
            found = check.problems_of(read)
        else:
            found = [check.problems(path) for path in read]
    except Skipped as skipped:
        outcome.skipped = skipped
        return outcome
    outcome.files = len(read)
    outcome.problems = [
        f"{path.name}: {p}" for path, ps in zip(read, found, strict=True) for p in ps
    ]
    return outcome


def main(argv: Sequence[str] | None = None) -> int:
    """`python -m tests.filecheck [--out DIR]`: build the sample, run every check, one line
    each; exit 1 on a problem (a skipped check, its tool missing, is not one)."""

    parser = argparse.ArgumentParser(prog="python -m tests.filecheck", description=main.__doc__)
    parser.add_argument(
        "--out", type=Path, help="where to build the sample (default: a temporary folder)"
    )
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="check-files-") as scratch:
        out = args.out or Path(scratch)
        files = build_sample(out)
        outcomes = [run_check(check, files) for check in CHECKS]
    for outcome in outcomes:
        print(outcome.line())
    skipped = sorted({str(o.skipped) for o in outcomes if o.skipped})
    print("skipped: " + ("; ".join(skipped) if skipped else "nothing, every tool was found"))
    return 1 if any(o.problems for o in outcomes) else 0


if __name__ == "__main__":
    raise SystemExit(main())
