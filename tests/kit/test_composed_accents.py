"""Accents typed decomposed (e and U+0301, as macOS or Poedit may save them) or precomposed
(é) are one text: a label set's `text:` key and a catalogue's msgid match the content's
text either way (Unicode NFC forms are compared), and the words print precomposed."""

from __future__ import annotations

import shutil
import unicodedata
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from shapes_print.load.defaults import DEFAULT_LABELS
from tests.project_copy import GAME, build_args, copy_project, run

COMPOSED, DECOMPOSED = "Caf\u00e9", "Cafe\u0301"
HEADING = "Do not change a locked choice after seeing a neighbor's card."


def _check(
    root: Path, labels: Path, capsys: pytest.CaptureFixture[str], *games: str
) -> tuple[int, list[str]]:
    args = ["check", *games, "--content", str(root / "content"), "--templates"]
    status, lines, _ = run([*args, str(root / "templates"), "--labels", str(labels)], capsys, root)
    return status, lines


def test_a_decomposed_text_key_translates_the_precomposed_content(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    edits = [
        ("content/pass-and-pick/sheets.yaml", HEADING, f"{COMPOSED} round"),
        ("content/pass-and-pick/deck.yaml", "label: CIRCLE", f"label: {DECOMPOSED}"),
    ]
    root = copy_project(tmp_path, edits)
    mine = tmp_path / "mine.yaml"
    text = f'  "{DECOMPOSED} round": "Kawiarnia"\n  "{COMPOSED}": "KAWA"\n'
    mine.write_text(f"extends: standard\ncomplete: false\ntext:\n{text}", encoding="utf-8")
    assert _check(root, mine, capsys) == (0, [])
    out = tmp_path / "out"
    status, lines, _ = run(build_args(root, out, "--labels", str(mine)), capsys, root)
    assert (status, lines) == (0, [])
    printed = "".join(
        page.get_textpage().get_text_range()
        for pdf in sorted(out.rglob("*.pdf"))
        for page in pdfium.PdfDocument(pdf)
    )
    assert "Kawiarnia" in printed and "KAWA" in printed
    assert COMPOSED not in printed and DECOMPOSED not in printed


def test_the_content_prints_decomposed_accents_precomposed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = copy_project(tmp_path, [("content/pass-and-pick/sheets.yaml", HEADING, DECOMPOSED)])
    out = tmp_path / "out"
    status, lines, _ = run(build_args(root, out), capsys, root)
    assert (status, lines) == (0, [])
    sheets = next(out.rglob("*_sheets.pdf"))
    printed = "".join(p.get_textpage().get_text_range() for p in pdfium.PdfDocument(sheets))
    assert COMPOSED in printed and DECOMPOSED not in printed


def test_a_decomposed_msgid_translates_the_precomposed_content(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = copy_project(tmp_path, [("content/pass-and-pick/sheets.yaml", HEADING, COMPOSED)])
    shutil.copy(DEFAULT_LABELS / "de.yaml", tmp_path / "de.yaml")
    catalogue = (DEFAULT_LABELS / "de.po").read_text(encoding="utf-8")
    assert catalogue.count(f'msgid "{HEADING}"') == 1
    written = catalogue.replace(f'msgid "{HEADING}"', f'msgid "{DECOMPOSED}"')
    assert not unicodedata.is_normalized("NFC", written)
    (tmp_path / "de.po").write_text(written, encoding="utf-8")
    assert _check(root, tmp_path / "de.yaml", capsys, GAME) == (0, [])


def test_a_player_aid_part_typed_decomposed_finds_its_heading_typed_precomposed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The aid's `parts:` names a heading as the rules write it, an accent typed either way."""
    edits = [
        (
            "content/pass-and-pick/sheets.yaml",
            'heading: "Scoring table"',
            'heading: "Scoring café"',
        ),
        (
            "content/pass-and-pick/game.yaml",
            '"Each round: pick, lock, pass", "Scoring table"]',
            f'"Each round: pick, lock, pass", "Scoring {DECOMPOSED.lower()}"]',
        ),
        (
            "content/pass-and-pick/game.yaml",
            '{part: "Scoring table", line',
            '{part: "Scoring café", line',
        ),
    ]
    root = copy_project(tmp_path, edits)
    assert _check(root, DEFAULT_LABELS / "standard.yaml", capsys, GAME) == (0, [])
