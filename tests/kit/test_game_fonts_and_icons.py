"""A game's own fonts and icons (game.yaml `fonts:` and `icons:`): its faces print its text
under the standard set, a label set with fonts of its own keeps them, each text is checked
against the game's face, a font outside the game's folder is refused, and an SVG icon is
drawn as its picture, tagged with its name."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from fontTools.ttLib import TTCollection, TTFont
from pypdf import PdfReader

from shapes_print.commands.cli import main
from shapes_print.text.fonts import FONTS_HINT, package_font
from tests.project_copy import copy_project, run

GAME = "my-game"
KIT = f"{GAME}_4p_a4"
FONTS = """fonts:
  regular: fonts/Slanted.ttf
  bold: fonts/Slanted-Bold.ttf
icons:
  sun: {svg: art/logo.svg, alt: the sun}
  coin: {shape: heart, fill: "#D55E00"}
"""
RULE = "each player takes one {icon:star} point"


def _game(
    root: Path, fonts: str = FONTS, rule: str = "each player takes one {icon:sun} {icon:coin} point"
) -> Path:
    """The new game, with the shipped oblique faces copied in as its own and an SVG icon."""
    copy_project(root)
    assert main(["new", GAME, "--content", str(root / "content")]) == 0
    folder = root / "content" / GAME
    (folder / "fonts").mkdir()
    shutil.copy(root / "templates/fonts/DejaVuSans-Oblique.ttf", folder / "fonts/Slanted.ttf")
    shutil.copy(
        root / "templates/fonts/DejaVuSans-BoldOblique.ttf", folder / "fonts/Slanted-Bold.ttf"
    )
    game = folder / "game.yaml"
    game.write_text(game.read_text().replace("numbers:", f"{fonts}numbers:", 1))
    rules = folder / "rules.yaml"
    rules.write_text(rules.read_text().replace(RULE, rule))
    return root


def _build(root: Path, labels: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str]]:
    args = ["build", GAME, "--content", str(root / "content"), "--templates"]
    args += [str(root / "templates"), "--out", str(root / "out"), "-q", "--players", "4"]
    args += ["--paper", "a4", "--labels", labels, "--format", "pdf,svg"]
    status, errors, _ = run(args, capsys, root)
    return status, errors


def _fonts(pdf: Path) -> set[str]:
    """Base names of the fonts the file's pages and their forms use, subset tags dropped."""
    reader = PdfReader(pdf)
    found: set[str] = set()
    pending = list(reader.pages)
    while pending:
        holder = pending.pop()
        resources = holder.get("/Resources", {})
        for font in resources.get("/Font", {}).values():
            found.add(str(font.get_object()["/BaseFont"]).split("+")[-1])
        for form in resources.get("/XObject", {}).values():
            if form.get_object().get("/Subtype") == "/Form":
                pending.append(form.get_object())
    return found


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = _game(tmp_path_factory.mktemp("game"))
    for labels in ("standard", "large-print-atkinson", "high-contrast"):
        args = ["build", GAME, "--content", str(root / "content"), "--templates"]
        args += [str(root / "templates"), "--out", str(root / "out"), "-q", "--players", "4"]
        args += ["--paper", "a4", "--labels", labels, "--format", "pdf,svg"]
        assert main(args) == 0
    return root / "out" / GAME


def test_the_games_faces_print_its_cards_and_sheets(built: Path) -> None:
    folder = built / "a4/4-players"
    for part in ("cards", "rules"):
        assert _fonts(folder / f"{KIT}_{part}.pdf") == {
            "DejaVuSans-Oblique",
            "DejaVuSans-BoldOblique",
        }


def test_a_label_set_with_fonts_of_its_own_keeps_them(built: Path) -> None:
    folder = built / "large-print-atkinson/a4/4-players"
    fonts = _fonts(folder / f"{KIT}_large-print-atkinson_rules.pdf")
    assert fonts and all(font.startswith("AtkinsonHyperlegible-") for font in fonts)


def test_an_svg_icon_is_its_picture_tagged_with_its_words(built: Path) -> None:
    folder = built / "a4/4-players"
    svg = (folder / f"{KIT}_rules_p01.svg").read_text()
    found = re.search(r'<g aria-label="the sun" role="img" transform="[^"]*">\s*<use ', svg)
    assert found, "no labelled picture of the sun"
    reader = PdfReader(folder / f"{KIT}_rules.pdf")
    words = " ".join(reader.pages[0].extract_text().split())
    assert "each player takes one the sun coin point for each trick they won." in words
    spans = [
        (str(e.get("/ActualText")), str(e.get("/Alt")))
        for e in _elements(reader)
        if e["/S"] == "/Span"
    ]
    assert spans == [("the sun", "the sun"), ("coin", "coin")]


def test_the_games_coin_replaces_the_shipped_one_and_high_contrast_restyles_it(
    built: Path,
) -> None:
    """The game's coin is a vermilion heart; high contrast's `style: icons: coin:` makes
    it white, outlined in black, over the game's shape."""
    coin = r'<g aria-label="coin" role="img" transform="[^"]*">\s*<path d="([^"]*)" fill="(#[0-9A-F]+)"( fill-rule="evenodd")?( stroke="(#[0-9A-F]+)")?'
    standard = re.search(coin, (built / f"a4/4-players/{KIT}_rules_p01.svg").read_text())
    contrast = re.search(
        coin,
        (built / f"high-contrast/a4/4-players/{KIT}_high-contrast_rules_p01.svg").read_text(),
    )
    assert standard and contrast
    assert (standard[2], standard[5]) == ("#D55E00", None)
    assert (contrast[2], contrast[5]) == ("#FFFFFF", "#000000")
    assert standard[1] == contrast[1]  # the same heart, restyled


def _elements(reader: PdfReader) -> list:  # type: ignore[type-arg]
    found = []
    pending = [reader.trailer["/Root"]["/StructTreeRoot"]["/K"].get_object()]
    while pending:
        element = pending.pop(0)
        found.append(element)
        kids = element.get("/K", [])
        for kid in kids if isinstance(kids, list) else [kids]:
            kid = kid.get_object()
            if hasattr(kid, "get") and "/S" in kid:
                pending.append(kid)
    return found


def test_a_game_font_missing_a_character_names_the_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Atkinson Hyperlegible, Latin only, as the game's face, and a rule in Cyrillic."""
    atkinson = package_font(
        "package:fontpkg_atkinson_hyperlegible/files/AtkinsonHyperlegible-Regular.ttf", None
    )
    root = _game(tmp_path, rule="each player takes one \u0416 point")
    shutil.copy(atkinson, root / "content" / GAME / "fonts/Slanted.ttf")
    status, errors = _build(root, "standard", capsys)
    assert status == 2 and len(errors) == 2, errors
    assert re.fullmatch(
        rf"content/{GAME}/rules\.yaml:\d+:\d+: text: font Slanted\.ttf has no glyph for 'Ж' \(U\+0416\) in .*",
        errors[0],
    ), errors
    assert errors[1] == f"hint: {FONTS_HINT}", errors
    assert "fonts: in game.yaml" in FONTS_HINT and "A game's own fonts" in FONTS_HINT


def test_a_set_whose_font_lacks_a_character_is_skipped_saying_what_helps(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A Greek rule DejaVu prints and Atkinson Hyperlegible lacks: large print skips the
    game naming the glyph, and says its own fonts outrank the game's, not "a larger box"."""
    root = _game(tmp_path, fonts="", rule="each player takes one \u0389 point")
    args = ["check", GAME, "--content", str(root / "content"), "--templates"]
    args += [str(root / "templates"), "--labels", "all"]
    status, errors, _ = run(args, capsys, root)
    assert status == 0, errors
    (skipped,) = [line for line in errors if line.startswith("skipped large-print-atkinson")]
    assert re.fullmatch(
        rf"skipped large-print-atkinson for {GAME}: content/{GAME}/rules\.yaml:\d+:\d+: text: "
        r"font AtkinsonHyperlegible-Regular\.ttf has no glyph for 'Ή' \(U\+0389\) in .*; the "
        r"set prints in fonts of its own, which a game's fonts: do not replace, or give the "
        rf"set this game's own words without it, in content/{GAME}/labels/"
        r"large-print-atkinson\.yaml",
        skipped,
    ), skipped


def test_a_game_font_outside_its_folder_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = _game(tmp_path, fonts="fonts:\n  regular: ../pass-and-pick/x.ttf\n")
    status, errors = _build(root, "standard", capsys)
    assert status == 2, errors
    assert errors[0].startswith(f"content/{GAME}/game.yaml:"), errors
    assert "../pass-and-pick/x.ttf" in errors[0]
    assert not (root / "out" / GAME).exists()


def test_a_font_collection_is_refused_in_plain_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A .ttc holds several fonts and no option picks one: the error says so and how to
    save the face wanted as its own file, never fontTools' 'specify a font number'."""
    root = _game(tmp_path, fonts="fonts:\n  regular: fonts/two.ttc\n")
    faces = [
        TTFont(root / "templates/fonts" / name)
        for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")
    ]
    collection = TTCollection()
    collection.fonts = faces
    collection.save(root / "content" / GAME / "fonts/two.ttc")
    status, errors = _build(root, "standard", capsys)
    assert status == 2, errors
    assert errors == [
        f"content/{GAME}/fonts/two.ttc: not a usable TrueType font: it is a collection of 2 "
        "fonts (.ttc), and a kit takes one font's own file",
        "hint: save the face you want as a file of its own, the first with "
        f"`fonttools ttLib -y 0 -o two.ttf content/{GAME}/fonts/two.ttc`, and name that",
    ], errors


def test_a_game_font_missing_a_character_of_the_print_line_names_the_set_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Atkinson Hyperlegible lacks French spacing's narrow space (U+202F), which the French
    print line holds: the error names the character and the catalogue line that writes it,
    not a grid whose margins have no room for the line."""
    atkinson = package_font(
        "package:fontpkg_atkinson_hyperlegible/files/AtkinsonHyperlegible-Regular.ttf", None
    )
    root = _game(tmp_path)
    shutil.copy(atkinson, root / "content" / GAME / "fonts/Slanted.ttf")
    args = ["check", GAME, "--content", str(root / "content"), "--templates"]
    args += [str(root / "templates"), "--players", "4", "--paper", "a4", "--labels", "fr"]
    status, errors, _ = run(args, capsys, root)
    assert status == 2 and len(errors) == 2, errors
    assert re.fullmatch(
        r".*labels/fr\.po:\d+:\d+: print furniture: font Slanted\.ttf has no glyph for "
        r"U\+202F \(narrow no-break space\) in .*\(label set 'fr'\)",
        errors[0],
    ), errors
    assert errors[1] == f"hint: {FONTS_HINT}", errors
