"""Write stage, shared: a PDF's first page drawn as the catalogue's PNG thumbnail.

Input: a PDF (its bytes, just written by the process rendering it, or its path), the folder
the picture goes in and the PDF's SHA-256, which names the picture. Output: the PNG, written
under a temporary name and renamed into place, and what the catalogue shows of the PDF
(`Thumbnail`). pdfium is imported here on the first drawing, so a process that draws none
never loads it. The PNG is encoded here with zlib: rows unfiltered at the fastest level,
cheaper than a general encoder's and the same bytes for the same pixels.
"""

from __future__ import annotations

import ctypes
import os
import struct
import zlib
from pathlib import Path
from typing import TYPE_CHECKING

from shapes_print.write.cataloguepage import Thumbnail

if TYPE_CHECKING:
    from pypdfium2 import PdfDocument

THUMBNAIL_WIDTH = 160  # pixels: shown 110 CSS pixels wide, still sharp on a denser screen
_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_RGB_8_BITS = (8, 2, 0, 0, 0)  # IHDR: bit depth, colour type RGB, deflate, filters, no interlace
_NO_FILTER = b"\0"  # each row's filter type byte
_FASTEST = 1  # zlib level: a thumbnail is small, and drawn for every new PDF


def draw_thumbnail(pdf: bytes | Path, folder: Path, digest: str) -> Thumbnail:
    """The first page at `THUMBNAIL_WIDTH` pixels wide, as `folder/<digest[:20]>.png`. Its
    title is the PDF's own, or "" when it has none (the catalogue names it by its file)."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as pdfium_c

    document = pdfium.PdfDocument(pdf)
    try:
        first = document[0]
        bitmap = first.render(
            scale=THUMBNAIL_WIDTH / first.get_width(),
            force_bitmap_format=pdfium_c.FPDFBitmap_BGR,
            rev_byteorder=True,  # so RGB, as PNG has it
        )
        width, height = bitmap.width, bitmap.height
        png = _png(bytes(bitmap.buffer), width, height, bitmap.stride)
        title = document.get_metadata_dict().get("Title") or ""
        pages = len(document)
        lang = _language(document)
    finally:
        document.close()
    name = f"{digest[:20]}.png"
    temporary = folder / f".{name}.{os.getpid()}.tmp"  # workers may draw the same PDF at once
    temporary.unlink(missing_ok=True)
    with temporary.open("xb") as handle:
        handle.write(png)
    os.replace(temporary, folder / name)
    return Thumbnail(name, width, height, title, pages, lang)


def _png(pixels: bytes, width: int, height: int, stride: int) -> bytes:
    """An 8-bit RGB PNG of `pixels`, rows `stride` bytes apart."""
    row = width * 3
    rows = b"".join(
        _NO_FILTER + pixels[start : start + row] for start in range(0, height * stride, stride)
    )
    header = struct.pack(">II5B", width, height, *_RGB_8_BITS)
    return b"".join((
        _PNG_SIGNATURE,
        _chunk(b"IHDR", header),
        _chunk(b"IDAT", zlib.compress(rows, _FASTEST)),
        _chunk(b"IEND", b""),
    ))  # fmt: skip


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _language(document: PdfDocument) -> str:
    """The catalog's /Lang (UTF-16LE from pdfium), or "" when the PDF names none."""
    import pypdfium2.raw as pdfium_c

    size = pdfium_c.FPDFCatalog_GetLanguage(document.raw, None, 0)
    if size <= 2:  # nothing but the terminator
        return ""
    buffer = (ctypes.c_ushort * (size // 2))()
    pdfium_c.FPDFCatalog_GetLanguage(document.raw, buffer, size)
    return bytes(buffer).decode("utf-16-le").rstrip("\0")
