"""Input a user can write never ends in an internal error (exit 1): each is one line at its
place and exit 2 (issue 45)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.hostile_files import xlsx
from tests.load.test_pictures import ROWS, build_args, example
from tests.project_copy import run

REPO = Path(__file__).resolve().parents[2]
GAME = "content/pictures"
# The example's titles in Spanish, its cards' words not.
ES = "text: {Pictures: Imágenes, Picture cards: Cartas, picture cards: cartas}\n"


def refused(root: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> list[str]:
    """The build's stderr but its warnings (paths from the copy's root and the repository),
    once it exits 2 with no kit written."""
    code, lines, _ = run(build_args(root, root / "out", "--quiet", *extra), capsys, root)
    assert code == 2, lines
    assert not (root / "out").exists() or not any((root / "out").rglob("*.pdf"))
    return [line.replace(f"{REPO}/", "") for line in lines if not line.startswith("warning:")]


def deck_in(root: Path, label: str, kind: str) -> None:
    """The example's sun labelled `label`, its deck read from cards.`kind`."""
    if kind == "csv":
        example(root, ROWS.replace(",SUN\n", f",{label}\n"))
        return
    example(root)
    xlsx(root / GAME / "cards.xlsx", label=label)
    deck = root / GAME / "deck.yaml"
    deck.write_text(deck.read_text().replace("{from: cards.csv}", "{from: cards.xlsx}"))


@pytest.mark.parametrize(("kind", "column"), [("xlsx", 1), ("csv", 41)], ids=["xlsx", "csv"])
def test_an_unknown_icon_in_a_spreadsheet_cell_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str, column: int
) -> None:
    """A workbook is no text to search for the icon: its card's row is the place."""
    deck_in(tmp_path, "{icon:nope}", kind)
    assert refused(tmp_path, capsys)[0] == (
        f"{GAME}/cards.{kind}:2:{column}: unknown icon 'nope' in {{icon:nope}}"
    )


@pytest.mark.parametrize("kind", ["xlsx", "csv"])
def test_an_empty_cell_a_layout_needs_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    deck_in(tmp_path, "", kind)
    assert refused(tmp_path, capsys)[0] == f"{GAME}/cards.{kind}:2:1: unknown name {{label}}"


@pytest.mark.parametrize(("kind", "column"), [("xlsx", 1), ("csv", 41)], ids=["xlsx", "csv"])
def test_a_spreadsheet_deck_under_a_spanish_label_set_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str, column: int
) -> None:
    """The Spanish set lacks the sun's label, which the spreadsheet's row wrote."""
    deck_in(tmp_path, "SUN", kind)
    (tmp_path / GAME / "labels").mkdir()
    (tmp_path / GAME / "labels/es.yaml").write_text(ES, encoding="utf-8")
    assert refused(tmp_path, capsys, "--labels", "es")[0] == (
        f"{GAME}/cards.{kind}:2:{column}: label set 'es' (labels/es.yaml) is complete but has no "
        "text for 'SUN'"
    )
