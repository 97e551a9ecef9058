"""Text, shared: where each text the words say was written, in which game's kits, and the
room it was set in: what `labels extract` tells a translator beside each text.

Input: each text a label set's words say (text/words.py), the game whose words said it
(None: the set's own, such as the calibration sheet's), and the box a card's text element
sets it in (plan/cards.py, inside `in_room`). Output: for whoever listens inside
`sighting()` (pipeline/translating.py), every place and game of each text and the least
room it had. Nothing is kept while no one listens: a build pays one lookup per text.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from math import floor

from msgspec import Struct, field

from shapes_print.errors import Source

# A line fits when its size is within this of the room left (points): fit's own tolerance.
FITS = 1e-6


class Room(Struct, frozen=True):
    """A box a text is set in: its width and height (points), the least size the text may
    shrink to, the leading it wraps at (a share of the size; None: it does not wrap), and
    the card's width and height (points)."""

    width: float
    height: float
    least: float
    spacing: float | None
    card: tuple[float, float]

    @property
    def lines(self) -> int:
        """How many lines the box holds at the least size (one, however low the box, and
        for a text that does not wrap)."""
        if self.spacing is None:
            return 1
        leading = self.least * self.spacing
        return max(1, floor((self.height - self.least + FITS) / leading) + 1)

    def tighter(self, other: Room) -> bool:
        """Whether this room is on a smaller card than `other`'s, or on as small a card,
        narrower or (as wide) of fewer lines: the one a translation must fit."""
        mine = (self.card[0] * self.card[1], self.width, self.lines)
        return mine < (other.card[0] * other.card[1], other.width, other.lines)


class Seen(Struct, frozen=True):
    """One place a text was said from: the game whose kits print it and the block (or
    line) that writes it."""

    game: str | None
    where: Source | None


class Sightings(Struct):
    """Every text said, in the order first said, with each place it was said from, and
    the tightest room a card gave it (texts set outside a card's box have none)."""

    places: dict[str, dict[Seen, None]] = field(default_factory=dict)
    rooms: dict[str, Room] = field(default_factory=dict)

    def note(self, english: str, seen: Seen, room: Room | None) -> None:
        self.places.setdefault(english, {})[seen] = None
        if room is not None:
            known = self.rooms.get(english)
            if known is None or room.tighter(known):
                self.rooms[english] = room


_LISTENING: ContextVar[Sightings | None] = ContextVar("sightings", default=None)
_ROOM: ContextVar[Room | None] = ContextVar("room", default=None)


def sighted(english: str, game: str | None, where: Source | None) -> None:
    """A text said for `game`'s kits from `where`, for whoever listens."""
    listening = _LISTENING.get()
    if listening is not None:
        listening.note(english, Seen(game, where), _ROOM.get())


def listening() -> bool:
    """Whether anyone listens: a room need not be worked out for no one."""
    return _LISTENING.get() is not None


@contextmanager
def sighting() -> Iterator[Sightings]:
    """Collect every text said inside the block, with its places and rooms."""
    found = Sightings()
    token = _LISTENING.set(found)
    try:
        yield found
    finally:
        _LISTENING.reset(token)


@contextmanager
def in_room(room: Room | None) -> Iterator[None]:
    """Inside the block, texts said are set in `room` (None: no box of a card's)."""
    token = _ROOM.set(room)
    try:
        yield
    finally:
        _ROOM.reset(token)
