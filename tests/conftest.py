"""Shared fixtures: one real build of Pass and pick, read back by many tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from shapes_print import pipeline


@pytest.fixture(scope="session")
def pass_and_pick(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every player count on both papers, built in-process like `make print` does."""
    out = tmp_path_factory.mktemp("pass-and-pick")
    pipeline.build(pipeline.Sources(), ["pass-and-pick"], pipeline.BuildOptions(paper="a4,letter"), out)
    return out / "pass-and-pick"


@pytest.fixture(scope="session")
def labelled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every game with every shipped label set, every count, both papers (`make print`)."""
    out = tmp_path_factory.mktemp("labelled")
    pipeline.build(pipeline.Sources(), [], pipeline.BuildOptions(paper="a4,letter"), out, labels=["all"])
    return out
