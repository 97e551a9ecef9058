"""The rasteriser's banded pictures (render/raster.py): a page drawn straight into a band
of PNG rows is the page draw_page draws, pixel for pixel, and a PNG written band by band
reads back as those rows, tagged as save_png tags a picture."""

from __future__ import annotations

import io
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image, ImageChops

from shapes_print.geometry.primitives import RGB, Document, Page, Paint, Rect
from shapes_print.render.pdf import write_pdf
from shapes_print.render.raster import (
    ZLIB_FASTEST,
    Raster,
    Scanlines,
    draw_page,
    png_bytes,
    png_in_bands,
    save_png,
    srgb_profile,
)

DPI = 50
CELL = (50, 70)  # pixels: the page below at 50 dpi, rounded


def page_pdf() -> bytes:
    """One page whose size is not whole pixels at DPI (72.5 x 101.5 pt: 50.3 x 70.5 px),
    so pdfium sizes it up (51 x 71) and what overruns the cell (50 x 70) is cut; a mark in
    one corner shows a page turned or shifted."""
    fill = Rect(0.0, 0.0, 72.5, 101.5, Paint(fill=RGB(230, 159, 0)))
    mark = Rect(54.5, 0.0, 18.0, 18.0, Paint(fill=RGB(0, 0, 0)))
    document = Document("one page", [Page(72.5, 101.5, (fill, mark))], {}, "none")
    out = io.BytesIO()
    write_pdf(document, out)
    return out.getvalue()


def band_picture(band: Scanlines) -> Image.Image:
    """The band's pixels, its rows' filter bytes left out."""
    rows = band.scanlines()
    pixels = b"".join(rows[at + 1 : at + band.stride] for at in range(0, len(rows), band.stride))
    return Image.frombytes("RGB", (band.width, band.height), pixels)


def test_a_page_drawn_into_a_band_is_the_page_drawn_alone() -> None:
    raster = Raster(dpi=DPI, background=(20, 40, 60))
    document = pdfium.PdfDocument(page_pdf())
    try:
        alone = draw_page(document[0], raster)
        band = Scanlines(3 * CELL[0], CELL[1], raster.background)
        band.draw(document[0], raster, CELL[0], CELL[0])
    finally:
        document.close()
    assert alone.size == CELL
    picture = band_picture(band)
    middle = picture.crop((CELL[0], 0, 2 * CELL[0], CELL[1]))
    assert ImageChops.difference(middle, alone).getbbox() is None
    for blank in (0, 2 * CELL[0]):  # nothing overruns into the cells either side
        cell = picture.crop((blank, 0, blank + CELL[0], CELL[1]))
        assert cell.getextrema() == tuple((v, v) for v in raster.background)
    # A cut of the cell pasted elsewhere is the same pixels.
    band.paste(band.cut(CELL[0], CELL[0]), 0)
    first = band_picture(band).crop((0, 0, *CELL))
    assert ImageChops.difference(first, alone).getbbox() is None


def test_a_png_written_in_bands_reads_back_as_its_rows_tagged_as_save_png_tags(
    tmp_path: Path,
) -> None:
    raster = Raster(dpi=DPI, compression=ZLIB_FASTEST, profile=srgb_profile(None))
    document = pdfium.PdfDocument(page_pdf())
    bands = []
    try:
        for left in (0, CELL[0]):  # two bands, each the page in another column
            band = Scanlines(2 * CELL[0], CELL[1], raster.background)
            band.draw(document[0], raster, left, CELL[0])
            bands.append(band)
    finally:
        document.close()
    whole = Image.new("RGB", (2 * CELL[0], 2 * CELL[1]))
    for number, band in enumerate(bands):
        whole.paste(band_picture(band), (0, number * CELL[1]))
    path = tmp_path / "banded.png"
    path.write_bytes(b"".join(png_in_bands(bands, whole.size, raster)))
    save_png(whole, raster, tmp_path / "whole.png")
    with Image.open(path) as banded, Image.open(tmp_path / "whole.png") as pillow:
        assert banded.mode == "RGB" and banded.size == whole.size
        assert ImageChops.difference(banded, whole).getbbox() is None
        assert banded.info["dpi"] == pillow.info["dpi"]
        assert banded.info["icc_profile"] == pillow.info["icc_profile"] == raster.profile


def test_a_picture_encoded_unfiltered_reads_back_as_its_pixels() -> None:
    """png_bytes (a preview's pages and contact sheets) stores the rows as they are: the
    same pixels as the image, at any width (an odd one, so no row is a round size) and
    over more rows than it compresses at a time (141, in runs of 64); and the same bytes
    from the pixels the caller took out of the image already."""
    document = pdfium.PdfDocument(page_pdf())
    try:
        page = draw_page(document[0], Raster(dpi=2 * DPI))
    finally:
        document.close()
    assert page.height > 2 * 64
    for image in (page, page.crop((1, 2, 38, 63)), page.crop((3, 0, 100, 129))):
        png = png_bytes(image, Raster(compression=ZLIB_FASTEST))
        assert png_bytes(image, Raster(compression=ZLIB_FASTEST), image.tobytes()) == png
        with Image.open(io.BytesIO(png)) as read:
            assert read.mode == "RGB" and read.size == image.size
            assert ImageChops.difference(read, image).getbbox() is None
            assert "dpi" not in read.info and "icc_profile" not in read.info
