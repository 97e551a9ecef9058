"""What a reader's software says: print's shorthand (a range, a Spanish ordinal's
abbreviation, a sign) heard as a listener should hear it, in the kit's language, where the
page keeps the print (a span's expansion, /E) and where a picture's Alt says it in words;
and the host key's counts in words, not between slashes."""

from __future__ import annotations

from pathlib import Path

import pytest

from shapes_print.pipeline import pipeline
from tests import filecheck, heardchecks

KITS = (("collect-3", "standard"), ("collect-3", "es"), ("pass-and-pick", "standard"))


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Every PDF of the kits (4 players, A4), by file name."""
    out = tmp_path_factory.mktemp("heard")
    for game, labels in KITS:
        project = pipeline.load_project(pipeline.Sources(), [game], [labels])
        pipeline.build_project(project, pipeline.BuildOptions(players="4", paper="a4"), out)
    return {path.name: path for path in out.rglob("*.pdf")}


def said(path: Path) -> list[str]:
    return [words for _, words, _ in heardchecks.heard(path)]


def test_a_range_is_heard_as_a_range_in_the_kits_language(built: dict[str, Path]) -> None:
    english = " ".join(said(built["collect-3_4p_a4_sheets.pdf"]))
    assert "repeats steps 1 to 3 until the round ends" in english
    spanish = " ".join(said(built["collect-3_4p_a4_es_sheets.pdf"]))
    assert "repite los pasos 1 a 3 hasta que acaba la ronda" in spanish


def test_a_spanish_ordinal_is_heard_in_words(built: dict[str, Path]) -> None:
    spanish = said(built["collect-3_4p_a4_es_sheets.pdf"])
    assert "primer jugador en conseguir una Corona" in spanish
    assert "segundo jugador en conseguir una Corona" in spanish
    assert "tercer jugador en conseguir una Corona" in spanish


def test_a_cards_signs_are_heard_in_its_alt_in_words(built: dict[str, Path]) -> None:
    english = said(built["collect-3_4p_a4_cards.pdf"])
    assert any(words.startswith("Card: WILD, star, Counts as") for words in english)
    assert any(words.startswith("Card: CROWN, crown, ") for words in english)
    spanish = said(built["collect-3_4p_a4_es_cards.pdf"])
    assert any(words.startswith("Carta: COMODÍN, estrella, ") for words in spanish)
    assert any(words.startswith("Carta: BOMBA, a 0, ") for words in spanish)
    assert any(words.startswith("Carta: PUNTOS DOBLES, por 2, ") for words in spanish)


def test_the_host_keys_counts_are_heard_in_words(built: dict[str, Path]) -> None:
    for name, heading, counts in (
        ("collect-3_4p_a4_host-key.pdf", "Number, Action and Crown cards", "72, 8 and 9"),
        ("collect-3_4p_a4_es_host-key.pdf", "Cartas de número, de Acción y de Corona", "72, 8 y 9"),
    ):
        heard = heardchecks.heard(built[name])
        cells = [(role, words) for role, words, _ in heard if role in ("TH", "TD")]
        assert cells[cells.index(("TH", heading)) + 1] == ("TD", counts)


def test_nothing_is_heard_as_print_writes_its_shorthand(built: dict[str, Path]) -> None:
    files = [path for name, path in sorted(built.items()) if filecheck.non_card(path)]
    misheard = {path.name: heardchecks.misheard(path) for path in files}
    assert {name: words for name, words in misheard.items() if words} == {}


def test_an_action_cards_picture_is_not_heard_before_the_cell_naming_it(
    built: dict[str, Path],
) -> None:
    """The Action cards' table: its pictures' names open the cells beside them ("Wild card:
    if your..."), so the pictures are layout, and each row says the card once."""
    for name in ("collect-3_4p_a4_sheets.pdf", "collect-3_4p_a4_es_sheets.pdf"):
        assert heardchecks.repeated_readings(built[name]) == []
    heard = said(built["collect-3_4p_a4_sheets.pdf"])
    after = heard[heard.index("What it does") + 1]
    assert after.startswith("Wild card: if your Collect 3 uses a Wild card")
