"""`check --card-size` checks the kits `build --card-size` builds: a braille word too long
for a poker card's zone but not for a wider card is refused by a plain check, passes at the
size the designer builds at, and a size build refuses, check refuses in the same words."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.project_copy import run

GAME = "wortspiel"
# `new`'s suit "sun" made longer: "sunflow 1" is 9 cells, a line of a 70 mm card's zone, two
# of a poker card's.
LONG_SUIT = ("suit: sun,", "suit: sunflow,")


def _game_with_a_long_word(root: Path, capsys: pytest.CaptureFixture[str]) -> list[str]:
    """`new`'s example game with a longer suit, and the options checking it in braille."""
    assert run(["new", GAME, "--content", str(root / "content")], capsys, root)[0] == 0
    game = root / "content" / GAME / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace(*LONG_SUIT), encoding="utf-8")
    return [GAME, "--content", str(root / "content"), "--labels", "braille", "--paper", "a4"]


def test_check_at_the_card_size_a_kit_is_built_at(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    asked = _game_with_a_long_word(tmp_path, capsys)
    status, lines, _ = run(["check", *asked], capsys, tmp_path)
    assert status == 2 and "needs 2 lines of 9 cells" in lines[0], lines
    assert lines[0].endswith("fits every card at --card-size tarot, square"), lines
    for _ in range(2):  # the second from the check cache, kept under the card size
        said = run(["check", *asked, "--card-size", "70x100mm"], capsys, tmp_path)
        assert said == (0, [], "ok: 1 game checked with 1 label set\n")
    assert run(["check", *asked], capsys, tmp_path)[:2] == (status, lines)  # not taken from it
    out = ["--out", str(tmp_path / "out"), "--players", "2", "--quiet"]
    assert run(["build", *asked, "--card-size", "70x100mm", *out], capsys, tmp_path)[:2] == (0, [])


@pytest.mark.parametrize("size", ["mini", "70x100", "huge"])
def test_check_refuses_a_card_size_as_build_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], size: str
) -> None:
    asked = [*_game_with_a_long_word(tmp_path, capsys), "--card-size", size]
    checked = run(["check", *asked], capsys, tmp_path)
    built = run(["build", *asked, "--out", str(tmp_path / "out"), "--quiet"], capsys, tmp_path)
    assert checked[:2] == built[:2] and checked[0] == 2 and len(checked[1]) == 1, checked
    assert "--card-size" in checked[1][0]
