"""Checks of braille kits: swell-paper fronts (black line art, no grey) and embosser files
(headings kept with their text, table headings spelt).
"""

from __future__ import annotations

import functools
import subprocess
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image, ImageChops, ImageFilter
from pypdf import PdfReader

from shapes_print.braille.cells import ascii_braille
from shapes_print.braille.translate import code_for, fill_lines, translate
from shapes_print.geometry.primitives import Document, Group, Item, Text
from shapes_print.pipeline import pipeline
from shapes_print.plan.embosser import (
    CENTRED_MARGIN,
    HYPHEN,
    SUBHEADING_INDENT,
    EmbosserFile,
    sheet_passages,
)
from shapes_print.plan.kit import KitFile
from tests.outsidetools import GHOSTSCRIPT, tool
from tests.pdfread import content_with_resources
from tests.pdfxread import operations

# --- swell-paper fronts -------------------------------------------------------------------

_BLACKS = {("g", (0.0,)), ("G", (0.0,)), ("rg", (0.0,) * 3), ("RG", (0.0,) * 3)}
_COLOURS = {"g", "G", "rg", "RG", "k", "K", "sc", "scn", "SC", "SCN"}
_FILLS = {"f", "F", "f*", "B", "B*", "b", "b*"}


def line_art_problems(path: Path) -> list[str]:
    """A swell-paper cards file sets any colour but black, or fills a box: only the braille
    dots (small circles) are filled, everything else an outline or a word. Its streams are
    read with `operations`, as pypdf reads them, several times faster: a cards file draws
    thousands of dots."""

    reader = PdfReader(path)
    problems: set[str] = set()
    for stream, _ in content_with_resources(reader):
        boxed = False
        for operands, raw in operations(stream):
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
            share = grey_areas(image).histogram()[255] / (image.width * image.height)
            if share >= 0.001:
                problems.append(f"page {number}: {share:.1%} in areas of grey")
    finally:
        document.close()
    return problems


def grey_areas(image: Image.Image) -> Image.Image:
    """255 where the `GREY_AREA` square about a pixel holds no black and no white pixel, else
    0: the square's darkest is not black and its lightest not white (MinFilter, MaxFilter,
    the edge pixels repeated past the edge), found by spreading black and white alone with a
    box blur, a few times faster than ranking every square's pixels. Any one full pixel in a
    5 x 5 box blurs to 10, none to 0, and the blur repeats the edge pixels too (a test holds
    it to the rank filters)."""
    radius = GREY_AREA // 2
    black = image.point(_only(0)).filter(ImageFilter.BoxBlur(radius))
    white = image.point(_only(255)).filter(ImageFilter.BoxBlur(radius))
    return ImageChops.lighter(black, white).point(_only(0))


def _only(level: int) -> list[int]:
    """A lookup table: 255 for `level`, 0 for every other value."""
    return [255 if value == level else 0 for value in range(256)]


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
    """Headings (`headings`: their lines of ASCII braille, without the blank cells that
    centre or indent them) with no text after them on their page: BANA's formats keep a
    heading with its first line."""
    problems = []
    for number, page in enumerate(brf_pages(brf), start=1):
        lines = [line.lstrip() for line in page]
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
    """Every line of ASCII braille a heading or subheading of the kit's embosser file is set
    in, without the blank cells before it: on the file's width (or `at_least` cells, if
    wider), a heading filled to leave its margin at both ends, a subheading from cell 5."""
    files, locale = _kit_plan(game, labels, players, paper)
    embosser = next(f.document for f in files if isinstance(f.document, EmbosserFile))
    width = max(len(line) for page in embosser.pages for line in page)
    code = code_for(locale)
    width = max(width, at_least)
    room = {"heading": width - 2 * CENTRED_MARGIN, "subheading": width - SUBHEADING_INDENT}
    texts = [
        (passage.text, room[passage.kind])
        for f in files
        if isinstance(f.document, Document)
        for passage in sheet_passages(f.document)
        if passage.kind in room
    ]
    return {
        ascii_braille(line).rstrip()
        for text, cells in texts
        for line in fill_lines(translate(text, code), cells, HYPHEN)
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
