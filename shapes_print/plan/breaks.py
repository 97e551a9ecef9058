"""Where a document may break over pages: the penalty before each box of a run.

Input: how many boxes a run has (a paragraph's lines, a list's items, a table's rows) and how
many must stay together at either end. Output: the penalty for a page break just before each
of them, for `flow` to weigh against a page's unused space. Penalties follow TeX's and CSS
paged media's: a break after a heading is `NEVER` taken while another fits, nor one that
leaves a lone line or list item at a page's foot or head (an orphan or a widow: `LONE`; a
table's lone row of a line costs `ORPHAN`), any break inside a block
costs a little (`INSIDE`) so that, all else equal, pages break between blocks.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import accumulate
from math import inf

NEVER = 1_000_000.0
ORPHAN = 3_000.0
# A lone line of a paragraph or item of a list at a page's foot or head: as bad as a break
# after a heading, since no page's unused space costs as much (a list splits 3|2, not 4|1).
# A table's lone row costs only ORPHAN; one of `keep` lines or more (a Task with its
# cards) at a page's foot stands as a paragraph's `keep` lines do, at no cost.
LONE = NEVER
INSIDE = 200.0
FORCED = -inf


def run_breaks(
    count: int,
    keep: int,
    inside: float = INSIDE,
    orphan: float = ORPHAN,
    lines: Sequence[int] | None = None,
) -> list[float]:
    """Penalties before each of a run's boxes; the first's (0) is for its block to decide.

    A break with fewer than `keep` boxes after it, or fewer than `keep` lines before it,
    costs `ORPHAN`; a box is a line unless `lines` says how many it holds (a table's row of
    several: one alone at a page's foot is no orphan, one alone at a page's head still a
    widow). A run too short to break well so costs it at every break, and breaks only when
    nothing else fits.
    """
    held = [0, *accumulate(lines if lines is not None else [1] * count)]
    return [0.0] + [
        max(orphan, inside) if held[index] < keep or count - index < keep else inside
        for index in range(1, count)
    ]
