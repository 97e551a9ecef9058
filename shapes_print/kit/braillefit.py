"""Kit stage, braille room: how much braille a zone of a card holds, and a text's Grade 1
cells in lines that fit it.

Input: the words, the label set's locale, the zone (a box in card points, y up) and the
dots' sizes (`BrailleStyle`). Output: the lines of cells (drawn by plan/braille.py), or an
error naming the card and the room it would need; the measures a zone is laid out by.
"""

from __future__ import annotations

from shapes_print.braille.translate import BrailleError, NoSign, code_for, divisible, fill_lines
from shapes_print.errors import Source, UserError, quoted
from shapes_print.load.printmodels import BrailleStyle
from shapes_print.text.message import place
from shapes_print.text.words import Words

Box = tuple[float, float, float, float]
HYPHEN = "\u2824"  # dots 36, the hyphen in both codes: where a long word may be divided
MM = 72 / 25.4
EPSILON = 1e-6  # points: a zone written to hold exactly n cells holds n, whatever the rounding


def cells_across(width: float, style: BrailleStyle) -> int:
    """How many cells fit side by side in `width` points (dots included whole)."""
    return int((width - style.dot_spacing - style.dot_diameter + EPSILON) // style.cell_spacing) + 1


def dot_rows(style: BrailleStyle) -> float:
    """The height of one line of dots: three dots down a cell."""
    return 2 * style.dot_spacing + style.dot_diameter


def clearance(style: BrailleStyle) -> float:
    """The blank between two cells of a line: a finger tells cells apart by it, so a zone
    laid out for braille keeps other ink at least that far from its dots."""
    return style.cell_spacing - style.dot_spacing - style.dot_diameter


def lines_down(height: float, style: BrailleStyle) -> int:
    """How many lines of cells fit one above another in `height` points."""
    return int((height - dot_rows(style) + EPSILON) // style.line_spacing) + 1


class BrailleRoomError(UserError):
    """A card's braille does not fit its zone: the kit stage adds the sizes where it does."""


class BrailleSignError(UserError):
    """A card's words hold a character its braille has no sign for: no card size or
    larger box helps, only other words."""


def unsigned(
    error: NoSign, where: Source | None, what: str, text: str, mend: str
) -> BrailleSignError:
    """The error of a text holding a character its braille has no sign for, at `where`
    (a card's field, a sheet's line): what brailles it, the text, the character, and
    that other words help (`mend`: where to write them), as no room does."""
    return BrailleSignError(
        where,
        f"{what}: braille for {quoted(text)}: {error}; write it another way{mend}, "
        "or give the set this game's own words",
    )


def sign_place(words: Words, word: str, where: Source | None) -> Source | None:
    """Where a print `word` braille cannot write (a character it has no sign for, a word
    too long for the embosser's line) is mended: the set's line translating a text that
    holds it (a `.po` entry), else the game's list value that holds it, else its own line,
    searched from `where` (a title's line, a card's, a sheet's file: `place`, as a
    placeholder's error is found)."""
    for english, said in words.text.items():
        if word in said and (written := words.written_at(english)) is not None:
            return place(written, word, 0)
    origin = next((at for value, at in words.origins.items() if word in value), None)
    return place(origin or where, word, 0)


def braille_lines(
    text: str, locale: str, box: Box, style: BrailleStyle, where: Source, what: str
) -> list[str]:
    """The text's cells in lines that fit the zone, or an error naming the card and what
    room it would need."""
    _, _, width, height = box
    across, down = cells_across(width, style), lines_down(height, style)
    try:
        words = divisible(text, code_for(locale), style.hyphenation, across)
        lines = fill_lines(words, across, HYPHEN)
    except NoSign as error:  # no card size helps: not a room error, so none is named
        raise unsigned(error, where, what, text, " in the card's words") from None
    except BrailleError as error:
        raise BrailleRoomError(where, f"{what}: braille for {quoted(text)}: {error}") from None
    if len(lines) > down:
        raise BrailleRoomError(
            where,
            f"{what}: braille for {quoted(text)} needs {len(lines)} lines of {across} cells; "
            f"its zone ({width / MM:.1f} x {height / MM:.1f} mm) holds {down}",
        )
    return lines
