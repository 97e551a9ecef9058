"""Test support: a private copy of the project's content and templates, edited per test.

Tests change YAML in a copy under tmp_path, never in the repository, and run the CLI
in-process so they see exactly what a user sees on stderr.
"""

from __future__ import annotations

import shutil
from collections.abc import Sequence
from pathlib import Path

import pytest

from shapes_print.commands.cli import main
from shapes_print.load.defaults import DEFAULT_CONTENT, DEFAULT_TEMPLATES

GAME = "pass-and-pick"

# An edit: (file relative to the copy, text to find exactly once, replacement), or
# (file, None, whole new content as str or bytes).
Edit = tuple[str, str | None, str | bytes]


def copy_project(root: Path, edits: Sequence[Edit] = ()) -> Path:
    """content/ and templates/ copied under `root`, with `edits` applied."""
    shutil.copytree(DEFAULT_CONTENT, root / "content")
    shutil.copytree(DEFAULT_TEMPLATES, root / "templates")
    for name, old, new in edits:
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if old is None:
            if isinstance(new, bytes):
                path.write_bytes(new)
            else:
                path.write_text(new, encoding="utf-8")
            continue
        text = path.read_text(encoding="utf-8")
        assert text.count(old) == 1, f"{old!r} must occur once in {name}"
        path.write_text(text.replace(old, str(new)), encoding="utf-8")
    return root


def build_args(root: Path, out: Path, *extra: str) -> list[str]:
    """`build` of the Pass and pick kit from the copy: one game keeps each test to its point."""
    return [
        "build",
        GAME,
        "--content",
        str(root / "content"),
        "--templates",
        str(root / "templates"),
        "--out",
        str(out),
        *extra,
    ]


def run(
    args: Sequence[str], capsys: pytest.CaptureFixture[str], root: Path
) -> tuple[int, list[str], str]:
    """Exit status, stderr lines with `root/` cut from paths, and stdout."""
    status = main(list(args))
    captured = capsys.readouterr()
    lines = captured.err.replace(f"{root}/", "").splitlines()
    return status, lines, captured.out
