"""A corpus of bad inputs (tests/bad_inputs.yaml), each with the exact message it must produce.

Every case edits a private copy of content/ and templates/, runs `shapes-print build`
in-process (with the case's `args`, if any) and expects exit status 2, one line
`path:line[:column]: message` (`--option ...: message` for an option's mistake, `path: message`
for a file that is not YAML, marked `path_only`; plus at most one `hint:` line), no traceback, and nothing written to the output folder.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.project_copy import Edit, build_args, copy_project, run
from tests.yamlread import safe_load

PROJECT = Path(__file__).parents[2]
CASES: list[dict[str, Any]] = safe_load((Path(__file__).parents[1] / "bad_inputs.yaml").read_text())
ONE_LINE = re.compile(r"^[^\s:][^:]*:\d+(:\d+)?: \S")
OPTION_LINE = re.compile(r"^--[a-z-]+[^:]*: \S")
PATH_LINE = re.compile(r"^[^\s:][^:]*: \S")  # a file that is not YAML (a font) has no lines
REQUIRED = {  # the issue's list, by case id
    "yaml-syntax",
    "tab-indent",
    "duplicate-key",
    "unknown-key",
    "wrong-type-count",
    "zero-count",
    "negative-count",
    "bare-number-length",
    "unknown-unit",
    "unknown-shape",
    "unknown-colour",
    "missing-template",
    "extends-cycle",
    "missing-font",
    "empty-deck",
    "deal-larger-than-deck",
    "player-range-beyond-rules",
    "empty-file",
    "binary-file",
    "not-utf8",
}


def _edits(case: dict[str, Any]) -> list[Edit]:
    edits: list[Edit] = []
    for edit in case["edits"]:
        if "find" in edit:
            edits.append((edit["file"], edit["find"], edit["replace"]))
        elif "bytes" in edit:
            edits.append((edit["file"], None, edit["bytes"].encode("latin-1")))
        else:
            edits.append((edit["file"], None, edit["content"] * edit.get("repeat", 1)))
    return edits


LINE = re.compile(r"\{line([+-]\d+)?\}")


def _expected(case: dict[str, Any]) -> str:
    """The case's line, its `{line}` the line its first edit's `find` starts on in the
    shipped file (or the line of its `line_at` text in the file the error names), `{line+1}`
    or `{line-1}` a line after or before it: a line moved by an unrelated edit fails no case."""
    error = str(case["error"])
    if "{line" not in error:
        return error
    if "line_at" in case:
        text, file = case["line_at"], error.split(":", 1)[0]
    else:
        text, file = case["edits"][0]["find"], case["edits"][0]["file"]
    shipped = (PROJECT / file).read_text(encoding="utf-8")
    line = shipped[: shipped.index(text)].count("\n") + 1
    return LINE.sub(lambda m: str(line + int(m.group(1) or 0)), error)


@pytest.mark.parametrize("case", CASES, ids=[case["id"] for case in CASES])
def test_bad_input_gives_one_line_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], case: dict[str, Any]
) -> None:
    root = copy_project(tmp_path, _edits(case))
    out = tmp_path / "out"
    args = [arg.replace("{root}", str(root)) for arg in case.get("args", [])]
    status, lines, _ = run(build_args(root, out, *args), capsys, tmp_path)
    assert status == 2
    assert lines[0] == _expected(case)
    # An option's mistake names the option; a file a option names (a label set) its line.
    by_option = "args" in case and case["error"].startswith("--")
    form = PATH_LINE if case.get("path_only") else OPTION_LINE if by_option else ONE_LINE
    assert form.match(lines[0])
    if "hint" in case:
        assert lines[1:] == [case["hint"]]
    else:  # none, or one whose wording may grow (such as a list of known names)
        assert len(lines) == 1 or (len(lines) == 2 and lines[1].startswith("hint: "))
    assert not out.exists()


def test_corpus_covers_the_issue() -> None:
    ids = [case["id"] for case in CASES]
    assert len(ids) >= 30
    assert len(set(ids)) == len(ids)
    assert set(ids) >= REQUIRED
    assert len({case["error"] for case in CASES}) == len(CASES)


def test_no_message_names_a_card_by_its_drawings_id() -> None:
    """A card is named as its deck writes it ("card 'circle'"), never as the drawing the
    program made of it (`face-circle`, `back-standard`); each case's line is its exact
    stderr, so this holds of what a user sees."""
    internal = re.compile(r"'(face|back)-[a-z0-9-]+'")
    assert not [case["error"] for case in CASES if internal.search(case["error"])]
    assert any("card 'circle', element 'label'" in case["error"] for case in CASES)


def test_a_for_each_card_is_named_as_written_with_the_card_it_made(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    edit = ("content/collect-3/game.yaml", "word: BLUE,", "word: BLUE BLUE BLUE BLUE BLUE BLUE,")
    root = copy_project(tmp_path, [edit])
    args = ["build", "collect-3", "--content", str(root / "content"), "--out", str(tmp_path / "o")]
    status, lines, _ = run([*args, "--players", "4", "--paper", "a4"], capsys, tmp_path)
    deck = (PROJECT / "content/collect-3/deck.yaml").read_text(encoding="utf-8")
    line = deck[: deck.index('word: "{word}"')].count("\n") + 1  # the card's fields
    assert (status, lines) == (
        2,
        [
            f"content/collect-3/deck.yaml:{line}:34: card '{{color}}-{{number}}' (blue-1), element "
            "'number-word': text 'BLUE BLUE BLUE BLUE BLUE BLUE' does not fit its 53.5 x 11.0 mm "
            "box even at 14 pt"
        ],
    )
