"""Card faces and backs: a template layout filled with one card's fields, as a Symbol.

Each distinct face is drawn once and placed many times, so a deck of 18 cards with three
faces holds three drawings, not eighteen. Boxes are resolved against the card's size here,
so one layout serves every card size; with a bleed, the symbol grows by the bleed on every
side and elements marked `bleed` that reach a card edge run on to the bleed edge. A card
says what it shows, for a reader's software: its colour and shape where they have names
and its words do not say them (plan/cardcues.py), then the words printed on it, in the
label set's message for a face or a back (`card_alt`, `card_back_alt`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from msgspec import Struct

from shapes_print.errors import Source, UserError, warn
from shapes_print.geometry.outlines import ellipse_ops, rounded_rect_ops
from shapes_print.geometry.primitives import (
    Artifact,
    Group,
    Image,
    Item,
    Line,
    Paint,
    Path,
    PathOp,
    Picture,
    RasterPicture,
    Rect,
    Symbol,
)
from shapes_print.kit.context import DrawContext, colour, picture_folder
from shapes_print.load.cardmodels import CardTemplate, Element, card_box, turned_bounds
from shapes_print.load.places import key_place, value_place
from shapes_print.plan.boxes import ElementBox, element_box, overlay, turned_about
from shapes_print.plan.cardcues import cued_words
from shapes_print.plan.cardtext import (
    Box,
    ElementAt,
    braille_words,
    filled,
    set_words,
    text_lines,
    text_room,
)
from shapes_print.plan.icons import spoken
from shapes_print.plan.minis import in_words_of, minis, picture
from shapes_print.text.listeners import in_room, rooms_wanted
from shapes_print.text.words import Said

# Pixels per inch below which a printed picture looks soft: the usual floor for print.
MIN_DPI = 300


class CardSide(Struct, frozen=True):
    """One side of a card to draw: its drawing's own id (`name`, which no one wrote), its
    layout, its fields, its place in the YAML, how a message names it as its deck writes
    it (`shown`, "card 'circle'"), and whether it is a back."""

    name: str
    layout: str
    fields: Mapping[str, object]
    where: Source
    shown: str = ""
    back: bool = False


class CardDrawing(Struct, frozen=True):
    """How a deck's sides are drawn: on its template, with a `bleed` or none, and with the
    card drawings a `cards` element may show small copies of (`faces`); for a print shop
    (`shop`) the element prints what they show in words instead, since cards drawn that
    small have lines and words too fine for a press). With `boxes`, the layout's boxes
    are drawn over each side (plan/boxes.py)."""

    template: CardTemplate
    bleed: float = 0.0
    faces: Mapping[str, Symbol] | None = None
    shop: bool = False
    boxes: bool = False


def card_symbol(side: CardSide, drawing: CardDrawing, ctx: DrawContext) -> Symbol:
    """Draw one side of a card in its own coordinates: origin at bottom-left. With a bleed
    the origin is the bleed's corner and the card sits `bleed` in from it. With `boxes`
    asked for, the layout's boxes are drawn over it, its last item (plan/boxes.py)."""
    template, bleed, name = drawing.template, drawing.bleed, side.name
    width, height = template.card["width"], template.card["height"]
    drawn = _drawn_side(side, drawing, ctx)
    items = (Group(drawn.items, dx=bleed, dy=bleed),) if bleed else drawn.items
    if drawing.boxes:
        font = ctx.fonts.regular
        shown = overlay(drawn.boxes, (width, height), template.text_safe, bleed, font)
        items = (*items, Group((shown,), dx=bleed, dy=bleed) if bleed else shown)
    elements = template.layouts[side.layout].elements
    said = Said(_spoken(cued_words(drawn.words, side.fields, elements, ctx.words)) or name)
    message = ctx.style.card_back_alt if side.back else ctx.style.card_alt
    # Its signs ("★") in words: an alternate text is heard as it is written. The message is
    # the sheet style's, searched from its furniture's line (not the card's, which lacks it).
    words = ctx.words.fill(message, {"words": said}, ctx.furniture_source)
    alt = ctx.words.hearing.heard(words)
    return Symbol(name, width + 2 * bleed, height + 2 * bleed, items, alt, drawn.sign_size)


def element_boxes(side: CardSide, drawing: CardDrawing, ctx: DrawContext) -> list[ElementBox]:
    """Each element one side of a card draws, with its box and the size its words were set
    at (`preview --boxes` lists the texts that shrank)."""
    return _drawn_side(side, drawing, ctx).boxes


class _DrawnSide(Struct, frozen=True):
    """A card side's elements drawn, the words they print, each one's box, and the size of
    the smallest words its layout calls its picture (its sign, "★"; 0 for none)."""

    items: tuple[Item, ...]
    words: list[str]
    boxes: list[ElementBox]
    sign_size: float = 0.0


def _drawn_side(side: CardSide, drawing: CardDrawing, ctx: DrawContext) -> _DrawnSide:
    layout, fields, where = side.layout, side.fields, side.where
    template, bleed = drawing.template, drawing.bleed
    card = side.shown or f"card {side.name!r}"
    if layout not in template.layouts:
        known = ", ".join(template.layouts)
        raise UserError(
            key_place(where, "layout"),
            f"layout {layout!r} is not in template {template.id!r} ({known})",
        )
    width, height = template.card["width"], template.card["height"]
    items: list[Item] = []
    words: list[str] = []
    boxes: list[ElementBox] = []
    signs: list[float] = []
    elements = template.layouts[layout].elements
    for index, element in enumerate(elements):
        if not element.shown_on(fields):
            continue
        if element.kind == "text" and element.text:
            words.append(spoken(ctx, ctx.words.fill(element.text, fields, where), where))
        box = _box(element, template, where, _Named(card, layout, index))
        if element.bleed and bleed:
            box = _bleed(box, (width, height), bleed)
        at = ElementAt(element, box, fields, where, card, side.back)
        texts = element.kind == "text" and element.text and rooms_wanted()
        with in_room(text_room(element, box, ctx, (width, height)) if texts else None):
            drawn, said = _drawn_element(at, elements, drawing, ctx)
        words += said
        boxes.append(element_box(element, index, box, drawn, ctx.style.body_size))
        if element.what == "picture" and boxes[-1].set_at:
            signs.append(boxes[-1].set_at)
        drawn = _turned(drawn, box, element)
        items.extend(drawn)
        if element.mirror:
            items.append(Group(drawn, dx=width, dy=height, angle=180))
    return _DrawnSide(tuple(items), words, boxes, min(signs, default=0.0))


def _drawn_element(
    at: ElementAt, elements: Sequence[Element], drawing: CardDrawing, ctx: DrawContext
) -> tuple[tuple[Item, ...], list[str]]:
    """One element drawn in its box, and the words it prints beyond its text's own (a
    print shop's small cards said in words)."""
    element, box, fields, where = at.element, at.box, at.fields, at.where
    if element.kind == "braille":
        return tuple(braille_words(at, elements, ctx)), []
    if element.kind == "cards" and drawing.shop:
        in_words = in_words_of(element, fields, ctx, where)
        said = [ctx.words.fill(in_words.text or "", fields, where)]
        return tuple(set_words(at, in_words, ctx)), said
    if element.kind == "cards":
        drawn = tuple(minis(element, box, fields, drawing.faces or {}, where, ctx.style.finest))
        if ctx.style.picture_words:
            alt = ctx.words.fill(element.alt or "", fields, where)
            drawn = (picture(drawn, alt, element.cards or "", where),)
        return drawn, []
    return tuple(_element(at, ctx)), []


def _turned(drawn: tuple[Item, ...], box: Box, element: Element) -> tuple[Item, ...]:
    """The element's drawing turned clockwise by its `rotate` about its box's centre, and
    seen through at its `opacity`: one group, as the PDF and the SVG draw it."""
    if not drawn or (not element.rotate and element.opacity >= 1):
        return drawn
    dx, dy, angle = turned_about(box, element.rotate)
    return (Group(drawn, dx=dx, dy=dy, angle=angle, opacity=element.opacity),)


def _spoken(words: Sequence[str]) -> str:
    """A card's words as one sentence, each once: a comma between them, unless one ends
    its own sentence ("Three of a colour. Example: Red 2")."""
    said = ""
    for word in dict.fromkeys(" ".join(word.split()) for word in words):
        if word:
            said += (" " if said.endswith((".", "!", "?", ":")) else ", ") * bool(said) + word
    return said


class _Named(Struct, frozen=True):
    """How a message names an element: its card, its layout and its index there."""

    card: str
    layout: str
    index: int


class NoRoom(UserError):
    """An element whose box has no room on the card (a card size smaller than its layout
    was written for): its `layout` and `index`, for a caller that knows the layout's file
    to name the element's line."""

    def __init__(self, where: Source, message: str, layout: str, index: int) -> None:
        super().__init__(where, message)
        self.layout, self.index = layout, index


def _box(element: Element, template: CardTemplate, where: Source, named: _Named) -> Box:
    """The element's box in card points, y up; text must stay inside the text-safe inset."""
    width, height = template.card["width"], template.card["height"]
    x, top, w, h = card_box(element, template)
    line = element.kind == "line"  # a line may be no width wide or no height high
    if (w < 0 or h < 0 or w + h <= 0) if line else (w <= 0 or h <= 0):
        called = f"element {element.name!r}" if element.name else f"element {named.index}"
        size = f"{w / 72 * 25.4:.1f} mm wide" if w <= 0 else f"{h / 72 * 25.4:.1f} mm high"
        raise NoRoom(
            where,
            f"{named.card} (layout {named.layout!r}): {called}, a {element.kind} box, has no "
            f"room on a {width / 72 * 25.4:.1f} x {height / 72 * 25.4:.1f} mm card: it is {size}",
            named.layout,
            named.index,
        )
    inset = template.text_safe - 1e-6
    left, high, wide, tall = turned_bounds((x, top, w, h), element.rotate)
    outside = min(left, high) < inset or left + wide > width - inset or high + tall > height - inset
    if element.kind in ("text", "braille") and outside:
        raise UserError(
            where,
            f"template {template.id!r}: text box for {element.text!r}"
            f"{f' turned {element.rotate:g}°' if element.rotate else ''} comes closer than "
            f"{template.text_safe / 72 * 25.4:.1f} mm to the edge of a "
            f"{width / 72 * 25.4:.1f} x {height / 72 * 25.4:.1f} mm card",
        )
    return x, height - top - h, w, h


def _bleed(box: Box, card: tuple[float, float], bleed: float) -> Box:
    """Stretch each side of a box that lies on the card's edge out to the bleed edge."""
    x, y, w, h = box
    left, bottom = x - (bleed if x <= 1e-6 else 0), y - (bleed if y <= 1e-6 else 0)
    right = x + w + (bleed if x + w >= card[0] - 1e-6 else 0)
    top = y + h + (bleed if y + h >= card[1] - 1e-6 else 0)
    return left, bottom, right - left, top - bottom


def _paint(element: Element, fields: Mapping[str, object], where: Source) -> Paint:
    fill_colour = filled(element.fill, fields, where)
    stroke = filled(element.stroke, fields, where)
    return Paint(
        fill=colour(fill_colour, value_place(element.fill, where)[0], "fill")
        if fill_colour
        else None,
        stroke=colour(stroke, value_place(element.stroke, where)[0], "stroke") if stroke else None,
        stroke_width=element.stroke_width if stroke else 0.0,
    )


def _layered(ops: tuple[PathOp, ...], paint: Paint, patterned: list[Item]) -> list[Item]:
    """A figure filled, then its texture clipped to the same outline, then its outline
    stroked over both, so the texture never crosses the outline or its corners."""
    stroke = [Path(ops, Paint(stroke=paint.stroke, stroke_width=paint.stroke_width))]
    return [Path(ops, Paint(fill=paint.fill)), *patterned, *(stroke if paint.stroke else [])]


def _pattern(
    element: Element,
    box: Box,
    clip: tuple[PathOp, ...],
    fields: Mapping[str, object],
    ctx: DrawContext,
    where: Source,
) -> list[Item]:
    name = filled(element.pattern, fields, where)
    if not name or name == "none":
        return []
    if name not in ctx.patterns.names():
        at, named = value_place(element.pattern, where)
        raise UserError(
            at, f"unknown pattern {name!r}{named} (known: {', '.join(ctx.patterns.names())})"
        )
    ink_at = value_place(element.pattern_colour, where)[0]
    ink = colour(
        filled(element.pattern_colour, fields, where) or "#000000", ink_at, "pattern_colour"
    )
    # A texture beside the colour and the words it repeats: a background to a reader.
    return [Artifact((Group(ctx.patterns.strokes(name, box, ink), clip=clip),), "Background")]


def _element(at: ElementAt, ctx: DrawContext) -> list[Item]:
    element, box, fields, where, card = at.element, at.box, at.fields, at.where, at.card
    paint = _paint(element, fields, where)
    if element.kind == "rect":
        ops = rounded_rect_ops(*box, element.radius)
        patterned = _pattern(element, box, ops, fields, ctx, where)
        return _layered(ops, paint, patterned) if patterned else [Rect(*box, paint, element.radius)]
    if element.kind == "pattern":
        return _pattern(element, box, rounded_rect_ops(*box, 0), fields, ctx, where)
    if element.kind == "image":
        return _image(at, ctx)
    if element.kind == "line":  # from the box's top-left corner to its bottom-right
        x, y, w, h = box
        assert paint.stroke is not None  # the model asks a line for its stroke
        return [Line(x, y + h, x + w, y, paint.stroke, paint.stroke_width)]
    if element.kind == "ellipse":
        x, y, w, h = box
        ops = tuple(ellipse_ops(x + w / 2, y + h / 2, w / 2, h / 2))
        return _layered(ops, paint, _pattern(element, box, ops, fields, ctx, where))
    if element.kind == "shape":
        shape = filled(element.shape, fields, where)
        if shape not in ctx.shapes.names():
            known = ", ".join(ctx.shapes.names())
            written, named = value_place(element.shape, where)
            raise UserError(
                written, f"{card}: unknown shape {shape!r}{named}", f"known shapes: {known}"
            )
        ops = ctx.shapes.outline(shape, *box)
        return _layered(ops, paint, _pattern(element, box, ops, fields, ctx, where))
    return text_lines(at, ctx)


def _image(at: ElementAt, ctx: DrawContext) -> list[Item]:
    """A picture fitted to its box: a `{field}` names a file beside the deck (or spreadsheet)
    that holds the field, a name written in the layout one beside the layout, read with the
    kit (kit/pictures.py). With `alt` it is a picture of what `alt` says; without, an
    ornament."""
    element, fields, where = at.element, at.fields, at.where
    written = element.src or ""
    name = filled(written, fields, where).strip()
    if not name:
        return []  # an empty field: this card has no picture
    folder = picture_folder(written, where, ctx.layouts_folder)[0]
    image = fitted(ctx.pictures.get(folder, name), at.box, element.fit)
    place = value_place(written, where)[0]  # the field's own cell or line, when one names it
    warn_low_resolution(image, at.card, name, place)
    if ctx.style.braille is not None and not at.back:
        warn_flat_on_swell(image, at.card, name, place)
    alt = ctx.words.fill(element.alt, fields, where) if element.alt else ""
    if alt.strip():
        return [Group((image,), alt=alt, role="Figure")]
    return [Artifact((image,), "Background")]


def fitted(picture: Picture, box: Box, fit: str) -> Image:
    """The picture over the box: all of it centred (contain), the box filled and the rest
    cropped (cover), or its sides pulled to the box's (stretch)."""
    x, y, w, h = box
    if fit == "stretch":
        return Image(picture, x, y, w, h)
    width, height = picture.pixels if isinstance(picture, RasterPicture) else picture.size
    scale = (min if fit == "contain" else max)(w / width, h / height)
    shown_w, shown_h = width * scale, height * scale
    clip = rounded_rect_ops(*box, 0) if fit == "cover" else None
    return Image(picture, x + (w - shown_w) / 2, y + (h - shown_h) / 2, shown_w, shown_h, clip)


def warn_low_resolution(image: Image, card: str, shown: str, where: Source | None) -> None:
    """One line on stderr when a raster picture prints below MIN_DPI, naming the card (as
    messages name it: "card 'moon'"), the file and the dots per inch it prints at (once
    per build for each such line)."""
    picture = image.picture
    if not isinstance(picture, RasterPicture) or image.w <= 0 or image.h <= 0:
        return
    dpi = min(picture.pixels[0] / (image.w / 72), picture.pixels[1] / (image.h / 72))
    if dpi >= MIN_DPI - 0.5:
        return
    needed = (round(image.w / 72 * MIN_DPI), round(image.h / 72 * MIN_DPI))
    line = (
        f"warning: {where}: {card}: picture {shown} prints at {dpi:.0f} dpi, below "
        f"{MIN_DPI}; it needs {needed[0]:,} x {needed[1]:,} pixels at this size "
        f"(it has {picture.pixels[0]:,} x {picture.pixels[1]:,})"
    )
    warn(line)


def warn_flat_on_swell(image: Image, card: str, shown: str, where: Source | None) -> None:
    """One line on stderr when a braille set's card face shows a raster picture: swell
    paper would raise its tones by their darkness, so plan/inksaver.py prints its frame
    alone, and without a word the designer would find an empty box on the cards."""
    picture = image.picture
    if not isinstance(picture, RasterPicture):
        return
    warn(
        f"warning: {where}: {card}: picture {shown} is a {picture.kind.upper()}, which swell "
        "paper (the braille label sets) prints as its empty frame; draw it as SVG for its "
        "outlines to rise"
    )
