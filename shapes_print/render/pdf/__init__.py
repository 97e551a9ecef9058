"""PDF backend: a plan's document as one PDF, written by a small writer of our own.

Input: a `Document` (shapes_print/primitives.py), its pages read once, in order. Output:
the PDF's bytes on a binary stream; `write_pdf` returns the page count.

One job per module:
- `objects`: numbers, compressed streams, object numbers, cross-reference table, trailer;
  the file is written while it is drawn.
- `pen`: items as content-stream operators, graphics state, marked content (roles and
  artifacts), forms for symbols and shared fills, the build-wide caches.
- `fonts`: embedded subsets (Identity-H CID fonts keeping the font's glyph ids), widths,
  ToUnicode, subset tags from the glyph set.
- `images`: card pictures as image XObjects (JPEG as it is, PNG decoded, alpha as a soft
  mask), each once per file.
- `colour`: how a colour operator is written, DeviceRGB for home files or the press's
  CMYK for print-shop files, the one place that decides.
- `pdfx`: what a print-shop file says about its press (PDF/X-4: output intent, Info).
- `tags` (tagged PDF: structure tree, MCIDs) comes next, over the roles and artifacts the
  pen already reads.

Why this foundation (WeasyPrint's route: pydyf and fontTools) and not reportlab:
- Reportlab's public API has no structure tree, no marked-content ids, no output intents
  and no CMYK-only page; reaching them meant its private internals (its canvas streams,
  page classes, document tables, font states), which break with any release.
- Its fonts are simple TrueType subsets of 256 codes each, renumbered per file, so a
  text's bytes depended on the file and could not be reused between files; every subset
  was tagged AAAAAA+, and its ToUnicode needed a monkey-patch past U+FFFF.
- pydyf is a small, maintained set of PDF objects (dictionaries, strings, streams) and
  nothing else: it formats the file's few structural objects. The hot paths (content
  operators, page dictionaries) are formatted here, and objects are written as they are
  finished, with our own cross-reference table, so memory stays flat in pages (pydyf's
  own writer holds every object until the end).
- fontTools reads the fonts (widths for the plan, metrics for the descriptor); the subset
  is a copy of the glyph table with unused glyphs left empty, so glyph ids stay and a
  text is the same bytes in every file: group operators, text included, are made once per
  build.

A print-shop file (a document with a `press`) is PDF/X-4: CMYK colour, its output intent
and PDF 1.6. What every file has: PrintScaling None and the document's Duplex in the viewer
preferences (the printed ruler stays, since not every viewer honours them), DisplayDocTitle
and the title in Info, TrimBox and BleedBox where the plan gives them, and each page
written as soon as it is drawn.
"""

from __future__ import annotations

from typing import BinaryIO

import pydyf

from shapes_print.primitives import Box, Document
from shapes_print.render.pdf import fonts, images, objects, pdfx, pen
from shapes_print.render.pdf.colour import colour_space
from shapes_print.render.pdf.fonts import FileFonts
from shapes_print.render.pdf.objects import PdfFile, deflated, numbers, reference
from shapes_print.render.pdf.pen import Pen, Stream, resources

_DUPLEX = {"long": "DuplexFlipLongEdge", "short": "DuplexFlipShortEdge", "none": "Simplex"}
PRODUCER = "shapes-print"


def clear_caches() -> None:
    """Let go of everything this process remembers between files (groups drawn, texts,
    subsets, compressed streams): the next file is written from scratch, to the same bytes."""
    memos = (pen.DRAWN, pen.SHOWN, fonts.SUBSETS, fonts.UNICODE_MAPS, objects.DEFLATED)
    for memo in (*memos, images.ENCODED):
        memo.clear()


def _box(box: Box) -> str:
    return f"[{numbers(box.llx, box.lly, box.urx, box.ury)}]"


def write_pdf(document: Document, out: BinaryIO) -> int:
    """Render every page of the document to `out` as one PDF; return the page count."""
    press = document.press
    file = PdfFile(out, pdfx.VERSION) if press else PdfFile(out)
    catalog, page_tree, info = file.reserve(), file.reserve(), file.reserve()
    file_fonts = FileFonts(file)
    drawer = Pen(file, file_fonts, document.symbols, colour_space(press))
    parent = reference(page_tree)
    media_boxes: dict[tuple[float, float], str] = {}
    kids: list[str] = []
    for page in document.pages:
        stream = Stream()
        drawer.start(stream)
        drawer.draw_all(page.items)
        contents = file.reserve()
        file.stream(contents, {}, deflated("\n".join(stream.operators).encode("ascii")))
        size = (page.width, page.height)
        media = media_boxes.get(size)
        if media is None:
            media = media_boxes[size] = f"[0 0 {numbers(*size)}]"
        entries = {"Type": "/Page", "Parent": parent, "MediaBox": media}
        if page.trim:
            entries["TrimBox"] = _box(page.trim)
        if page.bleed:
            entries["BleedBox"] = _box(page.bleed)
        entries["Resources"] = resources(stream, file_fonts)
        entries["Contents"] = reference(contents)
        kids.append(reference(file.add(pydyf.Dictionary(entries))))
    file_fonts.write()
    file.write(
        page_tree,
        pydyf.Dictionary(
            {"Type": "/Pages", "Kids": f"[{' '.join(kids)}]", "Count": len(kids)}
        ).data,
    )
    preferences = pydyf.Dictionary({
        "PrintScaling": "/None",
        "Duplex": f"/{_DUPLEX[document.duplex]}",
        "DisplayDocTitle": "true",
    })  # fmt: skip
    entries = {"Type": "/Catalog", "Pages": reference(page_tree), "ViewerPreferences": preferences}
    if document.lang:
        entries["Lang"] = pydyf.String(document.lang)
    if press:
        entries["OutputIntents"] = pdfx.output_intents(file, press)
    file.write(catalog, pydyf.Dictionary(entries).data)
    file.write(
        info,
        pydyf.Dictionary({
            "Title": pydyf.String(document.title),
            "Author": pydyf.String(PRODUCER),
            "Creator": pydyf.String(PRODUCER),
            "Producer": pydyf.String(PRODUCER),
            **(pdfx.info_entries(press) if press else {}),
        }).data,
    )  # fmt: skip
    file.close(catalog, info)
    return len(kids)
