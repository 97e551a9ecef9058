"""The scale check, print line and running foot of pages, placed in free margin space.

Margins are cut into bands (above, below, left and right of the content), bands into
stretches between cut lines, kept clear of their marks. The 50 mm ruler, the inch check and the print line each go in
the first stretch with room; everything stays inside the printer-safe margin. An item with
no room anywhere is a layout error, not a silent omission. A document's running foot ("game
· document · page 2 of 5") stands at the top of its foot, against the content's right edge.
A cut line across a page is dashed.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence

from msgspec import Struct

from shapes_print.errors import Source, UserError, quoted
from shapes_print.geometry.primitives import (
    Artifact,
    Group,
    Item,
    Line,
    Paint,
    Rect,
    Text,
)
from shapes_print.load.printmodels import Furniture, Sides
from shapes_print.text.fit import wrap
from shapes_print.text.fonts import Font
from shapes_print.text.words import Words

LINE_SPACING = 1.2
CAP = 0.8  # a line's top above its baseline, as a share of its size


class Stretch(Struct):
    """Free margin space: origin, length along the band, thickness across it, and whether
    furniture stands at its start (`used`)."""

    x: float
    y: float
    length: float
    thickness: float
    vertical: bool
    used: bool = False

    def place(self, items: tuple[Item, ...], used: float, gap: float) -> Artifact:
        """Put items drawn in local (along, across) coordinates here and use up their length;
        page furniture, so marked as a pagination artifact (no reader reads it out)."""
        if self.vertical:
            group = Group(items, dx=self.x + self.thickness, dy=self.y, angle=90)
            self.y += used + gap
        else:
            group = Group(items, dx=self.x, dy=self.y)
            self.x += used + gap
        self.length -= used + gap
        self.used = True
        return Artifact((group,), "Pagination")

    def set_apart(self, gap: float) -> None:
        """Start `gap` further on where furniture stands before: a running foot 1 mm after
        the print line read as its last words."""
        if self.used:
            self.x, self.y = (self.x, self.y + gap) if self.vertical else (self.x + gap, self.y)
            self.length = max(self.length - gap, 0.0)


def margin_stretches(
    content: tuple[float, float, float, float],
    page: tuple[float, float],
    blocked_x: list[float],
    blocked_y: list[float],
    f: Furniture,
    reach: Reach | None = None,
) -> list[Stretch]:
    """Free stretches around a content box (left, bottom, right, top), avoiding mark lines.

    Furniture keeps `mark_clearance` along its band from each cut line, so no ruler tick
    stands where it could be taken for a cut mark. Where a band reaches past its marks
    (`reach`: how far they run out from each side) and that clearance, it is two layers: the
    marks' own, cut between them, and the rest, free along the whole band. A grid of small
    cards (tokens) leaves stretches between its marks too short for a ruler or a print line,
    and the outer layer holds both. The whole stretches come last, so furniture that has
    room between the marks stays there.
    """
    left, bottom, right, top = content
    width, height = page
    safe, gap, clear = f.safe_margin, f.furniture_gap, f.mark_clearance
    stretches: list[Stretch] = []
    reach = reach or Reach()
    bands = [  # low, high, lines blocking it, vertical, where its marks end, outward
        (top + gap, height - safe, blocked_x, False, top + reach.top, True),
        (safe, bottom - gap, blocked_x, False, bottom - reach.bottom, False),
        (safe, left - gap, blocked_y, True, left - reach.left, False),
        (right + gap, width - safe, blocked_y, True, right + reach.right, True),
    ]
    beyond: list[Stretch] = []
    for low, high, blocked, vertical, marks_end, outward in bands:
        span_end = (height if vertical else width) - safe
        beyond_marks = clear + gap  # the clearance, and a gap as from any edge
        outer = (marks_end + beyond_marks, high) if outward else (low, marks_end - beyond_marks)
        if blocked and outer[1] > outer[0]:  # the marks' layer, then the free one
            a, b = safe + gap, span_end - gap
            x, y = (outer[0], a) if vertical else (a, outer[0])
            beyond.append(Stretch(x, y, b - a, outer[1] - outer[0], vertical))
            low, high = (low, outer[0] - gap) if outward else (outer[1] + gap, high)
        thickness = high - low
        if thickness <= 0:
            continue
        edges = [(safe, gap), *((at, clear) for at in sorted(blocked)), (span_end, gap)]
        # A corner, past the first or last cut line, lies across the marks of the side it
        # turns to: it keeps the clearance from them across the band too.
        ends = (reach.bottom, reach.top) if vertical else (reach.left, reach.right)
        last = len(edges) - 2
        for index, ((start, before), (end, after)) in enumerate(itertools.pairwise(edges)):
            a, b = start + before, end - after
            near, far = low, high
            side_marked = blocked and index in (0, last) and ends[0 if index == 0 else 1] > 0
            if side_marked:
                near, far = (low - gap + clear, high) if outward else (low, high + gap - clear)
            if b - a > 0 and far - near > 0:
                x, y = (near, a) if vertical else (a, near)
                stretches.append(Stretch(x, y, b - a, far - near, vertical))
    return stretches + beyond


class Reach(Struct, frozen=True):
    """How far a grid's cut marks run out from each side of it (0 where it has none)."""

    top: float = 0.0
    bottom: float = 0.0
    left: float = 0.0
    right: float = 0.0


def print_line(
    f: Furniture, sides: Mapping[Sides, str], duplex: Sides, words: Words, where: Source | None
) -> str:
    """The print line of a file printed `duplex` ('long', 'short' or 'none'): a one-sided
    sheet says one-sided, only a double-sided file names the edge to flip on."""
    return words.fill(f.print_line, {"sides": sides[duplex]}, where)


class _Drawn(Struct, frozen=True):
    """Furniture drawn in local (along, across) coordinates, the length it takes along its
    band and the thickness it needs across it."""

    items: tuple[Item, ...]
    length: float
    across: float


def _ruler(length: float, label: str, font: Font, f: Furniture) -> _Drawn:
    """A ruler of `length` over its label, both centred on the wider of the two. A label
    longer than the ruler (large print's, at 18 pt) wraps to the ruler's length where its
    words allow, so it neither sticks out past the ruler nor runs into what stands beside."""
    size = f.text_size
    lines = _label_lines(label, font, size, length)
    span = max(length, *(font.width(line, size) for line in lines))
    start = (span - length) / 2
    baseline = size * 0.25
    leading = size * LINE_SPACING
    line_y = size + leading * (len(lines) - 1) + max(f.ruler_tick * 0.2, _text_gap(size))
    items: list[Item] = [Line(start, line_y, start + length, line_y, f.mark_colour, f.mark_width)]
    steps = max(1, round(length / f.ruler_step))  # a ruler shorter than one step still has its ends
    for i in range(steps + 1):
        tick = f.ruler_tick if i in (0, steps) else f.ruler_tick / 2
        x = start + i * length / steps
        items.append(Line(x, line_y, x, line_y + tick, f.mark_colour, f.mark_width))
    for i, line in enumerate(lines):
        y = baseline + leading * (len(lines) - 1 - i)
        items.append(Text(span / 2, y, line, font.name, size, f.mark_colour, "middle"))
    return _Drawn(tuple(items), span, line_y + f.ruler_tick)


def _label_lines(label: str, font: Font, size: float, length: float) -> tuple[str, ...]:
    """A ruler's label on one line where the ruler is as long, else wrapped to it (on one
    line still where a word is longer)."""
    if font.width(label, size) <= length:
        return (label,)
    return wrap(label, font, size, length) or (label,)


def _text_gap(size: float) -> float:
    """The space between two lines of words at `size`: what a ruler's line keeps from its
    label where that is more than a fifth of its tick (at 18 pt it read as touching)."""
    return (LINE_SPACING - 1) * size


def _square(side: float, label: str, font: Font, f: Furniture) -> _Drawn:
    size = f.text_size
    return _Drawn(
        (
            Rect(0, 0, side, side, Paint(stroke=f.mark_colour, stroke_width=f.mark_width)),
            Text(side / 2, side / 2 - size / 3, label, font.name, size, f.mark_colour, "middle"),
        ),
        side,
        side,
    )


def place_furniture(
    stretches: list[Stretch], font: Font, f: Furniture, print_line: str, where: Source | None = None
) -> list[Item]:
    """Ruler, inch check and print line in the first stretches that hold them."""
    font.check(f.ruler_label + f.inch_label + print_line, where, "print furniture")

    def first(length: float, thickness: float) -> Stretch:
        for stretch in stretches:
            if stretch.length >= length and stretch.thickness >= thickness:
                return stretch
        raise UserError(
            where, f"no room in the page margins for {length / 72 * 25.4:.0f} mm of print furniture"
        )

    ruler = _ruler(f.ruler_length, f.ruler_label, font, f)
    # Pieces along a band stand at least a word space apart, as words do: large print's
    # 18 pt label, square and print line read as run together a millimetre apart.
    gap = max(f.furniture_gap, font.width(" ", f.text_size))
    taken: list[_Box] = []
    placed = [_place(first(ruler.length, ruler.across), ruler, gap, taken)]
    square_room = [
        s for s in stretches if s.thickness >= f.inch_square and s.length >= f.inch_square
    ]
    if square_room:
        inch, room = _square(f.inch_square, f.inch_label, font, f), square_room[0]
    else:
        inch = _ruler(f.inch_square, f.inch_label, font, f)
        room = first(inch.length, inch.across)
    placed.append(_place(room, inch, gap, taken))
    _clear_of(stretches, taken, gap)
    placed.append(place_text(stretches, font, f, print_line, where))
    return placed


_Box = tuple[float, float, float, float]  # left, bottom, right, top


def _place(stretch: Stretch, drawn: _Drawn, gap: float, taken: list[_Box]) -> Item:
    """`drawn` placed at the start of `stretch`, the box it takes noted in `taken`."""
    x, y, across = stretch.x, stretch.y, stretch.thickness
    w, h = (across, drawn.length) if stretch.vertical else (drawn.length, across)
    taken.append((x, y, x + w, y + h))
    return stretch.place(drawn.items, drawn.length, gap)


def _clear_of(stretches: list[Stretch], taken: list[_Box], gap: float) -> None:
    """Start each stretch along a side above the furniture placed in the corner it shares
    with the band across the foot (or end it below furniture further up): the bands meet
    in the corners, and a print line set up the side ran into the ruler's label."""
    for s in (s for s in stretches if s.vertical):
        for left, bottom, right, top in taken:
            if not (left < s.x + s.thickness and s.x < right and bottom < s.y + s.length):
                continue
            if bottom <= s.y < top:
                s.length -= top + gap - s.y
                s.y = top + gap
            elif s.y < bottom:
                s.length = bottom - gap - s.y
            s.length = max(s.length, 0.0)


def foot_height(f: Furniture) -> float:
    """The room a running foot takes above the rest of a page's foot, its gap included: a
    line for each of its template's (large print sets the game's name on one of its own)."""
    return _foot_lines(f) * f.foot_size * LINE_SPACING + f.foot_gap


def _foot_lines(f: Furniture) -> int:
    return f.running_foot.count("\n") + 1


def running_foot(
    text: str,
    span: tuple[float, float],
    bottom: float,
    font: Font,
    f: Furniture,
    where: Source | None,
) -> Artifact:
    """The running foot, its first line's top `foot_gap` under `bottom`, its lines' ends at
    the right of `span` (the content's left and right): page furniture, a pagination
    artifact as the print line is. Its lines are its template's, at most `foot_height`'s. A
    foot wider than the content is set smaller, down to the furniture's own size
    (`text_size`), and an error beyond that."""
    font.check(text, where, "running foot")
    left, right = span
    lines = text.split("\n")
    if len(lines) > _foot_lines(f):  # a translation's new line the page has no room for
        raise UserError(where, f"the running foot {quoted(text)} has more lines than its template")
    size = foot_size_for(text, font, f, right - left)
    if size is None:
        raise UserError(where, f"no room in the page's foot for {quoted(text)}")
    baseline = bottom - f.foot_gap - f.foot_size * CAP
    leading = f.foot_size * LINE_SPACING
    return Artifact(
        tuple(
            Text(right, baseline - index * leading, line, font.name, size, f.mark_colour, "end")
            for index, line in enumerate(lines)
        ),
        "Pagination",
    )


def keep_out(stretches: list[Stretch], box: _Box, gap: float) -> None:
    """Cut each stretch back across its band to `gap` beyond `box` where it reaches into
    it: a card sheet's backs (and bleed faces) run past the grid by their overrun, and a
    foot on the back of a sheet must stand on paper, not on them."""
    left, bottom, right, top = box
    for s in stretches:
        along, across = (s.thickness, s.length) if s.vertical else (s.length, s.thickness)
        x1, y1 = s.x + along, s.y + across
        if not (s.x < right + gap and left - gap < x1 and s.y < top + gap and bottom - gap < y1):
            continue
        if s.vertical and s.x + x1 < left + right:  # a band left of the box
            s.thickness = left - gap - s.x
        elif s.vertical:
            s.x, s.thickness = right + gap, x1 - right - gap
        elif s.y + y1 < bottom + top:  # under it
            s.thickness = bottom - gap - s.y
        else:
            s.y, s.thickness = top + gap, y1 - top - gap
        s.thickness = max(s.thickness, 0.0)


def foot_size_for(text: str, font: Font, f: Furniture, width: float) -> float | None:
    """The largest size from `foot_size` down to `text_size`, a quarter point at a time,
    at which each of a running foot's lines is `width` long at most; None where none is."""
    size = f.foot_size
    while not unbroken_fits(text, font, size, width):
        size -= 0.25
        if size < f.text_size - 1e-9:
            return None
    return size


def place_text(
    stretches: list[Stretch],
    font: Font,
    f: Furniture,
    text: str,
    where: Source | None,
    whole: Sequence[tuple[str, ...]] = (),
) -> Artifact:
    """`text` in the first stretch that holds it, at the largest size that fits; first in
    each of `whole`'s lines unbroken, at any size furniture takes, before it is wrapped (a
    card sheet's running foot: one line a little smaller, not three against the ruler's
    end)."""
    found = placed_in(stretches, font, f, text, whole)
    if found is None:
        raise UserError(where, f"no room in the page margins for the line {quoted(text)}")
    return found[1]


def placed_in(
    stretches: list[Stretch],
    font: Font,
    f: Furniture,
    text: str,
    whole: Sequence[tuple[str, ...]] = (),
) -> tuple[int, Artifact] | None:
    """`place_text`'s placing, and the index of the stretch it is placed in (which it takes
    up, `Stretch.place`); None where none holds it."""
    for given in (*whole, None):
        size = f.text_size
        while size >= f.text_min_size - 1e-9:
            for index, stretch in enumerate(stretches):
                if given and any(font.width(line, size) > stretch.length for line in given):
                    continue  # what wrap would break
                lines = wrap(text, font, size, stretch.length) if given is None else given
                placed = _set(stretch, font, f, lines, size) if lines else None
                if placed is not None:
                    return index, placed
            size -= 0.25
    return None


def unbroken_fits(text: str, font: Font, size: float, length: float) -> bool:
    """Whether each of a text's own lines is `length` long at most at `size`: where wrap
    would keep them whole (its lines, each word a space apart, as a running foot's are)."""
    return all(font.width(line, size) <= length for line in text.split("\n"))


def _set(
    stretch: Stretch, font: Font, f: Furniture, lines: tuple[str, ...], size: float
) -> Artifact | None:
    """Lines at `size` placed in `stretch`, or None where they are too many for it."""
    leading = size * LINE_SPACING
    if size + leading * (len(lines) - 1) > stretch.thickness:
        return None
    top = size + leading * (len(lines) - 1) - size * 0.8
    items = tuple(
        Text(0, top - i * leading + size * 0.1, line, font.name, size, f.mark_colour)
        for i, line in enumerate(lines)
    )
    used = max(font.width(line, size) for line in lines)
    return stretch.place(items, used, f.furniture_gap)
