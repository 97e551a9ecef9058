"""Drawing primitives of the plan: plain, immutable data in points, y pointing up.

The plan stage produces these; the PDF and SVG backends consume them. Nothing here knows
about games, YAML or output formats, so both backends draw exactly the same thing.

Each frozen primitive holds only immutable values (numbers, text, colours, tuples of other
primitives), so none can be part of a reference cycle: they are made with `gc=False`, out of
the garbage collector's sight. A plan makes hundreds of thousands of them, and every
collection walked each one (a tenth of `check`'s time), with nothing to collect.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from os import PathLike
from pathlib import Path as FilePath
from typing import Literal, TypeAlias

from msgspec import Struct, field

_HEX_COLOUR = re.compile("#[0-9a-fA-F]{6}")

# A path operation in absolute points: ("M", x, y), ("L", x, y),
# ("C", x1, y1, x2, y2, x, y) or ("Z",).
PathOp: TypeAlias = tuple[str, *tuple[float, ...]]

Anchor = Literal["start", "middle", "end"]
Cap = Literal["butt", "round"]
# What a group is in the document, as PDF's standard structure types name it (PDF 14.8.4):
# a heading, a paragraph; a list, its items, an item's label (number or bullet) and body;
# a table, its header and body rows, a row, a header or data cell; a picture; a span of a
# line that stands for words (an icon, its `alt` the words). A header cell
# heads its column in the table's header rows and its row elsewhere.
Role = Literal[
    "H1", "H2", "H3", "P",
    "L", "LI", "Lbl", "LBody",
    "Table", "THead", "TBody", "TR", "TH", "TD",
    "Figure", "Span",
]  # fmt: skip
# Why an artifact is on the page (PDF 14.8.2.2): page furniture (ruler, print line),
# layout (cut marks, trim lines) or a background (back patterns).
ArtifactKind = Literal["Pagination", "Layout", "Background"]


class RGB(Struct, frozen=True, gc=False):
    """An sRGB colour, each channel 0 to 255: the only colour space today; CMYK and spot
    colours join it as types of their own, so a backend asks a colour what it is instead of
    parsing a string."""

    red: int
    green: int
    blue: int

    @classmethod
    def parse(cls, text: str) -> RGB:
        """'#RRGGBB' (either case) as a colour; ValueError for anything else."""
        if not _HEX_COLOUR.fullmatch(text):
            raise ValueError(f"colour must look like '#0072B2', got {text!r}")
        value = int(text[1:], 16)
        return cls(value >> 16, (value >> 8) & 255, value & 255)

    @property
    def hex(self) -> str:
        """'#RRGGBB' in capitals, as SVG and a person write it."""
        return f"#{self.red:02X}{self.green:02X}{self.blue:02X}"

    @property
    def fractions(self) -> tuple[float, float, float]:
        """The channels from 0 to 1, as PDF's operators take them."""
        return (self.red / 255, self.green / 255, self.blue / 255)

    @property
    def luminance(self) -> float:
        """WCAG 2 relative luminance, 0 (black) to 1 (white)."""
        linear = [
            c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in self.fractions
        ]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    def contrast(self, other: RGB) -> float:
        """WCAG contrast ratio with another colour, 1 (the same) to 21 (black on white)."""
        light, dark = sorted((self.luminance, other.luminance), reverse=True)
        return (light + 0.05) / (dark + 0.05)

    def mixed_with_white(self, strength: float) -> RGB:
        """The colour mixed with white, keeping `strength` (0 to 1) of it."""
        red, green, blue = (round((1 - strength * (1 - c)) * 255) for c in self.fractions)
        return RGB(red, green, blue)

    def seen_over(self, ground: RGB, opacity: float) -> RGB:
        """The colour drawn at `opacity` (0 to 1) over `ground`, as the eye sees it."""
        if opacity >= 1:
            return self
        inks, unders = (self.red, self.green, self.blue), (ground.red, ground.green, ground.blue)
        mixed = (
            round(opacity * ink + (1 - opacity) * under)
            for ink, under in zip(inks, unders, strict=True)
        )
        return RGB(*mixed)

    def __str__(self) -> str:
        return self.hex


Colour: TypeAlias = RGB
BLACK = RGB(0, 0, 0)
WHITE = RGB(255, 255, 255)


class Paint(Struct, frozen=True, gc=False):
    """How a closed or open figure is filled and stroked.

    A "round" cap also makes a zero-length subpath (M x y L x y) a dot as wide as the
    stroke: the cheapest way to draw a dot in both PDF and SVG (a few bytes instead of
    four curves).
    """

    fill: Colour | None = None
    stroke: Colour | None = None
    stroke_width: float = 0.0
    cap: Cap = "butt"


class Path(Struct, frozen=True, gc=False):
    """A figure of path operations, filled and stroked by `paint`."""

    ops: tuple[PathOp, ...]
    paint: Paint


class Rect(Struct, frozen=True, gc=False):
    """A rectangle from its lower-left corner, corners rounded by `radius`."""

    x: float
    y: float
    w: float
    h: float
    paint: Paint
    radius: float = 0.0


class Line(Struct, frozen=True, gc=False):
    """A straight stroke from (x1, y1) to (x2, y2), `width` points wide."""

    x1: float
    y1: float
    x2: float
    y2: float
    colour: Colour
    width: float


class Text(Struct, frozen=True, gc=False):
    """One line of text; (x, y) is the baseline point that `anchor` aligns to.

    `space_after`: a wrap broke the text at a space after this line. The PDF's text layer
    then ends the line with a space, as a plain text would hold it, so a reader's software
    does not run its last word into the next line's first.

    `unseen_width`, when more than 0: the words are not drawn but held in the text layer,
    squeezed into that width (an icon's words, where the icon is drawn), so copying,
    searching or extracting the line finds them in their place; the SVG leaves them out
    (its icon is labelled with them)."""

    x: float
    y: float
    text: str
    font: str
    size: float
    colour: Colour
    anchor: Anchor = "start"
    space_after: bool = False
    unseen_width: float = 0.0


# Its hash is worked out once (cache_hash): groups are keys of the PDF backend's caches, and
# hashing a pattern fill means hashing thousands of path operations every time.
class Group(Struct, frozen=True, cache_hash=True, gc=False):
    """Items scaled by `scale`, rotated by `angle` degrees (anticlockwise, y up), then
    moved by (dx, dy), and seen through as `opacity` says (1: opaque, 0: not seen).

    `clip`, if given, is a closed path in the group's own coordinates that bounds its items.
    `role` says what the group is where the document knows it (a heading, a paragraph, a
    list item, a table cell, a figure), and `lang` the language of its words where they are
    not the document's. `alt`, if given, makes the group a picture: cards drawn too small
    to read, whose words `alt` says and the page also prints at full size (its role is
    Figure whether or not it says so). The PDF makes the group an element of its structure
    tree with its role and that alternate text, the SVG gives it an ARIA role and label, so
    a reader's software and a check of printed sizes can tell a picture's words from the
    page's own. A group that `continues` goes on with the element of its role just before
    it (a table or paragraph that a page break cut): one element over both pages.
    `expansion`, on a Span of a line, is what a listener hears for its printed shorthand
    (a range "1-3" as "1 to 3"): the PDF's /E, while the text stays the print.
    """

    items: tuple[Item, ...]
    dx: float = 0.0
    dy: float = 0.0
    angle: float = 0.0
    scale: float = 1.0
    clip: tuple[PathOp, ...] | None = None
    alt: str = ""
    role: Role | None = None
    lang: str = ""
    continues: bool = False
    opacity: float = 1.0
    expansion: str = ""

    @property
    def tag(self) -> Role | None:
        """The structure type its content is marked with: a picture is a Figure, an icon
        in a line a Span (its words its ActualText)."""
        return "Figure" if self.alt and self.role != "Span" else self.role


class Artifact(Struct, frozen=True, gc=False):
    """Items that are not the document's content: page furniture (ruler, inch square,
    print line), cut marks, trim lines, back patterns. Drawn as they are; marked so that a
    reader's software skips them (PDF Artifact, SVG aria-hidden). `raised`: braille dots,
    which swell paper is printed to raise; a swell-paper drawing keeps them as they are."""

    items: tuple[Item, ...]
    kind: ArtifactKind = "Layout"
    raised: bool = False


class Use(Struct, frozen=True, gc=False):
    """Places a symbol (drawn once per document) with its origin at (x, y)."""

    symbol: str
    x: float
    y: float


class RasterPicture(Struct, frozen=True, eq=False):
    """A PNG or JPEG file, `pixels` wide and high, with the bytes read from `path` when it
    was loaded (checked then, and all the backends use: the file is never opened again).
    `name` comes from a digest of those bytes, so it is the same in every file, and two
    pictures are the same when all but the bytes are, without comparing the bytes."""

    name: str
    path: FilePath
    kind: Literal["png", "jpeg"]
    pixels: tuple[int, int]
    data: bytes

    def _key(self) -> tuple[str, FilePath, str, tuple[int, int]]:
        return self.name, self.path, self.kind, self.pixels

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RasterPicture):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"RasterPicture{self._key()!r}"  # all but its bytes


class VectorPicture(Struct, frozen=True, eq=False):
    """An SVG file's drawing as plan items in its own box, `width` x `height`, y up: drawn
    once per file (a PDF form, an SVG definition) and placed wherever it shows. Its name is
    a digest of the file's bytes, so two pictures are the same when name and path are,
    without comparing (or hashing) every path of the drawing."""

    name: str
    path: FilePath
    width: float
    height: float
    items: tuple[Item, ...]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, VectorPicture):
            return NotImplemented
        return (self.name, self.path) == (other.name, other.path)

    def __hash__(self) -> int:
        return hash((self.name, self.path))

    @property
    def size(self) -> tuple[float, float]:
        return self.width, self.height


Picture: TypeAlias = RasterPicture | VectorPicture


class Image(Struct, frozen=True, gc=False):
    """A picture stretched over the box (x, y, w, h) from its lower-left corner, seen only
    inside `clip` where it is given (a picture cropped to cover its box)."""

    picture: Picture
    x: float
    y: float
    w: float
    h: float
    clip: tuple[PathOp, ...] | None = None


Item: TypeAlias = Path | Rect | Line | Text | Group | Artifact | Use | Image


class Symbol(Struct, frozen=True, gc=False):
    """A drawing defined once and placed many times (PDF form XObject, SVG <symbol>).

    `alt`, if given, says what it shows (a card: its words, or whose back it is): placed on
    a page, it is a picture (a Figure) with those words; drawn inside a picture, it is part
    of that picture. `sign_size`, a card face's: the size of the words its layout calls its
    picture (a sign set in type, "★"), which a copy drawn small must print; 0 for none."""

    name: str
    width: float
    height: float
    items: tuple[Item, ...]
    alt: str = ""
    sign_size: float = 0.0


class Box(Struct, frozen=True, gc=False):
    """A page box (TrimBox, BleedBox) as lower-left and upper-right corners."""

    llx: float
    lly: float
    urx: float
    ury: float


class Page(Struct, frozen=True, gc=False):
    """One page; `cuts` are the closed outlines a cutting machine follows (not drawn)."""

    width: float
    height: float
    items: tuple[Item, ...]
    trim: Box | None = None
    bleed: Box | None = None
    cuts: tuple[Path, ...] = ()


class Bookmark(Struct, frozen=True, gc=False):
    """A part of a document a reader can jump to (a PDF outline entry): its title, the
    index of its first page, and its level: 0 at the top, each deeper level under the
    nearest bookmark before it with a lower one (a part, its headings, their sections)."""

    title: str
    page: int
    level: int = 0


class Press(Struct, frozen=True):
    """What a print-shop file is printed on: its colours are the press's (CMYK, through
    the ICC profile at `profile`), and the file says so the way `standard` (PDF/X-4)
    asks. `condition` is the printing condition the profile characterises, by the name
    the `registry` gives it (`condition_name` says it in words)."""

    standard: str
    profile: PathLike[str]
    condition: str
    condition_name: str
    registry: str


class Document(Struct):
    """A whole file's worth of pages; `symbols` are shared by all pages.

    `lang` is the
    language of its words (a BCP 47 tag such as "en" or "es"), where the kit knows it: a
    group's own `lang` says where that changes. `press`, for a print-shop file, is the
    press it is made for; None (home printing) keeps the colours as they are, sRGB.
    `made`, where known, is when the newest file it was made from last changed (seconds
    since the epoch): the date a print-shop file gives unless SOURCE_DATE_EPOCH is set.
    `bookmarks`, in page order, are its parts for a reader's outline (a file of several).
    """

    title: str
    pages: Sequence[Page]  # may be made on demand; renderers read each page once, in order
    symbols: dict[str, Symbol] = field(default_factory=dict)
    duplex: Literal["long", "short", "none"] = "long"
    lang: str = ""
    press: Press | None = None
    made: int | None = None
    bookmarks: tuple[Bookmark, ...] = ()


def symbols_used(items: Iterable[Item]) -> set[str]:
    """Names of the symbols these items place, inside groups too (not inside the symbols)."""
    used: set[str] = set()
    for item in items:
        if isinstance(item, Use):
            used.add(item.symbol)
        elif isinstance(item, Group | Artifact):
            used |= symbols_used(item.items)
    return used
