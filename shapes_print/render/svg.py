"""SVG backend (svgwrite): the same plan as the PDF, one file per page, true size in mm.

The plan's y axis points up (PDF); SVG's points down. One flip on the page group converts
it, and each text run flips back locally so letters stand upright.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

import svgwrite
from svgwrite.container import Group as SvgGroup

from shapes_print.fonts import font_named
from shapes_print.primitives import (
    Artifact,
    Document,
    Group,
    Item,
    Line,
    Page,
    Paint,
    Path,
    PathOp,
    Rect,
    Text,
    Use,
    symbols_used,
)
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
}
_HEADS = {True: "columnheader", False: "rowheader"}


def _d(ops: Iterable[PathOp]) -> str:
    parts = []
    for op in ops:
        parts.append(op[0] + " " + " ".join(f"{value:.3f}" for value in op[1:]))
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


@cache
def _font(name: str) -> tuple[str, str]:
    """CSS family and weight of a font the plan names by its loaded name."""
    try:
        metrics = font_named(name).metrics
    except KeyError:
        return "sans-serif", "normal"
    return metrics.family, "bold" if metrics.bold else "normal"


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
    elif tag in _ARIA:
        group["role"] = _ARIA[tag]
    if item.alt:
        group["aria-label"] = item.alt
    if item.lang:
        group["lang"] = item.lang


class _Renderer:
    def __init__(self, drawing: svgwrite.Drawing) -> None:
        self.drawing = drawing
        self.alts: dict[str, str] = {}  # what each symbol placed on the page shows (a card)
        self.clips = 0
        self.in_head = False  # drawing a table's header rows

    def draw(self, parent: SvgGroup, item: Item) -> None:
        d = self.drawing
        if isinstance(item, Use):
            placed = d.use(f"#{item.symbol}", insert=(round(item.x, 3), round(item.y, 3)))
            alt = self.alts.get(item.symbol)
            if alt:
                placed["role"], placed["aria-label"] = "img", alt
            parent.add(placed)
        elif isinstance(item, Path):
            parent.add(d.path(d=_d(item.ops), **_paint_attrs(item.paint)))
        elif isinstance(item, Rect):
            parent.add(
                d.rect(
                    insert=(round(item.x, 3), round(item.y, 3)),
                    size=(round(item.w, 3), round(item.h, 3)),
                    rx=round(item.radius, 3) or None,
                    **_paint_attrs(item.paint),
                )
            )
        elif isinstance(item, Line):
            parent.add(
                d.line(
                    (round(item.x1, 3), round(item.y1, 3)),
                    (round(item.x2, 3), round(item.y2, 3)),
                    stroke=item.colour.hex,
                    stroke_width=round(item.width, 3),
                )
            )
        elif isinstance(item, Text):
            family, weight = _font(item.font)
            text = d.text(
                item.text,
                insert=(0, 0),
                font_size=round(item.size, 3),
                font_family=family,
                font_weight=weight,
                fill=item.colour.hex,
                text_anchor=_ANCHOR[item.anchor],
            )
            text["transform"] = f"translate({item.x:.3f} {item.y:.3f}) scale(1 -1)"
            parent.add(text)
        elif isinstance(item, Group):
            group = d.g()
            transform = f"translate({item.dx:.3f} {item.dy:.3f})"
            if item.angle:
                transform += f" rotate({item.angle:g})"
            if item.scale != 1.0:
                transform += f" scale({item.scale:g})"
            group["transform"] = transform
            _aria(group, item, self.in_head)
            target = group
            if item.clip:
                self.clips += 1
                clip = d.defs.add(d.clipPath(id=f"clip{self.clips}"))
                clip.add(d.path(d=_d(item.clip), clip_rule="evenodd"))
                target = d.g(clip_path=f"url(#clip{self.clips})")
                group.add(target)
            outer = self.in_head
            self.in_head = item.role == "THead" or (outer and item.role not in ("TBody", "Table"))
            for child in item.items:
                self.draw(target, child)
            self.in_head = outer
            parent.add(group)
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


def cut_svg(page: Page) -> str:
    """Only the page's cut outlines, one closed path per card, for a cutting machine."""
    drawing = _drawing(page)
    renderer = _Renderer(drawing)
    root = drawing.g(transform=f"matrix(1 0 0 -1 0 {page.height:.3f})")
    for path in page.cuts:
        renderer.draw(root, path)
    drawing.add(root)
    return drawing.tostring()


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
    return drawing.tostring()
