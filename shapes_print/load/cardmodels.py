"""Typed models of card templates (templates/cards/*.yaml): card sizes and their layouts.

Models only describe and check the input; they draw nothing (plan/cards.py does).
"""

from collections.abc import Mapping
from math import cos, radians, sin
from typing import Literal

from pydantic import Field, model_validator

from shapes_print.load.base import CardLength, Colour, Identifier, Length, Side, Size, Strict

# What an element is on its card, whatever its layout calls it: a label set changes
# elements by role (`cards.roles`), so its changes reach a game's own layouts too.
ElementRole = Literal[
    "background", "picture", "title", "card-word", "corner-index", "rule", "note", "braille"
]
# An element's role when it names none: what its kind most often is.
ROLE_OF_KIND: dict[str, ElementRole] = {
    "rect": "background",
    "pattern": "background",
    "shape": "picture",
    "image": "picture",
    "cards": "picture",
    "text": "card-word",
    "braille": "braille",
    # A filled figure hides what lies under it, as a shape does.
    "ellipse": "picture",
    # A line is drawn beside or under words (a rule under a title, a frame, a divider): a
    # thin stroke hides no letter, so it lies under as a background does.
    "line": "background",
}
# The kinds of element that put ink where another must not (rects and patterns lie under).
# A line or an ellipse is ink too when its role says so (an ellipse is a picture unless
# it says it is a background; a line a background unless it says it is a picture).
INK_KINDS = frozenset({"text", "shape", "image", "cards", "braille", "ellipse", "line"})
# Why a text element's `min_size` may not lie above its `size`, in the messages refusing it.
SIZES_IN_ORDER = "text shrinks from its size to fit, never below its min_size"


class Element(Strict):
    """One thing drawn on a card layout; strings may name card fields as `{field}`.

    Boxes are [x, y, width, height] measured from the card's top-left corner; a value may
    be a length or a share of the card's side (`50%`, `100% - 10mm`), so one layout fits
    every card size. `bleed` lets a full-card background run on into the print-shop bleed.
    `mirror` draws the element a second time turned 180° about the card centre, the way a
    corner index repeats upside down in the opposite corner. `name` lets a label set change
    one element (its size, colour, line weight) without copying the layout; `hidden` leaves
    it out. A `cards` element draws small copies of other cards, centred in its box:
    `cards: "{example}"` names a field holding card ids (a list of lists draws one line each);
    its `alt` names them in words for a label set with `picture_words`, which marks the
    picture (the card has no room to write them: the sheet it points to does).
    An `image` element shows a PNG, JPEG or SVG file, `src: art/sun.png` or `src: "{art}"`
    (relative to the file that names it: the template's folder, or for a `{field}` the deck
    or spreadsheet holding the field), fitted to its box by `fit`; with `alt` it is a
    picture of what `alt` says, without it an ornament a reader's software skips. A `braille`
    element writes its `text` in braille dots, from its box's top-left corner, when the
    label set gives the braille's sizes (`style: braille:`); its box is kept clear of ink.
    Without `text` it spells the card's title and card words (plan/cardtext.py): the zone a
    braille set gives a game's own layout that writes none (kit/braillezone.py).
    `role` says what the element is (a title, a card word, a corner index, a picture, a
    rule, a note, a background or braille; by default what its kind most often is), so a
    label set's `cards.roles` changes it in any layout. Text, picture and braille boxes
    drawn on one card may not overlap by more than 0.5 mm (the build stops naming both),
    unless one lists the other's name in `overlaps` (a number drawn on its disc).
    An `ellipse` fills (and strokes) the ellipse its box holds; a `line` strokes from its
    box's top-left corner to its bottom-right (a box no height high is a level line, one
    no width wide an upright one). `rotate` turns any element clockwise by that many
    degrees about its box's centre (the collision check takes the turned box's bounds);
    `opacity` (0 to 1) lets what is under it show through.
    """

    kind: Literal[
        "rect", "pattern", "shape", "text", "cards", "image", "braille", "ellipse", "line"
    ]
    name: Identifier | None = None
    role: ElementRole | None = None
    overlaps: list[Identifier] = Field(default=[])  # copied per model; see base.py
    hidden: bool = False
    box: tuple[CardLength, CardLength, CardLength, CardLength]
    fill: str | None = None
    stroke: str | None = None
    stroke_width: Length = 0.0
    radius: Length = 0.0
    shape: str | None = None
    pattern: str | None = None
    pattern_colour: str | None = None
    text: str | None = None
    bold: bool = False
    size: Size | None = None
    min_size: Size | None = None
    colour: str = "#000000"
    align: Literal["left", "centre", "right"] = "centre"
    wrap: bool = False
    mirror: bool = False
    when: str | None = None
    bleed: bool = False
    cards: str | None = None
    alt: str | None = None
    src: str | None = None
    # contain: all of the picture, centred; cover: the whole box, the picture cropped;
    # stretch: the picture's sides pulled to the box's.
    fit: Literal["contain", "cover", "stretch"] = "contain"
    rotate: float = Field(0.0, ge=-360, le=360)
    opacity: float = Field(1.0, ge=0, le=1)

    @model_validator(mode="after")
    def _image_has_src(self) -> "Element":
        if self.kind == "image" and not self.src:
            raise ValueError("an image element needs src: a .png, .jpg or .svg file, or '{field}'")
        if self.kind == "line" and not (self.stroke and self.stroke_width > 0):
            raise ValueError("a line element needs stroke (a colour) and stroke_width (a length)")
        if self.size is not None and self.min_size is not None and self.min_size > self.size:
            raise ValueError(
                f"min_size {self.min_size:g} pt is larger than size {self.size:g} pt: "
                f"{SIZES_IN_ORDER}"
            )
        return self

    @property
    def what(self) -> ElementRole:
        """The element's role: as written, else its kind's."""
        return self.role or ROLE_OF_KIND[self.kind]

    @property
    def inks(self) -> bool:
        """Whether the element puts ink where no other may (a text, a picture, braille),
        rather than lying under them (a background): what the collision check and a braille
        zone keep apart."""
        return self.kind in INK_KINDS and self.what != "background" and not self.hidden

    def shown_on(self, fields: Mapping[str, object]) -> bool:
        """Whether a card with these fields draws the element: it is not hidden, and the
        field its `when` names, if any, is set."""
        return not self.hidden and not (self.when and not fields.get(self.when))

    def placed(self, width: float, height: float) -> tuple[float, float, float, float]:
        """The box on a `width` x `height` card: points from its top-left corner, y down."""
        (fx, ox), (fy, oy), (fw, ow), (fh, oh) = self.box
        return fx * width + ox, fy * height + oy, fw * width + ow, fh * height + oh

    def drawn(self, width: float, height: float) -> tuple[float, float, float, float]:
        """Where the element puts ink on a `width` x `height` card, from its top-left corner
        (y down): its box, or the bounds of its box turned by `rotate` about its centre."""
        return turned_bounds(self.placed(width, height), self.rotate)


class Layout(Strict):
    elements: list[Element]


class TrimLine(Strict):
    """A hairline round each face, so cut lines show where margins have no room for marks."""

    colour: Colour
    width: Length


class CardTemplate(Strict):
    """A card size and the named layouts its faces and backs use."""

    id: Identifier
    extends: str | None = None
    card: dict[Literal["width", "height"], Side]
    corner_radius: Length = 0.0
    text_safe: Length = 0.0
    trim_line: TrimLine | None = None
    layouts: dict[Identifier, Layout]


def turned_bounds(
    box: tuple[float, float, float, float], degrees: float
) -> tuple[float, float, float, float]:
    """The upright box that holds `box` turned by `degrees` about its centre."""
    x, y, w, h = box
    if not degrees:
        return box
    c, s = abs(cos(radians(degrees))), abs(sin(radians(degrees)))
    wide, high = w * c + h * s, w * s + h * c
    return x + (w - wide) / 2, y + (h - high) / 2, wide, high


def card_box(element: Element, template: CardTemplate) -> tuple[float, float, float, float]:
    """The element's box in card points from the top-left corner (y down), as YAML writes it."""
    return element.placed(template.card["width"], template.card["height"])
