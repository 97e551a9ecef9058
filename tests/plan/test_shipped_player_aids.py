"""The shipped games' player aids: each fits a side or half of one and holds what a player
looks up; in large print one page in 18 pt type, leaving out its game's spare parts with a
line where they are; table headers on two lines at most; the printing guide says how the
aid prints."""

from __future__ import annotations

import re

import pytest

from shapes_print.geometry.primitives import Artifact, Group, Item, Text
from shapes_print.pipeline import pipeline
from tests.planfill import content_bounds, text_area
from tests.planned import LARGE_PRINT, PAGE_SETS, PlannedSheets, page_words
from tests.playeraid import HEADING
from tests.shippedcheck import ShippedSets

TOLERANCE = 0.5  # points: glue given and rounding

PLAYERS_IN_NAME = re.compile(r"_(\d+)p_")
ONE_SIDED = "headers and footers off; one-sided"


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


@pytest.mark.parametrize("labels", PAGE_SETS)
def test_every_shipped_aid_fits_a_side_or_half_of_one(shipped: ShippedSets, labels: str) -> None:
    """Each copy of every game's aid, in every shipped label set (large print too), on A4
    and Letter, for every player count: one page, or half of one (two copies to a sheet),
    printed one-sided, as its file and every page's print line say."""
    for sheet, copies in _shipped_aids(shipped.planned(labels).sheets):
        pages = len(sheet.document.pages)
        assert pages in ((copies + 1) // 2, copies), (sheet.name, pages)
        assert sheet.document.duplex == "none", sheet.name
        if sheet.document.lang == "en":
            words = [page_words(page, sheet.document.symbols) for page in sheet.document.pages]
            assert all(ONE_SIDED in page for page in words), sheet.name


def _sizes(items: tuple[Item, ...]) -> set[float]:
    """The type sizes of every line among `items`."""
    return {line.size for line in _texts(items)}


@pytest.mark.parametrize("labels", LARGE_PRINT)
def test_a_large_print_copy_is_one_page_in_18_pt_type(shipped: ShippedSets, labels: str) -> None:
    """Every game's large-print aid, in both large-print sets, for the fewest and the most
    players it has an aid for (Shapes the Game's Solitaire has none), on A4 and Letter: a
    page a copy, each opening with its heading, its words and its furniture nowhere under
    18 pt (the guide's floor for large print), its content above its foot."""
    large = _shipped_aids(shipped.planned(labels).sheets)
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
        lowest = min(content_bounds(page, sheet.document.symbols)[0][0] for page in pages)
        assert lowest >= foot - TOLERANCE, sheet.name
    assert len(seen) == 3 * 2 * 2  # games, papers, fewest and most


@pytest.mark.parametrize("labels", LARGE_PRINT)
def test_a_large_print_copy_leaves_out_its_spare_parts_with_a_line_where_they_are(
    shipped: ShippedSets, labels: str
) -> None:
    """What does not fit one side at 18 pt gives way, each with a line saying where it is,
    and only there: Collect 3's Action table where its Crowns' ladder grows long (its key
    rule and ladder stay), Pass and pick's scoring table (its round stays whole); Shapes
    the Game loses nothing."""
    action_tables = set()
    for kit in shipped.planned(labels).words:
        if not any(n.endswith("_player-aid") for n in kit.files):
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
    assert (labels, "a4", 2) in action_tables
    assert not any(players == 10 for _, _, players in action_tables)


def _aid_words(shipped: ShippedSets, game: str, labels: str) -> str:
    (kit,) = (
        kit
        for kit in shipped.planned(labels).words
        if kit.game == game and kit.paper == "a4" and kit.players > 3
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
    shipped: ShippedSets, game: str, words: list[str]
) -> None:
    said = _aid_words(shipped, game, "standard")
    for sentence in words:
        assert said.count(sentence) == said.count(HEADING), (game, sentence)
    assert "This kit's ruling" not in said


GUIDE_ROW = re.compile(r"player-aid\.pdf \d+ plain (one-sided|double-sided, flip on long edge)")


@pytest.mark.parametrize("labels", ["standard", *LARGE_PRINT])
def test_the_printing_guide_says_how_the_aid_prints(shipped: ShippedSets, labels: str) -> None:
    """The guide's row for the aid says one-sided, as the file does, in large print too (in
    English, as theirs are)."""
    kits = [kit for kit in shipped.planned(labels).words if "_player-aid" in " ".join(kit.files)]
    assert kits
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
