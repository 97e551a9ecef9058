"""WCAG contrast of every ink against what it is printed on, held to the label set's minimums.

Pairs come from the resolved style and card layouts (after the label set is applied), so a
label set that asks for 7:1 cannot ship a pair below it: `check` and `build` both refuse.
A shape counts by the better of its fill and its outline; a pattern counts against the
shape it fills. Patterns on card backs are decoration, not information, and are not held.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Literal

from msgspec import Struct

from shapes_print.errors import Source, UserError
from shapes_print.geometry.primitives import BLACK, RGB, WHITE, Colour
from shapes_print.kit.context import colour
from shapes_print.load.cardmodels import CardTemplate, card_box
from shapes_print.load.labels import Layered, LoadedLabels
from shapes_print.load.loaded import Library, LoadedGame
from shapes_print.load.places import card_place, value_place
from shapes_print.text.message import fill


class ContrastError(UserError):
    """An ink below the label set's minimum, or an outline too thin: a kit the set cannot
    build as it promises (coverage.py may skip the game for the set rather than fail)."""


# Kits are printed on white paper; it is the ground of every sheet and of card margins.
PAPER = WHITE


class Pair(Struct, frozen=True):
    """One ink on one ground, the minimum it is held to (`kind`), and where it is set."""

    what: str
    ink: Colour
    ground: Colour
    kind: Literal["text", "shapes"]
    where: Source | None = None

    @property
    def ratio(self) -> float:
        return self.ink.contrast(self.ground)


def pairs(
    library: Library, games: Mapping[str, LoadedGame], style_source: Layered | None = None
) -> list[Pair]:
    """Every ink/ground pair of the sheets and of every card face and back of every game.

    `style_source` says where each style key was written (the label set or sheet.yaml).
    """
    style = library.style
    places = style_source or library.style_source
    where = places.source()
    found = [
        Pair("sheet text", style.ink, PAPER, "text", where),
        Pair("sheet text on shaded rows", style.ink, style.shade, "text", where),
        Pair("print furniture", style.furniture.mark_colour, PAPER, "text", where),
        Pair("table rules", style.rule_colour, PAPER, "shapes", where),
        Pair("direction arrows", style.arrow_colour, PAPER, "shapes", where),
    ]
    for game_id, loaded in games.items():
        for deck in loaded.decks:  # extra decks too (Collect 3's task cards)
            template = loaded.card_template(library, deck)
            if template is None:
                continue
            src = deck.source
            for card, origin in zip(deck.deck.cards, deck.origins, strict=True):
                fields = {"id": card.id, **card.fields}
                found += _card_pairs(
                    template,
                    card.layout,
                    fields,
                    f"{game_id} card {card.id!r}",
                    card_place(src, origin, card),
                )
            for back_id, back in deck.deck.backs.items():
                found += _card_pairs(
                    template,
                    back.layout,
                    back.fields,
                    f"{game_id} back {back_id!r}",
                    src.source(("backs", back_id)),
                )
    return found


def _inside(point: tuple[float, float], box: tuple[float, float, float, float]) -> bool:
    return box[0] <= point[0] <= box[0] + box[2] and box[1] <= point[1] <= box[1] + box[3]


def _card_pairs(
    template: CardTemplate, layout: str, fields: Mapping[str, object], what: str, where: Source
) -> Iterator[Pair]:
    """Walk a layout in drawing order; each element's ground is the last filled rect or shape
    under its centre."""
    if layout not in template.layouts:
        return
    grounds = [((0.0, 0.0, template.card["width"], template.card["height"]), PAPER)]
    for element in template.layouts[layout].elements:
        if element.hidden or (element.when and not fields.get(element.when)):
            continue
        box = card_box(element, template)
        x, y, w, h = box
        centre = (x + w / 2, y + h / 2)
        # An element off the card (a layout too big for its card) stands on paper; the
        # layout itself is refused later, at its own line.
        ground = next((colour for box, colour in reversed(grounds) if _inside(centre, box)), PAPER)
        name = f"{what} {element.name or element.kind}"
        paint = {
            key: fill(value, fields, where)
            for key in ("fill", "stroke", "colour", "pattern_colour", "pattern")
            if isinstance(value := getattr(element, key), str) and value
        }
        # What the eye sees of an element drawn see-through: its inks mixed with the ground.
        inks = {
            key: _ink(value, getattr(element, key), where, f"{name} {key}").seen_over(
                ground, element.opacity
            )
            for key, value in paint.items()
            if key != "pattern"
        }
        if element.kind == "rect":
            if "fill" in inks:
                grounds.append((box, inks["fill"]))
        elif element.kind == "text":
            yield Pair(name, inks["colour"], ground, "text", where)
        elif element.kind == "line":
            yield Pair(name, inks["stroke"], ground, "shapes", where)
        elif element.kind in ("shape", "ellipse"):
            outline = [
                Pair(name, inks[key], ground, "shapes", where)
                for key in ("fill", "stroke")
                if key in inks
            ]
            if outline:  # the clearer of its fill and its outline
                yield max(outline, key=lambda p: p.ratio)
            if paint.get("pattern", "none") != "none" and "fill" in inks:
                yield Pair(
                    f"{name} pattern",
                    inks.get("pattern_colour", BLACK),
                    inks["fill"],
                    "shapes",
                    where,
                )
            if "fill" in inks:
                # Shapes are centred in their box, so what sits at its centre stands on them.
                grounds.append((box, inks["fill"]))


def _ink(value: str, written: str, where: Source, what: str) -> Colour:
    """A filled-in colour; where a bad one came from (the field it was filled from) is
    worked out only when it is bad, as every card of every label set passes through here."""
    try:
        return RGB.parse(value)
    except ValueError:
        return colour(value, value_place(written, where)[0], what)  # raises, at its place


def check_contrast(labels: LoadedLabels, library: Library, games: Mapping[str, LoadedGame]) -> None:
    """Refuse a kit whose pairs fall below the label set's minimums or whose outlines are thin."""
    need = labels.spec.contrast
    where = labels.source.source(("contrast",))
    for pair in pairs(library, games, labels.source.under(("style",), library.style_source)):
        least = need.text if pair.kind == "text" else need.shapes
        if pair.ratio < least - 1e-9:
            raise ContrastError(
                where,
                f"label set {labels.name!r}: {pair.what}: {pair.ink} on {pair.ground} has contrast "
                f"{pair.ratio:.2f}:1, below {least:g}:1 for {pair.kind} ({pair.where})",
            )
    if need.outline is None:
        return
    # The templates this label set's games use (not those only other games use).
    used = {
        id(t): t
        for game in games.values()
        for deck in game.decks
        if (t := game.card_template(library, deck))
    }
    for template in used.values():
        for layout_id, layout in template.layouts.items():
            for element in layout.elements:
                if (
                    element.kind == "shape"
                    and not element.hidden
                    and (not element.stroke or element.stroke_width < need.outline - 1e-9)
                ):
                    raise ContrastError(
                        where,
                        f"label set {labels.name!r}: shape {element.name or layout_id!r} in {template.id}/{layout_id} "
                        f"is outlined at {element.stroke_width:g} pt, below {need.outline:g} pt",
                    )
