"""Shared fixtures: one real build of Pass and pick, read back by many tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from shapes_print import pipeline


@pytest.fixture(scope="session")
def pass_and_pick(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every player count on both papers, built in-process like `make print` does."""
    out = tmp_path_factory.mktemp("pass-and-pick")
    pipeline.build(pipeline.Sources(), ["pass-and-pick"], "all", "a4,letter", out)
    return out / "pass-and-pick"
