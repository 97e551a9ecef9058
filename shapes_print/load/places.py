"""Where a card and each of its fields are written, so an error about a value names its cell.

A card's shape, pattern or colour is often filled from one of its fields (`shape: "{shape}"`);
when that value is wrong, the place to fix is the field (a spreadsheet's cell, a line of a
deck), not the card's first line. `CardPlace` is a card's `Source` carrying its fields' places.
"""

from __future__ import annotations

from collections.abc import Mapping

import msgspec

from shapes_print.errors import Source
from shapes_print.load.cardnames import CardName, NameForms, count_text, many
from shapes_print.load.models import LoadedDeck
from shapes_print.load.yamldoc import Document
from shapes_print.text.grammar import MessageError, parse

_KEYS = ("id", "name", "count", "layout", "back", "group")


class CardPlace(Source, frozen=True, eq=False):
    """Where a card is written, and where each of its fields and its own keys (`layout`,
    `back`, ...) is."""

    fields: Mapping[str, Source] = msgspec.field(default_factory=dict)
    keys: Mapping[str, Source] = msgspec.field(default_factory=dict)
    # The text of each of its spreadsheet cells (its fields', its name's): that cell.
    cells: Mapping[str, Source] = msgspec.field(default_factory=dict)

    def field(self, name: str) -> Source | None:
        return self.fields.get(name)

    def holding(self, text: str) -> Source | None:
        return self.cells.get(text)

    def __eq__(self, other: object) -> bool:
        """The same place as another card's: its fields' places are not compared."""
        if not isinstance(other, CardPlace):
            return NotImplemented
        return (self.path, self.line, self.column) == (other.path, other.line, other.column)

    def __hash__(self) -> int:
        return hash((self.path, self.line, self.column))


def card_place(deck: LoadedDeck, position: int) -> CardPlace:
    """The place of the deck's card at `position`: its entry (a spreadsheet's row) and each
    field written in it, or left empty in its spreadsheet row, or written by the label set
    it is drawn under (its own file's line); and the texts made of its name (`_name_texts`)."""
    card, index, doc = deck.deck.cards[position], deck.origins[position], deck.source
    where = doc.source(("cards", index))
    at = {key: ("cards", index, "fields", key) for key in (*card.fields, *doc.columns)}
    cells = {key: doc.marks[loc] for key, loc in at.items() if loc in doc.marks}
    cells.update(deck.fields_from_labels.get(f"face-{card.id}", {}))
    written = {key: ("cards", index, key) for key in _KEYS}
    keys = {key: doc.marks[loc] for key, loc in written.items() if loc in doc.marks}
    held = {**_held(card.fields, cells, doc), **_name_texts(deck, position, keys)}
    return CardPlace(where.path, where.line, where.column, cells, keys, held)


def _held(
    values: Mapping[str, object], places: Mapping[str, Source], doc: Document
) -> dict[str, Source]:
    """Each value's text, of those written in a spreadsheet (not in the deck file), with
    its cell: where a message about that text (a translation lacking) names it."""
    return {
        str(value): places[key]
        for key, value in values.items()
        if value is not None and key in places and places[key].path != doc.path
    }


def _name_texts(deck: LoadedDeck, position: int, keys: Mapping[str, Source]) -> dict[str, Source]:
    """Each text made of the card's name, with the place that writes it: the count's text
    (`count_text`), which no file writes, at the name; a spreadsheet's name at its cell; in
    a YAML deck each form at its `one:`, `other:`, and a name in one word not written as it
    reads ("{suit}s") at its `name:`, so a search from there never finds the words on
    another line (one written as it reads is found at its column)."""
    name, at = deck.deck.cards[position].name, keys.get("name")
    if name is None or at is None:
        return {}
    texts = {count_text(name): at}
    loc = ("cards", deck.origins[position], "name")
    if at.path != deck.source.path:
        return {**texts, many(name): at}
    if isinstance(name, NameForms):
        marks = deck.source.marks
        return {
            **texts,
            name.one: marks.get((*loc, "one"), at),
            name.other: marks.get((*loc, "other"), at),
        }
    return texts if _written(deck.source, loc) == name else {**texts, name: at}


def _written(doc: Document, loc: tuple[str, int, str]) -> object:
    """The value a YAML deck's entry writes at `loc` (`cards`, its index, a key), before
    `for_each` fills it, or None."""
    entries = doc.data.get(loc[0]) if isinstance(doc.data, dict) else None
    entry = entries[loc[1]] if isinstance(entries, list) and len(entries) > loc[1] else None
    return entry.get(loc[2]) if isinstance(entry, dict) else None


def name_place(deck: LoadedDeck, position: int) -> CardPlace:
    """Where the deck's card at `position` writes its name (its `name:` line, its `name`
    cell), as `card_place` places it, holding the texts made of the name."""
    placed = card_place(deck, position)
    at = placed.keys.get("name", placed)
    return CardPlace(at.path, at.line, at.column, placed.fields, placed.keys, placed.cells)


def name_places(deck: LoadedDeck) -> dict[CardName, CardPlace]:
    """Each name the deck's cards are counted by (a card without one by its id, as
    kit/contents.py `cards_by_name` counts it) at its first card's `name_place`: a name
    several cards share is counted once, at the entry that first writes it."""
    places: dict[CardName, CardPlace] = {}
    for position, card in enumerate(deck.deck.cards):
        if (name := card.name or card.id) not in places:
            places[name] = name_place(deck, position)
    return places


def back_place(deck: LoadedDeck, back_id: str) -> CardPlace:
    """The place of the deck's back `back_id` and of each of its fields: in the deck, or
    in the label set it is drawn under."""
    doc = deck.source
    where = doc.source(("backs", back_id))
    at = {key: ("backs", back_id, "fields", key) for key in deck.deck.backs[back_id].fields}
    cells = {key: doc.marks[loc] for key, loc in at.items() if loc in doc.marks}
    cells.update(deck.fields_from_labels.get(f"back-{back_id}", {}))
    return CardPlace(where.path, where.line, where.column, cells)


def key_place(where: Source, key: str) -> Source:
    """Where a card's own `key` (its `layout`, its `back`) is written: its cell or line,
    or else `where`."""
    return where.keys.get(key, where) if isinstance(where, CardPlace) else where


def one_field(written: str | None) -> str | None:
    """The one field a value is filled from (`"{shape}"`: shape), or None."""
    if not written or "{" not in written:
        return None
    try:
        names = parse(written).names()
    except MessageError:
        return None
    return next(iter(names)) if len(names) == 1 else None


def value_place(written: str | None, where: Source) -> tuple[Source, str]:
    """Where a value filled from `written` came from: the one field it names (`"{shape}"`)
    with words naming that field for the message, or else `where` itself."""
    name = one_field(written) if isinstance(where, CardPlace) else None
    if isinstance(where, CardPlace) and name is not None and name in where.fields:
        return where.fields[name], f" (field {name!r})"
    return where, ""
