"""Shared fixtures: one real build of Pass and pick, read back by many tests; the planned
sheets of every shipped game in every shipped label set."""

from __future__ import annotations

import contextlib
import io
import json
import shutil
from collections.abc import Callable, Generator
from dataclasses import dataclass
from pathlib import Path

import pytest
from filelock import FileLock

from shapes_print.commands.cli import main
from shapes_print.geometry.primitives import Document
from shapes_print.load.defaults import DEFAULT_LABELS
from shapes_print.load.labels import shipped
from shapes_print.load.printmodels import SheetStyle
from shapes_print.pipeline import pipeline
from shapes_print.plan.cardsheets import is_cards_file
from tests.command_lines import Said
from tests.filecheck import Skipped
from tests.planfill import has_square


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Generator[None, None, None]:
    """A fixture whose outside tool is missing skips its tests, as a test's own check does."""
    try:
        return (yield)
    except Skipped as missing:
        pytest.skip(str(missing))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, None, None]:
    """A check that needs a system tool not installed here (`tests/filecheck.tool`) skips its
    test, naming the tool and how to install it: a missing tool is never a failure."""
    try:
        return (yield)
    except Skipped as missing:
        pytest.skip(str(missing))


# Every shipped label set: standard type, Spanish words (longer), large print (18 pt, two
# faces), high contrast, colour-blind and braille (their print pages): each page of each is
# measured (tests/plan/test_page_keeps.py).
PAGE_SETS = tuple(shipped(DEFAULT_LABELS))
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
    """Each game's fewest and most players, A4 and Letter, under every label set."""
    for game_id, game in pipeline.load_project(pipeline.Sources()).games.items():
        project = pipeline.load_project(pipeline.Sources(), [game_id], ["all"])
        for count in (game.game.players.min, game.game.players.max):
            pipeline.build_project(
                project, pipeline.BuildOptions(players=str(count), paper="a4,letter"), out
            )


@pytest.fixture(scope="session")
def labelled(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> Path:
    """Every game with every shipped label set, on both papers, for the fewest and the most
    players each game allows: what a label set changes does not depend on the count between
    them, and the most players is the widest score sheet and the longest kit."""
    return shared(tmp_path_factory, worker_id, "labelled", _build_labelled)


def _check_shipped(folder: Path) -> None:
    """`shapes-print check` of the shipped content, its status and words kept in `folder`."""
    out, err = io.StringIO(), io.StringIO()
    with pytest.MonkeyPatch.context() as env:  # a cache of its own, as every test has
        env.setenv("XDG_CACHE_HOME", str(folder / "cache"))
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(["check"])
    said = {"status": status, "out": out.getvalue(), "err": err.getvalue()}
    (folder / "said.json").write_text(json.dumps(said), encoding="utf-8")


@pytest.fixture(scope="session")
def shipped_check(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> Said:
    """`shapes-print check` of every shipped game under every shipped label set, run once per
    run: it plans every kit (the slowest check there is), and the tests that need the shipped
    content to pass read its result."""
    folder = shared(tmp_path_factory, worker_id, "shipped-check", _check_shipped)
    return Said(**json.loads((folder / "said.json").read_text(encoding="utf-8")))


@dataclass(frozen=True, slots=True)
class PlannedSheets:
    """One planned document that is not cards (sheets, host key, printing guide), with the
    style of its label set: `name` is its file's."""

    labels: str
    name: str
    style: SheetStyle
    document: Document


@dataclass(frozen=True, slots=True)
class Compiled:
    """A print-and-play file's pages as the scale check sees them: for each page, whether
    it holds the inch square and whether it is a card sheet's (the cards parts' pages)."""

    labels: str
    name: str
    squared: tuple[bool, ...]
    cards: frozenset[int]


@pytest.fixture(scope="session")
def planned_every_set() -> tuple[list[PlannedSheets], list[Compiled]]:
    """Every shipped game in PAGE_SETS, A4 and Letter, every player count, planned once:
    its sheet documents and its print-and-play files (the two fixtures below)."""
    planned, compiled_files = [], []
    for labels in PAGE_SETS:
        project = pipeline.load_project(pipeline.Sources(), [], [labels])
        style = project.variants[0].ctx.style
        compiled = project.variants[0].library.print_and_play
        compilation = f"_{compiled.spec.name}" if compiled is not None else None
        for _, _, files in pipeline.plan_all(project, "all", "a4,letter"):
            cards_titles = {
                f.document.title
                for f in files
                if isinstance(f.document, Document) and is_cards_file(f.document)
            }
            for file in files:
                document = file.document
                if compilation is not None and file.name.endswith(compilation):
                    side = style.furniture.inch_square
                    compiled_files.append(
                        _compiled(labels, file.name, document, cards_titles, side)
                    )
                elif isinstance(document, Document) and not is_cards_file(document):
                    planned.append(PlannedSheets(labels, file.name, style, document))
    return planned, compiled_files


def _compiled(
    labels: str, name: str, document: Document, cards_titles: set[str], side: float
) -> Compiled:
    """A print-and-play file's pages, which hold the inch square, which are card sheets."""
    marks = document.bookmarks
    cards: set[int] = set()
    for mark, after in zip(marks, [*marks[1:], None], strict=True):
        if mark.title in cards_titles:
            stop = after.page if after is not None else len(document.pages)
            cards |= set(range(mark.page, stop))
    squared = tuple(has_square(page.items, side) for page in document.pages)
    return Compiled(labels, name, squared, frozenset(cards))


@pytest.fixture(scope="session")
def planned_sheets(
    planned_every_set: tuple[list[PlannedSheets], list[Compiled]],
) -> list[PlannedSheets]:
    """Every shipped game's sheets, host keys, guides and player aids in PAGE_SETS, A4 and
    Letter, every player count: planned, not rendered. Not the print-and-play file: it
    compiles these documents, each checked in its own file (its scale check:
    `planned_compilations`; its cover and blank page: tests/plan/test_print_and_play.py)."""
    return planned_every_set[0]


@pytest.fixture(scope="session")
def planned_compilations(
    planned_every_set: tuple[list[PlannedSheets], list[Compiled]],
) -> list[Compiled]:
    """Every print-and-play file planned with `planned_sheets`, as its scale check sees it."""
    return planned_every_set[1]


@pytest.fixture(autouse=True)
def own_cache_folder(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    """No test reads or fills the user's cache folder (reference/schemacache.py), and each
    starts with an empty one; commands a test starts as processes inherit it."""
    folder = tmp_path_factory.mktemp("cache")
    monkeypatch.setenv("XDG_CACHE_HOME", str(folder))
    return folder
