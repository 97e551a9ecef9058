"""Numbers that exist for some player counts only, deck group counts and section ranges."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from shapes_print.errors import Source, UserError
from shapes_print.kit.contents import deck_group_counts
from shapes_print.load.defaults import DEFAULT_CONTENT
from shapes_print.load.values import compute_numbers
from shapes_print.pipeline import pipeline
from shapes_print.text.message import NoEntry, fill

HERE = Source(Path("game.yaml"), 7, 3)
SPECS = {"deal": {"2": 10, "3-4": 9}, "dealt": "deal * players", "rounds": 3}


def numbers(players: int) -> dict[str, int | NoEntry]:
    return compute_numbers(SPECS, {"players": players}, lambda _: HERE)


def test_a_table_gives_its_entry_where_it_has_one() -> None:
    assert numbers(3) == {"players": 3, "deal": 9, "dealt": 27, "rounds": 3}


def test_outside_its_ranges_a_number_and_what_uses_it_are_missing() -> None:
    values = numbers(5)
    assert values["deal"] == NoEntry("deal", 5)
    assert values["dealt"] == NoEntry("dealt", 5)
    assert values["rounds"] == 3
    assert fill("{rounds} rounds", values, HERE) == "3 rounds"


def test_printing_a_missing_number_names_the_text_and_the_count() -> None:
    with pytest.raises(UserError) as caught:
        fill("Deal {deal:upper} cards", numbers(5), HERE)
    assert caught.value.line() == (
        "game.yaml:7:3: numbers.deal has no entry for 5 players "
        "(limit this text to those players with 'players:')"
    )


def test_a_sheet_printing_a_missing_number_fails_the_check(tmp_path: Path) -> None:
    """Drafting's deal exists for 2-4 players: widening its sheet to 5 must not pass."""
    content = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT / "shapes-the-game", content / "shapes-the-game")
    sheet = content / "shapes-the-game" / "drafting.yaml"
    sheet.write_text(sheet.read_text().replace('players: "2-4"', 'players: "2-5"'))
    with pytest.raises(UserError) as caught:
        # Standard only: shipped label sets also name Pass and pick, absent from this copy.
        pipeline.check(pipeline.Sources(content=content), ["shapes-the-game"], ["standard"])
    assert str(caught.value.source).startswith(str(sheet))
    assert "numbers.drafting_deal has no entry for 5 players" in caught.value.message


def test_deck_groups_and_ids_both_give_counts() -> None:
    project = pipeline.load_project(pipeline.Sources(), ["shapes-the-game"])
    counts = deck_group_counts(project.games["shapes-the-game"], 2)
    assert counts["count_red"] == counts["count_yellow"] == 10
    assert counts["count_red_arch"] == 1
    assert counts["count_wild"] == 10
    assert counts["count_stop_turn"] == counts["count_clear_the_board"] == 2
