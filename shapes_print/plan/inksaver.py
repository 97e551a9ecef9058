"""Ink saver: a transform over planned primitives for draft prints, the same for every game.

Fills become outlines in the fill's colour; backs keep only a tint of their colours. Text
that would be too pale to read against the now mostly white paper is printed in black.

Swell paper: the same walk makes black line art of a card for swell (microcapsule) paper,
whose heater raises whatever is dark. Fills become black outlines, lines and words black,
an SVG picture its own drawing's outlines, a photograph (PNG, JPEG) its frame; the braille
dots stay as they are. Only dots, outlines and words rise: no grey fill rises halfway.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial

from msgspec.structs import replace

from shapes_print.buildcache import BuildCache, Pinned, Region
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


class _Swell:
    """Black line art for swell paper, outlines at least `width` thick. A card drawn small
    on another (`pictured`: a scaled group, as plan/minis.py draws one) leaves out its
    background (a texture) and its braille dots, its outlines as thick where it is placed
    as the card's own."""

    def __init__(self, width: float, pictured: bool = False) -> None:
        self.width = width
        self.pictured = pictured

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
        if isinstance(item, Artifact) and item.raised:
            return item
        if isinstance(item, Group) and item.scale != 1:  # a card drawn small
            inner = _Swell(self.width / item.scale, pictured=True)
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


def _fine(item: Item) -> bool:
    """A card's texture (its background) or braille dots: drawn small, as a card pictured
    on another, their lines and dots are too close for a finger to tell apart and print as
    a grey that the heater half raises."""
    return isinstance(item, Artifact) and (item.raised or item.kind == "Background")


# Card drawings made line art, by the drawing (pinned) and the outline width: a game's
# faces are drawn once in a build (plan/cardfile.py) and every braille kit of it swells
# the same ones.
SWELLED: Region[Pinned[Symbol]] = Region("swelled drawings", partial(Pinned, 4096))


def swell_symbol(symbol: Symbol, width: float, cache: BuildCache) -> Symbol:
    """A card drawing for swell paper: black outlines, words and dots, no fills; the cards
    it shows small (Collect 3's Task examples) their outlines and words alone. Made once
    in a build (its `cache`)."""

    def swelled() -> Symbol:
        return replace(symbol, items=_Swell(width).items(symbol.items))

    return cache.region(SWELLED).made((symbol,), width, swelled)


def swell_page(page: Page, width: float) -> Page:
    """A sheet's own marks and words for swell paper, black like its cards (the cards it
    places keep their names)."""
    return replace(page, items=_Swell(width).items(page.items))


def draft(document: Document, settings: InkSaver) -> Document:
    """The document's pages with fills turned to outlines (its symbols are drafted already)."""
    return replace(document, pages=[save_ink_page(page, settings) for page in document.pages])
