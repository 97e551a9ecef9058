"""Render stage, the one rasteriser: a PDF's pages as pictures, through pypdfium2 and Pillow.

Input: a PDF (its bytes or its path, or one page of it already open) and a `Raster` saying
how large to draw it, on what background, and how to encode the PNG. Output: each page as a
Pillow image, and an image as PNG bytes or a PNG file. Every picture the tool makes of a
page is drawn here: print-shop pictures (render/png.py), Tabletop Simulator sheets
(render/tabletop.py), the catalogue's thumbnails (write/thumbnail.py) and previews
(pipeline/preview.py), so they all round, fill and encode alike.

pdfium and Pillow are imported on the first drawing, so a module may name a `Raster` at its
top and a process that draws no picture never loads them.
"""

from __future__ import annotations

import io
import struct
from collections.abc import Generator
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
    scale = raster.width / width if raster.width else raster.dpi / POINTS_PER_INCH
    image = page.render(scale=scale, fill_color=(*raster.background, _OPAQUE)).to_pil()
    if raster.width:
        return image
    size = (max(1, round(width * scale)), max(1, round(height * scale)))
    return image if image.size == size else image.crop((0, 0, *size))


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


def png_bytes(image: Image, raster: Raster) -> bytes:
    """`image` as PNG bytes, as `save_png` writes them."""
    out = io.BytesIO()
    save_png(image, raster, out)
    return out.getvalue()


def srgb_profile(newest: int | None) -> bytes:
    """littleCMS's sRGB profile with the build's date (the PDF's, `build_time`) in its
    header (bytes 24-36, six 16-bit numbers) instead of the clock's, so a picture is the
    same bytes every build of the same inputs."""
    from PIL import ImageCms

    made = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    when = build_time(newest)
    stamp = struct.pack(">6H", when.year, when.month, when.day, when.hour, when.minute, when.second)
    return made[:_DATE_AT] + stamp + made[_DATE_AT + len(stamp) :]
