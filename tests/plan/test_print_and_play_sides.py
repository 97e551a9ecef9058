"""The print-and-play file printed double-sided, as its cover says: nothing lands on the back
of a page it should not. Each player's copy of the player aid is cut out and kept, so each
copy (or each sheet of two half-page copies) has a blank back; a page printed turned
(landscape) has a sheet to itself (a turned score sheet's two pages one sheet, front and
back), since a printer turns it one way or the other and another page behind it could come
out upside down, and the printing guide says so; so does a page used at
the table (a score sheet, written on and printed again; the direction arrows), and a
large-print assembly page of two pages, one sheet. Asked of the plan in memory: the shipped
games, and a small game whose aid fits half a page.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from shapes_print.geometry.primitives import Document, Group, Item, Text
from shapes_print.pipeline import pipeline
from shapes_print.plan.cardsheets import is_cards_file
from shapes_print.plan.kit import KitFile
from shapes_print.plan.sheetpages import is_turned
from shapes_print.units import mm
from tests.planned import page_words
from tests.tinygame import DECK, game, sheets

AID = "Player aid: "
BLANK = "This page is left blank on purpose: "
KEPT = BLANK + "each player cuts out and keeps a copy of the player aid"
AT_TABLE = BLANK + "a page used at the table during play"
# How a page used at the table opens: a score sheet's title, the first direction arrow's.
TABLE_PAGES = ("Score sheet: ", "Round 1: pass this way")
CONTINUED = "(continued)"  # a score sheet's page after its first: its title goes on
ONE_SHEET_BLANK = BLANK + "the two pages that follow are one sheet, front and back"
GUIDE_STEP = "Wide score sheets print turned (landscape): the printer turns each such page"
ASSEMBLY_STEP = "“How to print and put it together”, is pages {}"
ONE_SHEET = "one sheet printed on both sides. Print it first and read it."
PAPERS = {"a4": (mm(210), mm(297)), "letter": (612.0, 792.0)}


def _file(files: list[KitFile], ending: str) -> Document:
    (document,) = [f.printed for f in files if f.name.endswith(ending)]
    return document


def _sheet_pages(files: list[KitFile]) -> list[str]:
    """The print-and-play file's words page by page, up to its first cards part (its card
    sheets are made when drawn: not asked for here)."""
    whole = _file(files, "_print-and-play")
    cards = {f.printed.title for f in files if is_cards_file(f.printed)}
    first_cards = min(mark.page for mark in whole.bookmarks if mark.title in cards)
    return [page_words(whole.pages[i], whole.symbols) for i in range(first_cards)]


def _assert_copies_alone(pages: list[str], copies: int, name: str) -> None:
    """Each sheet of the aid holds its copies on its front (an odd page) and nothing on its
    back but the words saying why it is blank."""
    fronts = [index for index, words in enumerate(pages) if words.startswith(AID)]
    assert sum(pages[i].count(AID) for i in fronts) == copies, name
    for index in fronts:
        assert index % 2 == 0, (name, index + 1)  # page index + 1 is odd: a front
        assert pages[index + 1].startswith(KEPT), (name, pages[index + 1])


@pytest.fixture(scope="module")
def standard() -> list[tuple[dict[str, str], list[KitFile]]]:
    project = pipeline.load_project(pipeline.Sources(), [], ["standard"])
    return [(info, files) for _, info, files in pipeline.plan_all(project, "4", "a4")]


def test_each_copy_of_a_one_page_aid_has_a_blank_back(
    standard: list[tuple[dict[str, str], list[KitFile]]],
) -> None:
    """Every game's aid is a page a copy or two to a sheet: four copies, four sheets or two,
    each back blank; the aid's own file prints one-sided, as its print line and the printing
    guide say."""
    for info, files in standard:
        aid = _file(files, "_player-aid")
        assert aid.duplex == "none" and len(aid.pages) in (2, 4), info["game"]
        _assert_copies_alone(_sheet_pages(files), 4, info["game"])
        guide = " ".join(page_words(p, {}) for p in _file(files, "_printing-guide").pages)
        assert f"player-aid.pdf {len(aid.pages)} plain one-sided" in guide
        assert GUIDE_STEP not in guide  # no page turned in these kits


def _assert_table_pages_alone(pages: list[str], name: str) -> set[int]:
    """Each page used at the table is on a front, and its back is blank, saying why, or the
    same score sheet's next page (its title going on, or its header row repeated: the
    words before its first "Round"); the index of each such page."""
    found = {
        index
        for index, words in enumerate(pages)
        if words.startswith(TABLE_PAGES) and CONTINUED not in words.split(" Task ")[0]
    }
    for index in found:
        assert index % 2 == 0, (name, index + 1, pages[index][:60])  # a front
        back = pages[index + 1]
        header = pages[index].split(" Round ")[0]
        going_on = f"{pages[index].split(' Task ')[0]} {CONTINUED}"
        same = back.startswith(going_on) or back.split(" Round ")[0] in header
        assert back.startswith(AT_TABLE) or same, (name, back)
    return found


@pytest.mark.parametrize("labels", ["standard", "large-print"])
def test_a_page_used_at_the_table_has_a_sheet_to_itself(
    standard: list[tuple[dict[str, str], list[KitFile]]], labels: str
) -> None:
    """A score sheet is written on during play and printed again for the next game, and
    Pass and pick's arrows lie on the table: neither prints behind a page of the rules
    (Collect 3's Task list) nor behind the other, nor has another part behind it."""
    kits = standard
    if labels != "standard":
        project = pipeline.load_project(pipeline.Sources(), [], [labels])
        kits = [(info, files) for _, info, files in pipeline.plan_all(project, "3", "a4")]
    used = {
        info["game"]
        for info, files in kits
        if _assert_table_pages_alone(_sheet_pages(files), f"{info['game']} {labels}")
    }
    assert {"collect-3", "pass-and-pick"} <= used


SHEETS = sheets("heading: Turn", 'text: "Play a card."')
SHORT_AID = "player_aid: {title: player aid, heading: 'Player aid: Tiny', document: sheets.yaml, parts: [Turn]}\n"


def test_a_sheet_of_two_half_page_copies_has_a_blank_back(tmp_path: Path) -> None:
    """Four copies of an aid that fits half a page: two sheets of two, each back blank (the
    second sheet does not print behind the first)."""
    folder = tmp_path / "content" / "tiny"
    folder.mkdir(parents=True)
    tiny = game(["sheets.yaml"], SHORT_AID).replace("max: 2", "max: 4")
    for name, text in {"game.yaml": tiny, "deck.yaml": DECK, "sheets.yaml": SHEETS}.items():
        (folder / name).write_text(text, encoding="utf-8")
    project = pipeline.load_project(pipeline.Sources(content=tmp_path / "content"), [], [])
    ((_, _, files),) = pipeline.plan_all(project, "4", "a4")
    assert len(_file(files, "_player-aid").pages) == 2  # two copies to a sheet
    _assert_copies_alone(_sheet_pages(files), 4, "tiny")


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_turned_score_sheet_has_a_sheet_to_itself_and_the_guide_says_why(paper: str) -> None:
    """Large print's ten-player score sheet is two pages turned: one sheet, its first page
    on a front and its second behind it (one driver turns both alike), the page before it
    not its front and the page after it a front; the printing guide says what the printer
    does with such a page and what the file does about it."""
    project = pipeline.load_project(pipeline.Sources(), ["collect-3"], ["large-print"])
    ((_, _, files),) = pipeline.plan_all(project, "10", paper)
    whole = _file(files, "_print-and-play")
    cards = {f.printed.title for f in files if is_cards_file(f.printed)}
    first_cards = min(mark.page for mark in whole.bookmarks if mark.title in cards)
    pages = [whole.pages[i] for i in range(first_cards)]
    turned = [i for i, page in enumerate(pages) if is_turned(page, PAPERS[paper])]
    assert len(turned) == 2 and turned[0] % 2 == 0, turned  # on a front
    assert turned[1] == turned[0] + 1  # its back
    assert not is_turned(pages[turned[0] - 1], PAPERS[paper])
    guide = " ".join(page_words(p, {}) for p in _file(files, "_printing-guide").pages)
    assert GUIDE_STEP in guide


def test_a_two_page_assembly_page_is_one_sheet_and_the_guide_says_where(
    standard: list[tuple[dict[str, str], list[KitFile]]], tmp_path: Path
) -> None:
    """Large print's assembly page is two pages (its words need about 35 lines at 18 pt, a
    page holds 23): after a one-page cover a page is left blank, so they are one sheet's
    front and back (the page left blank says so), and the printing guide names them; a
    one-page one it does not name."""
    # A small game's cover is one page (the shipped games' covers take two in large print:
    # their list of parts alone takes half a page at 18 pt).
    folder = tmp_path / "content" / "tiny"
    folder.mkdir(parents=True)
    for name, text in {"game.yaml": game(["sheets.yaml"]), "deck.yaml": DECK}.items():
        (folder / name).write_text(text, encoding="utf-8")
    (folder / "sheets.yaml").write_text(SHEETS, encoding="utf-8")
    project = pipeline.load_project(pipeline.Sources(tmp_path / "content"), [], ["large-print"])
    ((_, _, files),) = pipeline.plan_all(project, "2", "a4")
    whole = _file(files, "_print-and-play")
    assert [mark.page for mark in whole.bookmarks[:3]] == [0, 2, 4]  # cover, assembly, part
    gap = page_words(whole.pages[1], whole.symbols)
    assert gap.startswith(ONE_SHEET_BLANK), gap  # why: not that a part starts on a front
    guide = " ".join(page_words(p, {}) for p in _file(files, "_printing-guide").pages)
    assert ASSEMBLY_STEP.format("3-4") in guide and ONE_SHEET in guide
    for _, files in standard:
        guide = " ".join(page_words(p, {}) for p in _file(files, "_printing-guide").pages)
        assert "The assembly page of" not in guide


PARTS_HEADING = "What is in this file, and what to print it on"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_two_page_cover_is_one_sheet_its_parts_on_its_back(paper: str) -> None:
    """Large print's cover does not fit a page (its 18 pt parts table alone takes half of
    one): its front holds the title, the cards and the facts, its back the list of parts
    whole, never split across the two; the assembly page starts the next sheet."""
    project = pipeline.load_project(pipeline.Sources(), [], ["large-print"])
    for _, info, files in pipeline.plan_all(project, "4", paper):
        whole = _file(files, "_print-and-play")
        front, back = (page_words(whole.pages[i], whole.symbols) for i in (0, 1))
        assert PARTS_HEADING not in front and back.startswith(PARTS_HEADING), (info, front)
        parts = [mark.title for mark in whole.bookmarks[2:] if mark.level == 0]
        assert all(title in back for title in parts), (info, back)  # the table whole
        assert whole.bookmarks[1].page == 2, info  # the assembly page: a front


# The cover's card of each kind by name (Collect 3's: a number card, an Action card, a
# Crown), in each set's words; large print writes them beneath the picture.
COVER_CARDS = {
    "standard": "Red 1, Wild, Crown",
    "es": "Rojo 1, Comodín, Corona",
    "large-print": "Red 1, Wild, Crown",
}


def _figures(items: tuple[Item, ...]) -> list[Group]:
    """The pictures among `items`, nested groups searched."""
    found = []
    for item in items:
        if isinstance(item, Group):
            found += [item] if item.role == "Figure" else _figures(item.items)
    return found


def _sizes(items: tuple[Item, ...], words: str) -> set[float]:
    """The sizes `words` print at among `items` (a line each), pictures left out."""
    found: set[float] = set()
    for item in items:
        if isinstance(item, Group) and item.role != "Figure":
            found |= _sizes(item.items, words)
        elif isinstance(item, Text) and item.text.strip(" ,"):
            line = item.text.replace("\u00a0", " ").strip()  # a name's own no-break space
            found |= {item.size} if line in words else set()
    return found


@pytest.mark.parametrize("labels", COVER_CARDS)
def test_the_cover_names_the_cards_it_pictures(labels: str) -> None:
    """A reader's software hears which cards the cover pictures, by the names the deck
    gives them; large print prints those names beneath them at its body size, and the
    picture's alternate text then says they are named below."""
    project = pipeline.load_project(pipeline.Sources(), ["collect-3"], [labels])
    ((_, _, files),) = pipeline.plan_all(project, "4", "a4")
    whole = _file(files, "_print-and-play")
    (figure,) = _figures(whole.pages[0].items)
    names = COVER_CARDS[labels]
    if labels != "large-print":
        assert figure.alt == names
        return
    assert figure.alt == "Pictures of the cards named below"
    assert names in page_words(whole.pages[0], whole.symbols)
    assert _sizes(whole.pages[0].items, names) == {18.0}
