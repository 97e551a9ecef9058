"""A text the embosser file cannot braille is refused where it is written, as a card's
words are (kit/braillefit.py): the game's title at its line, a sheet's text at its line
and column, a label set's translation at its `.po` entry, a game list's value at its
item. Asked of `check` on the small game tiny (tests/tinygame.py), written here."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.project_copy import run
from tests.tinygame import DECK, game, sheets

SIGNLESS = "\u2605"  # ★: the font has it, Grade 1 braille has no sign for it
SHEETS = sheets("heading: Turn", 'text: "Play a card."')
WHY = "Unified English Braille, Grade 1 has no sign here for '\u2605' (U+2605)"


def _refused(
    root: Path, capsys: pytest.CaptureFixture[str], files: dict[str, str], *labels: str
) -> str:
    """The one line `check tiny --labels braille` (or the set `labels` names) says, tiny
    written under `root` with `files` in place of its own."""
    folder = root / "content" / "tiny"
    folder.mkdir(parents=True)
    written = {"game.yaml": game(["sheets.yaml"]), "deck.yaml": DECK, "sheets.yaml": SHEETS}
    for name, text in {**written, **files}.items():
        (folder / name).write_text(text, encoding="utf-8")
    asked = [
        "check",
        "tiny",
        "--content",
        str(root / "content"),
        "--labels",
        *(labels or ["braille"]),
    ]
    status, lines, _ = run(asked, capsys, root)
    assert status == 2 and len(lines) == 1, lines
    return lines[0]


def _at(text: str, written: str) -> str:
    """Line and column (from 1) where `written` starts in `text`, as an error names them."""
    before = text[: text.index(written)]
    return f"{before.count(chr(10)) + 1}:{len(before) - before.rfind(chr(10))}"


def test_the_game_title_is_refused_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    titled = game(["sheets.yaml"]).replace("title: Tiny", f"title: Tiny {SIGNLESS} game")
    line = _refused(tmp_path, capsys, {"game.yaml": titled})
    assert line == (
        f"content/tiny/game.yaml:{_at(titled, SIGNLESS)}: embosser file: braille for "
        f"'Tiny {SIGNLESS} game': {WHY}; write it another way, or give the set this game's "
        "own words (label set 'braille')"
    )


def test_a_sheets_text_is_refused_at_its_line_and_column(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    written = sheets("heading: Turn", f'text: "Play a {SIGNLESS} card."')
    line = _refused(tmp_path, capsys, {"sheets.yaml": written})
    assert line.startswith(f"content/tiny/sheets.yaml:{_at(written, SIGNLESS)}: embosser file: ")
    assert f"braille for 'Play a {SIGNLESS} card.': {WHY}" in line


def test_a_translation_is_refused_at_its_po_entry(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    catalogue = (
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        f'msgid "Turn"\nmsgstr "Zug {SIGNLESS}"\n'
    )
    (tmp_path / "mine.po").write_text(catalogue, encoding="utf-8")
    (tmp_path / "mine.yaml").write_text("extends: braille\ncatalogue: mine.po\n")
    line = _refused(tmp_path, capsys, {}, str(tmp_path / "mine.yaml"))
    assert line.startswith(f"mine.po:{_at(catalogue, SIGNLESS)}: embosser file: braille for ")


def test_a_game_lists_value_is_refused_at_its_item(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    listed = game(
        ["sheets.yaml"],
        f'lists:\n  rounds:\n    - {{way: "left"}}\n    - {{way: "{SIGNLESS} right"}}\n',
    )
    written = SHEETS + '      - for_each: {list: rounds, blocks: [{text: "Pass {way}."}]}\n'
    line = _refused(tmp_path, capsys, {"game.yaml": listed, "sheets.yaml": written})
    assert line.startswith(f"content/tiny/game.yaml:{_at(listed, SIGNLESS)}: embosser file: ")


# A word in capitals, longer than a line, with no place to divide it (its capitals
# indicator spans it): 48 cells.
UNDIVIDED = "PNEUMONOULTRAMICROSCOPICSILICOVOLCANOCONIOSIS"


def test_a_word_too_long_for_its_line_is_refused_at_its_line_and_column(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    written = sheets("heading: Turn", f'text: "Beware of {UNDIVIDED}."')
    line = _refused(tmp_path, capsys, {"sheets.yaml": written})
    assert line == (
        f"content/tiny/sheets.yaml:{_at(written, UNDIVIDED)}: embosser file: braille for "
        f"'Beware of {UNDIVIDED}.': a word of 48 cells does not fit a line of 38 "
        "(label set 'braille')"
    )


def test_a_title_too_long_for_its_line_is_refused_at_its_word(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    titled = game(["sheets.yaml"]).replace("title: Tiny", f"title: Tiny {UNDIVIDED}")
    line = _refused(tmp_path, capsys, {"game.yaml": titled})
    assert line.startswith(f"content/tiny/game.yaml:{_at(titled, UNDIVIDED)}: embosser file: ")
    assert "a word of 47 cells does not fit a line of 34" in line
