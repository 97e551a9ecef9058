"""PDF backend (reportlab): vector paths, embedded TTF text, one form XObject per symbol.

`invariant=1` makes the bytes depend only on the plan, so two builds are identical. The
viewer is asked for actual size and long-edge duplex; the printed ruler stays because not
every viewer honours the request.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import BinaryIO

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, Canvas

from shapes_print.primitives import Document, Group, Item, Line, Path, PathOp, Rect, Text, Use

_DUPLEX = {"long": "DuplexFlipLongEdge", "short": "DuplexFlipShortEdge", "none": "Simplex"}


def _path(canvas: Canvas, ops: Iterable[PathOp]):
    path = canvas.beginPath()
    for op in ops:
        kind = op[0]
        if kind == "M":
            path.moveTo(op[1], op[2])
        elif kind == "L":
            path.lineTo(op[1], op[2])
        elif kind == "C":
            path.curveTo(*op[1:])
        else:
            path.close()
    return path


def _draw(canvas: Canvas, item: Item) -> None:
    if isinstance(item, Use):
        canvas.saveState()
        canvas.translate(item.x, item.y)
        canvas.doForm(item.symbol)
        canvas.restoreState()
    elif isinstance(item, Path):
        paint = item.paint
        if paint.fill:
            canvas.setFillColor(HexColor(paint.fill))
        if paint.stroke:
            canvas.setStrokeColor(HexColor(paint.stroke))
            canvas.setLineWidth(paint.stroke_width)
            canvas.setDash(list(paint.dash) or [])
        canvas.drawPath(
            _path(canvas, item.ops),
            stroke=int(bool(paint.stroke)),
            fill=int(bool(paint.fill)),
            fillMode=FILL_EVEN_ODD,
        )
    elif isinstance(item, Rect):
        paint = item.paint
        if paint.fill:
            canvas.setFillColor(HexColor(paint.fill))
        if paint.stroke:
            canvas.setStrokeColor(HexColor(paint.stroke))
            canvas.setLineWidth(paint.stroke_width)
            canvas.setDash(list(paint.dash) or [])
        stroke, fill = int(bool(paint.stroke)), int(bool(paint.fill))
        if item.radius:
            canvas.roundRect(item.x, item.y, item.w, item.h, item.radius, stroke=stroke, fill=fill)
        else:
            canvas.rect(item.x, item.y, item.w, item.h, stroke=stroke, fill=fill)
    elif isinstance(item, Line):
        canvas.setStrokeColor(HexColor(item.colour))
        canvas.setLineWidth(item.width)
        canvas.setDash([])
        canvas.line(item.x1, item.y1, item.x2, item.y2)
    elif isinstance(item, Text):
        canvas.setFillColor(HexColor(item.colour))
        canvas.setFont(item.font, item.size)
        if item.anchor == "middle":
            canvas.drawCentredString(item.x, item.y, item.text)
        elif item.anchor == "end":
            canvas.drawRightString(item.x, item.y, item.text)
        else:
            canvas.drawString(item.x, item.y, item.text)
    elif isinstance(item, Group):
        canvas.saveState()
        canvas.translate(item.dx, item.dy)
        if item.angle:
            canvas.rotate(item.angle)
        if item.scale != 1.0:
            canvas.scale(item.scale, item.scale)
        if item.clip:
            canvas.clipPath(_path(canvas, item.clip), stroke=0, fill=0, fillMode=FILL_EVEN_ODD)
        for child in item.items:
            _draw(canvas, child)
        canvas.restoreState()


def write_pdf(document: Document, out: BinaryIO) -> None:
    """Render every page of the document to `out` as one PDF."""
    first = document.pages[0]
    canvas = Canvas(
        out,
        pagesize=(first.width, first.height),
        invariant=1,
        pdfVersion=(1, 7),
        initialFontName=document.font,
    )
    canvas.setTitle(document.title)
    canvas.setAuthor("shapes-print")
    canvas.setCreator("shapes-print")
    canvas.setViewerPreference("PrintScaling", "None")
    canvas.setViewerPreference("Duplex", _DUPLEX[document.duplex])
    canvas.setViewerPreference("DisplayDocTitle", "true")
    for symbol in document.symbols.values():
        canvas.beginForm(symbol.name, lowerx=0, lowery=0, upperx=symbol.width, uppery=symbol.height)
        for item in symbol.items:
            _draw(canvas, item)
        canvas.endForm()
    for page in document.pages:
        canvas.setPageSize((page.width, page.height))
        if page.trim:
            canvas.setTrimBox((page.trim.llx, page.trim.lly, page.trim.urx, page.trim.ury))
        if page.bleed:
            canvas.setBleedBox((page.bleed.llx, page.bleed.lly, page.bleed.urx, page.bleed.ury))
        for item in page.items:
            _draw(canvas, item)
        canvas.showPage()
    canvas.save()
