"""Builds made once per test run for every xdist worker (pytest-xdist's recipe: a file lock)."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from filelock import FileLock

# Builds a kit folder's files into the folder it is given.
Builder = Callable[[Path], None]


def shared(
    tmp_path_factory: pytest.TempPathFactory, worker_id: str, name: str, build: Builder
) -> Path:
    """A folder of built files that every xdist worker of this run reads: the first worker to
    ask builds it under a file lock and the others wait, then read it (pytest-xdist's own
    recipe), so a whole-kit build costs its time once per run, not once per worker. In one
    process (-n0) it is built in the run's temporary folder, as any session fixture."""
    if worker_id == "master":
        folder = tmp_path_factory.mktemp(name)
        build(folder)
        return folder
    run_folder = tmp_path_factory.getbasetemp().parent  # this run's, above every worker's
    folder, done = run_folder / name, run_folder / f"{name}.done"
    with FileLock(run_folder / f"{name}.lock"):
        if not done.is_file():
            shutil.rmtree(folder, ignore_errors=True)  # what a worker that failed left
            build(folder)
            done.touch()
    return folder
