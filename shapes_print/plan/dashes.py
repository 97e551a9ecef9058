"""Plan stage, shared: a dashed cut line, where a sheet is cut or folded apart (a board's
seams, two player aids' halves of a sheet, fold sheets' fold).

Input: the line's ends, its ink and width, in points. Output: its stroked segments.
"""

from __future__ import annotations

from functools import lru_cache

from shapes_print.geometry.primitives import Colour, Item, Paint, PathOp
from shapes_print.geometry.primitives import Path as PathItem

# A cut line's dashes, as stroked segments, in points: long enough to follow with scissors.
DASH = 6.0


@lru_cache(maxsize=256)  # every sheet of player aids on one paper size has the same
def dashed(
    start: tuple[float, float], end: tuple[float, float], ink: Colour, width: float
) -> tuple[Item, ...]:
    """A cut line: a dashed stroke from start to end, segments of DASH with gaps as long
    (a board's seams, two player aids' halves of a sheet)."""
    (x1, y1), (x2, y2) = start, end
    length = max(abs(x2 - x1), abs(y2 - y1))
    count = max(1, int(length // (2 * DASH)))
    ops: list[PathOp] = []
    for index in range(count):
        a, b = (2 * index * DASH) / length, min(1.0, (2 * index + 1) * DASH / length)
        ops.append(("M", x1 + (x2 - x1) * a, y1 + (y2 - y1) * a))
        ops.append(("L", x1 + (x2 - x1) * b, y1 + (y2 - y1) * b))
    return (PathItem(tuple(ops), Paint(stroke=ink, stroke_width=width)),)
