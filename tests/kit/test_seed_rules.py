"""The seed rules whole and in one voice, read from every kit's words (every game, every
label set, the fewest and most players, A4 and Letter) as the plan draws them
(`shipped.planned`, tests/shippedcheck.py): each game's objective first, Collect 3's winning score
as the rules' recommendation, Shapes the Game's set named as needed and not printed, the
silent points ruled, one spelling and one form of address per kit, the game's name as its
rules give it, large-print Task cards that say their Task; and from real kits, colour words
that match the ink."""

from __future__ import annotations

import colorsys
import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from shapes_print.load.defaults import STANDARD
from shapes_print.pipeline import pipeline
from tests.pdfread import page_texts
from tests.planned import KitWords
from tests.shippedcheck import ShippedSets


def _planned(shipped: ShippedSets, game: str, labels: str = STANDARD) -> list[KitWords]:
    kits = [kit for kit in shipped.planned(labels).words if kit.game == game]
    assert kits, (game, labels)
    return kits


def _kits(labelled: Path, game: str, labels: str = "") -> list[Path]:
    kits = sorted(p for p in (labelled / game / labels).glob("*/*-players") if p.is_dir())
    assert kits, (game, labels)
    return kits


def _first_words(pdf: Path) -> str:
    return page_texts(pdf)[0]


OBJECTIVES = {
    "collect-3": ("_sheets", "Goal: complete the round's Task by collecting 3 cards."),
    "pass-and-pick": ("_sheets", "Goal: keep one card at a time and pass the shrinking hand"),
    "shapes-the-game": ("_main-game", "Goal: be the last surviving player."),
}


@pytest.mark.parametrize("game", sorted(OBJECTIVES))
def test_each_game_states_its_objective_before_its_setup(shipped: ShippedSets, game: str) -> None:
    ending, goal = OBJECTIVES[game]
    for kit in _planned(shipped, game):
        named = sorted(name for name in kit.files if name.endswith(ending))
        sheets = named or [name for name in kit.files if name.endswith("_solitaire")]
        assert sheets, kit.files.keys()
        first = kit.files[sheets[0]][0]
        said = "Goal: make it through the entire deck." if kit.players == 1 else goal
        assert said in first, sheets[0]
        setup = next(w for w in ("Set up", "Before each round", "Setup") if w in first)
        assert first.index(said) < first.index(setup), sheets[0]


def test_collect_3_winning_score_is_recommended_and_agreed(shipped: ShippedSets) -> None:
    """ "The first player to reach the agreed-upon score wins", with the rules' "Recommended
    winning score" table: 10 for 2-4 players, 20 for 7+ (the fewest and most here)."""
    for kit in _planned(shipped, "collect-3"):
        players = kit.players
        target = 10 if players <= 4 else 20
        words = kit.words(host=False)
        assert "the first player to reach the agreed-upon score wins" in words, kit
        assert f"the rules recommend {target} points for {players} players" in words, kit
        assert f"Score sheet: {players} players, recommended winning score {target}" in words, kit
        assert f"first to reach {target} points wins" not in words, kit
        assert "Winning score agreed" not in words


NEEDED_AND_PRINTED = {
    STANDARD: (
        "Needed and not in this kit: the Shapes the Game set itself: the black triangular "
        "base, 40 colored pieces (10 each in red, green, blue and yellow) and 10 white pieces.",
        "Printed in this kit: the 54 cards: 40 color cards, one for each colored piece, 10 "
        "WILD, 2 Stop Turn and 2 Clear the Board.",
    ),
    "es": ("la base triangular negra, 40 piezas de color", "Impreso en este kit: las 54"),
}


@pytest.mark.parametrize("labels", NEEDED_AND_PRINTED)
def test_shapes_the_game_names_the_set_it_needs_and_does_not_print(
    shipped: ShippedSets, labels: str
) -> None:
    """ "the black base", "10 pieces for each of the colors red, green, blue, and yellow", "The
    10 white shapes": needed, and not in a kit of cards, on every kit's first player sheet."""
    needed, printed = NEEDED_AND_PRINTED[labels]
    for kit in _planned(shipped, "shapes-the-game", labels):
        words = kit.words(host=False)
        assert needed in words, (labels, kit.players, kit.paper)
        assert printed in words, (labels, kit.players, kit.paper)


SILENT_RULINGS = {
    "classic": [
        "Who goes first: the rules do not say. This kit's ruling: as in the main game",
        "The discard pile: the rules shuffle it into the deck but do not say what goes on it.",
        "If the deck runs out: the rules do not say. This kit's ruling: as in the main game,",
        "Stealing a card: the rules do not say how. This kit's ruling: choose the player, then "
        "take one card from their hand without looking",
    ],
    "survivor": ['What "fail" means: the rules do not say. This kit\'s ruling:'],
}


@pytest.fixture(scope="module")
def two_players(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Shapes the Game for 2 (Classic is for 2-4: neither the fewest nor the most players)."""
    out = tmp_path_factory.mktemp("two-players")
    project = pipeline.load_project(pipeline.Sources(), ["shapes-the-game"], ["standard"])
    pipeline.build_project(project, pipeline.BuildOptions(players="2", paper="a4,letter"), out)
    return out / "shapes-the-game"


def test_the_silent_points_are_ruled_under_their_heading(two_players: Path) -> None:
    """Classic: the discard pile, an empty deck, who goes first, how to steal; Survivor: what
    "fail" means. Each ruling sits after "Where the rules are silent" on its own sheet."""
    seen = 0
    for kit in _kits(two_players.parent, "shapes-the-game"):
        for variant, rulings in SILENT_RULINGS.items():
            for pdf in kit.glob(f"*_{variant}.pdf"):
                words = " ".join(page_texts(pdf))
                silent = words.index("Where the rules are silent")
                for ruling in rulings:
                    assert words.index(ruling) > silent, (pdf.name, ruling)
                    seen += 1
    assert seen == 2 * 5  # four Classic rulings and one Survivor ruling, on both papers


ENGLISH = (STANDARD, "colour-blind", "high-contrast", "large-print", "braille")


@pytest.mark.parametrize("labels", ENGLISH)
def test_one_english_spelling_per_kit(shipped: ShippedSets, labels: str) -> None:
    """The kit's English keeps the rules' own spelling ("color", Collect 3's Task list;
    "neighbor", Pass and pick's), so no English kit of any game mixes two spellings."""
    british = re.compile(
        r"(?<![\w-])(colou?rs?|colou?red|neighbou?rs?|centre|millimetres?)(?![\w-])", re.I
    )
    for game in ("collect-3", "pass-and-pick", "shapes-the-game"):
        for kit in _planned(shipped, game, labels):
            words = kit.words()
            where = (game, labels, kit.players, kit.paper)
            found = {m.group(0).lower() for m in british.finditer(words)}
            assert found <= {"color", "colors", "colored", "neighbor", "neighbors"}, where
            if game == "collect-3":
                assert "color" in found, where


# Every ustedes imperative the Spanish kits once used beside usted's: now only usted speaks.
USTEDES = re.compile(
    r"\b(paren|vuelvan|repitan|muestren|puntúen|fíjenla|siéntense|barajen|sigan jugando|"
    r"sigan así|seleccionen|acuerden)\b",
    re.IGNORECASE,
)


@pytest.mark.parametrize("labels", ["es", "braille-es"])
def test_spanish_kits_address_the_player_as_usted_only(shipped: ShippedSets, labels: str) -> None:
    for game in ("collect-3", "pass-and-pick", "shapes-the-game"):
        for kit in _planned(shipped, game, labels):
            words = kit.words()
            where = (game, labels, kit.players, kit.paper)
            # Solitaire speaks to its one player in usted's forms ("Coloque", "su mano")
            # and never needs the word; every other kit says it.
            assert "usted" in words or kit.players == 1, where
            assert not USTEDES.search(words), (where, USTEDES.search(words))


@pytest.mark.parametrize("labels", [STANDARD, "es", "large-print"])
def test_shapes_the_game_keeps_its_name(shipped: ShippedSets, labels: str) -> None:
    """Its rules call it "Shapes the Game" (the players' phrase "let's play shapes" apart)."""
    short = re.compile(r"\bShapes\b(?! the Game)")
    for kit in _planned(shipped, "shapes-the-game", labels):
        words = kit.words().replace("Juguemos a Shapes", "")
        where = (labels, kit.players, kit.paper)
        assert "Shapes the Game" in words, where
        found = short.search(words)
        assert not found, (where, words[found.start() - 40 :][:80] if found else "")


def _orange_and_red(pdf: Path, pages: range) -> tuple[int, int]:
    """Counts of strongly coloured pixels whose hue is orange (18-45 degrees) and red."""
    orange = red = 0
    document = pdfium.PdfDocument(pdf)
    for index in pages:
        image = document[index].render(scale=20 / 72).to_pil().convert("RGB")
        pixels = image.tobytes()
        for r, g, b in zip(pixels[0::3], pixels[1::3], pixels[2::3], strict=True):
            hue, saturation, value = colorsys.rgb_to_hsv(r / 255, g / 255, b / 255)
            if saturation > 0.6 and value > 0.3:
                degrees = hue * 360
                orange += 18 <= degrees <= 45
                red += degrees < 15 or degrees > 345
    return orange, red


def test_the_red_back_is_drawn_red(labelled: Path) -> None:
    """The sheets say "(red back)" for the Action cards: the backs as drawn hold red and no
    orange (Okabe-Ito's vermillion, the old fill, is 26 degrees: orange to the eye)."""
    for kit in _kits(labelled, "collect-3"):
        (cards,) = kit.glob("*_cards.pdf")
        assert "(red back)" in _first_words(next(kit.glob("*_sheets.pdf")))
        backs = range(1, len(pdfium.PdfDocument(cards)), 2)
        orange, red = _orange_and_red(cards, backs)
        assert red > 0 and orange == 0, (cards.name, orange, red)


@pytest.mark.parametrize("labels", ["large-print", "large-print-atkinson"])
def test_large_print_task_cards_state_their_task(shipped: ShippedSets, labels: str) -> None:
    """A large-print Task card gives its Task in short at 24 pt, not "See the Task list"."""
    for kit in _planned(shipped, "collect-3", labels):
        words = " ".join(kit.file("_task-cards"))
        assert "See the Task list" not in words
        for short in ("3 cards, same color", "Number pair + color pair", "Sum is 12"):
            assert short in words, (labels, kit.players, kit.paper, short)
