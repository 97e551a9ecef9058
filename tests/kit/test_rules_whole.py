"""The rules whole, as their authors wrote them, read from every kit's words as the plan
draws them (`shipped.planned`, tests/shippedcheck.py): Pass and pick's players' sheets carry the
rules' sentences that once only the host key had, or none did; Collect 3 prints the rules'
whole winning-score table and its Crowns example; each cover says the players as the rules
do; Classic's "nobody is eliminated" is printed as the kit's reading."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from shapes_print.load.defaults import STANDARD
from tests.planned import KitWords
from tests.shippedcheck import ShippedSets

ROOT = Path(__file__).resolve().parents[2]

PASS_AND_PICK = {
    STANDARD: [
        "You will choose exactly three cards during a round.",
        "Everyone receives the same three picks per round.",
        "Use labels as well as shapes.",
        "The printable pack is for physical drafting, without an online room.",
        "This is a manual tabletop kit, not an online opponent, automatic judge or solver.",
        "with matching opaque backs.",
    ],
    "es": [
        "Elegirá exactamente tres cartas durante una ronda.",
        "Todos reciben las mismas tres elecciones en cada ronda.",
        "Use las etiquetas además de las formas.",
        "es para elegir y pasar cartas en persona, sin una sala en línea.",
        "no un rival en línea, ni un árbitro automático, ni un programa que resuelva",
        "con el mismo dorso opaco en todas las cartas.",
    ],
}


def _kits(shipped: ShippedSets, game: str, labels: str) -> list[KitWords]:
    kits = [kit for kit in shipped.planned(labels).words if kit.game == game]
    assert kits, (game, labels)
    return kits


@pytest.mark.parametrize("labels", PASS_AND_PICK)
def test_pass_and_pick_players_read_the_rules_sentences(shipped: ShippedSets, labels: str) -> None:
    """On the table sheets every player reads, not only in the host key."""
    for kit in _kits(shipped, "pass-and-pick", labels):
        sheets = " ".join(kit.file("_sheets"))
        for sentence in PASS_AND_PICK[labels]:
            assert sentence in sheets, (labels, kit.players, kit.paper, sentence)


WINNING_ROWS = {
    STANDARD: [
        "2\u20134 players 10 points",
        "5\u20136 players 15 points",
        "7+ players 20 points",
    ],
    "es": [
        "2\u20134 jugadores 10 puntos",
        "5\u20136 jugadores 15 puntos",
        "7+ jugadores 20 puntos",
    ],
}
CROWNS_EXAMPLE = {
    STANDARD: "Use 1 fewer Crown than players. Example: 4 players → 3 Crowns.",
    "es": "Use 1 Corona menos que jugadores: por ejemplo, con 4 jugadores, 3 Coronas.",
    # No arrow in braille's Grade 1 nor in Atkinson Hyperlegible: a comma says it.
    "braille": "Example: 4 players, 3 Crowns.",
    "large-print-atkinson": "Example: 4 players, 3 Crowns.",
}


@pytest.mark.parametrize("labels", CROWNS_EXAMPLE)
def test_collect_3_prints_the_whole_winning_score_table(shipped: ShippedSets, labels: str) -> None:
    """ "2-4 players 10 points, 5-6 players 15 points, 7+ players 20 points" at every table,
    and the Crowns' "Example: 4 players → 3 Crowns", as the rules write them."""
    for kit in _kits(shipped, "collect-3", labels):
        sheets = " ".join(kit.file("_sheets"))
        assert CROWNS_EXAMPLE[labels] in sheets, (labels, kit.players, kit.paper)
        for row in WINNING_ROWS.get(labels, []):
            assert row in sheets, (labels, kit.players, kit.paper, row)


def test_the_winning_score_table_agrees_with_the_scores_a_table_is_given() -> None:
    """game.yaml writes the rules' table twice, as a list to print and as `target` by player
    count: both must say the same."""
    game = yaml.safe_load((ROOT / "content/collect-3/game.yaml").read_text(encoding="utf-8"))
    table = {
        row["range"].replace("\u2013", "-"): row["score"] for row in game["lists"]["winning_scores"]
    }
    assert table == game["numbers"]["target"]


def test_each_cover_says_the_players_as_the_rules_do(shipped: ShippedSets) -> None:
    """Collect 3's rules say 7+, not this kit's 10; Shapes the Game's say 2-6, and a
    Solitaire for 1, not 1-6."""
    said = {
        "collect-3": "2\u20137+",
        "shapes-the-game": "2\u20136; Solitaire: 1",
        "pass-and-pick": "3\u20136",
    }
    for game, players in said.items():
        for kit in _kits(shipped, game, STANDARD):
            # A range is drawn as a span of its own (read "2 to 7"): what follows it is another.
            cover = re.sub(r"(\d) (?=[+;])", r"\1", kit.file("_print-and-play")[0])
            assert f"Players (the game) {players} " in cover, (game, kit.players, kit.paper)


def test_classic_says_nobody_is_eliminated_as_the_kits_reading(shipped: ShippedSets) -> None:
    for kit in _kits(shipped, "shapes-the-game", STANDARD):
        for pages in (pages for name, pages in kit.files.items() if name.endswith("_classic")):
            words = " ".join(pages)
            assert "(nobody is eliminated)" not in words
            reading = words.index("This kit's reading: nobody is eliminated.")
            assert reading > words.index("Where the rules are silent")
