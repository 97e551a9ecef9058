"""Checks of print-shop files: PDF/X-4 metadata and boxes, black text overprinting, CMYK as
Ghostscript renders it, and black areas in black ink alone on the separated plates.
"""

from __future__ import annotations

import subprocess
import tempfile
from collections.abc import Iterator, Sequence
from itertools import accumulate
from pathlib import Path
from typing import TypeVar

import pypdfium2 as pdfium
from PIL import Image, ImageChops
from pypdf import PdfReader

from tests.outsidetools import GHOSTSCRIPT, tool
from tests.pdfread import content_with_resources
from tests.pdfxread import name, operations

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
    graphics state it is shown in overprints (q and Q save and restore both). Read with
    `operations`, as pypdf reads the streams, several times faster."""
    reader = PdfReader(path)
    for stream, resources in content_with_resources(reader):
        states = resources.get("/ExtGState", {})
        fill: tuple[float, ...] | None = None
        overprint = False
        saved: list[tuple[tuple[float, ...] | None, bool]] = []
        for operands, operator in operations(stream):
            if operator == b"k":
                fill = tuple(float(value) for value in operands)
            elif operator == b"gs":
                state = states[name(operands[0])].get_object()
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
