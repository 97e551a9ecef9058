"""Player aids a player keeps at hand, read from the plans of every shipped game's aids
(tests/planned.py) in every label set but those whose copy takes a sheet's two sides
(large print), A4 and Letter, every player count: a copy that fits half a page prints two
to a sheet; each half's content stays in its half, above its own foot and clear of the
cut line across the sheet's middle; the aid's type is a look-up card's, never under the
style's least size; a part's heading names what it keeps."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from shapes_print.geometry.primitives import Item, Page
from shapes_print.plan.pagenumbers import is_running_foot
from tests.planfill import bounds, content
from tests.planned import KitWords, PlannedSheets

PLAYERS_IN_NAME = re.compile(r"_(\d+)p_")
GAMES = {"collect-3", "pass-and-pick", "shapes-the-game"}
# Where a copy of a shipped aid fits half a page at the look-up card's type (body at the
# style's 10 pt least size, 1.5 line spacing: templates/sheet.yaml `player_aid:`), by game:
# the papers, and the languages (None: every one). Half of a sheet's first page holds
# 100.5 mm on A4 and 91.7 mm on Letter under the scale check. Pass and pick's copy is
# 100.5 mm in English (its glue given), 107-112 mm in Spanish, French and German; Collect
# 3's, 110 mm at 2 players to 152 mm at 10: each still a page a copy.
HALVES: dict[str, tuple[set[str], set[str] | None]] = {
    "shapes-the-game": ({"a4", "letter"}, None),
    "pass-and-pick": ({"a4"}, {"en"}),
}
TOLERANCE = 0.5  # points: glue given and rounding


def _aids(planned_sheets: list[PlannedSheets]) -> Iterator[tuple[PlannedSheets, int]]:
    """Every one-sided shipped aid planned (a copy on a side or half of one), with its
    copies (one per player)."""
    aids = [
        sheet
        for sheet in planned_sheets
        if sheet.name.endswith("_player-aid") and sheet.style.player_aid.pages == 1
    ]
    assert {sheet.name.split("_")[0] for sheet in aids} == GAMES
    for sheet in aids:
        match = PLAYERS_IN_NAME.search(sheet.name)
        assert match is not None, sheet.name
        yield sheet, int(match.group(1))


def test_the_aids_that_fit_half_a_page_print_two_to_a_sheet(
    planned_sheets: list[PlannedSheets],
) -> None:
    wrong, seen = [], set()
    for sheet, copies in _aids(planned_sheets):
        game, paper = sheet.name.split("_")[0], "letter" if "_letter" in sheet.name else "a4"
        papers, languages = HALVES.get(game, (set(), None))
        if paper not in papers or (languages is not None and sheet.document.lang not in languages):
            continue
        seen.add((game, paper))
        if len(sheet.document.pages) != (copies + 1) // 2:
            wrong.append(f"{sheet.labels} {sheet.name}: {len(sheet.document.pages)} pages")
    assert not wrong, "\n".join(wrong)
    assert seen == {(game, paper) for game, (papers, _) in HALVES.items() for paper in papers}


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
    planned_words: list[KitWords], labels: str, heading: str
) -> None:
    """Collect 3's aid keeps the Task list's sentence, not the list: it is headed by the
    rules' own words for choosing the Task (Set up, step 4), not "Task list"."""
    kits = [kit for kit in planned_words if kit.game == "collect-3" and kit.labels == labels]
    assert kits
    for kit in kits:
        words = " ".join(kit.file("_player-aid"))
        sentence = words.split(f"{heading} ", 1)[-1]
        assert words.count(heading) == kit.players, kit.files.keys()
        assert sentence.startswith(("The dealer picks one Task", "El repartidor")), sentence[:80]
        assert "Task list" not in words and "Lista de Tareas" not in words
