"""Plan stage, the sizes a kit's card texts were set at (`preview --boxes`).

A text element asks for a size and may shrink to its `min_size` to fit its box; a card
whose words shrank looks unlike its neighbours, and one set at its least size is a word
away from not fitting at all. `preview --boxes` lists, for each text element that shrank
on some card, the size asked, the least and the cards it was set smaller on, smallest
first: what a designer widens a box or shortens words for. Texts set at the size asked are
not listed, so a shipped deck's list is a few lines, not one per card.

Input: a kit's context. Output: `Shrunk` records, one per deck and element that shrank.
"""

from __future__ import annotations

from collections.abc import Iterator

from msgspec import Struct
from msgspec.structs import replace

from shapes_print.kit.decktemplate import card_template
from shapes_print.load.models import LoadedDeck
from shapes_print.load.places import back_place, card_place
from shapes_print.plan.boxes import ElementBox
from shapes_print.plan.cardfile import Symbols, card_as_written, card_symbols, layout_contexts
from shapes_print.plan.cards import CardDrawing, CardSide, element_boxes
from shapes_print.plan.kitcontext import KitContext


class SetAt(Struct, frozen=True):
    """One card's text set smaller than asked: the card's id and the size it got."""

    card: str
    size: float


class Shrunk(Struct, frozen=True):
    """A deck's text element (`element`, by its name in the layout) that shrank on some
    of its `cards` cards: the size asked, the least it may take, and each card it was set
    smaller on, smallest first."""

    deck: str
    element: str
    asked: float
    least: float
    cards: int
    smaller: tuple[SetAt, ...]


def shrunk_texts(kit: KitContext) -> list[Shrunk]:
    """Each deck's text elements that were set smaller than asked on some card's face or
    back, in deck and layout order."""
    found: list[Shrunk] = []
    earlier: Symbols = {}
    for deck in kit.loaded.decks:
        template = card_template(kit.loaded, kit.library, kit.options.card_size, deck, kit.cache)
        faces = card_symbols(kit.loaded, template, kit.ctx, deck, earlier, kit.cache)[0]
        contexts = layout_contexts(kit.loaded, template, kit.ctx)
        drawing = CardDrawing(template, 0.0, earlier)
        texts: dict[tuple[str, float | None, float | None], list[tuple[str, ElementBox]]] = {}
        for shown, side in _sides(deck):
            for box in element_boxes(side, drawing, contexts.get(side.layout, kit.ctx)):
                if box.set_at is not None:
                    texts.setdefault((box.name, box.asked, box.least), []).append((shown, box))
        found += [_shrunk(deck.name, boxes) for boxes in texts.values()]
        earlier = {**earlier, **faces}
    return [shrunk for shrunk in found if shrunk.smaller]


def _sides(deck: LoadedDeck) -> Iterator[tuple[str, CardSide]]:
    """Each face of the deck by its card's id, then each back (`back standard`)."""
    src = deck.source
    for position, (card, index) in enumerate(zip(deck.deck.cards, deck.origins, strict=True)):
        fields = {"id": card.id, **card.fields}
        shown = card_as_written(src, index, card.id)
        placed = card_place(deck, position)
        yield card.id, CardSide(f"face-{card.id}", card.layout, fields, placed, shown)
    for back_id, back in deck.deck.backs.items():
        where = back_place(deck, back_id)
        side = CardSide(f"back-{back_id}", back.layout, back.fields, where, f"back {back_id!r}")
        yield f"back {back_id}", replace(side, back=True)


def _shrunk(deck: str, boxes: list[tuple[str, ElementBox]]) -> Shrunk:
    """One element (by name and sizes) over a deck's cards: those it shrank on, smallest
    first."""
    first = boxes[0][1]
    smaller = [SetAt(card, box.set_at) for card, box in boxes if box.shrank and box.set_at]
    smaller.sort(key=lambda set_at: set_at.size)
    return Shrunk(
        deck, first.name, first.asked or 0.0, first.least or 0.0, len(boxes), tuple(smaller)
    )
