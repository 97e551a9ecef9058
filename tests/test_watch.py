"""`preview --watch` as a user runs it: a process that rebuilds on each edit, says so in one
line, keeps the last good preview through a mistake, and stops cleanly on Ctrl-C."""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
from pathlib import Path

from PIL import Image
from project_copy import GAME, copy_project

REPO = Path(__file__).resolve().parent.parent
KIT = Path("pass-and-pick/a4/4-players/preview")
FIRST_PAGE = KIT / "pass-and-pick_4p_a4_cards_p01.png"
DECK = "content/pass-and-pick/deck.yaml"
CIRCLE = 'colour: "#56B4E9"'  # the first card of the shipped deck, a sky-blue circle
WAIT = 120  # seconds: a first build on a busy two-core machine; a rebuild takes far less


class Watcher:
    """The watch process and the lines it prints, read as they come."""

    def __init__(self, root: Path, out: Path) -> None:
        command = [
            *(sys.executable, "-m", "shapes_print", "preview", GAME, "--players", "4"),
            *("--paper", "a4", "--dpi", "20", "--watch", "--out", str(out)),
            *("--content", str(root / "content"), "--templates", str(root / "templates")),
        ]
        env = {**os.environ, "PYTHONPATH": str(REPO)}
        self.process = subprocess.Popen(
            command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
        )
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))

    def next_line(self) -> str:
        try:
            return self.lines.get(timeout=WAIT)
        except queue.Empty:
            raise AssertionError(f"no line from the watcher in {WAIT} s") from None


def circle_pixel(path: Path) -> tuple[int, int, int]:
    """The middle of the first card's big shape on the first cards page (20 dpi)."""
    with Image.open(path) as image:
        x, y = image.width * 0.19, image.height * 0.22
        return image.convert("RGB").getpixel((round(x), round(y)))


def test_watch_rebuilds_on_an_edit_keeps_the_last_good_preview_on_a_mistake_and_stops(
    tmp_path: Path,
) -> None:
    root = copy_project(tmp_path / "project")
    out = tmp_path / "out"
    deck = root / DECK
    watcher = Watcher(root, out)
    try:
        assert watcher.next_line().startswith("built in ")
        assert watcher.next_line().startswith("watching ")
        assert circle_pixel(out / FIRST_PAGE) == (0x56, 0xB4, 0xE9)

        deck.write_text(deck.read_text().replace(CIRCLE, 'colour: "#D55E00"'))
        line = watcher.next_line()
        assert line.startswith("rebuilt (deck.yaml changed) in "), line
        assert line.endswith(f"pages in {out / KIT}")
        assert circle_pixel(out / FIRST_PAGE) == (0xD5, 0x5E, 0x00)
        good = (out / FIRST_PAGE).read_bytes()

        deck.write_text(deck.read_text().replace("count: 6,", "count: six,", 1))
        line = watcher.next_line()
        assert line.startswith(f"error: {deck}:"), line
        assert line.endswith("cards.0.count: must be a whole number, got 'six'")
        assert (out / FIRST_PAGE).read_bytes() == good
        assert sorted(p.name for p in (out / "pass-and-pick/a4/4-players").iterdir()) == [
            *(f"pass-and-pick_4p_a4_{part}.pdf" for part in ("cards", "host-key")),
            *(f"pass-and-pick_4p_a4_{part}.pdf" for part in ("printing-guide", "sheets")),
            "preview",
        ]

        deck.write_text(deck.read_text().replace("count: six,", "count: 6,"))
        assert watcher.next_line().startswith("rebuilt (deck.yaml changed) in ")
        watcher.process.send_signal(signal.SIGINT)  # Ctrl-C
        assert watcher.process.wait(timeout=WAIT) == 0
        assert watcher.next_line() == "stopped watching"
    finally:
        if watcher.process.poll() is None:
            watcher.process.kill()
            watcher.process.wait()


def test_watch_refuses_at_once_what_no_edit_could_fix(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "shapes_print", "preview", "no-such-game", "--watch"]
    done = subprocess.run(
        [*command, "--out", str(tmp_path / "out")],
        env={**os.environ, "PYTHONPATH": str(REPO)},
        capture_output=True,
        text=True,
        timeout=WAIT,
    )
    assert done.returncode == 2
    assert done.stderr.startswith("unknown game 'no-such-game'")
    assert not (tmp_path / "out").exists()
