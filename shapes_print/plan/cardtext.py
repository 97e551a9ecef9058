"""A card element's words: fitted into its box (plain or rich text, with icons) or as
braille dots, and named as its layout writes it when something does not fit."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

from msgspec import Struct
from msgspec.structs import replace

from shapes_print.errors import Source, UserError
from shapes_print.geometry.primitives import Item, Text
from shapes_print.kit.braillefit import BrailleRoomError, BrailleSignError, braille_lines
from shapes_print.kit.context import DrawContext, colour
from shapes_print.load.cardmodels import Element
from shapes_print.load.places import one_field, value_place
from shapes_print.load.printmodels import BrailleStyle
from shapes_print.plan.braille import braille_dots
from shapes_print.plan.icons import LineSet, line_items, parsed_runs, spoken
from shapes_print.text.fit import fit
from shapes_print.text.fonts import Font
from shapes_print.text.listeners import Room
from shapes_print.text.markup import Run, has_markup, is_plain, plain_text
from shapes_print.text.message import fill
from shapes_print.text.rich import rich_fit
from shapes_print.text.words import Said, Words

Box = tuple[float, float, float, float]
# A line's cap height, as a share of its size.
CAP_SHARE = 0.72
# The texts that say which card this is (not a rule, a note or a corner index repeating
# them): what a braille zone that writes no text of its own spells.
NAMING_ROLES = ("title", "card-word")


def filled(value: str | None, fields: Mapping[str, object], where: Source) -> str:
    """A layout's value with the card's fields filled in ('' for none)."""
    return fill(value, fields, where) if value else ""


def element_named(element: Element) -> str:
    """An element as its layout writes it: by its name, or else by its text as written."""
    if element.name:
        return f"element {element.name!r}"
    return f"the {element.kind} element {element.text!r}"


class ElementAt(Struct, frozen=True):
    """One element of one card as it is drawn: the element, its box on the card, the
    card's fields, its place in the YAML, how a message names the card, and whether it is
    on a back (which swell paper does not print)."""

    element: Element
    box: Box
    fields: Mapping[str, object]
    where: Source
    card: str
    back: bool = False


class Lettering(Struct, frozen=True):
    """How a card's words are set in their box: the text as written (its fields yet to
    fill), bold or not, the type size and least size (None: the style's body size, not
    shrunk), the colour as written, the alignment, whether it wraps, and how a message
    names it. A text element's own (`of`), or the words a print shop's card shows for
    small cards (plan/minis.py)."""

    text: str | None
    bold: bool
    size: float | None
    min_size: float | None
    colour: str
    align: Literal["left", "centre", "right"]
    wrap: bool
    named: str

    @classmethod
    def of(cls, element: Element) -> Lettering:
        """A text element's words as its layout sets them."""
        return cls(
            element.text,
            element.bold,
            element.size,
            element.min_size,
            element.colour,
            element.align,
            element.wrap,
            element_named(element),
        )


def text_lines(at: ElementAt, ctx: DrawContext) -> list[Item]:
    """A text element's words fitted into its box, aligned as its layout says."""
    return set_words(at, Lettering.of(at.element), ctx)


def set_words(at: ElementAt, look: Lettering, ctx: DrawContext) -> list[Item]:
    """Words fitted into the element's box as `look` sets them."""
    box, fields, where = at.box, at.fields, at.where
    words = ctx.words.fill(look.text, fields, where) if look.text else ""
    if not words:
        return []
    parsed = parsed_runs(words, where) if has_markup(words) else ()
    if parsed and not is_plain(parsed):
        return rich_lines(at, look, ctx, words, parsed)
    if parsed:
        words = plain_text(parsed, str)
    font = ctx.fonts.pick(look.bold)
    fitted = fit(words, font, *_room(look, box, ctx), **_fitting(look, ctx, at))
    ink = colour(filled(look.colour, fields, where), where, "colour")
    anchor, x = {
        "left": ("start", box[0]),
        "centre": ("middle", box[0] + box[2] / 2),
        "right": ("end", box[0] + box[2]),
    }[look.align]
    baseline = first_baseline(box, fitted.size, fitted.leading, len(fitted.lines))
    # The text layer holds a space where a wrap broke at one, and after the last line: a
    # card's texts are apart, so where the card is a picture on a sheet its words, read
    # from the structure, do not run into each other ("WILD ★ Counts", not "WILD★Counts").
    last = len(fitted.lines) - 1
    return [
        Text(
            x,
            baseline - i * fitted.leading,
            line,
            font.name,
            fitted.size,
            ink,
            anchor,  # type: ignore[arg-type]
            space_after=spaced or i == last,
        )
        for i, (line, spaced) in enumerate(zip(fitted.lines, fitted.breaks, strict=True))
    ]


def _room(look: Lettering, box: Box, ctx: DrawContext) -> tuple[tuple[float, float], float, float]:
    """The box's size and the words' type size and least size: what plain and rich text
    are fitted into alike."""
    size = look.size or ctx.style.body_size
    return (box[2], box[3]), size, look.min_size or size


def text_room(element: Element, box: Box, ctx: DrawContext, card: tuple[float, float]) -> Room:
    """The room a text element's box gives its words on a card of size `card` (points):
    what a translator is told a translation must fit (`labels extract`)."""
    look = Lettering.of(element)
    (width, height), _, least = _room(look, box, ctx)
    return Room(width, height, least, ctx.style.line_spacing if look.wrap else None, card)


def _fitting(look: Lettering, ctx: DrawContext, at: ElementAt) -> dict[str, Any]:
    """How plain and rich text wrap alike, and the name a text too long is reported by."""
    return {
        "wrap_lines": look.wrap,
        "line_spacing": ctx.style.line_spacing if look.wrap else 1.0,
        "where": _words_place(look.text, at.fields, at.where, ctx.words),
        "what": f"{at.card}, {look.named}",
    }


def _words_place(
    text: str | None, fields: Mapping[str, object], where: Source, words: Words
) -> Source:
    """Where a text's words are written, to be shortened: the label set's line translating
    the text, or the one field it is filled from (`{label}`: CIRCLE), else that field's
    cell or line."""
    name = one_field(text)
    for english in (text, fields.get(name) if name else None):
        if isinstance(english, str) and (written := words.written_at(english)):
            return written
    return value_place(text, where)[0]


def first_baseline(box: Box, size: float, leading: float, lines: int) -> float:
    """The first line's baseline, the block of lines centred in the box vertically (cap
    height is about 0.72 of the size)."""
    block = leading * (lines - 1) + size * CAP_SHARE
    return box[1] + box[3] / 2 + block / 2 - size * CAP_SHARE


def rich_lines(
    at: ElementAt, look: Lettering, ctx: DrawContext, words: str, parsed: tuple[Run, ...]
) -> list[Item]:
    """Text with bold, italic or icons (`words` filled, then `parsed`): fitted across its
    runs, each line placed as its alignment says, its pieces one after another."""
    box, fields, where = at.box, at.fields, at.where
    fonts = ctx.fonts

    def faces(bold: bool, italic: bool) -> Font:
        return fonts.pick(bold or bool(look.bold), italic)

    fitted = rich_fit(parsed, faces, *_room(look, box, ctx), **_fitting(look, ctx, at))
    ink = colour(filled(look.colour, fields, where), where, "colour")
    baseline = first_baseline(box, fitted.size, fitted.leading, len(fitted.lines))
    share = {"left": 0.0, "centre": 0.5, "right": 1.0}[look.align]
    items: list[Item] = []
    last = len(fitted.lines) - 1
    for index, line in enumerate(fitted.lines):
        x = box[0] + (box[2] - line.width) * share
        y = baseline - index * fitted.leading
        ended = replace(line, space_after=True) if index == last else line  # as text_lines
        items += line_items(ended, x, y, LineSet(fitted.size, ink, words, where), ctx)
    return items


def braille_text(
    element: Element,
    elements: Sequence[Element],
    fields: Mapping[str, object],
    ctx: DrawContext,
    where: Source,
    card: str,
) -> str:
    """What a braille element spells, as the card's dots and the kit's .brf both write it:
    its `text`, or, where it writes none (the zone a braille set gives a game's own layout,
    kit/braillezone.py), the words the card's title and card-word texts print, through
    the set's `card_words` message. A card with nothing to spell is refused, never left
    without dots."""
    style = ctx.style.braille
    if element.text:
        return spoken(ctx, ctx.words.fill(element.text, fields, where), where)
    if style is None:
        return ""
    naming = [
        spoken(ctx, ctx.words.fill(text, fields, where), where)
        for text in _naming(elements, fields)
    ]
    words = " ".join(dict.fromkeys(" ".join(w.split()) for w in naming if w.strip()))
    if not words:
        raise UserError(
            where,
            f"{card}: its face prints no {' or '.join(NAMING_ROLES)} text for its braille to spell",
            "give a text of its layout `role: card-word`, or write the layout's own "
            "braille element with the text it spells",
        )
    return ctx.words.fill(style.card_words, {"words": Said(words)}, where)


def _naming(elements: Sequence[Element], fields: Mapping[str, object]) -> list[str]:
    """The texts of the card's face that say which card it is, as written in its layout."""
    return [
        e.text
        for e in elements
        if e.kind == "text" and e.text and e.what in NAMING_ROLES and not e.hidden
        if not e.when or fields.get(e.when)
    ]


def _spelled_lines(
    at: ElementAt, elements: Sequence[Element], ctx: DrawContext, words: str, style: BrailleStyle
) -> list[str]:
    """The braille element's `words` in lines that fit its zone; else the error, at the
    field's cell or line of the one text it spells that fails alone (a letter the code
    lacks in `{label}`), or else at the card."""
    what = f"{at.card}, {element_named(at.element)}"
    locale = ctx.words.locale
    try:
        return braille_lines(words, locale, at.box, style, at.where, what)
    except (BrailleRoomError, BrailleSignError) as error:
        texts = [at.element.text] if at.element.text else _naming(elements, at.fields)
        for text in texts:
            alone = spoken(ctx, ctx.words.fill(text, at.fields, at.where), at.where)
            try:
                braille_lines(alone, locale, at.box, style, at.where, what)
            except (BrailleRoomError, BrailleSignError):
                place = value_place(text, at.where)[0]
                raise type(error)(place, error.message, error.hint) from None
        raise


def braille_words(at: ElementAt, elements: Sequence[Element], ctx: DrawContext) -> list[Item]:
    """The element's words in braille dots, when the label set gives braille sizes;
    `elements` are its layout's (a zone writing no text spells its card's names)."""
    element, box, fields, where, card = at.element, at.box, at.fields, at.where, at.card
    style = ctx.style.braille
    if style is None:
        return []
    words = braille_text(element, elements, fields, ctx, where, card)
    if not words:
        return []
    return braille_dots(_spelled_lines(at, elements, ctx, words, style), box, style)
