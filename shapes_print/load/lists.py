"""Game lists and generated cards, prepared once at load time.

A list may be written in game.yaml or kept in its own YAML file (`tasks.yaml#tasks`), so text
such as a task list lives in one place. Fields in the rules' card notation ("Red 2, Blue 4")
gain card ids, and condition fields their reading in words. Deck entries with `for_each`
become one card per item (or per combination of items), so later stages see a plain deck;
a field that is one whole `{name}` keeps the item's value (a number, a list of card ids).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping, Sequence
from typing import Any

from msgspec import Struct

from shapes_print.errors import Source, UserError
from shapes_print.load.cardnames import CardName, NameForms
from shapes_print.load.models import CardNotation, CardType, Deck, ListFile
from shapes_print.load.yamlsrc import Document, Loc
from shapes_print.text.message import fill

_IDENTIFIER = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")
_WHOLE = r"^\{(\w+)\}$"  # compiled on first use (re keeps it): only decks with for_each
Item = dict[str, Any]


class ListOrigin(Struct, frozen=True):
    """Where a list's items were written, so a check can point at an item's line."""

    doc: Document
    loc: Loc

    def source(self, index: int, *keys: str | int) -> Source:
        return self.doc.source((*self.loc, index, *keys))


def card_ids(text: str, notation: CardNotation, where: Source) -> list[str]:
    """ "Red 2, Blue 4" -> ["red-2", "blue-4"] through the game's card notation."""
    from shapes_print.load.conditions import parse_cards  # its 18 models: only some games use them

    return [
        fill(notation.id, card, where) for card in parse_cards(text, notation.attributes, where)
    ]


def prepare_list(spec: ListFile, origin: ListOrigin, notation: CardNotation | None) -> list[Item]:
    """The items of a list file, with `<field>_cards` and `<field>_text` added."""
    data = origin.doc.data
    for key in origin.loc:
        if not isinstance(data, dict) or key not in data:
            raise UserError(origin.doc.source(), f"no list {'.'.join(map(str, origin.loc))!r} here")
        data = data[key]
    if not isinstance(data, list) or not all(isinstance(item, dict) for item in data):
        raise UserError(origin.doc.source(origin.loc), "expected a list of mappings")
    items = []
    for index, raw in enumerate(data):
        item = dict(raw)
        for name in (*spec.cards, *spec.conditions):
            if name not in item:
                raise UserError(origin.source(index), f"item has no field {name!r}")
        for name in spec.cards:
            if notation is None:
                raise UserError(
                    origin.source(index, name), "card fields need the game's card_notation"
                )
            item[f"{name}_cards"] = _ids(item[name], notation, origin, index, name)
        for name in spec.conditions:
            item[f"{name}_text"] = _condition_text(item[name], origin.source(index, name))
        items.append(item)
    return items


def _condition_text(data: Any, where: Source) -> str:
    """A list item's condition in words, e.g. a task's `condition_text`."""
    from shapes_print.load.conditions import describe, parse_condition  # as in card_ids

    return describe(parse_condition(data, where))


def _ids(value: Any, notation: CardNotation, origin: ListOrigin, index: int, name: str) -> Any:
    if isinstance(value, list):
        return [
            card_ids(text, notation, origin.source(index, name, i)) for i, text in enumerate(value)
        ]
    return card_ids(value, notation, origin.source(index, name))


def expand_deck(
    deck: Deck, lists: Mapping[str, Sequence[Item]], doc: Document
) -> tuple[Deck, tuple[int, ...]]:
    """The deck with every `for_each` entry made into its cards, and each card's YAML index."""
    cards: list[CardType] = []
    origins: list[int] = []
    for index, card in enumerate(deck.cards):
        for item in _combinations(card, lists, doc.source(("cards", index, "for_each"))):
            where = doc.source(("cards", index))
            card_id = fill(card.id, item, where) if card.for_each else card.id
            fields = {
                key: _field(value, item, where) if card.for_each else value
                for key, value in card.fields.items()
            }
            # A back may be a template over the card's fields (`"{suit}"`): one entry
            # gives each suit of a `for_each` its own back.
            back_where = doc.source(("cards", index, "back"))
            back_values = {**item, "id": card_id, **fields}
            filled = card.model_copy(
                update={
                    "id": card_id,
                    "name": _name(card.name, item, where) if card.for_each else card.name,
                    "fields": fields,
                    "back": fill(card.back, back_values, back_where)
                    if "{" in card.back
                    else card.back,
                    "group": fill(card.group, item, where)
                    if card.for_each and card.group
                    else card.group,
                    "for_each": None,
                }
            )
            for key in ("id", "group"):
                value = getattr(filled, key)
                if value is not None and not _IDENTIFIER.fullmatch(value):
                    raise UserError(
                        doc.source(("cards", index, key)),
                        f"cards.{index}.{key}: has characters that are not allowed "
                        f"(use letters, digits, -), got {value!r}",
                    )
            cards.append(filled)
            origins.append(index)
    return deck.model_copy(update={"cards": cards}), tuple(origins)


def _name(name: CardName | None, item: Item, where: Source) -> CardName | None:
    """A `for_each` card's name filled from the item, each of its forms where it has two."""
    if isinstance(name, NameForms):
        return NameForms(one=fill(name.one, item, where), other=fill(name.other, item, where))
    return fill(name, item, where) if name else name


def _field(value: object, item: Item, where: Source) -> object:
    """A text field filled from the item; a field that is one whole `{name}` takes the item's
    value as it is, so numbers stay numbers and lists of card ids stay lists."""
    if not isinstance(value, str):
        return value
    whole = re.match(_WHOLE, value)
    if whole and whole.group(1) in item:
        return item[whole.group(1)]
    return fill(value, item, where)


def _combinations(card: CardType, lists: Mapping[str, Sequence[Item]], where: Source) -> list[Item]:
    if card.for_each is None:
        return [{}]
    names = [card.for_each] if isinstance(card.for_each, str) else card.for_each
    for name in names:
        if name not in lists:
            raise UserError(where, f"for_each: no list named {name!r} (known: {', '.join(lists)})")
    return [
        {key: value for item in combo for key, value in item.items()}
        for combo in itertools.product(*(lists[name] for name in names))
    ]
