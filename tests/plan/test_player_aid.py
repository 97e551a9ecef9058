"""The player aid's copies, read back from real kits: one copy per player, each on one side
and numbered on its own ("page 1 of 1"); no scale check (read, not measured); a copy that
fits half a page printed two to a sheet, the halves parted by a dashed cut line; one longer
than a side printed one-sided with a warning; large print copies a sheet each."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from shapes_print.commands.cli import main
from shapes_print.geometry.primitives import Artifact, Document, Page
from shapes_print.geometry.primitives import Path as PathItem
from shapes_print.kit.playeraid import aid_style
from shapes_print.load.defaults import DEFAULT_CONTENT
from shapes_print.pipeline import pipeline
from shapes_print.plan.dashes import DASH
from tests.pdfread import page_texts
from tests.planboxes import texts
from tests.planfill import content
from tests.planned import page_words
from tests.playeraid import HEADING
from tests.project_copy import copy_project

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

# Collect 3's aid with its scoring's sentences and its Crowns' ladder down one group, as the
# sheets print them: longer than half a page from 7 players on A4, so a page a copy.
WHOLE_SCORING = (
    "content/collect-3/game.yaml",
    "only: [table], across: 2}",
    "only: [text, table]}",
)


@pytest.fixture(scope="module")
def shipped(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Collect 3 on A4 for 7 players in standard with its whole scoring (a page a copy: its
    Crown ladder too long for half a page) and for 4 in large print (a page a copy, at 18 pt)."""
    out = tmp_path_factory.mktemp("aids")
    root = copy_project(tmp_path_factory.mktemp("whole-scoring"), [WHOLE_SCORING])
    whole = pipeline.Sources(root / "content", root / "templates")
    for sources, labels, players in ((whole, "standard", "7"), (None, "large-print", "4")):
        project = pipeline.load_project(sources or pipeline.Sources(), ["collect-3"], [labels])
        pipeline.build_project(project, pipeline.BuildOptions(players=players, paper="a4"), out)
    return out / "collect-3"


def _aid(kit: Path) -> Path:
    (aid,) = kit.glob("*_player-aid.pdf")
    return aid


@pytest.mark.parametrize("labels", ["standard", "large-print"])
def test_a_one_page_copy_is_its_only_page(shipped: Path, labels: str) -> None:
    """Each copy, cut loose, still names its game and document and says it is whole; no
    copy has the scale check, the file's first neither: an aid is read, not measured."""
    folder = "a4/7-players" if labels == "standard" else "large-print/a4/4-players"
    pages = page_texts(_aid(shipped / folder))
    copies = 7 if labels == "standard" else 4
    assert len(pages) == copies
    assert all(page.startswith(HEADING) for page in pages)
    assert all("Collect 3" in page and "player aid" in page for page in pages)
    assert [PAGE_OF.findall(page) for page in pages] == [[("1", "1")]] * copies
    assert not any(RULER in page for page in pages)


def test_a_copy_longer_than_half_a_page_keeps_its_sheets_type(tmp_path: Path) -> None:
    """An aid that does not fit half a page even as a look-up card prints a page a copy in
    the aid's own type (the sheets' body), not the look-up card's: small type with half a
    page empty helps no one."""
    root = copy_project(tmp_path / "project", [WHOLE_SCORING])
    sources = pipeline.Sources(root / "content", root / "templates")
    project = pipeline.load_project(sources, ["collect-3"], ["standard"])
    ((_, _, files),) = pipeline.plan_all(project, "7", "a4")
    (aid,) = (file.document for file in files if file.name.endswith("_player-aid"))
    assert isinstance(aid, Document)
    assert len(aid.pages) == 7
    assert not any(_cut_lines(page) for page in aid.pages)
    sizes = Counter(t.size for page in aid.pages for g in content(page) for t in texts(g.items))
    (variant,) = project.variants
    style = variant.ctx.style
    compact = style.player_aid.compact
    assert compact is not None
    assert sizes.most_common(1)[0][0] == pytest.approx(aid_style(style).body_size)
    assert aid_style(style).body_size > compact.body_size


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
    across the sheet's middle; an odd copy has a sheet to itself, with no line. No scale
    check: an aid's size does not matter, and the check's room is what a half lacks."""
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
    assert not any(RULER in page for page in pages)
    dashes = [_cut_line_dashes(aid, index) for index in range(sheets)]
    assert dashes[0] >= 40  # 6 pt dashes and gaps from margin to margin (180 mm)
    assert dashes[1:] in ([], [0])


def _cut_lines(page: Page) -> list[Artifact]:
    """The page's dashed lines across its middle: layout artifacts of dashes only."""
    return [
        item
        for item in page.items
        if isinstance(item, Artifact)
        and item.items
        and all(
            isinstance(path, PathItem) and abs(path.ops[0][2] - page.height / 2) < 1e-6
            for path in item.items
        )
    ]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_five_copies_of_a_half_page_aid_take_three_sheets(tmp_path: Path, paper: str) -> None:
    """A copy laid in half a page prints two to a sheet, the halves parted by a cut line
    that a reader's software skips (an artifact); the fifth copy has a sheet to itself,
    its lower half left empty, with no line."""
    root = copy_project(tmp_path / "project", [SHORT_AID])
    sources = pipeline.Sources(root / "content", root / "templates")
    project = pipeline.load_project(sources, ["shapes-the-game"], ["standard"])
    ((_, _, files),) = pipeline.plan_all(project, "5", paper)
    (aid,) = (file.document for file in files if file.name.endswith("_player-aid"))
    assert isinstance(aid, Document)
    words = [page_words(page, aid.symbols) for page in aid.pages]
    assert [page.count(HEADING) for page in words] == [2, 2, 1]
    assert all(page.count("If the deck runs out") == page.count(HEADING) for page in words)
    lines = [_cut_lines(page) for page in aid.pages]
    assert [len(found) for found in lines] == [1, 1, 0]
    assert all(line.kind == "Layout" for found in lines for line in found)


# Collect 3's aid with the whole of its rules: its setup, its round and its scoring with
# the kit's rulings, more than one side holds in large print with its spare parts left out.
LONG_AID = (
    "content/collect-3/game.yaml",
    '    - {part: "How to play", only: [text]}\n',
    '    - "Collect 3: setup for {players, plural, one {# player} other {# players}}"\n'
    '    - "How to play"\n',
)


def test_a_copy_longer_than_one_side_warns_and_prints_one_sided(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An aid longer than one side even with its spare parts left out is printed all the
    same, one-sided, its copies one after another (no page left blank), and the build says
    so once, naming the game, the label set, the paper, the players and the pages."""
    root = copy_project(tmp_path / "project", [LONG_AID])
    sources = pipeline.Sources(root / "content", root / "templates")
    project = pipeline.load_project(sources, ["collect-3"], ["large-print"])
    ((_, _, files),) = pipeline.plan_all(project, "3", "a4")
    (aid,) = (file.document for file in files if file.name.endswith("_player-aid"))
    assert isinstance(aid, Document) and aid.duplex == "none"
    words = [page_words(page, aid.symbols) for page in aid.pages]
    starts = [index for index, page in enumerate(words) if page.startswith(HEADING)]
    pages = starts[1]
    assert pages > 1 and starts == [0, pages, 2 * pages] and len(words) == 3 * pages
    assert all(page for page in words)
    assert " ".join(words[:pages]).count("Action cards: see Scoring on the table sheets.") == 1
    said = capsys.readouterr().err
    assert said.count("warning: ") == 1
    assert (
        f"player_aid: a copy of collect-3's takes {pages} pages in large-print on a4 for 3 "
        "players, more than one side" in said
    )
    game = (DEFAULT_CONTENT / "collect-3/game.yaml").read_text().splitlines()
    line = game.index("player_aid:") + 1
    assert f"content/collect-3/game.yaml:{line}" in said


@pytest.mark.parametrize(("players", "paper"), [(4, "a4"), (10, "letter")])
def test_the_print_and_play_file_gives_each_large_print_copy_a_sheet(
    players: int, paper: str
) -> None:
    """In the double-sided print-and-play file, each one-page large print copy is a sheet's
    front, its back left blank (so no copy prints behind another)."""
    project = pipeline.load_project(pipeline.Sources(), ["collect-3"], ["large-print"])
    ((_, _, files),) = pipeline.plan_all(project, str(players), paper)
    (whole,) = (file.document for file in files if file.name.endswith("_print-and-play"))
    assert isinstance(whole, Document) and whole.duplex == "long"
    words = [page_words(page, whole.symbols) for page in whole.pages]
    starts = [index for index, page in enumerate(words) if page.startswith(HEADING)]
    assert len(starts) == players
    assert all(index % 2 == 0 for index in starts)
    assert all("left blank on purpose" in words[index + 1] for index in starts)
