"""A new game under label sets: its own words join a shipped set, its colours are held to a
set's contrast, a set changes its template by name, `labels new` writes its own file, and a
copy of a game prints as the original under every set."""

from __future__ import annotations

import ast
import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from shapes_print.pipeline.pipeline import plan_all
from shapes_print.pipeline.project import Sources, load_project
from shapes_print.pipeline.requests import Planned, listening_to_kits
from tests.newgame import GAME, ONE_KIT, ORANGE, assert_schemas_named, new, sources
from tests.planned import page_words
from tests.project_copy import copy_project, run


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
    # Its cards print them, as planned (what a build renders); the check below plans its kit
    # with every other game's and says nothing.
    assert "¡SUN 1" in cards_words(root, [GAME], ("es",))[(GAME, "es")]
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


def cards_words(root: Path, games: list[str], sets: tuple[str, ...]) -> dict[tuple[str, str], str]:
    """The words of each game's cards file under each set, page by page, as planned for
    ONE_KIT from the project copy at `root`: by (game, set)."""
    project = load_project(Sources(root / "content", root / "templates"), games, list(sets))
    words = {}
    for _, info, files in plan_all(project, ONE_KIT["--players"], ONE_KIT["--paper"]):
        (cards,) = [file.printed for file in files if file.name.endswith("_cards")]
        pages = " ".join(page_words(page, cards.symbols) for page in cards.pages)
        words[(info["game"], info["labels"])] = pages
    return words


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


def test_a_copy_of_a_game_prints_as_the_original_under_every_label_set(
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
    # sets whose words or colours the copy's own files carry are planned and their cards'
    # words compared, as a build would print them.
    games = ["my-pick", "pass-and-pick", *sources(root)]
    one_kit = [word for option in ONE_KIT.items() for word in option]
    status, lines, _ = run(["check", *games, "--labels", "all", *one_kit], capsys, root)
    assert (status, lines) == (0, [])
    sets = ("high-contrast", "colour-blind", "es")
    words = cards_words(root, ["my-pick", "pass-and-pick"], sets)
    for labels in sets:
        assert words[("my-pick", labels)] == words[("pass-and-pick", labels)], labels


def test_the_example_carries_a_pattern_and_its_colour_word_under_colour_blind(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`new` writes the example's own colour-blind file, as its high-contrast one: each suit
    a pattern of its own and its colour's word. A game without such cues is not built as
    colour-blind safe: skipped with one line, or refused when asked for by name."""
    root = copy_project(tmp_path)
    assert new(root, capsys, GAME)[0] == 0
    words = cards_words(root, [GAME], ("colour-blind",))[(GAME, "colour-blind")]
    for word in ("ORANGE", "SKY BLUE", "BLUISH GREEN"):
        assert word in words, word
    project = load_project(Sources(root / "content", root / "templates"), [GAME], ["colour-blind"])
    (variant,) = project.variants
    patterns = {card.group: card.fields["pattern"] for card in variant.games[GAME].deck.cards}
    assert "none" not in patterns.values() and len(set(patterns.values())) == 3, patterns
    (root / "content" / GAME / "labels" / "colour-blind.yaml").unlink()
    out = tmp_path / "out"
    args = ["build", "--labels", "colour-blind", "--players", "4", "--paper", "a4"]
    status, lines, _ = run([*args, *sources(root), "--out", str(out)], capsys, root)
    assert (status, lines) == (
        0,
        [
            f"skipped colour-blind for {GAME}: card 'sun-1' is coloured #E69F00 with no pattern; "
            f"content/{GAME}/labels/colour-blind.yaml can give each colour a pattern and its word"
        ],
    )
    assert not (out / GAME).exists() and (out / "pass-and-pick" / "colour-blind").is_dir()
    status, lines, _ = run([args[0], GAME, *args[1:], *sources(root)], capsys, root)
    assert status == 2 and "is coloured #E69F00 with no pattern" in lines[0], lines
