"""A card's name joined to its count reads right at every count: a deck's `name:` in two
forms (`{one: fox, other: foxes}`) is counted "1 fox", "2 foxes" wherever a count is joined
to it (`{deck_summary}`, the print-and-play file's checklist), and a label set translates
the count as one plural; `new`'s coins are counted "6 coins worth 1", not "6 1". Asked of
the plan in memory.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from shapes_print.commands.cli import main
from shapes_print.errors import UserError
from shapes_print.pipeline import pipeline
from shapes_print.plan.kit import KitFile
from tests.planned import page_words
from tests.tinygame import DECK, game, sheets

ANIMALS = """\
  - {id: fox, name: {one: fox, other: foxes}, count: 1, layout: shape, back: plain,
     fields: {shape: circle, label: FOX, colour: "#E69F00", pattern: none, pattern_colour: "#000000"}}
  - {id: hen, name: {one: hen, other: hens}, count: 2, layout: shape, back: plain,
     fields: {shape: circle, label: HEN, colour: "#E69F00", pattern: none, pattern_colour: "#000000"}}
  - for_each: [owls]
    id: "owl-{colour}"
    name: {one: "{colour} owl", other: "{colour} owls"}
    count: 1
    layout: shape
    back: plain
    fields: {shape: circle, label: OWL, colour: "#E69F00", pattern: none, pattern_colour: "#000000"}
"""
OWLS = "lists:\n  owls:\n    - {colour: grey}\n"
# A set in Spanish of its own, a path beside the game: the counts in its words.
SPANISH = """\
extends: standard
title: tiny in Spanish
locale: es
ordinal: "{n, selectordinal, other {#.º}}"
text:
  "{count, plural, one {# fox} other {# foxes}}": "{count, plural, one {# zorro} other {# zorros}}"
  "{count, plural, one {# hen} other {# hens}}": "{count, plural, one {# gallina} other {# gallinas}}"
"""


def _words(files: list[KitFile], ending: str) -> str:
    (document,) = [f.printed for f in files if f.name.endswith(ending)]
    return " ".join(page_words(page, document.symbols) for page in document.pages)


def _tiny(root: Path) -> Path:
    """tiny with a fox, two hens and a grey owl, and a sheet that prints `{deck_summary}`."""
    folder = root / "content" / "tiny"
    folder.mkdir(parents=True)
    texts = {
        "game.yaml": game(["sheets.yaml"], OWLS),
        "deck.yaml": DECK.replace("  - {id: sun, count: 2", "  - {id: sun, name: suns, count: 2")
        + ANIMALS,
        "sheets.yaml": sheets('text: "The deck: {deck_summary}."'),
    }
    for name, text in texts.items():
        (folder / name).write_text(text, encoding="utf-8")
    return root / "content"


def test_a_name_in_two_forms_is_counted_in_the_form_its_count_wants(tmp_path: Path) -> None:
    """One fox, two hens and one grey owl (its forms filled from its list's item), in the
    sheet's summary and the checklist alike; a name in one form is counted as written."""
    project = pipeline.load_project(pipeline.Sources(content=_tiny(tmp_path)), [], [])
    ((_, _, files),) = pipeline.plan_all(project, "2", "a4")
    counted = "2 suns, 1 fox, 2 hens, 1 grey owl"
    assert f"The deck: {counted}." in _words(files, "_sheets")
    assert f"cards: {counted}" in _words(files, "_print-and-play")


def test_a_picture_of_one_card_is_called_by_its_one_form(tmp_path: Path) -> None:
    """Large print's cover prints beneath its picture of a card of each kind the card's
    name: "fox", not "foxes" (a name in one form as written)."""
    project = pipeline.load_project(pipeline.Sources(content=_tiny(tmp_path)), [], ["large-print"])
    ((_, _, files),) = pipeline.plan_all(project, "2", "a4")
    assert "SUN FOX HEN OWL suns, fox, hen, grey owl Game Tiny" in _words(files, "_print-and-play")


def test_a_label_set_translates_the_count_as_one_plural(tmp_path: Path) -> None:
    """The set's plural of each name, chosen by Spanish's rule for the count: 1 zorro, 2
    gallinas (the suns and the owl, untranslated, stay English)."""
    content = _tiny(tmp_path)
    spanish = tmp_path / "tiny-es.yaml"
    spanish.write_text(SPANISH, encoding="utf-8")
    project = pipeline.load_project(pipeline.Sources(content=content), [], [str(spanish)])
    ((_, _, files),) = pipeline.plan_all(project, "2", "a4")
    assert "2 suns, 1 zorro, 2 gallinas, 1 grey owl" in _words(files, "_sheets")


def test_new_games_coins_are_counted_by_their_worth(tmp_path: Path) -> None:
    """`new`'s checklist line for its coins reads "6 coins worth 1", not "6 1": each coin's
    name says what it is in both its forms."""
    content = tmp_path / "games"
    assert main(["new", "my-game", "--content", str(content)]) == 0
    project = pipeline.load_project(pipeline.Sources(content=content), [], [])
    ((_, _, files),) = pipeline.plan_all(project, "2", "a4")
    assert "coin tokens: 6 coins worth 1, 6 coins worth 5" in _words(files, "_print-and-play")


def test_a_name_lacking_a_form_is_named_at_its_line(tmp_path: Path) -> None:
    """A name's forms without `other` is refused at the name, in the deck's own words (the
    key it lacks, not the class pydantic checks it with)."""
    content = _tiny(tmp_path)
    deck = content / "tiny" / "deck.yaml"
    deck.write_text(deck.read_text().replace("{one: hen, other: hens}", "{one: hen}"))
    with pytest.raises(UserError) as error:
        pipeline.load_project(pipeline.Sources(content=content), [], [])
    assert str(error.value).endswith("deck.yaml:12:15: cards.2.name.other: is required")
