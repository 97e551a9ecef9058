"""`new` writes a game that builds at once, and a new game never breaks `make print`.

The example game is built as `make print` builds (every label set; every count on both
papers in the standard set) inside a project copy, and every game of the copy is checked as
make print builds it: the translated sets, which have no words for it, skip it with one
line each; `check --strict` names each missing text. `new` refuses a name it cannot take.
"""

from __future__ import annotations

import contextlib
import io
import re
import shlex
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from shapes_print.commands.cli import main
from shapes_print.load.defaults import DEFAULT_LABELS
from shapes_print.load.labels import load_labels, shipped
from tests.command_lines import Said
from tests.newgame import (
    GAME,
    KIT,
    ONE_KIT,
    ORANGE,
    ROOT,
    assert_schemas_named,
    new,
    sources,
    text_of,
)
from tests.project_copy import copy_project, run

# A translated set skips a game it has no words for: es, braille-es (over es), fr and de,
# every shipped set in a language other than English.
TRANSLATION_SKIP = re.compile(
    rf"^skipped (?:braille-es|es|fr|de) for {GAME}: (\d+) texts have no "
    r"(?:Spanish|French|German) \(check --strict lists them\)$"
)
TRANSLATED = [
    name for name in shipped(DEFAULT_LABELS) if load_labels(name, DEFAULT_LABELS).locale != "en"
]

CARD_W, CARD_H = 63.5 / 25.4 * 72, 88.9 / 25.4 * 72  # poker, in points


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
        "labels/colour-blind.yaml",
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
    "labels/colour-blind.yaml": "game-labels",
    "labels/high-contrast.yaml": "game-labels",
    "rules.yaml": "document",
    "score-sheet.yaml": "document",
}


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
    # Asking for Spanish on the game by name refuses it the same way, for each text but the
    # coins' names as only braille-es's embosser file lists them ("coins worth 1: 6").
    embossed = [line for line in named if line.endswith(("'coins worth 1'", "'coins worth 5'"))]
    status, lines, _ = run(
        ["build", GAME, "--labels", "es", *sources(root), "--out", str(root / "es")], capsys, root
    )
    assert len(embossed) == 2 and status == 2
    assert lines[:-1] == [
        line.replace("braille-es", "es") for line in named if line not in embossed
    ]
    assert not (root / "es").exists()


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


def test_the_example_game_files_ship_with_the_package() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text()
    starter = ROOT / "shapes_print" / "commands" / "starter_game"
    assert '"commands/starter_game/*.yaml", "commands/starter_game/labels/*.yaml"' in pyproject
    assert (starter / "game.yaml").is_file() and (starter / "labels/high-contrast.yaml").is_file()
    assert (starter / "labels/colour-blind.yaml").is_file()
