"""The all-pairs generator of tests/pairwise.py: every pair covered, only valid cases, the
same list every run, and few cases (the combination test runs each in CI)."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations, product

import pytest

from tests.pairwise import Case, every_case, pairs_of, pairwise

Rule = Callable[[Case], bool]


def _no_rule(case: Case) -> bool:
    return True


def _combination_rule(case: Case) -> bool:
    """The combination test's shape: command 0 takes only value 0 of the last two factors,
    command 2 only value 0 of the last."""
    command, size, mode = case[2:]
    if command == 0:
        return size == 0 and mode == 0
    return command == 1 or mode == 0


TABLES = [
    ([2, 2, 2], _no_rule),
    ([3, 4, 2, 5], _no_rule),
    ([16, 6, 3, 6, 4], _combination_rule),
]


def _brute_force_pairs(sizes: list[int], valid: Rule) -> set[tuple[int, int, int, int]]:
    """Every pair of two factors' values that some valid case of the full product holds,
    found without the generator's own helpers."""
    found: set[tuple[int, int, int, int]] = set()
    for case in product(*(range(size) for size in sizes)):
        if valid(case):
            for f, g in combinations(range(len(sizes)), 2):
                found.add((f, case[f], g, case[g]))
    return found


@pytest.mark.parametrize(("sizes", "valid"), TABLES)
def test_every_pair_of_values_is_covered_by_valid_cases(sizes: list[int], valid: Rule) -> None:
    chosen = pairwise(sizes, valid)
    assert all(valid(case) for case in chosen)
    assert all(len(case) == len(sizes) for case in chosen)
    covered = {pair for case in chosen for pair in pairs_of(case)}
    assert covered == _brute_force_pairs(sizes, valid)


def test_pairs_the_rule_forbids_are_not_asked_for() -> None:
    # command 0 with size 3 is in no valid case: nothing covers it, nothing must.
    needed = _brute_force_pairs([16, 6, 3, 6, 4], _combination_rule)
    assert (2, 0, 3, 3) not in needed and (2, 1, 3, 3) in needed


def test_the_selection_is_the_same_every_run_and_small() -> None:
    sizes = [16, 6, 3, 6, 4]
    first = pairwise(sizes, _combination_rule)
    assert first == pairwise(list(sizes), _combination_rule)
    # At least 16 x 6 (the two largest factors' pairs, one case each); far below the
    # product's 2,976 valid cases.
    assert 16 * 6 <= len(first) <= 120
    assert len(every_case(sizes, _combination_rule)) == 16 * 6 * (1 + 6 * 4 + 6)
    assert len(set(first)) == len(first)


def test_a_table_of_two_factors_is_its_product() -> None:
    assert pairwise([2, 3], _no_rule) == [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)]
