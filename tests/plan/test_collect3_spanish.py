"""Collect 3 in Spanish: its kit reads in Spanish, with accents and ordinals, and its action
cards wrap their note and title on a mini card."""

from __future__ import annotations

import re
from pathlib import Path

from shapes_print.commands.cli import main
from tests.collect3 import text_of
from tests.command_lines import one_kit
from tests.pdfread import page_lines


def test_spanish_kit_reads_in_spanish_with_accents_and_ordinals(tmp_path: Path) -> None:
    """es covers Collect 3: every file says Spanish, the ladder says 1.er, 2.º, 3.er."""
    assert main(one_kit("collect-3", tmp_path, "--labels", "es", "--quiet")) == 0
    folder = tmp_path / "collect-3/es/a4/4-players"
    read = {
        kind: text_of(folder / f"collect-3_4p_a4_es_{kind}.pdf")
        for kind in ("cards", "task-cards", "sheets", "host-key", "printing-guide")
    }
    assert (
        "1.er jugador en conseguir una Corona +3 2.º jugador en conseguir una Corona +2 "
        "3.er jugador en conseguir una Corona +1" in read["sheets"]
    )
    for kind, spanish in [
        ("cards", ["COMODÍN", "AMARILLO", "ACCIÓN", "CORONA", "«¡Reúne 3!»", "1.ª Corona"]),
        (
            "task-cards",
            ["TAREA 20", "Ejemplo: Rojo 2, Azul 4, Verde 4 o Amarillo 1, Rojo 3, Azul 5"],
        ),
        (
            "sheets",
            [
                "Reúne 3: preparación para 4 jugadores",
                "Cómo se juega",
                "Lista de Tareas",
                "Ronda 1",
                "Repartidor",
                "J4",
                "Comodín: si su trío usa un Comodín",
            ],
        ),
        (
            "host-key",
            [
                "Carta Dorso Copias Carta Dorso Copias Rojo 1 dorso azul 3",
                "Puntos dobles dorso rojo 2",
                "4 Comodines, 2 de Puntos dobles, 2 Bombas y 9 cartas de Corona",
                "Rojo 2, Azul 4, Verde 4 o Amarillo 1, Rojo 3, Azul 5",
                "números todos pares o todos impares",
                # Task 5 skips a number: a series by 2, not numbers in a row.
                "números en serie, cada uno 2 más que el anterior",
            ],
        ),
        ("printing-guide", ["Cómo imprimir Reúne 3 (4 jugadores, A4)"]),
    ]:
        for words in spanish:
            assert words in read[kind], (kind, words)
    english = [
        "Crown",
        "Task",
        "Round",
        "Dealer",
        "Example",
        "WILD",
        "RED",
        "1st",
        "player",
        " or ",
    ]
    found = [
        (kind, word)
        for kind, words in read.items()
        for word in english
        if re.search(rf"{word}\b", re.sub(r"\S+\.pdf\b", "", words))
    ]
    assert not found


def test_spanish_action_cards_wrap_their_note_and_title_on_a_mini_card(tmp_path: Path) -> None:
    """labels/es.yaml `cards.sizes.mini`: a mini card's 34 mm line holds neither
    "CARTA DE ACCIÓN: póngala boca arriba ante usted" at 4 pt nor PUNTOS DOBLES at 9 pt
    bold (the combination test found the build refused); both take two lines there."""
    assert main(one_kit("collect-3", tmp_path, "--labels", "es", "--card-size", "mini")) == 0
    kit = tmp_path / "collect-3/es/mini/a4/4-players"
    lines = [
        line.strip()
        for page in page_lines(kit / "collect-3_4p_a4_mini_es_cards.pdf")
        for line in page
    ]
    first = lines.index("CARTA DE ACCIÓN: póngala")
    assert lines[first + 1] == "boca arriba ante usted"
    assert "PUNTOS" in lines and "DOBLES" in lines and "PUNTOS DOBLES" not in lines
