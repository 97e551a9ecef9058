"""The watcher fixture both `preview --watch` test files use (test_watch.py, its life;
test_watched_files.py, the files it follows)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.watching import Start, watchers


@pytest.fixture
def start(tmp_path: Path) -> Iterator[Start]:
    """Starts a watcher of a game in a project copy, building into `tmp_path/out`, once it
    is up; each is killed at the test's end whatever happened (tests/watching.py)."""
    with watchers(tmp_path / "out") as up:
        yield up
