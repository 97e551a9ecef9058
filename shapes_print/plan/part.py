"""Plan stage, partial builds: which decks and cards a kit's `Part` names, checked against
the game, and the cards of a deck it keeps.

Input: a loaded game and the part asked for (`--deck`, `--cards`). Output: one line, exit
2, for a deck or card the game does not have; the cards a deck's file keeps and how many
copies of each.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator
from pathlib import Path

from shapes_print.errors import Source, UserError, closest
from shapes_print.load.loaded import LoadedGame
from shapes_print.load.models import CardType
from shapes_print.load.options import Part

KNOWN_SHOWN = 8  # a long deck's known ids are cut short in the message after this many


def check_part(loaded: LoadedGame, part: Part) -> None:
    """Every deck and card named is the game's: a typo is one line, not an empty kit."""
    decks = {deck.name: deck for deck in loaded.decks}
    game = loaded.game.id
    for name in part.decks:
        if name not in decks:
            _unknown("--deck", f"{game} has no deck", name, list(decks), "decks")
    chosen = [deck for name, deck in decks.items() if not part.decks or name in part.decks]
    ids = [card.id for deck in chosen for card in deck.deck.cards]
    named = f"{game}'s {', '.join(part.decks)} deck{'s' * (len(part.decks) > 1)}"
    for card_id in part.cards:
        if card_id not in ids:
            whose = f"{named} has" if part.decks else f"{game} has"
            _unknown("--cards", f"{whose} no card", card_id, ids, "cards")


def _unknown(option: str, said: str, name: str, known: list[str], kind: str) -> None:
    guess = closest(name, known)
    hint = f"; did you mean {guess!r}?" if guess else ""
    listed = ", ".join(known[:KNOWN_SHOWN]) + (", ..." if len(known) > KNOWN_SHOWN else "")
    raise UserError(Source(Path(option)), f"{said} {name!r}{hint} (its {kind}: {listed})")


def part_of(cards: Iterable[CardType], only: Collection[str]) -> Iterator[CardType]:
    """The cards `only` names, in deck order; every card when it names none."""
    return (card for card in cards if not only or card.id in only)


def copies(card: CardType, players: int, only: Collection[str]) -> int:
    """A card's copies in the kit; a card asked for by name prints at least once, even
    at a player count its deck leaves it out of."""
    count = card.copies(players)
    return max(count, 1) if only else count
