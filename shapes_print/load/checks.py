"""Content checks declared in game.yaml: examples must satisfy their condition, near misses not.

Run at load time, so `check` and `build` both stop at the first wrong example with the file and
line of the example itself. Card ids named by list items must also be cards of the deck.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from shapes_print.errors import UserError
from shapes_print.load.lists import ListOrigin
from shapes_print.load.models import Game
from shapes_print.load.yamlsrc import Document


def run_checks(
    game: Game,
    lists: Mapping[str, Sequence[Mapping[str, Any]]],
    origins: Mapping[str, ListOrigin],
    source: Document,
) -> None:
    """Every `checks:` entry of the game, item by item, set by set."""
    if not game.checks:
        return
    from shapes_print.load.conditions import (  # as in lists.card_ids
        holds,
        parse_cards,
        parse_condition,
    )

    for number, check in enumerate(game.checks):
        where = source.source(("checks", number))
        if check.list not in lists or check.list not in origins:
            raise UserError(
                where, f"checks: no list named {check.list!r} (known: {', '.join(lists)})"
            )
        if game.card_notation is None:
            raise UserError(where, "checks need the game's card_notation to read the card sets")
        attributes = game.card_notation.attributes
        origin = origins[check.list]
        for index, item in enumerate(lists[check.list]):
            for name in (check.condition, *check.holds, *check.fails):
                if name not in item:
                    raise UserError(origin.source(index), f"item has no field {name!r}")
            condition = parse_condition(
                item[check.condition], origin.source(index, check.condition)
            )
            for expected, names in ((True, check.holds), (False, check.fails)):
                for name, position, text in _sets(item, names):
                    at = (
                        origin.source(index, name)
                        if position is None
                        else origin.source(index, name, position)
                    )
                    cards = parse_cards(text, attributes, at)
                    if holds(condition, cards) is not expected:
                        verdict = "does not satisfy" if expected else "satisfies"
                        raise UserError(
                            at,
                            f"{check.list} item {index + 1}: {name} {text!r} {verdict} "
                            f"its {check.condition}",
                        )


def _sets(item: Mapping[str, Any], names: Sequence[str]) -> list[tuple[str, int | None, str]]:
    """Each card set a field holds: one text, or a list of texts."""
    found: list[tuple[str, int | None, str]] = []
    for name in names:
        value = item[name]
        if isinstance(value, list):
            found += [(name, position, text) for position, text in enumerate(value)]
        else:
            found.append((name, None, value))
    return found


def check_card_ids(
    lists: Mapping[str, Sequence[Mapping[str, Any]]],
    origins: Mapping[str, ListOrigin],
    fields: Mapping[str, Collection[str]],
    deck_ids: Collection[str],
) -> None:
    """Every card id a list derived from the card notation names is a card of the deck."""
    for list_name, names in fields.items():
        for index, item in enumerate(lists[list_name]):
            for name in names:
                value = item[f"{name}_cards"]
                groups = value if value and isinstance(value[0], list) else [value]
                for group in groups:
                    for card_id in group:
                        if card_id not in deck_ids:
                            raise UserError(
                                origins[list_name].source(index, name),
                                f"no card {card_id!r} in the deck for {item[name]!r}",
                            )
