"""A player aid's parts are sections of its title: in its own file's outline each part's
heading is under the title, in the print-and-play file under the title under the aid's
part, and the structure tree tags them a level under the title (H2), so a screen reader's
bookmarks and its headings agree and skip no level. Asked of the plan in memory."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import pytest

from shapes_print.geometry.primitives import BLACK, Document, Group, Item, Page, Text
from shapes_print.pipeline import pipeline
from shapes_print.plan.headings import heading_marks

# Each game's aid at 4 players on A4: its title, then its parts' headings, in order.
AIDS = {
    "collect-3": [
        "Player aid: Collect 3",
        "How to play",
        "Choose the Task",
        "Scoring: 4 players, C =\u00a03 Crowns",
    ],
    "pass-and-pick": [
        "Player aid: Pass and pick shapes",
        "Each round: pick, lock, pass",
        "Scoring table",
    ],
    "shapes-the-game": [
        "Player aid: Shapes the Game",
        "Your turn",
        "Elimination",
        "If the deck runs out",
    ],
}


@pytest.fixture(scope="module")
def kits() -> dict[str, dict[str, Document]]:
    """Each shipped game's files at 4 players on A4, by game and file kind."""
    project = pipeline.load_project(pipeline.Sources(), [], ["standard"])
    return {
        info["game"]: {
            file.name.rsplit("_", 1)[1]: file.document
            for file in files
            if isinstance(file.document, Document)
        }
        for _, info, files in pipeline.plan_all(project, "4", "a4")
    }


def _words(items: Sequence[Item]) -> str:
    return " ".join(
        item.text if isinstance(item, Text) else _words(getattr(item, "items", ()))
        for item in items
    )


def _headings(items: Sequence[Item]) -> Iterator[tuple[str, int]]:
    """Each heading the items draw, its words and its tagged level, in drawing order."""
    for item in items:
        if isinstance(item, Group) and item.role is not None and item.role[0] == "H":
            if not item.continues:
                yield " ".join(_words(item.items).split()), int(item.role[1:])
        elif isinstance(item, Group):
            yield from _headings(item.items)


def _tagged(pages: Sequence[Page]) -> list[tuple[str, int]]:
    return [heading for page in pages for heading in _headings(page.items)]


@pytest.mark.parametrize("game", sorted(AIDS))
def test_an_aids_parts_are_under_its_title_in_its_own_file(
    kits: dict[str, dict[str, Document]], game: str
) -> None:
    aid = kits[game]["player-aid"]
    title, *parts = AIDS[game]
    marks = [(mark.title, mark.level) for mark in aid.bookmarks]
    assert marks == [(title, 0), *((part, 1) for part in parts)]
    copy = [(" ".join(title.split()), 1), *((" ".join(part.split()), 2) for part in parts)]
    assert _tagged(aid.pages) == copy * 4  # each copy tagged as the outline nests it


@pytest.mark.parametrize("game", sorted(AIDS))
def test_an_aids_parts_are_under_its_title_under_its_part_in_print_and_play(
    kits: dict[str, dict[str, Document]], game: str
) -> None:
    marks = kits[game]["print-and-play"].bookmarks
    (at,) = [n for n, mark in enumerate(marks) if mark.title.endswith("one per player)")]
    title, *parts = AIDS[game]
    aid = [(mark.title, mark.level) for mark in marks[at + 1 : at + 2 + len(parts)]]
    assert marks[at].level == 0
    assert aid == [(title, 1), *((part, 2) for part in parts)]


@pytest.mark.parametrize("game", sorted(AIDS))
def test_no_file_skips_a_heading_level(kits: dict[str, dict[str, Document]], game: str) -> None:
    """Each heading in the structure tree at most one level under the one before it: a
    PDF/UA checker's rule, and what moving by heading level expects."""
    for kind, document in kits[game].items():
        levels = [level for _, level in _tagged(document.pages)]
        skips = [(a, b) for a, b in zip([0, *levels], levels, strict=False) if b > a + 1]
        assert not skips, (kind, levels)


def _page(*groups: tuple[str, str]) -> Page:
    """A page of groups, each a role and its words."""
    return Page(1, 1, tuple(Group((Text(0, 0, w, "F", 9, BLACK),), role=r) for r, w in groups))


def test_a_heading_goes_under_the_nearest_one_above_of_a_higher_level() -> None:
    """The rule, not a kit's case: levels H1 to H6, a heading under the nearest one before
    it of a higher level and never more than one under it (an H3 right under an H1 is its
    section), a heading of the same level or higher its sibling or an ancestor's."""
    pages = [
        _page(("H2", "Before"), ("H1", "Title"), ("H2", "Part")),
        _page(("H3", "Inner"), ("H2", "Next"), ("H4", "Deep"), ("H1", "Other"), ("H3", "Skip")),
    ]
    marks = heading_marks(pages, 3)
    assert [(m.title, m.page, m.level) for m in marks] == [
        ("Before", 3, 1),
        ("Title", 3, 1),
        ("Part", 3, 2),
        ("Inner", 4, 3),
        ("Next", 4, 2),
        ("Deep", 4, 3),
        ("Other", 4, 1),
        ("Skip", 4, 2),
    ]
