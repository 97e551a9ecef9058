"""Kit stage, card room: each card's elements keep to their own room, no two text, picture
or braille boxes meeting.

A label set moves and enlarges elements written for other sizes of type; a game's own
layout may put its own elements anywhere. Nothing else would notice a title drawn over a
picture, so every face and back a kit draws is checked once its label set is applied: two
boxes of elements the card draws (a `when` it meets, a text or picture it fills) may not
overlap by more than OVERLAP_TOLERANCE (a turned element: the bounds of its turned box),
unless one lists the other in `overlaps:` (a
number drawn on its disc). A turned copy (`mirror`) is checked as an element of its own.
The error names the card, the two elements, the label set and the change that moved them.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from functools import partial
from itertools import combinations

from msgspec import Struct

from shapes_print.buildcache import BuildCache, Pinned, Region
from shapes_print.errors import Source, UserError
from shapes_print.kit.context import DrawContext
from shapes_print.load.cardmodels import CardTemplate, Element
from shapes_print.load.loaded import Library, LoadedGame
from shapes_print.load.models import LoadedDeck
from shapes_print.load.options import name_of_size
from shapes_print.load.patches import moved_by, named_layouts
from shapes_print.load.places import back_place, card_place
from shapes_print.load.templates import shipped_paths
from shapes_print.load.yamldoc import Document
from shapes_print.text.message import fill
from shapes_print.units import mm

# Boxes may meet by this much: a text's box is taller than its letters and a picture is
# fitted inside its box, so half a millimetre of boxes shows as no ink touching.
OVERLAP_TOLERANCE = mm(0.5)


class Collision(UserError):
    """Two elements of a card drawn over each other: the `reason` (which card, which
    elements, by how much), `why` (the label set's change that moved them, or none), then
    the `advice` to whoever wrote the layout."""

    def __init__(self, source: Source | None, reason: str, why: str, advice: str) -> None:
        self.reason, self.why, self.advice = reason, why, advice
        super().__init__(source, f"{reason} ({why}); {advice}")

    def __reduce__(self) -> tuple[type[Collision], tuple[Source | None, str, str, str]]:
        """Pickle by its own fields, so a collision raised in a build worker arrives whole."""
        return type(self), (self.source, self.reason, self.why, self.advice)


class Placed(Struct, frozen=True):
    """An element as one card draws it: its index in the layout, and its box (or its
    turned copy's) in card points from the top-left corner."""

    index: int
    element: Element
    box: tuple[float, float, float, float]
    turned: bool = False

    @property
    def called(self) -> str:
        name = repr(self.element.name) if self.element.name else f"element {self.index}"
        return f"{name} (turned)" if self.turned else name


def check_deck_room(
    deck: LoadedDeck,
    template: CardTemplate,
    template_doc: Document,
    ctx: DrawContext,
    size: str | None,
    by_name: Collection[str] | None,
) -> None:
    """Every face and back of the deck keeps its elements apart (see the module): `size`
    names the card size (for the label set's changes by size), `by_name` the layouts the
    set changes by name (None: all)."""
    model = deck.deck
    room = _Room(template, template_doc, ctx, size, by_name)
    for position, card in enumerate(model.cards):
        fields = {"id": card.id, **card.fields}
        room.check(f"card {card.id!r}", card.layout, fields, card_place(deck, position))
    for back_id, back in model.backs.items():
        room.check(f"back {back_id!r}", back.layout, back.fields, back_place(deck, back_id))


class _Room(Struct, frozen=True):
    """What every card of a deck is checked against."""

    template: CardTemplate
    doc: Document
    ctx: DrawContext
    size: str | None
    by_name: Collection[str] | None

    def check(self, card: str, layout: str, fields: Mapping[str, object], where: Source) -> None:
        """One card's drawn elements, two by two."""
        if layout not in self.template.layouts:
            return  # the drawing names the missing layout
        drawn = list(_placed(self.template, layout, fields, self.ctx, where))
        for one, other in combinations(drawn, 2):
            if one.index == other.index or _excused(one.element, other.element):
                continue
            depth = _overlap(one.box, other.box)
            if depth > OVERLAP_TOLERANCE:
                raise self._collision(card, layout, one, other, depth)

    def _collision(
        self, card: str, layout: str, one: Placed, other: Placed, depth: float
    ) -> Collision:
        """The one line that names the card, both elements, the label set and its change
        that moved them (or the layout's line, when none did)."""
        labels = self.ctx.labels
        by_name = self.by_name is None or layout in self.by_name
        moves = [
            (placed, move)
            for placed in (one, other)
            if (move := moved_by(labels, placed.element, self.size, by_name)) is not None
        ]
        set_name = labels.name if labels is not None else self.ctx.words.name
        if moves:
            keys = " and ".join(f"{move.key} moved {placed.called}" for placed, move in moves)
            why = f"label set {set_name!r}: {keys}"
            at = moves[0][1].source
        else:
            why = f"label set {set_name!r} moves neither: the layout places them so"
            at = self.doc.source(("layouts", layout, "elements", one.index))
        names = one.element.name, other.element.name
        hint = (
            f"move one, or write overlaps: [{names[1]}] on {names[0]!r} if they overlap on purpose"
            if all(names)
            else "move one, or name both and list one in the other's overlaps:"
        )
        return Collision(
            at,
            f"{card} (layout {layout!r}): {one.called} overlaps {other.called} by "
            f"{depth / mm(1):.1f} mm",
            why,
            hint,
        )


def _placed(
    template: CardTemplate,
    layout: str,
    fields: Mapping[str, object],
    ctx: DrawContext,
    where: Source,
) -> Iterator[Placed]:
    """The elements the card draws ink with, as card_symbol draws them, turned copies too."""
    width, height = template.card["width"], template.card["height"]
    for index, element in enumerate(template.layouts[layout].elements):
        if not element.inks:
            continue
        if element.when and not fields.get(element.when):
            continue
        if element.kind == "braille" and ctx.style.braille is None:
            continue
        written = element.src if element.kind == "image" else element.text
        # A braille zone that writes no text spells the card's words: it always draws.
        spelt = element.kind == "braille" and bool(element.text)
        if (element.kind in ("text", "image") or spelt) and not _filled(written, fields, where):
            continue
        x, y, w, h = element.drawn(width, height)
        yield Placed(index, element, (x, y, w, h))
        if element.mirror:
            yield Placed(index, element, (width - x - w, height - y - h, w, h), turned=True)


def _filled(written: str | None, fields: Mapping[str, object], where: Source) -> bool:
    """Whether a text or picture has anything to draw once its card's fields fill it."""
    return bool(written and fill(written, fields, where).strip())


def _excused(one: Element, other: Element) -> bool:
    """Whether the layout says the two overlap on purpose (either names the other)."""
    return bool(
        (other.name and other.name in one.overlaps) or (one.name and one.name in other.overlaps)
    )


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    """How far two boxes reach into each other: the lesser of their shared width and
    height (0 when they do not meet)."""
    across = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    down = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return max(0.0, min(across, down))


# Decks whose elements were checked apart, by all the check read (pinned).
CHECKED: Region[Pinned[None]] = Region("decks checked for room", partial(Pinned, 1024))


def check_room(
    loaded: LoadedGame,
    library: Library,
    template: CardTemplate,
    ctx: DrawContext,
    deck: LoadedDeck,
    cache: BuildCache,
) -> None:
    """Every face and back of the deck keeps its elements apart (`check_deck_room`), checked
    once per deck, template and label set in a build, as the drawings are made."""

    def check() -> None:
        own = loaded.template_sources.get(template.id)
        doc = own or library.template_sources[template.id]
        by_name = named_layouts(own, shipped_paths(library.template_files)) if own else None
        card = (template.card["width"], template.card["height"])
        size = name_of_size(card, library.card_sizes) or None
        check_deck_room(deck, template, doc, ctx, size, by_name)

    cache.region(CHECKED).made((loaded, deck, template, ctx.style, ctx.words), (), check)
