"""The duplex calibration sheet: from which a user reads their printer's back offset.

The front carries crosshairs at the centre and near each corner; the back carries, where
each crosshair should land after the flip, a crosshair with millimetre scales. Push a pin
through a front crosshair and read on the back how far from zero it comes out: that is
the `--back-offset` (x to the right, y upwards, as seen on the back). A given offset is
applied to the back page too, so the same sheet checks a correction.
"""

from __future__ import annotations

from decimal import Decimal

from msgspec import Struct

from shapes_print.errors import Source, UserError
from shapes_print.geometry.primitives import (
    Artifact,
    Colour,
    Document,
    Group,
    Item,
    Line,
    Page,
    Role,
    Text,
)
from shapes_print.kit.context import DrawContext
from shapes_print.load.loaded import Library
from shapes_print.load.options import Flip
from shapes_print.load.printmodels import Calibration
from shapes_print.plan.furniture import margin_stretches, place_furniture, print_line
from shapes_print.plan.imposition import mirrors_x
from shapes_print.text.fit import wrap_breaks
from shapes_print.text.fonts import Font
from shapes_print.text.message import decimal
from shapes_print.text.words import Said
from shapes_print.units import POINTS_PER_UNIT

LABELS = "ABCDE"
# Type metrics of the sans fonts we ship, as shares of a text's size: where glyphs reach, not
# layout choices (those are print.yaml's calibration keys).
DESCENT = 0.3  # below its baseline a line of text reaches at most this much of its size
DIGIT_HEIGHT = 0.75  # digits reach this much of their size above their baseline
DIGIT_MIDDLE = 1 / 3  # a number this much of its size below a line sits centred on it


def crosshair_points(width: float, height: float, inset: float) -> list[tuple[float, float]]:
    """Centre and four corner points, the same order as LABELS."""
    return [
        (width / 2, height / 2),
        (inset, height - inset),
        (width - inset, height - inset),
        (inset, inset),
        (width - inset, inset),
    ]


class _Marks(Struct, frozen=True):
    """How the sheet's measuring marks are drawn: print.yaml's calibration settings, the
    font, type size and ink of their letters and numbers."""

    c: Calibration
    font: Font
    size: float
    ink: Colour


def _cross(x: float, y: float, label: str, marks: _Marks) -> list[Item]:
    """A crosshair, its letter in the upper right quarter half an arm out (so it follows
    the arm's length, and the front's words clear it by keeping an arm and a size away)."""
    c, font, size, ink = marks.c, marks.font, marks.size, marks.ink
    arm, width = c.arm, c.line_width
    return [
        Line(x - arm, y, x + arm, y, ink, width),
        Line(x, y - arm, x, y + arm, ink, width),
        Text(x + arm / 2, y + arm / 2, label, font.name, size, ink),
    ]


def _scales(x: float, y: float, marks: _Marks) -> list[Item]:
    """Millimetre scales through (x, y), longer ticks every `label_every`, numbered at the ends."""
    c, font, size, ink = marks.c, marks.font, marks.size, marks.ink
    mm = POINTS_PER_UNIT["mm"]
    steps = round(c.scale_half_length / c.scale_step)
    half, gap, width = c.scale_half_length, c.number_gap, c.line_width
    end = f"{half / mm:g}"
    side = y - size * DIGIT_MIDDLE
    items: list[Item] = [
        Line(x - half, y, x + half, y, ink, width),
        Line(x, y - half, x, y + half, ink, width),
        Text(x + half + gap, side, f"+{end}", font.name, size, ink),
        Text(x - half - gap, side, f"-{end}", font.name, size, ink, "end"),
        Text(x, y + half + gap, f"+{end}", font.name, size, ink, "middle"),
        Text(x, y - half - gap - size * DIGIT_HEIGHT, f"-{end}", font.name, size, ink, "middle"),
    ]
    for i in range(-steps, steps + 1):
        along = i * c.scale_step
        tick = c.tick if i % c.label_every == 0 else c.tick / 2  # half ticks between the long ones
        items += [
            Line(x + along, y, x + along, y - tick, ink, width),
            Line(x, y + along, x - tick, y + along, ink, width),
        ]
    return items


class _Sizes(Struct, frozen=True):
    """The sheet's type: print.yaml's sizes, raised to a label set's least size (large print)."""

    text: float
    title: float
    scale: float

    @classmethod
    def of(cls, c: Calibration, least: float) -> _Sizes:
        text = max(c.text_size, least)
        return cls(text, text * c.title_ratio, max(text * c.number_ratio, least))


class _Column(Struct, frozen=True):
    """Where a page's words go: centred on `x`, `width` wide, from below `top` to above
    `bottom`, and never across the centre crosshair (`keep_out`, low and high y)."""

    x: float
    width: float
    top: float
    bottom: float
    keep_out: tuple[float, float]

    @classmethod
    def around(
        cls, page_w: float, page_h: float, inset: float, reach: float, width: float
    ) -> _Column:
        """The column on a page whose crosshairs, `inset` in, reach `reach` up and down."""
        middle = page_h / 2
        return cls(
            page_w / 2,
            width,
            page_h - inset - reach,
            inset + reach,
            (middle - reach, middle + reach),
        )


class _Type(Struct, frozen=True):
    """The size and colour of a block's words, and their role (a heading or a paragraph)."""

    size: float
    colour: Colour
    role: Role = "P"


def _block(
    texts: list[str], start: float, type_: _Type, column: _Column, ctx: DrawContext
) -> tuple[list[Item], float]:
    """Wrapped lines from baseline `start` down, as one group of its role, and the last
    line's baseline; a line that would cross the centre crosshair and the lines after it
    move below it."""
    size, colour, role = type_.size, type_.colour, type_.role
    font, spacing = ctx.fonts.regular, ctx.style.line_spacing
    lines: list[tuple[str, bool]] = []
    for text in texts:
        font.check(text, None, "calibration sheet")
        broken = wrap_breaks(text, font, size, column.width) or ((text, False),)
        # The block's texts share one element: each but the last ends at a word break too.
        lines += [*broken[:-1], (broken[-1][0], True)]
    lines[-1] = (lines[-1][0], False)
    low, high = column.keep_out
    items: list[Item] = []
    first, y = 0, start
    for i, (line, spaced) in enumerate(lines):
        y = start - (i - first) * size * spacing
        if y + size > low and y - size * DESCENT < high:
            start, first, y = low - size, i, low - size
        items.append(Text(column.x, y, line, font.name, size, colour, "middle", spaced))
    return [Group(tuple(items), role=role)], y


class CalibrationAsked(Struct, frozen=True):
    """A calibration sheet as asked for: the paper's name and size (portrait), the duplex
    flip, the back offset it corrects by, and the smallest type it may print."""

    paper: str
    size: tuple[float, float]
    flip: Flip
    offset: tuple[float, float]
    least: float = 0.0


def calibration_sheet(asked: CalibrationAsked, library: Library, ctx: DrawContext) -> Document:
    """Front and back page of the calibration sheet for one paper (portrait), in the words,
    fonts and sizes of `ctx`'s label set."""
    c, furniture, words = library.printing.calibration, ctx.style.furniture, ctx.words
    sizes = _Sizes.of(c, asked.least)
    width, height = asked.size
    room = min(width, height) / 2 - c.inset
    mm = POINTS_PER_UNIT["mm"]
    if (
        c.inset - c.scale_half_length - c.tick - sizes.scale < furniture.safe_margin
        or room < 2 * c.scale_half_length
    ):
        raise UserError(
            None,
            f"--paper {asked.paper}: too small for the calibration sheet "
            f"(crosshairs {c.inset / mm:g} mm in)",
        )
    title, front, back = _words(asked, library, ctx, sizes)
    ink, font = furniture.mark_colour, ctx.fonts.regular
    # Crosshairs and scales are measuring marks, like the ruler: artifacts a reader skips
    # (the words say how to use them).
    crosses, scales = _Marks(c, font, sizes.text, ink), _Marks(c, font, sizes.scale, ink)
    for (x, y), label in zip(crosshair_points(width, height, c.inset), LABELS, strict=True):
        front.append(Artifact(tuple(_cross(x, y, label, crosses))))
        bx, by = (width - x, y) if mirrors_x(width, height, asked.flip) else (x, height - y)
        back.append(Artifact((*_cross(bx, by, label, crosses), *_scales(bx, by, scales))))
    content = (c.inset - c.arm, c.inset - c.arm, width - c.inset + c.arm, height - c.inset + c.arm)
    stretches = margin_stretches(content, asked.size, [], [], furniture)
    stretches.sort(key=lambda stretch: (stretch.vertical, stretch.y))
    sides = library.printing.sides
    line = print_line(furniture, sides, asked.flip, words, ctx.furniture_source)
    front += place_furniture(stretches, font, furniture, line)
    offset = asked.offset
    pages = [
        Page(width, height, tuple(front)),
        Page(width, height, (Group(tuple(back), dx=offset[0], dy=offset[1]),)),
    ]
    return Document(title, pages, {}, asked.flip, words.locale)


def _words(
    asked: CalibrationAsked, library: Library, ctx: DrawContext, sizes: _Sizes
) -> tuple[str, list[Item], list[Item]]:
    """The sheet's title, and its words on the front and on the back, each kept clear of
    the crosshairs."""
    c, words, ink = library.printing.calibration, ctx.words, ctx.style.ink
    width, height = asked.size
    mm = POINTS_PER_UNIT["mm"]
    offset = ", ".join(
        f"{decimal(Decimal(f'{v / mm:.1f}'), words.locale, True)} mm" for v in asked.offset
    )
    # In the set's numbers (es: +1,2 mm); the --back-offset example keeps the CLI's 1.2mm.
    values = {"paper_name": words.named(asked.paper), "flip": asked.flip, "offset": Said(offset)}

    def said(key: str, *more: int) -> Source:
        return library.printing_source.source(("calibration", key, *more))

    # The words keep clear of the crosshairs: on the front of their arms and letters (a
    # letter, half an arm out, ends within an arm and a size); on the back of their scales and
    # numbers (a number's gap and digits fit in two of its sizes).
    text_width = width - 2 * c.inset
    front_column = _Column.around(width, height, c.inset, c.arm + sizes.text, text_width)
    back_reach = c.scale_half_length + 2 * sizes.scale
    back_column = _Column.around(width, height, c.inset, back_reach, text_width)
    standard_top = height - c.inset - c.scale_half_length - c.top_gap * c.text_size
    title = words.fill(c.title, values, said("title"))
    top = min(standard_top, front_column.top - sizes.title)
    heading = _Type(sizes.title, ctx.style.furniture.mark_colour, "H1")
    front, end = _block([title], top, heading, front_column, ctx)
    front_lines = [
        words.fill(line, values, said("front_lines", i)) for i, line in enumerate(c.front_lines)
    ]
    text = _Type(sizes.text, ink)
    body, end = _block(front_lines, end - c.title_gap * sizes.text, text, front_column, ctx)
    back_lines = [words.say(line, said("back_lines", i)) for i, line in enumerate(c.back_lines)]
    top = min(standard_top, back_column.top - sizes.text)
    back, back_end = _block(back_lines, top, text, back_column, ctx)
    low = sizes.text * DESCENT
    if end - low < front_column.bottom or back_end - low < back_column.bottom:
        raise UserError(
            None,
            f"--paper {asked.paper}: the calibration sheet's words do not fit between its "
            f"crosshairs at {sizes.text:g} pt",
            "a larger --paper holds them (A4 and Letter do for every shipped label set)",
        )
    return title, front + body, back
