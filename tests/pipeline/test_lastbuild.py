"""A command line that built before, from files all unchanged since, lists its kits as it
kept them (pipeline/lastbuild.py): when they are all up to date it loads nothing, and says
and writes what a build that loaded everything would. A file it read changing, or a new
game among those it builds, makes it load again.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from shapes_print.commands.cli import main
from shapes_print.inputs import recording
from tests.project_copy import run


@pytest.fixture
def content(tmp_path: Path) -> Path:
    """A content folder holding one game `new` made (2 to 6 players)."""
    folder = tmp_path / "content"
    assert main(["new", "my-game", "--content", str(folder)]) == 0
    return folder


def build(
    content: Path, capsys: pytest.CaptureFixture[str], *labels: str
) -> tuple[list[str], dict]:
    """Every game of `content` for 2 players on A4, as JSON: the notes and the report."""
    args = ["build", "--content", str(content), "--players", "2", "--paper", "a4"]
    args += ["--out", str(content.parent / "out"), "--json"]
    args += [word for name in labels or ("standard",) for word in ("--labels", name)]
    status, lines, out = run(args, capsys, content.parent)
    assert status == 0, lines
    return lines, json.loads(out)


@contextmanager
def loading() -> Iterator[list[bool]]:
    """Whether the project was loaded inside the block: loading reads YAML files as its
    input, which whoever records (inputs.py `recording`) is told of; a build taking its
    kits as kept reads them again, but as no input."""
    answer: list[bool] = []
    with recording() as read:
        yield answer
    answer.append(any(path.suffix == ".yaml" for path in read.files))


def loaded(content: Path, capsys: pytest.CaptureFixture[str], *labels: str) -> bool:
    """Whether `build` loaded the project."""
    with loading() as answer:
        build(content, capsys, *labels)
    return answer[0]


def test_an_unchanged_build_loads_nothing_and_reports_as_one_that_did(
    content: Path, capsys: pytest.CaptureFixture[str], own_cache_folder: Path
) -> None:
    # es has no Spanish for a new game: a note, given again by the build that loads nothing.
    notes, first = build(content, capsys, "standard", "es")
    assert first["built"] == 1 and len(notes) == 1 and notes[0].startswith("skipped es")
    manifest = (content.parent / "out" / "manifest.json").read_bytes()
    with loading() as answer:
        kept = build(content, capsys, "standard", "es")
    assert answer == [False]
    for entry in (own_cache_folder / "shapes-print").glob("build-*.json"):
        entry.unlink()
    loaded = build(content, capsys, "standard", "es")
    assert kept == loaded
    assert kept[1]["up_to_date"] == 1
    assert (content.parent / "out" / "manifest.json").read_bytes() == manifest


def test_another_command_line_loads_again(
    content: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    build(content, capsys)
    assert loaded(content, capsys, "large-print")


def test_an_edited_file_loads_again_and_rebuilds(
    content: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    build(content, capsys)
    game = content / "my-game" / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("title:", "title: New", 1))
    _, report = build(content, capsys)
    assert (report["built"], report["up_to_date"]) == (1, 0)


def test_a_new_game_is_built_by_a_build_of_every_game(
    content: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    build(content, capsys)
    assert main(["new", "other-game", "--content", str(content)]) == 0
    capsys.readouterr()
    _, report = build(content, capsys)
    assert (report["built"], report["up_to_date"]) == (1, 1)
    assert {kit["game"] for kit in report["kits"]} == {"my-game", "other-game"}


def test_a_stale_kit_loads_the_project_and_rebuilds_it(
    content: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    build(content, capsys)
    kit = next((content.parent / "out" / "my-game").rglob("*_cards.pdf"))
    kit.unlink()
    _, report = build(content, capsys)
    assert (report["built"], report["up_to_date"]) == (1, 0)
    assert kit.is_file()


def test_the_number_of_processes_is_no_other_command_line(
    content: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = content.parent / "out"
    args = ["build", "--content", str(content), "--players", "2-3", "--paper", "a4,letter"]
    status, _, _ = run([*args, "--out", str(out), "--jobs", "1"], capsys, content.parent)
    assert status == 0
    with loading() as answer:
        status, lines, printed = run(
            [*args, "--out", str(out), "--jobs", "2", "--json"], capsys, out
        )
    assert answer == [False]
    assert status == 0, lines
    assert json.loads(printed)["up_to_date"] == 4


def test_a_file_read_before_now_a_fifo_is_refused_not_waited_on(
    content: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """What loading read is read again as input is: a label set's file replaced by a FIFO
    (which no one writes to) is a change, and the build refuses it in one line."""
    mine = content.parent / "mine.yaml"
    mine.write_text("extends: standard\n")
    build(content, capsys, str(mine))
    mine.unlink()
    os.mkfifo(mine)
    args = ["build", "--content", str(content), "--players", "2", "--paper", "a4"]
    args += ["--out", str(content.parent / "out"), "--labels", str(mine)]
    status, lines, _ = run(args, capsys, content.parent)
    assert status == 2
    assert len(lines) == 1 and "FIFO" in lines[0], lines
