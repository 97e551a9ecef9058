"""Decks from spreadsheets: `cards: {from: cards.csv}` (or .xlsx, .ods), a row per card type."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from shapes_print.errors import Source
from shapes_print.load.spreadsheet import cards_from_sheet
from shapes_print.load.yamlsrc import Document
from tests.project_copy import build_args, copy_project, run

SHEETS = Path(__file__).parents[1] / "sheets"
DECK = "content/pass-and-pick/deck.yaml"
CSV = "content/pass-and-pick/cards.csv"
# Pass and pick's three card types, as a spreadsheet program saves them (a BOM, CRLF).
SHEET = (
    "\ufeffid,name,count,layout,back,shape,label,colour,pattern,pattern_colour\r\n"
    "circle,circles,6,shape,standard,circle,CIRCLE,#56B4E9,none,#000000\r\n"
    "triangle,triangles,6,shape,standard,triangle,TRIANGLE,#E69F00,none,#000000\r\n"
    ",,,,,,,,,\r\n"
    "square,squares,6,shape,standard,square,SQUARE,#009E73,none,#000000\r\n"
)


def yaml_cards_replaced(text: str) -> str:
    """The deck file with its `cards:` list replaced by `cards: {from: cards.csv}`."""
    head, _, tail = text.partition("cards:\n")
    rest = tail[tail.index("\n# ") :] if "\n# " in tail else ""
    return f"{head}cards: {{from: cards.csv}}\n{rest}"


def build(root: Path, out: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """Exit status and stderr (paths from the copy's root) of a 4-player A4 build."""
    args = build_args(root, out, "--players", "4", "--paper", "a4", "--quiet")
    code, lines, _ = run(args, capsys, root)
    return code, "\n".join(lines)


def csv_deck(root: Path, sheet: str = SHEET) -> Path:
    deck = (Path(__file__).parents[2] / DECK).read_text(encoding="utf-8")
    return copy_project(root, [(DECK, None, yaml_cards_replaced(deck)), (CSV, None, sheet)])


def test_a_csv_deck_prints_the_same_bytes_as_the_yaml_deck_it_copies(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    yaml_root, csv_root = copy_project(tmp_path / "yaml"), csv_deck(tmp_path / "csv")
    assert "cards: {from: cards.csv}" in (csv_root / DECK).read_text()
    built = []
    for root in (yaml_root, csv_root):
        out = root / "out"
        code, _ = build(root, out, capsys)
        assert code == 0
        built.append(sorted((out / "pass-and-pick/a4/4-players").glob("*.pdf")))
    assert [p.name for p in built[0]] == [p.name for p in built[1]]
    for yaml_pdf, csv_pdf in zip(*built, strict=True):
        assert yaml_pdf.read_bytes() == csv_pdf.read_bytes(), yaml_pdf.name


@pytest.mark.parametrize(
    ("row", "error"),
    [
        (
            "square,squares,six,shape,standard,square,SQUARE,#009E73,none,#000000",
            "cards.csv:5:3: column 'count': must be a whole number above 0 or a table by players "
            "(2-3: 1, 4-5: 2), got 'six'",
        ),
        (
            "Square 1,squares,6,shape,standard,square,SQUARE,#009E73,none,#000000",
            "cards.csv:5:1: column 'id': 'Square 1' may only use a-z, 0-9 and -",
        ),
        (
            "square,squares,6,shape,standrad,square,SQUARE,#009E73,none,#000000",
            "cards.csv:5:5: no back named 'standrad' (known: standard)",
        ),
        (
            "square,squares,6,shape,,square,SQUARE,#009E73,none,#000000",
            "cards.csv:5:5: column 'back': is empty; every card needs one",
        ),
        (
            "square,squares,6,shape,standard,square,SQUARE,#009E73,none,#000000,extra",
            "cards.csv:5:11: this column has no header in row 1: name it there",
        ),
        (
            "square,squares,6,shape,standard,squar,SQUARE,#009E73,none,#000000",
            "cards.csv:5:6: card 'square': unknown shape 'squar' (field 'shape')",
        ),
        (
            "square,squares,6,shape,standard,square,SQUARE,#009E73,zigzag,#000000",
            "cards.csv:5:9: unknown pattern 'zigzag' (field 'pattern')",
        ),
        (
            "square,squares,6,shape,standard,square,SQUARE,#009E73,none,black",
            "cards.csv:5:10: pass-and-pick card 'square' shape pattern_colour: colour must look like",
        ),
    ],
)
def test_a_bad_cell_is_named_by_row_and_column(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], row: str, error: str
) -> None:
    root = csv_deck(tmp_path, SHEET.replace(SHEET.splitlines()[-1], row))
    code, err = build(root, tmp_path / "out", capsys)
    assert code == 2
    assert err.count("\n") <= 1 and "Traceback" not in err
    assert f"content/pass-and-pick/{error}" in err
    assert not (tmp_path / "out").exists()


def test_a_column_no_layout_reads_is_refused_with_did_you_mean(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sheet = SHEET.replace(",colour,", ",colur,")
    root = csv_deck(tmp_path, sheet)
    code, err = build(root, tmp_path / "out", capsys)
    assert code == 2
    assert "content/pass-and-pick/cards.csv:2:8: field 'colur' is read by no layout" in err
    assert "did you mean 'colour'?" in err


def test_a_missing_key_column_and_a_path_outside_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = csv_deck(tmp_path, SHEET.replace("count,", "amount,"))
    code, err = build(root, tmp_path / "out", capsys)
    assert code == 2 and "cards.csv:1:1: no 'count' column among the headers" in err
    deck = root / DECK
    deck.write_text(deck.read_text().replace("{from: cards.csv}", "{from: ../../cards.csv}"))
    code, err = build(root, tmp_path / "out", capsys)
    assert code == 2 and "'../../cards.csv' points outside the deck file's folder" in err
    assert "deck.yaml:" in err


def loaded(path: Path, sheet: str | None = None) -> Document:
    spec = {"from": path.name, **({"sheet": sheet} if sheet else {})}
    doc = Document(path.parent / "deck.yaml", {"backs": {}, "cards": spec})
    return cards_from_sheet(doc)


@pytest.mark.parametrize("name", ["cards.xlsx", "cards.ods"])
def test_workbooks_read_as_rows_with_numbers_whole(tmp_path: Path, name: str) -> None:
    """Tiny workbooks written without a spreadsheet library (tests/sheets): an empty row is
    skipped, a count of 2.0 is the card count 2, a number field stays a number."""
    shutil.copy(SHEETS / name, tmp_path / name)
    doc = loaded(tmp_path / name)
    assert doc.data["cards"] == [
        {
            "id": "sun-1",
            "name": "sun",
            "count": 2,
            "layout": "number",
            "back": "plain",
            "fields": {"colour": "#E69F00", "number": 1},
        },
        {
            "id": "moon-2",
            "name": "moon",
            "count": 1,
            "layout": "number",
            "back": "plain",
            "fields": {"colour": "#56B4E9", "number": 2},
        },
    ]
    assert doc.source(("cards", 1, "fields", "colour")) == Source(tmp_path / name, 4, 6)


def test_a_workbook_starting_lower_keeps_the_row_and_column_it_shows(tmp_path: Path) -> None:
    """offset.xlsx starts at B3: its cells are named as the spreadsheet shows them."""
    shutil.copy(SHEETS / "offset.xlsx", tmp_path / "offset.xlsx")
    doc = loaded(tmp_path / "offset.xlsx", sheet="Cards")
    assert [card["id"] for card in doc.data["cards"]] == ["sun-1", "moon-2"]
    assert doc.source(("cards", 0, "count")) == Source(tmp_path / "offset.xlsx", 4, 4)
    with pytest.raises(Exception, match=r"no sheet 'Other' in offset.xlsx \(sheets: Cards\)"):
        loaded(tmp_path / "offset.xlsx", sheet="Other")
