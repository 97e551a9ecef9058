"""Ink saver: a transform over planned primitives for draft prints, the same for every game.

Fills become outlines in the fill's colour; backs keep only a tint of their colours. Text
that would be too pale to read against the now mostly white paper is printed in black.

Swell paper: the same walk makes black line art of a card for swell (microcapsule) paper,
whose heater raises whatever is dark. Fills become black outlines, lines and words black,
an SVG picture its own drawing's outlines, a photograph (PNG, JPEG) its frame; the braille
dots stay as they are. Only dots, outlines and words rise: no grey fill rises halfway.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from msgspec.structs import replace

from shapes_print.geometry.primitives import (
    BLACK,
    WHITE,
    Artifact,
    Colour,
    Document,
    Group,
    Image,
    Item,
    Line,
    Page,
    Paint,
    Path,
    Rect,
    Symbol,
    Text,
    Use,
    VectorPicture,
)
from shapes_print.load.printmodels import InkSaver


class _Transform:
    def __init__(self, settings: InkSaver, pale: bool) -> None:
        self.settings = settings
        self.pale = pale

    def colour(self, colour: Colour | None) -> Colour | None:
        return colour.mixed_with_white(self.settings.back_tint) if colour and self.pale else colour

    def paint(self, paint: Paint) -> Paint:
        if self.pale:
            return replace(paint, fill=self.colour(paint.fill), stroke=self.colour(paint.stroke))
        if not paint.fill:
            return paint
        if paint.stroke:
            return replace(paint, fill=None)
        return Paint(stroke=paint.fill, stroke_width=self.settings.outline_width)

    def item(self, item: Item) -> Item:
        if isinstance(item, Path | Rect):
            return replace(item, paint=self.paint(item.paint))
        if isinstance(item, Line):
            return replace(item, colour=self.colour(item.colour) or item.colour)
        if isinstance(item, Text):
            readable = item.colour.contrast(WHITE) >= self.settings.min_text_contrast
            return item if readable else replace(item, colour=BLACK)
        if isinstance(item, Group | Artifact):
            return replace(item, items=tuple(self.item(child) for child in item.items))
        return item


def save_ink_symbol(symbol: Symbol, settings: InkSaver, pale: bool) -> Symbol:
    """A card drawing for draft prints: outlined, or pale (for backs)."""
    transform = _Transform(settings, pale)
    return replace(symbol, items=tuple(transform.item(item) for item in symbol.items))


def save_ink_page(page: Page, settings: InkSaver) -> Page:
    transform = _Transform(settings, pale=False)
    return replace(page, items=tuple(transform.item(item) for item in page.items))


PICTURED = "-pictured-"  # a card pictured on a swell-paper face: its line art's own name


class _Swell:
    """Black line art for swell paper, outlines at least `width` thick. In a card's drawing
    (`card`), drawn at `scale`, each card it pictures is placed by the name of its line art
    at the scale it is pictured at (`pictured_name`); a `pictured` card leaves out its
    background (a texture) and its braille dots."""

    def __init__(
        self, width: float, card: bool = False, pictured: bool = False, scale: float = 1.0
    ) -> None:
        self.width = width
        self.card = card
        self.pictured = pictured
        self.scale = scale

    def paint(self, paint: Paint) -> Paint:
        if not paint.fill and not paint.stroke:
            return paint
        width = max(self.width, paint.stroke_width) if paint.stroke else self.width
        return replace(paint, fill=None, stroke=BLACK, stroke_width=width)

    def items(self, items: Iterable[Item]) -> tuple[Item, ...]:
        """The items as line art, a pictured card's background and dots left out."""
        return tuple(self.item(item) for item in items if not (self.pictured and _fine(item)))

    def item(self, item: Item) -> Item:
        if isinstance(item, Path | Rect):
            return replace(item, paint=self.paint(item.paint))
        if isinstance(item, Line):
            return replace(item, colour=BLACK)
        if isinstance(item, Text):
            return replace(item, colour=BLACK)
        if isinstance(item, Image) and isinstance(item.picture, VectorPicture):
            return replace(item, picture=self.drawing(item.picture, item))
        if isinstance(item, Image):  # a photograph's tones would rise by their darkness
            return Rect(
                item.x, item.y, item.w, item.h, Paint(stroke=BLACK, stroke_width=self.width)
            )
        if isinstance(item, Use) and self.card:
            return replace(item, symbol=pictured_name(item.symbol, self.scale))
        if isinstance(item, Artifact) and item.raised:
            return item
        if isinstance(item, Group) and item.scale != 1:
            inner = _Swell(self.width, self.card, self.pictured, self.scale * item.scale)
            return replace(item, items=inner.items(item.items))
        if isinstance(item, Group | Artifact):
            return replace(item, items=self.items(item.items))
        return item

    def drawing(self, picture: VectorPicture, placed: Image) -> VectorPicture:
        """An SVG picture as line art, its outlines `width` thick where it is placed: its
        drawing is in its own units, scaled to the box. A name of its own for each width,
        so the PDF and SVG draw it apart from the picture in colour and from itself placed
        at another size."""
        scale = min(placed.w / picture.width, placed.h / picture.height)
        inner = _Swell(self.width / scale)
        items = inner.items(picture.items)
        name = f"{picture.name}-swell-{round(inner.width * 1000)}"
        return replace(picture, name=name, items=items)


def pictured_name(card: str, scale: float) -> str:
    """The name of a card's line art pictured at `scale` on a swell-paper face: a name of
    its own, apart from the card's (a print-and-play file holds both), for each scale."""
    return f"{card}{PICTURED}{round(scale * 1000)}"


def _fine(item: Item) -> bool:
    """A card's texture (its background) or braille dots: drawn small, as a card pictured
    on another, their lines and dots are too close for a finger to tell apart and print as
    a grey that the heater half raises."""
    return isinstance(item, Artifact) and (item.raised or item.kind == "Background")


# Card drawings made line art, by the drawing's id, the outline width and the scale it is
# pictured at (None for a card itself): a game's faces are drawn once (plan/cardfile.py) and
# every braille kit of it swells the same ones. Each entry holds its drawing, so no id it is
# found by is reused meanwhile.
_SWELLED: dict[tuple[int, float, float | None], tuple[Symbol, Symbol]] = {}
_SWELLED_KEPT = 4096


def swell_symbol(symbol: Symbol, width: float, pictured: float | None = None) -> Symbol:
    """A card drawing for swell paper: black outlines, words and dots, no fills. A card
    `pictured` at that scale on another's face (Collect 3's Task examples) is its outlines,
    `width` thick where it is placed, and its words, under its `PICTURED` name."""
    key = (id(symbol), width, pictured)
    known = _SWELLED.get(key)
    if known is None or known[0] is not symbol:
        if pictured is None:
            swelled = replace(symbol, items=_Swell(width, card=True).items(symbol.items))
        else:
            swell = _Swell(width / pictured, card=True, pictured=True, scale=pictured)
            name = pictured_name(symbol.name, pictured)
            swelled = replace(symbol, name=name, items=swell.items(symbol.items))
        if len(_SWELLED) >= _SWELLED_KEPT:
            _SWELLED.clear()
        known = _SWELLED[key] = (symbol, swelled)
    return known[1]


def swell_pictures(
    faces: Mapping[str, Symbol], shown: Mapping[str, Symbol], width: float
) -> dict[str, Symbol]:
    """The cards that swell-paper `faces` picture, from the drawings `shown` (by the cards'
    own names), each as `swell_symbol` pictures it at each scale a face places it, by the
    name the faces place it by."""
    placed: dict[str, float] = {}
    for face in faces.values():
        _placed(face.items, 1.0, placed)
    return {
        name: swell_symbol(shown[card], width, pictured=scale)
        for name, scale in sorted(placed.items())
        if (card := name.rpartition(PICTURED)[0]) in shown
    }


def _placed(items: Iterable[Item], scale: float, found: dict[str, float]) -> None:
    """The scale each symbol the items place is placed at, by the name it is placed by."""
    for item in items:
        if isinstance(item, Use):
            found.setdefault(item.symbol, scale)
        elif isinstance(item, Group):
            _placed(item.items, scale * item.scale, found)
        elif isinstance(item, Artifact):
            _placed(item.items, scale, found)


def swell_page(page: Page, width: float) -> Page:
    """A sheet's own marks and words for swell paper, black like its cards (the cards it
    places keep their names)."""
    return replace(page, items=_Swell(width).items(page.items))


def draft(document: Document, settings: InkSaver) -> Document:
    """The document's pages with fills turned to outlines (its symbols are drafted already)."""
    return replace(document, pages=[save_ink_page(page, settings) for page in document.pages])
