"""Preview stage: PNG pictures of a built kit, so people can look before they spend paper.

Input: the PDFs that `write` put in a kit folder, and a braille kit's .brf (its braille pages
drawn as dots, pipeline/brfpicture.py). Output: `<kit>/preview/<file>_pNN.png`, one per page
at the asked dpi (drawn by the one rasteriser, render/raster.py),
`<kit>/preview/contact-sheet.png` with every page of the players' files as a thumbnail, and
`host-contact-sheet.png` with the host key's, so a sheet shown at the table never shows the
answers. Pictures are drawn in a temporary folder and swapped in whole, like kits; a later
build swaps the whole kit folder, so previews never outlive the PDFs they show. A `PageCache`
remembers pages drawn, so `preview --watch` redraws only the pages an edit changed.
"""

from __future__ import annotations

import hashlib
import shutil
import tempfile
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Literal

from msgspec import Struct, field
from msgspec.structs import replace
from PIL import Image, ImageDraw, ImageFont

from shapes_print.buildcache import BuildCache
from shapes_print.errors import Source, UserError
from shapes_print.inputs import check_output
from shapes_print.kit.resolved import resolve_kit
from shapes_print.limits import MAX_PREVIEW_PIXELS
from shapes_print.load.options import Part, PrintOptions, named_size
from shapes_print.load.printmodels import BrailleStyle
from shapes_print.pipeline.brfpicture import brf_pages
from shapes_print.pipeline.pipeline import build_project
from shapes_print.pipeline.project import BuildOptions, Project, Sources, load_project, papers
from shapes_print.pipeline.requests import kit_requests
from shapes_print.plan.kitcontext import kit_context
from shapes_print.plan.textsizes import Shrunk, shrunk_texts
from shapes_print.render.raster import ZLIB_FASTEST, Raster, draw_pages, png_bytes
from shapes_print.write.cataloguepage import HOST
from shapes_print.write.swap import swap_in
from shapes_print.write.write import Written

PREVIEW = "preview"
EMBOSSER_FILE = ".brf"  # drawn as its braille dots; other files not PDFs are not previewed
CONTACT_SHEET = "contact-sheet.png"
HOST_CONTACT_SHEET = "host-contact-sheet.png"  # the host key's pages, kept off the players'

# Which kits a preview builds: the kit alone, the cards with their element boxes drawn
# alone (`preview --boxes`), or both (`preview --serve`, whose page switches between them).
Boxes = Literal["without", "only", "beside"]
PARTS: Mapping[Boxes, tuple[Part, ...]] = {
    "without": (Part(),),
    "only": (Part(boxes=True),),
    "beside": (Part(), Part(boxes=True)),
}

# Contact-sheet layout, in screen pixels. It is never printed, so it owes nothing to the
# print rules; these only make it readable.
COLUMNS = 4  # even, so each card face sheet sits beside its back sheet
THUMB_WIDTH = 240  # four A4 thumbnails side by side fit a laptop screen
GAP = 16
LABEL_SIZE = 14
BACKGROUND = "#D9D9D9"  # grey, so white pages stand out
INK = "#000000"
EDGE = "#808080"
# How pages and contact sheets are encoded: zlib's fastest, as for thumbnails and Tabletop
# Simulator sheets, of rows not filtered (render/raster.py's png_bytes). Pages are drawn again
# at every save under --watch, and Pillow's filtered encoding took most of a preview's time;
# unfiltered, a page at 72 dpi is 5 rather than 11 ms and smaller, a contact sheet 45 ms
# rather than level 3's 97 and smaller too (its flat grey compresses well either way).
PREVIEW_PNG = Raster(compression=ZLIB_FASTEST)
# A page's thumbnail is averaged down by a whole factor, then Lanczos-filtered the rest of
# the way, so Lanczos never works from more than THUMB_GAP times its pixels (Pillow's
# reducing_gap): a page at 100 dpi shrunk in 3.6 rather than 11.8 ms, and at a sheet's size
# no sharper to the eye when filtered from the whole page.
THUMB_GAP = 1.0
# Pictures a PageCache keeps (about 100 kB each at 100 dpi), far more than a kit has pages.
CACHE_LIMIT = 512


class Preview(Struct, frozen=True):
    """The pictures of one kit: a PNG per page, in kit order, and its contact sheets (the
    players' files', then the host key's); `shows` names the file each page is of."""

    folder: Path
    pages: tuple[Path, ...]
    contact_sheets: tuple[Path, ...]
    shows: tuple[str, ...]
    boxes: bool = False  # its cards with their element boxes drawn (`preview --boxes`)
    shrunk: tuple[Shrunk, ...] = ()  # with boxes drawn: the texts set smaller than asked


class DrawnPage(Struct, frozen=True):
    """One page's picture as PNG bytes, and its thumbnail for the contact sheet; `key` is
    the digest of its pixels."""

    key: bytes
    png: bytes
    thumbnail: Image.Image


class PageCache(Struct):
    """Pages already drawn, so a rebuild (`preview --watch`) draws only what changed; and
    the cache of the last build, whose regions keyed by content alone the next build takes
    (buildcache.py: the groups and pages its PDFs drew, the output files it hashed).

    Builds are deterministic: a PDF with the same bytes has the same pages, and a page with
    the same pixels the same PNG. Keyed by the PDF's digest (nothing to render at all), then
    by each rendered page's pixels (nothing to encode or shrink). A fresh cache draws all.
    """

    files: dict[tuple[bytes, int], tuple[DrawnPage, ...]] = field(default_factory=dict)
    pictures: dict[bytes, DrawnPage] = field(default_factory=dict)
    sheets: dict[tuple[tuple[str, bytes], ...], bytes] = field(default_factory=dict)
    last_build: BuildCache = field(default_factory=BuildCache)

    def next_build(self) -> BuildCache:
        """The cache a new build starts with: what the last one carries on (and it is the
        last one from now)."""
        self.last_build = self.last_build.next()
        return self.last_build

    def pages(self, pdf: Path, dpi: int) -> tuple[DrawnPage, ...]:
        data = pdf.read_bytes()  # read once, to hash and to draw
        key = (hashlib.sha256(data).digest(), dpi)
        if key not in self.files:
            drawn = tuple(self._draw(image) for image in draw_pages(data, Raster(dpi=dpi)))
            _room(self.files)
            self.files[key] = drawn
        return self.files[key]

    def brf_pages(self, brf: Path, dpi: int, style: BrailleStyle) -> tuple[DrawnPage, ...]:
        """An embosser file's braille pages, drawn as their dots (pipeline/brfpicture.py)."""
        data = brf.read_bytes()
        key = (hashlib.sha256(data + repr(style).encode()).digest(), dpi)
        if key not in self.files:
            drawn = tuple(self._draw(image) for image in brf_pages(data, style, dpi))
            _room(self.files)
            self.files[key] = drawn
        return self.files[key]

    def _draw(self, image: Image.Image) -> DrawnPage:
        pixels = image.tobytes()  # taken out once, to hash and to encode
        key = hashlib.sha256(f"{image.size}".encode() + pixels).digest()
        if key not in self.pictures:
            _room(self.pictures)
            png = png_bytes(image, PREVIEW_PNG, pixels)
            self.pictures[key] = DrawnPage(key, png, _thumbnail(image))
        return self.pictures[key]

    def contact_sheet(self, files: Sequence[tuple[str, Sequence[DrawnPage]]]) -> bytes:
        """The contact sheet of these files' pages as PNG bytes."""
        key = tuple((name, page.key) for name, pages in files for page in pages)
        if key not in self.sheets:
            thumbnails = [(name, [page.thumbnail for page in pages]) for name, pages in files]
            png = png_bytes(contact_sheet(thumbnails), PREVIEW_PNG)
            _room(self.sheets)
            self.sheets[key] = png
        return self.sheets[key]


def _room(entries: dict) -> None:
    """Forget everything once the cache is full: a kit redraws what it shows next."""
    if len(entries) >= CACHE_LIMIT:
        entries.clear()


def build_and_preview(
    sources: Sources,
    game: str,
    players: str | None,
    paper: str | None,
    out: Path,
    dpi: int,
    labels: Sequence[str] = (),
    cache: PageCache | None = None,
    printing: PrintOptions | None = None,
    on_note: Callable[[str], None] | None = None,
    boxes: Boxes = "without",
) -> list[Preview]:
    """Build the asked kits of one game (printed as `printing` asks: a card size), then
    preview them; each label set that skips the game is told to `on_note`, as `build` tells
    it, so a kit missing from the preview is never missing unexplained. With `boxes`, each
    kit's cards files are built beside it with their layouts' boxes drawn (`-boxes`), and
    their preview lists the texts set smaller than asked.

    Building first means a preview always shows the YAML as it is now, never an old kit.
    Without --players or --paper: the game's smallest count, on the first paper listed.
    """
    check_output(out, sources.inputs())
    cache = cache or PageCache()
    project = load_project(sources, [game], labels, cache=cache.next_build())
    counts = players or str(project.games[game].game.players.min)
    first_paper = next(iter(project.library.papers))
    options = BuildOptions(counts, paper or first_paper, printing=printing or PrintOptions())
    for name in papers(project, options.paper):
        check_preview_size(name, named_size(name, project.library.papers, "--paper"), dpi)
    written: list[Written] = []
    for index, part in enumerate(PARTS[boxes]):  # each skipped game said once
        told = on_note if index == 0 else None
        written += build_project(project, replace(options, part=part), out, on_note=told)
    braille = {v.labels.name: v.ctx.style.braille for v in project.variants if v.ctx.style.braille}
    kits = preview_kits(written, dpi, cache, braille)
    if boxes == "without":
        return kits
    shrunk = shrunk_in_kits(project, replace(options, part=Part(boxes=True)))
    boxed = {out / folder / PREVIEW: texts for folder, texts in shrunk.items()}
    return [
        replace(kit, boxes=True, shrunk=boxed[kit.folder]) if kit.folder in boxed else kit
        for kit in kits
    ]


def shrunk_in_kits(project: Project, options: BuildOptions) -> dict[str, tuple[Shrunk, ...]]:
    """The texts each kit's cards set smaller than asked, by the kit's folder."""
    asked = (options.players, options.paper, options.flip, options.printing, options.part)
    shrunk: dict[str, tuple[Shrunk, ...]] = {}
    for kit in kit_requests(project, *asked):
        library, size = kit.variant.library, kit.request.options.card_size
        resolved = resolve_kit(kit.loaded, library, kit.variant.ctx, size, kit.cache)
        shrunk[kit.folder] = tuple(shrunk_texts(kit_context(resolved, kit.request, kit.cache)))
    return shrunk


def check_preview_size(paper: str, size: tuple[float, float], dpi: int) -> None:
    """A page's pixels at `dpi` within the limit, before anything is built or drawn."""
    pixels = round(size[0] / 72 * dpi) * round(size[1] / 72 * dpi)
    if pixels > MAX_PREVIEW_PIXELS:
        raise UserError(
            Source(Path("--dpi")),
            f"a {paper} page at {dpi} dpi is {pixels:,} pixels, over the limit of "
            f"{MAX_PREVIEW_PIXELS:,}; ask for fewer dots per inch",
        )


def preview_kits(
    written: Sequence[Written],
    dpi: int,
    cache: PageCache | None = None,
    braille: Mapping[str, BrailleStyle] | None = None,
) -> list[Preview]:
    """Preview every kit folder among `written`, in the order they were built; `braille`
    gives each braille label set's dot sizes, by name, to draw its kits' .brf files with."""
    by_folder: dict[Path, list[Written]] = {}
    for item in written:
        if item.path.suffix in (".pdf", EMBOSSER_FILE):
            by_folder.setdefault(item.path.parent, []).append(item)
    cache = cache or PageCache()
    return [
        preview_kit(folder, files, dpi, cache, braille or {}) for folder, files in by_folder.items()
    ]


def preview_kit(
    folder: Path,
    pdfs: Sequence[Written],
    dpi: int,
    cache: PageCache,
    braille: Mapping[str, BrailleStyle],
) -> Preview:
    """Render every page of `pdfs` (and each .brf's braille pages) into `folder/preview`,
    replacing what was there."""
    workspace = Path(tempfile.mkdtemp(prefix=".preview-", dir=folder))
    staging = workspace / PREVIEW  # made with mkdir, so it gets the usual permissions
    try:
        staging.mkdir()
        names: list[str] = []
        shows: list[str] = []
        sheets: dict[str, list[tuple[str, Sequence[DrawnPage]]]] = {}
        for pdf in pdfs:
            if pdf.path.suffix == EMBOSSER_FILE:
                pages = cache.brf_pages(pdf.path, dpi, braille[str(pdf.kit["labels"])])
            else:
                pages = cache.pages(pdf.path, dpi)
            for index, page in enumerate(pages):
                names.append(f"{pdf.path.stem}_p{index + 1:02d}.png")
                shows.append(pdf.path.name)
                (staging / names[-1]).write_bytes(page.png)
            sheet = HOST_CONTACT_SHEET if pdf.audience == HOST else CONTACT_SHEET
            sheets.setdefault(sheet, []).append((pdf.path.name, pages))
        shown = sorted(sheets, key=[CONTACT_SHEET, HOST_CONTACT_SHEET].index)
        for sheet in shown:
            (staging / sheet).write_bytes(cache.contact_sheet(sheets[sheet]))
        target = folder / PREVIEW
        swap_in(staging, target)
    finally:
        shutil.rmtree(workspace, ignore_errors=True)
    pictures = tuple(target / name for name in names)
    return Preview(target, pictures, tuple(target / sheet for sheet in shown), tuple(shows))


def contact_sheet(groups: Sequence[tuple[str, Sequence[Image.Image]]]) -> Image.Image:
    """Thumbnails of all pages: one titled block per file, COLUMNS thumbnails to a row."""
    font = ImageFont.load_default(size=LABEL_SIZE)
    line = LABEL_SIZE + GAP // 2
    blocks = [
        (title, [thumbs[i : i + COLUMNS] for i in range(0, len(thumbs), COLUMNS)])
        for title, thumbs in groups
    ]
    height = GAP + sum(
        line + sum(max(t.height for t in row) + line + GAP for row in rows) for _, rows in blocks
    )
    sheet = Image.new("RGB", (GAP + COLUMNS * (THUMB_WIDTH + GAP), height), BACKGROUND)
    draw = ImageDraw.Draw(sheet)
    y = GAP
    for title, rows in blocks:
        draw.text((GAP, y), title, fill=INK, font=font)
        y += line
        for row_index, row in enumerate(rows):
            for column, thumb in enumerate(row):
                x = GAP + column * (THUMB_WIDTH + GAP)
                sheet.paste(thumb, (x, y))
                draw.rectangle((x - 1, y - 1, x + thumb.width, y + thumb.height), outline=EDGE)
                page = row_index * COLUMNS + column + 1
                draw.text((x, y + thumb.height + 2), f"page {page}", fill=INK, font=font)
            y += max(t.height for t in row) + line + GAP
    return sheet


def _thumbnail(image: Image.Image) -> Image.Image:
    """A THUMB_WIDTH-wide copy; kept instead of the full page so memory stays small."""
    height = max(1, round(image.height * THUMB_WIDTH / image.width))
    return image.resize((THUMB_WIDTH, height), Image.Resampling.LANCZOS, reducing_gap=THUMB_GAP)
