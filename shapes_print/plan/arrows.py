"""An `arrow` block: a sheet's big direction arrow, its caption above and its word below.

Input: the block (direction, caption, word) and the column. Output: one box, the caption a
paragraph and the drawing with its word a Figure, so a reader hears the caption, then the
direction once; the box takes the page's spare room above its caption.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from shapes_print.errors import Source, UserError
from shapes_print.geometry.outlines import arrow_ops
from shapes_print.geometry.primitives import Group, Item, Paint, Path
from shapes_print.load.models import ArrowBlock
from shapes_print.plan.flow import Box
from shapes_print.plan.paragraphs import Column, Setting, paragraph
from shapes_print.plan.tables import Drawn
from shapes_print.text.message import fill
from shapes_print.text.words import Said


def stack(parts: Sequence[Drawn], gap: float) -> Drawn:
    """Drawn parts one under the other, `gap` apart."""
    items: list[Item] = []
    y = 0.0
    for height, drawn in parts:
        items.append(Group(tuple(drawn), dy=y))
        y -= height + gap
    return -y - gap, items


def arrow_block(
    col: Column, arrow: ArrowBlock, values: Mapping[str, Any], where: Source
) -> list[Box]:
    """A direction arrow under its caption: the caption a paragraph, read first; the arrow
    and its big direction word one picture, whose Alt says the direction once."""
    style = col.ctx.style
    direction = fill(arrow.direction, values, where)
    if direction not in ("left", "right"):
        raise UserError(where, f"arrow: direction must be 'left' or 'right', got {direction!r}")
    caption_text = col.ctx.words.fill(arrow.caption, values, where)
    caption = paragraph(
        col,
        caption_text,
        Setting(style.heading_size, True, True),
        col.width,
        col.ctx.words.place_of(arrow.caption, where),
    )
    height = style.arrow_height if col.arrow_height is None else col.arrow_height
    ops = arrow_ops(col.width, height, direction == "right")
    word_size = style.heading_size * 2
    word_text = col.ctx.words.fill(arrow.word, values, where)
    word_at = col.ctx.words.place_of(arrow.word, where)
    word = paragraph(col, word_text, Setting(word_size, True, overflow=False), col.width, word_at)
    gap = style.table_padding * 2
    centred = Group(
        tuple(word[1]),
        dx=(col.width - col.ctx.fonts.bold.width(word_text, word_size)) / 2,
        dy=-height - gap,
    )
    # The drawing and its big word are one picture of the direction, said once in the label
    # set's words; the caption above is read before it.
    alt = col.ctx.words.fill(
        style.arrow_alt, {**values, "direction": direction, "caption": Said(caption_text)}, where
    )
    drawing = Group((Path(ops, Paint(fill=style.arrow_colour)), centred), alt=alt, role="Figure")
    parts: list[tuple[float, list[Item]]] = [
        (caption[0], [Group(tuple(caption[1]), role="P")]),
        (height + gap + word[0], [drawing]),
    ]
    height, items = stack(parts, gap)
    # Room above the caption, at least the gap under it and as much of the page's spare
    # room as it gives (up to an arrow's height), so a caption stands clearly nearer its own
    # arrow than the word of the arrow above it.
    drawn = tuple(items)
    return [
        Box(
            height + gap,
            (Group(drawn, dy=-gap),),
            stretch=style.arrow_height,
            stretched=lambda extra: (Group(drawn, dy=-gap - extra),),
        )
    ]
