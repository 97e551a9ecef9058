"""A `preview --watch` process run as a user runs it, its lines read as they come, and files
saved as editors save them: shared by the watch tests (tests/commands/test_watch.py and
test_watched_files.py) and the serve test, which starts the same process with --serve.

A test module that starts several watchers forks each from one `Warm` server, a process
that has imported the command line and the pipeline and done nothing else: each watcher is
still a process of its own, stopped by its own Ctrl-C with its own exit status, without
the half second of imports a fresh interpreter pays (tests/commands/test_startup.py is
where a fresh interpreter's start is the question).
"""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

from PIL import Image

from tests import tinygame
from tests.forkserver import Forked, Warm
from tests.project_copy import Edit

REPO = Path(__file__).resolve().parents[1]
KIT = Path("pass-and-pick/a4/4-players/preview")
FIRST_PAGE = KIT / "pass-and-pick_4p_a4_cards_p01.png"
DECK = "content/pass-and-pick/deck.yaml"
CIRCLE = 'colour: "#56B4E9"'  # the first card of the shipped deck, a sky-blue circle
# tests/tinygame.py's game: a kit of a few pages, for what a test asks of any game's kit.
TINY = "tiny"
TINY_KIT = Path("tiny/a4/2-players/preview")
SUN = (0xE6, 0x9F, 0x00)  # its one card, an orange circle where Pass and pick's first is
WAIT = 120  # seconds: a first build on a busy two-core machine; a rebuild takes far less
# Seconds to let the watcher see one edit before the next, so the two are not one batch.
APART = 0.5


def _heeding_ctrl_c() -> None:
    """The watcher stops on Ctrl-C even where this run ignores it: a shell starts its
    background jobs (a test run with `&`) ignoring SIGINT, and their children inherit that,
    so `stop` would wait out its time on every test."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Watcher:
    """The watch process (forked from `warm` if given) and the lines it prints, read as
    they come."""

    def __init__(
        self,
        root: Path,
        out: Path,
        game: str,
        keep_going: str = "--watch",
        *extra: str,
        players: str = "4",
        warm: Warm | None = None,
    ) -> None:
        self.root, self.out = root, out
        args = [
            *("preview", game, "--players", players),
            *("--paper", "a4", "--dpi", "20", keep_going, "--out", str(out)),
            *("--content", str(root / "content"), "--templates", str(root / "templates")),
            *extra,
        ]
        self.lines: queue.Queue[str] = queue.Queue()
        self.said: list[str] = []
        self.process: subprocess.Popen[str] | Forked
        if warm is None:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "shapes_print", *args],
                env={**os.environ, "PYTHONPATH": str(REPO)},
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
                preexec_fn=_heeding_ctrl_c,
            )
            assert self.process.stdout is not None
            said: Iterator[str] = self.process.stdout
        else:
            self.process, said = warm.start(args)
        threading.Thread(target=self._read, args=(said,), daemon=True).start()

    def _read(self, said: Iterable[str]) -> None:
        for line in said:
            self.lines.put(line.rstrip("\n"))

    def next_line(self) -> str:
        """The next line but warnings (a low-resolution picture's, on stderr)."""
        while True:
            try:
                line = self.lines.get(timeout=WAIT)
            except queue.Empty:
                raise AssertionError(f"no line from the watcher in {WAIT} s") from None
            self.said.append(line)
            if not line.startswith("warning: "):
                return line

    def up(self) -> None:
        """The first build done and the watcher up."""
        assert self.next_line().startswith("built in "), self.said
        assert self.next_line().startswith("watching "), self.said

    def stop(self) -> None:
        self.process.send_signal(signal.SIGINT)  # Ctrl-C
        assert self.process.wait(timeout=WAIT) == 0
        assert self.next_line() == "stopped watching"
        assert not any("Traceback" in line for line in self.said), self.said


Start = Callable[..., Watcher]


@contextmanager
def watchers(out: Path, warm: Warm | None = None) -> Iterator[Start]:
    """Starts a watcher of a game in a project copy, building into `out`, once it is up
    (forked from `warm` if given); each is killed at the end whatever happened."""
    started: list[Watcher] = []

    def up(root: Path, game: str, *extra: str) -> Watcher:
        players = "2" if game == TINY else "4"
        started.append(Watcher(root, out, game, "--watch", *extra, players=players, warm=warm))
        started[-1].up()
        return started[-1]

    try:
        yield up
    finally:
        for watcher in started:
            if watcher.process.poll() is None:
                watcher.process.kill()
                watcher.process.wait()


def tiny(*edits: Edit) -> list[Edit]:
    """tests/tinygame.py's game written into a project copy, then `edits`."""
    return [*tinygame.project_edits(), *edits]


def save_by_rename(path: Path, text: str | bytes) -> None:
    """Save as most editors do: write a new file beside it, then rename it over the old."""
    temporary = path.with_name(f".{path.name}.tmp")
    if isinstance(text, bytes):
        temporary.write_bytes(text)
    else:
        temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, path)


def save_by_deleting(path: Path, text: str) -> None:
    """Save as some editors and tools do: delete the file, then write it anew."""
    path.unlink()
    time.sleep(APART)  # the watcher sees the file gone before it is back
    path.write_text(text, encoding="utf-8")


def pixel(path: Path, x: float, y: float) -> tuple[int, int, int]:
    """The colour at a fraction of the picture's width and height."""
    with Image.open(path) as image:
        spot = (round(image.width * x), round(image.height * y))
        return image.convert("RGB").getpixel(spot)


def circle_pixel(path: Path) -> tuple[int, int, int]:
    """The middle of the first card's big shape on the first cards page (20 dpi)."""
    return pixel(path, 0.19, 0.22)
