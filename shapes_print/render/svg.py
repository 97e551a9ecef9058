"""SVG backend (svgwrite): the same plan as the PDF, one file per page, true size in mm.

The plan's y axis points up (PDF); SVG's points down. One flip on the page group converts
it. Text is drawn as the outlines of its font's glyphs (render/svg_glyphs.py), each glyph
defined once per file, so a page looks the same on a machine without our fonts; each run
keeps its words as its accessible label.
"""

from __future__ import annotations

import base64
import xml.etree.ElementTree as ET
from functools import lru_cache
from typing import TypeAlias

import svgwrite
from msgspec import Struct
from svgwrite.base import BaseElement
from svgwrite.container import Group as SvgGroup

from shapes_print.geometry.primitives import (
    Artifact,
    Document,
    Group,
    Image,
    Item,
    Line,
    Page,
    Paint,
    Path,
    PathOp,
    RasterPicture,
    Rect,
    Text,
    Use,
    symbols_used,
)
from shapes_print.render.svg_glyphs import glyph_outline
from shapes_print.text.fonts import font_named
from shapes_print.units import POINTS_PER_UNIT

_ANCHOR = {"start": "start", "middle": "middle", "end": "end"}
# The ARIA role of a group by its structure type (WAI-ARIA 1.2): headings keep their level;
# a list item's label and body have none of their own (their words are the item's). A header
# cell heads its column in a table's header rows, its row elsewhere (`_HEADS`).
_ARIA = {
    "P": "paragraph",
    "L": "list",
    "LI": "listitem",
    "Table": "table",
    "THead": "rowgroup",
    "TBody": "rowgroup",
    "TR": "row",
    "TD": "cell",
    "Figure": "img",
    "Span": "img",  # an icon in a line, labelled with its words
}
_HEADS = {True: "columnheader", False: "rowheader"}


@lru_cache(maxsize=1024)
def _d(ops: tuple[PathOp, ...]) -> str:
    """Path data, each number to 3 decimals: made once per process for the same path (a
    picture or a card's outline is drawn on every page that shows it)."""
    parts = [op[0] + " " + " ".join(["%.3f"] * (len(op) - 1)) % op[1:] for op in ops]
    return " ".join(parts).strip()


def _paint_attrs(paint: Paint) -> dict[str, object]:
    attrs: dict[str, object] = {
        "fill": paint.fill.hex if paint.fill else "none",
        "fill_rule": "evenodd",
    }
    if paint.stroke:
        attrs.update(stroke=paint.stroke.hex, stroke_width=round(paint.stroke_width, 3))
        if paint.cap != "butt":
            attrs.update(stroke_linecap=paint.cap)
    return attrs


def _aria(group: SvgGroup, item: Group, in_head: bool) -> None:
    """The group's role for assistive software: a heading with its level, a paragraph, a
    list or its item, a table, its row groups, rows and cells (`in_head`: in its header
    rows), or a picture (with its words as its label); its language."""
    tag = item.tag
    if tag is None:
        return
    if tag.startswith("H") and tag[1:].isdigit():
        group["role"], group["aria-level"] = "heading", tag[1:]
    elif tag == "TH":
        group["role"] = _HEADS[in_head]
    elif tag in _ARIA and (tag != "Span" or item.alt):  # a range's span: its words are read
        group["role"] = _ARIA[tag]
    if item.alt:
        group["aria-label"] = item.alt
    if item.lang:
        group["lang"] = item.lang


# An element's XML as plain data: its tag, attributes in order, text and children.
Frozen: TypeAlias = tuple[str, tuple[tuple[str, str], ...], str | None, tuple["Frozen", ...]]


class _Run(Struct, frozen=True):
    """A line's glyphs as placed in its run: each glyph's `use` (svgwrite's XML for it,
    made once per process for the same words in the same font: a deck repeats its words
    on every card, page after page), and the outlines it places, in the order it first
    places each, to be defined once per file."""

    uses: tuple[Frozen, ...]
    outlines: tuple[tuple[str, str], ...]  # (id, path data)


# The XML of the shapes, lines of text (and their glyphs) and placed symbols a process drew,
# kept for the same item drawn again: a kit's pages draw a few dozen distinct outlines and
# rules hundreds of times, and its words on every card. A kit draws some 800 distinct lines.
XML_KEPT = 2048
# Makes the elements kept beyond one drawing, with a drawing's settings (no checks, full profile).
_MAKER = svgwrite.Drawing(profile="full", debug=False)


@lru_cache(maxsize=XML_KEPT)
def _run(font_name: str, text: str) -> _Run:
    font = font_named(font_name)
    outline = glyph_outline(font)
    uses, outlines, named = [], [], set()
    advance = 0.0
    for code in map(ord, text):
        glyph = font.glyphs.get(code, 0)
        path = outline.path(glyph)
        if path:
            name = f"{font_name}-g{glyph}"
            if name not in named:
                named.add(name)
                outlines.append((name, path))
            uses.append(_frozen(_MAKER.use(f"#{name}", insert=(round(advance, 1), 0))))
        advance += font.glyph_widths[glyph] / outline.scale / 1000
    return _Run(tuple(uses), tuple(outlines))


class _Made(BaseElement):  # type: ignore[misc]  # svgwrite has no type hints
    """An element whose XML svgwrite made before, placed again as it was."""

    def __init__(self, made: Frozen) -> None:
        super().__init__(factory=_MAKER)
        self.made = made

    def get_xml(self) -> ET.Element:
        return _thawed(self.made)


def _frozen(element: BaseElement) -> Frozen:
    """svgwrite's XML for an element, as plain tuples of strings: kept by the caches below
    without adding objects the garbage collector walks at every full collection."""

    def frozen(xml: ET.Element) -> Frozen:
        return (xml.tag, tuple(xml.items()), xml.text, tuple(map(frozen, xml)))

    return frozen(element.get_xml())


def _thawed(made: Frozen) -> ET.Element:
    """The XML `_frozen` kept, as elements again: the same tags, attributes in the same
    order, text and children."""
    tag, attributes, text, children = made
    xml = ET.Element(tag, dict(attributes))
    xml.text = text
    xml.extend(map(_thawed, children))
    return xml


@lru_cache(maxsize=XML_KEPT)
def _shape(item: Rect | Path | Line) -> Frozen:
    """A shape as svgwrite's XML for it."""
    if isinstance(item, Path):
        return _frozen(_MAKER.path(d=_d(item.ops), **_paint_attrs(item.paint)))
    if isinstance(item, Rect):
        return _frozen(
            _MAKER.rect(
                insert=(round(item.x, 3), round(item.y, 3)),
                size=(round(item.w, 3), round(item.h, 3)),
                rx=round(item.radius, 3) or None,
                **_paint_attrs(item.paint),
            )
        )
    return _frozen(
        _MAKER.line(
            (round(item.x1, 3), round(item.y1, 3)),
            (round(item.x2, 3), round(item.y2, 3)),
            stroke=item.colour.hex,
            stroke_width=round(item.width, 3),
        )
    )


@lru_cache(maxsize=XML_KEPT)
def _words(item: Text) -> Frozen:
    """A line of text as svgwrite's XML for its run: its glyphs placed by the font's
    advance widths as the PDF sets them, labelled with its words."""
    font = font_named(item.font)
    offset = 0.0
    if item.anchor != "start":
        width = font.width(item.text, item.size)
        offset = width / 2 if item.anchor == "middle" else width
    group = _MAKER.g(fill=item.colour.hex, role="img", aria_label=item.text)
    scale = item.size * glyph_outline(font).scale
    group["transform"] = f"translate({item.x - offset:.3f} {item.y:.3f}) scale({scale:.6g})"
    tag, attributes, text, _ = _frozen(group)
    return (tag, attributes, text, _run(item.font, item.text).uses)


@lru_cache(maxsize=XML_KEPT)
def _placed(symbol: str, x: float, y: float, alt: str | None) -> Frozen:
    """A symbol placed, as svgwrite's XML for it; a picture labelled `alt` if it has one."""
    placed = _MAKER.use(f"#{symbol}", insert=(round(x, 3), round(y, 3)))
    if alt:
        placed["role"], placed["aria-label"] = "img", alt
    return _frozen(placed)


class _Renderer:
    def __init__(self, drawing: svgwrite.Drawing) -> None:
        self.drawing = drawing
        self.alts: dict[str, str] = {}  # what each symbol placed on the page shows (a card)
        self.clips = 0
        self.in_head = False  # drawing a table's header rows
        self.glyphs: set[str] = set()  # glyph outlines defined in this file, by id
        self.pictures: set[str] = set()  # defined in this page's <defs>

    def _text(self, item: Text) -> _Made:
        """A line of text as its glyphs' outlines (render/svg_glyphs.py), each defined
        once per file, labelled with its words for assistive software."""
        d = self.drawing
        for name, path in _run(item.font, item.text).outlines:
            if name not in self.glyphs:
                self.glyphs.add(name)
                d.defs.add(d.path(id=name, d=path))
        return _Made(_words(item))

    def clip(self, ops: tuple[PathOp, ...]) -> str:
        """A clip path defined once for the page; the reference that applies it."""
        self.clips += 1
        clip = self.drawing.defs.add(self.drawing.clipPath(id=f"clip{self.clips}"))
        clip.add(self.drawing.path(d=_d(ops), clip_rule="evenodd"))
        return f"url(#clip{self.clips})"

    def picture(self, parent: SvgGroup, image: Image) -> None:
        """The same picture as the PDF's: defined once per page (a raster file as it is,
        inline; vector art as its paths), placed over the image's box."""
        d, picture = self.drawing, image.picture
        if picture.name not in self.pictures:
            self.pictures.add(picture.name)
            if isinstance(picture, RasterPicture):
                data = base64.b64encode(picture.data).decode("ascii")
                definition = d.image(
                    href=f"data:image/{picture.kind};base64,{data}",
                    insert=(0, 0),
                    size=(1, 1),
                    preserveAspectRatio="none",
                    id=picture.name,
                )
            else:
                definition = d.g(id=picture.name)
                for child in picture.items:
                    self.draw(definition, child)
            d.defs.add(definition)
        if isinstance(picture, RasterPicture):  # its unit box runs down from the top
            move = f"translate({image.x:.3f} {image.y + image.h:.3f}) scale({image.w:.3f} {-image.h:.3f})"
        else:
            scale = (image.w / picture.width, image.h / picture.height)
            move = f"translate({image.x:.3f} {image.y:.3f}) scale({scale[0]:.6g} {scale[1]:.6g})"
        placed = d.use(f"#{picture.name}", transform=move)
        if image.clip:
            holder = d.g(clip_path=self.clip(image.clip))
            holder.add(placed)
            parent.add(holder)
        else:
            parent.add(placed)

    def draw(self, parent: SvgGroup, item: Item) -> None:
        d = self.drawing
        if isinstance(item, Use):
            parent.add(_Made(_placed(item.symbol, item.x, item.y, self.alts.get(item.symbol))))
        elif isinstance(item, Path | Rect | Line):
            parent.add(_Made(_shape(item)))
        elif isinstance(item, Text):
            if not item.unseen_width:  # unseen words label their icon instead
                parent.add(self._text(item))
        elif isinstance(item, Group):
            group = d.g()
            transform = f"translate({item.dx:.3f} {item.dy:.3f})"
            if item.angle:
                transform += f" rotate({item.angle:g})"
            if item.scale != 1.0:
                transform += f" scale({item.scale:g})"
            group["transform"] = transform
            if item.opacity < 1:
                group["opacity"] = f"{item.opacity:.3f}".rstrip("0").rstrip(".")
            _aria(group, item, self.in_head)
            target = group
            if item.clip:
                target = d.g(clip_path=self.clip(item.clip))
                group.add(target)
            outer = self.in_head
            self.in_head = item.role == "THead" or (outer and item.role not in ("TBody", "Table"))
            for child in item.items:
                self.draw(target, child)
            self.in_head = outer
            parent.add(group)
        elif isinstance(item, Image):
            self.picture(parent, item)
        elif isinstance(item, Artifact):
            hidden = d.g(aria_hidden="true")
            for child in item.items:
                self.draw(hidden, child)
            parent.add(hidden)


def _drawing(page: Page) -> svgwrite.Drawing:
    """An empty drawing at the page's true size: width and height in mm, viewBox in points."""
    mm = POINTS_PER_UNIT["mm"]
    return svgwrite.Drawing(
        size=(f"{page.width / mm:.3f}mm", f"{page.height / mm:.3f}mm"),
        viewBox=f"0 0 {page.width:.3f} {page.height:.3f}",
        profile="full",
        debug=False,
    )


def _xml(drawing: svgwrite.Drawing) -> str:
    """The drawing as text, as its `tostring` makes it, serialized to a string directly
    rather than to UTF-8 bytes decoded again (each of a page's many writes encoded)."""
    return ET.tostring(drawing.get_xml(), encoding="unicode")


def cut_svg(page: Page) -> str:
    """Only the page's cut outlines, one closed path per card, for a cutting machine."""
    drawing = _drawing(page)
    renderer = _Renderer(drawing)
    root = drawing.g(transform=f"matrix(1 0 0 -1 0 {page.height:.3f})")
    for path in page.cuts:
        renderer.draw(root, path)
    drawing.add(root)
    return _xml(drawing)


def page_svg(document: Document, page: Page) -> str:
    """One page as an SVG document whose width and height are the page's, in millimetres."""
    drawing = _drawing(page)
    if document.lang:
        drawing["lang"] = document.lang
    renderer = _Renderer(drawing)
    used = symbols_used(page.items)
    pending = sorted(used)
    while pending:  # a symbol may place others (a task card shows small number cards)
        inner = symbols_used(document.symbols[pending.pop()].items) - used
        used |= inner
        pending += sorted(inner)
    for name in sorted(used):
        symbol = document.symbols[name]
        definition = drawing.symbol(id=name)
        for item in symbol.items:
            renderer.draw(definition, item)
        drawing.defs.add(definition)
    root = drawing.g(transform=f"matrix(1 0 0 -1 0 {page.height:.3f})")
    # On the page itself, a card placed is a picture of what it shows.
    renderer.alts = {name: symbol.alt for name, symbol in document.symbols.items() if symbol.alt}
    for item in page.items:
        renderer.draw(root, item)
    drawing.add(root)
    return _xml(drawing)
