"""Outlines as path operations: circles, ellipses, rounded rectangles, regular polygons and
stars, the extent of an outline, and the lines and dots a fill pattern is made of. Plain geometry in points (or the unit square), no I/O."""

from __future__ import annotations

import math
from functools import lru_cache

from shapes_print.geometry.primitives import Colour, Paint, Path, PathOp

Box = tuple[float, float, float, float]

KAPPA = 0.5522847498  # control distance of a quarter circle drawn as one cubic Bézier


def rounded_rect_ops(x: float, y: float, w: float, h: float, r: float) -> tuple[PathOp, ...]:
    """A closed rectangle from its lower-left corner with quarter-circle corners of radius `r`
    (clamped to half the shorter side; 0 gives square corners)."""
    r = min(r, w / 2, h / 2)
    if r <= 0:
        return (("M", x, y), ("L", x + w, y), ("L", x + w, y + h), ("L", x, y + h), ("Z",))
    k = r * (1 - KAPPA)
    x1, y1 = x + w, y + h
    return (
        ("M", x + r, y), ("L", x1 - r, y), ("C", x1 - k, y, x1, y + k, x1, y + r),
        ("L", x1, y1 - r), ("C", x1, y1 - k, x1 - k, y1, x1 - r, y1),
        ("L", x + r, y1), ("C", x + k, y1, x, y1 - k, x, y1 - r),
        ("L", x, y + r), ("C", x, y + k, x + k, y, x + r, y), ("Z",),
    )  # fmt: skip


def ellipse_ops(cx: float, cy: float, rx: float, ry: float) -> list[PathOp]:
    """A closed ellipse as four cubics, anticlockwise from its rightmost point."""
    kx, ky = rx * KAPPA, ry * KAPPA
    return [
        ("M", cx + rx, cy),
        ("C", cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry),
        ("C", cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy),
        ("C", cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry),
        ("C", cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy),
        ("Z",),
    ]


def radial_ops(count: int, radii: tuple[float, ...], rotation: float) -> tuple[PathOp, ...]:
    """Corners around a centre, first straight up, alternating `radii`; then fitted to the
    square, since a vertex-up triangle or star inscribed in the circle would sit low."""
    step, turn = 2 * math.pi / count, math.pi / 2 + math.radians(rotation)
    pts = [
        (
            radii[k % len(radii)] * math.cos(turn + k * step),
            radii[k % len(radii)] * math.sin(turn + k * step),
        )
        for k in range(count)
    ]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    scale = 1 / max(max(xs) - min(xs), max(ys) - min(ys))
    ox, oy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    fitted = [(0.5 + (x - ox) * scale, 0.5 + (y - oy) * scale) for x, y in pts]
    return (("M", *fitted[0]), *(("L", x, y) for x, y in fitted[1:]), ("Z",))


def fitted_to_square(ops: tuple[PathOp, ...], view_box: tuple[float, ...]) -> tuple[PathOp, ...]:
    """Operations written in a view box (y down) in the unit square (y up): the box's
    longer side fills the square, the shorter one is centred."""
    left, top, width, height = view_box
    side = max(width, height)
    dx, dy = (side - width) / 2 - left, (side - height) / 2 - top
    return tuple(
        (
            op[0],
            *((v + dx) / side if i % 2 == 0 else 1 - (v + dy) / side for i, v in enumerate(op[1:])),
        )
        for op in ops
    )


def arrow_ops(width: float, height: float, rightwards: bool) -> tuple[PathOp, ...]:
    """A block arrow 80% of `width` long, centred in it, its head as long as the arrow is
    high and its shaft 40% as thick, hanging below y = 0 (a block is drawn downwards)."""
    length = width * 0.8
    head, shaft, x0 = height, height * 0.4, (width - length) / 2
    points = [
        (0, height / 2),
        (head, height),
        (head, height / 2 + shaft / 2),
        (length, height / 2 + shaft / 2),
        (length, height / 2 - shaft / 2),
        (head, height / 2 - shaft / 2),
        (head, 0),
    ]
    if rightwards:
        points = [(length - x, y) for x, y in points]
    return (
        ("M", x0 + points[0][0], points[0][1] - height),
        *(("L", x0 + x, y - height) for x, y in points[1:]),
        ("Z",),
    )


def extent(ops: tuple[PathOp, ...]) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) of all points, control points included: a curve never leaves it."""
    coords = [v for op in ops for v in op[1:]]
    xs, ys = coords[0::2], coords[1::2]
    return min(xs), min(ys), max(xs), max(ys)


def hatch_lines(box: Box, spacing: float, angle: float, width: float, colour: Colour) -> Path:
    """Parallel lines through the origin + (k + 1/2) spacings, long enough to cross the box.

    Anchored at the drawing's origin, not the box: a card's background drawn with a bleed
    (a larger box) has its lines where the card's own has them, so an overrun past the
    card continues its pattern without a seam."""
    x, y, w, h = box
    t = math.radians(angle)
    dx, dy, nx, ny = math.cos(t), math.sin(t), -math.sin(t), math.cos(t)
    corners = ((x, y), (x + w, y), (x, y + h), (x + w, y + h))
    across = [cx * nx + cy * ny for cx, cy in corners]
    along = [cx * dx + cy * dy for cx, cy in corners]
    lo, hi = min(along) - width, max(along) + width
    ops: list[PathOp] = []
    first, last = math.floor(min(across) / spacing), math.ceil(max(across) / spacing)
    for k in range(first - 1, last + 1):
        px, py = (k + 0.5) * spacing * nx, (k + 0.5) * spacing * ny
        ops += [("M", px + lo * dx, py + lo * dy), ("L", px + hi * dx, py + hi * dy)]
    return Path(tuple(ops), Paint(stroke=colour, stroke_width=width))


@lru_cache(maxsize=256)  # each label set's load draws the same patterns' dots again
def dot_grid(box: Box, spacing: float, radius: float, colour: Colour) -> Path:
    """Dots on a staggered (hexagonal) grid, every other row shifted half a spacing; each
    dot a zero-length line with a round cap as wide as the dot, so it costs a few bytes.
    Anchored at the drawing's origin, as lines are."""
    x, y, w, h = box
    row = spacing * math.sqrt(3) / 2
    ops: list[PathOp] = []
    for j in range(math.floor(y / row) - 1, math.ceil((y + h) / row) + 1):
        shift = 0.25 + 0.5 * (j % 2)
        for i in range(math.floor(x / spacing) - 1, math.ceil((x + w) / spacing) + 1):
            cx, cy = (i + shift) * spacing, (j + 0.5) * row
            ops += [("M", cx, cy), ("L", cx, cy)]
    return Path(tuple(ops), Paint(stroke=colour, stroke_width=2 * radius, cap="round"))
