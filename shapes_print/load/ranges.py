"""Player ranges checked at load: number tables and section filters.

Two ranges of one table that overlap leave the first silently winning; an entry or a section
for player counts the game does not have prints in no kit. Each is refused here, at its
own line. A table may still leave counts out (a variant's deal for 2-4 players only):
printing it for such a count is refused where it is printed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from shapes_print.errors import Source, UserError
from shapes_print.load.models import Game
from shapes_print.load.values import by_players, player_range
from shapes_print.load.yamlsrc import Document

if TYPE_CHECKING:
    from shapes_print.load.models import LoadedDeck


def check_number_tables(game: Game, source: Document) -> None:
    """Each table's ranges lie within the game's players and do not overlap."""
    for name, spec in game.numbers.items():
        if isinstance(spec, dict):

            def where_of(key: str, n: str = name) -> Source:
                return source.source(("numbers", n, key))

            check_table(game, f"numbers.{name}", spec, where_of)


def check_count_tables(game: Game, deck: LoadedDeck) -> None:
    """A card's `count:` table is a number table that covers every player count: a kit
    for a count it leaves out would not know how many of the card to print."""
    checked: set[int] = set()
    for card, index in zip(deck.deck.cards, deck.origins, strict=True):
        if isinstance(card.count, dict) and index not in checked:
            checked.add(index)
            loc = ("cards", index, "count")
            where = lambda key, loc=loc: deck.source.source((*loc, key))  # noqa: E731
            # A spreadsheet's cell is named by its column, as its other errors name it.
            in_sheet = deck.source.source(loc).path != deck.source.path
            what = "column 'count'" if in_sheet else ".".join(map(str, loc))
            check_table(game, what, card.count, where)
            missing = [
                n
                for n in range(game.players.min, game.players.max + 1)
                if by_players(card.count, n, None) is None
            ]
            if missing:
                raise UserError(
                    deck.source.source(loc),
                    f"{what}: no entry for {_counts(missing)}; "
                    f"give every count of the game's {game.players.min}-{game.players.max} players one",
                )


def _counts(numbers: list[int]) -> str:
    return f"{numbers[0]} player" if numbers == [1] else f"{', '.join(map(str, numbers))} players"


def check_table(
    game: Game, what: str, table: Mapping[str, int], where_of: Callable[[str], Source]
) -> None:
    """One table's ranges lie within the game's players and do not overlap."""
    low, high = game.players.min, game.players.max
    taken: list[tuple[int, int, str]] = []
    for key in table:
        where = where_of(key)
        first, last = _range(key, where)
        if last < low or first > high:
            raise UserError(where, f"{what}: {key!r} is outside the game's {low}-{high} players")
        for other_first, other_last, other in taken:
            if first <= other_last and other_first <= last:
                raise UserError(
                    where, f"{what}: {key!r} overlaps {other!r}; give each player count one entry"
                )
        taken.append((first, last, key))


def check_section_players(game: Game, doc: Document, sections: list[str | None]) -> None:
    """A section filtered to player counts must meet the game's, or it prints in no kit."""
    low, high = game.players.min, game.players.max
    for index, players in enumerate(sections):
        if players is None:
            continue
        where = doc.source(("sections", index, "players"))
        first, last = _range(players, where)
        if last < low or first > high:
            raise UserError(
                where,
                f"players: {players!r} meets none of the game's {low}-{high} players, "
                "so this section would print in no kit",
            )


def _range(text: str, where: Source) -> tuple[int, int]:
    first, last = player_range(text, where)
    if first > last:
        raise UserError(where, f"player range {text!r} runs backwards; write it low-high")
    return first, last
