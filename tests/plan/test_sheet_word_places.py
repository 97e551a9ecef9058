"""A problem in a sheet's translated words (a heading, a step, a table's title or cell) is
named at the label set's line that translates it, as a card's word is, not at the English
source: the mending belongs in the translation (a `.po` entry, a `text:` line)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from shapes_print.load.defaults import DEFAULT_LABELS
from tests.ownlabelset import refusal_of_own_label_set

HEBREW = "כל סיבוב"
RIGHT_TO_LEFT = "right-to-left letters would print unjoined and in reverse order"
SHEET_TEXTS = [
    "Each round: pick, lock, pass",  # a subheading
    "Point to the direction arrow before starting.",  # a bullet
    "Your three kept cards",  # a table's column title
    "Three identical shapes",  # a table's cell
]


@pytest.mark.parametrize("english", SHEET_TEXTS)
def test_a_sheet_word_is_named_at_its_text_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], english: str
) -> None:
    mine = tmp_path / "mine.yaml"
    written = f'extends: standard\ntext:\n  "{english}": "{HEBREW}"\n'
    error = refusal_of_own_label_set(capsys, mine, written, "pass-and-pick")
    (line,) = error.strip().splitlines()
    assert line.startswith(f"{mine}:3:3: ") and RIGHT_TO_LEFT in line, line


def test_a_sheet_word_is_named_at_its_catalogue_entry(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shutil.copy(DEFAULT_LABELS / "de.yaml", tmp_path / "de.yaml")
    english = "Each round: pick, lock, pass"
    catalogue = (DEFAULT_LABELS / "de.po").read_text(encoding="utf-8")
    entry = f'msgid "{english}"\nmsgstr "Jede Runde: wählen, festlegen, weitergeben"'
    assert entry in catalogue
    translated = catalogue.replace(entry, f'msgid "{english}"\nmsgstr "{HEBREW}"')
    (tmp_path / "de.po").write_text(translated, encoding="utf-8")
    written = (tmp_path / "de.yaml").read_text(encoding="utf-8")
    error = refusal_of_own_label_set(capsys, tmp_path / "de.yaml", written, "pass-and-pick")
    (line,) = error.strip().splitlines()
    number = translated.splitlines().index(f'msgstr "{HEBREW}"') + 1
    assert re.match(rf"{re.escape(str(tmp_path / 'de.po'))}:{number}:\d+: text: ", line), line
    assert RIGHT_TO_LEFT in line, line
