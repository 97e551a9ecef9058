"""Builds of two games into a project copy's own `out`, reporting in JSON: the
incremental-build tests and the hashing tests rebuild with them and read what was built.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from shapes_print.commands.cli import main

GAMES = ("pass-and-pick", "shapes-the-game")
PLAYERS = "3-4"  # two counts every game of GAMES has: enough to tell one kit from another


def build(
    root: Path,
    *extra: str,
    labels: tuple[str, ...] = ("standard",),
    games: tuple[str, ...] = GAMES,
) -> None:
    """Build `games` (3 and 4 players, A4) from the copy, printing the JSON report."""
    args = [
        "build",
        *games,
        "--players",
        PLAYERS,
        "--paper",
        "a4",
        "--content",
        str(root / "content"),
        "--templates",
        str(root / "templates"),
        "--out",
        str(root / "out"),
        "--json",
        *(word for name in labels for word in ("--labels", name)),
        *extra,
    ]
    assert main(args) == 0


def built_json(capsys: pytest.CaptureFixture[str]) -> dict:
    """The JSON report the last build printed."""
    return json.loads(capsys.readouterr().out)
