"""The braille codes the kits are written in, as data: Grade 1 (uncontracted) braille.

Each sign names its source. English: The Rules of Unified English Braille, Second Edition
2013 (International Council on English Braille; "UEB" below, by section). Spanish: the
Comisión Braille Española's signs of basic braille (ONCE, "Signografía básica"; "CBE"
below). Where a text holds a character a code lacks, translation stops and names it.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from types import MappingProxyType
from typing import TypeVar

from msgspec import Struct, field

from shapes_print.braille.cells import cell, cells

# UEB 4.1 and CBE: the 26 letters a-z are the same cells in both codes (Louis Braille's
# alphabet; w was added for English and is dots 2456 in both).
_ALPHABET_DOTS = (
    "1", "12", "14", "145", "15", "124", "1245", "125", "24", "245", "13", "123", "134", "1345",
    "135", "1234", "12345", "1235", "234", "2345", "136", "1236", "2456", "1346", "13456", "1356",
)  # fmt: skip
_LETTERS = dict(zip("abcdefghijklmnopqrstuvwxyz", _ALPHABET_DOTS, strict=True))
# UEB 6 and CBE: the digits 1-9 and 0 are the letters a-j after the numeric indicator.
DIGITS = {
    digit: cell(_LETTERS[letter]) for digit, letter in zip("1234567890", "abcdefghij", strict=True)
}
A_TO_J = frozenset("abcdefghij")


# UEB 4.2: a letter with an accent is its modifier, then the letter (acute 45-34, grave
# 45-16, circumflex 45-146, tilde 45-12456, diaeresis 45-25, cedilla 45-12346, ring 45-1246,
# caron 45-346, breve 4-346, macron 4-36), by the combining mark Unicode decomposes it into.
_MODIFIERS = {
    "\u0301": ("45", "34"), "\u0300": ("45", "16"), "\u0302": ("45", "146"),
    "\u0303": ("45", "12456"), "\u0308": ("45", "25"), "\u0327": ("45", "12346"),
    "\u030a": ("45", "1246"), "\u030c": ("45", "346"), "\u0306": ("4", "346"),
    "\u0304": ("4", "36"),
}  # fmt: skip
# The Latin blocks searched for letters with an accent: Latin-1 Supplement, Latin
# Extended-A and -B, and Latin Extended Additional.
_LATIN = (*range(0x00C0, 0x0250), *range(0x1E00, 0x1F00))


def _modified() -> dict[str, str]:
    """Every small Latin letter that is a letter a-z under one UEB modifier (ä, é, ñ, č),
    as its modifier and letter: the letters liblouis's en-ueb tables write so."""
    found = {}
    for point in _LATIN:
        letter = chr(point)
        parts = unicodedata.normalize("NFD", letter)
        base, marks = parts[0], parts[1:]
        if letter.islower() and base in _LETTERS and marks in _MODIFIERS:
            found[letter] = cells(*_MODIFIERS[marks]) + cell(_LETTERS[base])
    return found


# UEB 4.2: a letter with a stroke through it is the stroke's modifier, then its letter: the
# oblique stroke 4-16 (ø, ł), the horizontal one 4-25 (đ, ħ), as liblouis's en-ueb tables
# draw each letter's stroke (Unicode names both "with stroke").
_STROKES = {
    "ø": ("16", "o"), "ł": ("16", "l"), "\u2c65": ("16", "a"), "ȼ": ("16", "c"),
    "\u2c66": ("16", "t"), "ɇ": ("16", "e"), "đ": ("25", "d"), "ħ": ("25", "h"),
    "ŧ": ("25", "t"), "ɨ": ("25", "i"), "ƶ": ("25", "z"), "ǥ": ("25", "g"), "ƀ": ("25", "b"),
    "ɉ": ("25", "j"), "ɍ": ("25", "r"), "ɏ": ("25", "y"),
}  # fmt: skip
# UEB 4.5.1: the Greek letters, each dots 46 before its own cell (final sigma as sigma).
_GREEK_DOTS = (
    "1", "12", "1245", "145", "15", "1356", "156", "1456", "24", "13", "123", "134", "1345",
    "1346", "135", "1234", "1235", "234", "234", "2345", "136", "124", "12346", "13456", "2456",
)  # fmt: skip
_GREEK = dict(zip("αβγδεζηθικλμνξοπρςστυφχψω", _GREEK_DOTS, strict=True))


_Sign = TypeVar("_Sign", str, tuple[str, str])


def _frozen(mapping: dict[str, _Sign]) -> Mapping[str, _Sign]:
    return MappingProxyType(mapping)


class BrailleCode(Struct, frozen=True):
    """One code's signs and the indicators it places before capitals and numbers."""

    name: str
    letters: Mapping[str, str]
    punctuation: Mapping[str, str]
    # Paired quotation marks: the print character and its opening and closing signs.
    quotes: Mapping[str, tuple[str, str]]
    capital: str  # before one capital letter
    capital_word: str  # before a word (letters-sequence) of two or more capitals
    numeric: str  # before a number's first digit
    # Characters that keep a number going when a digit follows ("1.5", "1,000").
    number_joiners: str
    # UEB only: capitals passage (three or more words in capitals) and its terminator, which
    # also ends a capitals word before lower-case letters in the same word ("ABCs").
    capital_passage: str = ""
    capital_terminator: str = ""
    # UEB only: the grade 1 symbol indicator before a letter a-j right after a number, which
    # would otherwise read as a digit ("3a").
    letter_after_number: str = ""
    # UEB 4.2: letters printed joined (æ, œ, ĳ), each its two letters with the ligature
    # indicator between them (a capital's second letter has its own capital sign, before
    # the indicator, as before an accented letter's modifier: "Æ" is ",A,~6E").
    ligatures: Mapping[str, str] = field(default_factory=dict)
    ligature: str = ""
    # The hyphenation dictionary (pyphen's name for it) whose syllables a word too long for
    # its line is divided between: the code's language, as its transcribers divide it.
    dictionary: str = ""
    source: str = field(default="")


UEB = BrailleCode(
    name="Unified English Braille, Grade 1",
    letters=_frozen(
        {
            **{letter: cell(dots) for letter, dots in _LETTERS.items()},
            **_modified(),
            **{
                s: cells("4", stroke) + cell(_LETTERS[base])
                for s, (stroke, base) in _STROKES.items()
            },
            **{letter: cells("46", dots) for letter, dots in _GREEK.items()},
            # The German sharp s, as liblouis's en-ueb tables write it (dots 46, then the
            # cell 2346 German braille writes it with): "Straße" is ",stra.!e".
            "ß": cells("46", "2346"),
        }
    ),
    punctuation=_frozen(
        {
            # UEB 7: punctuation.
            ",": cell("2"),  # comma
            ";": cell("23"),  # semicolon
            ":": cell("25"),  # colon
            ".": cell("256"),  # full stop
            "!": cell("235"),  # exclamation mark
            "?": cell("236"),  # question mark
            "'": cell("3"),  # apostrophe
            "\u2019": cell("3"),  # apostrophe (typographer's right single quote)
            "-": cell("36"),  # hyphen
            "\u2013": cells("6", "36"),  # en dash
            "—": cells("5", "6", "36"),  # em dash
            "(": cells("5", "126"),  # round parentheses
            ")": cells("5", "345"),
            "[": cells("46", "126"),  # square brackets
            "]": cells("46", "345"),
            "/": cells("456", "34"),  # forward slash
            # UEB 3: general symbols.
            "&": cells("4", "12346"),  # 3.1 ampersand
            "*": cells("5", "35"),  # 3.3 asterisk
            "•": cells("456", "256"),  # 3.5 bullet
            "+": cells("5", "235"),  # 3.17 plus
            "=": cells("5", "2356"),  # 3.17 equals
            "\u00d7": cells("5", "236"),  # 3.17 multiplication sign
            "#": cells("456", "1456"),  # 3.19 number sign
            "%": cells("46", "356"),  # 3.21 percent
        }
    ),
    # UEB 7: non-specific quotation marks (straight quotes) and double quotation marks.
    quotes=_frozen({'"': (cell("236"), cell("356")), "“": (cell("236"), cell("356"))}),
    ligatures=_frozen({"æ": "ae", "œ": "oe", "ĳ": "ij"}),
    ligature=cells("45", "235"),  # UEB 4.2: ligature indicator
    capital=cell("6"),  # UEB 8: capitalised letter
    capital_word=cells("6", "6"),  # UEB 8: capitalised word
    capital_passage=cells("6", "6", "6"),  # UEB 8: capitalised passage
    capital_terminator=cells("6", "3"),  # UEB 8: capitals terminator
    numeric=cell("3456"),  # UEB 6: numeric indicator
    number_joiners=".,",  # UEB 6: a full stop or comma within a number
    letter_after_number=cell("56"),  # UEB 5.2 and 6: grade 1 symbol indicator
    dictionary="en_US",  # BANA's: the kit's .brf is North American ASCII braille
    source="The Rules of Unified English Braille, Second Edition 2013",
)

SPANISH = BrailleCode(
    name="Braille español (Grado 1)",
    letters=_frozen(
        {
            **{letter: cell(dots) for letter, dots in _LETTERS.items()},
            # CBE: the Spanish letters of their own.
            "á": cell("12356"),
            "é": cell("2346"),
            "í": cell("34"),
            "ó": cell("346"),
            "ú": cell("23456"),
            "ü": cell("1256"),
            "ñ": cell("12456"),
            # The ordinal indicators of "1.º" and "1.ª": the letters they raise, after the
            # full stop that ends the number (liblouis's es-g1 has no sign for them).
            "º": cell("135"),
            "ª": cell("1"),
        }
    ),
    punctuation=_frozen(
        {
            # CBE: punctuation. The question and exclamation marks have one sign each for
            # the opening and the closing mark.
            ".": cell("3"),
            ",": cell("2"),
            ";": cell("23"),
            ":": cell("25"),
            "¿": cell("26"),
            "?": cell("26"),
            "¡": cell("235"),
            "!": cell("235"),
            "(": cell("126"),
            ")": cell("345"),
            "-": cell("36"),
            "\u2013": cell("36"),  # an en dash between numbers or words: the hyphen's sign
            "'": cell("3"),
            "\u00d7": cell("236"),  # the multiplication sign; CBE mathematics: multiplied by
            "+": cell("235"),  # CBE mathematics: plus
            "=": cell("2356"),  # CBE mathematics: equals
            "%": cells("456", "356"),
            "/": cells("6", "2"),
        }
    ),
    # CBE: quotation marks, « » and " ", one sign (dots 236) for opening and closing.
    quotes=_frozen({"«": (cell("236"),) * 2, "»": (cell("236"),) * 2, '"': (cell("236"),) * 2}),
    capital=cell("46"),  # CBE: a capital letter
    capital_word=cells("46", "46"),  # CBE: a word in capitals
    numeric=cell("3456"),  # CBE: numeric sign
    number_joiners=".",
    dictionary="es",
    source="Comisión Braille Española (ONCE), Signografía básica",
)

CODES: Mapping[str, BrailleCode] = MappingProxyType({"en": UEB, "es": SPANISH})
