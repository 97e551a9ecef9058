"""A word longer than the `.brf`'s line is divided as a card's braille zone divides it
(tests/braille/test_word_division.py): between syllables, a hyphen (dots 36) ending the
line, as many syllables on it as it holds (UEB 10.13, BANA's Braille Formats); the set's
own `hyphenation:` list wins. Asked of the embosser file of a small game written here."""

from __future__ import annotations

from shapes_print.braille.cells import ascii_braille
from shapes_print.braille.codes import UEB
from shapes_print.braille.translate import translate
from shapes_print.geometry.primitives import BLACK, Document, Group, Page, Text
from shapes_print.load.printmodels import Embosser
from shapes_print.plan.embosser import Passage, embosser_file, sheets_passages
from shapes_print.text.words import Words

PAGE = Embosser(cells_per_line=40, lines_per_page=25, cards_heading="Cards", title="Embosser file")
LONG = "pneumonoultramicroscopicsilicovolcanoconiosis"  # 45 cells, a line holds 40
TITLE = "Supercalifragilisticexpialidociouss"  # 36 cells, a centred heading's line 34


def _lines(text: str, title: str = "Owls", hyphenation: tuple[str, ...] = ()) -> list[str]:
    """The body lines of the file of a sheet of one list item, `text`, under `title`."""
    item = Group((Text(0.0, 0.0, text, "F1", 10.0, BLACK),), role="LI")  # type: ignore[arg-type]
    sheet = Document("Rules", [Page(600.0, 800.0, (item,))])
    cards = [Passage("Cards", "heading"), Passage("sun: 2", "item")]
    heading = Passage(title, "heading")
    passages = [heading, *cards, *sheets_passages([(sheet, None)])]
    made = embosser_file(passages, Words(), PAGE, title, hyphenation)
    return [line for page in made.pages for line in page[:-1] if line]


def _ascii(word: str) -> str:
    return ascii_braille(translate(word, UEB)[0])


def test_a_sheets_word_longer_than_its_line_is_divided_between_syllables() -> None:
    lines = _lines(f"Nobody needs {LONG}.")
    at = lines.index(_ascii("Nobody") + " " + _ascii("needs"))
    head, tail = lines[at + 1], lines[at + 2]
    # A list item runs over two cells in: 38 cells for each piece.
    assert head.startswith("  ") and head.endswith("-") and len(head) <= 40
    assert tail.startswith("  ") and not tail.startswith("   ")
    assert head.strip()[:-1] + tail.strip() == _ascii(f"{LONG}.")
    assert head.strip() == "PNEUMONOULTRAMICROSCOPICSILICOVOL-"  # between two syllables


def test_a_title_longer_than_a_heading_line_is_divided_and_centred() -> None:
    head, tail = _lines("Play.", TITLE)[:2]
    assert head.strip() == ",SUPERCALIFRAGILISTICEXPIALIDO-"
    assert tail.strip() == "CIOUSS"
    for line in (head, tail):
        words = line.strip()
        left = (40 - len(words)) // 2
        assert line == " " * left + words and left >= 3


def test_the_sets_own_list_wins_over_the_dictionary() -> None:
    listed = ("pneumonoultramicroscopic-silicovolcanoconiosis",)
    lines = _lines(f"Nobody needs {LONG}.", hyphenation=listed)
    at = lines.index(_ascii("Nobody") + " " + _ascii("needs"))
    assert [line.strip() for line in lines[at + 1 : at + 3]] == [
        "PNEUMONOULTRAMICROSCOPIC-",
        "SILICOVOLCANOCONIOSIS4",
    ]
