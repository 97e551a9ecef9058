"""Fit text into a box: shrink to a minimum size, wrap where allowed, or fail clearly."""

from __future__ import annotations

import re
from functools import lru_cache
from math import inf

from msgspec import Struct

from shapes_print.errors import Source, UserError, quoted
from shapes_print.text.breaks import CJK, cjk_units, overflow_spans
from shapes_print.text.fonts import Font

SHRINK_STEP = 0.5
# Wrapped paragraphs remembered: every kit of a batch plans the same sheets again.
_WRAPS_KEPT = 8192
# A too-wide word's parts: each ends after its `_` or `-` run.
_BREAKS = re.compile(r"[^_-]+[_-]*|[_-]+")
# Where a line may break: any white space but the no-break spaces (U+00A0, and French's
# narrow U+202F before : ; ! ? and inside « »), which hold a name such as a card's
# ("Green 5") or a word and its sign together on one line, as in any typesetting.
NO_BREAK = frozenset("\u00a0\u202f")
_SPACES = re.compile(r"[^\S\u00a0\u202f]+")


class Fitted(Struct, frozen=True):
    """Text fitted to a box: its size, its lines, and the distance between baselines;
    `breaks`, for each line, whether a word break follows it (`wrap_breaks`), so the text
    layer holds the space there that the drawing leaves out."""

    size: float
    lines: tuple[str, ...]
    leading: float
    breaks: tuple[bool, ...]

    @property
    def height(self) -> float:
        return self.leading * (len(self.lines) - 1) + self.size


@lru_cache(maxsize=_WRAPS_KEPT)
def wrap(text: str, font: Font, size: float, width: float) -> tuple[str, ...] | None:
    """Greedy word wrap; None when a single word is wider than the box.

    A word too wide for the box (a kit's long file name) may break after `_` or `-`;
    Chinese and Japanese break between characters (text/breaks.py), with no space there.
    Remembered, so the same paragraph in the next kit of a batch costs a look-up.
    """
    broken = wrap_breaks(text, font, size, width)
    return None if broken is None else tuple(line for line, _ in broken)


def wrap_breaks(
    text: str, font: Font, size: float, width: float, anywhere: bool = False
) -> tuple[tuple[str, bool], ...] | None:
    """`wrap`'s lines, each with whether the break after it fell at white space (a space
    the wrap dropped, or a new line): there the text layer must still hold a word break.
    The last line, and a too-wide word's part that ends at its own `-` or `_`, have none:
    the word goes on. The layout adds no hyphen of its own; one that it ever adds must be
    drawn as the soft hyphen (U+00AD), so extracted text rejoins the word.

    With `anywhere`, a word wider than the box even so breaks between its characters
    where it must (a table cell's, as CSS's `overflow-wrap: anywhere`), and the wrap is
    None only where one character is wider. Remembered for every width the wrap holds at:
    a table's columns take widths that differ kit by kit where other cells differ, and its
    words mostly wrap alike there."""
    kept = _wraps_of(text, font, size, anywhere)
    for low, high, lines in kept:
        if low <= width < high:
            return lines
    bounds = _Bounds(width)
    lines = _wrapped(text, font, size, bounds, anywhere)
    kept.append((bounds.low, bounds.high, lines))
    return lines


Wrapped = tuple[tuple[str, bool], ...] | None


@lru_cache(maxsize=_WRAPS_KEPT)
def _wraps_of(
    text: str, font: Font, size: float, anywhere: bool
) -> list[tuple[float, float, Wrapped]]:
    """The text's wraps so far, each with the widths it holds at (from `low`, under
    `high`): a list kept while the text is, so its wraps are let go of with it."""
    return []


class _Bounds:
    """Whether a measure fits `width`, and so the widths at which every answer given is
    the same: at least the widest measure that fit, under the narrowest that did not."""

    def __init__(self, width: float) -> None:
        self.width, self.low, self.high = width, -inf, inf

    def fits(self, measure: float) -> bool:
        if measure <= self.width:
            self.low = max(self.low, measure)
            return True
        self.high = min(self.high, measure)
        return False


def _wrapped(text: str, font: Font, size: float, bounds: _Bounds, anywhere: bool) -> Wrapped:
    """`wrap_breaks` at the width `bounds` is asked of, every measure weighed by it."""
    lines: list[tuple[str, bool]] = []
    for paragraph in text.split("\n"):
        current, advance = "", 0.0  # the line so far, and its advance (`Font.advance`)
        for glue, word in _tokens(paragraph, font, size, bounds, anywhere):
            trial = f"{current}{glue}{word}" if current else word
            longer = font.advance(f"{glue}{word}" if current else word, advance)
            if bounds.fits(0.001 * size * longer):  # `Font.width` of the trial line
                current, advance = trial, longer
            elif not bounds.fits(font.width(word, size)):
                return None
            else:
                lines.append((current, bool(glue)))
                current, advance = word, font.advance(word)
        lines.append((current, True))
    lines[-1] = (lines[-1][0], False)
    return tuple(lines)


def own_lines(text: str) -> tuple[str, ...]:
    """The text's own lines, each word a space apart: what `wrap` gives where each of them
    fits whole (its measure is `Font.width`'s of the line), without measuring a word."""
    return tuple(" ".join(filter(None, _SPACES.split(line))) for line in text.split("\n"))


def _given_lines(text: str) -> tuple[tuple[str, bool], ...]:
    """The text's own lines, unwrapped: a word break after each but the last."""
    lines = text.split("\n")
    return tuple((line, index < len(lines) - 1) for index, line in enumerate(lines))


def word_parts(word: str) -> list[str]:
    """Where a word too wide for its box may break: after each `_` or `-` run."""
    return _BREAKS.findall(word)


def _tokens(
    paragraph: str, font: Font, size: float, bounds: _Bounds, anywhere: bool
) -> list[tuple[str, str]]:
    """(glue, piece) pairs: words joined by spaces; a too-wide word's parts, and the
    characters of Chinese or Japanese (text/breaks.py), by nothing; with `anywhere`, the
    pieces of a part too wide even so (`_lines_of`)."""
    tokens: list[tuple[str, str]] = []
    for word in filter(None, _SPACES.split(paragraph)):
        parts = [
            part
            for unit in (cjk_units(word) if CJK.search(word) else (word,))
            for part in ([unit] if bounds.fits(font.width(unit, size)) else word_parts(unit))
        ]
        if anywhere:
            parts = [
                piece
                for part in parts
                for piece in (
                    [part]
                    if bounds.fits(font.width(part, size))
                    else _lines_of(part, font, size, bounds)
                )
            ]
        tokens += [(" " if i == 0 else "", part) for i, part in enumerate(parts)]
    return tokens


def _lines_of(word: str, font: Font, size: float, bounds: _Bounds) -> list[str]:
    """A word too wide for the box in pieces as wide as a line holds, a character at least:
    the first starts a line of its own, as a browser's `overflow-wrap` breaks a word only
    where the line has no other break."""
    spans = overflow_spans(word, lambda low, high: bounds.fits(font.width(word[low:high], size)))
    return [word[low:high] for low, high in spans]


def fit(
    text: str,
    font: Font,
    box: tuple[float, float],
    size: float,
    min_size: float,
    *,
    wrap_lines: bool,
    line_spacing: float,
    where: Source | None,
    what: str,
) -> Fitted:
    """The largest size from `size` down to `min_size` at which the text fits the box."""
    width, height = box
    font.check(text, where, what)
    trial = size
    while trial >= min_size - 1e-9:
        leading = trial * line_spacing
        broken = wrap_breaks(text, font, trial, width) if wrap_lines else _given_lines(text)
        if broken is not None:
            lines = [line for line, _ in broken]
            fitted = Fitted(trial, tuple(lines), leading, tuple(spaced for _, spaced in broken))
            widest = max(font.width(line, trial) for line in lines)
            if widest <= width + 1e-6 and fitted.height <= height + 1e-6:
                return fitted
        trial -= SHRINK_STEP
    raise UserError(
        where,
        f"{what}: text {quoted(text)} does not fit its {width / 72 * 25.4:.1f} x "
        f"{height / 72 * 25.4:.1f} mm box even at {min_size:g} pt",
    )
