"""`preview --watch` as a user runs it: a process that rebuilds when a file the kit read
changes, says so in one line, keeps the last good preview through a mistake (a bad value,
bad YAML), stops as a build does where no edit could help, and stops cleanly on Ctrl-C.
Which files it follows, and how they are saved, is tests/commands/test_watched_files.py.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from shapes_print.commands.newgame import new_game
from tests.forkserver import Warm
from tests.project_copy import GAME, copy_project
from tests.watching import (
    CIRCLE,
    DECK,
    FIRST_PAGE,
    KIT,
    REPO,
    TINY,
    TINY_KIT,
    WAIT,
    Start,
    Watcher,
    circle_pixel,
    save_by_rename,
    tiny,
)


@pytest.fixture
def watcher(tmp_path: Path, start: Start) -> Watcher:
    """A watcher of the 4-player Pass and pick kit, in a copy of the shipped project."""
    return start(copy_project(tmp_path / "project"), GAME)


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


def test_watch_stops_as_build_does_at_the_texts_a_set_asked_for_lacks(
    tmp_path: Path, warm: Warm
) -> None:
    """A new game has no Spanish texts: asked for Spanish by name with the game, watch stops
    as build and check do, with the one line naming the first text it lacks where it is
    written, and builds no Spanish kit (under a plain check or `all`, the set skips it)."""
    root = copy_project(tmp_path / "project")
    new_game("my-game", root / "content")
    out = tmp_path / "out"
    watcher = Watcher(root, out, "my-game", "--watch", "--labels", "es,standard", warm=warm)
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
