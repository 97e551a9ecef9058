"""Bad input: one line naming file, line and field; exit 2; nothing written; old output intact."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from shapes_print.commands.cli import main
from shapes_print.errors import Source
from shapes_print.load.defaults import DEFAULT_CONTENT, DEFAULT_TEMPLATES
from tests.command_lines import one_kit
from tests.planned import PAGE_SETS
from tests.shippedcheck import ShippedSets


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    shutil.copytree(DEFAULT_CONTENT, tmp_path / "content")
    shutil.copytree(DEFAULT_TEMPLATES, tmp_path / "templates")
    return tmp_path


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, f"fixture text {old!r} not in {path}"
    path.write_text(text.replace(old, new, 1))


def list_args(project: Path) -> list[str]:
    """`list` of the project's copy of the content and templates."""
    return [
        "list",
        "--content",
        str(project / "content"),
        "--templates",
        str(project / "templates"),
    ]


def build(project: Path, out: Path) -> int:
    content, templates = str(project / "content"), str(project / "templates")
    return main(one_kit("pass-and-pick", out, "--content", content, "--templates", templates))


CASES = [
    (
        "content/pass-and-pick/deck.yaml",
        "count: 6, layout: shape, back: standard,\n     fields: {shape: circle",
        "count: six, layout: shape, back: standard,\n     fields: {shape: circle",
        r"deck\.yaml:11:33: cards\.0\.count: must be a whole number, got 'six'",
    ),
    (
        "content/pass-and-pick/deck.yaml",
        "  - {id: circle, name: circles, count: 6,",
        "  - {id: circle, cuont: 6, name: circles, count: 6,",
        r"deck\.yaml:11:18: unknown key 'cuont'$",
    ),
    (
        "content/pass-and-pick/game.yaml",
        "players: {min: 3, max: 6}",
        "players: {min: 3, max: 6",
        r"game\.yaml:\d+:\d+: YAML syntax error: ",
    ),
    (
        "content/pass-and-pick/game.yaml",
        "deck: deck.yaml",
        "deck: decks.yaml",
        r"game\.yaml:11:1: file 'decks\.yaml' not found in ",
    ),
    (
        "templates/cards/poker.yaml",
        "card: {width: 63.5mm,",
        "card: {width: 63.5,",
        r"poker\.yaml:\d+:\d+: card\.width: length 63\.5 has no unit",
    ),
]


@pytest.mark.parametrize(
    ("file", "old", "new", "message"),
    CASES,
    ids=["wrong-type", "unknown-key", "syntax", "missing-file", "no-unit"],
)
def test_bad_input_is_one_line_exit_2_and_writes_nothing(
    project: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    file: str,
    old: str,
    new: str,
    message: str,
) -> None:
    out = tmp_path / "out"
    assert build(project, out) == 0
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    capsys.readouterr()
    edit(project / file, old, new)
    assert build(project, out) == 2
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert len(lines) == 1 or (len(lines) == 2 and lines[1].startswith("hint: ")), err
    assert "Traceback" not in err
    assert re.search(message, lines[0]), lines[0]
    after = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    assert after == before  # earlier output intact, nothing half-written


@pytest.mark.parametrize("labels", PAGE_SETS)
def test_check_passes_on_the_shipped_content(shipped: ShippedSets, labels: str) -> None:
    """`check` of every shipped game under each shipped label set, a set at a time (what
    `check` alone does, set after set)."""
    said = shipped.said(labels)
    assert said.status == 0, said.err
    assert "ok: 3 games checked with 1 label set" in said.out


def test_list_names_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list"]) == 0
    assert "pass-and-pick" in capsys.readouterr().out


def test_list_names_a_games_boards_among_its_documents(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A board is printed in a file of its own, as a token sheet is: `list` names it."""
    game = project / "content" / "pass-and-pick" / "game.yaml"
    board = "boards:\n  map: {title: the map, picture: map.svg, width: 400mm, height: 300mm}\n"
    game.write_text(game.read_text(encoding="utf-8") + board, encoding="utf-8")
    args = list_args(project)
    assert main(args) == 0
    assert "cards, map, sheets" in capsys.readouterr().out


# `list` reads only game.yaml's keys; a game.yaml not as it expects is loaded whole, so the
# line is the loader's own, as `check` and `build` print it.
LIST_CASES = [
    ("players: {min: 3, max: 6}", "players: {min: 6, max: 3}", r"game\.yaml:7:1: players: min is larger than max"),
    ("players: {min: 3, max: 6}", "players: {min: three, max: 6}", r"game\.yaml:7:11: players\.min: must be a whole number"),
    ("title: Pass and pick shapes", "title: [Pass]", r"game\.yaml:5:\d+: title: "),
    ("id: pass-and-pick", "id: pass-and-pik", r"game\.yaml:4:\d+: id 'pass-and-pik' must match"),
    ("documents: [sheets.yaml,", "documents: [nosuch.yaml,", r"game\.yaml:13:13: file 'nosuch\.yaml' not found"),
    ("documents: [sheets.yaml,", "documents: [sheets.yaml, sheets.yaml,", None),
]  # fmt: skip


@pytest.mark.parametrize(("old", "new", "expected"), LIST_CASES)
def test_list_refuses_a_broken_game_at_its_line(
    project: Path, capsys: pytest.CaptureFixture[str], old: str, new: str, expected: str | None
) -> None:
    edit(project / "content" / "pass-and-pick" / "game.yaml", old, new)
    args = list_args(project)
    status = main(args)
    out, err = capsys.readouterr()
    if expected is None:  # not broken for `list`: the document is shown twice, as loaded
        assert status == 0, err
        assert "cards, sheets, sheets, host-key" in out
        return
    assert status == 2 and out == ""
    first = err.splitlines()[0]
    assert re.search(expected, first), first
    assert first.startswith(str(project / "content" / "pass-and-pick" / "game.yaml"))


def test_list_refuses_a_papers_file_that_is_no_mapping(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (project / "templates" / "papers.yaml").write_text("- a4\n")
    args = list_args(project)
    assert main(args) == 2
    assert "papers.yaml:1:1:" in capsys.readouterr().err


def test_a_message_names_every_file_of_a_game_as_the_user_typed_its_folder(
    tmp_path: Path,
) -> None:
    """Files are resolved as they are read, yet a game's deck is named as its `game.yaml`
    is: from the working folder where it lies inside it, whole where it lies elsewhere."""
    here = Path.cwd()
    assert str(Source(here / "my-games" / "deck.yaml", 24, 6)) == "my-games/deck.yaml:24:6"
    assert str(Source(Path("my-games/game.yaml"), 50, 1)) == "my-games/game.yaml:50:1"
    outside = tmp_path / "deck.yaml"
    assert not outside.is_relative_to(here)
    assert str(Source(outside, 3)) == f"{outside}:3"
