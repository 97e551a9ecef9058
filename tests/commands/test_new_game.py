"""`new` writes a game that builds at once, and a new game never breaks `make print`.

The example game is built as `make print` builds (every label set; every count on both
papers in the standard set) inside a project copy, and every game of the copy is checked as
make print builds it: the translated sets, which have no words for it, skip it with one
line each; `check --strict` names each missing text. Count tables and template backs change
the printed kit, and the game's own `labels/` folder adds to a shipped set.
"""

from __future__ import annotations

import ast
import contextlib
import io
import json
import re
import shlex
import shutil
from dataclasses import dataclass
from pathlib import Path

import jsonschema
import pypdfium2 as pdfium
import pytest
import yaml
from pypdf import PdfReader

from shapes_print.commands.cli import main
from shapes_print.load.defaults import DEFAULT_LABELS
from shapes_print.load.labels import load_labels, shipped
from shapes_print.pipeline.requests import Planned, listening_to_kits
from tests.command_lines import Said
from tests.project_copy import copy_project, run

ROOT = Path(__file__).resolve().parents[2]
GAME = "my-game"
KIT = f"{GAME}/a4/{{n}}-players/{GAME}_{{n}}p_a4"
# A translated set skips a game it has no words for: es, braille-es (over es), fr and de,
# every shipped set in a language other than English.
TRANSLATION_SKIP = re.compile(
    rf"^skipped (?:braille-es|es|fr|de) for {GAME}: (\d+) texts have no "
    r"(?:Spanish|French|German) \(check --strict lists them\)$"
)
TRANSLATED = [
    name for name in shipped(DEFAULT_LABELS) if load_labels(name, DEFAULT_LABELS).locale != "en"
]
COUNT = "    count: 1\n"
ORANGE = (0xE6, 0x9F, 0x00)  # the sun of the example's picture
CARD_W, CARD_H = 63.5 / 25.4 * 72, 88.9 / 25.4 * 72  # poker, in points


def new(root: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> tuple[int, list[str], str]:
    return run(["new", *extra, "--content", str(root / "content")], capsys, root)


def sources(root: Path) -> list[str]:
    return ["--content", str(root / "content"), "--templates", str(root / "templates")]


# `make print` builds every count on A4 and Letter. Whether a game is built or skipped under
# a label set, and whether the shipped games still are, does not hang on the count or the
# paper: the fixture builds make print's command for one kit of the example in each set, and
# the example's every count on both papers in the standard set alone (`every_count`).
ONE_KIT = {"--players": "4", "--paper": "a4"}


def make_print_options() -> list[str]:
    """The options of the Makefile's own `make print` command, for one count and paper
    (ONE_KIT)."""
    recipe = re.search(r"^print:.*\n\t(.+)$", (ROOT / "Makefile").read_text(), re.M)
    assert recipe
    words = shlex.split(recipe.group(1))
    assert words[0].endswith("/shapes-print") and words[1] == "build"
    for option, value in ONE_KIT.items():
        words[words.index(option) + 1] = value
    return words[2:]


def text_of(pdf: Path) -> str:
    return " ".join(" ".join(page.extract_text().split()) for page in PdfReader(pdf).pages)


@dataclass(frozen=True)
class Printed:
    """The project copy holding the example, and what make print's builds and checks said."""

    root: Path
    skipped: list[str]  # the lines of make print's command for the example
    checked: Said  # `check` of every game in the copy, make print's sets, count and paper


def _said(args: list[str], root: Path) -> Said:
    err, out = io.StringIO(), io.StringIO()  # a module fixture has no capsys
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
        status = main(args)
    return Said(status, out.getvalue(), err.getvalue().replace(f"{root}/", ""))


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> Printed:
    """A project copy with the example game in content/: make print's command for one kit of
    the example in each label set, the example at every count on both papers, and a check of
    every game of the copy as make print builds them. Building the shipped games too would
    show only what the check does: a check plans each kit a build writes, and skips a game
    under a set with the same line."""
    root = copy_project(tmp_path_factory.mktemp("project"))
    assert main(["new", GAME, "--content", str(root / "content")]) == 0
    make_print = [*make_print_options(), *sources(root), "--out", str(root / "out"), "--quiet"]
    built = _said(["build", GAME, *make_print], root)
    assert built.status == 0, built.err
    every_count = ["build", GAME, "--players", "all", "--paper", "a4,letter", "--quiet"]
    assert _said([*every_count, *sources(root), "--out", str(root / "out")], root).status == 0
    checked = _said(["check", *make_print_options(), *sources(root)], root)
    return Printed(root, built.err.splitlines(), checked)


def test_new_says_what_it_wrote_and_the_three_files_to_edit_next(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = copy_project(tmp_path)
    status, errors, out = new(root, capsys, GAME)
    assert (status, errors) == (0, [])
    folder = root / "content" / GAME
    assert out.splitlines() == [
        f"wrote {folder}/",
        f"next 1. edit {folder}/game.yaml: the title, the players, the numbers",
        f"next 2. edit {folder}/deck.yaml: the cards: their kinds, counts, words and colours",
        f"next 3. edit {folder}/rules.yaml: the rules, in the sheet's blocks",
        f"then: shapes-print preview {GAME} --content {root / 'content'}",
    ]
    game = (folder / "game.yaml").read_text()
    assert f"id: {GAME} " in game and 'title: "My game"' in game
    assert sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.yaml")) == [
        "cards/my-cards.yaml",
        "coins.yaml",
        "deck.yaml",
        "game.yaml",
        "host-key.yaml",
        "labels/high-contrast.yaml",
        "rules.yaml",
        "score-sheet.yaml",
    ]
    assert_schemas_named(folder, SCHEMA_OF)


# The schema each file `new` writes names on its first line.
SCHEMA_OF = {
    "cards/my-cards.yaml": "card-template",
    "coins.yaml": "deck",
    "deck.yaml": "deck",
    "game.yaml": "game",
    "host-key.yaml": "document",
    "labels/high-contrast.yaml": "game-labels",
    "rules.yaml": "document",
    "score-sheet.yaml": "document",
}


def assert_schemas_named(folder: Path, kinds: dict[str, str]) -> None:
    """Each file names its schema on line 1 by a path relative to itself, and passes it."""
    for name, kind in kinds.items():
        path = folder / name
        first = path.read_text().splitlines()[0]
        assert first.startswith("# yaml-language-server: $schema=../"), (name, first)
        schema = (path.parent / first.split("$schema=")[1]).resolve()
        assert schema == ROOT / f"schemas/{kind}.schema.json", name
        jsonschema.validate(yaml.safe_load(path.read_text()), json.loads(schema.read_text()))


def test_the_new_game_builds_like_make_print_and_only_the_translated_sets_are_skipped(
    printed: Printed,
) -> None:
    root, errors = printed.root, printed.skipped
    assert len(errors) == len(TRANSLATED), errors
    assert all(TRANSLATION_SKIP.match(skip) for skip in errors), errors
    out = root / "out" / GAME
    kits = [("", paper, n) for paper in ("a4", "letter") for n in range(2, 6)]
    for labels in ("large-print/", "large-print-atkinson/", "high-contrast/", "colour-blind/"):
        kits.append((labels, "a4", 4))
    for labels, paper, n in kits:
        folder = out / f"{labels}{paper}/{n}-players"
        names = sorted(p.name.split("_")[3 if not labels else 4] for p in folder.glob("*.pdf"))
        assert names == [
            "cards.pdf",
            "coins.pdf",
            "host-key.pdf",
            "print-and-play.pdf",
            "printing-guide.pdf",
            "rules.pdf",
            "score-sheet.pdf",
        ], folder
    assert not any((out / language).exists() for language in ("es", "fr", "de"))
    # The shipped games still pass under every set beside it: the check of every game says
    # the example's skips alone.
    assert printed.checked.status == 0, printed.checked.err
    assert printed.checked.err.splitlines() == errors
    games = len(list((root / "content").glob("*/game.yaml")))
    assert printed.checked.out == (
        f"ok: {games} games checked with {len(shipped(DEFAULT_LABELS))} label sets\n"
    )


def test_the_example_prints_its_suits_rules_score_sheet_and_host_key(
    printed: Printed,
) -> None:
    root = printed.root
    kit = root / "out" / KIT.format(n=4)
    cards = PdfReader(f"{kit}_cards.pdf")
    assert len(cards.pages) == 4  # 15 cards: two sheets of nine, each with its backs
    faces = text_of(Path(f"{kit}_cards.pdf"))
    assert all(f"{suit} {n}" in faces for suit in ("SUN", "MOON", "STAR") for n in range(1, 6))
    rules = text_of(Path(f"{kit}_rules.pdf"))
    assert "My game: rules for 4 players" in rules
    assert "Cards in the deck (5 suns, 5 moons, 5 stars) 15" in rules
    assert "deal 3 cards to each player. Set the 3 unused cards aside unseen." in rules
    score = text_of(Path(f"{kit}_score-sheet.pdf"))
    # `copies: fill`: one page of as many sheets as it holds, three at i28a's type scale.
    assert len(PdfReader(f"{kit}_score-sheet.pdf").pages) == 1
    assert score.count("Score sheet: 4 players") == 3 and "Round 3" in score
    # On every paper and count: as many as the first page holds, never one pushed onto a
    # page of its own (on Letter, two; a third went alone to page 2 with its rows stretched
    # three and a half times).
    for paper, copies in (("a4", 3), ("letter", 3)):
        for n in range(2, 6):
            sheet = PdfReader(
                root
                / "out"
                / GAME
                / paper
                / f"{n}-players"
                / f"{GAME}_{n}p_{paper}_score-sheet.pdf"
            )
            assert [page.extract_text().count("Score sheet:") for page in sheet.pages] == [copies]
    host = text_of(Path(f"{kit}_host-key.pdf"))
    assert "Count each kind: 5 suns, 5 moons, 5 stars 5 + 5 + 5 = 15" in host
    assert "A 5 wins every trick it leads" in host
    assert "A 5 wins" not in rules  # the puzzle's answer is for the host only
    # The example says how long it takes, so its cover says so, never "the rules do not say".
    cover = text_of(Path(f"{kit}_print-and-play.pdf")).split("What is in this file")[0]
    assert "Players (the game) 2\u20135 Time 15\u201320 minutes" in cover
    # Each back shows the game's picture (art/logo.svg, in its own layout picture-back): the
    # sun's orange at the middle of the picture's box on the first back (poker's back has none).
    back = pdfium.PdfDocument(f"{kit}_cards.pdf")[1].render(scale=2).to_pil().convert("RGB")
    width, height = back.size
    grid_x, grid_y = (width - 3 * CARD_W * 2) / 2, (height - 3 * CARD_H * 2) / 2
    centre = (grid_x + CARD_W * 2 / 2, grid_y + (0.14 + 0.45 / 2) * CARD_H * 2)
    assert back.getpixel((int(centre[0]), int(centre[1]))) == ORANGE
    # High contrast: the game's own labels/high-contrast.yaml makes its suits white and patterned.
    contrast = root / "out" / GAME / "high-contrast/a4/4-players"
    assert (contrast / f"{GAME}_4p_a4_high-contrast_cards.pdf").is_file()


def test_a_plain_check_passes_and_strict_names_every_missing_text(
    printed: Printed, capsys: pytest.CaptureFixture[str]
) -> None:
    """Checked at make print's one kit (ONE_KIT), as `printed` builds it in each set: the
    texts a set lacks are the example's words, which every count prints alike (`printed`
    builds every count on both papers in the standard set)."""
    root, errors = printed.root, printed.skipped
    one_kit = [word for option in ONE_KIT.items() for word in option]
    status, lines, out = run(["check", GAME, *one_kit, *sources(root)], capsys, root)
    assert (status, lines) == (0, errors)
    assert out == f"ok: 1 game checked with {len(shipped(DEFAULT_LABELS))} label sets\n"
    missing = int(TRANSLATION_SKIP.match(errors[0]).group(1))  # type: ignore[union-attr]
    status, lines, _ = run(["check", "--strict", GAME, *one_kit, *sources(root)], capsys, root)
    assert status == 2
    *named, hint = lines
    assert len(named) == missing
    where = re.compile(
        rf"^(/.*/)?content/{GAME}/[a-z-]+\.yaml:\d+:\d+: label set '(?:braille-)?es' \(.*es\.yaml\) "
        r"is complete but has no text for (['\"]).+\2$"
    )
    assert all(where.match(line) for line in named), named
    assert f"content/{GAME}/game.yaml:7:9:" in named[0] and named[0].endswith("'My game'")
    assert any(line.endswith("'SUN 1'") for line in named)
    # braille-es (the braille set over es) is checked first, and asks for its own file.
    assert hint == f"hint: add them under text: in content/{GAME}/labels/braille-es.yaml"
    # Asking for Spanish on the game by name refuses it the same way.
    status, lines, _ = run(
        ["build", GAME, "--labels", "es", *sources(root), "--out", str(root / "es")], capsys, root
    )
    assert status == 2 and len(lines) == missing + 1
    assert not (root / "es").exists()


def test_the_games_own_words_join_a_shipped_label_set(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """At make print's one kit (ONE_KIT), as `printed` checks the shipped games beside the
    example: whether a game's words join a set, and whether the other games' words stay
    theirs, does not hang on the count or the paper."""
    root = copy_project(tmp_path)
    assert new(root, capsys, GAME)[0] == 0
    one_kit = [word for option in ONE_KIT.items() for word in option]
    es = ["--labels", "es", *one_kit, *sources(root)]
    status, lines, _ = run(["check", "--strict", GAME, *es], capsys, root)
    english = [ast.literal_eval(line.split(" has no text for ", 1)[1]) for line in lines[:-1]]
    own = root / "content" / GAME / "labels" / "es.yaml"
    entries = "".join(f"  {_quoted(text)}: {_quoted('¡' + text)}\n" for text in english)
    own.write_text(f"text:\n{entries}", encoding="utf-8")
    out = tmp_path / "out"
    status, lines, _ = run(["build", GAME, *es, "--out", str(out)], capsys, root)
    assert (status, lines) == (0, [])
    cards = out / GAME / "es/a4/4-players" / f"{GAME}_4p_a4_es_cards.pdf"
    assert "¡SUN 1" in text_of(cards)
    # Only this game's kits print them: the shipped games' Spanish is as it was.
    status, lines, _ = run(["check", *es], capsys, root)
    assert (status, lines) == (0, [])
    # A word the game never prints is a typo, named at its own line: found where every kit of
    # every game of a folder is checked, here a folder of the game alone (the typo is its own).
    own.write_text(f'text:\n{entries}  "SUN 9": "SOL 9"\n', encoding="utf-8")
    alone = tmp_path / "alone"
    shutil.copytree(root / "content" / GAME, alone / "content" / GAME)
    mine = ["--content", str(alone / "content"), "--templates", str(root / "templates")]
    status, lines, _ = run(["check", "--labels", "es", *mine], capsys, alone)
    assert status == 2
    assert lines[0].startswith(f"content/{GAME}/labels/es.yaml:{len(english) + 2}:3: text 'SUN 9'")


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def test_colours_below_a_sets_minimum_skip_the_game_or_are_refused_by_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = copy_project(tmp_path)
    assert new(root, capsys, GAME)[0] == 0
    # The example's suits are outlined in black, so they hold 7:1 even in colour; a grey
    # title on its blue back holds the 4.5:1 of standard print, not the 7:1 of high contrast.
    (root / "content" / GAME / "labels" / "high-contrast.yaml").unlink()
    deck = root / "content" / GAME / "deck.yaml"
    deck.write_text(deck.read_text().replace('title_colour: "#FFFFFF"', 'title_colour: "#B0B0B0"'))
    out = tmp_path / "out"
    args = ["build", "--labels", "high-contrast", "--players", "4", "--paper", "a4"]
    status, lines, _ = run([*args, *sources(root), "--out", str(out)], capsys, root)
    assert status == 0
    assert lines == [
        f"skipped high-contrast for {GAME}: {GAME} back 'standard' title: #B0B0B0 on #2F3E66 "
        f"has contrast 4.84:1, below 7:1 for text (content/{GAME}/deck.yaml:7:3); "
        f"content/{GAME}/labels/high-contrast.yaml can give its own colours"
    ], lines
    assert not (out / GAME).exists() and (out / "pass-and-pick" / "high-contrast").is_dir()
    status, lines, _ = run(
        ["build", GAME, *args[1:], *sources(root), "--out", str(out)], capsys, root
    )
    assert status == 2 and "below 7:1" in lines[0]
    status, lines, _ = run(
        ["check", "--strict", GAME, "--labels", "high-contrast", *sources(root)], capsys, root
    )
    assert status == 2 and "below 7:1" in lines[0]


def test_a_count_table_and_a_template_back_change_the_kit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = copy_project(tmp_path)
    assert new(root, capsys, GAME)[0] == 0
    deck = root / "content" / GAME / "deck.yaml"
    text = deck.read_text()
    assert text.count(COUNT) == 1 and text.count("    back: standard\n") == 1
    backs = "".join(
        f'  {suit}:\n    layout: back\n    fields: {{title: "{suit.upper()} BACK", fill: "#2F3E66", '
        'pattern: none, pattern_colour: "#000000", title_colour: "#FFFFFF"}\n'
        for suit in ("sun", "moon", "star")
    )
    text = text.replace(COUNT, '    count: {"2-3": 1, "4-5": 2}\n')
    text = text.replace("    back: standard\n", '    back: "{suit}"\n')
    text = text.replace("backs:\n", f"backs:\n{backs}")
    deck.write_text(text)
    out = tmp_path / "out"
    args = ["build", GAME, "--players", "3-4", "--paper", "a4", "--out", str(out), *sources(root)]
    assert run(args, capsys, root)[:2] == (0, [])
    three, four = (out / KIT.format(n=n) for n in (3, 4))
    assert len(PdfReader(f"{three}_cards.pdf").pages) == 4  # 15 cards
    assert len(PdfReader(f"{four}_cards.pdf").pages) == 8  # 30 cards: four sheets
    host = text_of(Path(f"{four}_host-key.pdf"))
    assert "Count each kind: 10 suns, 10 moons, 10 stars 10 + 10 + 10 = 30" in host
    assert "Count each kind: 5 suns, 5 moons, 5 stars 5 + 5 + 5 = 15" in text_of(
        Path(f"{three}_host-key.pdf")
    )
    # Sheet 1 holds SUN 1 to SUN 5 twice (ten copies would not fit): nine sun backs.
    # Each text a card draws ends with the space its line break stands for (the text layer).
    # Each page's running foot ("My game · suit cards · page 2 of 8") is its own line.
    pages = PdfReader(f"{four}_cards.pdf").pages
    first_backs, last_backs = (
        [line.strip() for line in pages[n].extract_text().split("\n") if " · page " not in line]
        for n in (1, 7)
    )
    assert sorted(first_backs) == ["SUN BACK"] * 9
    assert set(last_backs) == {"STAR BACK"}


@pytest.mark.parametrize(
    ("table", "error"),
    [
        (
            '{"2-x": 1, "4-5": 2}',
            ":{line}:{col}: player range '2-x' must look like '3-6', '7+' or '4'",
        ),
        (
            '{"2-3": 1, "3-5": 2}',
            ":{line}:{col}: cards.0.count: '3-5' overlaps '2-3'; give each player count one entry",
        ),
        (
            '{"2-3": 1, "7+": 2}',
            ":{line}:{col}: cards.0.count: '7+' is outside the game's 2-5 players",
        ),
        (
            '{"2-3": 1, "4": 2}',
            ":{line}:12: cards.0.count: no entry for 5 players; give every count of the game's 2-5 players one",
        ),
        (
            '{"2-3": 1, "4-5": two}',
            ":{line}:{col}: cards.0.count.4-5: must be a whole number, got 'two'",
        ),
    ],
)
def test_a_bad_count_table_is_one_line_at_its_file_line_and_column(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], table: str, error: str
) -> None:
    root = copy_project(tmp_path)
    assert new(root, capsys, GAME)[0] == 0
    deck = root / "content" / GAME / "deck.yaml"
    text = deck.read_text()
    deck.write_text(text.replace(COUNT, f"    count: {table}\n"))
    line = text[: text.index(COUNT)].count("\n") + 1
    status, lines, _ = run(["check", GAME, *sources(root)], capsys, root)
    assert status == 2 and len(lines) == 1
    found = re.match(rf"^/.*/content/{GAME}/deck\.yaml:{line}:(\d+):", lines[0]) or re.match(
        rf"^content/{GAME}/deck\.yaml:{line}:(\d+):", lines[0]
    )
    assert found, lines
    column = int(found.group(1))
    assert lines[0].endswith(error.format(line=line, col=column).split(":", 3)[-1])
    if "{col}" in error:  # at the entry named, not at the start of the table
        assert column > len("    count: {")


@pytest.mark.parametrize(
    ("find", "replace", "error"),
    [
        (
            "id: my-cards",
            "id: poker",
            "cards/my-cards.yaml:8:1: card template id 'poker' is a shipped template's "
            "(templates/cards/poker.yaml:7): a game's own template takes a new id",
        ),
        (
            "  picture:\n",
            "  shape:\n",
            "cards/my-cards.yaml:{line}:3: layout 'shape' is already 'poker''s "
            "(templates/cards/poker.yaml:15): a game's template adds layouts, it does not "
            "replace them",
        ),
        (
            "\nextends: poker\n",
            "\nextends: pokr\n",
            "cards/my-cards.yaml:9:1: template 'pokr' not found (known: collect-3, my-cards, poker",
        ),
        (
            "[5mm, 70%, 100% - 10mm, 13.5%]",
            "[5mm, 70%, 100% - 10mm, 40%]",
            "cards/my-cards.yaml:{line}:35: layouts.picture.elements.2.box: reaches off the "
            "63.5 x 88.9 mm card",
        ),
    ],
)
def test_the_games_own_template_takes_no_shipped_name_and_is_checked_at_its_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], find: str, replace: str, error: str
) -> None:
    """A game's template named like a shipped one, or a layout named like one of poker's,
    would silently draw the cards otherwise than the file that reads as their layout: refused."""
    root = copy_project(tmp_path)
    assert new(root, capsys, GAME)[0] == 0
    template = root / "content" / GAME / "cards/my-cards.yaml"
    text = template.read_text()
    assert text.count(find) == 1
    template.write_text(text.replace(find, replace))
    line = text[: text.index(find.lstrip("\n"))].count("\n") + 1
    status, lines, _ = run(["check", GAME, *sources(root)], capsys, root)
    assert status == 2 and len(lines) <= 2 and lines[1:] == [x for x in lines[1:] if "hint:" in x]
    assert f"content/{GAME}/{error.format(line=line)}" in lines[0], lines
    assert not (root / "out").exists()


def test_a_picture_the_games_layout_names_is_beside_the_layout(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`src: sun.svg` written in the game's own template is read from its cards/ folder."""
    root = copy_project(tmp_path)
    assert new(root, capsys, GAME)[0] == 0
    folder = root / "content" / GAME
    (folder / "art/logo.svg").rename(folder / "cards/sun.svg")
    template = folder / "cards/my-cards.yaml"
    template.write_text(
        template.read_text().replace('src: "{art}", fit: contain}', "src: sun.svg}")
    )
    deck = folder / "deck.yaml"
    deck.write_text(deck.read_text().replace(" art: art/logo.svg,", ""))
    out = tmp_path / "out"
    status, lines, _ = run(
        ["build", GAME, *sources(root), "--players", "4", "--out", str(out)], capsys, root
    )
    assert (status, lines) == (0, [])
    pdf = out / f"{KIT.format(n=4)}_cards.pdf"
    back = pdfium.PdfDocument(pdf)[1].render(scale=2).to_pil().convert("RGB")
    assert ORANGE in {colour for _, colour in back.getcolors(1 << 20)}


def test_a_label_set_changes_an_element_of_the_games_own_template_by_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`cards.elements.back-picture` names an element only the game's template has: it is
    known, and hiding it takes the picture off the backs."""
    root = copy_project(tmp_path)
    assert new(root, capsys, GAME)[0] == 0
    mine = tmp_path / "mine.yaml"
    mine.write_text("extends: standard\ncards:\n  elements:\n    back-picture: {hidden: true}\n")
    out = tmp_path / "out"
    args = ["build", GAME, *sources(root), "--players", "4", "--paper", "a4", "--out", str(out)]
    status, lines, _ = run([*args, "--labels", str(mine)], capsys, root)
    assert (status, lines) == (0, [])
    pdf = out / GAME / f"mine/a4/4-players/{GAME}_4p_a4_mine_cards.pdf"
    back = pdfium.PdfDocument(pdf)[1].render(scale=1).to_pil().convert("RGB")
    assert ORANGE not in {colour for _, colour in back.getcolors(1 << 20)}


def test_labels_new_for_a_game_writes_its_own_file_for_a_set(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`labels new es --game GAME`: the game's labels/es.yaml, naming its schema, its common
    changes as comments at the values printed now; it joins es for this game only."""
    root = copy_project(tmp_path)
    assert new(root, capsys, GAME)[0] == 0
    status, lines, out = run(["labels", "new", "es", "--game", GAME, *sources(root)], capsys, root)
    path = root / "content" / GAME / "labels/es.yaml"
    assert (status, lines, out.strip()) == (0, [], str(path))
    assert_schemas_named(path.parent.parent, {"labels/es.yaml": "game-labels"})
    text = path.read_text()
    assert '#   "My game": "My game"' in text
    assert "#   sun: {shape: circle, colour: '#E69F00', pattern: none" in text  # not its numbers
    text = text.replace('#   "My game": "My game"', '  "My game": "Mi juego"')
    path.write_text(text.replace("# text:", "text:", 1))
    strict = ["check", "--strict", GAME, *sources(root), "--players", "4", "--paper", "a4"]
    status, lines, _ = run(strict, capsys, root)
    # Translated now, for braille-es too (the first set --strict refuses): it extends es, so
    # it takes the game's es words, and still lacks the game's other texts.
    assert status == 2 and "'My game'" not in "\n".join(lines)
    assert any("label set 'braille-es' (" in line and "has no text for" in line for line in lines)
    planned: list[Planned] = []  # the file is there: refused before any kit is planned
    with listening_to_kits(lambda kit, files: planned.append(kit)):
        status, lines, _ = run(
            ["labels", "new", "es", "--game", GAME, *sources(root)], capsys, root
        )
    assert status == 2 and lines[0].endswith(
        "es.yaml: already exists; change it, or move it away first"
    )
    assert planned == []


def test_new_refuses_a_bad_id_an_existing_folder_or_an_unknown_game_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = copy_project(tmp_path)
    before = sorted(p.name for p in (root / "content").iterdir())
    for extra, message in [
        (
            ["My_Game"],
            "game id 'My_Game' may only use a-z, 0-9 and -, starting with a letter or digit",
        ),
        (
            ["pass-and-pick"],
            f"{root}/content/pass-and-pick: already exists: choose another id, or remove the folder",
        ),
        (["copy", "--from", "nope"], "--from: no game 'nope' in"),
    ]:
        status, lines, out = new(root, capsys, *extra)
        assert status == 2 and len(lines) == 1 and out == ""
        assert lines[0].startswith(message.replace(f"{root}/", "")), lines
    assert sorted(p.name for p in (root / "content").iterdir()) == before


def test_new_refuses_a_shipped_games_id_in_a_folder_of_ones_own(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The shipped label sets change a shipped game by its id (`games:`), so a new game
    under that id in another folder took changes written for cards it does not have, and
    its own check failed (as did a copy of it made with --from)."""
    status, lines, out = run(["new", "pass-and-pick", "--content", str(tmp_path)], capsys, tmp_path)
    assert (status, out) == (2, "")
    assert lines == [
        "game id 'pass-and-pick' is a shipped game's, and the shipped label sets change that "
        "game by its id (their `games:` entries): choose an id of its own"
    ]
    assert list(tmp_path.iterdir()) == []


def test_a_copy_of_a_game_builds_as_the_original_under_every_label_set(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = copy_project(tmp_path)
    status, _, out = new(root, capsys, "my-pick", "--from", "pass-and-pick")
    assert status == 0 and "next 3. edit" in out and "sheets.yaml" in out
    copy = root / "content" / "my-pick"
    assert "id: my-pick" in (copy / "game.yaml").read_text()
    assert sorted(p.name for p in (copy / "labels").iterdir()) == [
        "colour-blind.yaml",
        "high-contrast.yaml",
    ]
    assert_schemas_named(
        copy, {f"labels/{name}.yaml": "game-labels" for name in ("colour-blind", "high-contrast")}
    )
    # Neither game is skipped or refused under any set: checked, as `printed` checks make
    # print's games (a check plans every kit a build writes, and says a skip alike); the
    # sets whose words or colours the copy's own files carry are built and read.
    games = ["my-pick", "pass-and-pick", *sources(root)]
    one_kit = [word for option in ONE_KIT.items() for word in option]
    status, lines, _ = run(["check", *games, "--labels", "all", *one_kit], capsys, root)
    assert (status, lines) == (0, [])
    out_dir = tmp_path / "out"
    compared = ["--labels", "high-contrast,colour-blind,es", *one_kit, "--out", str(out_dir)]
    status, lines, _ = run(["build", *games, *compared], capsys, root)
    assert (status, lines) == (0, [])
    for labels in ("high-contrast", "colour-blind", "es"):
        mine = text_of(out_dir / f"my-pick/{labels}/a4/4-players/my-pick_4p_a4_{labels}_cards.pdf")
        theirs = text_of(
            out_dir / f"pass-and-pick/{labels}/a4/4-players/pass-and-pick_4p_a4_{labels}_cards.pdf"
        )
        assert mine == theirs


def test_the_example_game_files_ship_with_the_package() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text()
    starter = ROOT / "shapes_print" / "commands" / "starter_game"
    assert '"commands/starter_game/*.yaml", "commands/starter_game/labels/*.yaml"' in pyproject
    assert (starter / "game.yaml").is_file() and (starter / "labels/high-contrast.yaml").is_file()
