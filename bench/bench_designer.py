"""Benchmark section for a designer's own game: editing a card and seeing it at once.

The game is the one `shapes-print new` writes with its 40 cards read from a spreadsheet
(`bugs.csv`), each card with an SVG picture of its kind and an icon after its word, as a
teacher's "Bug Hunt" would be. Two loops a designer runs all day are timed:

- `preview --watch`: from saving an edit to one card's row to the watcher's line saying
  the kit's fresh PDFs and PNGs are swapped in (bench_watch.py's measure);
- `check` of the game with every label set (what a plain `check` does) as a whole process,
  once its files were read before: again with nothing changed, and after an edit to one
  card's row (its cards' faces drawn again under every set, the rest of the game kept
  from the check before, pipeline/facecheck.py).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from itertools import count
from pathlib import Path
from typing import Any

from bench_watch import PROJECT, Watched, edit_to_preview

GAME = "bug-hunt"
BUGS = ("ant", "bee", "beetle", "cricket", "fly", "moth", "snail", "spider", "wasp", "worm")
COPIES = 4  # numbered cards of each bug: 40 in all
WATCH_TARGET = "< 0.5 s"
CHECK_TARGET = "< 1 s cpu"
REPEATS = 5


def write_game(root: Path) -> Path:
    """The game under `root`/content beside a copy of templates/: `new`'s example with its
    deck read from `bugs.csv`. The spreadsheet's path."""
    shutil.copytree(PROJECT / "templates", root / "templates")
    content = root / "content"
    command = [sys.executable, "-m", "shapes_print", "new", GAME, "--content", str(content)]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=_env())
    folder = content / GAME
    deck = folder / "deck.yaml"
    text = deck.read_text(encoding="utf-8")
    deck.write_text(text[: text.index("cards:\n")] + "cards: {from: bugs.csv}\n", encoding="utf-8")
    colours = folder / "labels/high-contrast.yaml"  # its colours by suit: the suits are gone
    text = colours.read_text(encoding="utf-8")
    colours.write_text(text[: text.index("\ngroups:") + 1] + text[text.index("\nbacks:") + 1 :])
    rows = ["id,name,count,layout,back,art,label"]
    for number, bug in enumerate(BUGS):
        hue = f"#{(number * 0x1A3F5B) % 0xFFFFFF:06X}"
        (folder / f"art/{bug}.svg").write_text(
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
            f'<ellipse cx="50" cy="55" rx="{20 + number * 2}" ry="30" fill="{hue}"/>'
            f'<circle cx="50" cy="20" r="12" fill="{hue}"/></svg>'
        )
        rows += [
            f"{bug}-{n},{bug}s,1,picture,standard,art/{bug}.svg,{bug.upper()} {n} {{icon:star}}"
            for n in range(1, COPIES + 1)
        ]
    sheet = folder / "bugs.csv"
    sheet.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return sheet


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(PROJECT)}


def designer_rows(work: Path, run: Callable[[list[str]], Any]) -> list[tuple[str, ...]]:
    """The section's rows; `run` times one whole process (bench.py's), its `.cpu` the
    figure of a check."""
    root = work / "designer"
    sheet = write_game(root)
    seconds = edit_to_preview(Watched(root, GAME, sheet, ("BEE 1 ", "BEE 9 ")))
    check = [sys.executable, "-m", "shapes_print", "check", GAME]
    check += ["--content", str(root / "content"), "--templates", str(root / "templates")]
    run(check)  # its files read and every label set's check kept
    again = sorted(run(check).cpu for _ in range(REPEATS))[REPEATS // 2]
    original = sheet.read_text(encoding="utf-8")
    edits = count(10)

    def edited() -> float:
        # A label never checked before, each time: check keeps every group it found clean.
        sheet.write_text(original.replace("ANT 1 ", f"ANT {next(edits)} ", 1), encoding="utf-8")
        return float(run(check).cpu)

    after = sorted(edited() for _ in range(REPEATS))[REPEATS // 2]
    cards = len(BUGS) * COPIES
    return [
        (
            f"own game, {cards} cards: edit to fresh PDFs + PNGs",
            f"{seconds:.3f} s",
            "",
            "",
            WATCH_TARGET,
        ),
        ("own game: check every label set again", "", f"{again:.3f} s", "", CHECK_TARGET),
        (
            "own game: check every label set after a card's edit",
            "",
            f"{after:.3f} s",
            "",
            CHECK_TARGET,
        ),
    ]
