"""The player aid, read back from real kits: one copy per player, each on one side (large
print too, leaving out its game's spare parts where it must) and numbered on its own
("page 1 of 1"); no scale check (read, not measured); a copy that fits half a page printed
two to a sheet, the halves parted by a dashed cut line."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from shapes_print.commands.cli import main
from shapes_print.geometry.primitives import Artifact, Document, Group, Item, Page, Text
from shapes_print.geometry.primitives import Path as PathItem
from shapes_print.kit.playeraid import aid_style
from shapes_print.load.defaults import DEFAULT_CONTENT
from shapes_print.pipeline import pipeline
from shapes_print.plan.furniture import DASH
from tests.pdfread import page_texts
from tests.planboxes import texts
from tests.planfill import bounds, content, text_area
from tests.planned import KitWords, PlannedSheets, page_words
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
TOLERANCE = 0.5  # points: glue given and rounding


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


PLAYERS_IN_NAME = re.compile(r"_(\d+)p_")
ONE_SIDED = "headers and footers off; one-sided"
LARGE_PRINT = ("large-print", "large-print-atkinson")


def _shipped_aids(planned_sheets: list[PlannedSheets]) -> list[tuple[PlannedSheets, int]]:
    """Every shipped aid planned, with its copies (one per player)."""
    aids = [sheet for sheet in planned_sheets if sheet.name.endswith("_player-aid")]
    assert {sheet.name.split("_")[0] for sheet in aids} == {
        "collect-3",
        "pass-and-pick",
        "shapes-the-game",
    }
    found = []
    for sheet in aids:
        match = PLAYERS_IN_NAME.search(sheet.name)
        assert match is not None, sheet.name
        found.append((sheet, int(match.group(1))))
    return found


def test_every_shipped_aid_fits_a_side_or_half_of_one(planned_sheets: list[PlannedSheets]) -> None:
    """Each copy of every game's aid, in every shipped label set (large print too), on A4
    and Letter, for every player count: one page, or half of one (two copies to a sheet),
    printed one-sided, as its file and every page's print line say."""
    for sheet, copies in _shipped_aids(planned_sheets):
        pages = len(sheet.document.pages)
        assert pages in ((copies + 1) // 2, copies), (sheet.name, pages)
        assert sheet.document.duplex == "none", sheet.name
        if sheet.document.lang == "en":
            words = [page_words(page, sheet.document.symbols) for page in sheet.document.pages]
            assert all(ONE_SIDED in page for page in words), sheet.name


def _sizes(items: tuple[Item, ...]) -> set[float]:
    """The type sizes of every line among `items`."""
    return {line.size for line in _texts(items)}


def test_a_large_print_copy_is_one_page_in_18_pt_type(
    planned_sheets: list[PlannedSheets],
) -> None:
    """Every game's large-print aid, in both large-print sets, for the fewest and the most
    players it has an aid for (Shapes the Game's Solitaire has none), on A4 and Letter: a
    page a copy, each opening with its heading, its words and its furniture nowhere under
    18 pt (the guide's floor for large print), its content above its foot."""
    large = [(s, n) for s, n in _shipped_aids(planned_sheets) if s.labels in LARGE_PRINT]
    counts: dict[str, set[int]] = {}
    for sheet, copies in large:
        counts.setdefault(sheet.name.split("_")[0], set()).add(copies)
    seen = set()
    for sheet, copies in large:
        game = sheet.name.split("_")[0]
        if copies not in (min(counts[game]), max(counts[game])):
            continue
        seen.add((sheet.labels, game, "_letter" in sheet.name, copies))
        pages = sheet.document.pages
        assert len(pages) == copies, sheet.name
        words = [page_words(page, sheet.document.symbols) for page in pages]
        assert all(page.startswith(HEADING) for page in words), sheet.name
        assert min(size for page in pages for size in _sizes(page.items)) >= 18, sheet.name
        _, foot = text_area(sheet.style, pages[0], False)
        lowest = min(bounds(content(page), sheet.document.symbols)[0] for page in pages)
        assert lowest >= foot - TOLERANCE, sheet.name
    assert len(seen) == 2 * 3 * 2 * 2  # sets, games, papers, fewest and most


def test_a_large_print_copy_leaves_out_its_spare_parts_with_a_line_where_they_are(
    planned_words: list[KitWords],
) -> None:
    """What does not fit one side at 18 pt gives way, each with a line saying where it is,
    and only there: Collect 3's Action table where its Crowns' ladder grows long (its key
    rule and ladder stay), Pass and pick's scoring table (its round stays whole); Shapes
    the Game loses nothing."""
    action_tables = set()
    for kit in planned_words:
        if kit.labels not in LARGE_PRINT or not any(n.endswith("_player-aid") for n in kit.files):
            continue  # Shapes the Game's Solitaire has no aid
        said = " ".join(kit.file("_player-aid"))
        copies = said.count(HEADING)
        if kit.game == "collect-3":
            line = said.count("Action cards: see Scoring on the table sheets.")
            assert line + said.count("Bomb card") == copies
            assert said.count("Key rule: everyone plays") == copies
            assert said.count("1st player to claim a Crown") == copies
            if not line:
                action_tables.add((kit.labels, kit.paper, kit.players))
        elif kit.game == "pass-and-pick":
            assert said.count("Scoring table: see the table sheets.") == copies
            assert said.count("Do not change a locked choice") == copies
            assert "Three identical shapes" not in said
        else:
            assert said.count("Shuffle the rest of the cards") == copies
            assert "see the" not in said
    # The fewest players' ladder is short enough for the Action table on A4, in each set.
    assert {(labels, "a4", 2) for labels in LARGE_PRINT} <= action_tables
    assert not any(players == 10 for _, _, players in action_tables)


def _aid_words(planned_words: list[KitWords], game: str, labels: str) -> str:
    (kit,) = (
        kit
        for kit in planned_words
        if kit.game == game and kit.labels == labels and kit.paper == "a4" and kit.players > 3
    )
    return " ".join(kit.file("_player-aid"))


@pytest.mark.parametrize(
    ("game", "words"),
    [
        # The scoring: the Crowns' ladder and the false call, what each Action card does,
        # and the Task, as the sheets print them; not the kit's rulings under the scoring.
        (
            "collect-3",
            [
                "1st player to claim a Crown +9",
                "9th player to claim a Crown +1",
                'False "Collect 3!" call -1',
                "Wild card: if your Collect 3 uses a Wild card",
                "Double Points: if this card is active",
                "Bomb card: if this card is active",
                "Everyone plays the same Task.",
            ],
        ),
        ("pass-and-pick", ["Do not change a locked choice after seeing a neighbor's card."]),
        ("shapes-the-game", ["If the deck runs out"]),
    ],
)
def test_each_aid_holds_what_a_player_looks_up(
    planned_words: list[KitWords], game: str, words: list[str]
) -> None:
    said = _aid_words(planned_words, game, "standard")
    for sentence in words:
        assert said.count(sentence) == said.count(HEADING), (game, sentence)
    assert "This kit's ruling" not in said


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


GUIDE_ROW = re.compile(r"player-aid\.pdf \d+ plain (one-sided|double-sided, flip on long edge)")


def test_the_printing_guide_says_how_the_aid_prints(planned_words: list[KitWords]) -> None:
    """The guide's row for the aid says one-sided, as the file does, in large print too (in
    English, as theirs are)."""
    english = {"standard", *LARGE_PRINT}
    kits = [
        kit
        for kit in planned_words
        if kit.labels in english and "_player-aid" in " ".join(kit.files)
    ]
    assert {kit.labels for kit in kits} == english
    for kit in kits:
        rows = GUIDE_ROW.findall(" ".join(kit.file("_printing-guide")))
        assert rows == ["one-sided"], (kit.game, kit.labels)
        assert (
            kit.duplex[next(name for name in kit.files if name.endswith("_player-aid"))] == "none"
        )


ACTION_HEADER = "Action card in front of you"


def _cells(items: tuple[Item, ...]) -> list[list[str]]:
    """The lines of each table cell (a group whose role is TH or TD) among `items`."""
    found: list[list[str]] = []
    for item in items:
        if isinstance(item, Group) and item.role in ("TH", "TD"):
            found.append([t.text for t in _texts(item.items)])
        elif isinstance(item, Group | Artifact):
            found += _cells(item.items)
    return found


def _texts(items: tuple[Item, ...]) -> list[Text]:
    return [
        t
        for item in items
        for t in (_texts(item.items) if isinstance(item, Group | Artifact) else [item])
        if isinstance(t, Text)
    ]


@pytest.mark.parametrize(
    ("labels", "endings"),
    [("standard", ("_player-aid", "_sheets")), ("large-print", ("_sheets",))],
)
def test_a_table_header_takes_two_lines_at_most(labels: str, endings: tuple[str, ...]) -> None:
    """Collect 3's Action table gives its narrow picture column the width its header needs
    on two lines: at large print "Action card in front of you" took four, a word or two a
    line (the large-print aid leaves the table to the sheets)."""
    project = pipeline.load_project(pipeline.Sources(), ["collect-3"], [labels])
    ((_, _, files),) = pipeline.plan_all(project, "4", "a4")
    for ending in endings:
        (document,) = (f.printed for f in files if f.name.endswith(ending))
        heads = [
            cell
            for page in document.pages
            for cell in _cells(page.items)
            if " ".join(cell).startswith("Action card")
        ]
        assert heads and all(" ".join(cell) == ACTION_HEADER for cell in heads), heads
        assert all(len(cell) <= 2 for cell in heads), (labels, ending, heads)
