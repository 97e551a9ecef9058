"""Rich text's lines as plan items: a text for each run of one face, a drawing for each icon.

Input: a fitted line of pieces (text/rich.py), where it starts and its baseline, the size and
ink, and the draw context (its icons). Output: `Text` items, one per piece of words, and for
each icon a group holding its shape or SVG drawing in a square one em wide and high, standing
on the face's descent, marked as a Span whose words are the icon's name (or its `alt`), so a
reader hears it and braille writes it. An SVG icon's drawing was read with the kit
(kit/pictures.py). An unknown icon is the text's error at the icon.
"""

from __future__ import annotations

from collections.abc import Callable

from msgspec import Struct

from shapes_print.errors import Source, UserError
from shapes_print.geometry.primitives import (
    Colour,
    Group,
    Image,
    Item,
    Paint,
    Path,
    RasterPicture,
    Text,
)
from shapes_print.kit.context import DrawContext, IconDef
from shapes_print.plan.expanded import expanded
from shapes_print.text.grammar import MessageError
from shapes_print.text.markup import Icon, Run, has_markup, plain_text, runs
from shapes_print.text.message import place
from shapes_print.text.rich import RichLine
from shapes_print.text.words import Said


class LineSet(Struct, frozen=True):
    """How a rich text's lines are set: their type size and ink, and the filled text they
    are from with its place in the YAML (for an unknown icon's place)."""

    size: float
    ink: Colour
    text: str
    where: Source | None


def line_items(
    line: RichLine, x: float, baseline: float, setting: LineSet, ctx: DrawContext
) -> list[Item]:
    """The line's pieces from `x` (its left end) on `baseline`."""
    size, ink, text, where = setting.size, setting.ink, setting.text, setting.where
    items: list[Item] = []
    last = len(line.pieces) - 1
    for index, piece in enumerate(line.pieces):
        spaced = line.space_after and index == last
        if not piece.icon:
            words = Text(
                x + piece.x, baseline, piece.text, piece.font.name, size, ink, "start", spaced
            )
            items += expanded(words, piece.font, ctx.words.hearing)
            continue
        icon = known_icon(ctx, piece.icon, text, piece.start, where)
        bottom = piece.font.metrics.descent / 1000 * size
        drawn = _drawn(icon, piece.width, bottom, ink, ctx)
        alt = icon_words(ctx)(piece.icon)
        if all(ord(ch) in piece.font.covered for ch in alt):  # its words in the text layer
            unseen = Text(0, 0, alt, piece.font.name, size, ink, unseen_width=piece.width)
            drawn = (*drawn, unseen)
        items.append(Group(drawn, dx=x + piece.x, dy=baseline, alt=alt, role="Span"))
    return items


def known_icon(ctx: DrawContext, name: str, text: str, start: int, where: Source | None) -> IconDef:
    """The icon of that name, or the text's error at the icon."""
    icon = ctx.icons.get(name)
    if icon is None:
        known = ", ".join(sorted(ctx.icons)) or "none"
        raise UserError(
            place(where, text, start),
            f"unknown icon {name!r} in {{icon:{name}}}",
            f"known icons: {known}; a game adds its own under icons: in its game.yaml",
        )
    return icon


def icon_words(ctx: DrawContext) -> Callable[[str], str]:
    """An icon's words in the label set's language: its `alt`, else its name. Like a
    paper's name, the set's `text:` translates it where it has it ("coin": "moneda"), and
    a complete set lacking it says it as it is, so an icon costs no game its translation."""

    def said(name: str) -> str:
        icon = ctx.icons.get(name)
        alt = icon.style.alt if icon is not None and icon.style.alt else name.replace("-", " ")
        return ctx.words.named(alt)

    return said


def spoken(ctx: DrawContext, text: str, where: Source | None) -> str:
    """A filled text's words without its markup, an icon as its words: what a card's
    alternate text says and braille writes. Plain text is returned as it is."""
    if not has_markup(text):
        return text
    parsed = parsed_runs(text, where)
    for run in parsed:
        if isinstance(run, Icon):
            known_icon(ctx, run.name, text, run.start, where)
    return Said(plain_text(parsed, icon_words(ctx)))


def parsed_runs(text: str, where: Source | None) -> tuple[Run, ...]:
    """The text's runs, or its markup's error at the mark's place."""
    try:
        return runs(text)
    except MessageError as error:
        raise UserError(place(where, text, error.offset), error.message, error.hint) from None


def _drawn(
    icon: IconDef, side: float, bottom: float, ink: Colour, ctx: DrawContext
) -> tuple[Item, ...]:
    """The icon in the square (0, bottom) to (side, bottom + side)."""
    style, picture = icon.style, icon.picture
    if picture is not None:  # its svg file, read with the kit (kit/pictures.py)
        width, height = picture.pixels if isinstance(picture, RasterPicture) else picture.size
        scale = side / max(width, height)
        w, h = width * scale, height * scale
        return (Image(picture, (side - w) / 2, bottom + (side - h) / 2, w, h),)
    shape = style.shape or ""
    if not shape:
        raise UserError(icon.where, "an icon needs a shape: or an svg: to draw")
    if shape not in ctx.shapes:
        known = ", ".join(ctx.shapes.names())
        raise UserError(icon.where, f"icon: unknown shape {shape!r}", f"known shapes: {known}")
    paint = Paint(
        fill=style.fill or ink,
        stroke=style.stroke,
        stroke_width=style.stroke_width if style.stroke else 0.0,
    )
    return (Path(ctx.shapes.outline(shape, 0, bottom, side, side), paint),)
