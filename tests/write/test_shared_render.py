"""A cards file that neighbouring kits print alike is planned and rendered once: a deck
whose cards are the same at every player count gives each kit the same document, and the
batch writes its bytes again rather than drawing them again; a deck that changes with the
player count, and a print-shop file (whose bytes name it), are drawn for each kit."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from shapes_print.commands.cli import main
from shapes_print.workdone import Heard, listening_to_work
from tests.project_copy import copy_project

CIRCLES = 'circles, count: {"3": 7, "4-6": 6}'


def _build(
    out: Path, game: str, *extra: str, jobs: str = "1", players: str = "3,4"
) -> dict[str, str]:
    """The game's kits on A4 (3 and 4 players), each PDF's SHA-256 by its name."""
    args = ["build", game, "--players", players, "--paper", "a4", "--out", str(out), "--quiet"]
    assert main([*args, "--jobs", jobs, *extra]) == 0
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in out.rglob("*.pdf")}


@pytest.fixture
def work() -> Iterator[Heard]:
    """The work done from now on, in this process (`drawn`)."""
    with listening_to_work() as heard:
        yield heard


def drawn(work: Heard) -> list[str]:
    """The names of the documents the batch drew (not copied), in order."""
    return [str(name) for name in work.of("drawn")]


def test_a_deck_alike_at_every_player_count_is_drawn_once(tmp_path: Path, work: Heard) -> None:
    made = _build(tmp_path / "out", "collect-3")
    cards = [name for name in drawn(work) if name.endswith(("_cards", "_task-cards"))]
    # Collect 3 counts its cards alike for 3 and 4 players: the 4-player kit's are the 3's.
    assert cards == ["collect-3_3p_a4_cards", "collect-3_3p_a4_task-cards"]
    for part in ("cards", "task-cards"):
        assert made[f"collect-3_3p_a4_{part}.pdf"] == made[f"collect-3_4p_a4_{part}.pdf"]
    # Every other file is drawn for each kit, and the shared bytes are what drawing gives.
    assert len(drawn(work)) == len(made) - 2
    alone = _build(tmp_path / "alone", "collect-3", players="4")
    assert alone["collect-3_4p_a4_cards.pdf"] == made["collect-3_4p_a4_cards.pdf"]


def test_a_deck_that_changes_with_the_player_count_is_drawn_for_each(
    tmp_path: Path, work: Heard
) -> None:
    # Every shipped deck is alike at every count: here 3 players have one circle more.
    edit = ("content/pass-and-pick/deck.yaml", "circles, count: 6", CIRCLES)
    content = copy_project(tmp_path, [edit]) / "content"
    made = _build(tmp_path / "out", "pass-and-pick", "--content", str(content))
    cards = [name for name in drawn(work) if name.endswith("_cards")]
    assert cards == ["pass-and-pick_3p_a4_cards", "pass-and-pick_4p_a4_cards"]
    assert made["pass-and-pick_3p_a4_cards.pdf"] != made["pass-and-pick_4p_a4_cards.pdf"]


def test_a_print_shop_file_is_drawn_for_each_kit_and_the_bytes_hold_over_jobs(
    tmp_path: Path, work: Heard
) -> None:
    made = _build(tmp_path / "one", "collect-3", "--print-shop")
    assert "collect-3_4p_a4_cards-print-shop" in drawn(work)  # its bytes name it: not the 3's
    shop = "cards-print-shop.pdf"
    assert made[f"collect-3_3p_a4_{shop}"] != made[f"collect-3_4p_a4_{shop}"]
    assert _build(tmp_path / "two", "collect-3", "--print-shop", jobs="2") == made
