"""Write stage, shared: a PDF's first page drawn as the catalogue's PNG thumbnail.

Input: a PDF's path (just written by the process rendering it, or in the output folder), the
folder the picture goes in and the PDF's SHA-256, which names the picture. Output: the PNG,
written under a temporary name and renamed into place, and what the catalogue shows of the
PDF (`Thumbnail`). The page is drawn by the one rasteriser (render/raster.py); pdfium is
imported on the first drawing, so a process that draws none never loads it. The PNG is
encoded at zlib's fastest level: the same bytes for the same pixels. A PDF of the same
SHA-256 drawn before in this process is not drawn again: its picture and record are kept, by
the digest, for the next build that writes it (`THUMBNAILS_KEPT`).
"""

from __future__ import annotations

import ctypes
import functools
import io
import os
from pathlib import Path
from typing import TYPE_CHECKING

from msgspec.structs import replace

from shapes_print.render.raster import ZLIB_FASTEST, Raster, draw_page, save_png
from shapes_print.write.cataloguepage import Thumbnail

if TYPE_CHECKING:
    from pypdfium2 import PdfDocument

THUMBNAIL_WIDTH = 160  # pixels: shown 110 CSS pixels wide, still sharp on a denser screen
# At zlib's fastest level: a thumbnail is small, and drawn for every new PDF.
THUMBNAIL = Raster(width=THUMBNAIL_WIDTH, compression=ZLIB_FASTEST)
# First pages kept drawn, by their PDF's SHA-256: a test suite builds the same kits into many
# folders in one process, and most of its thumbnails are of a PDF drawn some builds before
# (a run of tests/commands/test_combinations.py draws 497 thumbnails of 421 PDFs). Kept by
# the digest, not the bytes, so no PDF is held and a PDF of any size is kept: 256 pictures
# (about 14 kB each, 26 kB at most) hold under 7 MB.
THUMBNAILS_KEPT = 256


def draw_thumbnail(pdf: Path, folder: Path, digest: str) -> Thumbnail:
    """The first page at `THUMBNAIL_WIDTH` pixels wide, as `folder/<digest[:20]>.png`. Its
    title is the PDF's own, or "" when it has none (the catalogue names it by its file)."""
    png, drawn = _first_page_kept(_Pdf(digest, pdf))
    name = f"{digest[:20]}.png"
    temporary = folder / f".{name}.{os.getpid()}.tmp"  # workers may draw the same PDF at once
    temporary.unlink(missing_ok=True)
    with temporary.open("xb") as handle:
        handle.write(png)
    os.replace(temporary, folder / name)
    return replace(drawn, file=name)


class _Pdf:
    """A PDF as `_first_page_kept` takes it: the same as another of the same SHA-256, so its
    cache is keyed by the digest alone, and found by its path, which is read only when it
    is drawn (a key kept holds no PDF's bytes)."""

    __slots__ = ("digest", "path")

    def __init__(self, digest: str, path: Path) -> None:
        self.digest, self.path = digest, path

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Pdf) and other.digest == self.digest

    def __hash__(self) -> int:
        return hash(self.digest)


@functools.lru_cache(maxsize=THUMBNAILS_KEPT)
def _first_page_kept(pdf: _Pdf) -> tuple[bytes, Thumbnail]:
    """`first_page`, kept for a PDF of the same SHA-256 built again in this process (the
    same kit into another folder, as a test suite builds its kits over and over)."""
    return first_page(pdf.path)


def first_page(pdf: Path) -> tuple[bytes, Thumbnail]:
    """The first page drawn as a PNG, and what the catalogue shows of the PDF (its file
    named by the caller)."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf)
    try:
        image = draw_page(document[0], THUMBNAIL)
        title = document.get_metadata_dict().get("Title") or ""
        pages = len(document)
        lang = _language(document)
    finally:
        document.close()
    png = io.BytesIO()
    save_png(image, THUMBNAIL, png)
    return png.getvalue(), Thumbnail("", image.width, image.height, title, pages, lang)


def _language(document: PdfDocument) -> str:
    """The catalog's /Lang (UTF-16LE from pdfium), or "" when the PDF names none."""
    import pypdfium2.raw as pdfium_c

    size = pdfium_c.FPDFCatalog_GetLanguage(document.raw, None, 0)
    if size <= 2:  # nothing but the terminator
        return ""
    buffer = (ctypes.c_ushort * (size // 2))()
    pdfium_c.FPDFCatalog_GetLanguage(document.raw, buffer, size)
    return bytes(buffer).decode("utf-16-le").rstrip("\0")
