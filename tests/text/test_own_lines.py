"""A text whose own lines each fit is laid out as the wrap would lay it (`own_lines`): a
card sheet's running foot, placed on every page of a print-and-play file, takes its lines
so, without measuring a word of them (plan/furniture.py's `place_text`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from shapes_print.text.fit import own_lines, wrap
from shapes_print.text.fonts import load_font

FONT = Path(__file__).resolve().parents[2] / "templates" / "fonts" / "DejaVuSans.ttf"
TEXTS = [
    "Collect 3 · page 12 of 40",
    "Collect 3  ·  page 12 of 40",  # spaces run together: one a word apart
    "Shapes the Game\npage 1 of 2",
    " a lead and a trail ",
    "a tab\there",
    "kept\u00a0together here",  # a no-break space is no place to break nor to fold
    "",
    "a\n\nb",
]


@pytest.mark.parametrize("text", TEXTS)
def test_a_text_whose_lines_fit_has_the_lines_wrap_gives_it(text: str) -> None:
    font, size = load_font(FONT), 8.0
    width = max(font.width(line, size) for line in text.split("\n"))  # each just fits
    assert own_lines(text) == wrap(text, font, size, width)
