"""Where a list (steps, bullets) breaks over pages: the page arithmetic, apart from drawing.

Input: each item's height, the gap between items, the room left on the current page and a
whole page's room. Output: the items of each page's part and the part's height. A list breaks
only between items, and only where `keep` items stay at the page's foot and `keep` go on to the
next page's head (no lone item either side, typesetting's orphans and widows), unless the
list is too long for any such break. `lead` is the least of the list that may end a page, the
part a heading above it keeps with.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import accumulate


@dataclass(frozen=True, slots=True)
class Breaks:
    """The items (by index) of each page's part of a list with the part's height, and `lead`."""

    parts: list[tuple[range, float]]
    lead: float


def break_list(
    heights: Sequence[float], gap: float, room_left: float, page: float, keep: int
) -> Breaks:
    """Parts filled greedily: each page takes the most items that fit and honour `keep`.

    A part's height runs to the foot of its last item; the list's last part also carries the
    gap after its last item, as an unbroken list always has.
    """
    count = len(heights)
    ends = list(accumulate((item + gap for item in heights), initial=0.0))  # each item's foot + gap

    def height(start: int, stop: int) -> float:
        total = ends[stop] - ends[start]
        return total if stop == count else total - gap

    def most(start: int, room: float) -> int:
        """The furthest stop whose part fits: parts only grow, so walk until one does not."""
        stop = start
        while stop < count and height(start, stop + 1) <= room:
            stop += 1
        return stop

    parts: list[tuple[range, float]] = []
    start, room = 0, room_left
    while start < count:
        fits = most(start, room)
        stop = fits if fits == count else min(fits, count - keep)
        if stop - start < keep and stop < count:
            if room < page:
                room = page  # too little room here: the part starts the next page
                continue
            stop = max(fits, start + 1)  # even a whole page breaks it: a lone item is forced
        parts.append((range(start, stop), height(start, stop)))
        start, room = stop, page
    lead = height(0, keep) if count >= 2 * keep else height(0, count)
    return Breaks(parts or [(range(0), 0.0)], lead)  # an empty list still takes its place
