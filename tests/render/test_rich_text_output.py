"""Rich text in built kits: the `new` game's rule with a star icon and a bold word, and its
cards' labels with an italic number and a coin, read back from the PDF (faces embedded,
words and the icon's ActualText in the structure tree), the SVG (the icon's path and
label), the .brf (the icon as its name) and the one-line errors of a wrong mark."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader
from pypdf.generic import ContentStream, DictionaryObject

from shapes_print.commands.cli import main
from shapes_print.load.defaults import DEFAULT_LABELS, DEFAULT_TEMPLATES
from shapes_print.units import parse_length
from tests.outsidetools import POPPLER
from tests.pdfread import sized_runs
from tests.project_copy import copy_project, run

GAME = "my-game"
LABEL = 'label: "{suit:upper} {number}"'
RICH_LABEL = 'label: "{icon:coin} *{number}*"'
KIT = f"{GAME}_4p_a4"


def _project(root: Path) -> Path:
    copy_project(root)
    assert main(["new", GAME, "--content", str(root / "content")]) == 0
    deck = root / "content" / GAME / "deck.yaml"
    deck.write_text(deck.read_text().replace(LABEL, RICH_LABEL))
    return root


def _build(root: Path, labels: str, out: Path) -> Path:
    args = ["build", GAME, "--content", str(root / "content")]
    args += ["--templates", str(root / "templates"), "--out", str(out), "-q"]
    args += ["--players", "4", "--paper", "a4", "--labels", labels, "--format", "pdf,svg"]
    assert main(args) == 0
    sub = "" if labels == "standard" else f"{labels}/"
    return out / GAME / f"{sub}a4/4-players"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = _project(tmp_path_factory.mktemp("project"))
    out = root / "out"
    return {
        labels: _build(root, labels, out)
        for labels in ("standard", "large-print-atkinson", "braille")
    }


def _layout(pdf: Path) -> str:
    """`pdftotext -layout` of the file: what copying or searching its text finds."""
    program = shutil.which("pdftotext")
    if program is None:
        pytest.skip(f"pdftotext not found ({POPPLER})")
    return subprocess.run(
        [program, "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout


def _forms(pdf: Path) -> tuple[PdfReader, list[DictionaryObject]]:
    """The file's pages and every form XObject they place (card faces, within one another)."""
    reader = PdfReader(pdf)
    seen: dict[int, DictionaryObject] = {}
    pending: list[DictionaryObject] = list(reader.pages)
    found: list[DictionaryObject] = []
    while pending:
        holder = pending.pop()
        found.append(holder)
        xobjects = holder.get("/Resources", {}).get("/XObject", {})
        for reference in xobjects.values():
            form = reference.get_object()
            if form.get("/Subtype") == "/Form" and reference.idnum not in seen:
                seen[reference.idnum] = form
                pending.append(form)
    return reader, found


def _fonts(pdf: Path) -> set[str]:
    """The base names of every font the file's pages and forms set text in, tags dropped."""
    _, holders = _forms(pdf)
    return {
        str(font.get_object()["/BaseFont"]).split("+")[-1]
        for holder in holders
        for font in holder.get("/Resources", {}).get("/Font", {}).values()
    }


def _struct(pdf: Path) -> list[DictionaryObject]:
    """Every element of the structure tree, in reading order."""
    found: list[DictionaryObject] = []

    def walk(element: DictionaryObject) -> None:
        found.append(element)
        kids = element.get("/K", [])
        for kid in kids if isinstance(kids, list) else [kids]:
            kid = kid.get_object()
            if isinstance(kid, DictionaryObject) and "/S" in kid:
                walk(kid)

    walk(PdfReader(pdf).trailer["/Root"]["/StructTreeRoot"]["/K"].get_object())
    return found


def _spans(pdf: Path) -> list[tuple[str, str]]:
    """(ActualText, Alt) of every icon's Span element of the structure tree (a Span with
    an expansion, print's shorthand as heard, has no Alt)."""
    return [
        (str(element.get("/ActualText")), str(element.get("/Alt")))
        for element in _struct(pdf)
        if element["/S"] == "/Span" and "/Alt" in element
    ]


def test_the_rule_prints_its_bold_word_and_tags_the_icon_with_its_name(
    built: dict[str, Path],
) -> None:
    rules = built["standard"] / f"{KIT}_rules.pdf"
    page = PdfReader(rules).pages[0]
    words = " ".join(page.extract_text().split())
    # The icon's name is in the text layer too, unseen, where the icon is drawn.
    assert "each player takes one star point for each trick they won." in words
    layout = _layout(rules)
    assert "each player takes one star point for each" in layout
    assert _spans(rules) == [("star", "star")]
    assert {"DejaVuSans", "DejaVuSans-Bold"} <= _fonts(rules)
    # "won" is set in the bold face at body size, the words around it in the regular.
    body = parse_length(yaml.safe_load((DEFAULT_TEMPLATES / "sheet.yaml").read_text())["body_size"])
    runs = [(run.text, run.font.split("+")[-1], run.size) for run in sized_runs(rules)[0]]
    at = runs.index(("won", "DejaVuSans-Bold", body))
    before, after = runs[at - 1], runs[at + 1]
    assert before[0].endswith("trick they"), before  # the line's words up to it, at 11.5 pt
    assert (before[1:], after) == (("DejaVuSans", body), (".", "DejaVuSans", body))


def test_the_cards_embed_the_italic_face_and_their_forms_say_the_coin(
    built: dict[str, Path],
) -> None:
    cards = built["standard"] / f"{KIT}_cards.pdf"
    assert {"DejaVuSans-Bold", "DejaVuSans-BoldOblique"} <= _fonts(cards)
    reader, holders = _forms(cards)
    marked = [
        operands[1]
        for holder in holders
        if holder.get("/Subtype") == "/Form"
        for operands, operator in ContentStream(holder, reader).operations
        if operator == b"BDC" and operands[0] == "/Span"
    ]
    assert marked and all(str(props["/Alt"]) == "coin" for props in marked)
    layout = _layout(cards)
    assert re.search(r"^\s*coin 1\b", layout, re.M), layout  # the coin read in its place
    # A card's picture on the sheet says the shape it draws, then its words, the coin as its
    # name, the marks gone.
    alts = {str(e.get("/Alt")) for e in _struct(cards) if e["/S"] == "/Figure"}
    assert "Card: circle, coin 1" in alts


def test_the_svg_draws_the_icon_as_a_labelled_path(built: dict[str, Path]) -> None:
    svg = (built["standard"] / f"{KIT}_rules_p01.svg").read_text()
    found = re.search(r'<g aria-label="star" role="img" transform="[^"]*">\s*<path d="M ', svg)
    assert found, "no labelled star path"


def test_large_print_in_atkinson_sets_the_atkinson_italic_face(
    built: dict[str, Path],
) -> None:
    folder = built["large-print-atkinson"]
    # Large print sets the card's label in the regular weight: its number is in Italic.
    fonts = _fonts(folder / f"{KIT}_large-print-atkinson_cards.pdf")
    assert "AtkinsonHyperlegible-Italic" in fonts
    assert not any(font.startswith("DejaVu") for font in fonts)
    rules = folder / f"{KIT}_large-print-atkinson_rules.pdf"
    assert _spans(rules) == [("star", "star")]


def test_braille_writes_the_icon_as_its_name(built: dict[str, Path]) -> None:
    (brf,) = built["braille"].glob("*.brf")
    text = brf.read_text(encoding="ascii").lower()
    # North American Braille ASCII of UEB grade 1: the words as letters; the card list
    # names each card by its braille zone's words, the coin as its name.
    assert "one star point" in " ".join(text.split())
    assert "coin #a" in text


@pytest.mark.parametrize(
    ("old", "new", "mark", "message", "hint"),
    [
        (
            "{icon:star}",
            "{icon:starr}",
            "{icon:starr}",
            "unknown icon 'starr' in {icon:starr}",
            "hint: known icons: coin, heart, star; a game adds its own under icons: in its game.yaml",
        ),
        (
            "they **won**.",
            "they **won.",
            "**",
            "'**' (bold) is never closed",
            "hint: close it with another, or write \\* for a star",
        ),
    ],
)
def test_a_wrong_mark_is_one_error_at_its_line_and_column(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    old: str,
    new: str,
    mark: str,
    message: str,
    hint: str,
) -> None:
    root = copy_project(tmp_path)
    assert main(["new", GAME, "--content", str(root / "content")]) == 0
    path = root / "content" / GAME / "rules.yaml"
    path.write_text(path.read_text().replace(old, new))
    number, text = next(
        (i, t)
        for i, t in enumerate(path.read_text().splitlines(), 1)
        if mark in t and not t.lstrip().startswith("#")
    )
    capsys.readouterr()
    args = ["build", GAME, "--content", str(root / "content"), "--templates"]
    args += [str(root / "templates"), "--out", str(tmp_path / "out"), "--players", "4"]
    args += ["--paper", "a4"]
    status, errors, _ = run(args, capsys, root)
    at = f"content/{GAME}/rules.yaml:{number}:{text.index(mark) + 1}"
    assert (status, errors) == (2, [f"{at}: {message}", hint])
    assert not (tmp_path / "out" / GAME).exists()


SPANISH = [
    (
        "content/pass-and-pick/sheets.yaml",
        '- "Nobody needs to stand or react quickly."',
        '- "**Nobody** needs to stand or react {icon:heart} quickly."',
    ),
    (
        "labels/es.po",
        'msgid "Nobody needs to stand or react quickly."\n'
        'msgstr "Nadie necesita ponerse de pie ni reaccionar deprisa."',
        'msgid "**Nobody** needs to stand or react {icon:heart} quickly."\n'
        'msgstr "**Nadie** necesita ponerse de pie ni reaccionar {icon:heart} deprisa."\n\n'
        'msgid "heart"\nmsgstr "corazón"',
    ),
]


def test_the_spanish_set_translates_the_marked_text_and_the_icons_name(tmp_path: Path) -> None:
    root = copy_project(tmp_path, SPANISH[:1])
    shutil.copytree(DEFAULT_LABELS, root / "labels")
    es = root / "labels/es.yaml"
    catalogue = root / "labels/es.po"  # es.yaml's words
    _, old, new = SPANISH[1]
    assert catalogue.read_text().count(old) == 1
    catalogue.write_text(catalogue.read_text().replace(old, new))
    args = ["build", "pass-and-pick", "--content", str(root / "content"), "--templates"]
    args += [str(root / "templates"), "--out", str(tmp_path / "out"), "-q", "--players", "4"]
    args += ["--paper", "a4", "--labels", str(es)]
    assert main(args) == 0
    (sheets,) = (tmp_path / "out").rglob("*_sheets.pdf")
    assert _spans(sheets) == [("corazón", "corazón")]
    runs = [(run.text, run.font.split("+")[-1]) for page in sized_runs(sheets) for run in page]
    at = runs.index(("Nadie", "DejaVuSans-Bold"))
    assert runs[at + 1][0].startswith("necesita ponerse de pie ni reaccionar")


def test_titles_with_marks_read_as_words_in_metadata_outline_and_foot(tmp_path: Path) -> None:
    """A title stands where no face is bold (the PDF's title, its outline, the running
    foot): a document's and a deck's `*marks*` are left out there, not printed."""
    root = copy_project(
        tmp_path,
        [
            (
                "content/pass-and-pick/sheets.yaml",
                'title: "table sheets',
                'title: "**table** sheets',
            ),
            ("content/pass-and-pick/game.yaml", 'cards_title: "shape', 'cards_title: "*shape*'),
        ],
    )
    args = ["build", "pass-and-pick", "--content", str(root / "content"), "-q"]
    assert main([*args, "--players", "4", "--paper", "a4", "--out", str(root / "out")]) == 0
    kit = root / "out" / "pass-and-pick" / "a4" / "4-players"
    sheets = PdfReader(kit / "pass-and-pick_4p_a4_sheets.pdf")
    assert sheets.metadata.title == "Pass and pick shapes: table sheets for 4 players"
    whole = PdfReader(kit / "pass-and-pick_4p_a4_print-and-play.pdf")
    titles = [item.title for item in whole.outline if not isinstance(item, list)]
    assert "Pass and pick shapes: table sheets for 4 players" in titles
    assert "Pass and pick shapes: shape cards" in titles
    foot = sheets.pages[0].extract_text()
    assert "table sheets for 4 players · page 1 of" in foot and "*" not in foot
