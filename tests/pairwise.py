"""Test support: an all-pairs (pairwise) selection of cases, made the same way every run.

A combination test cannot run the whole product of its factors in CI, but most failures
need only two factors to meet. `pairwise` picks cases so that every pair of values of two
factors that some valid case holds is held by a chosen case. It is greedy and ordered: each
new case starts from the first pair still uncovered, and is, of the valid cases holding
that pair, the one that covers the most uncovered pairs (then the most combinations of
three values not met yet, then the first in product order). No randomness and no set
order: the list depends only on the factors' sizes and the predicate, so a failing case
keeps its number from run to run.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import combinations, product

Case = tuple[int, ...]  # one value index per factor
Pair = tuple[int, int, int, int]  # (factor, value index, later factor, value index)
# Three factors' values: ((factor, value index), ...), earlier factors first.
Triple = tuple[tuple[int, int], ...]


def every_case(sizes: Sequence[int], valid: Callable[[Case], bool]) -> list[Case]:
    """The full product of value indices, in order, keeping the cases `valid` accepts."""
    return [case for case in product(*(range(size) for size in sizes)) if valid(case)]


def pairs_of(case: Case) -> Iterator[Pair]:
    """Every pair of values the case holds, earlier factor first."""
    for (f, v), (g, w) in combinations(enumerate(case), 2):
        yield (f, v, g, w)


def pairwise(sizes: Sequence[int], valid: Callable[[Case], bool]) -> list[Case]:
    """Valid cases covering every pair of values that any valid case covers."""
    allowed = every_case(sizes, valid)
    uncovered = sorted({pair for case in allowed for pair in pairs_of(case)})
    left = set(uncovered)
    chosen: list[Case] = []
    seen: set[Triple] = set()
    while left:
        f, v, g, w = next(pair for pair in uncovered if pair in left)
        fits = [case for case in allowed if case[f] == v and case[g] == w]
        case = max(
            fits,
            key=lambda case: (
                sum(pair in left for pair in pairs_of(case)),
                sum(triple not in seen for triple in _triples(case)),
            ),
        )
        chosen.append(case)
        left.difference_update(pairs_of(case))
        seen.update(_triples(case))
    return chosen


def _triples(case: Case) -> Iterator[Triple]:
    """Every three factors' values the case holds: a tie between cases goes to the one that
    meets more values three at a time for the first time, so a case is not the last one's
    pattern again for the next value (every label set would be checked on one game)."""
    return combinations(enumerate(case), 3)
