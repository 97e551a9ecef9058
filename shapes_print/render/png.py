"""PNG backend: a document's pages as pictures, through pypdfium2.

Input: a document and a picture name for each page (kit stage: printshop.Pictures).
Output: one PNG per page at the asked pixels per inch, its bleed included, tagged sRGB
and with its resolution, written into a folder.

Pictures are drawn from the document's sRGB rendering (its press set aside): a PNG holds
no CMYK, and a shop that takes pictures converts them itself, so it gets the content's own
colours rather than pdfium's naive reading of CMYK. The page is drawn by the same PDF
writer, so a picture shows exactly what the PDF does.
"""

from __future__ import annotations

import io
import struct
from pathlib import Path

from msgspec.structs import replace

from shapes_print.geometry.primitives import Document
from shapes_print.render.pdf import write_pdf
from shapes_print.render.pdf.pdfx import build_time

POINTS_PER_INCH = 72
_DATE_AT = 24  # where an ICC profile's header holds its creation date


def write_pngs(document: Document, names: tuple[str, ...], dpi: int, folder: Path) -> list[Path]:
    """Every page of `document` as `folder/<name>.png`, in page order."""
    import pypdfium2 as pdfium  # only pictures need pdfium and Pillow
    from PIL import ImageCms

    buffer = io.BytesIO()
    write_pdf(replace(document, press=None), buffer)
    made = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    srgb = _srgb_profile(made, document.made)
    pdf = pdfium.PdfDocument(buffer.getvalue())
    written = []
    try:
        for page, name, planned in zip(pdf, names, document.pages, strict=True):
            image = page.render(scale=dpi / POINTS_PER_INCH).to_pil().convert("RGB")
            # pdfium rounds a size up, so 69.85 mm (198 pt, as a float a hair over) at
            # 300 dpi would be 826 pixels; the page is 825.
            size = (_pixels(planned.width, dpi), _pixels(planned.height, dpi))
            if image.size != size:
                image = image.crop((0, 0, *size))
            path = folder / f"{name}.png"
            image.save(path, format="PNG", dpi=(dpi, dpi), icc_profile=srgb, optimize=False)
            written.append(path)
    finally:
        pdf.close()
    return written


def _pixels(points: float, dpi: int) -> int:
    return max(1, round(points * dpi / POINTS_PER_INCH))


def _srgb_profile(made: bytes, newest: int | None) -> bytes:
    """littleCMS's sRGB profile with the build's date (the PDF's, `build_time`) in its
    header (bytes 24-36, six 16-bit numbers) instead of the clock's, so a picture is the
    same bytes every build of the same inputs."""
    when = build_time(newest)
    stamp = struct.pack(">6H", when.year, when.month, when.day, when.hour, when.minute, when.second)
    return made[:_DATE_AT] + stamp + made[_DATE_AT + len(stamp) :]
