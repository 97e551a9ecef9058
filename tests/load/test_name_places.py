"""A card's name, and the count's text made of it ("{count} suns"), are placed where the
name is written: a spreadsheet's `name` cell, a YAML deck's `name:` line (its form's key for
a name in two forms), so `check --strict`, `labels extract`'s references and an error about
either name that place, not the deck's `cards:` line. Asked of the loaded game in memory:
the texts the deck's summary and its cards' names say, as a listener hears them.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from shapes_print.commands.cli import main
from shapes_print.kit.contents import DeckSummary, card_names, cards_by_name, kit_values
from shapes_print.pipeline import pipeline
from shapes_print.text.listeners import listening
from shapes_print.text.words import Words, pinpoint
from tests.hostile_files import xlsx

GAME = "my-game"
COMETS = "id,name,count,layout,back,art,label\ncomet,comets,1,picture,comet,art/logo.svg,COMET\n"
COMETS_DECK = """\
backs:
  comet: {layout: picture-back, fields: {title: "COMETS", art: art/logo.svg, fill: "#000000",
          pattern: none, pattern_colour: "#000000", title_colour: "#FFFFFF"}}
cards: {from: comets.csv}
"""


def _heard(content: Path) -> dict[str, set[str]]:
    """Each text the game's deck summary, each deck's checklist summary and its cards'
    names say, with the places (file:line:column, from the content folder) that write it."""
    project = pipeline.load_project(pipeline.Sources(content=content), [], [])
    loaded = project.variants[0].games[GAME]
    with listening() as heard:
        str(kit_values(loaded, 2, Words())["deck_summary"])
        for deck in loaded.decks:
            str(DeckSummary(cards_by_name(deck.deck, 2), Words(), deck))
            for named in card_names(deck).values():
                Words().say(named.name, named.where)
    return {
        english: {
            str(at).removeprefix(f"{content}/{GAME}/")
            for saying in sayings
            if (at := pinpoint(saying.where, english)) is not None
        }
        for english, sayings in heard.by_text().items()
    }


def _new_game(content: Path) -> Path:
    """`new`'s game, its own label sets (of suits a spreadsheet deck may lack) and its
    deal made one card, so a sheet's six suns are cards enough."""
    assert main(["new", GAME, "--content", str(content)]) == 0
    shutil.rmtree(content / GAME / "labels")
    game = content / GAME / "game.yaml"
    text = game.read_text(encoding="utf-8")
    text = text.replace('deal: {"2-3": 5, "4-5": 3}', "deal: 1")
    game.write_text(text, encoding="utf-8")
    return content / GAME


@pytest.mark.parametrize("sheet", ["karten.xlsx", "karten.csv"])
def test_a_spreadsheets_name_and_its_count_are_placed_at_its_cell(
    tmp_path: Path, sheet: str
) -> None:
    """The sun's name is B2, the cell that writes it (column 2, a cell and not a character
    of the CSV's line), not deck.yaml's `cards: {from: ...}` line."""
    folder = _new_game(tmp_path)
    deck = folder / "deck.yaml"
    text = deck.read_text(encoding="utf-8")
    deck.write_text(text[: text.index("cards:\n")] + f"cards: {{from: {sheet}}}\n")
    if sheet.endswith(".xlsx"):
        xlsx(folder / sheet)
    else:
        header, row = "id,name,count,layout,back,art,label", "sun,suns,6,picture,standard,a.png,SUN"
        (folder / sheet).write_text(f"{header}\n{row}\n", encoding="utf-8")
    heard = _heard(tmp_path)
    assert heard["suns"] == {f"{sheet}:2:2"}, heard
    assert heard["{count} suns"] == {f"{sheet}:2:2"}, heard


def test_a_yaml_names_count_is_placed_at_its_name(tmp_path: Path) -> None:
    """`new`'s suits are named `"{suit}s"` at deck.yaml's line 17, its coins in two forms at
    coins.yaml's line 14: the count's text and the name are placed there, not at the entry's
    `for_each` line nor the `cards:` line; a deck of its own from a CSV too."""
    folder = _new_game(tmp_path)
    game = folder / "game.yaml"
    text = game.read_text(encoding="utf-8")
    more = 'extra_decks: {comets: {file: comets.yaml, title: "comet cards"}}\n'
    game.write_text(text.replace("deck: deck.yaml\n", f"deck: deck.yaml\n{more}"))
    (folder / "comets.yaml").write_text(COMETS_DECK, encoding="utf-8")
    (folder / "comets.csv").write_text(COMETS, encoding="utf-8")
    lines = (folder / "deck.yaml").read_text(encoding="utf-8").splitlines()
    name_line = lines.index('    name: "{suit}s"') + 1
    heard = _heard(tmp_path)
    assert heard["{count} suns"] == heard["suns"] == {f"deck.yaml:{name_line}:5"}, heard
    assert heard["{count, plural, one {# coin worth 1} other {# coins worth 1}}"] == {
        "coins.yaml:14:5"
    }, heard
    assert heard["coin worth 1"] == {"coins.yaml:14:12"}, heard
    assert heard["comets"] == heard["{count} comets"] == {"comets.csv:2:2"}, heard
