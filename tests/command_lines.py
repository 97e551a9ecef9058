"""Command lines the tests run: one kit of one game, as a user would ask for it."""

from __future__ import annotations

from pathlib import Path


def one_kit(game: str, out: Path, *extra: str, paper: str = "a4") -> list[str]:
    """`build GAME --players 4 --paper PAPER --out OUT EXTRA...`: four players, the count
    every game supports, so each test stays on its own point."""
    return ["build", game, "--players", "4", "--paper", paper, "--out", str(out), *extra]
