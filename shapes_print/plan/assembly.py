"""Plan stage, the print-and-play file's assembly page and cover: what they say of the kit.

Input: the kit (its decks for this player count, its fold sheets' files), where the file's
parts start, and its pages. Output: the values templates/print-and-play.yaml's assembly page
fills: the list `stocks` (the pages to print on plain paper and on card stock, as a
printer's page range reads them), whether fold sheets were built, and the list `checklist` (each deck's cards,
counted by their names). Every word is the players': a deck's title and its cards' names,
as their own cards file prints them, never a host document's. And the cards the cover
shows drawn small (`cover_cards`): the faces the cards part draws, one of each kind.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from msgspec import Struct

from shapes_print.kit.contents import DeckSummary, cards_by_kind
from shapes_print.load.cardnames import count_text
from shapes_print.load.models import LoadedDeck
from shapes_print.plan.kitcontext import KitContext
from shapes_print.text.words import Said

Row = dict[str, Any]  # an item of a list a template's table prints


class Placed(Struct, frozen=True):
    """A part of the file where it lies: its first page index, its pages, whether cards."""

    first: int
    pages: int
    cards: bool


def page_range(first: int, last: int) -> str:
    """Pages `first` to `last` (numbers as printed) as a printer's page range reads them."""
    return str(first) if first == last else f"{first}-{last}"


def stocks(placed: Sequence[Placed], total: int, stock: Mapping[Any, str]) -> list[Row]:
    """The list `stocks`, each range of pages and its paper (`pages`, `paper`: print.yaml's
    `stock`). The cards parts come last, so card stock runs from the first cards page to
    the end (a page left blank between two cards parts is the back of a card sheet) and
    plain paper up to it. A table's cells, not a sentence: the numbers change as the cover
    and this page are planned again, and a cell of a page range never wraps."""
    starts = [p.first for p in placed if p.cards]
    cards_from = starts[0] + 1 if starts else total + 1
    ranges = [(1, cards_from - 1, "sheets"), (cards_from, total, "cards")]
    return [
        {"pages": page_range(first, last), "paper": stock[kind]}
        for first, last, kind in ranges
        if first <= last
    ]


def _kinds(kit: KitContext, deck: LoadedDeck) -> str:
    """A deck's cards counted by kind (`cards_by_kind`): a kind its `kinds:` names by that
    name ("10 RED"), filled with its cards counted by name (`{cards}`) and the copies of
    each where they are alike (`{each}`); a kind it does not name card by card by name
    ("6 circles"); `none` where such a card has no name (an id is no word to print)."""
    parts: list[str] = []
    for kind in cards_by_kind(deck.deck, kit.request.players):
        named = tuple((count, name) for count, name in kind.cards if name)
        summary = DeckSummary(named, kit.words, deck)
        if kind.name is not None:
            alike = {count for count, _ in kind.cards}
            values = {"cards": summary, "each": alike.pop() if len(alike) == 1 else 0}
            where = deck.source.source(("kinds", kind.key))
            parts.append(kit.words.counted(kind.count, count_text(kind.name), values, where))
        elif len(named) == len(kind.cards):
            parts.append(str(summary))
        else:
            return "none"
    return ", ".join(parts) or "none"


def checklist(kit: KitContext) -> list[Row]:
    """Each deck printed for this count: its cards, its title as its file's, its kinds."""
    where = kit.loaded.source.source(("cards_title",))
    rows = []
    for deck in kit.loaded.decks:
        count = sum(card.copies(kit.request.players) for card in deck.deck.cards)
        if count:
            rows.append({
                "count": count,
                "what": Said(kit.spoken(deck.title, where)),
                "kinds": Said(_kinds(kit, deck)),
            })  # fmt: skip
    return rows


def pictured(kit: KitContext) -> list[str]:
    """The cover's cards: the main deck's first card of each group (of each card, where it
    has none) that this count prints, in deck order: a circle, a triangle and a square; a
    card of each colour and each special card; a number card, an Action card, a Crown."""
    players, kinds = kit.request.players, dict[str, str]()
    for card in kit.loaded.deck.cards:
        if card.copies(players):
            kinds.setdefault(card.kind(), card.id)
    return list(kinds.values())
