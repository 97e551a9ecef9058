"""Paragraphs set in a sheet's column: wrapped once, as one drawn block or a box per line.

Input: the text, its size and weight, the width it is set in. Output: a `Drawn` (its height
and text items, top at y = 0) for a cell or a heading, or one `flow.Box` per line for a
paragraph a page may break inside. No line ends on a sum's operator. A balanced
paragraph (a heading) is set in the narrowest
width that keeps its number of lines, where that leaves no single word alone on its last line.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from msgspec import Struct
from msgspec.structs import replace

from shapes_print.errors import Source, UserError, quoted
from shapes_print.geometry.primitives import RGB, Item, Text
from shapes_print.kit.context import DrawContext
from shapes_print.plan.expanded import expanded
from shapes_print.plan.flow import Box
from shapes_print.plan.icons import LineSet, line_items, parsed_runs
from shapes_print.plan.tables import Drawn
from shapes_print.text.fit import wrap_breaks
from shapes_print.text.fonts import Font
from shapes_print.text.hearing import Hearing
from shapes_print.text.markup import Run, has_markup, is_plain, plain_text
from shapes_print.text.rich import RichLine, check_faces, rich_wrap

# A line's ink: cap height above its baseline, descent below, as shares of its size.
DESCENT = 0.25
CAP = 0.75
_OPERATOR = re.compile("[+=\u00d7\u2212]")  # plus, equals, times, minus: most texts hold none
# An operator between two terms: the space after it does not break.
_SUM = re.compile(rf"(?<=\S) ({_OPERATOR.pattern}) (?=\S)")
# A no-break space between two words: a phrase a translation keeps on one line ('papier
# ordinaire', 'Carta de Acción delante de usted'). Where the phrase is wider than its column
# even so, it breaks there, as a reader expects, before a word breaks between its
# characters or is refused; one after a number (50 mm) or before punctuation holds.
_JOINED = re.compile(r"(?<=[^\W\d_])[\u00a0\u202f](?=[^\W\d_])")
# How far a balanced paragraph's width may narrow, in steps of the full width.
BALANCE_STEP = 0.02
BALANCE_LEAST = 0.6


class Column(Struct, frozen=True):
    """Where a document's blocks are set: the draw context, the content width, the height
    one page holds, and how tall its arrows are (None: the style's `arrow_height`; a run of
    arrows shortened to share a page is drawn in a column of its own, plan/sheets.py);
    `opening_room` is what the first page holds, whose foot has the scale check, given to
    a block that opens the document (None: any other, on a page holding `room`), so what
    fills "a page" fits the page it starts."""

    ctx: DrawContext
    width: float
    room: float
    arrow_height: float | None = None
    opening_room: float | None = None


class Setting(Struct, frozen=True, gc=False):
    """How a paragraph is set: its type size, bold or not, whether its lines are balanced
    (a last line of one word is avoided by setting the lines narrower), and whether a word
    wider than the column breaks between its characters where it must (`overflow`, CSS's
    `overflow-wrap: anywhere`: a one-word game title in a heading at large print), not
    refused. A table's cell too narrow to break a word in (plan/cells.py `WIDE_CELL`) and
    an arrow's word, drawn centred whole, refuse it. Numbers alone, in no reference
    cycle: untracked by the garbage collector."""

    size: float
    bold: bool = False
    balance: bool = False
    overflow: bool = True


def lines_of(
    col: Column, text: str, setting: Setting, width: float, where: Source | None
) -> tuple[str, ...]:
    """The paragraph's lines as `paragraph` sets them."""
    return tuple(line for line, _ in broken_lines(col, text, setting, width, where))


def broken_lines(
    col: Column, text: str, setting: Setting, width: float, where: Source | None
) -> tuple[tuple[str, bool], ...]:
    """The paragraph's lines, each with whether a word break follows it (`wrap_breaks`)."""
    font = col.ctx.fonts.pick(setting.bold)
    font.check(text, where, "text")
    lines = _broken(text, font, setting, width)
    if lines is None:
        raise _too_wide(text, width, where)
    return lines


def _broken(
    text: str, font: Font, setting: Setting, width: float
) -> tuple[tuple[str, bool], ...] | None:
    """`broken_lines` in `font` (its characters checked), None where a word is wider than
    the column (a character, with `overflow`)."""
    size, balance = setting.size, setting.balance
    # A line never ends on an operator ("6 + 6 + 6 = / 18"): a break falls before it, as
    # mathematics breaks, unless the operator and its term are wider than the column.
    bound = _SUM.sub(" \\1\u00a0", text) if _OPERATOR.search(text) else text
    lines = wrap_breaks(bound, font, size, width)
    if lines is None:
        bound = text
        lines = wrap_breaks(text, font, size, width)
    if lines is None and _JOINED.search(text):
        bound = _JOINED.sub(" ", text)
        lines = wrap_breaks(bound, font, size, width)
    anywhere = lines is None and setting.overflow
    if anywhere:
        lines = wrap_breaks(bound, font, size, width, anywhere=True)
    if lines is None:
        return None
    if balance and len(lines) > 1 and len(lines[-1][0].split()) == 1:
        steps = round((1 - BALANCE_LEAST) / BALANCE_STEP)
        for step in range(1, steps + 1):
            narrower = wrap_breaks(
                bound, font, size, width * (1 - step * BALANCE_STEP), anywhere=anywhere
            )
            if narrower is None or len(narrower) != len(lines):
                break
            if len(narrower[-1][0].split()) > 1:
                return narrower
    return lines


def paragraph(
    col: Column, text: str, setting: Setting, width: float, where: Source, x: float = 0.0
) -> Drawn:
    """The paragraph drawn whole: its height and its lines, the first's cap at y = 0."""
    height, items = paragraph_items(col, text, setting, width, where, x)
    return height, list(items)


def paragraph_items(
    col: Column, text: str, setting: Setting, width: float, where: Source, x: float = 0.0
) -> tuple[float, Sequence[Item]]:
    """`paragraph`'s height and items, not copied: those of a plain paragraph are the
    tuple `_plain` shares, for a caller that keeps them as they are (a table's cell)."""
    size = setting.size
    style = col.ctx.style
    text, parsed = _marked(text, where)
    if parsed:
        leading = size * style.line_spacing
        rich = _rich_lines(col, text, parsed, setting, width, where)
        items = [
            item
            for i, line in enumerate(rich)
            for item in line_items(
                line, x, -size * CAP - i * leading, LineSet(size, style.ink, text, where), col.ctx
            )
        ]
        return size * CAP + leading * (len(rich) - 1) + size * DESCENT, items
    font = col.ctx.fonts.pick(setting.bold)
    font.check(text, where, "text")
    how = _Set(setting, width, x, style.line_spacing, style.ink)
    drawn = _plain(text, font, how, col.ctx.words.hearing)
    if drawn is None:
        raise _too_wide(text, width, where)
    return drawn


class _Set(Struct, frozen=True, gc=False):
    """How a plain paragraph is set: its setting, width, left edge, leading (a share of its
    size) and ink: numbers alone, in no reference cycle, so untracked by the garbage
    collector (the keys of `_plain`'s cache are kept for a build)."""

    setting: Setting
    width: float
    x: float
    spacing: float
    ink: RGB


@lru_cache(maxsize=32768)
def _plain(
    text: str, font: Font, how: _Set, hearing: Hearing
) -> tuple[float, tuple[Item, ...]] | None:
    """A plain paragraph drawn (None where a word is wider than the column), kept by all it
    is drawn from: a table is measured at each trial width and every kit of a batch sets
    the same cells; `hearing`, how its shorthand is heard (plan/expanded.py). The items are
    frozen, shared as `blockshare` shares whole blocks."""
    lines = _broken(text, font, how.setting, how.width)
    if lines is None:
        return None
    return _drawn(lines, font, replace(how, width=0.0), hearing)


@lru_cache(maxsize=32768)
def _drawn(
    lines: tuple[tuple[str, bool], ...], font: Font, how: _Set, hearing: Hearing
) -> tuple[float, tuple[Item, ...]]:
    """`_plain`'s lines drawn, kept by the lines rather than the width they were broken at
    (`how`'s width is 0): a table's columns take other widths kit by kit, where its cells
    mostly break into the same lines."""
    size = how.setting.size
    leading = size * how.spacing
    items = tuple(
        item
        for i, (line, spaced) in enumerate(lines)
        for item in expanded(
            Text(
                how.x, -size * CAP - i * leading, line, font.name, size, how.ink, space_after=spaced
            ),
            font,
            hearing,
        )
    )
    return size * CAP + leading * (len(lines) - 1) + size * DESCENT, items


def paragraph_lines(
    col: Column, text: str, setting: Setting, width: float, where: Source
) -> list[Box]:
    """A box per line, each as tall as its ink (cap and descent), the leading between as glue
    (never balanced: each line breaks a page on its own)."""
    size, bold = setting.size, setting.bold
    text, parsed = _marked(text, where)
    ink = col.ctx.style.ink
    gap = size * (col.ctx.style.line_spacing - 1)
    if parsed:
        rich = _rich_lines(col, text, parsed, setting, width, where)
        return [
            Box(
                size,
                tuple(line_items(line, 0, -size * CAP, LineSet(size, ink, text, where), col.ctx)),
                gap=gap if i else 0.0,
            )
            for i, line in enumerate(rich)
        ]
    lines = broken_lines(col, text, replace(setting, balance=False), width, where)
    font = col.ctx.fonts.pick(bold)
    hearing = col.ctx.words.hearing
    return [
        Box(
            size,
            tuple(
                expanded(
                    Text(0, -size * CAP, line, font.name, size, ink, space_after=spaced),
                    font,
                    hearing,
                )
            ),
            gap=gap if i else 0.0,
        )
        for i, (line, spaced) in enumerate(lines)
    ]


def _marked(text: str, where: Source) -> tuple[str, tuple[Run, ...]]:
    """The text and its runs where it has bold, italic or icons; a text whose markup is
    only escapes (`\\*`) as the plain text it stands for, with no runs."""
    if not has_markup(text):
        return text, ()
    parsed = parsed_runs(text, where)
    if is_plain(parsed):
        return plain_text(parsed, str), ()
    return text, parsed


def _rich_lines(
    col: Column, text: str, parsed: tuple[Run, ...], setting: Setting, width: float, where: Source
) -> tuple[RichLine, ...]:
    """Rich text's lines in the column, its faces the label set's (or the game's)."""
    fonts, size, bold = col.ctx.fonts, setting.size, setting.bold

    def faces(strong: bool, italic: bool) -> Font:
        return fonts.pick(strong or bold, italic)

    check_faces(parsed, faces, where, "text")
    lines = rich_wrap(parsed, faces, size, width, anywhere=setting.overflow)
    if lines is None:
        raise _too_wide(text, width, where)
    return lines


def _too_wide(text: str, width: float, where: Source | None) -> UserError:
    """The mistake of a text with a word wider than its column, however it is set."""
    return UserError(
        where, f"a word in {quoted(text)} is wider than the {width / 72 * 25.4:.0f} mm column"
    )
