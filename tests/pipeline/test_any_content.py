"""A label set applies to whatever content it is given (issue 26, item 1).

A shipped set's entries for the shipped games are skipped on a folder without them (a game
made by `new`, one shipped game alone), so every set builds it; a typo of a game that is
there is still an error. `check --strict` refuses a user's own entry for a game not there,
never a shipped set's for a shipped game (issue 46): those are no mistake of whoever checks
a folder of her own games, and plain `check` sends her to `--strict` for her missing words.
"""

from __future__ import annotations

import ast
import contextlib
import io
import json
import re
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from shapes_print.commands.cli import main
from shapes_print.load.defaults import DEFAULT_CONTENT, DEFAULT_LABELS
from shapes_print.load.labels import shipped
from shapes_print.write.manifest import verify
from tests.project_copy import run

SETS = shipped(DEFAULT_LABELS)
# Sets whose every text must be translated: a game with no words in them is skipped.
COMPLETE = {"es": "Spanish", "braille-es": "Spanish", "fr": "French", "de": "German"}
# Each content folder with its one game and that game's smallest player count.
CONTENTS = {"made-by-new": ("my-game", 2), "one-shipped": ("pass-and-pick", 3)}
# The plain check of Pass and pick alone asks one kit: whether a set's entries for the games
# not there are passed over does not hang on the count or the paper, and the shipped check
# (tests/shippedcheck.py) plans the same game, unchanged, at every count on
# every paper in every set. The game `new` wrote is checked at every count, on A4: nowhere
# else is every count of it checked in every set (tests/commands/test_new_game.py builds it
# at every count on both papers in the standard set).
ONE_KIT = {"one-shipped"}


@pytest.fixture(scope="module")
def contents(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`made-by-new/` holds a game `new` wrote, `one-shipped/` Pass and pick alone."""
    root = tmp_path_factory.mktemp("contents")
    assert main(["new", "my-game", "--content", str(root / "made-by-new")]) == 0
    shutil.copytree(DEFAULT_CONTENT / "pass-and-pick", root / "one-shipped" / "pass-and-pick")
    return root


def test_every_shipped_set_is_one_this_test_builds() -> None:
    assert set(SETS) == {
        "standard",
        "large-print",
        "large-print-atkinson",
        "high-contrast",
        "colour-blind",
        "es",
        "fr",
        "de",
        "braille",
        "braille-es",
    }


# A content folder built: its exit status, what it said on stderr, and its output folder.
Built = tuple[int, list[str], Path]


@pytest.fixture(scope="module")
def built_in_every_set(contents: Path) -> dict[str, Built]:
    """Each content folder built once with every shipped set (`--labels all`), its game's
    fewest players on A4: one build a folder, which each set's test reads its part of."""
    built = {}
    for content, (_, players) in CONTENTS.items():
        out = contents / f"{content}-out"
        args = ["build", "--content", str(contents / content), "--labels", "all"]
        args += ["--players", str(players), "--paper", "a4", "--out", str(out), "--quiet"]
        err = io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            status = main(args)
        built[content] = (status, err.getvalue().replace(f"{contents}/", "").splitlines(), out)
    return built


@pytest.mark.parametrize("labels", SETS)
@pytest.mark.parametrize("content", CONTENTS)
def test_every_shipped_set_builds_a_folder_without_the_shipped_games(
    built_in_every_set: dict[str, Built], content: str, labels: str
) -> None:
    game, players = CONTENTS[content]
    status, lines, out = built_in_every_set[content]
    assert status == 0, lines
    # No words for the new game in a complete set: one line each, and nothing else said
    # (how many texts each line counts, tests/commands/test_new_game.py holds to check --strict).
    skipped = {
        rf"skipped {name} for my-game: \d+ texts have no {language} \(check --strict lists them\)"
        for name, language in COMPLETE.items()
        if game == "my-game"
    }
    assert len(lines) == len(skipped), lines
    assert all(any(re.fullmatch(said, line) for line in lines) for said in skipped), lines
    if labels in COMPLETE and game == "my-game":
        assert not list((out / game / labels).rglob("*.pdf"))
        return
    set_folder = "" if labels == "standard" else f"{labels}/"
    suffix = "" if labels == "standard" else f"_{labels}"
    kit = out / game / f"{set_folder}a4/{players}-players"
    cards = kit / f"{game}_{players}p_a4{suffix}_cards.pdf"
    assert len(PdfReader(cards).pages) >= 2
    found, checked = verify(out)
    assert found == [] and checked > 0


@pytest.mark.parametrize("content", CONTENTS)
def test_a_plain_check_of_a_folder_without_the_shipped_games_passes(
    contents: Path, content: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # braille-es's `task {number}` is Collect 3's: not a text "printed nowhere" here.
    args = ["check", "--content", str(contents / content)]
    args += ["--paper", "a4"]
    if content in ONE_KIT:  # its fewest players
        args += ["--players", str(CONTENTS[content][1])]
    status, lines, out = run(args, capsys, contents)
    assert status == 0, lines
    assert out == f"ok: 1 game checked with {len(SETS)} label sets\n"
    skips = [line for line in lines if line.startswith("skipped ")]
    assert len(skips) == (len(COMPLETE) if content == "made-by-new" else 0) and skips == lines


def test_a_near_miss_of_a_game_in_the_content_is_still_a_typo(
    contents: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    mine = tmp_path / "mine.yaml"
    mine.write_text(
        "extends: large-print\ngames:\n  pass-and-pik: {cards: {circle: {label: RING}}}\n"
    )
    args = ["check", "--labels", str(mine), "--content"]
    status, lines, _ = run([*args, str(contents / "one-shipped")], capsys, tmp_path)
    assert (status, lines) == (
        2,
        ["mine.yaml:3:3: no game 'pass-and-pik' in the content (did you mean 'pass-and-pick'?)"],
    )
    # Where no game is close, it is for other content: skipped.
    status, lines, _ = run([*args, str(contents / "made-by-new")], capsys, tmp_path)
    assert (status, lines) == (0, [])


def test_strict_leaves_a_shipped_sets_entries_for_the_shipped_games_and_refuses_a_users(
    contents: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    made_by_new = str(contents / "made-by-new")
    sets = "large-print,colour-blind,high-contrast,braille"
    # One kit a set: what strict holds against a set's entries does not hang on the count or
    # the paper (the plain check above checks this game at every count).
    one_kit = ["--players", "2", "--paper", "a4"]
    status, lines, _ = run(
        ["check", "--strict", "--labels", sets, "--content", made_by_new, *one_kit],
        capsys,
        contents,
    )
    assert (status, lines) == (0, [])
    # Her own set's entry for a game not there is hers: strict names it.
    mine = tmp_path / "mine.yaml"
    mine.write_text("extends: large-print\ngames:\n  bug-hunt: {cards: {circle: {label: RING}}}\n")
    args = ["check", "--strict", "--labels", str(mine), "--content", made_by_new]
    status, lines, _ = run(args, capsys, tmp_path)
    assert (status, lines) == (
        2,
        ["mine.yaml:3:3: no game 'bug-hunt' in the content (games: my-game)"],
    )


def test_strict_on_her_own_games_names_her_missing_words_then_passes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """What a plain check says of the same game first, sending her here, is asked above
    (`test_a_plain_check_of_a_folder_without_the_shipped_games_passes[made-by-new]`, at every
    count); here one kit a set: the words a set lacks are the game's, not a count's."""
    content = tmp_path / "content"
    assert run(["new", "my-game", "--content", str(content)], capsys, tmp_path)[0] == 0
    strict = ["check", "--strict", "--content", str(content), "--players", "2", "--paper", "a4"]
    status, lines, _ = run(strict, capsys, tmp_path)
    *named, hint = lines
    assert status == 2 and named, lines
    assert all(" is complete but has no text for " in line for line in named), named
    assert hint.startswith("hint: add them under text: in ")
    english = dict.fromkeys(
        ast.literal_eval(line.split(" has no text for ", 1)[1]) for line in named
    )
    for name, mark in (("es", "¡"), ("fr", "«"), ("de", "„")):
        entries = "".join(f"  {json.dumps(t)}: {json.dumps(mark + t)}\n" for t in english)
        (content / "my-game" / "labels" / f"{name}.yaml").write_text(f"text:\n{entries}")
    # Her words given, nothing the shipped sets hold for the shipped games is held against her.
    status, lines, out = run(strict, capsys, tmp_path)
    assert (status, lines, out) == (0, [], f"ok: 1 game checked with {len(SETS)} label sets\n")


def test_a_users_own_text_is_still_checked_on_any_content(
    contents: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A user's set is for whatever content it is given: its unused text is a typo there.
    mine = tmp_path / "mine.yaml"
    mine.write_text('extends: large-print\ntext:\n  "Cards in pley": "Cartes en jeu"\n')
    args = ["check", "--labels", str(mine), "--content", str(contents / "one-shipped")]
    status, lines, _ = run(args, capsys, tmp_path)
    assert status == 2
    assert lines == [
        "mine.yaml:3:3: text 'Cards in pley' is not printed anywhere "
        "(did you mean 'Cards in play'?)"
    ]
