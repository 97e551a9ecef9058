"""Command lines the tests run: one kit of one game, as a user would ask for it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True)
class Said:
    """What a command run in-process returned and printed."""

    status: int
    out: str
    err: str


def one_kit(game: str, out: Path, *extra: str, paper: str = "a4") -> list[str]:
    """`build GAME --players 4 --paper PAPER --out OUT EXTRA...`: four players, the count
    every game supports, so each test stays on its own point."""
    return ["build", game, "--players", "4", "--paper", paper, "--out", str(out), *extra]
