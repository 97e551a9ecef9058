"""The watcher fixture both `preview --watch` test files use (test_watch.py, its life;
test_watched_files.py, the files it follows)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.forkserver import Warm
from tests.watching import Start, watchers


@pytest.fixture(scope="module")
def warm(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Warm]:
    """The server a module's watchers are forked from (tests/forkserver.py): each watcher a
    process of its own, without the imports a fresh interpreter pays."""
    server = Warm(tmp_path_factory.mktemp("warm"))
    yield server
    server.close()


@pytest.fixture
def start(tmp_path: Path, warm: Warm) -> Iterator[Start]:
    """Starts a watcher of a game in a project copy, building into `tmp_path/out`, once it
    is up, forked from the module's `warm` server; each is killed at the test's end
    whatever happened (tests/watching.py)."""
    with watchers(tmp_path / "out", warm) as up:
        yield up
