"""Headings in the `.brf` as BANA's Braille Formats lay them out: a main heading (a file's
title, a sheet's, a section's H1) centred on each of its lines with a blank line before and
after it, a subheading (H2) and its runover lines from cell 5 with a blank line before it,
and no heading the last line of a braille page. Asked of the embosser file of a small game
written here."""

from __future__ import annotations

import pytest

from shapes_print.braille.cells import ascii_braille
from shapes_print.braille.codes import UEB
from shapes_print.braille.translate import translate
from shapes_print.geometry.primitives import BLACK, Document, Group, Page, Text
from shapes_print.load.printmodels import Embosser
from shapes_print.plan.embosser import EmbosserFile, Passage, embosser_file, sheets_passages
from shapes_print.text.words import Words

PAGE = Embosser(cells_per_line=40, lines_per_page=25, cards_heading="Cards", title="Embosser file")
TITLE = "Collect"
SECTION = "How to play"
SUBHEADING = "Dealing"
# Longer than a centred heading's 34 cells, and than a subheading's 36: each runs over.
LONG_SECTION = "What to do when every single crown has been claimed in a round"
LONG_SUBHEADING = "Passing cards to the player sitting on your right hand side"
HEADINGS = (TITLE, "Cards", "Setup", SECTION, SUBHEADING, LONG_SECTION, LONG_SUBHEADING)


def _brf(words: str) -> list[str]:
    """Words as the `.brf` spells them: ASCII braille, UEB grade 1."""
    return [ascii_braille(word) for word in translate(words, UEB)]


def _group(role: str, words: str) -> Group:
    return Group((Text(0.0, 0.0, words, "F1", 10.0, BLACK),), role=role)  # type: ignore[arg-type]


def _game(fillers: int = 0) -> EmbosserFile:
    """A file of one card and one sheet: `fillers` one-line paragraphs, then a section (H1)
    with a subheading (H2), a long section straight over a long subheading, and the first
    section and subheading again, each subheading over a paragraph."""
    body = [_group("P", f"filler {n}") for n in range(fillers)]
    for role, heading in (("H1", SECTION), ("H2", SUBHEADING)) * 2:
        body += [_group(role, heading), _group("P", "Deal three cards to each player.")]
    long_ones = [_group("H1", LONG_SECTION), _group("H2", LONG_SUBHEADING)]
    body[-4:-4] = [*long_ones, _group("P", "Shuffle every card back.")]
    body.append(_group("P", "The end."))
    sheet = Document("Setup", [Page(600.0, 800.0, tuple(body))])
    cards = [Passage("Cards", "heading"), Passage("red 1: 3", "item")]
    passages = [Passage(TITLE, "heading"), *cards, *sheets_passages([(sheet, None)])]
    return embosser_file(passages, Words(), PAGE, TITLE)


def _lines(embossed: EmbosserFile) -> list[str]:
    """Every body line of every page (each page's last, its number, left out)."""
    return [line for page in embossed.pages for line in page[:-1]]


def _each_heading(lines: list[str], heading: str) -> list[list[int]]:
    """Each time the heading is set: the indexes of the lines its words are in, from the
    line its first word starts."""
    words = _brf(heading)
    starts = [i for i, line in enumerate(lines) if line.split()[:1] == words[:1]]
    assert starts, heading
    return [_set_in(lines, start, words) for start in starts]


def _set_in(lines: list[str], start: int, words: list[str]) -> list[int]:
    found, taken = [], 0
    for index in range(start, len(lines)):
        if taken == len(words):
            break
        here = lines[index].split()
        assert here == words[taken : taken + len(here)], (words, lines[index])
        found.append(index)
        taken += len(here)
    return found


def _heading_lines(lines: list[str], heading: str) -> list[int]:
    """The indexes of the lines a heading's words are set in, the first time it is set."""
    return _each_heading(lines, heading)[0]


@pytest.mark.parametrize("heading", [TITLE, SECTION, LONG_SECTION, "Setup", "Cards"])
def test_a_main_heading_is_centred_line_by_line(heading: str) -> None:
    lines = _lines(_game())
    at = _heading_lines(lines, heading)
    assert len(at) == (2 if heading == LONG_SECTION else 1)
    for index in at:
        words = lines[index].lstrip()
        left = len(lines[index]) - len(words)
        right = PAGE.cells_per_line - len(lines[index])
        assert left >= 3 and right >= 3, lines[index]
        assert left in (right, right - 1), f"{lines[index]!r} is not centred"
    assert at[0] == 0 or lines[at[0] - 1] == "", f"no blank line before {heading!r}"
    assert lines[at[-1] + 1] == "", f"no blank line after {heading!r}"


@pytest.mark.parametrize("heading", [SUBHEADING, LONG_SUBHEADING])
def test_a_subheading_and_its_runover_start_in_cell_5(heading: str) -> None:
    lines = _lines(_game())
    at = _heading_lines(lines, heading)
    assert len(at) == (2 if heading == LONG_SUBHEADING else 1)
    for index in at:
        assert lines[index].startswith(" " * 4) and lines[index][4] != " ", lines[index]
    assert lines[at[0] - 1] == "", f"no blank line before {heading!r}"
    assert lines[at[-1] + 1] != "", f"a blank line after {heading!r}"


def test_one_blank_line_between_two_headings() -> None:
    lines = _lines(_game())
    section = _heading_lines(lines, LONG_SECTION)
    subheading = _heading_lines(lines, LONG_SUBHEADING)
    assert subheading[0] == section[-1] + 2 and lines[section[-1] + 1] == ""


@pytest.mark.parametrize("fillers", range(14, 40))
def test_no_page_ends_with_a_heading(fillers: int) -> None:
    """Each heading in turn comes near a page's end as the paragraphs before it grow."""
    embossed = _game(fillers)
    lines = _lines(embossed)
    headings = {i for h in HEADINGS for each in _each_heading(lines, h) for i in each}
    first = 0
    for number, page in enumerate(embossed.pages, start=1):
        assert len(page) == PAGE.lines_per_page
        assert all(len(line) <= PAGE.cells_per_line for line in page)
        assert page[-1].lstrip() == ascii_braille(translate(str(number), UEB)[0])
        assert len(page[-1]) == PAGE.cells_per_line
        last = max(i for i in range(first, first + len(page) - 1) if lines[i])
        assert last not in headings, f"page {number} ends with a heading: {lines[last]!r}"
        first += len(page) - 1
    assert len(embossed.pages) >= 2
