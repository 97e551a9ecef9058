"""The page-composition engine: a document's boxes in, its pages of placed items out.

Input: a document as one list of `Box`es, each measured once at the column's width (a line of
a paragraph, a list item, a table row), with the glue before it (`gap`, dropped at a page's
top) and the penalty for a page break right before it (`breaks`); and the height a page holds.
Output: the boxes of each page, placed with their tops at y <= 0 under the page's top (y = 0).

All of a document's breaks are chosen together, as TeX chooses a paragraph's lines: by dynamic
programming over every feasible break, keeping the cheapest sequence. A page costs `PAGE`, plus
its unused space squared, plus the penalty of the break that ends it; a document's last page
(and a page ended by a forced break) has no cost for its unused space, unless it opens on a
table's continuation and holds less than `TAIL_FILL` of its height: what it lacks costs `TAIL`
squared, so rows move over from the page before (an editor balances a table's tail over its
last two pages, never leaving two rows alone under a repeated header); any page but a
document's only one costs `SCANT` if it is filled less than `least` of its height.
Penalties (`breaks`) are preferences: `NEVER` is so large that a break there is taken only
when no other break fits, so a keep rule gives way rather than refuse the document. A keep
may give way sooner (its boxes' `gives`: `keeps`). A table kept whole that, every keep
honoured, left the page before it less than `gives` of its height full: the breaks are
chosen again, its own costing what its boxes' `gives` say where a page would be that empty
without them. And every keep that may give (a short procedure, a list's lone item, a table
kept whole) gives where that spares the document a page: the breaks are chosen once more
with each such break costing `SPARE` and each page `FEWEST`, and taken where they make fewer
pages. A heading's keep never gives. A box that continues a table carries the table's header
row, repeated at the top of a page that opens on it. A box may stretch (`stretch`, in
points, as TeX's glue does): a page shares its unused space out over its stretching boxes in
proportion to their stretch, each growing by its stretch at most (a score sheet whose rows
fill the page, to twice their height), and is charged only for the space beyond what they
stretch by. Glue may also shrink, by at most `shrink` of it (a share the style states), so
that a page holds a few lines more than it would (a document a few lines over a page fits
it): a page shrunk by all it may costs `SHRINK`, less the less it shrinks. A document's
first page may hold less than the others (`first_room`: its calibration furniture takes
more of the foot).

What each box is in the document (its role, and the parts it sits `within`: the list of a
list item, the table and body of a row) comes out as nested groups: a page's run of boxes of
one part is one group with the part's role, and a part that goes on from the page before
`continues` it, so the PDF has one element over both pages. A repeated header row is page
furniture (an artifact): it was read where the table began.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from math import inf

from msgspec import Struct
from msgspec.structs import replace

from shapes_print.geometry.primitives import Artifact, Group, Item, Role
from shapes_print.plan.breaks import FORCED, NEVER
from shapes_print.plan.keeps import FEWEST, Keeps, Rooms, Spans, giving, sparing

# Costs, in the units of one page's badness. A page costs more than any finite preference,
# so the engine never spends a page to honour a keep rule that can give way.
PAGE = 10_000.0
# Unused space on a page that is not the last: (unused / page height) ** 2 times this, so a
# half-empty page costs a quarter of it.
UNUSED = 8_000.0
# A page filled less than the least fill a style asks (`least`) costs SCANT, more than
# the unused space of a page before it and a break inside a block together: a document's
# last lines never stand alone on a page while lines before them can go with them.
SCANT = 20_000.0
# A last page that opens on a table's continuation: what it lacks of TAIL_FILL of its height
# costs this (squared, as a share of the page), so rows move to it from the page before until
# both are reasonably full; above TAIL_FILL it costs nothing, so the table's other pages stay
# as full as they were rather than share its unused space out evenly.
TAIL = 4 * UNUSED
TAIL_FILL = 0.5
# A page whose glue shrinks by all it may: half a page's cost, so shrinking saves a page or
# honours a keep, never merely evens out the pages.
SHRINK = 5_000.0


class Part(Struct, frozen=True, gc=False):
    """A part of the document that holds boxes (a list, a table, a table's body), with its
    role; a box whose part `continues` is in the same part as the box before it. Untracked
    by the garbage collector: a name and a flag are in no reference cycle."""

    role: Role
    continues: bool = False


class Box(Struct, frozen=True):
    """A piece of a document that never splits, its top at y = 0 and growing downwards.

    `gap` is the glue above it, `breaks` the penalty for a page break just before it (0 free,
    `FORCED` always). `header` is drawn above it when it opens a page (a table's header row).
    A box with `stretch` is drawn by `stretched(extra)` once its page's spare space is known.
    `role` says what the box is (a heading, a list item); a box that `continues` the one
    before it (a paragraph's next line) is in the same element. `within` are the parts that
    hold it, outermost first (a row's table and table body). `lanes` are more of its kind
    set beside it (the rows of a table's further groups of columns, a manifest's second
    column of cards): each is read after the run of boxes with lanes it is in on its page,
    lane by lane (`place`), so a page reads its first column down, then its second.
    A page that opens on a `tail` box (a table's continuation) and ends its run holds a
    table's tail, balanced with the page before. `gives`, where given, is the penalty for a
    break before it in place of `breaks` where its keep gives way: where keeping left the
    page before under the share of its height `choose_breaks` is told (a kept table's rows),
    or where giving spares the document a page (`keeps.SPARE` at least).
    """

    height: float
    items: tuple[Item, ...] = ()
    gap: float = 0.0
    breaks: float = 0.0
    header: Box | None = None
    stretch: float = 0.0
    stretched: Callable[[float], tuple[Item, ...]] | None = None
    role: Role | None = None
    continues: bool = False
    within: tuple[Part, ...] = ()
    lanes: tuple[tuple[Item, ...], ...] = ()
    tail: bool = False
    gives: float | None = None

    def drawn(self, extra: float) -> tuple[Item, ...]:
        return self.stretched(extra) if self.stretched is not None else self.items


class Placed(Struct, frozen=True, gc=False):
    """A box's items placed on its page: `y` is its top, at or below the page's top (0);
    `parts` are the parts it is in, outermost first, its own role last. Untracked by the
    garbage collector: numbers, items and parts (all untracked) are in no reference cycle."""

    y: float
    items: tuple[Item, ...]
    parts: tuple[Part, ...] = ()

    def group(self, dx: float, top: float, part: Part | None = None) -> Group:
        role, continues = (part.role, part.continues) if part else (None, False)
        return Group(self.items, dx=dx, dy=top + self.y, role=role, continues=continues)


def grouped(placed: Sequence[Placed], dx: float, top: float, depth: int = 0) -> list[Group]:
    """A page's placed boxes as groups moved to the page (`dx`, `top`), each run of boxes
    in one part (a paragraph's lines, a table's rows) gathered into one group with the
    part's role, parts inside parts nested (from `depth`)."""
    runs: list[list[Placed]] = []
    for box in placed:
        part = box.parts[depth] if depth < len(box.parts) else None
        last = runs[-1][-1].parts if runs else ()
        if part and part.continues and depth < len(last) and last[depth].role == part.role:
            runs[-1].append(box)
        else:
            runs.append([box])
    groups = []
    for run in runs:
        first = run[0]
        if depth >= len(first.parts):  # in no part: a box of its own
            groups.append(first.group(dx, top))
            continue
        part = first.parts[depth]
        if len(run) == 1 and depth == len(first.parts) - 1:
            groups.append(first.group(dx, top, part))
        else:
            inner = tuple(grouped(run, dx, top, depth + 1))
            groups.append(Group(inner, role=part.role, continues=part.continues))
    return groups


def choose_breaks(
    boxes: Sequence[Box],
    room: float,
    first_room: float | None = None,
    shrink: float = 0.0,
    least: float = 0.0,
    gives: float = 0.0,
) -> list[range]:
    """The boxes (by index) of each page: the cheapest of all feasible sequences of breaks.

    A page holds `room` (the first `first_room`, where given); glue may give by `shrink` of
    itself; a page filled less than `least` of it costs SCANT; a keep whose boxes say what
    it `gives` gives way where honouring it left a page less than `gives` of it full (the
    breaks chosen again), and where giving spares the document a page. A box taller than
    its page's room takes a page of its own; the caller refuses such a box first.

    The choice reads only the boxes' measures, so a document measured as one before (the
    same sheet for another player count, another label set's kit) is not chosen again.
    """
    measures = _Measures(
        tuple(box.height for box in boxes),
        tuple(box.gap for box in boxes),
        tuple(box.breaks for box in boxes),
        tuple(box.stretch for box in boxes),
        tuple(box.header.height if box.header else 0.0 for box in boxes),
        tuple(box.tail for box in boxes),
        tuple(box.breaks for box in boxes),  # every keep honoured
    )
    rooms = Rooms(room, first_room, shrink, least, gives, PAGE)
    chosen = _cheapest(measures, rooms)
    offered = tuple(box.breaks if box.gives is None else box.gives for box in boxes)
    if offered == measures.breaks:
        return list(chosen)
    spans = _spans(measures)
    given = giving(measures.breaks, offered, chosen, spans, rooms)
    if given != measures.breaks:
        chosen = _cheapest(replace(measures, gives=given), rooms)
    if not spans.could_fit(len(chosen) - 1, rooms):
        return list(chosen)
    # Every keep that may give, giving only where that spares the document a page.
    spared = replace(measures, gives=sparing(measures.breaks, offered))
    fewer = _cheapest(spared, replace(rooms, gives=inf, page=FEWEST))
    return list(fewer if len(fewer) < len(chosen) else chosen)


def _spans(measures: _Measures) -> Spans:
    return Spans.of(measures.heights, measures.gaps, measures.headers)


class _Measures(Struct, frozen=True):
    """What choosing breaks reads of the boxes: each one's height, the gap above it, the
    cost of a break before it, its stretch, its header's height (0 for none), whether
    a page opening on it holds a table's tail, and the cost of a break before it where its
    keep gives way (its `breaks` where it gives none: `keeps.giving`)."""

    heights: tuple[float, ...]
    gaps: tuple[float, ...]
    breaks: tuple[float, ...]
    stretches: tuple[float, ...]
    headers: tuple[float, ...]
    tails: tuple[bool, ...]
    gives: tuple[float, ...]


@lru_cache(maxsize=4096)  # a batch's documents, each at a few trial widths
def _cheapest(measures: _Measures, rooms: Rooms) -> tuple[range, ...]:
    """`choose_breaks` over the boxes' measures: the dynamic programme over each page's
    first box (`start`) and the box after its last (`stop`), the page's badness inlined."""
    heights, gaps, breaks = measures.heights, measures.gaps, measures.breaks
    stretches, headers, offered = measures.stretches, measures.headers, measures.gives
    shrink, least = rooms.shrink, rooms.least
    count = len(heights)
    keeps = Keeps.of(breaks, offered, _spans(measures), shrink)
    best = [inf] * (count + 1)
    best[0] = 0.0
    back = [0] * (count + 1)
    ends_at = [stop == count or breaks[stop] == FORCED for stop in range(count + 1)]
    sizes = [gap + height for gap, height in zip(gaps, heights, strict=True)]
    reach = _reach(breaks)
    for start in range(count):
        if best[start] == inf:
            continue
        here = rooms.here(start == 0)
        over, scant = here + 1e-6, least * here
        base = best[start] + rooms.page
        tail = measures.tails[start]  # a page opening on a table's tail
        used = headers[start] - gaps[start]
        stretch = 0.0
        glue = -gaps[start]  # the first box's gap is no glue: 0 once added
        free = inf  # what the page holds up to its last break that breaks no keep
        gives = rooms.gives * here
        for stop in range(start + 1, reach[start] + 1):
            index = stop - 1
            used += sizes[index]
            stretch += stretches[index]
            glue += gaps[index]
            shrinks = glue * shrink
            if used - shrinks > over and index > start:
                break
            ends = ends_at[stop]
            if used > here:  # the glue gives (by `shrinks` at most): costs what it gives
                badness = SHRINK * ((used - here) / shrinks) ** 2 if shrinks else 0.0
            elif ends:
                lacks = here * TAIL_FILL - used - stretch if tail else 0.0
                badness = TAIL * (max(0.0, lacks) / here) ** 2
            else:
                spare = here - used - stretch
                badness = UNUSED * (spare / here) ** 2 if spare > 0.0 else 0.0
            cost = base + badness
            if used + stretch < scant and (start or stop < count):
                cost += SCANT
            if not ends:
                penalty = breaks[stop]  # `keeps.cost` where no keep may give: most breaks
                if free < gives and offered[stop] < penalty:
                    penalty = keeps.cost(start, stop, True, here)
                cost += penalty
                if breaks[stop] < NEVER:
                    free = used
            if cost < best[stop]:
                best[stop], back[stop] = cost, start
    return _pages_back(back)


def _reach(breaks: Sequence[float]) -> list[int]:
    """For each box, the furthest `stop` a page opening on it reaches: the box of the next
    forced break (which cannot fall inside a page), or the end."""
    count = len(breaks)
    reach = [count] * count
    for start in reversed(range(count - 1)):
        reach[start] = start + 1 if breaks[start + 1] == FORCED else reach[start + 1]
    return reach


def _pages_back(back: Sequence[int]) -> tuple[range, ...]:
    """The pages the cheapest sequence of breaks makes, followed back from the last box:
    `back[stop]` is the first box of the page that ends before `stop`."""
    pages: list[range] = []
    stop = len(back) - 1
    while stop > 0:
        pages.append(range(back[stop], stop))
        stop = back[stop]
    return tuple(pages[::-1])


def place(boxes: Sequence[Box], room: float) -> list[Placed]:
    """One page's boxes stacked from its top; stretching boxes share out its spare space,
    and where they are more than it holds, the glue between them gives what is over."""
    used = sum(b.gap + b.height for b in boxes) - boxes[0].gap
    header = boxes[0].header
    if header is not None:
        used += header.height
    stretch = sum(b.stretch for b in boxes)
    spare = max(0.0, room - used)
    glue = sum(b.gap for b in boxes[1:])
    given = min(1.0, (used - room) / glue) if used > room and glue else 0.0
    placed: list[Placed] = []
    lanes: list[list[Placed]] = []  # the lanes of the run of boxes with lanes, so far
    y = 0.0
    if header is not None:
        placed.append(Placed(y, (Artifact(header.items, "Pagination"),)))
        y -= header.height
    for index, box in enumerate(boxes):
        if index:
            y -= box.gap * (1.0 - given)
        if not box.lanes:
            placed += _read_lanes(lanes)
        # A box grows by its stretch at most (a score sheet's row to twice its height):
        # what the page has beyond that stays empty at its foot.
        extra = min(box.stretch, spare * box.stretch / stretch) if box.stretch else 0.0
        placed.append(Placed(y, box.drawn(extra), _parts(box.within, box.role, box.continues)))
        _add_lanes(lanes, box, y)
        y -= box.height + extra
    return placed + _read_lanes(lanes)


@lru_cache(maxsize=1024)
def _parts(within: tuple[Part, ...], role: Role | None, continues: bool) -> tuple[Part, ...]:
    """The parts a placed box is in, its own role last: one tuple for all boxes alike (a
    table's rows), as a build keeps every page's placed boxes."""
    return (*within, Part(role, continues)) if role else within


def _add_lanes(lanes: list[list[Placed]], box: Box, y: float) -> None:
    """The box's lanes, each placed beside it and kept to be read with the rest of its
    lane: in the box's parts, going on from the boxes before it, as an element of its role."""
    if not box.lanes:  # most boxes: nothing beside them
        return
    within = tuple(replace(part, continues=True) for part in box.within)
    parts = _parts(within, box.role, False)
    lanes.extend([] for _ in range(len(box.lanes) - len(lanes)))
    for lane, items in zip(lanes, box.lanes, strict=False):
        if items:
            lane.append(Placed(y, items, parts))


def _read_lanes(lanes: list[list[Placed]]) -> list[Placed]:
    """A run's lanes, one after the other, to be read after the run; none are kept."""
    read = [placed for lane in lanes for placed in lane]
    lanes.clear()
    return read
