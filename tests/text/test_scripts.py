# ruff: noqa: RUF001 - letters from other scripts are what this file tests
"""Text in any script, on every text path: printed with real glyphs, or refused by name.

reportlab prints an empty box for a character its font lacks, and lays Arabic or Hebrew
out left to right with unjoined letters; neither may reach paper. Cards, sheets and the
print furniture each take a different route to the page, so each is tried with each script.
"""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest

from shapes_print.text.fonts import FONTS_HINT
from tests.project_copy import build_args, copy_project, run

KIT = "out/pass-and-pick/a4/3-players/pass-and-pick_3p_a4"

# (text path, file, text replaced, where errors point (the line holding this text, and the
# column), font, PDF it lands in): the line is found, so content can move without the test.
TextPath = tuple[str, str, str, str, tuple[str, int], str, str]
PATHS: list[TextPath] = [
    (
        "card",
        "content/pass-and-pick/deck.yaml",
        "label: CIRCLE",
        "label: {}",
        ("label: CIRCLE", 30),
        "Bold",
        "cards",
    ),
    (
        "card-back",
        "content/pass-and-pick/deck.yaml",
        'title: "Pass and pick shapes"',
        'title: "{}"',
        ('title: "Pass and pick shapes"', 14),  # the back's field, as a card's
        "Bold",
        "cards",
    ),
    (
        # The title prints in running feet and headings: refused at its own line, not the
        # first text that fills it in.
        "title",
        "content/pass-and-pick/game.yaml",
        "title: Pass and pick shapes",
        'title: "{}"',
        ("title: Pass and pick shapes", 1),
        "",
        "sheets",
    ),
    (
        "sheet",
        "content/pass-and-pick/sheets.yaml",
        # Not "Scoring table": game.yaml's player aid names that heading as a part to reprint.
        '"Play so everyone can take part"',
        '"{}"',
        ('"Play so everyone can take part"', 9),
        "Bold",
        "sheets",
    ),
    (
        "furniture",
        "templates/sheet.yaml",
        '"50 mm: check with a ruler"',
        '"{}"',
        ('"50 mm: check with a ruler"', 3),
        "",
        "sheets",
    ),
]
WHAT = {
    "card": "card 'circle', element 'label'",
    "card-back": "back 'standard', element 'title'",
    "title": "title",
    "sheet": "text",
    "furniture": "furniture.ruler_label",
}
PRINTS = {"cyrillic": "Круг", "greek": "Κύκλος", "emoji": "Круг 😀"}
REFUSED = {
    "cjk": (
        "圆形",
        "font DejaVuSans{}.ttf has no glyph for '圆' (U+5706), '形' (U+5F62) in '圆形'",
        [f"hint: {FONTS_HINT}"],
    ),
    "arabic": (
        "دائرة",
        "right-to-left letters would print unjoined and in reverse order: "
        "'ئ' (U+0626), 'ا' (U+0627), 'ة' (U+0629), 'د' (U+062F), 'ر' (U+0631)",
        [],
    ),
}


def _card_text(pdf: Path) -> str:
    """All text pdfium finds on the pages, card forms included."""
    document = pdfium.PdfDocument(pdf)
    return "".join(page.get_textpage().get_text_range() for page in document)


@pytest.mark.parametrize("script", sorted(PRINTS))
@pytest.mark.parametrize("path", PATHS, ids=[p[0] for p in PATHS])
def test_covered_scripts_print_as_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], path: TextPath, script: str
) -> None:
    _, file, old, new, _, _, pdf = path
    text = PRINTS[script]
    root = copy_project(tmp_path, [(file, old, new.format(text))])
    args = build_args(root, tmp_path / "out", "--players", "3", "--paper", "a4")
    assert run(args, capsys, tmp_path)[:2] == (0, [])
    assert text in _card_text(tmp_path / f"{KIT}_{pdf}.pdf")


@pytest.mark.parametrize("script", sorted(REFUSED))
@pytest.mark.parametrize("path", PATHS, ids=[p[0] for p in PATHS])
def test_uncovered_scripts_are_refused_by_name(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    path: tuple[str, str, str, str, tuple[str, int], str, str],
    script: str,
) -> None:
    name, file, old, new, (anchor, column), bold, _ = path
    lines_of_file = (Path(__file__).parents[2] / file).read_text(encoding="utf-8").splitlines()
    line = next(number for number, held in enumerate(lines_of_file, 1) if anchor in held)
    where = f"{line}:{column}"
    text, message, hint = REFUSED[script]
    root = copy_project(tmp_path, [(file, old, new.format(text))])
    status, lines, _ = run(build_args(root, tmp_path / "out"), capsys, tmp_path)
    assert status == 2
    said = f"{file}:{where}: {WHAT[name]}: {message.format('-' + bold if bold else '')}"
    assert lines == [said, *hint]
    assert not (tmp_path / "out").exists()
