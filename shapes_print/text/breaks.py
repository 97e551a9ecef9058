# ruff: noqa: RUF002 - the docstring shows the punctuation it is about
"""Where a word with no spaces may still break: between Chinese and Japanese characters.

Chinese and Japanese write no spaces between words; their lines break between characters,
but never before closing punctuation, small kana or the prolonged sound mark (、。）」ァー)
nor after opening punctuation (（「). Unicode's line breaking algorithm (UAX #14) says
where, and uniseg (pure Python, MIT) follows it. Only its breaks next to such a character
are taken, so a Latin word inside such text breaks as it does elsewhere (only where it is
too wide, after `_` or `-`); Korean writes spaces between its words and keeps to them.
A word too wide for a table's cell even so breaks between any two of its characters
(`grapheme_units`). A text with none of these characters and no such word never reaches
uniseg, nor loads it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

# CJK radicals, symbols and punctuation, kana, bopomofo, CJK strokes, enclosed CJK and
# compatibility, ideographs (and their extensions, in every plane), fullwidth forms and
# halfwidth kana: not Hangul (U+1100-11FF, U+3130-318F, U+A960-A97F, U+AC00-D7FF, U+FFA0-FFDC).
CJK = re.compile(
    "[\u2e80-\u2fff\u3000-\u312f\u3190-\u31ff\u3200-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
    "\ufe30-\ufe4f\uff00-\uff9f\uffe0-\uffef\U00020000-\U0003ffff]"
)
# Distinct words split remembered: a rule sentence is wrapped at many trial widths.
_SPLITS_KEPT = 4096


@lru_cache(maxsize=_SPLITS_KEPT)
def cjk_units(word: str) -> tuple[str, ...]:
    """The word (no white space in it) in the parts a line may break between: one part
    where it holds no Chinese or Japanese character."""
    if not CJK.search(word):
        return (word,)
    from uniseg.linebreak import line_break_units  # only a text that needs it

    units: list[str] = []
    for unit in line_break_units(word):
        if units and not (CJK.match(units[-1][-1]) or CJK.match(unit[0])):
            units[-1] += unit
        else:
            units.append(unit)
    return tuple(units)


@lru_cache(maxsize=_SPLITS_KEPT)
def grapheme_units(word: str) -> tuple[str, ...]:
    """The word's characters as a reader sees them (a letter and its accents typed apart
    are one): where a word too wide for its box breaks when it must."""
    from uniseg.graphemecluster import grapheme_clusters  # only a word that needs it

    return tuple(grapheme_clusters(word))


def overflow_spans(word: str, fits: Callable[[int, int], bool]) -> list[tuple[int, int]]:
    """Where a word too wide for its box breaks when it must (CSS's `overflow-wrap:
    anywhere`): its characters as a reader sees them (`grapheme_units`), gathered into
    (start, end) spans as long as `fits` says a line holds, a character at least."""
    spans: list[tuple[int, int]] = []
    start = 0
    for unit in grapheme_units(word):
        end = start + len(unit)
        if spans and fits(spans[-1][0], end):
            spans[-1] = (spans[-1][0], end)
        else:
            spans.append((start, end))
        start = end
    return spans
