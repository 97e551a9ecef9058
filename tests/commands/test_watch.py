"""`preview --watch` as a user runs it: a process that rebuilds when a file the kit read
changes, and only then, says so in one line, keeps the last good preview through a
mistake, and stops cleanly on Ctrl-C.

Each test edits files the way editors save them (in place, by renaming a new file over the
old one, by deleting and writing it again) and reads the watcher's lines in order: a
rebuild that should not happen would print its line before the one the test waits for.
"""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PIL import Image

from shapes_print.commands.newgame import new_game
from tests import tinygame
from tests.load.test_pictures import BLUE, draw_sun, example
from tests.project_copy import GAME, Edit, copy_project

REPO = Path(__file__).resolve().parents[2]
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
    """The watch process and the lines it prints, read as they come."""

    def __init__(
        self,
        root: Path,
        out: Path,
        game: str,
        keep_going: str = "--watch",
        *extra: str,
        players: str = "4",
    ) -> None:
        self.root, self.out = root, out
        command = [
            *(sys.executable, "-m", "shapes_print", "preview", game, "--players", players),
            *("--paper", "a4", "--dpi", "20", keep_going, "--out", str(out)),
            *("--content", str(root / "content"), "--templates", str(root / "templates")),
            *extra,
        ]
        env = {**os.environ, "PYTHONPATH": str(REPO)}
        self.process = subprocess.Popen(
            command,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            preexec_fn=_heeding_ctrl_c,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        self.said: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
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


@pytest.fixture
def start(tmp_path: Path) -> Iterator[Start]:
    """Starts a watcher of a game in a project copy, building into `tmp_path/out`, once it
    is up; each is killed at the test's end whatever happened."""
    started: list[Watcher] = []

    def up(root: Path, game: str, *extra: str) -> Watcher:
        players = "2" if game == TINY else "4"
        started.append(Watcher(root, tmp_path / "out", game, "--watch", *extra, players=players))
        started[-1].up()
        return started[-1]

    yield up
    for watcher in started:
        if watcher.process.poll() is None:
            watcher.process.kill()
            watcher.process.wait()


@pytest.fixture
def watcher(tmp_path: Path, start: Start) -> Watcher:
    """A watcher of the 4-player Pass and pick kit, in a copy of the shipped project."""
    return start(copy_project(tmp_path / "project"), GAME)


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


def test_watch_rebuilds_on_an_edit_keeps_the_last_good_preview_on_a_mistake_and_stops(
    watcher: Watcher,
) -> None:
    root, out = watcher.root, watcher.out
    deck = root / DECK
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
        *(f"pass-and-pick_4p_a4_{part}.pdf" for part in ("cards", "host-key", "player-aid")),
        *(f"pass-and-pick_4p_a4_{part}.pdf" for part in ("print-and-play", "printing-guide")),
        "pass-and-pick_4p_a4_sheets.pdf",
        "preview",
    ]

    deck.write_text(deck.read_text().replace("count: six,", "count: 6,"))
    assert watcher.next_line().startswith("rebuilt (deck.yaml changed) in ")
    watcher.stop()


def test_watch_rebuilds_for_the_files_the_kit_read_and_no_others(
    tmp_path: Path, start: Start
) -> None:
    watcher = start(copy_project(tmp_path / "project", tiny()), TINY)
    root, first_page = watcher.root, watcher.out / TINY_KIT / "tiny_2p_a4_cards_p01.png"
    deck = root / "content/tiny/deck.yaml"
    orange, red = 'colour: "#E69F00"', 'colour: "#D55E00"'

    # Not read by this kit: another game's deck, a README, an editor's swap file, a
    # template folder file that is not a card template; and a save of the same bytes.
    other = root / "content/collect-3/deck.yaml"
    other.write_text(other.read_text() + "# edited\n")
    (root / "content/tiny/README.md").write_text("# notes\n")
    (root / "content/tiny/.deck.yaml.swp").write_bytes(b"\0swap")
    (root / "templates/cards/notes.txt").write_text("ideas\n")
    deck.write_text(deck.read_text())
    time.sleep(APART)

    # Read by it, saved as editors save: renamed over, then deleted and written again.
    save_by_rename(deck, deck.read_text().replace(orange, red))
    line = watcher.next_line()
    assert line.startswith("rebuilt (deck.yaml changed) in "), watcher.said
    assert circle_pixel(first_page) == (0xD5, 0x5E, 0x00)

    save_by_deleting(deck, deck.read_text().replace(red, orange))
    line = watcher.next_line()  # the watcher rebuilt while the file was gone
    assert line.startswith(f"error: {deck.parent / 'game.yaml'}:7:1: file 'deck.yaml' not found")
    assert watcher.next_line().startswith("rebuilt (deck.yaml changed) in "), watcher.said
    assert circle_pixel(first_page) == SUN

    # A template the kit reads, though its game uses another, counts.
    template = root / "templates/cards/collect-3.yaml"
    template.write_text(template.read_text() + "# edited\n")
    assert watcher.next_line().startswith("rebuilt (collect-3.yaml changed) in ")
    watcher.stop()


def test_watch_follows_the_pictures_and_the_spreadsheet_a_deck_names(
    tmp_path: Path, start: Start
) -> None:
    root = example(tmp_path / "project")
    game = root / "content/pictures"
    out = tmp_path / "out"
    kit = out / "pictures/a4/4-players/preview"
    first = kit / "pictures_4p_a4_cards_p01.png"
    sun = (0.2, 0.16)  # the blue square at the middle of the first card's sun
    watcher = start(root, "pictures")
    assert pixel(first, *sun) == BLUE
    warned = [line for line in watcher.said if "art/moon.jpg prints at" in line]  # 120 x 80
    assert warned and len(set(warned)) == len(warned), watcher.said

    # A picture read while planning: redrawn, the cards show it. The moon is as it was,
    # and the rebuild says so again, as a build would: a warning is each build's.
    draw_sun(tmp_path / "sun.png")
    green = Image.open(tmp_path / "sun.png").convert("RGBA")
    green.paste((0, 158, 115, 255), (300, 300, 500, 500))
    green.save(tmp_path / "green.png")
    before = len(watcher.said)
    save_by_rename(game / "art/sun.png", (tmp_path / "green.png").read_bytes())
    assert watcher.next_line().startswith("rebuilt (sun.png changed) in "), watcher.said
    assert [line for line in watcher.said[before:] if line in warned] == warned, watcher.said
    assert pixel(first, *sun) == (0, 158, 115)

    # A picture nobody names, beside the ones the deck does: nothing to rebuild.
    draw_sun(game / "art/unused.png")
    time.sleep(APART)

    # The spreadsheet names a picture in a folder that is not there yet: one error line,
    # then the folder and the picture appear, and the kit is built with it.
    cards = game / "cards.csv"
    cards.write_text(cards.read_text().replace("art/sun.png", "new/star.png"))
    line = watcher.next_line()
    assert line.startswith(f"error: {cards}:2:"), watcher.said
    assert "file 'new/star.png' not found" in line, line
    (game / "new").mkdir()
    time.sleep(APART)
    draw_sun(game / "new/star.png")
    line = watcher.next_line()
    while line.startswith("error: "):  # the folder came first: still no picture in it
        line = watcher.next_line()
    assert line.startswith("rebuilt ("), watcher.said
    assert pixel(first, *sun) == BLUE

    # Now read, the new picture is watched; the old one, no longer named, is not.
    save_by_rename(game / "art/sun.png", (tmp_path / "sun.png").read_bytes())
    time.sleep(APART)
    save_by_rename(game / "new/star.png", (tmp_path / "green.png").read_bytes())
    assert watcher.next_line().startswith("rebuilt (star.png changed) in "), watcher.said
    assert pixel(first, *sun) == (0, 158, 115)
    watcher.stop()


def test_watch_follows_an_svg_file_a_shape_is_drawn_from(tmp_path: Path, start: Start) -> None:
    whole = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">{}</svg>'
    art = tmp_path / "project/templates/art/circle.svg"
    root = copy_project(
        tmp_path / "project",
        tiny(
            ("templates/shapes.yaml", "circle: {cx: 0.5, cy: 0.5, r: 0.5}", "svg: art/circle.svg"),
            ("templates/art/circle.svg", None, whole.format('<path d="M0 0H10V10H0Z"/>')),
        ),
    )
    watcher = start(root, TINY)
    first = watcher.out / TINY_KIT / "tiny_2p_a4_cards_p01.png"
    assert circle_pixel(first) == SUN

    save_by_rename(art, whole.format('<path d="M0 0H1V1H0Z"/><path d="M9 9H10V10H9Z"/>'))
    assert watcher.next_line().startswith("rebuilt (circle.svg changed) in "), watcher.said
    assert circle_pixel(first) != SUN
    watcher.stop()


def test_watch_rebuilds_when_a_file_appears_in_the_games_labels_folder(
    tmp_path: Path, start: Start
) -> None:
    watcher = start(copy_project(tmp_path / "project", tiny()), TINY)
    labels = watcher.root / "content/tiny/labels"

    labels.mkdir()  # the folder alone changes nothing that is loaded
    (labels / "notes.txt").write_text("not a label file\n")  # nor does a file that is not YAML
    time.sleep(APART)
    (labels / "standard.yaml").write_text('description: "Our table\'s words"\n')
    # The new folder starts a new watcher: on a busy machine the file may come before it is
    # up, and the watcher then finds it changed meanwhile; a rebuild either way.
    rebuilt = ("rebuilt (standard.yaml changed) in ", "rebuilt (a file changed meanwhile) in ")
    assert watcher.next_line().startswith(rebuilt), watcher.said

    (labels / "standard.yaml").write_text("description: [unclosed\n")
    line = watcher.next_line()
    assert line.startswith(f"error: {labels / 'standard.yaml'}:2:1: "), line

    (labels / "standard.yaml").unlink()
    assert watcher.next_line().startswith("rebuilt (a file changed) in "), watcher.said
    watcher.stop()


def test_watch_after_bad_yaml_keeps_watching_the_last_good_files_and_the_broken_one(
    tmp_path: Path, start: Start
) -> None:
    watcher = start(copy_project(tmp_path / "project", tiny()), TINY)
    root, first_page = watcher.root, watcher.out / TINY_KIT / "tiny_2p_a4_cards_p01.png"
    deck, sheets = root / "content/tiny/deck.yaml", root / "content/tiny/sheets.yaml"
    good_sheets = sheets.read_text()
    first = first_page.read_bytes()

    sheets.write_text("title: [unclosed\n" + good_sheets)
    line = watcher.next_line()
    assert line == (
        f"error: {sheets}:2:5: YAML syntax error: expected ',' or ']', but got ':' (hint: "
        "inside { } or [ ], quote a value that holds ': ', ',' or '#', and close each { or [)"
    )
    assert first_page.read_bytes() == first

    # The templates were read by the last good build, not by the failed one, which stopped
    # at the game's files: still watched, an edit there builds again, to the same mistake.
    papers = root / "templates/papers.yaml"
    papers.write_text(papers.read_text() + "# edited\n")
    assert watcher.next_line() == line
    deck.write_text(deck.read_text().replace('colour: "#E69F00"', 'colour: "#D55E00"'))
    assert watcher.next_line() == line

    save_by_rename(sheets, good_sheets)
    assert watcher.next_line().startswith("rebuilt (sheets.yaml changed) in "), watcher.said
    assert circle_pixel(first_page) == (0xD5, 0x5E, 0x00)
    watcher.stop()


def test_watch_on_a_braille_kit_draws_its_brf_and_draws_it_again_after_an_edit(
    tmp_path: Path, start: Start
) -> None:
    root = copy_project(tmp_path / "project", tiny())
    watcher = start(root, TINY, "--labels", "braille")
    kit = watcher.out / "tiny/braille/a4/2-players/preview"
    first = kit / "tiny_2p_a4_braille_embosser_p01.png"
    assert f"pages in {kit}" in watcher.said[0], watcher.said
    before = first.read_bytes()
    deck = root / "content/tiny/deck.yaml"
    deck.write_text(deck.read_text().replace("label: SUN", "label: RING"))
    line = watcher.next_line()
    assert line.startswith("rebuilt (deck.yaml changed) in "), watcher.said
    assert first.read_bytes() != before  # the deck list at the top of page 1 says RING now
    watcher.stop()


def test_watch_stops_as_build_does_at_the_texts_a_set_asked_for_lacks(tmp_path: Path) -> None:
    """A new game has no Spanish texts: asked for Spanish by name with the game, watch stops
    as build and check do, with the one line naming the first text it lacks where it is
    written, and builds no Spanish kit (under a plain check or `all`, the set skips it)."""
    root = copy_project(tmp_path / "project")
    new_game("my-game", root / "content")
    watcher = Watcher(root, tmp_path / "out", "my-game", "--watch", "--labels", "es,standard")
    try:
        line = watcher.next_line()
        assert "/content/my-game/game.yaml:" in line, watcher.said
        assert line.endswith("is complete but has no text for 'My game'"), line
        assert watcher.process.wait(timeout=WAIT) == 2
    finally:
        watcher.process.kill()
        watcher.process.wait()
    assert not (watcher.out / "my-game" / "es").exists()


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


def test_watch_sees_a_picture_replaced_by_one_of_the_same_size_and_time(
    tmp_path: Path, start: Start
) -> None:
    """What decides is the bytes: a picture written over in place with another of the same
    byte size, its modification time set back, is read again and shown (issue 32)."""
    root = example(tmp_path / "project")
    art = root / "content/pictures/art/sun.png"
    first = tmp_path / "out/pictures/a4/4-players/preview/pictures_4p_a4_cards_p01.png"
    sun = (0.2, 0.16)  # the blue square at the middle of the first card's sun
    draw_sun(tmp_path / "drawn.png")
    with Image.open(tmp_path / "drawn.png") as drawn:
        blue, green = drawn.convert("RGBA"), drawn.convert("RGBA")
    green.paste((0, 158, 115, 255), (300, 300, 500, 500))
    blue.save(art, compress_level=0)  # stored, not compressed: the size is the pixels'
    green.save(tmp_path / "green.png", compress_level=0)
    watcher = start(root, "pictures")
    assert pixel(first, *sun) == BLUE
    before = art.stat()
    replacement = (tmp_path / "green.png").read_bytes()
    assert len(replacement) == before.st_size
    with art.open("r+b") as handle:  # in place: same file, same size
        handle.write(replacement)
    os.utime(art, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert art.stat().st_mtime_ns == before.st_mtime_ns
    assert watcher.next_line().startswith("rebuilt (sun.png changed) in "), watcher.said
    assert pixel(first, *sun) == (0, 158, 115)
    watcher.stop()
