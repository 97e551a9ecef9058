"""A spreadsheet deck's cells read as a designer means them, and named when they are wrong.

The game is the one `shapes-print new` writes, its cards read from `bugs.csv` (or a
workbook) and drawn with a layout `bug` of its own: a plural of the `legs` column and a
`label` in a box one line high.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from shapes_print.commands.cli import main
from shapes_print.load.spreadsheet import cards_from_sheet
from shapes_print.load.yamlsrc import Document
from tests.hostile_files import sheet_row, xlsx
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
    high-contrast colours and colour-blind cues for the suits it no longer has left out.
    The game's folder."""
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
    (folder / "labels/colour-blind.yaml").unlink()  # its suits' cues alone
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
    moon = sheet_row(3, '<c r="C{}"><v>9</v></c>', art)  # 15 cards: enough for every player count
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


@pytest.mark.parametrize("sheet", ["bugs.csv", "bugs.xlsx"])
def test_a_text_a_label_set_lacks_is_named_at_its_cell(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], sheet: str
) -> None:
    """The cell's own row and column: not a character of the CSV's line, nor a workbook's
    column A; and so in the comments `labels new` writes beside each text."""
    from PIL import Image

    content = tmp_path / "games"
    folder = bug_game(content, sheet)
    rows = (ANT, SPIDER.replace("SPIDER", "ARAÑA"))
    if sheet == "bugs.csv":
        (folder / sheet).write_text("\n".join((HEADER, *rows)) + "\n", encoding="utf-8")
        cell = "bugs.csv:3:7"
    else:  # the sun (G2 its label) and a moon: cards enough for every player count
        (folder / "art").mkdir(exist_ok=True)
        Image.new("RGB", (600, 600), "orange").save(folder / "art/sun.png")
        art = '<c r="F{0}" t="inlineStr"><is><t>art/sun.png</t></is></c>'
        art += '<c r="G{0}" t="inlineStr"><is><t>MOON</t></is></c>'
        xlsx(folder / sheet, extra=sheet_row(3, '<c r="C{}"><v>9</v></c>', art), label="ARAÑA")
        cell = "bugs.xlsx:2:7"
    code, err = check(content, capsys, "--labels", "es")
    lacking = [line for line in err.splitlines() if line.endswith("no text for 'ARAÑA'")]
    assert code == 2 and len(lacking) == 1, err
    assert lacking[0].startswith(f"{GAME}/{cell}: label set 'es' "), lacking
    code, _, _ = run(
        ["labels", "new", "fr", "--game", GAME, "--content", str(content)], capsys, content
    )
    written = (folder / "labels/fr.yaml").read_text(encoding="utf-8")
    assert code == 0 and f'"ARAÑA": "ARAÑA"  # {cell}\n' in written, written


def test_braille_a_cell_spells_is_named_at_that_cell(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A braille zone spells the card's words, its legs and its `label`: the label's cell,
    whose letter the code lacks, is the place to change."""
    content = csv_game(tmp_path, ANT, SPIDER.replace("SPIDER", "ARAÑÈ"))
    code, err = check(content, capsys, "--labels", "braille-es")
    assert code == 2 and err.startswith(
        f"{GAME}/bugs.csv:3:7: card 'spider', element 'card-braille': braille for '8 legs arañè': "
    ), err
