"""A game's kit is resolved before it is planned (kit/resolved.py): every picture its cards
and boards show and every SVG icon is read then, through load/pictures.py, and noted as
what the kit read; planning the kit from it reads no file; and every kit of the game at
that card size takes the same resolved kit, each noting its pictures as its own."""

from __future__ import annotations

from pathlib import Path

import pytest

from shapes_print.buildcache import BuildCache
from shapes_print.commands.cli import main
from shapes_print.inputs import recording
from shapes_print.kit.contents import KitRequest
from shapes_print.kit.resolved import resolve_kit
from shapes_print.pipeline import pipeline
from shapes_print.plan.kit import plan_kit

GAME = "my-game"
# The `new` game's back and faces show art/logo.svg (a field names it); it also gets a board
# of that picture and an icon drawn by it, which its rules print.
BOARD_AND_ICON = """\
boards:
  map: {title: "the map", picture: art/logo.svg, width: 300mm, height: 200mm, overlap: 10mm}
icons:
  sun: {svg: art/logo.svg, alt: the sun}
"""
RULE = "each player takes one {icon:star} point"


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> pipeline.Project:
    content = tmp_path_factory.mktemp("resolved") / "games"
    assert main(["new", GAME, "--content", str(content)]) == 0
    game = content / GAME / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + BOARD_AND_ICON, encoding="utf-8")
    rules = content / GAME / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    assert RULE in text
    rules.write_text(text.replace(RULE, "each player takes one {icon:sun} point"), "utf-8")
    return pipeline.load_project(pipeline.Sources(content), [GAME])


def test_resolving_reads_the_pictures_and_planning_reads_no_file(
    project: pipeline.Project,
) -> None:
    loaded = project.games[GAME]
    logo = (loaded.folder / "art/logo.svg").resolve()
    with recording() as resolving:
        resolved = resolve_kit(loaded, project.library, project.ctx, None)
    assert logo in {path.resolve() for path in resolving.files}
    pictures = resolved.ctx.pictures
    board = pictures.get(loaded.folder, "art/logo.svg")
    assert board.path.resolve() == logo
    assert resolved.ctx.icons["sun"].picture is board  # one file, read once: one picture
    with recording() as planning:
        files = plan_kit(resolved, KitRequest(GAME, 3, "a4"))
    assert {file.name for file in files} >= {"my-game_3p_a4_cards", "my-game_3p_a4_map"}
    assert (planning.files, planning.missing, planning.listings) == ({}, set(), {})


def test_every_kit_of_a_game_takes_one_resolved_kit_and_notes_its_pictures(
    project: pipeline.Project,
) -> None:
    loaded, build = project.games[GAME], BuildCache()
    first = resolve_kit(loaded, project.library, project.ctx, None, build)
    with recording() as again:
        assert resolve_kit(loaded, project.library, project.ctx, None, build) is first
    logo = (loaded.folder / "art/logo.svg").resolve()
    assert logo in {path.resolve() for path in again.files}  # noted for this kit too
    assert resolve_kit(loaded, project.library, project.ctx, "mini", build) is not first
    # Another build (a test's, a watch rebuild's) resolves it anew.
    assert resolve_kit(loaded, project.library, project.ctx, None, build.next()) is not first


def test_a_missing_board_picture_is_one_line_at_the_board(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Read when the kit is resolved, before any page is planned: the board's line names
    the file, and nothing is written."""
    content = tmp_path / "games"
    assert main(["new", GAME, "--content", str(content)]) == 0
    game = content / GAME / "game.yaml"
    board = BOARD_AND_ICON.split("icons:")[0].replace("art/logo.svg", "art/none.svg")
    game.write_text(game.read_text(encoding="utf-8") + board, encoding="utf-8")
    capsys.readouterr()
    args = ["build", GAME, "--content", str(content), "--players", "2", "--paper", "a4"]
    assert main([*args, "--out", str(tmp_path / "out")]) == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith(f"{game}:") and "file 'art/none.svg' not found" in line, line
    assert not (tmp_path / "out").exists()
