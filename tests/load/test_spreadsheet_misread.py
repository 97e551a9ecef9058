"""A workbook's or a CSV file's cells the reader would misread, named for what they hold.

A formula with no saved result and an error cell read as empty, a quote never closed
takes the rest of a CSV file as one cell, a workbook's first sheet may not be the cards:
each is named at its cell, saying what it is and how to fix it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from shapes_print.errors import Source, UserError
from shapes_print.load.spreadsheet import cards_from_sheet
from shapes_print.load.yamlsrc import Document
from tests.hostile_files import sheet_row, xlsx


@pytest.mark.parametrize(
    ("row", "column", "error"),
    [
        (sheet_row(3, '<c r="C{}"><f>2+2</f></c>'), 3, "column 'count': the formula =2+2"),
        (sheet_row(3, '<c r="C{}"><f>1+1</f><v /></c>'), 3, "column 'count': the formula =1+1"),
        (
            sheet_row(3, '<c r="C{}"><v>1</v></c>', '<c r="G{0}"><f>A{0}&amp;"!"</f></c>'),
            7,
            "column 'label': the formula =A3&\"!\"",
        ),
    ],
)
def test_a_formula_with_no_saved_result_says_so_and_how_to_get_one(
    tmp_path: Path, row: str, column: int, error: str
) -> None:
    """A script writing a workbook writes formulas with no result; the reader sees nothing."""
    refused = _refused(tmp_path, row, column)
    assert refused.message.startswith(f"{error} has no saved result"), refused.message
    assert "saved with its result: open the workbook in a spreadsheet program and save it" in (
        refused.message
    )


@pytest.mark.parametrize(
    ("row", "column", "error"),
    [
        (
            sheet_row(3, '<c r="C{}" t="e"><v>#DIV/0!</v></c>'),
            3,
            "column 'count': the cell holds the error #DIV/0!,",
        ),
        (
            sheet_row(
                3,
                '<c r="C{}"><v>1</v></c>',
                '<c r="G{}" t="e"><f>VLOOKUP(A1,B:B,1)</f><v>#N/A</v></c>',
            ),
            7,
            "column 'label': the cell holds the error #N/A (its formula =VLOOKUP(A1,B:B,1) gives it),",
        ),
    ],
)
def test_an_error_cell_is_named_with_its_error_not_as_empty(
    tmp_path: Path, row: str, column: int, error: str
) -> None:
    """The reader reads `#DIV/0!` as an empty cell; the error is what to fix."""
    refused = _refused(tmp_path, row, column)
    assert refused.message.startswith(error), refused.message


def _refused(folder: Path, row: str, column: int) -> UserError:
    """The mistake a workbook with `row` in it is refused for, named at row 3's `column`."""
    path = folder / "cards.xlsx"
    xlsx(path, extra=row)
    with pytest.raises(UserError) as raised:
        cards_from_sheet(Document(folder / "deck.yaml", {"cards": {"from": "cards.xlsx"}}))
    assert raised.value.source == Source(path, 3, column)
    return raised.value


def test_a_formulas_saved_empty_text_is_an_empty_cell(tmp_path: Path) -> None:
    """`<v></v>` of a text result (t="str") is saved: the cell is empty, not unsaved."""
    path = tmp_path / "cards.xlsx"
    xlsx(path, extra=sheet_row(3, '<c r="C{}" t="str"><f>""</f><v></v></c>'))
    with pytest.raises(UserError) as raised:
        cards_from_sheet(Document(tmp_path / "deck.yaml", {"cards": {"from": "cards.xlsx"}}))
    assert raised.value.message == "column 'count': is empty; every card needs one"


def test_a_workbooks_first_sheet_without_the_cards_names_the_sheet_and_the_others(
    tmp_path: Path,
) -> None:
    path = tmp_path / "cards.xlsx"
    xlsx(path, notes="This sheet is notes, not cards")
    with pytest.raises(UserError) as raised:
        cards_from_sheet(Document(tmp_path / "deck.yaml", {"cards": {"from": "cards.xlsx"}}))
    assert raised.value.source == Source(path, 1, 1)
    assert raised.value.message == (
        "no 'id' column among the headers of the first sheet, 'Notes' (This sheet is notes, "
        "not cards); to read another sheet, add sheet: NAME beside from: in the deck file "
        "(the workbook's other sheets: 'Cards')"
    )
    spec = {"from": "cards.xlsx", "sheet": "Cards"}
    doc = cards_from_sheet(Document(tmp_path / "deck.yaml", {"cards": spec}))
    assert [card["id"] for card in doc.data["cards"]] == ["sun"]


@pytest.mark.parametrize(
    ("rows", "where", "line"),
    [
        (['comet,"comets,1,picture,standard', "nova,novas,1,picture,standard"], (2, 2), 2),
        (
            ['comet,"com""e""ts",1,picture,"stan\ndard"', 'nova,novas,1,picture,"standard'],
            (3, 5),
            4,
        ),
    ],
)
def test_a_quote_never_closed_is_named_where_it_opens(
    tmp_path: Path, rows: list[str], where: tuple[int, int], line: int
) -> None:
    """The reader takes the rest of the file as the quoted cell; its row and column are
    where the quote opens (a quoted line break counts in the line, not the row)."""
    path = tmp_path / "cards.csv"
    path.write_text("\n".join(["id,name,count,layout,back", *rows]) + "\n", encoding="utf-8")
    with pytest.raises(UserError) as raised:
        cards_from_sheet(Document(tmp_path / "deck.yaml", {"cards": {"from": "cards.csv"}}))
    assert raised.value.source == Source(path, *where)
    assert raised.value.message == (
        f'this cell opens a quote (") on line {line} that is never closed, so the rest of the '
        'file reads as this one cell; close it with a second " or remove it'
    )


def test_a_formula_with_its_saved_result_reads_as_that_result(tmp_path: Path) -> None:
    path = tmp_path / "cards.xlsx"
    xlsx(path, extra=sheet_row(3, '<c r="C{}"><f>2+2</f><v>4</v></c>'))
    doc = cards_from_sheet(Document(tmp_path / "deck.yaml", {"cards": {"from": "cards.xlsx"}}))
    assert [card["count"] for card in doc.data["cards"]] == [6, 4]
