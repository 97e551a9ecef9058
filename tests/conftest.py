"""Shared fixtures: one real build of Pass and pick, read back by many tests; the shipped
check and its plans, a label set at a time (tests/shippedcheck.py)."""

from __future__ import annotations

import gc
import os
import shutil
import tempfile
from collections.abc import Generator, Iterator
from pathlib import Path

import pytest

from shapes_print.commands.entry import GC_THRESHOLD
from shapes_print.pipeline import pipeline
from tests.outsidetools import Skipped
from tests.sharedbuild import shared
from tests.shippedcheck import ShippedSets


def pytest_configure(config: pytest.Config) -> None:
    """Commands a test runs in its own process collect garbage as the installed command's
    process does (commands/entry.run), seldom: at Python's default a worker holding the
    shared kits spends a fifth of its time walking them. Nothing the run does uses the
    user's cache folder (`_cache_of_the_run`); its scratch files are kept in memory where
    that is possible (`_scratch_in_memory`)."""
    gc.set_threshold(GC_THRESHOLD)
    _scratch_in_memory(config)
    _cache_of_the_run(config)


# A run writes about 2 GB of scratch files (kits built into temporary folders), and a passing
# test's are taken away as it ends (tmp_path_retention_policy, pyproject.toml): written to a
# disk and deleted again, they cost the run a tenth of its system CPU.
MEMORY_FOLDER = Path("/dev/shm")
ROOM_IN_MEMORY = 4 * 2**30  # bytes free in MEMORY_FOLDER before the run puts anything there


def _scratch_in_memory(config: pytest.Config) -> None:
    """Where the temporary folder is on a disk and MEMORY_FOLDER is memory with room, the
    run's temporary files (pytest's `tmp_path`s, the xdist workers' and every process a test
    starts) go there instead. A folder the run is given (`--basetemp`, TMPDIR) is kept."""
    if hasattr(config, "workerinput") or config.option.basetemp or "TMPDIR" in os.environ:
        return
    kinds = _mounted_kinds()
    if kinds.get(Path(tempfile.gettempdir())) == "tmpfs" or kinds.get(MEMORY_FOLDER) != "tmpfs":
        return
    room = os.statvfs(MEMORY_FOLDER)
    if room.f_bavail * room.f_frsize < ROOM_IN_MEMORY or not os.access(MEMORY_FOLDER, os.W_OK):
        return
    env = pytest.MonkeyPatch()
    env.setenv("TMPDIR", str(MEMORY_FOLDER))
    config.add_cleanup(_temporary_folder_found_again)
    config.add_cleanup(env.undo)
    _temporary_folder_found_again()


def _temporary_folder_found_again() -> None:
    """The temporary folder found from TMPDIR on the next use (tempfile.tempdir's documented
    None): pytest's output capture found it before the run set it."""
    tempfile.tempdir = None


def _mounted_kinds() -> dict[Path, str]:
    """Each mount point's file system type, as Linux lists them; none elsewhere."""
    try:
        mounts = Path("/proc/self/mounts").read_text(encoding="utf-8")
    except OSError:
        return {}
    return {Path(fields[1]): fields[2] for fields in map(str.split, mounts.splitlines())}


def _cache_of_the_run(config: pytest.Config) -> None:
    """What runs before any test's own cache folder is set (`own_cache_folder`), test
    modules read as they are collected and the session's builds (`pass_and_pick`,
    `labelled`), uses a cache folder of this process's, taken away at its end: never the
    user's, whose records (YAML read before, kits up to date, groups checked clean) would
    let a build skip the work a test is there to see."""
    folder = tempfile.mkdtemp(prefix="shapes-print-test-cache-")
    env = pytest.MonkeyPatch()
    env.setenv("XDG_CACHE_HOME", folder)
    config.add_cleanup(lambda: shutil.rmtree(folder, ignore_errors=True))
    config.add_cleanup(env.undo)


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
    planned for every set in `shipped.planned` (its files' names and folders too), which
    the page tests read; these kits are for what only a written file shows."""
    return shared(tmp_path_factory, worker_id, "labelled", _build_labelled)


@pytest.fixture(scope="session")
def shipped(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> ShippedSets:
    """The shipped check and its plans, one label set at a time (`ShippedSets`)."""
    return ShippedSets(tmp_path_factory, worker_id)


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


@pytest.fixture(scope="module", autouse=True)
def module_cache_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A module's shared builds start from an empty cache folder of their own, set before
    them as `own_cache_folder` is before a test."""
    with pytest.MonkeyPatch.context() as env:
        folder = tmp_path_factory.mktemp("cache")
        env.setenv("XDG_CACHE_HOME", str(folder))
        yield folder


@pytest.fixture(autouse=True)
def own_cache_folder(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    """No test reads or fills the user's cache folder (reference/schemacache.py), and each
    starts with an empty one; commands a test starts as processes inherit it."""
    folder = tmp_path_factory.mktemp("cache")
    monkeypatch.setenv("XDG_CACHE_HOME", str(folder))
    return folder
