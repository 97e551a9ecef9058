"""Benchmark section for `preview --watch`: from saving an edit to a fresh preview.

A watcher runs on a copy of content/ and templates/ for the 18-card Pass and pick kit (4
players, A4, 100 dpi, the preview's default); each round edits a card's colour in the deck,
which changes the cards, and times from the write to the watcher's line saying the kit's
PDFs and PNGs are swapped in. The watcher's own start (imports, fonts) is not counted: it
happens once a session.
"""

from __future__ import annotations

import os
import queue
import shutil
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import NamedTuple

PROJECT = Path(__file__).resolve().parent.parent
GAME = "pass-and-pick"
DECK = Path("content") / GAME / "deck.yaml"
COLOURS = ('colour: "#56B4E9"', 'colour: "#D55E00"')  # the first card's, and another
EDITS = 7
WAIT = 120  # seconds for any one line; a rebuild takes a fraction of one
TARGET = "< 0.5 s"


def _lines(process: subprocess.Popen[str]) -> queue.Queue[str]:
    lines: queue.Queue[str] = queue.Queue()

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            lines.put(line.rstrip("\n"))

    threading.Thread(target=read, daemon=True).start()
    return lines


def _wait_for(lines: queue.Queue[str], start: str) -> str:
    line = lines.get(timeout=WAIT)
    if not line.startswith(start):
        raise SystemExit(f"bench: the watcher said {line!r}, expected {start}...")
    return line


class Watched(NamedTuple):
    """A game under `preview --watch` and the edit each round makes: `edited`'s text with
    `swap`'s first string turned into its second, and back the next round."""

    root: Path  # holding content/ and templates/
    game: str
    edited: Path
    swap: tuple[str, str]


def edit_to_preview(watched: Watched) -> float:
    """The median seconds from saving an edit to the watcher's line saying the kit's PDFs
    and PNGs are swapped in."""
    root = watched.root
    command = [
        *(sys.executable, "-m", "shapes_print", "preview", watched.game, "--players", "4"),
        *("--paper", "a4", "--watch", "--out", str(root / "out")),
        *("--content", str(root / "content"), "--templates", str(root / "templates")),
    ]
    env = {**os.environ, "PYTHONPATH": str(PROJECT)}
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, text=True)
    try:
        lines = _lines(process)
        _wait_for(lines, "built in ")
        _wait_for(lines, "watching ")
        taken = []
        for edit in range(EDITS):
            old, new = watched.swap if edit % 2 == 0 else watched.swap[::-1]
            text = watched.edited.read_text().replace(old, new, 1)
            start = time.perf_counter()
            watched.edited.write_text(text)
            _wait_for(lines, "rebuilt ")
            taken.append(time.perf_counter() - start)
    finally:
        process.terminate()
        process.wait()
    return statistics.median(taken)


def watch_rows(work: Path) -> list[tuple[str, str, str, str, str]]:
    """The median seconds from an edit to its rebuilt preview, as a row of the bench table."""
    root = work / "watch"
    for folder in ("content", "templates"):
        shutil.copytree(PROJECT / folder, root / folder)
    figure = f"{edit_to_preview(Watched(root, GAME, root / DECK, COLOURS)):.3f} s"
    return [("preview --watch: edit to fresh PDFs + PNGs, 18 cards", figure, "", "", TARGET)]
