"""Points along a drawn path, its cubic curves sampled: the shape tests measure areas and
coverage by them, and the SVG path tests follow a path's segments with them.
"""

from __future__ import annotations

from shapes_print.geometry.primitives import PathOp


def sampled(run: list[PathOp], steps: int = 16) -> list[tuple[float, float]]:
    """Points along one subpath, curves included, for areas and coverage."""
    points: list[tuple[float, float]] = []
    for op in run:
        if op[0] in ("M", "L"):
            points.append((op[1], op[2]))
        elif op[0] == "C":
            (x0, y0), (_, x1, y1, x2, y2, x3, y3) = points[-1], op
            for k in range(1, steps + 1):
                t = k / steps
                m = 1 - t
                points.append(
                    (
                        m**3 * x0 + 3 * m * m * t * x1 + 3 * m * t * t * x2 + t**3 * x3,
                        m**3 * y0 + 3 * m * m * t * y1 + 3 * m * t * t * y2 + t**3 * y3,
                    )
                )
    return points
