"""An unknown name in a big game: the error stays one short line, naming the closest
known names and how many more there are, not every card of a deck of hundreds."""

from __future__ import annotations

from pathlib import Path

import pytest

from shapes_print.commands.cli import main
from shapes_print.errors import KNOWN_SHOWN

CARDS_ROW = """\
      - table:
          columns: ["Card", "What it does"]
          rows:
            - [{cards: [sun-9], alt: "Sun 9"}, "Wins every trick."]
"""


def test_an_unknown_card_names_the_closest_ids_and_how_many_more(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["new", "my-game", "--content", str(tmp_path)]) == 0
    rules = tmp_path / "my-game" / "rules.yaml"
    rules.write_text(rules.read_text(encoding="utf-8") + CARDS_ROW, encoding="utf-8")
    capsys.readouterr()
    assert main(["check", "my-game", "--content", str(tmp_path)]) == 2
    [error] = capsys.readouterr().err.splitlines()
    said, known = error.split(" (known: ")
    assert said.endswith("no card 'sun-9' in the deck")
    closest, more = known.removesuffix(")").split(" and ")
    shown = closest.split(", ")
    assert shown == ["sun-5", "sun-4", "sun-3"]
    hidden = int(more.removesuffix(" more"))
    assert len(shown) + hidden > KNOWN_SHOWN  # `new`'s 15 suit cards and its coins
