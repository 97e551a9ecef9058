"""Translated label sets: a kit in Spanish, French or German has no English left."""

from __future__ import annotations

import re
from pathlib import Path
from typing import NamedTuple

import pytest
from pypdf import PdfReader

from shapes_print.commands.cli import main
from tests.command_lines import one_kit
from tests.labelsets import kit
from tests.pdfread import page_lines, page_texts
from tests.shippedcheck import ShippedSets

# Pass and pick's fewest and most players.
COUNTS = (3, 6)

SPANISH_CHECK = [
    "Cards",
    "Round",
    "players",
    "CIRCLE",
    "TRIANGLE",
    "SQUARE",
    "Score",
    "Name",
    "Print",
    "ruler",
    "left",
    "right",
    "shuffle",
    "Host",
    "deck",
    "pass",
    "Points",
]


class NoEnglish(NamedTuple):
    """What a translated Pass and pick kit must print instead of the English: words of its
    own, its host key's PDF title, and phrases of its printing guide."""

    labels: str
    english: tuple[str, ...]
    words: tuple[str, ...]
    title: str
    guide: tuple[str, ...]


SPANISH = NoEnglish(
    "es",
    tuple(SPANISH_CHECK),
    ("CÍRCULO", "TRIÁNGULO", "Preparación", "dueño", "IZQUIERDA", "Ronda 3"),
    # The game's name has a colon of its own: its titles join with a dash (es.po, msgctxt).
    "Formas: pase y elija \u2013 hoja del anfitrión para 6 jugadores",
    (
        "Cómo imprimir Formas: pase y elija (6 jugadores, A4)",
        "girar por el borde largo",
        "host-key.pdf (solo anfitrión)",
        "mida su regla de 50 mm",
        "cartulina",
    ),
)
# French prints "Points", "Score" and "TRIANGLE" as English does: they are French words too.
FRENCH = NoEnglish(
    "fr",
    tuple(w for w in SPANISH_CHECK if w not in {"Points", "Score", "TRIANGLE"}),
    # The cover's list of parts names each as the PDF's title does: a narrow no-break space
    # before the colon (here folded to a space, as every white space is).
    (
        "CERCLE",
        "CARRÉ",
        "mise en place pour",
        "propriétaire",
        "GAUCHE",
        "Manche 3",
        "Formes à passer : feuilles de table pour",
    ),
    "Formes à passer\u202f: fiche de l\u2019hôte pour 6 joueurs",
    (
        "Comment imprimer Formes à passer (6 joueurs, A4)",
        "retournement sur le bord long",
        "host-key.pdf (hôte seulement)",
        "mesurez sa règle de 50",
        "papier cartonné",
    ),
)


# German prints "Name" as English does: it is a German word too.
GERMAN = NoEnglish(
    "de",
    tuple(w for w in SPANISH_CHECK if w != "Name"),
    ("KREIS", "QUADRAT", "Vorbereitung für", "gehören", "LINKS", "Runde 3"),
    "Formen reihum: Spielleiterblatt für 6 Spieler",
    (
        "So druckst du Formen reihum (6 Spieler, A4)",
        "an der langen Kante spiegeln",
        "host-key.pdf (nur Spielleitung)",
        "miss sein Lineal (50",
        "Karton",
    ),
)


@pytest.mark.parametrize("expected", [SPANISH, FRENCH, GERMAN], ids=lambda e: e.labels)
def test_a_translated_kit_has_no_english_left(
    labelled: Path, shipped: ShippedSets, expected: NoEnglish
) -> None:
    kits = [
        words
        for words in shipped.planned(expected.labels).words
        if words.game == "pass-and-pick" and words.players in COUNTS
    ]
    assert {(words.paper, words.players) for words in kits} == {
        (paper, n) for paper in ("a4", "letter") for n in COUNTS
    }
    for planned in kits:
        # The guide names the kit's files, and the start all their names share.
        words = re.sub(r"\S+(\.(pdf|svg)\b|_(?!\S))", "", planned.words())
        left = [w for w in expected.english if re.search(rf"\b{w}\b", words)]
        assert not left, (planned.paper, planned.players, left)
        for word in expected.words:
            assert word in words, word
    host_key = f"pass-and-pick_6p_a4_{expected.labels}_host-key.pdf"
    title = PdfReader(kit(labelled, expected.labels) / host_key).metadata.title
    assert title == expected.title
    (six,) = (planned for planned in kits if (planned.paper, planned.players) == ("a4", 6))
    guide = " ".join(six.file("_printing-guide"))
    for phrase in expected.guide:
        assert phrase in guide, phrase


def english_lines(folder: Path, name: str) -> set[str]:
    """The lines of a kit that are English prose: three words or more of three letters.

    A game's name is a name in every language (Spanish prints "Shapes the Game" as is), so
    its words do not count towards the three.
    """
    return {
        line.strip()
        for pdf in folder.glob("*.pdf")
        for lines in page_lines(pdf)
        for line in lines
        if len(re.findall(r"(?<![-\w])[A-Za-z]{3,}(?![-\w])", line.replace(name, ""))) >= 3
    }


def test_shapes_the_game_in_spanish_has_accents_on_cards_and_sheets_and_no_english(
    tmp_path: Path,
) -> None:
    for labels in ("standard", "es"):
        assert main(one_kit("shapes-the-game", tmp_path, "--quiet", "--labels", labels)) == 0
    spanish = tmp_path / "shapes-the-game/es/a4/4-players"
    cards = " ".join(page_texts(spanish / "shapes-the-game_4p_a4_es_cards.pdf"))
    for word in (
        "ROJO",
        "AMARILLO",
        "SEMICÍRCULO",
        "CUÑA",
        "ESCALÓN",
        "COMODÍN",
        "DETENER TURNO",
        "DESPEJAR TABLERO",
        "Juegue cualquier pieza blanca",
        "Shapes the Game",
    ):
        assert word in cards, word
    sheet = " ".join(page_texts(spanish / "shapes-the-game_4p_a4_es_main-game.pdf"))
    for phrase in (
        "Shapes the Game: juego principal",
        "Preparación",
        "Coloque la base negra sobre una superficie firme.",
        "Retire las 2 cartas «Despejar tablero» y las 2 cartas «Detener turno».",
        "Eliminación",
        "COMODÍN para usted: puede elegir cualquier pieza blanca.",
    ):
        assert phrase in sheet, phrase
    # Classic is the variant's name, not "traditional": its rules are the Classic variant's.
    classic = " ".join(page_texts(spanish / "shapes-the-game_4p_a4_es_classic.pdf"))
    assert "las reglas de la variante Clásico no lo dicen" in classic
    assert "reglas clásicas" not in classic
    host = " ".join(page_texts(spanish / "shapes-the-game_4p_a4_es_host-key.pdf"))
    assert "Qué retirar en cada variante" in host and "Selección de cartas" in host
    # No line of English prose from the standard kit is left anywhere in the Spanish one.
    english = english_lines(tmp_path / "shapes-the-game/a4/4-players", "Shapes the Game")
    assert len(english) > 100 and any(
        "Place the black base on a sturdy surface." in line for line in english
    )
    words = " ".join(" ".join(page_texts(pdf)) for pdf in spanish.glob("*.pdf"))
    assert [line for line in english if line in words] == []
    assert not re.search(
        r"\b(WILD|STOP TURN|CLEAR THE BOARD|RED|GREEN|BLUE|YELLOW|HALF-CIRCLE)\b", words
    )
