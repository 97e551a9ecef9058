"""Shared fixtures: one real build of Pass and pick, read back by many tests; the planned
sheets of every shipped game in every shipped label set."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from shapes_print.build import pipeline
from shapes_print.geometry.primitives import Document
from shapes_print.load.defaults import DEFAULT_LABELS
from shapes_print.load.labels import shipped
from shapes_print.load.printmodels import SheetStyle
from shapes_print.plan.cardfile import is_cards_file

# Every shipped label set: standard type, Spanish words (longer), large print (18 pt, two
# faces), high contrast, colour-blind and braille (their print pages): each page of each is
# measured (tests/plan/test_page_keeps.py).
PAGE_SETS = tuple(shipped(DEFAULT_LABELS))


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


@dataclass(frozen=True, slots=True)
class PlannedSheets:
    """One planned document that is not cards (sheets, host key, printing guide), with the
    style of its label set: `name` is its file's."""

    labels: str
    name: str
    style: SheetStyle
    document: Document


@pytest.fixture(scope="session")
def planned_sheets() -> list[PlannedSheets]:
    """Every shipped game's sheets, host keys, guides and player aids in PAGE_SETS, A4 and
    Letter, every player count: planned, not rendered. Not the print-and-play file: it
    compiles these documents, each with its own furniture, checked in its own file (its
    cover and blank page: tests/plan/test_print_and_play.py)."""
    planned = []
    for labels in PAGE_SETS:
        project = pipeline.load_project(pipeline.Sources(), [], [labels])
        style = project.variants[0].ctx.style
        compiled = project.variants[0].library.print_and_play
        compilation = f"_{compiled.spec.name}" if compiled is not None else None
        for _, _, files in pipeline.plan_all(project, "all", "a4,letter"):
            for file in files:
                document = file.document
                if compilation is not None and file.name.endswith(compilation):
                    continue
                if isinstance(document, Document) and not is_cards_file(document):
                    planned.append(PlannedSheets(labels, file.name, style, document))
    return planned


@pytest.fixture(autouse=True)
def own_cache_folder(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    """No test reads or fills the user's cache folder (reference/schemacache.py), and each
    starts with an empty one; commands a test starts as processes inherit it."""
    folder = tmp_path_factory.mktemp("cache")
    monkeypatch.setenv("XDG_CACHE_HOME", str(folder))
    return folder
