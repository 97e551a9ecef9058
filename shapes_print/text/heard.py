"""Text, shared: the texts a label set's words said on cards' faces, and those said elsewhere.

Input: each text the words say (text/words.py `say` and `named`), whether the set lacks it
(a complete set's missing text), and the blocks drawing cards' faces (plan/cardfile.py).
Output: for whatever listens (`hearing`), the texts said off the faces and those said on
them, each with the ones the set lacks. `check` keeps a group's texts said off its faces
(pipeline/checkcache.py), so after an edit to its cards' fields alone it draws their faces
again and takes the rest as it was (pipeline/facecheck.py), not planning the whole game.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from msgspec import Struct, field


class Heard(Struct):
    """Texts said, in the order first said: off the cards' faces, and on them; `lacking`
    those a complete set has no words for."""

    elsewhere: dict[str, None] = field(default_factory=dict)
    faces: dict[str, None] = field(default_factory=dict)
    lacking_elsewhere: dict[str, None] = field(default_factory=dict)
    lacking_faces: dict[str, None] = field(default_factory=dict)

    def note(self, english: str, on_face: bool, lacking: bool) -> None:
        if lacking:
            (self.lacking_faces if on_face else self.lacking_elsewhere)[english] = None
        else:
            (self.faces if on_face else self.elsewhere)[english] = None


_HEARING: ContextVar[tuple[Heard, ...]] = ContextVar("hearing", default=())
_ON_FACE: ContextVar[bool] = ContextVar("on a card's face", default=False)


def heard(english: str, lacking: bool = False) -> None:
    """A text said (or found lacking), for whatever listens."""
    listening = _HEARING.get()
    if listening:
        on_face = _ON_FACE.get()
        for listener in listening:
            listener.note(english, on_face, lacking)


@contextmanager
def hearing() -> Iterator[Heard]:
    """Collect every text said inside the block."""
    found = Heard()
    token = _HEARING.set((*_HEARING.get(), found))
    try:
        yield found
    finally:
        _HEARING.reset(token)


@contextmanager
def on_faces() -> Iterator[None]:
    """Inside the block, texts are said on cards' faces."""
    token = _ON_FACE.set(True)
    try:
        yield
    finally:
        _ON_FACE.reset(token)
