"""Player aids a player keeps at hand, read from the plans of every shipped game's aids
(tests/shippedcheck.py) in every label set with a look-up card (all but large print, whose aid
is tests/plan/test_shipped_player_aids.py's), A4 and Letter, every player count: a copy that fits half a page prints two
to a sheet as a look-up card, one that does not a page a copy in its sheets' type; each
half's content stays in its half, above its own foot and clear of the cut line across the
sheet's middle; the aid's type never under the style's least size; a part's heading names
what it keeps."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator

import pytest

from shapes_print.geometry.primitives import Item, Page
from shapes_print.plan.pagenumbers import is_running_foot
from tests.planboxes import texts
from tests.planfill import bounds, content
from tests.planned import PAGE_SETS, PlannedSheets
from tests.shippedcheck import ShippedSets

PLAYERS_IN_NAME = re.compile(r"_(\d+)p_")
GAMES = {"collect-3", "pass-and-pick", "shapes-the-game"}
# Where a copy of a shipped aid fits half a page as a look-up card (body at the style's
# 10 pt least size, 1.5 line spacing: templates/sheet.yaml `player_aid: compact:`): the
# most players for which it does, by game and paper, in English and in the languages whose
# words are longer (Spanish, French, German). Half a sheet holds 122.5 mm on A4 and 113.7 mm
# on Letter under its running foot (no scale check). Collect 3's copy grows a row of its
# Crowns' ladder with every second player, the ladder running down two groups side by side
# (its aid part's `across`): on Letter, 92 mm in English at 2 players to 110 mm at 10 (its
# Action cards named in words, a row of one line each where the rule beside is), 116 mm in
# French (every rule beside two lines long), its glue giving the last 2 mm.
HALVES: dict[str, dict[str, tuple[int, int]]] = {
    "shapes-the-game": {"a4": (6, 6), "letter": (6, 6)},
    "pass-and-pick": {"a4": (6, 6), "letter": (6, 6)},
    "collect-3": {"a4": (10, 10), "letter": (10, 10)},
}
TOLERANCE = 0.5  # points: glue given and rounding
LOOK_UP_CARD_SETS = [labels for labels in PAGE_SETS if not labels.startswith("large-print")]


@pytest.fixture(params=LOOK_UP_CARD_SETS)
def planned_sheets(shipped: ShippedSets, request: pytest.FixtureRequest) -> list[PlannedSheets]:
    """The sheets of a label set with a look-up card, every game and count, A4 and Letter:
    a test each."""
    return shipped.planned(request.param).sheets


def _aids(planned_sheets: list[PlannedSheets]) -> Iterator[tuple[PlannedSheets, int]]:
    """Every shipped aid planned in a label set with a look-up card, with its copies (one
    per player)."""
    aids = [
        sheet
        for sheet in planned_sheets
        if sheet.name.endswith("_player-aid") and sheet.style.player_aid.compact is not None
    ]
    assert {sheet.name.split("_")[0] for sheet in aids} == GAMES
    for sheet in aids:
        match = PLAYERS_IN_NAME.search(sheet.name)
        assert match is not None, sheet.name
        yield sheet, int(match.group(1))


def test_the_aids_that_fit_half_a_page_print_two_to_a_sheet(
    planned_sheets: list[PlannedSheets],
) -> None:
    """Two to a sheet for as many players as `HALVES` says, a page a copy for more, in
    every one-sided label set."""
    wrong, seen = [], set()
    for sheet, copies in _aids(planned_sheets):
        game, paper = sheet.name.split("_")[0], "letter" if "_letter" in sheet.name else "a4"
        english, longer = HALVES[game][paper]
        most = english if sheet.document.lang == "en" else longer
        seen.add((game, paper, copies <= most))
        sheets = (copies + 1) // 2 if copies <= most else copies
        if len(sheet.document.pages) != sheets:
            wrong.append(f"{sheet.labels} {sheet.name}: {len(sheet.document.pages)} pages")
    assert not wrong, "\n".join(wrong)
    assert {(game, paper) for game, paper, halved in seen if halved} == {
        (game, paper) for game, papers in HALVES.items() for paper in papers
    }


def test_an_aid_is_a_look_up_card_only_where_that_gets_it_two_to_a_sheet(
    planned_sheets: list[PlannedSheets],
) -> None:
    """A copy two to a sheet is set in the look-up card's body size; a copy a page long,
    in its sheets' own: small type with half a page empty helps no one (every shipped copy
    fits half a page: tests/plan/test_player_aid.py sets a longer one)."""
    wrong, kinds = [], set()
    for sheet, copies in _aids(planned_sheets):
        pages = sheet.document.pages
        sizes = Counter(t.size for page in pages for g in content(page) for t in texts(g.items))
        compact = sheet.style.player_aid.compact
        assert compact is not None, sheet.labels
        halved = len(pages) < copies
        kinds.add(halved)
        own = sheet.style.body_size  # the aid's own, as tests/planned.py reads it
        expected = compact.body_size if halved else own
        if sizes.most_common(1)[0][0] != pytest.approx(expected):
            wrong.append(f"{sheet.labels} {sheet.name}: body {sizes.most_common(1)}")
        if not halved and own <= compact.body_size:
            wrong.append(f"{sheet.labels} {sheet.name}: a page a copy in a look-up card's type")
    assert not wrong, "\n".join(wrong)
    assert True in kinds


def _feet(page: Page) -> list[Item]:
    """A page's running feet: one under each half of a sheet of two copies."""
    return [item for item in page.items if is_running_foot(item)]


def test_each_half_keeps_to_its_half(planned_sheets: list[PlannedSheets]) -> None:
    """On a sheet of two copies, each copy's content lies in its half, under the top margin
    (the upper's) or a margin under the cut (the lower's), and above its own running foot,
    which stands in its half too: nothing crosses the cut, nothing touches a foot."""
    wrong, halved = [], 0
    for sheet, copies in _aids(planned_sheets):
        if len(sheet.document.pages) == copies:
            continue  # a page a copy: the page keeps checks it (tests/plan/test_page_keeps.py)
        halved += 1
        margin = sheet.style.margin  # the aid's own (tests/planned.py)
        symbols = sheet.document.symbols
        for index, page in enumerate(sheet.document.pages):
            cut = page.height / 2
            feet = [bounds([foot], symbols) for foot in _feet(page)]
            upper = [high for low, high in feet if low > cut]
            lower = [high for low, high in feet if high < cut]
            tops = {True: page.height - margin, False: cut - margin}
            floors = {True: max(upper, default=cut), False: max(lower, default=0.0)}
            where = f"{sheet.labels} {sheet.name} page {index + 1}"
            if len(upper) > 1 or len(lower) != 1:
                wrong.append(f"{where}: feet {feet}")
            for group in content(page):
                low, high = bounds([group], symbols)
                above = low > cut
                if not (floors[above] - TOLERANCE <= low and high <= tops[above] + TOLERANCE):
                    wrong.append(f"{where}: {group.role} at {low:.1f}..{high:.1f}")
    assert not wrong, "\n".join(wrong[:20])
    assert halved


def test_an_aid_is_set_no_smaller_than_the_least_size(
    planned_sheets: list[PlannedSheets],
) -> None:
    """A look-up card's body, table labels and headings at the style's `min_size` or above:
    an aid gives up room, never legibility."""
    for sheet, _ in _aids(planned_sheets):
        style = sheet.style  # the aid's own (tests/planned.py)
        sizes = (style.body_size, style.label_size, style.subheading_size, style.heading_size)
        assert min(sizes) >= style.min_size, (sheet.labels, sizes)
        assert style.subheading_size > style.body_size, sheet.labels  # a bold step above


@pytest.mark.parametrize(
    ("labels", "heading"), [("standard", "Choose the Task"), ("es", "Elegir la Tarea")]
)
def test_collect_3s_task_part_is_headed_by_what_it_keeps(
    shipped: ShippedSets, labels: str, heading: str
) -> None:
    """Collect 3's aid keeps the Task list's sentence, not the list: it is headed by the
    rules' own words for choosing the Task (Set up, step 4), not "Task list"."""
    kits = [kit for kit in shipped.planned(labels).words if kit.game == "collect-3"]
    assert kits
    for kit in kits:
        words = " ".join(kit.file("_player-aid"))
        sentence = words.split(f"{heading} ", 1)[-1]
        assert words.count(heading) == kit.players, kit.files.keys()
        assert sentence.startswith(("The dealer picks one Task", "El repartidor")), sentence[:80]
        assert "Task list" not in words and "Lista de Tareas" not in words


def test_collect_3s_aid_runs_its_ladder_across_as_its_part_says(shipped: ShippedSets) -> None:
    """At 10 players, the most, each copy of Collect 3's aid sets the Crowns' ladder in two
    groups side by side (its part's `across: 2`), while the sheets it reprints keep theirs
    down one; it keeps the scoring's tables, not its sentences (C stands in its heading, the
    winning score in the score sheet's title)."""
    kits = [kit for kit in shipped.planned("standard").words if kit.game == "collect-3"]
    assert {kit.players for kit in kits} == {2, 10}
    for kit in (kit for kit in kits if kit.players == 10):
        aid = " ".join(kit.file("_player-aid"))
        sheets = " ".join(kit.file("_sheets"))
        assert aid.count("What happened Points What happened Points No Crown claimed") == 10
        assert "What happened Points No Crown claimed" in sheets
        assert "What happened Points What happened" not in sheets
        assert "Points depend on" not in aid and "Winner:" not in aid
        assert "Points depend on" in sheets and "Winner:" in sheets
