"""Cards drawn small: a `cards` element's or a sheet cell's copies of card faces, the ids
they name, the picture that marks them as one, and, for a print shop, the words that
stand in for them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from shapes_print.errors import Source, UserError, known_names
from shapes_print.geometry.primitives import Group, Item, Paint, Rect, Symbol, Use
from shapes_print.kit.context import DrawContext, colour
from shapes_print.load.cardmodels import Element

Box = tuple[float, float, float, float]
MINI_GAP = 0.08  # space between small cards, as a share of their height


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
) -> Element:
    """A `cards` element as the words of what it shows (its `alt`, else the cards' ids),
    wrapped and centred in its box at body size, down to the print line's smallest size."""
    names = ", ".join(", ".join(line) for line in card_id_lines(element.cards or "", fields, where))
    return element.model_copy(
        update={
            "kind": "text",
            "text": element.alt or names,
            "wrap": True,
            "min_size": ctx.style.furniture.text_min_size,
        }
    )


def minis(
    element: Element,
    box: Box,
    fields: Mapping[str, object],
    faces: Mapping[str, Symbol],
    where: Source,
) -> list[Item]:
    """Small copies of cards, as large as the box allows, each line centred."""
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
            items.append(Group((Use(symbol.name, 0, 0),), dx=left, dy=y, scale=scale))
            if element.stroke_width:
                items.append(Rect(left, y, symbol.width * scale, mini, outline))
            left += symbol.width * scale + gap * mini
        y -= gap * mini
    return items
