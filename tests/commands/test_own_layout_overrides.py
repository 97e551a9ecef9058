"""A game's own file for a label set moves and resizes its own layouts' elements, as a
label set of one's own does: Bug Hunt's 'GRASSHOPPER 1' does not fit large print's 24 pt
card word, so the set skips the game, until the game's `labels/large-print.yaml` gives the
word a box and sizes of its own under `elements:`."""

from __future__ import annotations

from pathlib import Path

import pytest

from shapes_print.geometry.primitives import Document, Group, Item, Text
from shapes_print.pipeline import pipeline
from shapes_print.pipeline.requests import kit_requests
from shapes_print.units import mm
from tests.bughunt import GAME, LARGE_PRINT, her_game
from tests.project_copy import run

# The shape 7 mm shorter, and the word in the room it leaves, at 20 pt down to 18 pt and on
# two lines where it must: it clears the colour word below it (from 100% - 21.4mm).
OWN = """\
# yaml-language-server: $schema=../../../schemas/game-labels.schema.json
elements:
  shape: {box: [5mm, 13mm, 100% - 10mm, 100% - 57mm]}
  label: {box: [5mm, 100% - 43.5mm, 100% - 10mm, 21.5mm], size: 20pt, min_size: 18pt, wrap: true}
"""


# A plain check of every set, on one kit: a set takes the game's cards or skips the game
# whatever the count and paper (the example's deck is the same at every count).
ONE_KIT = ["--players", "4", "--paper", "a4"]


def own_file(content: Path, text: str) -> Path:
    path = content / GAME / "labels" / "large-print.yaml"
    path.write_text(text)
    return path


def texts(items: tuple[Item, ...]) -> list[Text]:
    """Every line of text among the items, inside groups too."""
    found: list[Text] = []
    for item in items:
        if isinstance(item, Text):
            found.append(item)
        elif isinstance(item, Group):
            found += texts(item.items)
    return found


def test_the_skip_line_names_the_game_s_own_file_for_a_box_of_its_own() -> None:
    assert "(elements:)" in LARGE_PRINT and f"content/{GAME}/labels/large-print.yaml" in LARGE_PRINT


def test_the_game_s_own_file_moves_and_resizes_its_element_and_the_set_takes_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    content = her_game(tmp_path, capsys)
    own_file(content, OWN)
    status, lines, _ = run(["check", *ONE_KIT, "--content", str(content)], capsys, tmp_path)
    assert status == 0, lines
    assert not any(line.startswith("skipped large-print for") for line in lines), lines
    # Asked for by name, the set takes the game too.
    args = ["check", GAME, "--labels", "large-print", "--content", str(content)]
    assert run(args, capsys, tmp_path)[:2] == (0, [])
    project = pipeline.load_project(pipeline.Sources(content=content), [GAME], ["large-print"])
    (variant,) = project.variants
    layout = variant.games[GAME].templates["my-cards"].layouts["shape"]
    (label,) = [element for element in layout.elements if element.name == "label"]
    # A box side is a share of the card's side plus a length: 100% - 43.5mm is (1, -43.5 mm).
    written = ((0.0, 5), (1.0, -43.5), (1.0, -10), (0.0, 21.5))
    assert [side for pair in label.box for side in pair] == pytest.approx(
        [side for share, at in written for side in (share, mm(at))]
    )
    # The plan prints the word in the game's own box, at the game's own sizes: its first
    # line's baseline is above the top of large print's box (33.9 mm over the card's foot)
    # and inside the game's (43.5 mm down to 22 mm over it).
    words = [
        text
        for _, _, files in pipeline.plan_all(project, "4", "a4")
        for file in files
        if isinstance(file.document, Document)
        for symbol in file.document.symbols.values()
        for text in texts(symbol.items)
        if text.text.startswith("GRASSHOPPER")
    ]
    assert words and all(18 <= text.size <= 20 for text in words), words
    assert all(mm(33.9) < text.y < mm(43.5) for text in words), words


def test_an_element_the_game_s_layouts_do_not_name_is_one_line_with_did_you_mean(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    content = her_game(tmp_path, capsys)
    own_file(content, OWN.replace("  label:", "  lable:"))
    status, lines, _ = run(["check", "--content", str(content)], capsys, tmp_path)
    assert status == 2 and len(lines) == 1, lines
    assert lines[0].startswith(f"content/{GAME}/labels/large-print.yaml:4:3: "), lines
    assert "'lable'" in lines[0] and "did you mean 'label'?" in lines[0], lines


def test_bug_hunt_with_its_own_large_print_takes_every_set_on_a4_and_letter(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`check` plans every kit a build would write, through the same skips, and writes
    nothing: every set on A4 and Letter planned clean, large print's kits among them."""
    content = her_game(tmp_path, capsys)
    own_file(content, OWN)
    args = ["check", "--labels", "all", "--players", "4", "--paper", "all"]
    status, lines, _ = run([*args, "--content", str(content)], capsys, tmp_path)
    assert status == 0, lines
    assert not any(line.startswith("skipped large-print") for line in lines), lines
    project = pipeline.load_project(pipeline.Sources(content=content), [GAME], ["large-print"])
    folders = {kit.folder for kit in kit_requests(project, "4", "all")}
    for paper in ("a4", "letter"):
        assert f"{GAME}/large-print/{paper}/4-players" in folders, sorted(folders)


def test_labels_new_starts_the_own_file_of_a_set_that_cannot_take_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    content = her_game(tmp_path, capsys)
    args = ["labels", "new", "large-print", "--game", GAME, "--content", str(content)]
    assert run(args, capsys, tmp_path)[:2] == (0, [])
    lines = (content / GAME / "labels" / "large-print.yaml").read_text().splitlines()
    at = lines.index(
        "# elements:  # its card layouts' elements by name, as written there: a box, sizes, a look"
    )
    assert lines[at + 1].startswith("#   label: {box: "), lines


# A face of the game's own beside poker's `shape`: the word below the shape, on up to two
# lines; under large print the game's cards drawn with `shape` take it instead.
BIG_WORD = """\
  big-word:
    elements:
      - {kind: rect, name: big-face, box: [0mm, 0mm, 100%, 100%], fill: "#FFFFFF", bleed: true}
      - {kind: shape, name: big-shape, box: [5mm, 8mm, 100% - 10mm, 40%], shape: "{shape}",
         fill: "{colour}", stroke: "#000000", stroke_width: 1pt, pattern: "{pattern}",
         pattern_colour: "{pattern_colour}"}
      - {kind: text, name: big-label, box: [5mm, 55%, 100% - 10mm, 35%], text: "{label}",
         size: 24pt, min_size: 18pt, wrap: true}
"""


def test_the_game_s_own_file_draws_a_layout_s_cards_with_another_of_its_layouts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    content = her_game(tmp_path, capsys)
    cards = content / GAME / "cards" / "my-cards.yaml"
    cards.write_text(cards.read_text() + BIG_WORD)
    # Large print's card words are 24 pt by role: the game's own file lets this one shrink.
    own_file(content, "layouts:\n  shape: big-word\nelements:\n  big-label: {min_size: 18pt}\n")
    status, lines, _ = run(["check", *ONE_KIT, "--content", str(content)], capsys, tmp_path)
    assert status == 0, lines
    assert not any(line.startswith("skipped large-print for") for line in lines), lines
    project = pipeline.load_project(pipeline.Sources(content=content), [GAME], ["large-print"])
    (variant,) = project.variants
    assert {card.layout for card in variant.games[GAME].deck.cards} == {"big-word"}
    # Under the standard set the cards keep poker's `shape`.
    standard = pipeline.load_project(pipeline.Sources(content=content), [GAME])
    assert {card.layout for card in standard.variants[0].games[GAME].deck.cards} == {"shape"}
    # A layout the template does not have is one line at its place, with the one meant.
    own_file(content, "layouts:\n  shape: big-wrod\nelements:\n  big-label: {min_size: 18pt}\n")
    status, lines, _ = run(["check", "--content", str(content)], capsys, tmp_path)
    assert status == 2 and len(lines) == 1, lines
    assert lines[0].startswith(f"content/{GAME}/labels/large-print.yaml:2:3: "), lines
    assert "did you mean 'big-word'?" in lines[0], lines
    # And a layout no card or back is drawn with.
    own_file(content, "layouts:\n  shapes: big-word\n")
    status, lines, _ = run(["check", "--content", str(content)], capsys, tmp_path)
    assert status == 2 and lines[1:] == [
        "hint: name a layout the deck's cards or backs are drawn with (their `layout:`)"
    ], lines
    assert lines[0].startswith(f"content/{GAME}/labels/large-print.yaml:2:3: "), lines
    assert "'shapes'" in lines[0] and "shape" in lines[0], lines
