"""Shared fixtures: one real build of Pass and pick, read back by many tests; the planned
sheets of every shipped game in every shipped label set (tests/planned.py)."""

from __future__ import annotations

import contextlib
import gc
import io
import json
import os
import pickle
import shutil
from collections.abc import Callable, Generator, Iterator
from pathlib import Path

import pytest
from filelock import FileLock

from shapes_print.commands.cli import main
from shapes_print.commands.entry import GC_THRESHOLD
from shapes_print.pipeline import pipeline
from shapes_print.pipeline.requests import listening_to_kits
from tests.command_lines import Said
from tests.outsidetools import Skipped
from tests.planned import (
    Compiled,
    KitWords,
    PlannedSets,
    PlannedSheets,
    Recorder,
    shop_kits_on_letter,
)


def pytest_configure(config: pytest.Config) -> None:
    """Commands a test runs in its own process collect garbage as the installed command's
    process does (commands/entry.run), seldom: at Python's default a worker holding the
    shared kits spends a fifth of its time walking them."""
    gc.set_threshold(GC_THRESHOLD)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Generator[None, None, None]:
    """A fixture whose outside tool is missing skips its tests, as a test's own check does."""
    try:
        return (yield)
    except Skipped as missing:
        pytest.skip(str(missing))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, None, None]:
    """A check that needs a system tool not installed here (`tests/outsidetools.tool`) skips its
    test, naming the tool and how to install it: a missing tool is never a failure."""
    try:
        return (yield)
    except Skipped as missing:
        pytest.skip(str(missing))


GAME = "pass-and-pick"
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


def _build_pass_and_pick(out: Path) -> None:
    pipeline.build(pipeline.Sources(), [GAME], pipeline.BuildOptions(paper="a4,letter"), out)


@pytest.fixture(scope="session")
def pass_and_pick(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> Path:
    """Every player count on both papers, built in-process like `make print` does."""
    return shared(tmp_path_factory, worker_id, "pass-and-pick", _build_pass_and_pick) / GAME


def _build_labelled(out: Path) -> None:
    """Each game's most players on A4 under every label set."""
    for game_id, game in pipeline.load_project(pipeline.Sources()).games.items():
        project = pipeline.load_project(pipeline.Sources(), [game_id], ["all"])
        options = pipeline.BuildOptions(players=str(game.game.players.max), paper="a4")
        pipeline.build_project(project, options, out)


@pytest.fixture(scope="session")
def labelled(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> Path:
    """Every game with every shipped label set, rendered and written: the most players each
    game allows on A4 (the widest score sheet and the longest kit). What a label set changes
    does not depend on the count or the paper: every kit at every count on both papers is
    planned for every set in `planned_every_set` (its files' names and folders too), which
    the page tests read; these kits are for what only a written file shows."""
    return shared(tmp_path_factory, worker_id, "labelled", _build_labelled)


def _check_shipped(folder: Path) -> None:
    """`shapes-print check` of the shipped content in one process, its status and words kept
    in `folder`; and what it planned of PAGE_SETS's kits, heard as it planned them, with the
    print-shop kits on Letter that it does not plan (tests/planned.py): one planning of every
    kit serves the tests of the check and those of the plans."""
    folder.mkdir(parents=True, exist_ok=True)
    out, err, recorder = io.StringIO(), io.StringIO(), Recorder()
    with pytest.MonkeyPatch.context() as env:  # a cache of its own, as every test has
        env.setenv("XDG_CACHE_HOME", str(folder / "cache"))
        with listening_to_kits(recorder.take):
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                status = main(["check", "--jobs", "1"])  # forked workers' plans are unheard
            shop_kits_on_letter()
    said = {"status": status, "out": out.getvalue(), "err": err.getvalue()}
    (folder / "said.json").write_text(json.dumps(said), encoding="utf-8")
    planned = pickle.dumps(recorder.planned(), pickle.HIGHEST_PROTOCOL)
    (folder / "planned.pickle").write_bytes(planned)


@pytest.fixture(scope="session")
def shipped_checked(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> Path:
    """The folder of the shipped check and its plans, made once per run for every worker."""
    return shared(tmp_path_factory, worker_id, "shipped-check", _check_shipped)


@pytest.fixture(scope="session")
def shipped_check(shipped_checked: Path) -> Said:
    """`shapes-print check` of every shipped game under every shipped label set, run once per
    run: it plans every kit (the slowest check there is), and the tests that need the shipped
    content to pass read its result."""
    return Said(**json.loads((shipped_checked / "said.json").read_text(encoding="utf-8")))


@pytest.fixture(scope="session")
def planned_every_set(shipped_checked: Path) -> PlannedSets:
    """Every shipped game in PAGE_SETS, A4 and Letter, every player count, planned once per
    run by the shipped check (`shipped_check`, which plans every kit) and kept in a file that
    every worker reads (tests/planned.py)."""
    planned = pickle.loads((shipped_checked / "planned.pickle").read_bytes())
    assert isinstance(planned, PlannedSets)
    return planned


@pytest.fixture(scope="session")
def planned_sheets(planned_every_set: PlannedSets) -> list[PlannedSheets]:
    """Every shipped game's sheets, host keys, guides and player aids in PAGE_SETS, A4 and
    Letter, every player count: planned, not rendered. Not the print-and-play file: it
    compiles these documents, each checked in its own file (its scale check:
    `planned_compilations`; its cover and blank page: tests/plan/test_print_and_play.py)."""
    return planned_every_set.sheets


@pytest.fixture(scope="session")
def planned_words(planned_every_set: PlannedSets) -> list[KitWords]:
    """The words of every file of each shipped game's fewest- and most-player kits in every
    shipped label set, A4 and Letter, page by page, as the plan draws them: what the
    `labelled` kits print, read without a PDF."""
    return planned_every_set.words


@pytest.fixture(scope="session")
def planned_compilations(planned_every_set: PlannedSets) -> list[Compiled]:
    """Every print-and-play file planned with `planned_sheets`, as its scale check sees it."""
    return planned_every_set.compilations


@pytest.fixture(scope="session", autouse=True)
def compiled_once(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Where the environment says not to write bytecode beside the code
    (PYTHONDONTWRITEBYTECODE), the Python processes tests start keep what they compile in
    this run's temporary folder, which every worker shares: each module is compiled once per
    run, not once per process (a fifth of a second of each start-up). `make test` keeps it
    in .venv/pycache between runs (the Makefile), and the processes inherit that."""
    with pytest.MonkeyPatch.context() as env:
        if os.environ.get("PYTHONDONTWRITEBYTECODE"):
            env.delenv("PYTHONDONTWRITEBYTECODE")
            if not os.environ.get("PYTHONPYCACHEPREFIX"):
                run = tmp_path_factory.getbasetemp().parent
                env.setenv("PYTHONPYCACHEPREFIX", str(run / "pycache"))
        yield


@pytest.fixture(autouse=True)
def own_cache_folder(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    """No test reads or fills the user's cache folder (reference/schemacache.py), and each
    starts with an empty one; commands a test starts as processes inherit it."""
    folder = tmp_path_factory.mktemp("cache")
    monkeypatch.setenv("XDG_CACHE_HOME", str(folder))
    return folder
