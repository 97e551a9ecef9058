"""Outlines as path operations: circles, ellipses, rounded rectangles, regular polygons and
stars, and the extent of an outline. Plain geometry in points (or the unit square), no I/O."""

from __future__ import annotations

import math

from shapes_print.geometry.primitives import PathOp

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


def extent(ops: tuple[PathOp, ...]) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) of all points, control points included: a curve never leaves it."""
    coords = [v for op in ops for v in op[1:]]
    xs, ys = coords[0::2], coords[1::2]
    return min(xs), min(ys), max(xs), max(ys)
