"""A `--paper` or `--card-size` the shipped layouts cannot take is said at the option and its
value, with what does not fit and what to do, never at a shipped template's line (the user
did not write it and should not edit it); a layout of the user's own keeps its errors at
its own line (kit/sizeasked.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from shapes_print.commands.cli import main
from tests.command_lines import one_kit


def error_line(capsys: pytest.CaptureFixture[str], args: list[str]) -> str:
    """The one error line of a build that exits 2 (a small paper may warn first)."""
    assert main(args) == 2
    err = capsys.readouterr().err.strip().splitlines()
    errors = [line for line in err if not line.startswith("warning: ")]
    assert len(errors) == 1, err
    return errors[0]


@pytest.mark.parametrize(
    ("paper", "extra", "message"),
    [
        (
            "105x148mm",
            [],
            r"--paper 105x148mm: too small for the shipped printing-guide layout "
            r"\(a word in 'Pages' is wider than the 5 mm column\); use a larger paper",
        ),
        (
            "60x80mm",
            [],
            r"--paper 60x80mm: too small for the shipped poker layout \(a 63.5 x 88.9 mm card "
            r"does not fit on 60.0 x 80.0 mm paper.*\); use a larger paper",
        ),
        (
            "a4",
            ["--card-size", "50x50mm"],
            r"--card-size 50x50mm: the shipped poker layout does not fit a 50.0 x 50.0 mm card "
            r"\(card '\w+' \(layout 'shape'\): 'shape' overlaps 'corner-shape' by 2.0 mm\); "
            r"ask a larger card size, or give the game a card layout of its own",
        ),
        (  # a shipped game's own file the small paper leaves no room: not the user's to edit
            "90x120mm",
            [],
            r"--paper 90x120mm: too small for the shipped pass-and-pick sheets \(a word in "
            r"'\w+' is wider than the \d+ mm column\); use a larger paper",
        ),
        (
            "a4",
            ["--card-size", "20x30mm"],
            r"--card-size 20x30mm: the shipped pass-and-pick deck does not fit a 20.0 x 30.0 mm "
            r"card \(card '\w+', element '\w+': .*\); ask a larger card size, or give the game "
            r"a card layout of its own",
        ),
        (  # a proof sheet the paper cannot hold: the paper's, whatever the card size
            "80x120mm",
            ["--card-size", "tarot", "--proof"],
            r"--paper 80x120mm: the proof sheet does not fit the paper \(a 70.0 x 120.0 mm card "
            r"and its label do not fit on 80 x 120 mm paper inside its margins\); use a larger "
            r"paper",
        ),
    ],
)
def test_a_size_the_shipped_layouts_cannot_take_is_said_at_the_option(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    paper: str,
    extra: list[str],
    message: str,
) -> None:
    args = one_kit("pass-and-pick", tmp_path, *extra, paper=paper)
    assert re.fullmatch(message, error_line(capsys, args))
    assert not (tmp_path / "pass-and-pick").exists()
