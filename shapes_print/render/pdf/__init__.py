"""PDF backend: a plan's document as one PDF, written by a small writer of our own.

Input: a `Document` (geometry/primitives.py), its pages read once, in order. Output:
the PDF's bytes on a binary stream; `write_pdf` returns the page count.

One job per module:
- `objects`: numbers, compressed streams, object numbers, cross-reference table, trailer;
  the file is written while it is drawn.
- `pen`: items as content-stream operators in one file, graphics state, marked content
  (roles and artifacts), forms for symbols and shared fills.
- `operators`: what is worked out once per build and copied into every file: outlines,
  lines of text as glyph ids, shared fills, drawn groups.
- `fonts`: embedded subsets (Identity-H CID fonts keeping the font's glyph ids), widths,
  ToUnicode, subset tags from the glyph set.
- `images`: card pictures as image XObjects (JPEG as it is, PNG decoded, alpha as a soft
  mask), each once per file.
- `colour`: how a colour operator is written, DeviceRGB for home files or the press's
  CMYK for print-shop files, the one place that decides.
- `pdfx`: what a print-shop file says about its press (PDF/X-4: output intent, Info).
- `tags`: the structure tree (tagged PDF, to PDF/UA-1's structure): elements from the
  plan's roles, MCIDs per page as the pen draws, the ParentTree, written when the file
  closes;
- `xmp`: the metadata stream (title, language, PDF/UA and, when claimed, PDF/X).
- `outline`: bookmarks, one per part, for a file that holds several (print and play).

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
and the title in Info and XMP, the document's language, MarkInfo Marked and a structure
tree (every page's content an element's or an artifact), TrimBox and BleedBox where the
plan gives them, and each page written as soon as it is drawn.
"""

from __future__ import annotations

from typing import BinaryIO

import pydyf
from msgspec.structs import replace

from shapes_print.buildcache import BuildCache
from shapes_print.geometry.primitives import Box, Document
from shapes_print.render.pdf import pdfx
from shapes_print.render.pdf.colour import colour_space
from shapes_print.render.pdf.fonts import FileFonts
from shapes_print.render.pdf.marked import PagePen
from shapes_print.render.pdf.objects import PdfFile, dictionary, numbers, reference
from shapes_print.render.pdf.outline import write_outline
from shapes_print.render.pdf.tags import StructureTree
from shapes_print.render.pdf.xmp import XmpFacts, xmp_packet

_DUPLEX = {"long": "DuplexFlipLongEdge", "short": "DuplexFlipShortEdge", "none": "Simplex"}
PRODUCER = "shapes-print"


def _box(box: Box) -> str:
    return f"[{numbers(box.llx, box.lly, box.urx, box.ury)}]"


def write_pdf(
    document: Document, out: BinaryIO, name: str = "", cache: BuildCache | None = None
) -> int:
    """Render every page of the document to `out` as one PDF; return the page count.
    `name`, the file's name without `.pdf`, names the document in a print-shop file's
    metadata (its title by default). The groups, forms and pages drawn are kept in the
    build's `cache`, so the next file of the build copies them (without one, the file is
    drawn from scratch: the same bytes either way)."""
    press = document.press
    file = PdfFile(out, pdfx.VERSION) if press else PdfFile(out)
    catalog, page_tree, info = file.reserve(), file.reserve(), file.reserve()
    file_fonts = FileFonts(file)
    tree = StructureTree(file)
    drawer = PagePen(
        file, file_fonts, document.symbols, tree, cache or BuildCache(), colour_space(press)
    )
    pages = _write_pages(file, drawer, document, reference(page_tree))
    file_fonts.write()
    kids = " ".join(map(reference, pages))
    tree_entries = {"Type": "/Pages", "Kids": f"[{kids}]", "Count": len(pages)}
    file.write(page_tree, pydyf.Dictionary(tree_entries).data)
    structure = tree.write()
    metadata = file.reserve()
    facts = _facts(file, document, name)
    packet = xmp_packet(facts)
    file.stream(metadata, {"Type": "/Metadata", "Subtype": "/XML"}, packet, compressed=False)
    entries = _catalog(document, reference(page_tree), reference(structure), reference(metadata))
    if document.bookmarks:  # a file of several parts opens with its outline shown
        entries["Outlines"] = reference(write_outline(file, document.bookmarks, pages))
        entries["PageMode"] = "/UseOutlines"
    if document.lang:
        entries["Lang"] = pydyf.String(document.lang)
    if press:
        entries["OutputIntents"] = pdfx.output_intents(file, press)
    file.write(catalog, pydyf.Dictionary(entries).data)
    file.write(info, _info(document, facts).data)
    file.close(catalog, info)
    return len(pages)


def _write_pages(file: PdfFile, drawer: PagePen, document: Document, parent: str) -> list[int]:
    """Each page drawn and written as soon as it is drawn; their object numbers, in order."""
    press = document.press
    blend = "/DeviceCMYK" if press else "/DeviceRGB"
    media_boxes: dict[tuple[float, float], str] = {}
    numbers_of_pages: list[int] = []
    for index, page in enumerate(document.pages):
        number = file.reserve()
        drawn = drawer.page(number, page)
        contents = file.reserve()
        file.stream(contents, {}, drawn.packed)
        size = (page.width, page.height)
        media = media_boxes.get(size)
        if media is None:
            media = media_boxes[size] = f"[0 0 {numbers(*size)}]"
        entries: dict[str, str | int] = {"Type": "/Page", "Parent": parent, "MediaBox": media}
        if page.trim:
            entries["TrimBox"] = _box(page.trim)
        elif press:  # PDF/X: every page says its trim; a sheet's is its paper
            entries["TrimBox"] = media
        if page.bleed:
            entries["BleedBox"] = _box(page.bleed)
        elif press:
            entries["BleedBox"] = media
        if drawn.see_through:  # blended in the file's own colours, the press's CMYK in PDF/X
            entries["Group"] = f"<< /Type /Group /S /Transparency /CS {blend} >>"
        entries["Resources"] = drawn.resources
        entries["Contents"] = reference(contents)
        entries["StructParents"] = index
        file.write(number, dictionary(entries))
        numbers_of_pages.append(number)
    return numbers_of_pages


def _facts(file: PdfFile, document: Document, name: str) -> XmpFacts:
    """What the metadata says; a print-shop file's dates (Info's too) and which rendition
    of what it is, its instance read from the bytes written so far."""
    facts = XmpFacts(document.title, document.lang, PRODUCER)
    press = document.press
    if not press:
        return facts
    file.flush()
    return replace(
        facts,
        pdfx_version=press.standard,
        made=pdfx.build_time(document.made),
        document_id=pdfx.document_id(name or document.title),
        instance_id=pdfx.instance_id(file.digest.copy().digest()),
    )


def _catalog(document: Document, pages: str, structure: str, metadata: str) -> dict[str, object]:
    """The catalog's entries every file has: its pages, viewer preferences, tagging."""
    preferences = pydyf.Dictionary({
        "PrintScaling": "/None",
        "Duplex": f"/{_DUPLEX[document.duplex]}",
        "DisplayDocTitle": "true",
    })  # fmt: skip
    entries: dict[str, object] = {
        "Type": "/Catalog",
        "Pages": pages,
        "ViewerPreferences": preferences,
        "MarkInfo": "<< /Marked true >>",
        "StructTreeRoot": structure,
        "Metadata": metadata,
    }
    return entries


def _info(document: Document, facts: XmpFacts) -> pydyf.Dictionary:
    press = document.press
    return pydyf.Dictionary({
        "Title": pydyf.String(document.title),
        "Author": pydyf.String(PRODUCER),
        "Creator": pydyf.String(PRODUCER),
        "Producer": pydyf.String(PRODUCER),
        **(pdfx.info_entries(press, facts.made) if press and facts.made else {}),
    })  # fmt: skip
