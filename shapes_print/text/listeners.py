"""Text, shared: every text a label set's words say, for whoever listens.

Input: each text the words say (text/words.py `say` and `named`), with the game whose words
said it (None: the set's own, such as the calibration sheet's), the block (or line) that
writes it, and whether a complete set lacks it; and where it is set: on a card's face
(inside `on_faces`, plan/cardfile.py) and in the box a card's text element gives it
(inside `in_room`, plan/cards.py). Output: for each listener (`listening()`), one note per
text said, and what it heard in the order first said. Two listen:
- `check` (pipeline/checkcache.py), each group's texts: printed, so a set's text nothing
  prints is refused (kit/unnamed.py `check_text_is_used`), and those said off its cards'
  faces, so after an edit to its cards' fields alone the faces are drawn again and the rest
  taken as it was (pipeline/facecheck.py);
- `labels extract` (pipeline/translating.py), every text with each place and game it was
  said from and the least room a card gave it.
Nothing is kept while no one listens: a build pays one lookup per text.
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


class Saying(Struct, frozen=True):
    """One text said: its English, the game whose kits print it (None: the set's own), the
    block (or line) that writes it, the room a card's box gave it (None: outside one, or
    no listener asked for rooms), whether on a card's face, and whether its complete set
    lacks it (printing the English meanwhile)."""

    english: str
    game: str | None
    where: Source | None
    room: Room | None
    on_face: bool
    lacking: bool


class Heard(Struct):
    """What one listener heard: each different saying, in the order first said. `rooms`:
    whether it asks for the room a card gives each text (extract does; working them out
    for check would cost every card text a fit)."""

    rooms: bool = False
    said: dict[Saying, None] = field(default_factory=dict)

    def texts(self, on_face: bool | None = None, lacking: bool = False) -> list[str]:
        """The texts said, in the order first said: where asked, only those said on cards'
        faces (True) or off them (False), and only those the set lacks (`lacking`)."""
        return list(
            dict.fromkeys(
                saying.english
                for saying in self.said
                if (on_face is None or saying.on_face == on_face)
                and (saying.lacking or not lacking)
            )
        )

    def by_text(self) -> dict[str, list[Saying]]:
        """Each text said, in the order first said, with every saying of it."""
        found: dict[str, list[Saying]] = {}
        for saying in self.said:
            found.setdefault(saying.english, []).append(saying)
        return found


_LISTENERS: ContextVar[tuple[Heard, ...]] = ContextVar("listeners", default=())
_ROOM: ContextVar[Room | None] = ContextVar("room", default=None)
_ON_FACE: ContextVar[bool] = ContextVar("on a card's face", default=False)


def said(english: str, game: str | None, where: Source | None, lacking: bool = False) -> None:
    """A text said for `game`'s kits from `where` (or found lacking), for whoever listens."""
    listeners = _LISTENERS.get()
    if listeners:
        saying = Saying(english, game, where, _ROOM.get(), _ON_FACE.get(), lacking)
        for listener in listeners:
            listener.said[saying] = None


def rooms_wanted() -> bool:
    """Whether a listener asks for rooms: a room need not be worked out for no one."""
    return any(listener.rooms for listener in _LISTENERS.get())


@contextmanager
def listening(rooms: bool = False) -> Iterator[Heard]:
    """Collect every text said inside the block (with the rooms cards give them, where
    asked), beside whoever listens already."""
    heard = Heard(rooms)
    token = _LISTENERS.set((*_LISTENERS.get(), heard))
    try:
        yield heard
    finally:
        _LISTENERS.reset(token)


@contextmanager
def in_room(room: Room | None) -> Iterator[None]:
    """Inside the block, texts said are set in `room` (None: no box of a card's)."""
    token = _ROOM.set(room)
    try:
        yield
    finally:
        _ROOM.reset(token)


def drawing_faces() -> bool:
    """Whether what is said now is said on a card's face (inside `on_faces`)."""
    return _ON_FACE.get()


@contextmanager
def on_faces() -> Iterator[None]:
    """Inside the block, texts are said on cards' faces."""
    token = _ON_FACE.set(True)
    try:
        yield
    finally:
        _ON_FACE.reset(token)
