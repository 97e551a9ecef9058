"""The player aid, read back from real kits: one copy per player, each numbered on its own
("page 1 of 2", a one-page copy "page 1 of 1"); the scale check once per file; a copy that
fits half a page printed two to a sheet, the halves parted by a dashed cut line."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import pypdfium2 as pdfium
import pytest
from msgspec.structs import replace

from shapes_print.commands.cli import main
from shapes_print.geometry.primitives import Artifact, Document, Group, Item, Page, Symbol, Text
from shapes_print.geometry.primitives import Path as PathItem
from shapes_print.kit.playeraid import aid_style
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


# Collect 3's aid with its scoring's sentences and its Crowns' ladder down one group, as the
# sheets print them: longer than half a page from 6 players on A4, so a page a copy.
WHOLE_SCORING = (
    "content/collect-3/game.yaml",
    "only: [table], across: 2}",
    "only: [text, table]}",
)


@pytest.fixture(scope="module")
def shipped(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Collect 3 on A4 for 6 players in standard with its whole scoring (a page a copy) and
    for 4 in large print as shipped (two pages a copy)."""
    out = tmp_path_factory.mktemp("aids")
    root = copy_project(tmp_path_factory.mktemp("whole-scoring"), [WHOLE_SCORING])
    whole = pipeline.Sources(root / "content", root / "templates")
    for sources, labels, players in ((whole, "standard", "6"), (None, "large-print", "4")):
        project = pipeline.load_project(sources or pipeline.Sources(), ["collect-3"], [labels])
        pipeline.build_project(project, pipeline.BuildOptions(players=players, paper="a4"), out)
    return out / "collect-3"


def _aid(kit: Path) -> Path:
    (aid,) = kit.glob("*_player-aid.pdf")
    return aid


def test_a_one_page_copy_is_its_only_page(shipped: Path) -> None:
    """Each copy, cut loose, still names its game and document and says it is whole."""
    pages = page_texts(_aid(shipped / "a4/6-players"))
    assert len(pages) == 6
    assert all(page.startswith(HEADING) for page in pages)
    assert all("Collect 3 · player aid" in page for page in pages)
    assert [PAGE_OF.findall(page) for page in pages] == [[("1", "1")]] * 6
    assert [RULER in page for page in pages] == [True] + [False] * 5


def test_a_copy_longer_than_half_a_page_keeps_its_sheets_type(tmp_path: Path) -> None:
    """An aid that does not fit half a page even as a look-up card prints a page a copy in
    the aid's own type (the sheets' body), not the look-up card's: small type with half a
    page empty helps no one."""
    root = copy_project(tmp_path / "project", [WHOLE_SCORING])
    sources = pipeline.Sources(root / "content", root / "templates")
    project = pipeline.load_project(sources, ["collect-3"], ["standard"])
    ((_, _, files),) = pipeline.plan_all(project, "6", "a4")
    (aid,) = (file.document for file in files if file.name.endswith("_player-aid"))
    assert isinstance(aid, Document)
    assert len(aid.pages) == 6
    assert not any(_cut_lines(page) for page in aid.pages)
    sizes = Counter(t.size for page in aid.pages for g in content(page) for t in texts(g.items))
    (variant,) = project.variants
    style = variant.ctx.style
    compact = style.player_aid.compact
    assert compact is not None
    assert sizes.most_common(1)[0][0] == pytest.approx(aid_style(style).body_size)
    assert aid_style(style).body_size > compact.body_size


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


# How many pages one copy of a shipped aid takes at most, by label set: a side (or half of
# one) in every set but large print, whose 18 pt type with 1.5 line spacing sets each game's
# aid on one sheet printed on both sides (the turn, the scoring and the end of a game do not
# fit one side there): Collect 3's ladder of Crowns, which grows with the table, breaks
# between its rows to keep it to two pages for 9 and 10 players.
PAGES_A_COPY = {"large-print": 2, "large-print-atkinson": 2}
PLAYERS_IN_NAME = re.compile(r"_(\d+)p_")
ONE_SIDED = "headers and footers off; one-sided"
DOUBLE_SIDED = "headers and footers off; double-sided, flip on long edge"


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
    """Each copy of every game's aid, in every shipped label set, on A4 and Letter, for
    every player count: one page, or half of one (two copies to a sheet), one-sided; in
    large print, two pages at most."""
    for sheet, copies in _shipped_aids(planned_sheets):
        pages = len(sheet.document.pages)
        most = PAGES_A_COPY.get(sheet.labels, 1)
        assert pages in ((copies + 1) // 2, *(copies * n for n in range(1, most + 1))), (
            sheet.name,
            pages,
        )
        if sheet.labels not in PAGES_A_COPY:
            assert sheet.document.duplex == "none", sheet.name


def test_a_large_print_aid_is_one_sheet_printed_on_both_sides(
    planned_sheets: list[PlannedSheets],
) -> None:
    """A large print copy of two pages is a sheet's front and back: the file is double-sided
    (its duplex hint and every page's print line say so), and every copy starts on a front
    (an odd page) with its heading, page 1 of 2. A copy of one page stays one-sided."""
    large = [(s, n) for s, n in _shipped_aids(planned_sheets) if s.labels in PAGES_A_COPY]
    assert len(large) > 20
    for sheet, copies in large:
        document = sheet.document
        words = [page_words(page, document.symbols) for page in document.pages]
        two = len(words) == 2 * copies
        assert document.duplex == ("long" if two else "none"), sheet.name
        assert all((DOUBLE_SIDED if two else ONE_SIDED) in page for page in words), sheet.name
        if two:
            fronts = words[::2]
            assert all(page.startswith(HEADING) for page in fronts), sheet.name
            assert all("page 1 of 2" in page for page in fronts), sheet.name
            assert not any(HEADING in page for page in words[1::2]), sheet.name


# A page's pieces the flow keeps with what follows them: headings, and a table's header
# row (repeated, it is an artifact in a group of no role).
_KEPT_WITH_NEXT = {None, "H1", "H2", "H3"}


def _units(groups: list[Group], dy: float = 0.0) -> Iterator[tuple[str | None, Group, float]]:
    """A page's pieces that never split, in reading order, each with the offset its group is
    placed at: a table's rows, a list's first two items (a list breaks with two either
    side), a paragraph whole (the aids' run to three lines, which never break), a heading."""
    for group in groups:
        inner = [item for item in group.items if isinstance(item, Group)]
        if group.role == "THead":  # the header row, kept with the first row under it
            yield from ((None, row, dy + group.dy) for row in inner)
        elif group.role in ("Table", "TBody"):
            yield from _units(inner, dy + group.dy)
        elif group.role == "L":
            yield "L", replace(group, items=tuple(inner[:2])), dy
        else:
            yield group.role, group, dy


class _Back(NamedTuple):
    """A back page as the front before it might have taken its start: how far below the
    top its opening piece ends (its headings and header row, and the piece after them), and
    how much it would hold without that piece (from the next piece's top to its lowest)."""

    opens: float
    rest: float


def _back(page: Page, symbols: dict[str, Symbol], top: float) -> _Back:
    units = list(_units(content(page)))
    low = bounds(content(page), symbols)[0]
    spans = [bounds([group], symbols, dy) for _, group, dy in units]
    opening = next((i for i, (role, _, _) in enumerate(units) if role not in _KEPT_WITH_NEXT))
    rest = spans[opening + 1][1] - low if opening + 1 < len(spans) else 0.0
    return _Back(top - spans[opening][0], rest)


def test_a_large_print_copy_fills_its_front_before_its_back(
    planned_sheets: list[PlannedSheets],
) -> None:
    """A copy is one sheet, its front filled first: where no scale check takes its foot
    (each copy but the aid file's first, every copy of the print-and-play file, laid the
    same) at least 80% of it, unless what opens its back could not start under what it
    holds, or would leave the back under the least fill a page of more than one has (Shapes
    the Game's "If the deck runs out" alone). Collect 3's Action table went whole to the
    back, leaving a fifth of the front empty where its header and first row fit."""
    short = []
    for sheet, copies in _shipped_aids(planned_sheets):
        pages = sheet.document.pages
        if len(pages) != 2 * copies:
            continue  # a copy of one page
        style, symbols = sheet.style, sheet.document.symbols
        for number, (front, back) in enumerate(zip(pages[2::2], pages[3::2], strict=True), 2):
            top, bottom = text_area(style, front, False)
            room = top - bottom
            lowest = top - bounds(content(front), symbols)[0]
            after = _back(back, symbols, top)
            fits = after.opens <= room - lowest - style.player_aid.block_gap
            if lowest < 0.8 * room and fits and after.rest >= style.least_fill * room:
                short.append(f"{sheet.name} copy {number}: {lowest / room:.0%} full")
    assert not short, "\n".join(short)


def test_the_standard_aids_stay_one_sided(planned_sheets: list[PlannedSheets]) -> None:
    """The standard set's aids print on one side, as every sheet does."""
    for sheet, _ in _shipped_aids(planned_sheets):
        if sheet.labels == "standard":
            words = [page_words(page, sheet.document.symbols) for page in sheet.document.pages]
            assert all(ONE_SIDED in page for page in words), sheet.name


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
# the kit's rulings, more than one sheet holds in large print.
LONG_AID = (
    "content/collect-3/game.yaml",
    '    - {part: "How to play", only: [text]}\n',
    '    - "Collect 3: setup for {players, plural, one {# player} other {# players}}"\n'
    '    - "How to play"\n',
)


def test_a_copy_longer_than_its_style_lets_it_warns_and_starts_each_on_a_front(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An aid more than one sheet printed on both sides is printed all the same, each copy
    from a front (a page left blank after a copy of an odd count), and the build says so
    once, naming the game, the label set, the paper, the players and the pages."""
    root = copy_project(tmp_path / "project", [LONG_AID])
    sources = pipeline.Sources(root / "content", root / "templates")
    project = pipeline.load_project(sources, ["collect-3"], ["large-print"])
    ((_, _, files),) = pipeline.plan_all(project, "3", "a4")
    (aid,) = (file.document for file in files if file.name.endswith("_player-aid"))
    assert isinstance(aid, Document)
    words = [page_words(page, aid.symbols) for page in aid.pages]
    starts = [index for index, page in enumerate(words) if page.startswith(HEADING)]
    copy = starts[1]
    assert copy > 2 and len(starts) == 3
    assert all(start % 2 == 0 for start in starts)
    assert aid.duplex == "long"
    pages = len(PAGE_OF.findall(" ".join(words[:copy])))
    assert words[copy - 1] == "" if pages % 2 else pages == copy
    said = capsys.readouterr().err
    assert said.count("warning: ") == 1
    assert (
        f"player_aid: a copy of collect-3's takes {pages} pages in large-print on a4 for 3 "
        "players, more than the 2 its style's player_aid: pages lets it" in said
    )
    assert "content/collect-3/game.yaml:36" in said


@pytest.mark.parametrize(("players", "paper"), [(4, "a4"), (10, "letter")])
def test_the_print_and_play_file_starts_each_large_print_copy_on_a_front(
    players: int, paper: str
) -> None:
    """In the double-sided print-and-play file, each two-page copy is a sheet's front and
    back too: every copy's first page is an odd page, the one after it its back (the file
    numbers its pages through, so "page 2 of 2" is the aid's own file's)."""
    project = pipeline.load_project(pipeline.Sources(), ["collect-3"], ["large-print"])
    ((_, _, files),) = pipeline.plan_all(project, str(players), paper)
    (whole,) = (file.document for file in files if file.name.endswith("_print-and-play"))
    assert isinstance(whole, Document) and whole.duplex == "long"
    words = [page_words(page, whole.symbols) for page in whole.pages]
    starts = [index for index, page in enumerate(words) if page.startswith(HEADING)]
    assert len(starts) == players
    assert all(index % 2 == 0 for index in starts)
    assert all(words[index + 1] and not words[index + 1].startswith(HEADING) for index in starts)


GUIDE_ROW = re.compile(r"player-aid\.pdf \d+ plain (one-sided|double-sided, flip on long edge)")


def test_the_printing_guide_says_how_the_aid_prints(planned_words: list[KitWords]) -> None:
    """The guide's row for the aid says its sides as the file does: both in large print
    (each copy two pages), one in the standard set (in English, as theirs are)."""
    english = {"standard", *PAGES_A_COPY}
    kits = [
        kit
        for kit in planned_words
        if kit.labels in english and "_player-aid" in " ".join(kit.files)
    ]
    assert {kit.labels for kit in kits} == english
    for kit in kits:
        rows = GUIDE_ROW.findall(" ".join(kit.file("_printing-guide")))
        two = kit.duplex[next(name for name in kit.files if name.endswith("_player-aid"))]
        assert rows == ["one-sided" if two == "none" else "double-sided, flip on long edge"]
        assert (two == "long") == (kit.labels in PAGES_A_COPY), (kit.game, kit.labels)


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


@pytest.mark.parametrize("labels", ["standard", "large-print"])
def test_a_table_header_takes_two_lines_at_most(labels: str) -> None:
    """Collect 3's Action table gives its narrow picture column the width its header needs
    on two lines: at large print "Action card in front of you" took four, a word or two a
    line, in the aid and on the sheets alike."""
    project = pipeline.load_project(pipeline.Sources(), ["collect-3"], [labels])
    ((_, _, files),) = pipeline.plan_all(project, "4", "a4")
    for ending in ("_player-aid", "_sheets"):
        (document,) = (f.printed for f in files if f.name.endswith(ending))
        heads = [
            cell
            for page in document.pages
            for cell in _cells(page.items)
            if " ".join(cell).startswith("Action card")
        ]
        assert heads and all(" ".join(cell) == ACTION_HEADER for cell in heads), heads
        assert all(len(cell) <= 2 for cell in heads), (labels, ending, heads)
