"""PNG backend: a document's pages as pictures, drawn by the rasteriser (render/raster.py).

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
from pathlib import Path

from msgspec.structs import replace

from shapes_print.buildcache import BuildCache
from shapes_print.geometry.primitives import Document
from shapes_print.render.pdf import write_pdf
from shapes_print.render.raster import Raster, draw_pages, save_png, srgb_profile


def write_pngs(
    document: Document,
    names: tuple[str, ...],
    dpi: int,
    folder: Path,
    cache: BuildCache | None = None,
) -> list[Path]:
    """Every page of `document` as `folder/<name>.png`, in page order (its PDF drawn with
    what the build's `cache` holds)."""
    buffer = io.BytesIO()
    write_pdf(replace(document, press=None), buffer, cache=cache)
    raster = Raster(dpi=dpi, profile=srgb_profile(document.made))
    written = []
    for image, name in zip(draw_pages(buffer.getvalue(), raster), names, strict=True):
        path = folder / f"{name}.png"
        save_png(image, raster, path)
        written.append(path)
    return written
