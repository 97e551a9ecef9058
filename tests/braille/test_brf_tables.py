"""Tables in the `.brf`: every cell read with its column's heading, and a form (a table with
blanks to write in, a score sheet) kept whole: a block per column, its heading first, then
each row's heading with the row's entry or the room to write it. Asked of small tagged
documents written here, and of the planned embosser files of the shipped braille kits."""

from __future__ import annotations

import pytest

from shapes_print.braille.cells import ascii_braille
from shapes_print.braille.codes import UEB
from shapes_print.braille.translate import translate
from shapes_print.geometry.primitives import BLACK, Document, Group, Page, Text
from shapes_print.kit.contents import KitRequest
from shapes_print.kit.resolved import resolve_kit
from shapes_print.pipeline import pipeline
from shapes_print.plan.embosser import EmbosserFile, Passage, sheet_passages
from shapes_print.plan.kit import plan_kit


def _cell(role: str, x: float, words: str) -> Group:
    text = (Text(0.0, 0.0, words, "F1", 10.0, BLACK),) if words else ()
    return Group(text, dx=x, role=role)  # type: ignore[arg-type]


def _table(*rows: tuple[tuple[str, str], ...]) -> Document:
    """A one-page document holding one table: each row's cells as (role, words)."""
    trs = tuple(
        Group(
            tuple(_cell(role, 100.0 * i, words) for i, (role, words) in enumerate(row)), role="TR"
        )
        for row in rows
    )
    return Document("Sheet", [Page(600.0, 800.0, (Group(trs, role="Table"),))])


def test_a_table_keeps_its_column_headings() -> None:
    """Print's header row once, the first column's heading too ("Your three kept cards"
    names the combinations), then each row, its cells after their columns' headings."""
    document = _table(
        (("TH", "Your cards"), ("TH", "Example"), ("TH", "Points")),
        (("TD", "Three alike"), ("TD", "Circle, circle, circle"), ("TD", "5")),
    )
    assert sheet_passages(document)[1:] == [
        Passage("Your cards; Example; Points", "item"),
        Passage("Three alike; Example: Circle, circle, circle; Points: 5", "item"),
    ]


@pytest.mark.parametrize("corner", ["TH", "TD"])
def test_a_form_is_read_column_by_column_with_room_to_write(corner: str) -> None:
    """A score sheet: each player's column under its heading ("Name", where the name is
    written), each round's heading with the blank after it; a filled cell keeps its words.
    Its header row's corner, printing nothing, is a data cell in the PDF (no heading of
    silence): the row heads the table all the same."""
    document = _table(
        ((corner, ""), ("TH", "Dealer"), ("TH", "Name"), ("TH", "Name")),
        (("TH", "Round 1"), ("TD", "P1"), ("TD", ""), ("TD", "")),
        (("TH", "Total"), ("TD", ""), ("TD", ""), ("TD", "")),
    )
    column = [Passage("Round 1:", "field", 1), Passage("Total:", "field", 1)]
    assert sheet_passages(document)[1:] == [
        Passage("Dealer:", "field"),
        Passage("Round 1: P1", "field", 1),
        Passage("Total:", "field", 1),
        Passage("Name:", "field"),
        *column,
        Passage("Name:", "field"),
        *column,
    ]


def _embossed(game: str, labels: str, players: int) -> list[str]:
    """The lines of a kit's planned embosser file, right-trimmed, page numbers left out."""
    project = pipeline.load_project(pipeline.Sources(), [game], [labels])
    request = KitRequest(game, players, "a4", labels=labels)
    resolved = resolve_kit(project.games[game], project.library, project.ctx, None)
    files = plan_kit(resolved, request)
    (brf,) = [f.document for f in files if isinstance(f.document, EmbosserFile)]
    return [line for page in brf.pages for line in page[:-1]]


def _brf(words: str) -> str:
    return " ".join(ascii_braille(word) for word in translate(words, UEB))


def test_the_scoring_table_keeps_its_column_headings() -> None:
    text = " ".join(" ".join(_embossed("pass-and-pick", "braille", 4)).split())
    heads = _brf("Your three kept cards; Example; Points")
    assert f"{heads} {_brf('Three identical shapes; Example:')}" in text


@pytest.mark.parametrize(
    ("labels", "name", "rounds"),
    [
        ("braille", ",NAME3", [",ROUND #A3 PASS LEFT3", ",ROUND #B3 PASS RIGHT3", ",TOTAL3"]),
        ("braille-es", ".NOMBRE3", [".RONDA #A3 PASAR A LA IZQUIERDA3", ".TOTAL3"]),
    ],
)
def test_each_pass_and_pick_score_sheet_carries_its_rows(
    labels: str, name: str, rounds: list[str]
) -> None:
    """Each copy of the score sheet (as many as print gives) has a column block per player:
    the name's blank, then each round's and the total's, two cells in."""
    lines = _embossed("pass-and-pick", labels, 4)
    heads = ("    ,SCORE SHEET3", "    .HOJA DE PUNTUACI")  # a subheading: from cell 5
    copies = sum(1 for line in lines if line.startswith(heads))
    assert copies >= 2
    assert lines.count(name) == 4 * copies
    for row in rounds:
        assert lines.count(f"  {row}") == 4 * copies, row


def test_collect_3s_score_sheet_has_its_dealer_and_each_players_rounds() -> None:
    lines = _embossed("collect-3", "braille", 4)
    assert lines.count(",P#A3") == 1 and lines.count(",P#D3") == 1
    assert lines.count("  ,ROUND #G3") == 5  # the Task's blank and P1's to P4's
    assert "  ,ROUND #G3 ,P#C" in lines  # round 7 is dealt by P3
