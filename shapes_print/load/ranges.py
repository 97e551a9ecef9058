"""Player ranges checked at load: number tables and section filters.

Two ranges of one table that overlap leave the first silently winning; an entry or a section
for player counts the game does not have prints in no kit. Each is refused here, at its
own line. A table may still leave counts out (a variant's deal for 2-4 players only):
printing it for such a count is refused where it is printed.
"""

from __future__ import annotations

from shapes_print.errors import Source, UserError
from shapes_print.load.models import Game
from shapes_print.load.yamlsrc import Document
from shapes_print.values import player_range


def check_number_tables(game: Game, source: Document) -> None:
    """Each table's ranges lie within the game's players and do not overlap."""
    low, high = game.players.min, game.players.max
    for name, spec in game.numbers.items():
        if not isinstance(spec, dict):
            continue
        taken: list[tuple[int, int, str]] = []
        for key in spec:
            where = source.source(("numbers", name, key))
            first, last = _range(key, where)
            if last < low or first > high:
                raise UserError(
                    where,
                    f"numbers.{name}: {key!r} is outside the game's {low}-{high} players",
                )
            for other_first, other_last, other in taken:
                if first <= other_last and other_first <= last:
                    raise UserError(
                        where,
                        f"numbers.{name}: {key!r} overlaps {other!r}; "
                        "give each player count one entry",
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
