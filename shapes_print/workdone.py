"""Foundation: the costly work done on files, told to whoever listens.

Input: each time an input file's bytes are read (inputs.py `read_input`), an output
file's bytes are hashed (write/manifest.py `sha256`: an up-to-date check, `verify`), a
kit's PDF is drawn from its document rather than copied (write/batch.py), or a finished
folder is moved into place (write/swap.py `swap_in`: a kit, a preview). Output: for each
listener (`listening_to_work()`), one `Work` per such step, in order; or, for a caller that
acts at the moment (`acting_on_work()`), its function called with each step as it is done,
as a process killed right after a kit moves in. A build that should do less (read a file
once, trust a settled file, draw a deck once) is checked by listening, and a caller may
say how much it did. Nothing is kept while no one listens: a step costs one lookup. A
forked worker's work is its own process's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Literal

from msgspec import Struct

# What was done: an input file read, an output file hashed, a PDF drawn from its
# document (named by its file name, without .pdf), a finished folder moved into place.
Kind = Literal["read", "hashed", "drawn", "moved"]


class Work(Struct, frozen=True):
    """One step of work: what was done, and to which file (a path, or a PDF's name)."""

    kind: Kind
    subject: Path | str


class Heard(Struct):
    """What one listener heard, in order."""

    work: list[Work]

    def of(self, kind: Kind) -> list[Path | str]:
        """The files that work of `kind` was done to, in order, repeats kept."""
        return [work.subject for work in self.work if work.kind == kind]


# Each listener is called with every step of work as it is done.
_LISTENERS: ContextVar[tuple[Callable[[Work], None], ...]] = ContextVar(
    "work listeners", default=()
)


def done(kind: Kind, subject: Path | str) -> None:
    """Tell whoever listens that `kind` of work was done to `subject`."""
    for listener in _LISTENERS.get():
        listener(Work(kind, subject))


@contextmanager
def acting_on_work(act: Callable[[Work], None]) -> Iterator[None]:
    """Call `act` with each step of work done in this process inside the block, when it is
    done, beside whoever listens already."""
    token = _LISTENERS.set((*_LISTENERS.get(), act))
    try:
        yield
    finally:
        _LISTENERS.reset(token)


@contextmanager
def listening_to_work() -> Iterator[Heard]:
    """Collect every step of work done in this process inside the block, beside whoever
    listens already."""
    heard = Heard([])
    with acting_on_work(heard.work.append):
        yield heard
