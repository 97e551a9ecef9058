"""A game whose title is too long for its running foot: every page's foot says it cut at a
word's end with an ellipsis, the same on every page of its kind in a file (its widest foot,
the last page's, decides), and the file's title says it whole; large print, which sets the
title at 18 pt on a line of its own, builds. A foot whose template's own words have no room
in a card sheet's margin is refused by `check` as by `build`, in the same line: a cards
file's pages are made only when written, and `check` writes none. A one-word title too wide
for a heading's column breaks between its characters there, as any such word does."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from shapes_print.geometry.primitives import Artifact, Item, Text
from shapes_print.load.defaults import DEFAULT_TEMPLATES
from shapes_print.pipeline import pipeline
from shapes_print.plan.pagenumbers import is_running_foot
from tests import tinygame
from tests.project_copy import copy_project, run

GAME = "pass-and-pick"
# 99 characters, 20 words: wider than large print's foot line, and than a card sheet's margin.
TITLE = " ".join(["Pass and pick shapes, the long edition"] * 2 + ["for clubs and schools"])
WORDS = TITLE.split(" ")
ELLIPSIS = "\u2026"
NUMBERED = re.compile(r"page \d+ of \d+$")


def _titles(items: tuple[Item, ...]) -> list[str]:
    """The title each running foot among a page's items says (a pagination artifact, a
    card sheet's too, wrapped or not): its lines joined, up to the ellipsis a cut title
    ends with, else the whole title it starts with."""
    said = [
        " ".join(line.text for line in _texts(item.items))
        for item in items
        if isinstance(item, Artifact) and item.kind == "Pagination"
    ]
    feet = [foot for foot in said if NUMBERED.search(foot)]
    return [
        foot.split(ELLIPSIS)[0] + ELLIPSIS if ELLIPSIS in foot else foot[: len(TITLE)]
        for foot in feet
    ]


@pytest.mark.parametrize("labels", ["standard", "large-print"])
def test_a_title_too_long_for_the_foot_is_cut_at_a_word_alike_on_every_page(
    tmp_path: Path, labels: str
) -> None:
    root = copy_project(
        tmp_path, [(f"content/{GAME}/game.yaml", "title: Pass and pick shapes", f"title: {TITLE}")]
    )
    sources = pipeline.Sources(root / "content", root / "templates")
    project = pipeline.load_project(sources, [GAME], [labels])
    ((_, _, files),) = pipeline.plan_all(project, "3", "a4")
    cut = 0
    for file in files:
        titles = {title for page in file.printed.pages for title in _titles(page.items)}
        # One cut on every page of a kind that cuts it: a print-and-play file's card
        # sheets (their foot may wrap in the margin) and its sheets (one line) may differ.
        kinds = 2 if file.name.endswith("_print-and-play") else 1
        assert len(titles - {TITLE}) <= kinds, (file.name, titles)
        for title in titles:
            if title == TITLE:
                continue
            cut += 1
            kept = title.removesuffix(ELLIPSIS).split(" ")
            whole = WORDS[: len(kept)]  # the last word's comma is left out before the ellipsis
            assert kept[:-1] == whole[:-1] and kept[-1] == whole[-1].rstrip(","), title
            assert len(kept) > 1, (file.name, title)
    assert cut, "no foot needed its title cut: the title is not long enough to test it"
    if labels == "large-print":  # a sheet page's foot at the set's sheet size, 18 pt,
        # in the print-and-play file as in the sheet's own file (cut, not shrunk to 6 pt)
        sizes = {
            line.size
            for file in files
            for page in file.printed.pages
            for item in page.items
            if is_running_foot(item) and isinstance(item, Artifact)
            for line in item.items
            if isinstance(line, Text)
        }
        assert sizes and min(sizes) >= 18, sizes
    # Whole where a reader looks for it: each file's title (a PDF reader's window, the
    # catalogue's entry).
    assert all(file.printed.title.startswith(TITLE) for file in files)


def _texts(items: tuple[Item, ...]) -> list[Text]:
    """Every text of a page, in groups and artifacts too."""
    found: list[Text] = []
    for item in items:
        if isinstance(item, Text):
            found.append(item)
        found.extend(_texts(getattr(item, "items", ())))
    return found


def test_a_foot_with_no_room_in_a_card_sheets_margin_is_refused_by_check_as_by_build(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    club = " ".join(["for the club that meets at the hall"] * 3)  # 107 characters
    foot = '  running_foot: "{game} · {document} · page {page} of {pages}"'
    root = copy_project(tmp_path, [("templates/sheet.yaml", foot, f'{foot[:-1]} · {club}"')])
    folders = ["--content", str(root / "content"), "--templates", str(root / "templates")]
    kit = [GAME, *folders, "--players", "3", "--paper", "a4", "--labels", "standard"]
    checked = run(["check", *kit], capsys, root)
    built = run(["build", *kit, "--out", str(root / "out"), "--jobs", "1"], capsys, root)
    assert checked[0] == built[0] == 2
    assert checked[1] == built[1]
    (line,) = built[1]
    assert line.startswith("templates/sheet.yaml:") and "no room in the page margins" in line
    assert "shape cards" in line  # the cards file's foot; the sheets' feet have room


# The cards file's name, too long for any foot: 113 characters.
CARDS = " ".join(["suit cards for the travelling players"] * 3)
LONG = " ".join(["The long and winding road"] * 3)  # 77 characters


def _tiny(
    folder: Path, title: str, cards: str = "cards", blocks: tuple[str, ...] = ()
) -> pipeline.Sources:
    """tests/tinygame.py's game written in `folder` with its title and cards file's name,
    and its sheet of `blocks` where given."""
    content = folder / "content"
    (content / "tiny").mkdir(parents=True)
    for name, _, text in tinygame.project_edits():
        (folder / name).write_text(text, encoding="utf-8")
    if blocks:
        (content / "tiny" / "sheets.yaml").write_text(tinygame.sheets(*blocks), "utf-8")
    game = content / "tiny" / "game.yaml"
    said = game.read_text(encoding="utf-8")
    said = said.replace("title: Tiny\n", f"title: {title}\n")
    game.write_text(said.replace("cards_title: cards\n", f"cards_title: {cards}\n"), "utf-8")
    return pipeline.Sources(content, DEFAULT_TEMPLATES)


@pytest.mark.parametrize("paper", ["a4", "letter"])  # letter's margin holds large print's on a line
@pytest.mark.parametrize("labels", ["standard", "large-print"])
@pytest.mark.parametrize("titled", [LONG, "Tiny"])
def test_a_cards_file_name_too_long_for_the_foot_is_cut_too(
    tmp_path: Path, labels: str, titled: str, paper: str
) -> None:
    """Every foot says the title and the file's name, each whole or cut at a word's end
    with an ellipsis, parted by the foot's separator or a line's end (large print's foot,
    where it wraps, breaks at its title's line end first: they never run on into one
    another); the cards file's feet cut its name, and its own title keeps it."""
    project = pipeline.load_project(_tiny(tmp_path, titled, CARDS), ["tiny"], [labels])
    ((_, _, files),) = pipeline.plan_all(project, "2", paper)
    (cards,) = [file for file in files if file.name.endswith("_cards")]
    assert CARDS in cards.printed.title
    feet = [
        "\n".join(line.text for line in _texts(item.items))
        for page in cards.printed.pages
        for item in page.items
        if isinstance(item, Artifact) and item.kind == "Pagination"
    ]
    feet = [foot for foot in feet if NUMBERED.search(foot)]
    assert feet
    for foot in feet:
        said = SAID.match(foot)
        assert said is not None, foot
        title, name = (said.group(part).replace("\n", " ") for part in ("title", "name"))
        assert title == titled or _cut_of(title, titled), foot
        assert _cut_of(name, CARDS), foot


# A foot's title and name: parted by " · " (a line may end on either side of the dot), or
# by a line's end alone (large print's foot, whose title is a line of its own).
SAID = re.compile(r"(?P<title>.+?)(?:\s·\s|\n)(?P<name>suit\b.*) · page \d+ of \d+$", re.S)


def _cut_of(shown: str, whole: str) -> bool:
    """Whether `shown` is `whole` cut at a word's end with an ellipsis, a word kept."""
    kept = shown.removesuffix(ELLIPSIS).split(" ")
    return shown.endswith(ELLIPSIS) and kept == whole.split(" ")[: len(kept)] != [""]


WORD = "Supercalifragilisticexpialidocious"  # 34 characters, one word


@pytest.mark.parametrize(
    ("labels", "paper"), [("standard", "a4"), ("large-print", "a4"), ("large-print", "letter")]
)
def test_a_one_word_title_is_whole_in_the_covers_game_cell(
    tmp_path: Path, labels: str, paper: str
) -> None:
    """The cover's Game cell takes the room its word needs (its labels keep theirs), and a
    word too wide for a cell even so (the list of parts, at large print on A4, whose other
    columns keep their words) breaks where it must, the text layer keeping it one word."""
    project = pipeline.load_project(_tiny(tmp_path, WORD), ["tiny"], [labels])
    ((_, _, files),) = pipeline.plan_all(project, "2", paper)
    (cover,) = [file for file in files if file.name.endswith("_print-and-play")]
    shown = [text for page in cover.printed.pages[:2] for text in _content(page.items)]
    said = [text.text for text in shown]
    assert said[said.index("Game") + 1] == WORD  # the Game cell's value, on one line
    assert {"Part", "Pages"} <= set(said)  # the list of parts' other columns keep theirs
    # A word broken across lines has no space after its parts in the text layer.
    within = [text for text in shown if f"{WORD}:".startswith(text.text) and text.text]
    assert within and not any(text.space_after for text in within if text.text != f"{WORD}:")


# 50 characters, one word: wider than a heading's column at standard print on A4 too.
WIDER = WORD + "s" * 16
LONGEST = "Pneumonoultramicroscopicsilicovolcanoconiosis" * 3  # and than a paragraph's


@pytest.mark.parametrize(
    ("labels", "paper"), [("standard", "a4"), ("large-print", "a4"), ("large-print", "letter")]
)
def test_a_word_too_wide_for_its_column_breaks_between_its_characters(
    tmp_path: Path, labels: str, paper: str
) -> None:
    """A heading, a paragraph and rich text whose one word is wider than the sheet's column
    (a one-word game title, in the cover's shipped heading too) break it where they must, as
    a table's cell does (CSS's overflow-wrap: anywhere), not refuse it: the text layer
    keeps the word one word, no space after its parts."""
    blocks = ('heading: "{game_title}: turn"', f"text: {LONGEST} wins", f"text: a **{LONGEST}**")
    project = pipeline.load_project(_tiny(tmp_path, WIDER, blocks=blocks), ["tiny"], [labels])
    ((_, _, files),) = pipeline.plan_all(project, "2", paper)
    named = {file.name.rsplit("_", 1)[1]: file.printed for file in files}
    sheets = [text for page in named["sheets"].pages for text in _content(page.items)]
    cover = [text for page in named["print-and-play"].pages[:1] for text in _content(page.items)]
    spelled = [*_spelled(sheets, WIDER), *_spelled(sheets, LONGEST), *_spelled(cover, WIDER)]
    # The sheet's heading and two paragraphs and the cover's heading, its Game cell too
    # where the word is too wide for it.
    assert sum(len(parts) > 1 for parts in spelled) >= 4, spelled
    for parts in spelled:
        assert not any(part.space_after for part in parts[:-1]), parts


def _spelled(texts: list[Text], word: str) -> list[list[Text]]:
    """Each run of texts that spells `word` (and goes on, or not) from a text's start."""
    runs = []
    for start in range(len(texts)):
        said, run = "", []
        for text in texts[start:]:
            said += text.text
            run.append(text)
            if not (said.startswith(word) or word.startswith(said)):
                break
            if len(said) >= len(word):
                runs.append(run)
                break
    return runs


def _content(items: tuple[Item, ...]) -> list[Text]:
    """A page's texts but its furniture (a running foot says the title on a line alone)."""
    found: list[Text] = []
    for item in items:
        if isinstance(item, Text):
            found.append(item)
        elif not isinstance(item, Artifact):
            found.extend(_content(getattr(item, "items", ())))
    return found
