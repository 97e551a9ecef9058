"""Where the hint sends the texts a complete label set lacks: a user's own set given by path
gives them in its own file, whatever game lacks them, and never in the shipped content (not
hers to write, and after `pip install` the package's); a shipped set on her own game, in the
game's own `labels/NAME.yaml`. Each hint is followed, and the check then passes."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from shapes_print.kit.coverage import own_file
from shapes_print.load.defaults import DEFAULT_CONTENT
from shapes_print.pipeline import pipeline
from tests.project_copy import run

# A German set of her own whose running foot has words of its own, which `de` lacks.
GERMAN_LARGE = (
    "extends: [large-print, de]\nlocale: de\nstyle:\n  furniture:\n"
    '    running_foot: "{game} \u2014 {document} \u2014 page {page} of {pages}"\n'
)
ONE_KIT = ["--players", "3", "--paper", "a4"]
HINT = "hint: add them under text: in "


def _hinted(args: list[str], root: Path, capsys: pytest.CaptureFixture[str]) -> tuple[Path, str]:
    """The file a refused check's hint names (under `root`, which `run` cuts from paths),
    and its missing texts as `text:` entries."""
    status, lines, _ = run(args, capsys, root)
    *named, hint = lines
    assert status == 2 and named and hint.startswith(HINT), lines
    english = [ast.literal_eval(line.split(" has no text for ", 1)[1]) for line in named]
    entries = "".join(f"  {json.dumps(text)}: {json.dumps('»' + text)}\n" for text in english)
    return root / hint.removeprefix(HINT), f"text:\n{entries}"


def test_a_set_given_by_path_is_told_to_give_a_shipped_game_s_texts_itself(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    mine = tmp_path / "gd.yaml"
    mine.write_text(GERMAN_LARGE, encoding="utf-8")
    args = ["check", "pass-and-pick", "--labels", str(mine), *ONE_KIT]
    named, entries = _hinted(args, tmp_path, capsys)
    assert named == mine
    mine.write_text(GERMAN_LARGE + entries, encoding="utf-8")
    assert run(args, capsys, tmp_path) == (0, [], "ok: 1 game checked with 1 label set\n")


def test_her_own_game_s_texts_go_in_her_set_or_the_game_s_file_for_a_shipped_set(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    content = tmp_path / "content"
    assert run(["new", "my-game", "--content", str(content)], capsys, tmp_path)[0] == 0
    mine = tmp_path / "gd.yaml"
    mine.write_text(GERMAN_LARGE, encoding="utf-8")
    for labels, file in ((str(mine), mine), ("de", content / "my-game" / "labels" / "de.yaml")):
        args = ["check", "my-game", "--content", str(content), "--labels", labels, *ONE_KIT]
        named, entries = _hinted(args, tmp_path, capsys)
        assert named == file
        with file.open("a", encoding="utf-8") as given:
            given.write(entries)
        assert run(args, capsys, tmp_path)[:2] == (0, [])


def test_a_user_s_set_never_sends_her_into_the_shipped_content(tmp_path: Path) -> None:
    """The game's own file the skip lines name (a lacking colour, a word with no room)."""
    mine = tmp_path / "gd.yaml"
    mine.write_text(GERMAN_LARGE, encoding="utf-8")
    for labels, shipped in ((str(mine), False), ("de", True)):
        project = pipeline.load_project(pipeline.Sources(), ["pass-and-pick"], [labels])
        variant = project.variants[0]
        named = own_file(variant.games["pass-and-pick"], variant.labels)
        assert named.is_relative_to(DEFAULT_CONTENT) is shipped, named
        assert shipped or named == mine.resolve()
