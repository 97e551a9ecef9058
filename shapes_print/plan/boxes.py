"""Plan stage, element boxes (`preview --boxes`): a card's layout drawn over the card.

A layout's boxes are written as lengths and shares of the card (`[5mm, 48% + 11mm, ...]`),
which a designer otherwise finds by trial and error. With boxes asked for, each card side
gets one more item, last: an artifact (never the card's content, so a reader's software
skips it) outlining every element's box with its name at the box's top-left, the
text-safe area, the bleed edge a background must reach for a print shop, and the braille
zone, each in a colour of its own (the bleed edge and the card's trimmed edge where the card
has a bleed: a print shop's); a text set smaller than its layout asked says both
sizes by its name. The overlay is plain plan data, so the PDF, the PNG and the SVG draw it
alike; only a kit part with `boxes` asks for it (load/options.py's `Part`), never a kit.

Input: each element's box on the card as plan/cards.py placed it, and the size its text
was set at. Output: the overlay (`overlay`), and the boxes as data (`ElementBox`) for the
list of sizes `preview --boxes` prints (plan/textsizes.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from math import cos, radians, sin

from msgspec import Struct
from msgspec.structs import replace

from shapes_print.geometry.primitives import RGB, Artifact, Group, Item, Paint, Rect, Text
from shapes_print.load.cardmodels import Element
from shapes_print.plan.cardtext import CAP_SHARE, Box
from shapes_print.text.fonts import Font

# The overlay is looked at on a screen and never printed, so it owes nothing to the print
# rules or a label set; these only keep it readable over any card at the preview's 100 dpi.
BOX_COLOUR = RGB(0, 90, 220)  # an element's box: blue
SAFE_COLOUR = RGB(0, 150, 60)  # the text-safe area: green
BLEED_COLOUR = RGB(220, 0, 0)  # the bleed edge: red
TRIM_COLOUR = RGB(240, 140, 0)  # the card's edge, where the shop trims a bleed off: orange
BRAILLE_COLOUR = RGB(200, 0, 170)  # a braille zone: magenta, apart from every other box
LABEL_BACKING = RGB(255, 255, 255)  # behind a name, so it reads over a dark background,
BACKING = 0.7  # and seen through, so the words or dots it lies over still show
LINE_WIDTH = 0.5  # points: a hairline that still shows at 100 dpi
LABEL_SIZE = 4.5  # points: about 6 pixels at 100 dpi, small beside a card's own words
LABEL_PAD = 0.6  # points between a name and its box's edges


class Key(Struct, frozen=True):
    """One colour of the overlay, by its name, and what it outlines: the legend a preview
    shows beside the pictures."""

    colour: RGB
    name: str
    outlines: str


LEGEND = (
    Key(BOX_COLOUR, "blue", "an element's box, its name at its top-left"),
    Key(SAFE_COLOUR, "green", "the text-safe area"),
    Key(BRAILLE_COLOUR, "magenta", "a braille zone"),
    Key(BLEED_COLOUR, "red", "the bleed edge (--print-shop)"),
    Key(TRIM_COLOUR, "orange", "the card's trimmed edge (--print-shop)"),
)


class ElementBox(Struct, frozen=True):
    """One element of one card side as it was drawn: its name (its layout's `name`, else
    its kind and place in the layout), its kind, its box in card points (x, y from the
    card's bottom-left, y up), and for a text the size its layout asked for, the least it
    may shrink to and the size it was set at (None: no words on this card)."""

    name: str
    kind: str
    box: Box
    asked: float | None = None
    least: float | None = None
    set_at: float | None = None
    rotate: float = 0.0  # degrees clockwise about the box's centre, as the layout turns it
    mirror: bool = False  # drawn again turned about the card's centre (layout's `mirror`)

    @property
    def shrank(self) -> bool:
        """Whether the text was set smaller than asked, to fit its box."""
        return self.set_at is not None and self.asked is not None and self.set_at < self.asked


def element_box(
    element: Element, index: int, box: Box, drawn: Sequence[Item], body_size: float
) -> ElementBox:
    """An element's box as the overlay names it (its `name`, else its kind and place in
    the layout), with its text's sizes asked and set (`body_size`: a text's without one)."""
    name = element.name or f"{element.kind} {index + 1}"
    turned = ElementBox(name, element.kind, box, rotate=element.rotate, mirror=element.mirror)
    if element.kind != "text":
        return turned
    asked = element.size or body_size
    least = element.min_size or asked
    return replace(turned, asked=asked, least=least, set_at=_set_size(drawn))


def turned_about(box: Box, degrees: float) -> tuple[float, float, float]:
    """The move and angle (dx, dy, anticlockwise degrees) of a group that turns what it
    holds `degrees` clockwise, as the card is seen, about the box's centre."""
    angle = -degrees  # the plan turns y up
    c, s = cos(radians(angle)), sin(radians(angle))
    cx, cy = box[0] + box[2] / 2, box[1] + box[3] / 2
    return cx - (c * cx - s * cy), cy - (s * cx + c * cy), angle


def _set_size(items: Sequence[Item]) -> float | None:
    """The size a text element's words were set at: its largest line's (icons and marks
    inside a line are set at the line's size); None when it drew no words."""
    sizes = [item.size for item in _texts(items)]
    return max(sizes) if sizes else None


def _texts(items: Sequence[Item]) -> list[Text]:
    found: list[Text] = []
    for item in items:
        if isinstance(item, Text):
            found.append(item)
        elif isinstance(item, Group | Artifact):
            found += _texts(item.items)
    return found


def overlay(
    boxes: Sequence[ElementBox], card: tuple[float, float], safe: float, bleed: float, font: Font
) -> Artifact:
    """The card's layout drawn in card points: the bleed edge and the card's (where the card
    has a bleed, a print shop's: home sheets butt their cards), the text-safe area, each element's box,
    then every name above all the boxes (a box over a name would hide it)."""
    width, height = card
    outlines: list[Item] = []
    if bleed:  # the drawing ends at the bleed edge: the line is drawn just inside it
        edge = bleed - LINE_WIDTH / 2
        outlines.append(_outline((-edge, -edge, width + 2 * edge, height + 2 * edge), BLEED_COLOUR))
        outlines.append(_outline((0, 0, width, height), TRIM_COLOUR))
    outlines.append(_outline((safe, safe, width - 2 * safe, height - 2 * safe), SAFE_COLOUR))
    names: list[Item] = []
    taken: list[Box] = []  # the backings of the names placed so far, upright ones
    for element in boxes:
        ink = BRAILLE_COLOUR if element.kind == "braille" else BOX_COLOUR
        drawn = _turned(element, [_outline(element.box, ink)], _name(element, ink, font, taken))
        outlines.append(drawn[0])
        names.append(drawn[1])
        if element.mirror:  # the copy turned about the card's centre, as plan/cards.py draws it
            outlines.append(Group((drawn[0],), dx=width, dy=height, angle=180))
            names.append(Group((drawn[1],), dx=width, dy=height, angle=180))
    return Artifact((*outlines, *names), "Layout")


def _turned(element: ElementBox, outline: list[Item], name: list[Item]) -> tuple[Item, Item]:
    """An element's outline and name, each one group, turned as its layout turns it."""
    dx, dy, angle = turned_about(element.box, element.rotate) if element.rotate else (0, 0, 0)
    return Group(tuple(outline), dx, dy, angle), Group(tuple(name), dx, dy, angle)


def _outline(box: Box, ink: RGB) -> Rect:
    return Rect(*box, Paint(stroke=ink, stroke_width=LINE_WIDTH))


def _name(element: ElementBox, ink: RGB, font: Font, taken: list[Box]) -> list[Item]:
    """The element's name (and, for a text that shrank, the size it was set at against the
    size asked) on a pale backing inside its box's top-left corner, or a line lower where
    a name placed before is there (narrow boxes side by side: a name runs on past its box);
    an upright name's backing is added to `taken`."""
    said = element.name
    if element.shrank:
        said += f" {element.set_at:g}/{element.asked:g} pt"
    x, y, _, h = element.box
    wide = font.width(said, LABEL_SIZE) + 2 * LABEL_PAD
    high = LABEL_SIZE + LABEL_PAD
    tops = [y + h - line * high for line in range(max(1, int(h // high)))]
    if not element.rotate:  # a turned name is drawn in its box's own turned frame
        top = next((t for t in tops if not _overlaps((x, t - high, wide, high), taken)), tops[0])
        taken.append((x, top - high, wide, high))
    else:
        top = tops[0]
    backing = Group((Rect(x, top - high, wide, high, Paint(fill=LABEL_BACKING)),), opacity=BACKING)
    baseline = top - LABEL_PAD - LABEL_SIZE * CAP_SHARE
    return [backing, Text(x + LABEL_PAD, baseline, said, font.name, LABEL_SIZE, ink)]


def _overlaps(box: Box, others: Sequence[Box]) -> bool:
    """Whether `box` shares any area with one of `others`."""
    x, y, w, h = box
    return any(
        x < ox + ow and ox < x + w and y < oy + oh and oy < y + h for ox, oy, ow, oh in others
    )
