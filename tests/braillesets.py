"""What the braille tests share (tests/braille/test_braille_*.py, test_own_layouts.py): the
shipped games they build, the blank braille cell, points to the millimetre, and the boxes a
card's ink covers.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator

from shapes_print.geometry.primitives import (
    BLACK,
    WHITE,
    Artifact,
    Group,
    Item,
    Line,
    Paint,
    Rect,
    Text,
)
from shapes_print.geometry.primitives import Path as Drawn

MM = 72 / 25.4

BLANK = "\u2800"

GAMES = ("pass-and-pick", "shapes-the-game", "collect-3")

# ---- the dots on the cards --------------------------------------------------------------


def _points(item: Item) -> Iterator[tuple[float, float]]:
    """Corners of what an item inks, in its own coordinates (text: a generous box)."""
    if isinstance(item, Rect):
        yield from ((item.x, item.y), (item.x + item.w, item.y + item.h))
    elif isinstance(item, Drawn):
        for op in item.ops:
            coords = [float(v) for v in op[1:]]
            yield from zip(coords[::2], coords[1::2], strict=True)
    elif isinstance(item, Line):
        yield from ((item.x1, item.y1), (item.x2, item.y2))
    elif isinstance(item, Text):
        width = 0.65 * item.size * len(item.text)
        left = {"start": 0.0, "middle": -width / 2, "end": -width}[item.anchor] + item.x
        yield from ((left, item.y - 0.25 * item.size), (left + width, item.y + 0.8 * item.size))


def _inked(item: Item) -> bool:
    paint = getattr(item, "paint", None)
    if paint is not None:
        return (paint.fill not in (None, WHITE)) or bool(paint.stroke and paint.stroke_width)
    return getattr(item, "colour", None) != WHITE


def ink_boxes(items: Iterable[Item], depth: int = 0) -> Iterator[tuple[float, float, float, float]]:
    """The bounding box of every inked primitive, in the symbol's coordinates."""
    for item in items:
        if isinstance(item, Group | Artifact):
            inner = list(ink_boxes(item.items, depth + 1))
            if isinstance(item, Group) and item.clip:  # nothing shows outside the clip
                cx0, cy0, cx1, cy1 = next(ink_boxes([Drawn(item.clip, Paint(fill=BLACK))]))
                inner = [
                    (max(x0, cx0), max(y0, cy0), min(x1, cx1), min(y1, cy1))
                    for x0, y0, x1, y1 in inner
                    if x0 < cx1 and x1 > cx0 and y0 < cy1 and y1 > cy0
                ]
            if isinstance(item, Group):
                turn = math.radians(item.angle)
                moved = []
                for x0, y0, x1, y1 in inner:
                    corners = [(x, y) for x in (x0, x1) for y in (y0, y1)]
                    pts = [
                        (
                            item.scale * (x * math.cos(turn) - y * math.sin(turn)) + item.dx,
                            item.scale * (x * math.sin(turn) + y * math.cos(turn)) + item.dy,
                        )
                        for x, y in corners
                    ]
                    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
                    moved.append((min(xs), min(ys), max(xs), max(ys)))
                inner = moved
            yield from inner
        elif isinstance(item, Rect) and item.paint.fill is None and _inked(item):
            # a stroked frame (a swell-paper card's edge) inks its four sides, not inside
            half = item.paint.stroke_width / 2
            left, bottom, right, top = item.x, item.y, item.x + item.w, item.y + item.h
            yield (left - half, bottom - half, right + half, bottom + half)
            yield (left - half, top - half, right + half, top + half)
            yield (left - half, bottom - half, left + half, top + half)
            yield (right - half, bottom - half, right + half, top + half)
        elif _inked(item):
            pts = list(_points(item))
            if pts:
                xs, ys = [p[0] for p in pts], [p[1] for p in pts]
                yield (min(xs), min(ys), max(xs), max(ys))
