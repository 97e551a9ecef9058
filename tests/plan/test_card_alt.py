"""A card's alternate text says what a sighted player plays it by: its colour and shape
where the card draws them and a name for them exists, then its printed words, each once.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from shapes_print.commands.cli import main
from shapes_print.kit.resolved import resolve_kit
from shapes_print.kit.variant import make_variant
from shapes_print.load.content import game_folders, load_game
from shapes_print.load.defaults import DEFAULT_CONTENT, DEFAULT_LABELS, DEFAULT_TEMPLATES
from shapes_print.load.labels import load_labels
from shapes_print.plan.cardcues import cued_words
from shapes_print.plan.cardfile import card_symbols, card_template
from shapes_print.text.words import Words

NEW_GAME = "my-game"


@pytest.fixture(scope="module")
def new_content(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A content folder holding the game `new` writes and nothing else."""
    content = tmp_path_factory.mktemp("new") / "games"
    assert main(["new", NEW_GAME, "--content", str(content)]) == 0
    return content


def _alts(content: Path, game: str, labels: str) -> dict[str, str]:
    """Each face of the game's main deck by its id, with the alternate text its card sheet
    gives it under the label set."""
    games = {folder.name: load_game(folder) for folder in game_folders(content)}
    variant = make_variant(DEFAULT_TEMPLATES, games, load_labels(labels, DEFAULT_LABELS))
    loaded = variant.games[game]
    ctx = resolve_kit(loaded, variant.library, variant.ctx, None).ctx  # its pictures read
    faces, _ = card_symbols(loaded, card_template(loaded, variant.library, None), ctx)
    return {name.removeprefix("face-"): face.alt for name, face in faces.items()}


@pytest.mark.parametrize(
    ("labels", "alt"),
    [
        ("standard", "Card: circle, SUN 1"),  # its colour has no name in this set
        ("colour-blind", "Card: orange circle, SUN 1"),  # the printed ORANGE said once
        ("high-contrast", "Card: circle, SUN 1"),
    ],
)
def test_the_new_games_card_names_the_shape_it_draws(
    new_content: Path, labels: str, alt: str
) -> None:
    alts = _alts(new_content, NEW_GAME, labels)
    assert alts["sun-1"] == alt
    assert alts["moon-5"] == alt.replace("orange", "sky blue").replace(
        "circle, SUN 1", "crescent, MOON 5"
    )


RULE_CARDS = ("stop-turn", "clear-the-board")  # their rules follow: only their start is held
SHIPPED = [
    # A shipped card that prints every name it shows is said as it prints, as before.
    ("pass-and-pick", "standard", "circle", "Card: CIRCLE"),
    ("pass-and-pick", "colour-blind", "circle", "Card: CIRCLE, SKY BLUE"),
    ("pass-and-pick", "es", "circle", "Carta: CÍRCULO"),  # no Spanish for the shape's id
    ("shapes-the-game", "standard", "red-half-circle", "Card: RED, HALF-CIRCLE"),
    ("shapes-the-game", "large-print", "red-half-circle", "Card: RED, HALF CIRCLE"),
    ("shapes-the-game", "es", "red-half-circle", "Carta: ROJO, SEMICÍRCULO"),
    ("shapes-the-game", "colour-blind", "blue-arch", "Card: BLUE, ARCH"),
    # A rule card's symbol, which its words do not name, said in English sets alone.
    ("shapes-the-game", "standard", "stop-turn", "Card: octagon, STOP TURN, Play any time."),
    ("shapes-the-game", "large-print", "clear-the-board", "Card: triangle, CLEAR THE BOARD, "),
    ("shapes-the-game", "es", "stop-turn", "Carta: DETENER"),
    ("collect-3", "standard", "red-2", "Card: 2, RED"),
    ("collect-3", "es", "red-2", "Carta: 2, ROJO"),
    ("collect-3", "colour-blind", "red-2", "Card: 2, RED"),
]


@pytest.mark.parametrize(("game", "labels", "card", "alt"), SHIPPED)
def test_a_shipped_card_says_first_only_the_names_its_words_lack(
    game: str, labels: str, card: str, alt: str
) -> None:
    said = _alts(DEFAULT_CONTENT, game, labels)[card]
    assert said == alt or (card in RULE_CARDS and said.startswith(alt)), said


def test_a_name_is_said_in_the_sets_words_or_not_at_all() -> None:
    """A set in another language says a shape or colour only in its own words: a name it
    lacks is left out, not said in English; a colour word it prints is its own."""
    fields = {"shape": "half-circle", "colour_word": "NARANJA"}
    games = {"pass-and-pick": load_game(DEFAULT_CONTENT / "pass-and-pick")}
    variant = make_variant(DEFAULT_TEMPLATES, games, load_labels("standard", DEFAULT_LABELS))
    template = card_template(games["pass-and-pick"], variant.library, None)
    elements = template.layouts["shape"].elements  # poker's: its shape drawn from {shape}
    spanish = Words(name="es", locale="es", text={"half-circle": "semicírculo"})
    assert cued_words(["SOL 1", "NARANJA"], fields, elements, spanish) == [
        "naranja semicírculo",
        "SOL 1",
    ]
    unnamed = Words(name="es", locale="es")
    assert cued_words(["SOL 1"], {"shape": "half-circle"}, elements, unnamed) == ["SOL 1"]
    english = Words()
    assert cued_words(["SUN 1"], {"shape": "half-circle"}, elements, english) == [
        "half circle",
        "SUN 1",
    ]


def test_a_name_the_words_say_among_others_is_not_said_again() -> None:
    """A printed word holding a name with other words says it ("ORANGE OWL" says orange,
    "STAR 1" star): only the names no word says come first."""
    games = {"pass-and-pick": load_game(DEFAULT_CONTENT / "pass-and-pick")}
    variant = make_variant(DEFAULT_TEMPLATES, games, load_labels("standard", DEFAULT_LABELS))
    template = card_template(games["pass-and-pick"], variant.library, None)
    elements = template.layouts["shape"].elements  # poker's: its shape drawn from {shape}
    english = Words()
    orange_circle = {"shape": "circle", "colour_word": "ORANGE"}
    assert cued_words(["ORANGE OWL"], orange_circle, elements, english) == ["circle", "ORANGE OWL"]
    assert cued_words(["STAR 1"], {"shape": "star"}, elements, english) == ["STAR 1"]
    assert cued_words(["HALF-CIRCLE 2"], {"shape": "half-circle"}, elements, english) == [
        "HALF-CIRCLE 2"
    ]
    # A colour word printed alone still joins the shape's name: said once, as one.
    assert cued_words(["SUN 1", "ORANGE"], orange_circle, elements, english) == [
        "orange circle",
        "SUN 1",
    ]
