"""Print's shorthand as a listener hears it: a label set's words for signs and
abbreviations and its message for a range, found in a printed text, and kept to the
set's own language."""

from __future__ import annotations

from pathlib import Path

import pytest

from shapes_print.errors import UserError
from shapes_print.load.defaults import DEFAULT_LABELS
from shapes_print.load.labels import load_labels
from shapes_print.text.hearing import Heard, Hearing


def hearing(labels: str) -> Hearing:
    return load_labels(labels, DEFAULT_LABELS).words().hearing


def test_a_range_is_found_with_a_hyphen_or_an_en_dash_and_said_in_the_sets_words() -> None:
    english, spanish = hearing("standard"), hearing("es")
    assert english.spans("repeats steps 1\u20133 until") == (Heard(14, 17, "1 to 3"),)
    assert english.heard("Card stock: 200-250 g/m\u00b2 (75-90 lb)") == (
        "Card stock: 200 to 250 g/m\u00b2 (75 to 90 lb)"
    )
    assert spanish.heard("los pasos 1\u20133 hasta") == "los pasos 1 a 3 hasta"


def test_no_range_is_found_in_a_name_a_decimal_or_a_score() -> None:
    english = hearing("standard")
    for text in ("collect-3_4p_a4_sheets.pdf", "C - 1", "-1", "1.5-2", "2-3-4", "x-2"):
        assert english.spans(text) == (), text


def test_a_sign_is_said_in_words_apart_from_its_number() -> None:
    english, spanish = hearing("standard"), hearing("es")
    assert english.heard("Card: WILD, \u2605, Counts") == "Card: WILD, star, Counts"
    assert english.heard("Crown value \u00d72.") == "Crown value times 2."
    assert spanish.heard("BOMBA, \u2192 0,") == "BOMBA, a 0,"


def test_a_spanish_ordinal_is_said_whole_and_only_as_a_whole_word() -> None:
    spanish = hearing("es")
    assert spanish.heard("1.er jugador; 2.\u00aa: C-1") == "primer jugador; segunda: C-1"
    assert spanish.spans("11.er") == ()  # no 11th in the set's words: not "1" + "1.er"
    assert hearing("standard").spans("1st player") == ()  # read well as it is


def test_a_french_ordinal_and_sign_are_said_in_french() -> None:
    french = hearing("fr")
    assert (
        french.heard("1er joueur\u202f; 2e\u202f: C - 1")
        == "premier joueur\u202f; deuxième\u202f: C - 1"
    )
    assert (
        french.heard("1re Couronne, \u00d72, les pas 1\u20133")
        == "première Couronne, fois 2, les pas 1 à 3"
    )
    assert french.spans("11e") == ()  # no 11th in the set's words: not "1" + "1e"


def test_a_german_ordinal_and_sign_are_said_in_german() -> None:
    german = hearing("de")
    assert german.heard("1.\u00a0Spieler, der eine Krone nimmt") == (
        "erster Spieler, der eine Krone nimmt"
    )
    assert german.heard("10.\u00a0Spieler") == "zehnter Spieler"
    assert german.heard("BOMBE, \u2192 0, \u00d72, Schritte 1\u20133") == (
        "BOMBE, auf 0, mal 2, Schritte 1 bis 3"
    )
    assert german.spans("11.\u00a0Spieler") == ()  # no 11th in the set's words


def test_a_german_number_ending_a_sentence_is_not_heard_as_an_ordinal() -> None:
    """German writes an ordinal as a number and a full stop, as a sentence ending on a
    number is written: the host key's near miss must not be heard "Blau fünfter"."""
    german = hearing("de")
    for text in ("Rot 2, Rot 4, Blau 5. Nur zwei rote.", "--back-offset 1.2mm,-0.5mm"):
        assert german.spans(text) == (), text


FRENCH = 'extends: standard\nlocale: fr\nordinal: "{n, selectordinal, one {#er} other {#e}}"\n'


def _set(folder: Path, text: str) -> Path:
    """A set of one's own in French over standard, with `text` after."""
    path = folder / "mine.yaml"
    path.write_text(FRENCH + text, encoding="utf-8")
    return path


def test_words_said_in_another_language_are_left_out(tmp_path: Path) -> None:
    """A French set over standard does not say standard's English "star" for a star."""
    path = _set(tmp_path, "")
    french = load_labels(str(path), DEFAULT_LABELS).words().hearing
    assert french.spans("\u2605 1-3") == ()
    own = _set(tmp_path, 'said: {"\u2605": "\u00e9toile"}\n')
    assert load_labels(str(own), DEFAULT_LABELS).words().hearing.heard("\u2605") == "\u00e9toile"


def test_a_complete_set_must_say_each_in_its_own_words(tmp_path: Path) -> None:
    path = _set(tmp_path, "complete: true\n")
    with pytest.raises(UserError, match=r"is said in 'en' by standard\.yaml") as refused:
        load_labels(str(path), DEFAULT_LABELS)
    # At the line that asks for it, in the file to give it in: standard.yaml is not hers.
    assert refused.value.source is not None and refused.value.source.path == path
    assert refused.value.source.line == FRENCH.count("\n") + 1
    assert refused.value.hint is not None and "mine.yaml under said:" in refused.value.hint
