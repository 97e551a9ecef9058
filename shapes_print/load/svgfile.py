"""SVG files as an editor saves them, read into the plan's own paths (so the art stays vector).

The subset read: `<svg>` with its `viewBox` (or `width` and `height`); `<g>`, `<path>`,
`<rect>` (with `rx`/`ry`), `<circle>`, `<ellipse>`, `<line>`, `<polyline>`, `<polygon>`;
`transform` (matrix, translate, scale, rotate, skewX, skewY) on any of them; `fill`,
`stroke`, `stroke-width` and `display="none"` as attributes, in `.class` rules of a
`<style>` element (as Illustrator writes them) or in `style`, inherited from groups;
colours as `#rgb`, `#rrggbb`, `rgb(r, g, b)`, `none` and the basic named colours. What an editor keeps for itself (`<defs>`, `<metadata>`, `<title>`, Inkscape's
and Sodipodi's own elements) is skipped. What would print otherwise than it looks is
refused with its element named: text (convert it to paths), embedded pictures, `<use>`,
gradients and patterns, opacity below 1. Fills are even-odd, as every fill of the plan.

The result is in the SVG's own units, y pointing up from the bottom of its view box.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterator
from pathlib import Path as FilePath
from typing import cast

from msgspec import Struct

from shapes_print.geometry.outlines import ellipse_ops
from shapes_print.geometry.primitives import RGB, Paint, Path, PathOp
from shapes_print.geometry.svgpath import NUMBER, PathSyntaxError, bounded, parse_svg_path
from shapes_print.inputs import read_input
from shapes_print.limits import MAX_SVG_BYTES, MAX_SVG_DEPTH, MAX_SVG_ELEMENTS, MAX_SVG_NUMBER

Matrix = tuple[float, float, float, float, float, float]  # a b c d e f, as SVG writes it
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
_SVG_NAMESPACE = "http://www.w3.org/2000/svg"
_SKIPPED = {"defs", "metadata", "title", "desc", "namedview", "style", "clipPath", "mask"}
_REFUSED = {
    "text": "convert text to paths in your editor (Inkscape: Path > Object to Path)",
    "image": "a picture inside an SVG is not read: use it as its own image element",
    "use": "unlink clones in your editor (Inkscape: Edit > Clone > Unlink Clone)",
    "foreignObject": "it holds no drawing",
    "symbol": "unlink clones in your editor (Inkscape: Edit > Clone > Unlink Clone)",
}
_NAMED = {
    "black": "#000000",
    "white": "#ffffff",
    "red": "#ff0000",
    "green": "#008000",
    "blue": "#0000ff",
    "yellow": "#ffff00",
    "gray": "#808080",
    "grey": "#808080",
    "orange": "#ffa500",
    "purple": "#800080",
    "currentcolor": "#000000",
}
_TRANSFORMS = ("matrix", "translate", "scale", "rotate", "skewX", "skewY")
_CLASS = re.compile(r"\.[\w-]++")
_INHERITED = ("fill", "stroke", "stroke-width")


class SvgError(ValueError):
    """An SVG file this reader cannot draw faithfully, and why."""


class VectorArt(Struct, frozen=True):
    """An SVG's drawing in its own units: `width` x `height`, y up from the bottom."""

    width: float
    height: float
    paths: tuple[Path, ...]


def _namespace(tag: str) -> str:
    return tag[1:].split("}", 1)[0] if tag.startswith("{") else ""


def _local(tag: str) -> str:
    """An element's name without its XML namespace."""
    return tag.rsplit("}", 1)[-1]


def _numbers(text: str) -> list[float]:
    return [_bounded(float(n), n) for n in NUMBER.findall(text)]


def _bounded(value: float, text: str) -> float:
    if not bounded(value):
        raise SvgError(
            f"number {text[:20]} is out of range (at most {MAX_SVG_NUMBER:g} either way)"
        )
    return value


def _length(text: str | None, default: float = 0.0) -> float:
    """An SVG length in user units (px, or none); a unit we cannot know is refused."""
    if text is None or not text.strip():
        return default
    number = text.strip().removesuffix("px").rstrip()
    if not NUMBER.fullmatch(number):
        raise SvgError(f"length {text[:40]!r} is not a number of user units")
    return _bounded(float(number), number)


def _multiply(outer: Matrix, inner: Matrix) -> Matrix:
    a, b, c, d, e, f = outer
    a2, b2, c2, d2, e2, f2 = inner
    return (
        a * a2 + c * b2,
        b * a2 + d * b2,
        a * c2 + c * d2,
        b * c2 + d * d2,
        a * e2 + c * f2 + e,
        b * e2 + d * f2 + f,
    )


def _transform_steps(text: str) -> Iterator[tuple[str, str]]:
    """A transform list's `name(arguments)` steps, read once from left to right."""
    at = 0
    while True:
        while at < len(text) and (text[at].isspace() or text[at] == ","):
            at += 1
        if at >= len(text):
            return
        opening, closing = text.find("(", at), text.find(")", at)
        name = text[at:opening].strip() if opening >= 0 else ""
        if name not in _TRANSFORMS or closing < opening:
            raise SvgError(f"transform {text[at : at + 40]!r} is not read")
        yield name, text[opening + 1 : closing]
        at = closing + 1


def parse_transform(text: str) -> Matrix:
    """An SVG transform list as one matrix (the leftmost applied last)."""
    matrix = IDENTITY
    for name, arguments in _transform_steps(text):
        values = _numbers(arguments)
        if name == "matrix" and len(values) == 6:
            step: Matrix = tuple(values)  # type: ignore[assignment]
        elif name == "translate" and values:
            step = (1, 0, 0, 1, values[0], values[1] if len(values) > 1 else 0)
        elif name == "scale" and values:
            step = (values[0], 0, 0, values[1] if len(values) > 1 else values[0], 0, 0)
        elif name == "rotate" and values:
            t = math.radians(values[0])
            step = (math.cos(t), math.sin(t), -math.sin(t), math.cos(t), 0, 0)
            if len(values) == 3:
                cx, cy = values[1], values[2]
                step = _multiply(_multiply((1, 0, 0, 1, cx, cy), step), (1, 0, 0, 1, -cx, -cy))
        elif name == "skewX" and values:
            step = (1, 0, math.tan(math.radians(values[0])), 1, 0, 0)
        elif name == "skewY" and values:
            step = (1, math.tan(math.radians(values[0])), 0, 1, 0, 0)
        else:
            raise SvgError(f"transform {name}({arguments.strip()}) has the wrong numbers")
        matrix = _multiply(matrix, step)
    return matrix


def _colour(value: str) -> RGB | None:
    value = value.strip()
    lowered = value.lower()
    if lowered in ("none", "transparent"):
        return None
    if lowered.startswith("url("):
        raise SvgError(f"fill {value!r}: gradients and patterns are not read; use flat colours")
    value = _NAMED.get(lowered, value)
    if re.fullmatch(r"#[0-9a-fA-F]{3}", value):
        value = "#" + "".join(ch * 2 for ch in value[1:])
    if re.fullmatch(r"#[0-9a-fA-F]{6}", value):
        return RGB.parse(value)
    found = re.fullmatch(r"rgb\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*\)", lowered)
    if found:
        red, green, blue = (min(255, int(v)) for v in found.groups())
        return RGB(red, green, blue)
    raise SvgError(f"colour {value!r} is not read; write it as #rrggbb")


def _declarations(text: str) -> dict[str, str]:
    found = {}
    for declaration in text.split(";"):
        key, _, value = declaration.partition(":")
        if value.strip():
            found[key.strip()] = value.strip()
    return found


def _class_rules(root: ElementTree.Element) -> dict[str, dict[str, str]]:
    """`.name { ... }` rules of the file's <style> elements (as Illustrator writes its
    colours), by class name; a rule for anything but classes is refused."""
    rules: dict[str, dict[str, str]] = {}
    for element in root.iter():
        if not isinstance(element.tag, str) or _local(element.tag) != "style":
            continue
        for selectors, body in _rules(_uncommented(element.text or "")):
            for selector in selectors.split(","):
                name = selector.strip()
                if not _CLASS.fullmatch(name):
                    raise SvgError(f"style rule {name[:40]!r} is not read: only .class rules are")
                rules.setdefault(name[1:], {}).update(_declarations(body))
    return rules


def _uncommented(text: str) -> str:
    """A style sheet without its `/* ... */` comments, read once from left to right."""
    kept, at = [], 0
    while (start := text.find("/*", at)) >= 0:
        end = text.find("*/", start + 2)
        if end < 0:
            raise SvgError("a comment in a <style> is not closed (*/)")
        kept.append(text[at:start])
        at = end + 2
    kept.append(text[at:])
    return "".join(kept)


def _rules(text: str) -> Iterator[tuple[str, str]]:
    """A style sheet's `selectors { body }` rules, read once from left to right."""
    at = 0
    while (opening := text.find("{", at)) >= 0:
        closing = text.find("}", opening)
        if closing < 0:
            raise SvgError("a rule in a <style> is not closed (})")
        yield text[at:opening], text[opening + 1 : closing]
        at = closing + 1
    if text[at:].strip():
        raise SvgError(f"style {text[at : at + 40].strip()!r} is not a .class {{ ... }} rule")


def _style(element: ElementTree.Element, classes: dict[str, dict[str, str]]) -> dict[str, str]:
    """Presentation attributes, then class rules, then `style` declarations over them, as
    CSS ranks them."""
    found = {k: v for k, v in element.attrib.items() if _local(k) == k}
    for name in element.attrib.get("class", "").split():
        found.update(classes.get(name, {}))
    found.update(_declarations(element.attrib.get("style", "")))
    for key in ("opacity", "fill-opacity", "stroke-opacity"):
        if key in found and _opacity(found[key]) < 1:
            raise SvgError(f"{key} {found[key]} is not read: flatten the transparency first")
    return found


def _opacity(text: str) -> float:
    value = text.strip()
    try:
        return float(value[:-1]) / 100 if value.endswith("%") else float(value)
    except ValueError:
        raise SvgError(f"opacity {text!r} is not a number") from None


def _outline(element: ElementTree.Element, kind: str) -> tuple[PathOp, ...]:
    """One drawing element as path operations in its own coordinates, y down."""
    get = element.attrib.get
    if kind == "path":
        return parse_svg_path(get("d", ""), close=False)
    if kind == "rect":
        x, y = _length(get("x")), _length(get("y"))
        w, h = _length(get("width")), _length(get("height"))
        if w <= 0 or h <= 0:
            return ()
        rx_value = _length(get("rx", get("ry")))  # either radius stands for both if alone
        ry_value = _length(get("ry", get("rx")))
        rx_value, ry_value = min(rx_value, w / 2), min(ry_value, h / 2)
        if rx_value <= 0 or ry_value <= 0:
            return (("M", x, y), ("L", x + w, y), ("L", x + w, y + h), ("L", x, y + h), ("Z",))
        corner = f"a {rx_value} {ry_value} 0 0 1"
        return parse_svg_path(
            f"M {x + rx_value} {y} H {x + w - rx_value} {corner} {rx_value} {ry_value} "
            f"V {y + h - ry_value} {corner} {-rx_value} {ry_value} H {x + rx_value} "
            f"{corner} {-rx_value} {-ry_value} V {y + ry_value} {corner} {rx_value} {-ry_value} Z"
        )
    if kind in ("circle", "ellipse"):
        cx, cy = _length(get("cx")), _length(get("cy"))
        rx = _length(get("r")) if kind == "circle" else _length(get("rx"))
        ry = _length(get("r")) if kind == "circle" else _length(get("ry"))
        return tuple(ellipse_ops(cx, cy, rx, ry)) if rx > 0 and ry > 0 else ()
    if kind == "line":
        x1, y1, x2, y2 = (_length(get(k)) for k in ("x1", "y1", "x2", "y2"))
        return (("M", x1, y1), ("L", x2, y2))
    values = _numbers(get("points", ""))  # polyline, polygon
    if len(values) < 4:
        return ()
    points = list(zip(values[0::2], values[1::2], strict=False))
    ops: list[PathOp] = [("M", *points[0]), *(("L", x, y) for x, y in points[1:])]
    return (*ops, ("Z",)) if kind == "polygon" else tuple(ops)


_DRAWN = {"path", "rect", "circle", "ellipse", "line", "polyline", "polygon"}


def _walk(
    element: ElementTree.Element,
    matrix: Matrix,
    inherited: dict[str, str],
    classes: dict[str, dict[str, str]],
) -> Iterator[tuple[tuple[PathOp, ...], Matrix, dict[str, str]]]:
    for child in element:
        if not isinstance(child.tag, str):
            continue  # a comment or processing instruction
        kind = _local(child.tag)
        if kind in _REFUSED:
            raise SvgError(f"<{kind}> is not drawn: {_REFUSED[kind]}")
        if kind in _SKIPPED or _namespace(child.tag) not in ("", _SVG_NAMESPACE):
            continue  # an editor's own element (Inkscape, Sodipodi), or one it keeps aside
        style = _style(child, classes)
        if style.get("display") == "none" or style.get("visibility") == "hidden":
            continue
        own = {**inherited, **{k: v for k, v in style.items() if k in _INHERITED}}
        placed = _multiply(matrix, parse_transform(child.attrib.get("transform", "")))
        if kind in ("g", "a", "switch"):
            yield from _walk(child, placed, own, classes)
        elif kind in _DRAWN:
            yield _outline(child, kind), placed, own
        elif kind in ("linearGradient", "radialGradient", "pattern"):
            continue  # only a fill that names one is refused
        else:
            raise SvgError(f"<{kind}> is not read (read: g, {', '.join(sorted(_DRAWN))})")


def _moved(ops: tuple[PathOp, ...], matrix: Matrix, height: float) -> tuple[PathOp, ...]:
    """Operations through the matrix, then flipped so y points up from the bottom."""
    a, b, c, d, e, f = matrix
    moved: list[PathOp] = []
    for op in ops:
        values: list[float] = []
        for x, y in zip(op[1:][::2], op[1:][1::2], strict=True):
            values += [a * x + c * y + e, height - (b * x + d * y + f)]
        if not all(map(bounded, values)):  # transforms that multiply past any page
            raise SvgError(f"a shape is drawn out of range (past {MAX_SVG_NUMBER:g} units)")
        moved.append((op[0], *values))
    return tuple(moved)


def read_svg(path: FilePath) -> VectorArt:
    """An SVG file's drawing (read as an input, within its size limit), or SvgError saying
    what it holds that cannot be drawn."""
    return svg_art(read_input(path, MAX_SVG_BYTES).data)


def _parsed(data: bytes) -> ElementTree.Element:
    """The file's elements, refused past MAX_SVG_DEPTH levels or MAX_SVG_ELEMENTS elements
    (counted as the parser meets them), so no walk of the tree can run out of stack."""
    if b"<!ENTITY" in data:
        raise SvgError("defines XML entities, which an SVG of drawings does not need")
    parser: ElementTree.XMLPullParser = ElementTree.XMLPullParser(events=("start", "end"))
    depth = count = 0
    root: ElementTree.Element | None = None
    try:
        parser.feed(data)
        parser.close()
        for event, element in cast(Iterator[tuple[str, ElementTree.Element]], parser.read_events()):
            if event == "end":
                depth -= 1
                continue
            root = element if root is None else root
            depth, count = depth + 1, count + 1
            if depth > MAX_SVG_DEPTH:
                raise SvgError(f"nests elements deeper than {MAX_SVG_DEPTH} levels")
            if count > MAX_SVG_ELEMENTS:
                raise SvgError(f"holds more than {MAX_SVG_ELEMENTS:,} elements")
    except ElementTree.ParseError as error:
        raise SvgError(f"is not XML: {error}") from None
    if root is None:
        raise SvgError("is not XML: no element found")
    return root


def svg_art(data: bytes) -> VectorArt:
    """An SVG file's drawing from its bytes, or SvgError saying what cannot be drawn."""
    root = _parsed(data)
    if _local(root.tag) != "svg":
        raise SvgError(f"its root is <{_local(root.tag)}>, not <svg>")
    box = _numbers(root.attrib.get("viewBox", ""))
    if len(box) == 4:
        left, top, width, height = box
    else:
        left = top = 0.0
        width, height = _length(root.attrib.get("width")), _length(root.attrib.get("height"))
    if width <= 0 or height <= 0:
        raise SvgError("has no size: give the <svg> a viewBox or a width and height")
    start = (1.0, 0.0, 0.0, 1.0, -left, -top)
    paths = []
    try:
        for ops, matrix, style in _walk(root, start, {"fill": "#000000"}, _class_rules(root)):
            if not ops:
                continue
            fill = _colour(style.get("fill", "#000000"))
            stroke = _colour(style.get("stroke", "none"))
            scale = math.sqrt(abs(matrix[0] * matrix[3] - matrix[1] * matrix[2]))
            width_given = _length(style.get("stroke-width"), 1.0) * scale
            if fill is None and stroke is None:
                continue
            if fill is not None and stroke is None and ops[-1][0] != "Z":
                ops = (*ops, ("Z",))
            paint = Paint(fill=fill, stroke=stroke, stroke_width=width_given if stroke else 0.0)
            paths.append(Path(_moved(ops, matrix, height), paint))
    except PathSyntaxError as error:
        raise SvgError(f"path data: {error}") from None
    return VectorArt(width, height, tuple(paths))
