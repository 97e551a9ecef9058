"""Words stay apart where a line wraps: every break a wrap made at a space holds a space in
the text layer (a drawn space glyph at the line's end), so a screen reader reading the
structure (`pdfinfo -struct-text`) and a text extraction (`pdftotext`) get the words that
were laid out. Here, the wrap and the drawn space; the built files of several label sets
are read back by tests/pipeline/test_file_checks.py, with the checks of `make check-files`
that read the same files."""

from __future__ import annotations

from pathlib import Path

from shapes_print.render.pdf.operators import TextKey, show
from shapes_print.text.fit import wrap_breaks
from shapes_print.text.fonts import load_font

FONT = Path(__file__).resolve().parents[2] / "templates" / "fonts" / "DejaVuSans.ttf"


def test_a_wrap_says_which_breaks_fell_at_a_space() -> None:
    font = load_font(FONT)
    size = 12.0
    width = font.width("collect-3_4p_a4_", size) + 1
    broken = wrap_breaks(
        "see the file collect-3_4p_a4_task-cards.pdf\nnext line", font, size, width
    )
    assert broken == (
        ("see the file", True),
        ("collect-3_4p_a4_", False),  # a file name's parts: the name goes on
        ("task-cards.pdf", True),  # a new line: a break
        ("next line", False),  # the text's end
    )


def test_a_word_too_wide_for_a_cell_breaks_where_it_must_and_stays_one_word() -> None:
    """`anywhere` (a table cell's wrap) breaks a word too wide for the box even after its
    hyphens between its characters, each line as full as it can be, with no word break
    after its parts (extracted text rejoins the word); an accent typed apart stays with its
    letter. Without it, the wrap refuses the word."""
    font = load_font(FONT)
    size = 12.0
    word = "Supercalifragilisticexpiale\u0301docious"
    width = font.width(word, size) / 2.5
    assert wrap_breaks(f"the {word} game", font, size, width) is None
    broken = wrap_breaks(f"the {word} game", font, size, width, anywhere=True)
    assert broken is not None and len(broken) >= 4
    # the text layer (a space after a line only where the wrap broke at one) is the text
    assert "".join(line + " " * spaced for line, spaced in broken) == f"the {word} game"
    assert broken[0] == ("the", True)  # the word starts a line, as a browser's does
    assert all(font.width(line, size) <= width for line, _ in broken)
    assert not any(line.startswith("\u0301") for line, _ in broken)
    # each of the word's lines full: the next one's first character would not fit on it
    inside = [line for line, spaced in broken if not spaced][:-1]
    assert len(inside) >= 2
    assert all(
        font.width(line + after[0], size) > width
        for line, (after, _) in zip(inside, broken[2:], strict=False)
    )


def test_the_break_space_is_shown_but_does_not_move_a_centred_line() -> None:
    """The space is for the text layer only: a centred line sits where it sat without it."""
    font = load_font(FONT)
    plain = show(TextKey(font.name, 10.0, "middle", "keep away", ""))
    spaced = show(TextKey(font.name, 10.0, "middle", "keep away", " "))
    assert spaced.offset == plain.offset == 0.5 * font.width("keep away", 10.0)
    space = f"{font.glyphs[ord(' ')]:04X}"
    assert spaced.operators == plain.operators.replace("> Tj", f"{space}> Tj")
    assert spaced.glyphs[-1] == (font.glyphs[ord(" ")], ord(" "))
