"""Foundation: the costly work done on files, told to whoever listens.

Input: each time an input file's bytes are read (inputs.py `read_input`), an output
file's bytes are hashed (write/manifest.py `sha256`: an up-to-date check, `verify`), or
a kit's PDF is drawn from its document rather than copied (write/batch.py). Output: for each
listener (`listening_to_work()`), one `Work` per such step, in order. A build that
should do less (read a file once, trust a settled file, draw a deck once) is checked by
listening, and a caller may say how much it did. Nothing is kept while no one listens:
a step costs one lookup. A forked worker's work is its own process's.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Literal

from msgspec import Struct

# What was done: an input file read, an output file hashed, a PDF drawn from its
# document (named by its file name, without .pdf).
Kind = Literal["read", "hashed", "drawn"]


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


_LISTENERS: ContextVar[tuple[Heard, ...]] = ContextVar("work listeners", default=())


def done(kind: Kind, subject: Path | str) -> None:
    """Tell whoever listens that `kind` of work was done to `subject`."""
    for listener in _LISTENERS.get():
        listener.work.append(Work(kind, subject))


@contextmanager
def listening_to_work() -> Iterator[Heard]:
    """Collect every step of work done in this process inside the block, beside whoever
    listens already."""
    heard = Heard([])
    token = _LISTENERS.set((*_LISTENERS.get(), heard))
    try:
        yield heard
    finally:
        _LISTENERS.reset(token)
