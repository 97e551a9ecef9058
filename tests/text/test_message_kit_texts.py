"""The kits' own texts through the message grammar: plural and ordinal messages chosen by
CLDR agree with their counts in English, Spanish, French and German, and a join of
placeholders is punctuated by the label set."""

from __future__ import annotations

from pathlib import Path

import pytest

from shapes_print.load.defaults import DEFAULT_CONTENT, DEFAULT_LABELS
from shapes_print.load.labels import load_labels
from shapes_print.load.yamlsrc import read_yaml
from shapes_print.text.words import Said, Words
from tests.messageplace import HERE


def _written(path: Path, begins: str) -> str:
    """The one text in a content file that begins with `begins`, exactly as written."""
    found: list[str] = []

    def walk(value: object) -> None:
        if isinstance(value, str) and value.startswith(begins):
            found.append(value)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(read_yaml(path).data)
    assert len(found) == 1, found
    return found[0]


COLLECT_3 = DEFAULT_CONTENT / "collect-3" / "sheets.yaml"
PASS_AND_PICK = DEFAULT_CONTENT / "pass-and-pick" / "sheets.yaml"
COLLECT_3_DECK = DEFAULT_CONTENT / "collect-3" / "deck.yaml"


def _words(labels: str) -> Words:
    return load_labels(labels, DEFAULT_LABELS).words()


@pytest.mark.parametrize(
    ("labels", "n", "crowns", "spare"),
    [
        ("standard", 0, "put 0 Crowns", "No Crown cards are left over."),
        (
            "standard",
            1,
            "put 1 Crown face up in the center, where everyone can reach it.",
            "Set the other Crown card aside.",
        ),
        (
            "standard",
            2,
            "put 2 Crowns face up in the center, where everyone can reach them.",
            "Set the other 2 Crown cards aside.",
        ),
        ("standard", 21, "put 21 Crowns", "Set the other 21 Crown cards aside."),
        ("es", 0, "ponga 0 Coronas", "No sobra ninguna carta de Corona."),
        (
            "es",
            1,
            "ponga 1 Corona boca arriba en el centro, donde todos la alcancen.",
            "Aparte la otra carta de Corona.",
        ),
        (
            "es",
            2,
            "ponga 2 Coronas boca arriba en el centro, donde todos las alcancen.",
            "Aparte las otras 2 cartas de Corona.",
        ),
        ("es", 21, "ponga 21 Coronas", "Aparte las otras 21 cartas de Corona."),
        # French counts 0 with 1 (CLDR's `one`): "0 Couronne"; the spare's =0 says it apart.
        ("fr", 0, "posez 0 Couronne face", "Il ne reste aucune carte Couronne."),
        (
            "fr",
            1,
            "posez 1 Couronne face visible au centre, à portée de tous.",
            "Mettez de côté l\u2019autre carte Couronne.",
        ),
        ("fr", 2, "posez 2 Couronnes face", "Mettez de côté les 2 autres cartes Couronne."),
        ("fr", 21, "posez 21 Couronnes face", "Mettez de côté les 21 autres cartes Couronne."),
        ("de", 0, "Lege 0 Kronen offen", "Es bleiben keine Kronenkarten übrig."),
        ("de", 1, "Lege 1 Krone offen in die Mitte", "Lege die übrige Kronenkarte beiseite."),
        ("de", 2, "Lege 2 Kronen offen", "Lege die 2 übrigen Kronenkarten beiseite."),
        ("de", 21, "Lege 21 Kronen offen", "Lege die 21 übrigen Kronenkarten beiseite."),
    ],
)
def test_the_crowns_sentence_agrees_at_0_1_2_and_21(
    labels: str, n: int, crowns: str, spare: str
) -> None:
    template = _written(COLLECT_3, "Place the Crowns:")
    said = _words(labels).fill(template, {"crowns": n, "crowns_spare": n}, HERE)
    assert crowns in said
    assert said.endswith(spare)


@pytest.mark.parametrize(
    ("labels", "n", "expected"),
    [
        ("standard", 0, "Pass and pick shapes: setup for 0 players"),
        ("standard", 1, "Pass and pick shapes: setup for 1 player"),
        ("standard", 2, "Pass and pick shapes: setup for 2 players"),
        ("standard", 21, "Pass and pick shapes: setup for 21 players"),
        ("es", 0, "Formas: pase y elija. Preparación para 0 jugadores"),
        ("es", 1, "Formas: pase y elija. Preparación para 1 jugador"),
        ("es", 2, "Formas: pase y elija. Preparación para 2 jugadores"),
        ("es", 21, "Formas: pase y elija. Preparación para 21 jugadores"),
        ("fr", 0, "Formes à passer\u202f: mise en place pour 0 joueur"),
        ("fr", 1, "Formes à passer\u202f: mise en place pour 1 joueur"),
        ("fr", 2, "Formes à passer\u202f: mise en place pour 2 joueurs"),
        ("fr", 21, "Formes à passer\u202f: mise en place pour 21 joueurs"),
        ("de", 0, "Formen reihum: Vorbereitung für 0 Spieler"),
        ("de", 1, "Formen reihum: Vorbereitung für 1 Spieler"),
        ("de", 2, "Formen reihum: Vorbereitung für 2 Spieler"),
        ("de", 21, "Formen reihum: Vorbereitung für 21 Spieler"),
    ],
)
def test_player_counts_agree_at_0_1_2_and_21(labels: str, n: int, expected: str) -> None:
    template = _written(PASS_AND_PICK, "Pass and pick shapes: setup for")
    assert _words(labels).fill(template, {"players": n}, HERE) == expected


@pytest.mark.parametrize(
    ("labels", "n", "expected"),
    [
        ("standard", 0, "Deal 3 cards to each player. No cards are set aside."),
        ("standard", 1, "Deal 3 cards to each player. Place the unused card aside unseen."),
        ("standard", 2, "Deal 3 cards to each player. Place the 2 unused cards aside unseen."),
        ("standard", 21, "Deal 3 cards to each player. Place the 21 unused cards aside unseen."),
        ("es", 0, "Reparta 3 cartas a cada jugador. No se aparta ninguna carta."),
        ("es", 1, "Reparta 3 cartas a cada jugador. Aparte sin mirar la carta que no se usa."),
        ("es", 2, "Reparta 3 cartas a cada jugador. Aparte sin mirar las 2 cartas que no se usan."),
        (
            "es",
            21,
            "Reparta 3 cartas a cada jugador. Aparte sin mirar las 21 cartas que no se usan.",
        ),
        ("fr", 0, "Distribuez 3 cartes à chaque joueur. Aucune carte n\u2019est mise de côté."),
        (
            "fr",
            1,
            "Distribuez 3 cartes à chaque joueur. "
            "Mettez de côté la carte inutilisée sans la regarder.",
        ),
        (
            "fr",
            2,
            "Distribuez 3 cartes à chaque joueur. "
            "Mettez de côté les 2 cartes inutilisées sans les regarder.",
        ),
        ("de", 0, "Gib jedem Spieler 3 Karten. Es werden keine Karten beiseitegelegt."),
        ("de", 1, "Gib jedem Spieler 3 Karten. Lege die unbenutzte Karte ungesehen beiseite."),
        ("de", 2, "Gib jedem Spieler 3 Karten. Lege die 2 unbenutzten Karten ungesehen beiseite."),
    ],
)
def test_cards_set_aside_say_so_at_zero(labels: str, n: int, expected: str) -> None:
    template = _written(PASS_AND_PICK, "Deal {deal, plural")
    assert _words(labels).fill(template, {"deal": 3, "set_aside": n}, HERE) == expected


SOLITAIRE = DEFAULT_CONTENT / "shapes-the-game" / "solitaire.yaml"


@pytest.mark.parametrize(
    ("n", "penalty", "wild"),
    [
        (1, "reste 1 punto al valor", "1 carta COMODÍN,"),
        (2, "reste 2 puntos al", "2 cartas COMODÍN,"),
    ],
)
def test_spanish_points_and_wild_cards_agree_with_their_count(
    n: int, penalty: str, wild: str
) -> None:
    """Spanish printed "reste 2 punto" and "10 COMODÍN": a count takes its noun, in the plural."""
    spanish = _words("es")
    said = spanish.fill(_written(COLLECT_3, "Wild card: if your"), {"wild_penalty": n}, HERE)
    assert penalty in said
    counts = {"deck_size": 54, "colour_cards": 40, "count_stop_turn": 2}
    components = _written(SOLITAIRE, "Printed in this kit")
    filled = spanish.fill(components, {**counts, "count_clear_the_board": 2, "count_wild": n}, HERE)
    assert wild in filled


def test_a_join_of_placeholders_alone_is_punctuated_by_the_label_set() -> None:
    """A file's title, "{game}: {document}", has no words of its own, yet French sets a
    narrow no-break space before its colon: the set is asked for it, and a complete set
    lacking it names it as any missing text."""
    join, values = "{game}: {document}", {"game": Said("Trio"), "document": Said("aide")}
    french = Words(text={join: "{game}\u202f: {document}"}, locale="fr")
    assert french.fill(join, values, HERE) == "Trio\u202f: aide"
    assert Words().fill(join, values, HERE) == "Trio: aide"
    lacking = Words(name="de", complete=True, missing={})
    assert lacking.fill(join, values, HERE) == "Trio: aide"
    assert lacking.missing == {join: HERE}
    assert Words().fill("{n} + {m}", {"n": 1, "m": 2}, HERE) == "1 + 2"  # no sign to set


def test_french_ordinals_are_1er_for_a_masculine_noun_and_1re_for_a_feminine_one() -> None:
    """fr.yaml's `ordinal:` writes the masculine (1er joueur, 2e, 11e, 21e); a Crown, a
    feminine noun, is written 1re by its own message on the Crown card."""
    french = _words("fr")
    said = [
        french.fill("{n:ordinal} player to claim a Crown", {"n": n}, HERE) for n in (1, 2, 11, 21)
    ]
    assert [line.split()[0] for line in said] == ["1er", "2e", "11e", "21e"]
    assert said[0] == "1er joueur à prendre une Couronne"
    crown = french.fill(_written(COLLECT_3_DECK, "Complete the Task"), {}, HERE)
    assert "1re Couronne\u202f: C" in crown


def test_german_ordinals_are_a_number_and_a_full_stop_whatever_the_number() -> None:
    """de.yaml's `ordinal:` writes every number the same way (1. Spieler, 2., 11., 21.), its
    noun kept on the line by a no-break space; the Crown card writes its ordinals as words
    (Erste Krone), as German readers say them."""
    german = _words("de")
    said = [
        german.fill("{n:ordinal} player to claim a Crown", {"n": n}, HERE) for n in (1, 2, 11, 21)
    ]
    assert [line.split("\u00a0")[0] for line in said] == ["1.", "2.", "11.", "21."]
    assert said[0] == "1.\u00a0Spieler, der eine Krone nimmt"
    crown = german.fill(_written(COLLECT_3_DECK, "Complete the Task"), {}, HERE)
    assert "Erste Krone: C\u00a0Punkte, zweite: C\u00a0-\u00a01" in crown


def test_a_spanish_feminine_ordinal_is_its_own_message() -> None:
    words = Words(text={"{n:ordinal} Crown": "{n, selectordinal, other {#.ª}} Corona"}, locale="es")
    assert [words.fill("{n:ordinal} Crown", {"n": n}, HERE) for n in (1, 3)] == [
        "1.ª Corona",
        "3.ª Corona",
    ]
