"""Shared fixtures: one real build of Pass and pick, read back by many tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from shapes_print.build import pipeline


@pytest.fixture(scope="session")
def pass_and_pick(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every player count on both papers, built in-process like `make print` does."""
    out = tmp_path_factory.mktemp("pass-and-pick")
    pipeline.build(
        pipeline.Sources(), ["pass-and-pick"], pipeline.BuildOptions(paper="a4,letter"), out
    )
    return out / "pass-and-pick"


@pytest.fixture(scope="session")
def labelled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every game with every shipped label set, on both papers, for the fewest and the most
    players each game allows: what a label set changes does not depend on the count between
    them, and the most players is the widest score sheet and the longest kit."""
    out = tmp_path_factory.mktemp("labelled")
    for game_id, game in pipeline.load_project(pipeline.Sources()).games.items():
        project = pipeline.load_project(pipeline.Sources(), [game_id], ["all"])
        for count in (game.game.players.min, game.game.players.max):
            pipeline.build_project(
                project, pipeline.BuildOptions(players=str(count), paper="a4,letter"), out
            )
    return out


@pytest.fixture(autouse=True)
def own_cache_folder(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    """No test reads or fills the user's cache folder (reference/schemacache.py), and each
    starts with an empty one; commands a test starts as processes inherit it."""
    folder = tmp_path_factory.mktemp("cache")
    monkeypatch.setenv("XDG_CACHE_HOME", str(folder))
    return folder
