"""Cards drawn small: a `cards` element's or a sheet cell's copies of card faces, the ids
they name, the picture that marks them as one, and, for a print shop, the words that
stand in for them.

A copy is drawn as it prints at its size (`small_copy`), not placed as the face is: a
card at a fifth of its size would print its outlines a fifth as thin and its words a fifth
as large. Its lines are widened to the sheet style's `finest.line` and its words smaller
than `finest.text` left out, so nothing it prints is finer than a printer holds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial

from msgspec.structs import replace

from shapes_print.buildcache import BuildCache, Pinned, Region
from shapes_print.errors import Source, UserError, known_names
from shapes_print.geometry.outlines import rounded_rect_ops
from shapes_print.geometry.primitives import (
    Artifact,
    Group,
    Image,
    Item,
    Line,
    Paint,
    Path,
    Rect,
    Symbol,
    Text,
    Use,
    VectorPicture,
)
from shapes_print.kit.context import DrawContext, colour
from shapes_print.load.cardmodels import Element
from shapes_print.load.printmodels import Finest
from shapes_print.plan.cardtext import Lettering, element_named

Box = tuple[float, float, float, float]
MINI_GAP = 0.08  # space between small cards, as a share of their height
# A face's copy drawn small, by the face and the faces it may place (pinned), its scale and
# the finest marks: every kit of a batch draws its tables' cards alike, at each width a
# table is tried at.
SMALL_COPIES: Region[Pinned[Group]] = Region("cards drawn small", partial(Pinned, 4096))


def card_id_lines(
    spec: list[str] | str, values: Mapping[str, object], where: Source
) -> list[list[str]]:
    """Card ids as lines: a list of ids, or `"{name}"` naming a value that holds a list of ids
    (or a list of lists, one line each)."""
    if isinstance(spec, list):
        return [spec]
    name = spec.strip().removeprefix("{").removesuffix("}")
    value = values.get(name)
    if not spec.startswith("{") or not isinstance(value, list) or not value:
        like = "'{example_cards}'"
        raise UserError(where, f"cards: {spec!r} must name a value holding card ids, like {like}")
    lines = value if isinstance(value[0], list) else [value]
    return [[str(card_id) for card_id in line] for line in lines]


def picture(drawn: Sequence[Item], alt: str, cards: list[str] | str, where: Source) -> Group:
    """Cards drawn small, marked as a picture of the cards `alt` names: their own words print
    too small to read, so a label set that marks pictures needs every one named in words."""
    if not alt.strip():
        shown = ", ".join(cards) if isinstance(cards, list) else cards
        raise UserError(
            where,
            f"cards {shown}: this label set writes out what card pictures show "
            "(picture_words): name them with 'alt', like \"Red 2, Red 4, Red 5\"",
        )
    return Group(tuple(drawn), alt=alt, role="Figure")


def in_words_of(
    element: Element, fields: Mapping[str, object], ctx: DrawContext, where: Source
) -> Lettering:
    """A `cards` element as the words of what it shows (its `alt`, else the cards' ids),
    set as a text in its box, wrapped, down to the print line's smallest size."""
    names = ", ".join(", ".join(line) for line in card_id_lines(element.cards or "", fields, where))
    text = element.alt or names
    named = element_named(element) if element.name else f"the text element {text!r}"
    least = ctx.style.furniture.text_min_size
    return replace(Lettering.of(element), text=text, wrap=True, min_size=least, named=named)


def minis(
    element: Element,
    box: Box,
    fields: Mapping[str, object],
    faces: Mapping[str, Symbol],
    where: Source,
    finest: Finest,
) -> list[Item]:
    """Small copies of cards, as large as the box allows, each line centred, each drawn as
    it prints at its size."""
    x, bottom, w, h = box
    lines = card_id_lines(element.cards or "", fields, where)
    found: list[list[Symbol]] = []
    for line in lines:
        symbols = [faces.get(f"face-{card_id}") for card_id in line]
        if None in symbols:
            missing = line[symbols.index(None)]
            ids = (name.removeprefix("face-") for name in faces if name.startswith("face-"))
            known = known_names(missing, ids)
            raise UserError(where, f"cards: no card {missing!r} to draw (known: {known})")
        found.append([symbol for symbol in symbols if symbol is not None])  # each is
    gap = MINI_GAP
    widest = max(sum(s.width / s.height for s in line) + gap * (len(line) - 1) for line in found)
    mini = min(h / (len(found) + gap * (len(found) - 1)), w / widest)
    ink = colour(element.stroke or "#000000", where, "stroke")
    outline = Paint(stroke=ink, stroke_width=element.stroke_width)
    items: list[Item] = []
    y = bottom + h - (h - mini * (len(found) * (1 + gap) - gap)) / 2
    for row in found:
        y -= mini
        length = sum(s.width / s.height * mini for s in row) + gap * mini * (len(row) - 1)
        left = x + (w - length) / 2
        for symbol in row:
            scale = mini / symbol.height
            items.append(replace(small_copy(symbol, scale, faces, finest), dx=left, dy=y))
            if element.stroke_width:
                items.append(Rect(left, y, symbol.width * scale, mini, outline))
            left += symbol.width * scale + gap * mini
        y -= gap * mini
    return items


def shows_its_sign(face: Symbol, height: float, finest: Finest) -> bool:
    """Whether a copy of a card face drawn `height` tall prints its sign (the words its
    layout calls its picture, "★"), as `small_copy` decides, or has none in words (a drawn
    picture prints at any size). Without it, an Action card drawn small shows only its
    outline and red band: nothing of which card it is."""
    return not face.sign_size or face.sign_size * (height / face.height) >= finest.text


def small_copy(
    symbol: Symbol, scale: float, symbols: Mapping[str, Symbol], finest: Finest
) -> Group:
    """A symbol drawn at `scale` as it prints there: lines thinner than `finest.line`
    widened to it, words smaller than `finest.text` left out, the symbols it places (a
    Task card's example cards, by name in `symbols`) drawn the same way at their size;
    clipped to the symbol's box, as a placed symbol is. Its place is the caller's (dx, dy)."""
    return _Small(scale, finest, symbols).placed(symbol, scale)


def shared_small_copy(
    symbol: Symbol, scale: float, symbols: Mapping[str, Symbol], finest: Finest, cache: BuildCache
) -> Group:
    """`small_copy`, drawn once for the same face, scale and faces it may place."""
    return cache.region(SMALL_COPIES).made(
        (symbol, *symbols.values()),
        (scale, finest.line, finest.text),
        lambda: small_copy(symbol, scale, symbols, finest),
    )


class _Small:
    """The walk of `small_copy` at one scale (a group scaled inside takes its own)."""

    def __init__(self, scale: float, finest: Finest, symbols: Mapping[str, Symbol]) -> None:
        self.scale = scale
        self.finest = finest
        self.symbols = symbols

    def items(self, items: Sequence[Item]) -> tuple[Item, ...]:
        drawn = (self.item(item) for item in items)
        return tuple(item for item in drawn if item is not None)

    def item(self, item: Item) -> Item | None:
        """The item as it prints, or None when nothing of it is left (a word too small)."""
        if isinstance(item, Text):
            return item if item.size * self.scale >= self.finest.text else None
        if isinstance(item, Line):
            return replace(item, width=self.width(item.width))
        if isinstance(item, Path | Rect) and item.paint.stroke:
            return replace(
                item, paint=replace(item.paint, stroke_width=self.width(item.paint.stroke_width))
            )
        if isinstance(item, Group):
            inner = _Small(self.scale * item.scale, self.finest, self.symbols)
            return _unless_empty(replace(item, items=inner.items(item.items)))
        if isinstance(item, Artifact):
            return _unless_empty(replace(item, items=self.items(item.items)))
        if isinstance(item, Use):
            placed = self.placed(self.symbols[item.symbol], 1.0)
            return _unless_empty(replace(placed, dx=item.x, dy=item.y))
        if isinstance(item, Image) and isinstance(item.picture, VectorPicture):
            return replace(item, picture=self.picture(item.picture, item))
        return item

    def placed(self, symbol: Symbol, scale: float) -> Group:
        """The symbol's drawing in a group at `scale` (what this walk's scale already
        holds), clipped to its box."""
        box = rounded_rect_ops(0.0, 0.0, symbol.width, symbol.height, 0.0)
        return Group(self.items(symbol.items), scale=scale, clip=box)

    def width(self, width: float) -> float:
        """A line's width, at least `finest.line` as printed."""
        return max(width, self.finest.line / self.scale)

    def picture(self, picture: VectorPicture, placed: Image) -> VectorPicture:
        """An SVG picture's drawing as it prints where it is placed (its own units scaled
        to its box), named apart from the picture drawn at another size."""
        scale = self.scale * min(placed.w / picture.width, placed.h / picture.height)
        inner = _Small(scale, self.finest, self.symbols)
        name = f"{picture.name}-small-{round(scale * 1000)}"
        return replace(picture, name=name, items=inner.items(picture.items))


def _unless_empty(holder: Group | Artifact) -> Group | Artifact | None:
    return holder if holder.items else None
