"""Keeps that give way: a table kept whole that, moved whole, leaves the page before it
too empty (templates/sheet.yaml's `table_gives`), and any keep that may give (a short
procedure, a list's lone item, a table kept whole) where giving spares the document a page.

Input: a document's boxes as `flow` measures them (heights, gaps, the penalty for a break
before each, its repeated header's height), the penalty for a break before each box where
its keep gives way (`offered`, its `breaks` where it has no such keep), and the pages `flow`
chose with every keep honoured. Output: the penalties `flow` weighs its breaks by again,
the keeps that give taking their `offered` ones (`giving`; `sparing`, to spare a page), and
what a break costs on a page being weighed (`Keeps.cost`).

A table gives way only where honouring its keep left a page too empty: the pages chosen with
every keep honoured end one page under the share full, and the next opens on the keep (a
heading kept with its table, the table whole). Weighed again, a break inside it costs its
offered penalty only where the page would be that empty at its last break that breaks no
keep, and cannot hold the kept boxes whole: a table that fits under the page's other content
stays whole, and a keep that left no page empty never gives to even out pages full enough.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import accumulate

from msgspec import Struct

from shapes_print.plan.breaks import FORCED, NEVER

# A keep that gives way to spare a document a page costs this: more than any page's unused
# space (flow's UNUSED, 8,000), so that it gives only where that saves a page, and `flow`
# weighs it against pages that cost FEWEST each: more than it and any page's badness
# together, less than a keep that never gives (NEVER), so such a keep still holds.
SPARE = 9_000.0
FEWEST = 100_000.0


class Rooms(Struct, frozen=True):
    """What a page holds (the first `first_room`, where given), how far glue may give, the
    share of a page below which it is scant, the share below which a page left by a keep
    lets the keep give way, and what a page costs (`flow`'s PAGE, or more where the fewest
    pages are sought)."""

    room: float
    first_room: float | None
    shrink: float
    least: float
    gives: float
    page: float

    def here(self, first: bool) -> float:
        """What a page holds, the first or another."""
        return self.first_room if first and self.first_room is not None else self.room


class Spans(Struct, frozen=True):
    """Running sums over a document's boxes, for what a page from one box to another holds:
    the heights with the gaps above them (`tops`) and the gaps alone (`glues`) before each
    box, and each box's gap and repeated header (a page opening on it drops the one and
    draws the other)."""

    tops: tuple[float, ...]
    glues: tuple[float, ...]
    gaps: tuple[float, ...]
    headers: tuple[float, ...]

    @classmethod
    def of(cls, heights: Sequence[float], gaps: Sequence[float], headers: Sequence[float]) -> Spans:
        tops = (0.0, *accumulate(g + h for g, h in zip(gaps, heights, strict=True)))
        return cls(tops, (0.0, *accumulate(gaps)), tuple(gaps), tuple(headers))

    def used(self, start: int, stop: int) -> float:
        """The height a page of boxes `start` to `stop` (not included) takes, unshrunk."""
        return self.headers[start] - self.gaps[start] + self.tops[stop] - self.tops[start]

    def glue(self, start: int, stop: int) -> float:
        """The glue between a page's boxes, which may shrink."""
        return self.glues[stop] - self.glues[start + 1]

    def could_fit(self, pages: int, rooms: Rooms) -> bool:
        """Whether the boxes might fit `pages` pages: whether all of them, their glue
        shrunk and the widest gaps dropped at each page's top, are no taller than the
        pages hold (if they are, no choice of breaks fits them)."""
        if pages < 1:
            return False
        count = len(self.gaps)
        dropped = max(self.gaps, default=0.0) * (pages - 1)
        least = self.used(0, count) - self.glue(0, count) * rooms.shrink - dropped
        return least <= rooms.here(True) + rooms.room * (pages - 1) + 1e-6


def giving(
    breaks: Sequence[float],
    offered: Sequence[float],
    pages: Sequence[range],
    spans: Spans,
    rooms: Rooms,
) -> tuple[float, ...]:
    """The penalties before each box, those of each keep that gives taking their offered
    ones: a run of boxes offering a break opens a page, with nothing before it on that page
    but the boxes kept with it (a break before each costs NEVER), after a page filled less
    than `rooms.gives` of what it holds."""
    given = list(breaks)
    for number, page in enumerate(pages[1:], start=1):
        before = pages[number - 1]
        if page.start < len(breaks) and breaks[page.start] == FORCED:
            continue  # the page before ends where it must: no keep left it empty
        if spans.used(before.start, before.stop) >= rooms.gives * rooms.here(number == 1):
            continue
        index = page.start + 1
        while index < len(breaks) and breaks[index] >= NEVER and offered[index] >= breaks[index]:
            index += 1  # the boxes kept with the keep's first: a heading, a header row
        while index < len(breaks) and offered[index] < breaks[index]:
            given[index] = offered[index]
            index += 1
    return tuple(given)


def sparing(breaks: Sequence[float], offered: Sequence[float]) -> tuple[float, ...]:
    """The penalties before each box with every keep that may give giving, each break it
    offers costing SPARE at least: weighed so, a keep gives only where that spares a page."""
    return tuple(
        max(offer, SPARE) if offer < kept else kept
        for kept, offer in zip(breaks, offered, strict=True)
    )


class Keeps(Struct, frozen=True):
    """What a break costs: its `breaks`, or its `gives` where its keep gives way, which is
    where a page would be too empty without it and cannot hold the keep's boxes whole, up
    to the box before `ends` (the first past the run of boxes whose breaks give)."""

    breaks: tuple[float, ...]
    gives: tuple[float, ...]
    ends: tuple[int, ...]
    spans: Spans
    shrink: float

    @classmethod
    def of(
        cls, breaks: tuple[float, ...], gives: tuple[float, ...], spans: Spans, shrink: float
    ) -> Keeps:
        count = len(breaks)
        ends = [count] * count
        for index in reversed(range(count - 1)):
            follows = gives[index + 1] < breaks[index + 1]
            ends[index] = ends[index + 1] if follows else index + 1
        return cls(breaks, gives, tuple(ends), spans, shrink)

    def cost(self, start: int, stop: int, short: bool, here: float) -> float:
        """The cost of a break before box `stop` ending a page from box `start` that holds
        `here`, where `short` says whether the page ended at its last break that breaks no
        keep would be too empty."""
        if not short or self.gives[stop] >= self.breaks[stop]:
            return self.breaks[stop]
        end = self.ends[stop]
        whole = self.spans.used(start, end) - self.spans.glue(start, end) * self.shrink
        return self.breaks[stop] if whole <= here + 1e-6 else self.gives[stop]
