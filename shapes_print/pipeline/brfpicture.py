"""Pictures of an embosser file's pages: each braille page drawn as the dots it raises.

Input: a .brf's bytes (ASCII braille, braille/cells.py: lines ended by CR LF, pages by a
form feed) and the label set's braille sizes. Output: one picture per braille page, the
cells at their true spacing inside a margin of one cell and one line, so whoever embosses
the kit sees its pages (headings, indents, page numbers) as a preview shows the PDFs.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from shapes_print.braille.cells import from_ascii, raised
from shapes_print.load.printmodels import BrailleStyle

POINTS_PER_INCH = 72
PAGE = "#FFFFFF"  # braille paper
DOTS_DOWN = 3  # a cell's dots: 1-2-3 down its left column, 4-5-6 down its right


def brf_pages(data: bytes, style: BrailleStyle, dpi: int) -> list[Image.Image]:
    """Every page of the file, `embosser.cells_per_line` cells by `lines_per_page` lines."""
    embosser = style.embosser
    scale = dpi / POINTS_PER_INCH
    width = (embosser.cells_per_line + 2) * style.cell_spacing
    height = (embosser.lines_per_page + 2) * style.line_spacing
    size = (round(width * scale), round(height * scale))
    pages = data.decode("ascii").split("\f")
    return [_page(text.split("\r\n"), style, size, scale) for text in pages]


def _page(
    lines: list[str], style: BrailleStyle, size: tuple[int, int], scale: float
) -> Image.Image:
    """One page: a filled circle for every raised dot, dot 1 of a line's first cell one
    cell in from the left and one line down from the top."""
    image = Image.new("RGB", size, PAGE)
    draw = ImageDraw.Draw(image)
    radius = style.dot_diameter / 2
    ink = style.colour.hex
    for row, line in enumerate(lines):
        top = (row + 1) * style.line_spacing + radius
        for column, braille in enumerate(from_ascii(line)):
            left = (column + 1) * style.cell_spacing + radius
            for dot in raised(braille):
                across, down = divmod(dot - 1, DOTS_DOWN)
                x, y = left + across * style.dot_spacing, top + down * style.dot_spacing
                box = ((x - radius) * scale, (y - radius) * scale)
                draw.ellipse((*box, (x + radius) * scale, (y + radius) * scale), fill=ink)
    return image
