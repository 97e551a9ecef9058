"""Errors a user can cause, each carrying the file and position it came from.

The CLI turns a UserError into one line `path:line:column: message` and exit status 2.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True)
class Source:
    """Where a value was written: file, 1-based line and column (0 when unknown)."""

    path: Path
    line: int = 0
    column: int = 0

    def __str__(self) -> str:
        where = str(self.path)
        if self.line:
            where += f":{self.line}"
            if self.column:
                where += f":{self.column}"
        return where


class UserError(Exception):
    """A mistake in the input that the user can fix; never shown with a traceback."""

    def __init__(self, source: Source | Path | str | None, message: str, hint: str = "") -> None:
        if isinstance(source, (str, Path)):
            source = Source(Path(source))
        self.source = source
        self.message = message
        self.hint = hint
        super().__init__(self.line())

    def line(self) -> str:
        return f"{self.source}: {self.message}" if self.source else self.message

    def __reduce__(self) -> tuple[type[UserError], tuple[Source | None, str, str]]:
        """Pickle by its own fields, so an error raised in a build worker arrives whole."""
        return type(self), (self.source, self.message, self.hint)


def closest(word: str, known: Iterable[str]) -> str | None:
    """The known word a typo most likely meant, if one is close: for "did you mean"."""
    close = difflib.get_close_matches(word, list(known), n=1)
    return close[0] if close else None
