"""Drawing primitives of the plan: plain, immutable data in points, y pointing up.

The plan stage produces these; the PDF and SVG backends consume them. Nothing here knows
about games, YAML or output formats, so both backends draw exactly the same thing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal, TypeAlias

# A path operation in absolute points: ("M", x, y), ("L", x, y),
# ("C", x1, y1, x2, y2, x, y) or ("Z",).
PathOp: TypeAlias = (
    tuple[str, ...]
    | tuple[str, float, float]
    | tuple[str, float, float, float, float, float, float]
)

Anchor = Literal["start", "middle", "end"]
Cap = Literal["butt", "round"]


@dataclass(frozen=True, slots=True)
class Paint:
    """How a closed or open figure is filled and stroked; colours are '#RRGGBB'.

    A "round" cap also makes a zero-length subpath (M x y L x y) a dot as wide as the
    stroke: the cheapest way to draw a dot in both PDF and SVG (a few bytes instead of
    four curves).
    """

    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.0
    cap: Cap = "butt"


@dataclass(frozen=True, slots=True)
class Path:
    """A figure of path operations, filled and stroked by `paint`."""

    ops: tuple[PathOp, ...]
    paint: Paint


@dataclass(frozen=True, slots=True)
class Rect:
    """A rectangle from its lower-left corner, corners rounded by `radius`."""

    x: float
    y: float
    w: float
    h: float
    paint: Paint
    radius: float = 0.0


@dataclass(frozen=True, slots=True)
class Line:
    """A straight stroke from (x1, y1) to (x2, y2), `width` points wide."""

    x1: float
    y1: float
    x2: float
    y2: float
    colour: str
    width: float


@dataclass(frozen=True, slots=True)
class Text:
    """One line of text; (x, y) is the baseline point that `anchor` aligns to."""

    x: float
    y: float
    text: str
    font: str
    size: float
    colour: str
    anchor: Anchor = "start"


@dataclass(frozen=True, slots=True)
class Group:
    """Items scaled by `scale`, rotated by `angle` degrees, then moved by (dx, dy).

    `clip`, if given, is a closed path in the group's own coordinates that bounds its items.
    `alt`, if given, makes the group a picture: cards drawn too small to read, whose words
    `alt` says and the page also prints at full size. The PDF marks it as a figure with that
    alternate text, the SVG as an image with that label, so a reader's software and a check
    of printed sizes can tell a picture's words from the page's own.
    """

    items: tuple[Item, ...]
    dx: float = 0.0
    dy: float = 0.0
    angle: float = 0.0
    scale: float = 1.0
    clip: tuple[PathOp, ...] | None = None
    alt: str = ""
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __hash__(self) -> int:
        """Worked out once: groups are keys of the PDF backend's caches, and hashing a
        pattern fill means hashing thousands of path operations every time."""
        if not self._hash:
            key = (self.items, self.dx, self.dy, self.angle, self.scale, self.clip, self.alt)
            object.__setattr__(self, "_hash", hash(key))
        return self._hash


@dataclass(frozen=True, slots=True)
class Use:
    """Places a symbol (drawn once per document) with its origin at (x, y)."""

    symbol: str
    x: float
    y: float


Item: TypeAlias = Path | Rect | Line | Text | Group | Use


@dataclass(frozen=True, slots=True)
class Symbol:
    """A drawing defined once and placed many times (PDF form XObject, SVG <symbol>)."""

    name: str
    width: float
    height: float
    items: tuple[Item, ...]


@dataclass(frozen=True, slots=True)
class Box:
    """A page box (TrimBox, BleedBox) as lower-left and upper-right corners."""

    llx: float
    lly: float
    urx: float
    ury: float


@dataclass(frozen=True, slots=True)
class Page:
    """One page; `cuts` are the closed outlines a cutting machine follows (not drawn)."""

    width: float
    height: float
    items: tuple[Item, ...]
    trim: Box | None = None
    bleed: Box | None = None
    cuts: tuple[Path, ...] = ()


@dataclass(slots=True)
class Document:
    """A whole file's worth of pages; `symbols` are shared by all pages.

    `font` is the registered font a page starts with, so no unembedded default is named.
    """

    title: str
    pages: Sequence[Page]  # may be made on demand; renderers read each page once, in order
    font: str
    symbols: dict[str, Symbol] = field(default_factory=dict)
    duplex: Literal["long", "short", "none"] = "long"


def symbols_used(items: Iterable[Item]) -> set[str]:
    """Names of the symbols these items place, inside groups too (not inside the symbols)."""
    used: set[str] = set()
    for item in items:
        if isinstance(item, Use):
            used.add(item.symbol)
        elif isinstance(item, Group):
            used |= symbols_used(item.items)
    return used
