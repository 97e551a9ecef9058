"""A spreadsheet deck's cells read as a designer means them, and named when they are wrong.

The game is the one `shapes-print new` writes, its cards read from `bugs.csv` (or a
workbook) and drawn with a layout `bug` of its own: a plural of the `legs` column and a
`label` in a box one line high.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from shapes_print.commands.cli import main
from shapes_print.errors import Source, UserError
from shapes_print.load.spreadsheet import cards_from_sheet
from shapes_print.load.yamlsrc import Document
from tests.hostile_files import xlsx
from tests.project_copy import run

GAME = "my-game"
BUG_LAYOUT = """\
  bug:
    elements:
      - {kind: rect, name: face, box: [0mm, 0mm, 100%, 100%], fill: "#FFFFFF", bleed: true}
      - {kind: text, name: legs, box: [5mm, 10mm, 100% - 10mm, 20mm],
         text: "{legs, plural, =0 {no legs} one {# leg} other {# legs}}", size: 12pt}
      - {kind: text, name: label, box: [5mm, 40mm, 100% - 10mm, 10mm], text: "{label}",
         size: 22pt, min_size: 20pt}
"""
HEADER = "id,name,count,layout,back,legs,label"
ANT = "ant,ants,9,bug,standard,6,ANT"
SPIDER = "spider,spiders,9,bug,standard,8,SPIDER"


def bug_game(content: Path, sheet: str = "bugs.csv") -> Path:
    """The `new` game with its deck read from `sheet` and the layout `bug` added; its
    high-contrast colours for the suits it no longer has left out. The game's folder."""
    assert main(["new", GAME, "--content", str(content)]) == 0
    folder = content / GAME
    layouts = folder / "cards/my-cards.yaml"
    layouts.write_text(layouts.read_text(encoding="utf-8") + BUG_LAYOUT, encoding="utf-8")
    deck = folder / "deck.yaml"
    text = deck.read_text(encoding="utf-8")
    deck.write_text(text[: text.index("cards:\n")] + f"cards: {{from: {sheet}}}\n")
    colours = folder / "labels/high-contrast.yaml"
    text = colours.read_text(encoding="utf-8")
    colours.write_text(text[: text.index("\ngroups:") + 1] + text[text.index("\nbacks:") + 1 :])
    return folder


def check(content: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> tuple[int, str]:
    """Exit status and stderr of `check` of the game (paths from `content`)."""
    capsys.readouterr()
    code, lines, _ = run(["check", GAME, "--content", str(content), *extra], capsys, content)
    return code, "\n".join(lines)


def csv_game(tmp_path: Path, *rows: str) -> Path:
    folder = bug_game(tmp_path / "games")
    (folder / "bugs.csv").write_text("\n".join((HEADER, *rows)) + "\n", encoding="utf-8")
    return tmp_path / "games"


def test_a_csv_column_of_numbers_is_numbers_as_a_workbooks_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    content = csv_game(tmp_path, ANT, SPIDER)
    code, err = check(content, capsys)
    assert code == 0 and "bugs.csv" not in err


def test_a_csv_number_keeps_the_digits_it_is_written_with(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A cell reads as the number YAML would read it as; 007 or +5 stay text as written."""
    sheet = tmp_path / "cards.csv"
    sheet.write_text("id,count,layout,back,a,b,c,d,e\nx,1,l,b,6,-2,1.50,007,+5\n")
    doc = cards_from_sheet(Document(tmp_path / "deck.yaml", {"cards": {"from": "cards.csv"}}))
    fields = doc.data["cards"][0]["fields"]
    assert fields == {"a": 6, "b": -2, "c": fields["c"], "d": "007", "e": "+5"}
    assert str(fields["c"]) == "1.50" and not isinstance(fields["c"], str)


@pytest.mark.parametrize(
    ("row", "error"),
    [
        (
            "spider,spiders,9,bugg,standard,8,SPIDER",
            "bugs.csv:3:4: layout 'bugg' is not in template 'my-cards'",
        ),
        (
            "spider,spiders,9,bug,standard,eight,SPIDER",
            "bugs.csv:3:6: {legs, plural} needs a whole number, got 'eight'",
        ),
        (
            "spider,spiders,9,bug,standard,8,SPIDERS AND SCORPIONS",
            "bugs.csv:3:7: card 'spider', element 'label': text 'SPIDERS AND SCORPIONS' does not fit",
        ),
    ],
)
def test_an_error_from_a_row_names_the_cell_of_its_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], row: str, error: str
) -> None:
    code, err = check(csv_game(tmp_path, ANT, row), capsys)
    assert code == 2 and err.count("\n") == 0 and "Traceback" not in err
    assert err.startswith(f"{GAME}/{error}"), err


@pytest.mark.parametrize(
    "row", ["spider,spiders,9,bug,standard,8,", "spider,spiders,9,bug,standard,8"]
)
def test_an_empty_cell_a_text_needs_is_named_at_that_cell(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], row: str
) -> None:
    """Written empty or left off the end of a short row, the cell is the place to fix."""
    code, err = check(csv_game(tmp_path, ANT, row), capsys)
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"{GAME}/bugs.csv:3:7: column 'label' is empty"), err
    assert err.endswith("when: label"), err


def _row(number: int, count: str, label: str = "") -> str:
    """Row `number` of a sheet: a `moon` card of the `picture` layout, its count and label
    cells (XML) as given."""
    text = '<c r="{}{}" t="inlineStr"><is><t>{}</t></is></c>'
    cells = [text.format("A", number, "moon"), count.format(number)]
    cells += [text.format(c, number, v) for c, v in (("D", "picture"), ("E", "standard"))]
    return f'<row r="{number}">{"".join(cells)}{label.format(number)}</row>'


@pytest.mark.parametrize(
    ("row", "column", "error"),
    [
        (_row(3, '<c r="C{}"><f>2+2</f></c>'), 3, "column 'count': the formula =2+2"),
        (_row(3, '<c r="C{}"><f>1+1</f><v /></c>'), 3, "column 'count': the formula =1+1"),
        (
            _row(3, '<c r="C{}"><v>1</v></c>', '<c r="G{0}"><f>A{0}&amp;"!"</f></c>'),
            7,
            "column 'label': the formula =A3&\"!\"",
        ),
    ],
)
def test_a_formula_with_no_saved_result_says_so_and_how_to_get_one(
    tmp_path: Path, row: str, column: int, error: str
) -> None:
    """A script writing a workbook writes formulas with no result; the reader sees nothing."""
    path = tmp_path / "cards.xlsx"
    xlsx(path, extra=row)
    with pytest.raises(UserError) as raised:
        cards_from_sheet(Document(tmp_path / "deck.yaml", {"cards": {"from": "cards.xlsx"}}))
    assert raised.value.source == Source(path, 3, column)
    assert raised.value.message.startswith(f"{error} has no saved result"), raised.value.message
    assert "saved with its result: open the workbook in a spreadsheet program and save it" in (
        raised.value.message
    )


@pytest.mark.parametrize(
    ("row", "column", "error"),
    [
        (
            _row(3, '<c r="C{}" t="e"><v>#DIV/0!</v></c>'),
            3,
            "column 'count': the cell holds the error #DIV/0!,",
        ),
        (
            _row(
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
    path = tmp_path / "cards.xlsx"
    xlsx(path, extra=row)
    with pytest.raises(UserError) as raised:
        cards_from_sheet(Document(tmp_path / "deck.yaml", {"cards": {"from": "cards.xlsx"}}))
    assert raised.value.source == Source(path, 3, column)
    assert raised.value.message.startswith(error), raised.value.message


def test_a_formulas_saved_empty_text_is_an_empty_cell(tmp_path: Path) -> None:
    """`<v></v>` of a text result (t="str") is saved: the cell is empty, not unsaved."""
    path = tmp_path / "cards.xlsx"
    xlsx(path, extra=_row(3, '<c r="C{}" t="str"><f>""</f><v></v></c>'))
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
    xlsx(path, extra=_row(3, '<c r="C{}"><f>2+2</f><v>4</v></c>'))
    doc = cards_from_sheet(Document(tmp_path / "deck.yaml", {"cards": {"from": "cards.xlsx"}}))
    assert [card["count"] for card in doc.data["cards"]] == [6, 4]


def test_an_element_with_no_room_on_a_smaller_card_is_named_at_its_layout_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A box 50 mm narrower than the card fits a poker card (63.5 mm) and not a mini (44 mm)."""
    content = csv_game(tmp_path, ANT, SPIDER)
    layouts = content / GAME / "cards/my-cards.yaml"
    text = layouts.read_text(encoding="utf-8")
    layouts.write_text(
        text.replace("[5mm, 10mm, 100% - 10mm, 20mm]", "[5mm, 10mm, 100% - 50mm, 20mm]")
    )
    line = next(n for n, row in enumerate(text.splitlines(), 1) if "name: legs" in row)
    out = tmp_path / "out"
    args = ["build", GAME, "--content", str(content), "--out", str(out), "--players", "2"]
    code, lines, _ = run([*args, "--paper", "a4", "--card-size", "mini", "-q"], capsys, content)
    assert code == 2 and len(lines) == 1, lines
    assert lines[0] == (
        f"{GAME}/cards/my-cards.yaml:{line}:9: card 'ant' (layout 'bug'): element 'legs', a "
        "text box, has no room on a 44.0 x 63.0 mm card: it is -6.0 mm wide"
    )


@pytest.mark.parametrize(
    "cell",
    ['"2-3: 9, 4-5: 12"', '"{""2-3"": 9, ""4-5"": 12}"', "2-3: 9; 4-5: 12", '"2: 0, 3-5: 12"'],
)
def test_a_count_cell_may_be_a_table_by_players_as_in_yaml(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], cell: str
) -> None:
    """`2-3: 9, 4-5: 12` (braces and quotes as YAML writes the table, too; 0 leaves a card
    out at those counts): the card's copies follow the player count."""
    content = csv_game(tmp_path, ANT.replace(",9,", ",12,"), SPIDER.replace(",9,", f",{cell},"))
    code, err = check(content, capsys, "--labels", "standard")  # counts: one set says them
    assert code == 0 and "bugs.csv" not in err, err
    doc = cards_from_sheet(Document(content / GAME / "deck.yaml", {"cards": {"from": "bugs.csv"}}))
    expected = {"2": 0, "3-5": 12} if "2: 0" in cell else {"2-3": 9, "4-5": 12}
    assert doc.data["cards"][1]["count"] == expected


@pytest.mark.parametrize(
    ("cell", "error"),
    [
        ('"2-3: 9"', "bugs.csv:3:3: column 'count': no entry for 4, 5 players"),
        ('"2-5: 9, 6-7: 1"', "bugs.csv:3:3: column 'count': '6-7' is outside the game's 2-5"),
        ('"2-3: 9, 4-5"', "bugs.csv:3:3: column 'count': '4-5' is not an entry like 2-3: 1"),
        (
            "0",
            "bugs.csv:3:3: column 'count': must be a whole number above 0 or a table by "
            "players (2-3: 1, 4-5: 2), got 0",
        ),
        (
            "6.5",
            "bugs.csv:3:3: column 'count': must be a whole number above 0 or a table by "
            "players (2-3: 1, 4-5: 2), got 6.5",
        ),
    ],
)
def test_a_count_table_that_misses_a_player_count_names_its_cell(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], cell: str, error: str
) -> None:
    content = csv_game(tmp_path, ANT, SPIDER.replace(",9,", f",{cell},"))
    code, err = check(content, capsys)
    assert code == 2 and err.startswith(f"{GAME}/{error}"), err


def test_a_workbooks_errors_name_their_cells_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The same places from an .xlsx: the unknown layout in D3, the label too long in G2,
    the label missing in G3."""
    from PIL import Image

    content = tmp_path / "games"
    folder = bug_game(content, "bugs.xlsx")
    (folder / "art").mkdir(exist_ok=True)
    Image.new("RGB", (600, 600), "orange").save(folder / "art/sun.png")
    art = '<c r="F{}" t="inlineStr"><is><t>art/sun.png</t></is></c>'
    moon = _row(3, '<c r="C{}"><v>9</v></c>', art)  # 15 cards: enough for every player count
    xlsx(folder / "bugs.xlsx", extra=moon.replace("picture", "pictur"))
    code, err = check(content, capsys)
    assert code == 2 and err.startswith(f"{GAME}/bugs.xlsx:3:4: layout 'pictur' is not in"), err
    xlsx(folder / "bugs.xlsx", extra=moon, label="SUNS AND MOONS AND STARS")
    code, err = check(content, capsys)
    assert code == 2 and err.startswith(f"{GAME}/bugs.xlsx:2:7: card 'sun', element 'label'"), err
    xlsx(folder / "bugs.xlsx", extra=moon)  # the moon's row stops before its label
    code, err = check(content, capsys)
    assert code == 2 and err.startswith(f"{GAME}/bugs.xlsx:3:7: column 'label' is empty"), err


def test_the_example_games_group_colours_name_their_file_and_say_how_to_fix_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The `new` game's high-contrast colours are by suit: once its cards come from a
    sheet without a `group` column, its own label file names groups no card is in."""
    content = csv_game(tmp_path, ANT, SPIDER)
    colours = content / GAME / "labels/high-contrast.yaml"
    text = colours.read_text(encoding="utf-8")
    colours.write_text(text.replace("\nbacks:", '\ngroups:\n  sun: {colour: "#FFFFFF"}\nbacks:'))
    code, err = check(content, capsys)
    line = text[: text.index("\nbacks:")].count("\n") + 3
    assert (code, err.splitlines()) == (
        2,
        [
            f"{GAME}/labels/high-contrast.yaml:{line}:3: {GAME} has no card group 'sun' "
            "(groups: none)",
            "hint: a card is in a group by its `group:` (a spreadsheet's `group` column); "
            "give the cards one, or remove the entry",
        ],
    )
