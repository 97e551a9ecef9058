"""The player aid, read back from real kits: one copy per player, each numbered on its own
("page 1 of 2", a one-page copy "page 1 of 1"); the scale check once per file; a copy that
fits half a page printed two to a sheet, the halves parted by a dashed cut line."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from shapes_print.commands.cli import main
from shapes_print.pipeline import pipeline
from shapes_print.plan.furniture import DASH
from tests.pdfread import page_texts
from tests.project_copy import copy_project

HEADING = "Player aid: "
RULER = "50 mm: check with a ruler"
PAGE_OF = re.compile(r"page (\d+) of (\d+)")
# Shapes the Game's aid without its turn: the end of a player and of the deck, half a page.
SHORT_AID = (
    "content/shapes-the-game/game.yaml",
    'parts: ["Your turn", "Elimination", "If the deck runs out"]',
    'parts: ["Elimination", "If the deck runs out"]',
)
SCALE = 4.0  # 288 dpi: the cut line's 0.5 pt is two pixels
INK = 160  # darker than this is ink in a grey rendering


@pytest.fixture(scope="module")
def shipped(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Collect 3 for 4 players on A4, standard (a page a copy) and large print (two)."""
    out = tmp_path_factory.mktemp("aids")
    project = pipeline.load_project(pipeline.Sources(), ["collect-3"], ["standard", "large-print"])
    pipeline.build_project(project, pipeline.BuildOptions(players="4", paper="a4"), out)
    return out / "collect-3"


def _aid(kit: Path) -> Path:
    (aid,) = kit.glob("*_player-aid.pdf")
    return aid


def test_a_one_page_copy_is_its_only_page(shipped: Path) -> None:
    """Each copy, cut loose, still names its game and document and says it is whole."""
    pages = page_texts(_aid(shipped / "a4/4-players"))
    assert len(pages) == 4
    assert all(page.startswith(HEADING) for page in pages)
    assert all("Collect 3 · player aid" in page for page in pages)
    assert [PAGE_OF.findall(page) for page in pages] == [[("1", "1")]] * 4
    assert [RULER in page for page in pages] == [True, False, False, False]


def test_each_copy_of_a_longer_aid_is_numbered_on_its_own(shipped: Path) -> None:
    """Large print sets Collect 3's aid on two pages: each player's copy is "page 1 of 2",
    "page 2 of 2", never "page 5 of 8"; the scale check only on the file's first page."""
    pages = page_texts(_aid(shipped / "large-print/a4/4-players"))
    numbers = [PAGE_OF.findall(page) for page in pages]
    assert numbers == [[("1", "2")], [("2", "2")]] * 4
    assert [page.startswith(HEADING) for page in pages] == [True, False] * 4
    assert [RULER in page for page in pages] == [True] + [False] * 7


def _cut_line_dashes(path: Path, index: int) -> int:
    """How many dashes of a cut line's length (6 pt) a row across the page's middle has."""
    document = pdfium.PdfDocument(path)
    try:
        image = document[index].render(scale=SCALE, grayscale=True).to_pil()
    finally:
        document.close()
    width, height = image.size
    band = image.crop((0, height // 2 - 4, width, height // 2 + 4))
    inked = [min(band.getpixel((x, y)) for y in range(band.size[1])) < INK for x in range(width)]
    runs = [len(run) for run in "".join("#" if ink else " " for ink in inked).split()]
    return sum(1 for run in runs if abs(run - DASH * SCALE) <= 2)


@pytest.mark.parametrize(("players", "sheets"), [(2, 1), (3, 2)])
def test_a_copy_that_fits_half_a_page_prints_two_to_a_sheet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], players: int, sheets: int
) -> None:
    """Each half a copy of its own ("page 1 of 1" under each), the halves parted by a dashed line
    across the sheet's middle; an odd copy has a sheet to itself, with no line."""
    root = copy_project(tmp_path / "project", [SHORT_AID])
    out = tmp_path / "out"
    args = ["build", "shapes-the-game", "--content", str(root / "content")]
    args += ["--templates", str(root / "templates"), "--out", str(out), "-q"]
    assert main([*args, "--players", str(players), "--paper", "a4"]) == 0, capsys.readouterr()
    aid = _aid(out / f"shapes-the-game/a4/{players}-players")
    pages = page_texts(aid)
    assert len(pages) == sheets
    assert [page.count(HEADING) for page in pages] == [2, 1][:sheets]
    assert pages[0].count("If the deck runs out") == 2
    assert [PAGE_OF.findall(page) for page in pages] == [[("1", "1")] * 2, [("1", "1")]][:sheets]
    assert [RULER in page for page in pages] == [True, False][:sheets]
    dashes = [_cut_line_dashes(aid, index) for index in range(sheets)]
    assert dashes[0] >= 40  # 6 pt dashes and gaps from margin to margin (180 mm)
    assert dashes[1:] in ([], [0])
