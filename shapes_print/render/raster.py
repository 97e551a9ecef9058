"""Render stage, the one rasteriser: a PDF's pages as pictures, through pypdfium2 and Pillow.

Input: a PDF (its bytes or its path, or one page of it already open) and a `Raster` saying
how large to draw it, on what background, and how to encode the PNG. Output: each page as a
Pillow image, and an image as PNG bytes or a PNG file. Every picture the tool makes of a
page is drawn here: print-shop pictures (render/png.py), Tabletop Simulator sheets
(render/tabletop.py), the catalogue's thumbnails (write/thumbnail.py) and previews
(pipeline/preview.py), so they all round, fill and encode alike.

A picture too large to hold and encode as one Pillow image (a TTS sheet, 4000 x 3920
pixels) is drawn and written in bands instead: pdfium draws each page straight into a
band's rows (`Scanlines`), as draw_page would have drawn it, and `png_in_bands` encodes
the rows as they come. Its rows are not filtered: Pillow's encoder tries four filters on
every row, which costs four times zlib's fastest level on such a sheet, and a card's flat
colours compress as well without (a sheet of 5000 x 4900 pixels in 2.1 MB rather than
Pillow's 2.6 MB). A picture only looked at (a preview's page or contact sheet) is encoded
so too, from its Pillow image (`png_bytes`); a picture kept (a thumbnail, a print-shop
picture) keeps Pillow's encoding (`save_png`), the same bytes as ever.

pdfium and Pillow are imported on the first drawing, so a module may name a `Raster` at its
top and a process that draws no picture never loads them.
"""

from __future__ import annotations

import ctypes
import math
import struct
import zlib
from collections.abc import Generator, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

from msgspec import Struct

from shapes_print.render.pdf.pdfx import build_time

if TYPE_CHECKING:
    from PIL.Image import Image
    from pypdfium2 import PdfPage

POINTS_PER_INCH = 72
WHITE = (255, 255, 255)
ZLIB_DEFAULT = -1  # zlib's own balance of time and size (its level 6)
ZLIB_FASTEST = 1  # for pictures drawn often or large: thumbnails, TTS sheets
_OPAQUE = 255
_DATE_AT = 24  # where an ICC profile's header holds its creation date
_CHANNELS = 3  # an RGB pixel's bytes
_NO_FILTER = b"\0"  # the filter byte that leads a PNG row stored as it is
_PNG = b"\x89PNG\r\n\x1a\n"
_TRUECOLOUR = 2  # PNG's colour type for RGB, 8 bits a channel
_ICC_NAME = b"ICC Profile"  # the iCCP chunk's profile name, as Pillow writes it
_METRES_PER_INCH = 0.0254
_ROWS_AT_ONCE = 64  # a preview picture's rows compressed at a time (about 200 kB)


class Raster(Struct, frozen=True):
    """How a page becomes a picture.

    `dpi`: pixels per inch, the picture exactly round(size in inches x dpi) pixels each way
    (pdfium rounds a size up; the extra row or column, a sliver of a pixel at the right and
    bottom edge, is cut off). Or `width`: so many pixels across, the height to scale and
    rounded up, as pdfium draws it. `background` shows wherever the page paints nothing.
    `compression` is zlib's effort for the PNG (1 fastest, 9 smallest). `profile`, an ICC
    profile, tags the PNG with its colours and its dpi, for a picture placed or printed at
    its size (a preview or thumbnail is only looked at, and carries neither).
    """

    dpi: int = POINTS_PER_INCH
    width: int | None = None
    background: tuple[int, int, int] = WHITE
    compression: int = ZLIB_DEFAULT
    profile: bytes | None = None


def draw_page(page: PdfPage, raster: Raster) -> Image:
    """One page as an RGB picture, sized as `raster` asks."""
    width, height = page.get_size()
    scale = _scale(width, raster)
    # Drawn as RGB (pdfium's byte order reversed), so Pillow takes the pixels as they are.
    fill = (*raster.background, _OPAQUE)
    image = page.render(scale=scale, fill_color=fill, rev_byteorder=True).to_pil()
    if raster.width:
        return image
    size = (max(1, round(width * scale)), max(1, round(height * scale)))
    return image if image.size == size else image.crop((0, 0, *size))


def _scale(width: float, raster: Raster) -> float:
    return raster.width / width if raster.width else raster.dpi / POINTS_PER_INCH


def draw_pages(pdf: bytes | Path, raster: Raster) -> Generator[Image, None, None]:
    """Every page of `pdf`, in order, each drawn only when it is asked for: a caller keeps
    the pictures it needs, never the whole file's at once."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf)
    try:
        for page in document:
            yield draw_page(page, raster)
    finally:
        document.close()


def save_png(image: Image, raster: Raster, target: Path | BinaryIO) -> None:
    """`image` as a PNG, encoded and tagged as `raster` says."""
    tags = {"dpi": (raster.dpi, raster.dpi), "icc_profile": raster.profile}
    image.save(target, "PNG", compress_level=raster.compression, **(tags if raster.profile else {}))


class Scanlines:
    """A band of an RGB picture, `width` pixels across and `height` rows down, as a PNG
    holds its rows before compression (each row its filter byte, none, then its pixels),
    filled with a background: pages are drawn straight into it, and a page drawn once
    copied to other places in it or in another band of the same height."""

    def __init__(self, width: int, height: int, background: tuple[int, int, int]) -> None:
        self.width, self.height = width, height
        self.stride = len(_NO_FILTER) + _CHANNELS * width
        # One row more than the band's: a page drawn at the right edge is handed a bitmap of
        # `height` full strides from its first pixel, which runs on past the band's last.
        self.blank = (_NO_FILTER + bytes(background) * width) * (height + 1)
        self.rows = bytearray(self.blank)

    def clear(self) -> None:
        """Back to the background everywhere, for the next band in the same memory."""
        self.rows[:] = self.blank

    def draw(self, page: PdfPage, raster: Raster, left: int, width: int) -> None:
        """`page` in the `width` columns from `left`, pixel for pixel as draw_page draws it
        at `raster`'s pixels per inch, on its background (pdfium sizes the page rounded up
        and draws it into a bitmap of these columns alone, which cuts off what overruns)."""
        import pypdfium2 as pdfium
        import pypdfium2.raw as pdfium_c

        start = self._start(left)
        pixels = (ctypes.c_ubyte * (self.stride * self.height)).from_buffer(self.rows, start)
        bitmap = pdfium.PdfBitmap.new_native(
            width, self.height, pdfium_c.FPDFBitmap_BGR, True, pixels, self.stride
        )
        page_width, page_height = page.get_size()
        scale = _scale(page_width, raster)
        size = (math.ceil(page_width * scale), math.ceil(page_height * scale))
        flags = pdfium_c.FPDF_ANNOT | pdfium_c.FPDF_REVERSE_BYTE_ORDER  # RGB, as draw_page's
        try:
            pdfium_c.FPDF_RenderPageBitmap(bitmap.raw, page.raw, 0, 0, *size, 0, flags)
        finally:
            bitmap.close()

    def cut(self, left: int, width: int) -> bytes:
        """The `width` columns from `left`, row after row, to `paste` elsewhere."""
        start, span = self._start(left), _CHANNELS * width
        rows = range(start, start + self.stride * self.height, self.stride)
        return b"".join(self.rows[at : at + span] for at in rows)

    def paste(self, cut: bytes, left: int) -> None:
        """What `cut` gave, into the columns from `left`."""
        start, span = self._start(left), len(cut) // self.height
        for row, at in enumerate(range(start, start + self.stride * self.height, self.stride)):
            self.rows[at : at + span] = cut[row * span : (row + 1) * span]

    def scanlines(self) -> memoryview:
        """The band's rows as a PNG's IDAT compresses them."""
        return memoryview(self.rows)[: self.stride * self.height]

    def _start(self, left: int) -> int:
        return len(_NO_FILTER) + _CHANNELS * left


def png_in_bands(
    bands: Iterable[Scanlines], size: tuple[int, int], raster: Raster
) -> Iterator[bytes]:
    """A PNG of `size` pixels from its `bands`, top to bottom, as its chunks: each band is
    compressed as it comes and let go, so only one is held. Tagged as `save_png` tags a
    picture. The caller writes the chunks (the render stage opens no file)."""
    return _png_of_rows((band.scanlines() for band in bands), size, raster)


def _png_of_rows(
    rows: Iterable[bytes | memoryview], size: tuple[int, int], raster: Raster
) -> Iterator[bytes]:
    """A PNG's chunks from its scanlines (`rows`, in pieces), tagged as `save_png` tags."""
    deflate = zlib.compressobj(raster.compression)
    yield _PNG
    yield _chunk(b"IHDR", struct.pack(">IIBBBBB", *size, 8, _TRUECOLOUR, 0, 0, 0))
    if raster.profile:
        yield _chunk(b"iCCP", _ICC_NAME + b"\0\0" + zlib.compress(raster.profile))
        per_metre = round(raster.dpi / _METRES_PER_INCH)
        yield _chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1))
    for piece in rows:
        yield _chunk(b"IDAT", deflate.compress(piece))
    yield _chunk(b"IDAT", deflate.flush())
    yield _chunk(b"IEND", b"")


def _chunk(kind: bytes, data: bytes) -> bytes:
    """One PNG chunk: its length, kind, data and CRC (an empty IDAT is none)."""
    if kind == b"IDAT" and not data:
        return b""
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png_bytes(image: Image, raster: Raster, pixels: bytes | None = None) -> bytes:
    """`image` (RGB) as PNG bytes, its rows not filtered, as `png_in_bands` writes them: for
    a picture only looked at, which zlib's fastest level then encodes in half the time of
    Pillow's (a preview page at 72 dpi 5 rather than 11 ms) and smaller. `pixels`: the
    image's own `tobytes()`, where the caller took them out already (a copy the size of
    the picture, not made twice)."""
    rows = memoryview(image.tobytes() if pixels is None else pixels)
    return b"".join(_png_of_rows(_row_runs(rows, _CHANNELS * image.width), image.size, raster))


def _row_runs(pixels: memoryview, stride: int) -> Iterator[bytes]:
    """A picture's rows, each led by its filter byte, `_ROWS_AT_ONCE` at a time: zlib takes
    each run while it is still in the processor's cache (a contact sheet a third faster than
    its rows compressed at once)."""
    run = stride * _ROWS_AT_ONCE
    for start in range(0, len(pixels), run):
        rows: list[bytes | memoryview] = []
        for at in range(start, min(start + run, len(pixels)), stride):
            rows += (_NO_FILTER, pixels[at : at + stride])
        yield b"".join(rows)


def srgb_profile(newest: int | None) -> bytes:
    """littleCMS's sRGB profile with the build's date (the PDF's, `build_time`) in its
    header (bytes 24-36, six 16-bit numbers) instead of the clock's, so a picture is the
    same bytes every build of the same inputs."""
    from PIL import ImageCms

    made = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    when = build_time(newest)
    stamp = struct.pack(">6H", when.year, when.month, when.day, when.hour, when.minute, when.second)
    return made[:_DATE_AT] + stamp + made[_DATE_AT + len(stamp) :]
