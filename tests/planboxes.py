"""Where a planned page's items stand, read off the plan (no PDF is rendered): each drawn
item's box on the page, groups moved, turned and scaled as a renderer draws them, a text's
box from its font's widths, a placed card's from its symbol, a clipped group's (a card's
overrun past the grid) from its clip."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from math import cos, radians, sin

from shapes_print.geometry.primitives import (
    Artifact,
    Group,
    Item,
    Line,
    Page,
    Rect,
    Symbol,
    Text,
    Use,
)
from shapes_print.load.defaults import DEFAULT_LABELS
from shapes_print.load.labels import shipped
from shapes_print.pipeline import pipeline
from shapes_print.text.fonts import Font, font_named
from tests.planfill import CAP, DESCENT

Box = tuple[float, float, float, float]  # left, bottom, right, top
Matrix = tuple[float, float, float, float, float, float]  # a, b, c, d, e, f as PDF's cm
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
SHARE = {"start": 0.0, "middle": 0.5, "end": 1.0}  # how much of a text stands left of x


def leaf_boxes(
    item: Item, symbols: Mapping[str, Symbol], m: Matrix = IDENTITY
) -> Iterator[tuple[Item, Box]]:
    """Each text, line, rectangle and placed symbol an item draws, with its box on the page;
    a clipped group as itself, with its clip's box."""
    if isinstance(item, Artifact):
        for inner in item.items:
            yield from leaf_boxes(inner, symbols, m)
    elif isinstance(item, Group):
        inner_m = _times(m, item)
        if item.clip:
            yield item, _box(inner_m, [(op[1], op[2]) for op in item.clip if len(op) > 2])
        else:
            for inner in item.items:
                yield from leaf_boxes(inner, symbols, inner_m)
    elif isinstance(item, Text):
        width = _font(item.font).width(item.text, item.size)
        left = item.x - width * SHARE[item.anchor]
        low, high = item.y - item.size * DESCENT, item.y + item.size * CAP
        yield item, _box(m, [(left, low), (left + width, high)])
    elif isinstance(item, Use):
        symbol = symbols[item.symbol]
        yield item, _box(m, [(item.x, item.y), (item.x + symbol.width, item.y + symbol.height)])
    elif isinstance(item, Line):
        yield item, _box(m, [(item.x1, item.y1), (item.x2, item.y2)])
    elif isinstance(item, Rect):
        yield item, _box(m, [(item.x, item.y), (item.x + item.w, item.y + item.h)])


def overlap(p: Box, q: Box, gap: float = 0.0) -> bool:
    """Whether two boxes come closer than `gap` (they touch or cross at 0)."""
    return p[0] < q[2] + gap and q[0] < p[2] + gap and p[1] < q[3] + gap and q[1] < p[3] + gap


def union(boxes: list[Box]) -> Box:
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )


def _times(m: Matrix, group: Group) -> Matrix:
    """The group's own placement (moved, turned, scaled: x' = dx + k(c x - s y)) inside m."""
    a, b, c, d, e, f = m
    k = group.scale
    cs, sn = k * cos(radians(group.angle)), k * sin(radians(group.angle))
    return (
        a * cs + c * sn,
        b * cs + d * sn,
        c * cs - a * sn,
        d * cs - b * sn,
        a * group.dx + c * group.dy + e,
        b * group.dx + d * group.dy + f,
    )


def _box(m: Matrix, points: list[tuple[float, float]]) -> Box:
    a, b, c, d, e, f = m
    xs = [a * x + c * y + e for x, y in points]
    ys = [b * x + d * y + f for x, y in points]
    return min(xs), min(ys), max(xs), max(ys)


def cut_marks(page: Page) -> list[Line]:
    """A card sheet's cut marks: the lines of its layout artifacts' groups (a fold line is
    a path, a trim line a rectangle)."""
    return [
        line
        for item in page.items
        if isinstance(item, Artifact) and item.kind == "Layout"
        for group in item.items
        if isinstance(group, Group)
        for line in group.items
        if isinstance(line, Line)
    ]


def _font(name: str) -> Font:
    """A planned text's font by its name. A worker that read its plans from another's file
    (tests/conftest.py's `shared`) loaded no fonts: it loads every shipped set's first."""
    try:
        return font_named(name)
    except KeyError:
        pipeline.load_project(pipeline.Sources(), [], list(shipped(DEFAULT_LABELS)))
        return font_named(name)


def texts(items: Iterable[Item]) -> Iterator[Text]:
    """Every text among items, inside groups and artifacts too, in drawing order."""
    for item in items:
        if isinstance(item, Group | Artifact):
            yield from texts(item.items)
        elif isinstance(item, Text):
            yield item
