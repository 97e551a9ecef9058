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
from itertools import pairwise
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from PIL import Image
from pypdf import PageObject, PdfReader
from pypdf.generic import ContentStream, DictionaryObject, IndirectObject, StreamObject

from shapes_print.braille.cells import ascii_braille
from shapes_print.braille.translate import code_for, fill_lines, translate
from shapes_print.geometry.primitives import Document
from shapes_print.load.options import PrintOptions
from shapes_print.pipeline import pipeline
from shapes_print.plan.embosser import HYPHEN, EmbosserFile, sheet_passages
from tests.pdfread import Element, FileVersion, sized_runs, structure, version

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
    return {word for line in drawn_lines(path) for word in words(line)}


def struct_text(path: Path) -> list[str]:
    """The text runs of `pdfinfo -struct-text` (the structure tree in reading order), those
    inside a Figure left out: a reader says a picture's Alt, not the words drawn in it.
    pdfinfo runs once per file and process, however many checks read what it heard."""
    tool("pdfinfo", POPPLER)  # a missing tool is a skip before the file is looked at
    return list(_struct_text(version(path)))


@functools.lru_cache(maxsize=1024)
def _struct_text(file: FileVersion) -> tuple[str, ...]:
    run = subprocess.run(
        [tool("pdfinfo", POPPLER), "-struct-text", file[0]],
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
    return tuple(texts)


def struct_text_joins(path: Path) -> list[str]:
    """Words a reader hears (`pdfinfo -struct-text`) that no line of the file draws."""
    heard_texts = struct_text(path)
    vocabulary = drawn_words(path)
    return [word for text in heard_texts for word in words(text) if word not in vocabulary]


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


def ink_coverage(path: Path) -> list[tuple[float, float, float, float, str]]:
    """Each page's cyan, magenta, yellow and black coverage as Ghostscript's inkcov device
    renders it (overprint simulated), and what it says of the page ("CMYK OK")."""
    command = [tool("gs", GHOSTSCRIPT), "-q", "-o", "-", "-sDEVICE=inkcov"]
    run = subprocess.run(
        [*command, "-dOverprint=/simulate", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    pages = []
    for line in run.stdout.splitlines():
        parts = line.split()
        if len(parts) >= 6:
            c, m, y, k = (float(value) for value in parts[:4])
            pages.append((c, m, y, k, " ".join(parts[4:])))
    if run.returncode or not pages:
        raise RuntimeError(f"gs could not render {path.name}: {run.stderr.strip()[:200]}")
    return pages


def ghostscript_problems(path: Path) -> list[str]:
    """Pages Ghostscript cannot render in CMYK."""
    return [
        f"page {number}: {said}"
        for number, (*_, said) in enumerate(ink_coverage(path), start=1)
        if said != "CMYK OK"
    ]


THINNEST_LINE = 0.25  # pt: what a press holds (thinner lines break up or vanish)
SMALLEST_TEXT = 5.0  # pt: the smallest type a shop prints legibly


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
    thin = [width for width in stroke_widths(path) if width < THINNEST_LINE - 1e-3]
    return [f"{len(thin)} lines under {THINNEST_LINE} pt, thinnest {min(thin):.3f}"] if thin else []


def small_text_problems(path: Path) -> list[str]:

    small = [run for page in sized_runs(path) for run in page if run.size < SMALLEST_TEXT - 1e-3]
    if not small:
        return []
    least = min(small, key=lambda run: run.size)
    return [f"{len(small)} runs under {SMALLEST_TEXT} pt, {least.text!r} at {least.size} pt"]


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


def heading_lines(game: str, labels: str, players: str, paper: str, at_least: int = 0) -> set[str]:
    """Every line of ASCII braille a heading of the kit's embosser file is set in, its
    headings filled to the file's width (or `at_least` cells, if wider)."""
    project = pipeline.load_project(pipeline.Sources(), [game], [labels])
    ((_, _, files),) = pipeline.plan_all(project, players, paper)
    embosser = next(f.document for f in files if isinstance(f.document, EmbosserFile))
    width = max(len(line) for page in embosser.pages for line in page)
    code = code_for(project.ctx.words.locale)
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


# --- the sample and the command -----------------------------------------------------------


@dataclass(frozen=True)
class Check:
    """One check: what it is, which files it reads (by name), and how."""

    name: str
    reads: str  # what files it is for, as the report says
    applies: Callable[[Path], bool]
    problems: Callable[[Path], list[str]]


def non_card(path: Path) -> bool:
    """A sheet, host key, guide or calibration sheet: a PDF that is not a deck's cards."""
    return path.suffix == ".pdf" and "cards" not in path.name.rsplit("_", 1)[-1]


def _print_shop(path: Path) -> bool:
    """Any PDF of a print-shop kit: its folder holds the shop's cards files."""
    return path.suffix == ".pdf" and any(path.parent.glob("*_cards-print-shop.pdf"))


def _swell(path: Path) -> bool:
    return path.name.endswith(("_braille_cards.pdf", "_braille-es_cards.pdf"))


CHECKS = (
    Check("words apart (pdfinfo -struct-text)", "sheets, keys, guides", non_card, struct_text_joins),
    Check("words apart (pdftotext)", "sheets, keys, guides", non_card, pdftotext_joins),
    Check("each picture read once", "sheets, keys, guides", non_card, lambda p: [
        f"{a!r} / {b!r}" for a, b in repeated_readings(p)
    ]),
    Check("PDF/X-4 metadata and boxes", "print-shop kits", _print_shop, pdfx_problems),
    Check(f"no line under {THINNEST_LINE} pt", "print-shop kits", _print_shop, thin_line_problems),
    Check(f"no text under {SMALLEST_TEXT} pt", "print-shop kits", _print_shop, small_text_problems),
    Check("black text overprints", "print-shop kits", _print_shop, overprint_problems),
    Check("Ghostscript renders CMYK", "print-shop kits", _print_shop, ghostscript_problems),
    Check("swell fronts line art", "braille cards", _swell, line_art_problems),
    Check("swell fronts no grey (pdfium)", "braille cards", _swell, grey_problems),
    Check("swell fronts no grey (Ghostscript)", "braille cards", _swell, ghostscript_grey_problems),
    Check("braille headings keep their text", ".brf files", lambda p: p.suffix == ".brf", lambda p: heading_problems(p, kit_headings(p))),
)  # fmt: skip

# Every kind of file: Collect 3 in every shipped label set (task cards, a long score sheet,
# braille and Spanish braille), Pass and pick at home and for a print shop (arrows, pictures),
# Shapes the Game in braille, and the calibration sheet.
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
        ("collect-3", "standard", shop),
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
    try:
        for path in files:
            if check.applies(path):
                outcome.files += 1
                outcome.problems += [f"{path.name}: {p}" for p in check.problems(path)]
    except Skipped as skipped:
        outcome.skipped = skipped
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
