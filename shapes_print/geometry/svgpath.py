"""SVG path data as editors write it, into the plan's absolute M, L, C and Z operations.

The whole grammar of SVG 1.1's `d` attribute: every command in absolute and relative form
(M L H V C S Q T A Z), implicit repeats (numbers after M continue as L), numbers run
together the way editors save them (`1.5.5` is 1.5 then .5, `-1e-3`, arc flags written
`01`). Quadratics become cubics exactly; arcs become one cubic per quarter turn or less
(SVG's implementation notes, F.6.5), which is within 0.03% of the radius. Coordinates stay
as written (y down, as in SVG): callers map them into their own box.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from shapes_print.geometry.primitives import PathOp
from shapes_print.limits import MAX_SVG_NUMBER

# A number as SVG writes it, possessive throughout: matched once, never backtracking.
NUMBER = re.compile(r"[-+]?+(?>\d++(?:\.\d*+)?+|\.\d++)(?:[eE][-+]?+\d++)?+")
_SEPARATORS = " \t\r\n,"
# Numbers each command takes, by its letter in upper case.
ARITY = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}
Point = tuple[float, float]


def bounded(value: float) -> bool:
    """Whether a number read from an SVG file is one a drawing can hold: finite, and at
    most MAX_SVG_NUMBER either side of zero (`1e400` reads as infinity)."""
    return math.isfinite(value) and abs(value) <= MAX_SVG_NUMBER


class PathSyntaxError(ValueError):
    """A mistake in path data, with the character (1-based) where it was found."""


class _Scanner:
    """Reads a path's commands and numbers, remembering where it is for errors."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.at = 0

    def skip(self) -> None:
        while self.at < len(self.text) and self.text[self.at] in _SEPARATORS:
            self.at += 1

    def done(self) -> bool:
        self.skip()
        return self.at >= len(self.text)

    def command(self) -> str | None:
        """The next command letter, if a letter comes next."""
        self.skip()
        if self.at < len(self.text) and self.text[self.at].isalpha():
            self.at += 1
            return self.text[self.at - 1]
        return None

    def number(self) -> float | None:
        self.skip()
        found = NUMBER.match(self.text, self.at)
        if not found:
            return None
        value = float(found.group())
        if not bounded(value):
            raise self.error(f"number {found.group()[:20]} is out of range")
        self.at = found.end()
        return value

    def flag(self) -> float | None:
        """An arc flag: one character, 0 or 1, which need no separator after it."""
        self.skip()
        if self.at < len(self.text) and self.text[self.at] in "01":
            self.at += 1
            return float(self.text[self.at - 1])
        return None

    def error(self, message: str, back: int = 0) -> PathSyntaxError:
        """The error at the next character, or `back` characters before it."""
        return PathSyntaxError(f"{message} (at character {self.at + 1 - back})")


def _arguments(scanner: _Scanner, command: str) -> list[float]:
    upper = command.upper()
    values: list[float] = []
    for index in range(ARITY[upper]):
        value = scanner.flag() if upper == "A" and index in (3, 4) else scanner.number()
        if value is None:
            what = "0 or 1 (an arc flag)" if upper == "A" and index in (3, 4) else "a number"
            raise scanner.error(f"{command} needs {ARITY[upper]} numbers; expected {what}")
        values.append(value)
    return values


def arc_curves(
    start: Point, radii: Point, rotation: float, large: bool, sweep: bool, end: Point
) -> list[PathOp]:
    """An elliptical arc as cubic Béziers, one per quarter turn or less; a line when a
    radius is zero, nothing when the ends meet (SVG 1.1, F.6.2 and F.6.5)."""
    (x1, y1), (x2, y2) = start, end
    if (x1, y1) == (x2, y2):
        return []
    rx, ry = abs(radii[0]), abs(radii[1])
    if rx == 0 or ry == 0:
        return [("L", x2, y2)]
    cos_phi, sin_phi = math.cos(math.radians(rotation)), math.sin(math.radians(rotation))
    hx, hy = (x1 - x2) / 2, (y1 - y2) / 2
    px, py = cos_phi * hx + sin_phi * hy, -sin_phi * hx + cos_phi * hy
    grow = px * px / (rx * rx) + py * py / (ry * ry)
    if grow > 1:  # radii too small to reach: scaled up until they just do
        rx, ry = rx * math.sqrt(grow), ry * math.sqrt(grow)
    top = rx * rx * ry * ry - rx * rx * py * py - ry * ry * px * px
    bottom = rx * rx * py * py + ry * ry * px * px
    coefficient = math.sqrt(max(0.0, top / bottom)) * (-1 if large == sweep else 1)
    ccx, ccy = coefficient * rx * py / ry, -coefficient * ry * px / rx
    cx = cos_phi * ccx - sin_phi * ccy + (x1 + x2) / 2
    cy = sin_phi * ccx + cos_phi * ccy + (y1 + y2) / 2
    first = math.atan2((py - ccy) / ry, (px - ccx) / rx)
    turn = math.atan2((-py - ccy) / ry, (-px - ccx) / rx) - first
    if sweep and turn < 0:
        turn += 2 * math.pi
    elif not sweep and turn > 0:
        turn -= 2 * math.pi
    pieces = max(1, math.ceil(abs(turn) / (math.pi / 2) - 1e-9))
    step = turn / pieces
    handle = 4 / 3 * math.tan(step / 4)

    def point(t: float) -> Point:
        ex, ey = rx * math.cos(t), ry * math.sin(t)
        return cx + cos_phi * ex - sin_phi * ey, cy + sin_phi * ex + cos_phi * ey

    def tangent(t: float) -> Point:
        ex, ey = -rx * math.sin(t), ry * math.cos(t)
        return cos_phi * ex - sin_phi * ey, sin_phi * ex + cos_phi * ey

    curves: list[PathOp] = []
    for index in range(pieces):
        a, b = first + index * step, first + (index + 1) * step
        (ax, ay), (bx, by) = point(a), point(b)
        (dax, day), (dbx, dby) = tangent(a), tangent(b)
        if index == pieces - 1:
            bx, by = x2, y2  # the end exactly where it was written
        curves.append(
            (
                "C",
                ax + handle * dax,
                ay + handle * day,
                bx - handle * dbx,
                by - handle * dby,
                bx,
                by,
            )
        )
    return curves


def parse_svg_path(text: str, close: bool = True) -> tuple[PathOp, ...]:
    """Path data as absolute M, L, C and Z; with `close`, every subpath is closed (a filled
    outline), as a fill closes it anyway. PathSyntaxError for anything else."""
    scanner = _Scanner(text)
    pen = _Pen(close)
    command = ""
    while not scanner.done():
        command = _next_command(scanner, command, started=bool(pen.ops))
        upper, relative = command.upper(), command.islower()
        if upper == "Z":
            pen.close_subpath()
            continue
        if not pen.open_subpath and upper != "M":  # drawing on after Z: from its start
            pen.reopen()
        values = _arguments(scanner, command)
        ox, oy = pen.current if relative else (0.0, 0.0)
        if upper == "H":
            values, upper = [values[0], pen.current[1] - oy], "L"
        elif upper == "V":
            values, upper = [pen.current[0] - ox, values[0]], "L"
        if upper == "A":
            pen.arc(values, (ox, oy))
            continue
        pen.draw(upper, [(ox + values[i], oy + values[i + 1]) for i in range(0, len(values), 2)])
        if upper == "M":
            command = "l" if relative else "L"  # numbers after M continue as lines
    pen.end_subpath()
    return tuple(pen.ops)


def _next_command(scanner: _Scanner, command: str, started: bool) -> str:
    """The command the next numbers belong to: a new letter, or the last one repeated."""
    letter = scanner.command()
    if letter is not None:
        if letter.upper() not in ARITY:
            raise scanner.error(f"unknown command {letter!r}", back=1)
        if not started and letter.upper() != "M":
            raise scanner.error(f"must start with M, not {letter}", back=1)
        return letter
    if not command:
        raise scanner.error("expected a command such as M")
    if command.upper() == "Z":
        raise scanner.error("Z takes no numbers: start the next subpath with M")
    return command


@dataclass
class _Pen:
    """The absolute path drawn so far, where it is, and the control points S and T reflect."""

    close: bool
    ops: list[PathOp] = field(default_factory=list)
    current: Point = (0.0, 0.0)
    start: Point = (0.0, 0.0)
    control: Point | None = None  # the last cubic's second control point, for S
    quadratic: Point | None = None  # the last quadratic's control point, for T
    open_subpath: bool = False

    def end_subpath(self) -> None:
        if self.open_subpath and self.close:
            self.ops.append(("Z",))
        self.open_subpath = False

    def close_subpath(self) -> None:
        if self.ops and self.ops[-1][0] != "Z":
            self.ops.append(("Z",))
        self.open_subpath, self.current = False, self.start
        self.control = self.quadratic = None

    def reopen(self) -> None:
        self.ops.append(("M", *self.start))
        self.open_subpath = True

    def arc(self, values: list[float], origin: Point) -> None:
        rx, ry, rotation, large, sweep, x, y = values
        end = (origin[0] + x, origin[1] + y)
        self.ops += arc_curves(self.current, (rx, ry), rotation, bool(large), bool(sweep), end)
        self.current, self.control, self.quadratic = end, None, None

    def draw(self, upper: str, points: list[Point]) -> None:
        """An M, L, C, S, Q or T to its absolute `points`."""
        if upper == "M":
            self.end_subpath()
            self.ops.append(("M", *points[0]))
            self.start = points[0]
            self.open_subpath = True
            self.control = self.quadratic = None
        elif upper == "L":
            self.ops.append(("L", *points[0]))
            self.control = self.quadratic = None
        elif upper in "CS":
            if upper == "S":
                points = [_reflect(self.control, self.current), *points]
            self.ops.append(("C", *points[0], *points[1], *points[2]))
            self.control, self.quadratic = points[1], None
        else:  # Q or T
            if upper == "T":
                points = [_reflect(self.quadratic, self.current), *points]
            (qx, qy), (x, y) = points
            self.ops.append(_quadratic(self.current, (qx, qy), (x, y)))
            self.control, self.quadratic = None, (qx, qy)
        self.current = points[-1]


def _reflect(point: Point | None, about: Point) -> Point:
    """The previous control point mirrored through the current point (S and T), or the
    current point itself when the previous segment had none of the same kind."""
    if point is None:
        return about
    return 2 * about[0] - point[0], 2 * about[1] - point[1]


def _quadratic(start: Point, handle: Point, end: Point) -> PathOp:
    """A quadratic Bézier as the cubic that draws exactly the same curve."""
    (sx, sy), (qx, qy), (x, y) = start, handle, end
    return (
        "C",
        sx + 2 / 3 * (qx - sx),
        sy + 2 / 3 * (qy - sy),
        x + 2 / 3 * (qx - x),
        y + 2 / 3 * (qy - y),
        x,
        y,
    )
