"""The command reference (docs/commands.md) prints what the commands print.

Each ```console block of the README or a page of docs/ is a session: every
`$ shapes-print ...` line runs in-process, in order, in one temporary folder (so a second
build finds the first's kits), and what it prints must be the lines that follow it, with
the folder shown as the page shows it. Each ```json block of the reference documents the
shape of one command's `--json`: the command's document must have the same keys at every
level and the same kinds of values.
"""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest

from shapes_print.commands.cli import main

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "docs" / "commands.md"
# The pages whose sessions run: the README and docs/, but the generated YAML reference.
PAGES = [
    ROOT / "README.md",
    *sorted(p for p in (ROOT / "docs").glob("*.md") if p.name != "reference.md"),
]
FENCE = re.compile(r"^```(\w+)\n(.*?)^```", re.MULTILINE | re.DOTALL)
HOME = "/home/you/shapes-print"  # the folder the pages' sessions run in
# The commands whose --json each ```json block of the reference documents, in order.
JSON_COMMANDS = (
    "shapes-print build pass-and-pick --players 4 --paper a4 --json",
    "shapes-print check pass-and-pick --players 4 --paper a4 --json",  # one kit a set: same shape
    "shapes-print list --json",
)


def reference(language: str, pages: list[Path] | None = None) -> list[str]:
    """The blocks of a language in the command reference (or in `pages`), in order."""
    texts = [page.read_text(encoding="utf-8") for page in pages or [REFERENCE]]
    return [m.group(2) for text in texts for m in FENCE.finditer(text) if m.group(1) == language]


def sessions() -> list[list[tuple[str, list[str]]]]:
    """Each console block of every page as (command, the lines it prints)."""
    found = []
    for block in reference("console", PAGES):
        steps: list[tuple[str, list[str]]] = []
        for line in block.splitlines():
            if line.startswith("$ "):
                steps.append((line[2:], []))
            else:
                steps[-1][1].append(line)
        found.append(steps)
    return found


def run(command: str, capsys: pytest.CaptureFixture[str]) -> str:
    words = shlex.split(command)
    assert words[0] == "shapes-print"
    status = main(words[1:])
    captured = capsys.readouterr()
    assert status == 0, captured.err
    return captured.out


def test_the_reference_shows_sessions_and_json_shapes() -> None:
    assert sessions() and len(reference("json")) == len(JSON_COMMANDS)


@pytest.mark.parametrize("number", range(len(sessions())))
def test_each_session_prints_what_the_readme_shows(
    number: int,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    for command, expected in sessions()[number]:
        printed = run(command, capsys).replace(str(tmp_path.resolve()), HOME)
        assert printed.splitlines() == expected, f"docs: update what `{command}` prints"


def shape(value: object) -> object:
    """A JSON value's keys and kinds of values, lists by the shape of their items."""
    if isinstance(value, dict):
        return {key: shape(item) for key, item in value.items()}
    if isinstance(value, list):
        shapes = {json.dumps(shape(item), sort_keys=True) for item in value}
        return sorted(shapes)
    return type(value).__name__


@pytest.mark.parametrize("number", range(len(JSON_COMMANDS)))
def test_each_json_shape_is_what_the_command_prints(
    number: int,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    documented = json.loads(reference("json")[number])
    printed = json.loads(run(JSON_COMMANDS[number], capsys))
    assert shape(printed) == shape(documented), JSON_COMMANDS[number]
    if number == 0:  # a first build: built, and every file listed is there with its hash
        assert {kit["status"] for kit in printed["kits"]} == {"built"}
        files = [file for kit in printed["kits"] for file in kit["files"]]
        assert {Path(file["path"]).suffix for file in files} == {".pdf"}
        assert all(Path(file["path"]).is_file() for file in files)
