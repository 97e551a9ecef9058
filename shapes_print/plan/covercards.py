"""The print-and-play cover's cards in words: what its picture of a card of each kind shows.

Input: the kit and the ids of the cards its cover pictures (plan/assembly.py's `pictured`).
Output: their names, in the set's words, between commas ("Red 1, Wild, Crown"): the
picture's alternate text says them, and large print prints them beneath it at 18 pt, since
a card drawn that small prints its own words too small to read.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from shapes_print.geometry.primitives import Symbol
from shapes_print.load.cardnames import single
from shapes_print.load.places import name_place
from shapes_print.plan.kitcontext import KitContext
from shapes_print.text.words import Said


def cover_names(kit: KitContext, ids: Sequence[str], faces: Mapping[str, Symbol]) -> Said:
    """Each pictured card by the name its deck gives it ("Red 1", "circles": how the host
    key and the checklist name it; "owl", the `one` of a name in two forms), else by its kind's name where that is a plain word
    ("RED", "WILD"), else as its card sheet names it ("Card: SUN", its face's words)."""
    deck = kit.loaded.decks[0]
    positions = {card.id: position for position, card in enumerate(deck.deck.cards)}
    names = []
    for card_id in ids:
        card = deck.deck.cards[positions[card_id]]
        kind = deck.deck.kinds.get(card.kind())
        if card.name:
            names.append(kit.words.say(single(card.name), name_place(deck, positions[card_id])))
        elif kind and "{" not in kind:
            names.append(kit.words.say(kind, deck.source.source(("kinds", card.kind()))))
        else:
            names.append(faces[card_id].alt)
    return Said(", ".join(names))
