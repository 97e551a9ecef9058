"""Custom decks: new card types and shapes of their own; text that cannot be printed fails."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from shapes_print.commands.cli import main
from shapes_print.load.defaults import DEFAULT_CONTENT, DEFAULT_TEMPLATES
from shapes_print.text.fonts import FONTS_HINT
from tests.command_lines import one_kit
from tests.ownlabelset import refusal_of_own_label_set
from tests.pdfread import placements, text

# A fourth card type whose shape the deck draws itself: a kite, as corners in the unit square.
KITES = """\
  - {id: kite, name: kites, count: 6, layout: shape, back: standard,
     fields: {shape: kite, label: KITE, colour: "#D55E00", pattern: none, pattern_colour: "#000000"}}
shapes:
  kite:
    polygon: [[0.5, 0], [0.85, 0.65], [0.5, 1], [0.15, 0.65]]
"""


@pytest.fixture()
def content(tmp_path: Path) -> Path:
    shutil.copytree(DEFAULT_CONTENT, tmp_path / "content")
    return tmp_path / "content"


def deck(content: Path) -> Path:
    return content / "pass-and-pick/deck.yaml"


def build(content: Path, out: Path, *extra: str) -> int:
    paths = ("--content", str(content), "--templates", str(DEFAULT_TEMPLATES))
    return main(one_kit("pass-and-pick", out, *paths, "--quiet", *extra))


def test_a_24_card_deck_with_its_own_shape_builds_and_its_sheets_count_it(
    content: Path, tmp_path: Path
) -> None:
    deck(content).write_text(deck(content).read_text() + KITES)
    out = tmp_path / "out"
    assert build(content, out) == 0
    folder = out / "pass-and-pick/a4/4-players"
    cards = folder / "pass-and-pick_4p_a4_cards.pdf"
    reader = PdfReader(cards)
    assert len(reader.pages) == 6  # 24 cards: a third sheet of faces, each with its backs
    faces = [p.name for p in placements(reader.pages[4], reader)]
    assert faces.count("face-kite") == 6
    host = " ".join(text(folder / "pass-and-pick_4p_a4_host-key.pdf"))
    assert "6 + 6 + 6 + 6 = 24" in host
    assert "Count each kind: 6 circles, 6 triangles, 6 squares, 6 kites" in host
    setup = text(folder / "pass-and-pick_4p_a4_sheets.pdf")[0]
    assert "Cards in the deck (6 circles, 6 triangles, 6 squares, 6 kites) 24" in setup
    assert "Cards set aside unseen 12" in setup  # 24 - 3 x 4, from the deck size
    # The kite is vector paths, in its colour at its centre and paper white beside its waist.
    page = pdfium.PdfDocument(cards)[4]
    scale = 2.0
    image = page.render(scale=scale).to_pil().convert("RGB")
    kite = next(p for p in placements(reader.pages[4], reader) if p.name == "face-kite")
    mm = 72 / 25.4
    centre_x, centre_y = kite.x + 31.75 * mm, kite.y + (88.9 - 36) * mm
    height = float(reader.pages[4].mediabox.height)
    assert image.getpixel((int(centre_x * scale), int((height - centre_y) * scale))) == (
        0xD5,
        0x5E,
        0x00,
    )
    beside = centre_x + 18 * mm, centre_y - 12 * mm
    assert image.getpixel((int(beside[0] * scale), int((height - beside[1]) * scale))) == (
        255,
        255,
        255,
    )
    assert not any(
        "/Image" in str(x.get_object().get("/Subtype"))
        for x in reader.pages[4]["/Resources"]["/XObject"].values()
    )


def test_an_overlong_label_fails_naming_card_text_and_box(
    content: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deck(content).write_text(
        deck(content).read_text().replace("label: CIRCLE", "label: CIRCLECIRCLECIRCLE")
    )
    assert build(content, tmp_path / "out") == 2
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert re.fullmatch(
        r".*deck\.yaml:\d+:\d+: card 'circle', element 'label': text 'CIRCLECIRCLECIRCLE' does not fit "
        r"its 53\.5 x 12\.0 mm box even at 14 pt",
        line,
    ), line
    assert not (tmp_path / "out/pass-and-pick").exists()


def test_a_character_the_font_lacks_fails_naming_character_label_and_font(
    content: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deck(content).write_text(deck(content).read_text().replace("label: CIRCLE", "label: CIRCLE 円"))
    assert build(content, tmp_path / "out") == 2
    line, hint = capsys.readouterr().err.strip().splitlines()
    assert hint == f"hint: {FONTS_HINT}"
    assert re.fullmatch(
        r".*deck\.yaml:\d+:\d+: card 'circle', element 'label': font DejaVuSans-Bold\.ttf has no glyph "
        r"for '円' \(U\+5186\) in 'CIRCLE 円'",
        line,
    ), line


def test_a_label_set_word_the_font_lacks_fails_the_same_way(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    mine = tmp_path / "mine.yaml"
    written = 'extends: standard\ntext:\n  "SQUARE": "正方形"\n'
    assert (
        "card 'square', element 'label': font DejaVuSans-Bold.ttf has no glyph for '形' (U+5F62), "
        "'方' (U+65B9), '正' (U+6B63) in '正方形' (label set 'mine')"
        in refusal_of_own_label_set(capsys, mine, written, "pass-and-pick")
    )
