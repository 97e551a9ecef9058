"""WCAG contrast of every ink against what it is printed on, held to the label set's minimums.

Pairs come from the resolved style and card layouts (after the label set is applied), so a
label set that asks for 7:1 cannot ship a pair below it: `check` and `build` both refuse.
A shape counts by the better of its fill and its outline; a pattern counts against the
shape it fills. Patterns on card backs are decoration, not information, and are not held.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Literal

from msgspec import Struct
from msgspec.structs import replace

from shapes_print.errors import Source, UserError
from shapes_print.geometry.primitives import BLACK, RGB, WHITE, Colour
from shapes_print.kit.context import colour
from shapes_print.load.cardmodels import CardTemplate, Layout, card_box
from shapes_print.load.fields import placeholder_names
from shapes_print.load.labels import Layered, LoadedLabels
from shapes_print.load.loaded import ByIdentity, Library, LoadedGame
from shapes_print.load.places import back_place, card_place, value_place
from shapes_print.text.grammar import MessageError, parse
from shapes_print.text.message import PLAIN, fill, render


class ContrastError(UserError):
    """An ink below the label set's minimum, or an outline too thin: a kit the set cannot
    build as it promises (coverage.py may skip the game for the set rather than fail)."""


# What an element is painted with: its colours, and whether it is patterned.
_PAINT = ("fill", "stroke", "colour", "pattern_colour", "pattern")
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
        return _contrast(self.ink, self.ground)


@lru_cache(maxsize=4096)
def _contrast(ink: Colour, ground: Colour) -> float:
    """WCAG's ratio of two colours: every card of every label set pairs the same few."""
    return ink.contrast(ground)


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
            for position, card in enumerate(deck.deck.cards):
                fields = {"id": card.id, **card.fields}
                found += _card_pairs(
                    template,
                    card.layout,
                    fields,
                    f"{game_id} card {card.id!r}",
                    card_place(deck, position),
                )
            for back_id, back in deck.deck.backs.items():
                found += _card_pairs(
                    template,
                    back.layout,
                    back.fields,
                    f"{game_id} back {back_id!r}",
                    back_place(deck, back_id),
                )
    return found


def _inside(point: tuple[float, float], box: tuple[float, float, float, float]) -> bool:
    return box[0] <= point[0] <= box[0] + box[2] and box[1] <= point[1] <= box[1] + box[3]


def _card_pairs(
    template: CardTemplate, layout: str, fields: Mapping[str, object], what: str, where: Source
) -> list[Pair]:
    """The pairs of a card or back drawn with `layout`, each named after `what`."""
    if layout not in template.layouts:
        return []
    names = _paint_names(ByIdentity.of(template.layouts[layout]))
    painted = tuple((name, type(fields[name]), fields[name]) for name in names if name in fields)
    try:
        pairs = _painted_pairs(ByIdentity.of(template), layout, painted)
    except UserError:  # walked again, to be said at the card's own place
        return list(_walked_pairs(template, layout, fields, what, where))
    return [replace(pair, what=f"{what} {pair.what}", where=where) for pair in pairs]


@lru_cache(maxsize=4096)
def _painted_pairs(
    template: ByIdentity[CardTemplate], layout: str, painted: tuple[tuple[str, type, object], ...]
) -> tuple[Pair, ...]:
    """A layout's pairs, each named after its element alone, for the values of the fields
    its paint and `when:` name (each with its type): most cards of a deck paint alike, and
    a process asks again of the templates `yamlsrc.remembered` keeps."""
    fields = {name: value for name, _, value in painted}
    return tuple(_walked_pairs(template.thing, layout, fields, "", _NOWHERE))


# Where the pairs of `_painted_pairs` are said to be set: each card's place replaces it.
_NOWHERE = Source(Path("."))


@lru_cache(maxsize=1024)
def _paint_names(layout: ByIdentity[Layout]) -> tuple[str, ...]:
    """The fields a layout's paint and `when:` name: all its pairs hang on of a card."""
    names: set[str] = set()
    for element in layout.thing.elements:
        names |= {element.when} if element.when else set()
        for key in _PAINT:
            if isinstance(value := getattr(element, key), str) and "{" in value:
                names |= placeholder_names(value)
    return tuple(sorted(names))


def _walked_pairs(
    template: CardTemplate, layout: str, fields: Mapping[str, object], what: str, where: Source
) -> Iterator[Pair]:
    """Walk a layout in drawing order; each element's ground is the last filled rect or shape
    under its centre."""
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
        name = f"{what} {element.name or element.kind}".lstrip()
        paint = {
            key: _filled(value, fields, where)
            for key in _PAINT
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
        return _parsed(value)
    except ValueError:
        return colour(value, value_place(written, where)[0], what)  # raises, at its place


def _filled(value: str, fields: Mapping[str, object], where: Source) -> str:
    """An element's paint with its card's fields put in."""
    fixed = _fixed(value)
    return fill(value, fields, where) if fixed is None else fixed


@lru_cache(maxsize=4096)
def _fixed(value: str) -> str | None:
    """A paint that names no field, as every card prints it; None for one that names a
    field, or is no message (`fill` says where)."""
    try:
        message = parse(value)
    except MessageError:
        return None
    return None if message.names() else render(message, {}, PLAIN)


@lru_cache(maxsize=4096)
def _parsed(value: str) -> Colour:
    """A colour as written, parsed once (a mistake, not kept, is worked out by `_ink`)."""
    return RGB.parse(value)


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
