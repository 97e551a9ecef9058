"""Expressions too long for tests/bad_inputs.yaml, and lists' counts (the corpus builds
Pass and pick, which computes none), each built through the CLI.

Each must end in one line at the number's place and exit status 2, never in Python's
RecursionError (the parser's or the evaluator's), a number too long to print, or a list of
a billion rows.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shapes_print.errors import Source, UserError
from shapes_print.limits import MAX_NUMBER
from shapes_print.load.values import check_constraints, check_counts, compute_numbers
from tests.project_copy import build_args, copy_project, run

GAME = "content/pass-and-pick/game.yaml"
IN_PLAY = 'in_play: "deal * players"'
DEEP = "in_play: expression nests more than 100 levels deep; give parts of it numbers of their own"
PROJECT = Path(__file__).parents[2]
HUGE = "9" * 2400
CONSTRAINT = '- "in_play <= deck_size"'


def _line(text: str) -> int:
    """The line of the shipped game.yaml that `text` is on."""
    lines = (PROJECT / GAME).read_text(encoding="utf-8").splitlines()
    return next(number for number, line in enumerate(lines, 1) if text in line)


@pytest.mark.parametrize(
    ("expression", "error"),
    [
        ("-" * 3000 + "deal", DEEP),  # past the parser's own stack
        ("1+" * 1500 + "deal", DEEP),  # past the evaluator's
        (
            f"{HUGE} * {HUGE}",
            f"'{HUGE}' goes past 1,000,000,000, the largest number a game may use",
        ),
    ],
    ids=["unary-minus", "long-sum", "long-literal"],
)
def test_a_long_expression_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], expression: str, error: str
) -> None:
    root = copy_project(tmp_path, [(GAME, IN_PLAY, f'in_play: "{expression}"')])
    status, lines, _ = run(build_args(root, tmp_path / "out"), capsys, tmp_path)
    assert (status, lines) == (2, [f"{GAME}:{_line(IN_PLAY)}:3: {error}"])


def test_a_sum_of_a_hundred_terms_is_not_too_deep(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The limit's edge: 99 additions nest 100 levels, and are computed (here past the deck)."""
    root = copy_project(tmp_path, [(GAME, IN_PLAY, f'in_play: "{"1 + " * 99}1"')])
    status, lines, _ = run(build_args(root, tmp_path / "out"), capsys, tmp_path)
    assert (status, lines) == (
        2,
        [
            f"{GAME}:{_line(CONSTRAINT)}:5: 'in_play <= deck_size' fails for 3 players "
            "(deck_size = 18, in_play = 100)"
        ],
    )


COLLECT = "content/collect-3/game.yaml"
LADDER = "ladder: {count: crowns,"


@pytest.mark.parametrize(
    ("count", "error"),
    [
        (
            "crowns - 5",
            "'crowns - 5' comes to -4 for 2 players (crowns = 1); it must be at least 0",
        ),
        (
            "crowns * 300000",
            "'crowns * 300000' comes to 300,000 for 2 players (crowns = 1); "
            "it must be at most 200,000",
        ),
    ],
    ids=["negative", "too-many"],
)
def test_a_computed_lists_count_is_a_count(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], count: str, error: str
) -> None:
    root = copy_project(tmp_path, [(COLLECT, LADDER, f'ladder: {{count: "{count}",')])
    args = build_args(root, tmp_path / "out")
    args[1] = "collect-3"
    status, lines, _ = run(args, capsys, tmp_path)
    lines_of = (root / COLLECT).read_text(encoding="utf-8").splitlines()
    line = next(n for n, text in enumerate(lines_of, 1) if f'ladder: {{count: "{count}"' in text)
    assert (status, lines) == (2, [f"{COLLECT}:{line}:3: count: {error}"])


# Expressions from the evaluator's grammar and past it: Python's other operators and
# functions, True, floats, lists, zero, the largest number, a number with no entry for 4.
ATOMS = st.sampled_from(
    ["0", "1", "-2", "1000000000", "players", "deal", "partial", "True", "1.5", "x"]
)
OPERATORS = ["+", "-", "*", "//", "%", "**", "<<", ">>", "/", "&", "<", "=="]


def _grow(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.one_of(
        st.tuples(inner, st.sampled_from(OPERATORS), inner).map(
            lambda t: f"({t[0]} {t[1]} {t[2]})"
        ),
        st.tuples(st.sampled_from(["-", "+", "~", "not "]), inner).map("".join),
        st.tuples(st.sampled_from(["min", "max", "abs", "sum"]), st.lists(inner, max_size=3)).map(
            lambda t: f"{t[0]}({', '.join(t[1])})"
        ),
        st.lists(inner, max_size=2).map(lambda items: f"[{', '.join(items)}]"),
    )


@given(expression=st.recursive(ATOMS, _grow, max_leaves=12))
def test_any_expression_is_a_count_or_one_line(expression: str) -> None:
    here = Source(Path("game.yaml"), 7, 3)
    specs = {"deal": 3, "partial": {"2": 1}, "in_play": expression}
    try:
        values = compute_numbers(specs, {"players": 4}, lambda _: here)
        check_constraints([f"deal <= {expression}"], values, lambda _: here)
        check_counts(specs, values, lambda _: here)
    except UserError as error:
        assert error.line().startswith("game.yaml:7:3: ")
        assert "\n" not in error.line()
    else:
        assert not isinstance(values["in_play"], int) or 0 <= values["in_play"] <= MAX_NUMBER
