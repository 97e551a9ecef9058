"""Expressions too long to write into tests/bad_inputs.yaml, built through the CLI.

Each must end in one line at the number's place and exit status 2, never in Python's
RecursionError (the parser's or the evaluator's) or a number too long to print.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.project_copy import build_args, copy_project, run

GAME = "content/pass-and-pick/game.yaml"
IN_PLAY = 'in_play: "deal * players"'
DEEP = "in_play: expression nests more than 100 levels deep; give parts of it numbers of their own"
HUGE = "9" * 2400


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
    assert (status, lines) == (2, [f"{GAME}:23:3: {error}"])


def test_a_sum_of_a_hundred_terms_is_not_too_deep(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The limit's edge: 99 additions nest 100 levels, and are computed (here past the deck)."""
    root = copy_project(tmp_path, [(GAME, IN_PLAY, f'in_play: "{"1 + " * 99}1"')])
    status, lines, _ = run(build_args(root, tmp_path / "out"), capsys, tmp_path)
    assert (status, lines) == (
        2,
        [
            f"{GAME}:29:5: 'in_play <= deck_size' fails for 3 players (deck_size = 18, in_play = 100)"
        ],
    )
