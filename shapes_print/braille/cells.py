"""Braille cells as Unicode braille patterns (U+2800 to U+283F), and their ASCII braille.

A cell's Unicode code point is U+2800 plus one bit per raised dot (dot 1 = 1, dot 2 = 2,
dot 3 = 4, dot 4 = 8, dot 5 = 16, dot 6 = 32), so a translated text is a plain `str` whose
characters say which dots to raise, for the card's drawing and the embosser file alike.
"""

from __future__ import annotations

BLANK = "\u2800"  # the empty cell: a space between words

# North American Braille Computer Code (the ASCII braille of .brf files, as embossers and
# the Braille Authority of North America's formats read it): the character for each cell,
# by its dots. Letters are written in capitals, as .brf files conventionally are.
_NABCC = {
    "": " ", "1": "A", "12": "B", "14": "C", "145": "D", "15": "E", "124": "F", "1245": "G",
    "125": "H", "24": "I", "245": "J", "13": "K", "123": "L", "134": "M", "1345": "N",
    "135": "O", "1234": "P", "12345": "Q", "1235": "R", "234": "S", "2345": "T", "136": "U",
    "1236": "V", "2456": "W", "1346": "X", "13456": "Y", "1356": "Z", "356": "0", "2": "1",
    "23": "2", "25": "3", "256": "4", "26": "5", "235": "6", "2356": "7", "236": "8",
    "35": "9", "3": "'", "4": "@", "5": '"', "6": ",", "16": "*", "34": "/", "36": "-",
    "45": "^", "46": ".", "56": ";", "126": "<", "146": "%", "156": ":", "246": "[",
    "345": ">", "346": "+", "456": "_", "1246": "$", "1256": "\\", "1456": "?", "2346": "!",
    "3456": "#", "12346": "&", "12356": "(", "12456": "]", "23456": ")", "123456": "=",
}  # fmt: skip


def cell(dots: str) -> str:
    """The cell with the dots named by their numbers: cell("145") is d."""
    return chr(0x2800 + sum(1 << (int(dot) - 1) for dot in dots))


def cells(*dots: str) -> str:
    """Several cells in a row: cells("6", "6") is the capitalised word indicator."""
    return "".join(cell(one) for one in dots)


def raised(braille: str) -> list[int]:
    """The raised dots of one cell, by number (1 to 6)."""
    bits = ord(braille) - 0x2800
    return [dot for dot in range(1, 7) if bits & (1 << (dot - 1))]


_ASCII = {cell(dots): char for dots, char in _NABCC.items()}


def ascii_braille(braille: str) -> str:
    """Cells as North American ASCII braille, the characters a .brf file holds."""
    return "".join(_ASCII[one] for one in braille)


_CELLS = {char: one for one, char in _ASCII.items()}
# NABCC gives the small letters and ` { | } ~ the cells of A-Z and @ [ \ ] ^, 32 below them.
_SMALL = range(0x60, 0x7F)
_SMALL_TO_CAPITAL = 0x20


def from_ascii(text: str) -> str:
    """ASCII braille back into cells, to draw a .brf's dots; a character that is no cell
    (none that a .brf of ours holds) is drawn as a blank."""
    return "".join(
        _CELLS.get(chr(ord(char) - _SMALL_TO_CAPITAL) if ord(char) in _SMALL else char, BLANK)
        for char in text
    )
