"""A board larger than a page (game.yaml's `boards:`), tiled: a 400 x 300 mm map on A4
takes four landscape tiles, each showing its part of the board and 10 mm more of each
neighbour's, named by grid reference with its neighbours named at their edges, and the
seam lines of two neighbours at the same place on the board; under it, the running foot.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from shapes_print.commands.cli import main
from shapes_print.geometry.primitives import Artifact, Group, Image, Item, Line, Page
from shapes_print.geometry.primitives import Path as PathItem
from shapes_print.kit.resolved import resolve_kit
from shapes_print.kit.variant import make_variant
from shapes_print.load.content import load_game
from shapes_print.load.defaults import DEFAULT_LABELS, DEFAULT_TEMPLATES
from shapes_print.load.labels import load_labels
from shapes_print.load.printmodels import SheetStyle
from shapes_print.plan.boards import board_document, tile_area
from shapes_print.units import mm

GAME = "my-game"
BOARD = """\
boards:
  map: {title: "the map", picture: art/logo.svg, width: 400mm, height: 300mm, overlap: OVERLAP,
        alt: "the map"}
"""
A4 = (mm(210), mm(297))


def _game(content: Path, overlap: str = "10mm") -> Path:
    assert main(["new", GAME, "--content", str(content)]) == 0
    game = content / GAME / "game.yaml"
    text = game.read_text(encoding="utf-8") + BOARD.replace("OVERLAP", overlap)
    game.write_text(text, encoding="utf-8")
    return content


@pytest.fixture(scope="module")
def content(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _game(tmp_path_factory.mktemp("boards") / "games")


def _tiles(content: Path) -> tuple[list[Page], SheetStyle]:
    games = {GAME: load_game(content / GAME)}
    variant = make_variant(DEFAULT_TEMPLATES, games, load_labels("standard", DEFAULT_LABELS))
    loaded = variant.games[GAME]
    board = loaded.game.boards["map"]
    where = loaded.source.source(("boards", "map"))
    ctx = resolve_kit(loaded, variant.library, variant.ctx, None).ctx  # the map read here
    picture = ctx.pictures.get(loaded.folder, board.picture)
    document = board_document(board, picture, where, A4, ctx, "My game: the map")
    return list(document.pages), ctx.style


def _find(items: tuple[Item, ...], kind: type) -> list:
    found: list = []
    for item in items:
        if isinstance(item, kind):
            found.append(item)
        if isinstance(item, Group | Artifact):
            found += _find(item.items, kind)
    return found


def test_each_tile_shows_its_part_of_the_board_and_the_overlap(content: Path) -> None:
    pages, style = _tiles(content)
    margin = style.margin
    assert len(pages) == 4 and all((p.width, p.height) == A4[::-1] for p in pages)
    # Inside the margins, above the room the running foot takes.
    area = A4[1] - 2 * margin, A4[0] - margin - style.running_footer_height
    assert tile_area(A4[::-1], style) == pytest.approx(area)
    step = area[0] - mm(10), area[1] - mm(10)
    for index, page in enumerate(pages):
        row, column = divmod(index, 2)
        groups = _find(page.items, Group)
        (moved,) = [g for g in groups if any(isinstance(item, Image) for item in g.items)]
        # The board's point (column * step, row * step from its top-left) at the area's corner.
        assert moved.dx == pytest.approx(margin - column * step[0])
        assert moved.dy + mm(300) == pytest.approx(page.height - margin + row * step[1])


def test_neighbours_seam_lines_lie_at_the_same_place_on_the_board(content: Path) -> None:
    """A1's solid line on its right and A2's dashed line on its left are one board
    line: the middle of the overlap the two tiles share."""
    pages, style = _tiles(content)
    margin = style.margin
    area = A4[1] - 2 * margin
    solid = [line.x1 for line in _find(pages[0].items, Line) if line.x1 == line.x2]
    assert solid == [pytest.approx(margin + area - mm(5))]
    step = area - mm(10)
    # On A2 the board point at A1's line sits `step` further left.
    dashed = [path for path in _find(pages[1].items, PathItem) if path.paint.stroke]
    upright = {round(op[1], 3) for path in dashed for op in path.ops if op[0] == "M"}
    assert upright & {round(margin + area - mm(5) - step, 3)}


def test_the_tiles_are_named_and_name_their_neighbours(content: Path, tmp_path: Path) -> None:
    args = [GAME, "--content", str(content), "--players", "2", "--paper", "a4", "-q"]
    assert main(["build", *args, "--out", str(tmp_path)]) == 0
    reader = PdfReader(tmp_path / GAME / "a4" / "2-players" / f"{GAME}_2p_a4_map.pdf")
    texts = [page.extract_text() for page in reader.pages]
    feet = [f"My game · the map · page {number} of 4" for number in range(1, 5)]
    assert all(foot in text for foot, text in zip(feet, texts, strict=True))
    words = [set(text.replace(foot, "").split()) for foot, text in zip(feet, texts, strict=True)]
    assert words == [{"A1", "A2", "B1"}, {"A2", "A1", "B2"}, {"B1", "A1", "B2"}, {"B2", "A2", "B1"}]
    assert all(float(page.mediabox.width) > float(page.mediabox.height) for page in reader.pages)


def test_an_overlap_that_leaves_no_tile_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    content = _game(tmp_path / "games", "100mm")
    capsys.readouterr()
    args = [GAME, "--content", str(content), "--players", "2", "--paper", "a4"]
    assert main(["build", *args, "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{content / GAME / 'game.yaml'}:") and "overlap 100.0 mm" in err
    assert err.count("\n") == 1
