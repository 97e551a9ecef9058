"""Words that tell the truth, read from every kit's words as the plan draws them (every
game, every label set, the fewest and most players, A4 and Letter: `shipped.planned`,
tests/shippedcheck.py): footers follow each file's own sides, colour words follow the backs a
label set drew, and the rules a player needs are on a player's page."""

from __future__ import annotations

import pytest

from shapes_print.geometry.primitives import Document, Group, Item, Text
from shapes_print.load.defaults import STANDARD
from shapes_print.pipeline import pipeline
from tests.planned import PAGE_SETS, KitWords, page_words
from tests.shippedcheck import ShippedSets

ONE_SIDED = "headers and footers off; one-sided"
SPANISH_ONE_SIDED = "sin encabezados ni pies de página; a una cara"
# French sets a narrow no-break space before ";": compared with white space made plain.
FRENCH_ONE_SIDED = "sans en-têtes ni pieds de page ; recto seul"
GERMAN_ONE_SIDED = "ohne Kopf- und Fußzeilen; einseitig"


def _planned(shipped: ShippedSets, game: str, labels: str) -> list[KitWords]:
    kits = [kit for kit in shipped.planned(labels).words if kit.game == game]
    assert kits, (game, labels)
    return kits


@pytest.mark.parametrize("labels", PAGE_SETS)
def test_only_double_sided_files_say_double_sided(shipped: ShippedSets, labels: str) -> None:
    """A file printed on one side (its viewer is told Simplex: tests/plan/test_pass_and_pick.py
    and others read that from the PDF) says one-sided in every page's footer and names no
    flip; the printing guide alone says double-sided, about the cards files it lists."""
    simplex, kits = 0, shipped.planned(labels).words
    for kit in kits:
        for name, pages in kit.files.items():
            if kit.duplex[name] != "none":  # a double-sided file's first page says how to flip it
                assert kit.duplex[name] in ("long", "short"), name
                first = pages[0]
                flips = (
                    "flip on long edge",
                    "por el borde largo",
                    "retournement sur le bord long",
                    "an der langen Kante spiegeln",
                )
                assert any(flip in first for flip in flips), name
                continue
            simplex += 1
            for number, words in enumerate(pages, 1):
                one_sided = (ONE_SIDED, SPANISH_ONE_SIDED, FRENCH_ONE_SIDED, GERMAN_ONE_SIDED)
                plain = " ".join(words.split())
                assert any(said in plain for said in one_sided), (name, number)
                if not name.endswith("printing-guide"):
                    doubles = (
                        "double-sided",
                        "doble cara",
                        "flip on",
                        "girar por",
                        "recto verso",
                        "beidseitig",
                    )
                    for double in doubles:
                        assert double not in words, (name, number, double)
    # each kit's sheets, host key, printing guide and player aid at least
    assert simplex >= 4 * len(kits)


BACK_WORDS = {
    "standard": ("(green back)", "(red back)"),
    "colour-blind": ("(green back)", "(red back)"),
    "es": ("(dorso verde)", "(dorso rojo)"),
    "high-contrast": ("(dotted back)", "(striped back)"),
}


@pytest.mark.parametrize("labels", BACK_WORDS)
def test_back_words_name_the_backs_the_label_set_drew(shipped: ShippedSets, labels: str) -> None:
    """The rules' "green back" and "red back" are the standard set's colours; high contrast
    draws black-and-white patterns and its sheets say so."""
    for kit in _planned(shipped, "collect-3", labels):
        if kit.paper != "a4":
            continue
        pages = kit.file("_sheets")
        for phrase in BACK_WORDS[labels]:
            assert phrase in pages[0], (labels, kit.players, phrase)
        if labels == "high-contrast":
            for colour in ("green", "red"):
                assert f"{colour} back" not in " ".join(pages), (labels, kit.players)


@pytest.mark.parametrize("labels", PAGE_SETS)
def test_printing_guides_speak_to_the_printer_on_one_page(
    shipped: ShippedSets, labels: str
) -> None:
    """The guide names nothing the kit lacks (the calibration sheet, --back-offset and cut
    files need shapes-print: docs/printing.md and --help), and the standard set's is one page."""
    guides = [(kit, kit.file("_printing-guide")) for kit in shipped.planned(labels).words]
    if labels == STANDARD:
        assert len(guides) == 3 * 2 * 2  # games, fewest and most players, A4 and Letter
        assert all(len(pages) == 1 for _, pages in guides)
    for kit, pages in guides:
        words = " ".join(pages)
        for builder_only in ("calibrat", "back-offset", "cut.svg", "shapes-print"):
            assert builder_only not in words, (kit.game, kit.labels, kit.players, builder_only)


# ---- rules where their reader is ------------------------------------------------------

SILENT = {"standard": "Where the rules are silent", "es": "Lo que las reglas no dicen"}
# Rule sentences a player needs, as each label set prints them: on a player page, not only in
# the host key the players are told not to read.
PLAYER_RULES = {
    "pass-and-pick": {
        "standard": [
            "For 3\u20136 players. Plan for 12\u201318 minutes.",  # en dashes, as the rules
            "If a card is passed before everyone has locked their choice, pause and restore the "
            "last clear state; if it cannot be restored, replay the whole round unscored.",
        ],
        "es": [
            "De 3 a 6 jugadores. Calcule de 12 a 18 minutos.",
            "Si se pasa una carta antes de que todos hayan fijado su elección, pare el juego y "
            "vuelva al último estado claro; si no se puede recuperar, repita la ronda entera sin "
            "puntuarla.",
        ],
    },
    "shapes-the-game": {
        "standard": ["Shapes the Game was developed by John Bezanis and Dana Saltarella."],
        "es": ["Shapes the Game es un juego de John Bezanis y Dana Saltarella."],
    },
    "collect-3": {
        "standard": [
            "the dealer places it face up in front of them at once and draws again.",
            "until the round ends, when it is shuffled back with every other card.",
            "the card they do not keep goes face down on the discard pile.",
            "subtract 1 for the Wild first, then multiply by 2.",
            "one Crown each per round;",
            "the caller scores -1, puts back any Crown they took, and play goes on;",
            "a Wild in front of you stands in for any one card of your three.",
            "This kit's counts: 3 copies of each number card, 4 Wild, 2 Double Points and 2 Bomb "
            "cards,",
        ],
        "es": [
            "el repartidor la pone enseguida boca arriba delante de sí y vuelve a robar.",
            "reste primero 1 por el Comodín y luego multiplique por 2.",
            "un Comodín delante de usted cuenta como una carta cualquiera de su trío.",
            "Cantidades de este kit: 3 copias de cada carta de número, 4 Comodines,",
        ],
    },
}


@pytest.mark.parametrize("labels", SILENT)
def test_every_rule_a_player_needs_is_on_a_player_page(shipped: ShippedSets, labels: str) -> None:
    """In every kit (fewest and most players, A4 and Letter), standard and Spanish: on a page
    a player is handed, all the kit but the host key (and the printing guide)."""
    for game, by_labels in PLAYER_RULES.items():
        for kit in _planned(shipped, game, labels):
            words = kit.words(host=False)
            for sentence in by_labels[labels]:
                assert sentence in words, (game, labels, kit.players, kit.paper, sentence)


@pytest.mark.parametrize("labels", SILENT)
def test_the_kits_rulings_stand_under_their_own_heading(shipped: ShippedSets, labels: str) -> None:
    """Shapes the Game and Collect 3 leave questions open: a player file of every kit says
    where the rules are silent and gives the kit's ruling; Pass and pick leaves none."""
    heading = SILENT[labels]
    for game in PLAYER_RULES:
        for kit in _planned(shipped, game, labels):
            words = kit.words(host=False)
            where = (game, labels, kit.players, kit.paper)
            if game == "pass-and-pick":
                assert heading not in words, where
            else:
                assert heading in words, where
                ruling = "This kit's ruling:" if labels == "standard" else "Criterio de este"
                assert ruling in words, where


def test_stop_turn_and_clear_the_board_words_agree_with_solitaire(shipped: ShippedSets) -> None:
    """The components say both are "only used in the classic version", but Solitaire keeps
    Clear the Board: no sheet repeats that claim."""
    for kit in _planned(shipped, "shapes-the-game", STANDARD):
        words = kit.words(host=False)
        assert "only used in the Classic" not in words, (kit.players, kit.paper)
        if kit.players == 1:  # Solitaire's kit (every cover names Solitaire's one player)
            assert "keep the 2 Clear the Board cards" in words, (kit.players, kit.paper)


@pytest.fixture(scope="module")
def drafting() -> dict[tuple[str, int], Document]:
    """Card Drafting's sheet at 3 and 4 players, where it runs short of cards, in English
    and Spanish, as planned (by label set and player count)."""
    sheets = {}
    for labels in (STANDARD, "es"):
        project = pipeline.load_project(pipeline.Sources(), ["shapes-the-game"], [labels])
        for _, info, files in pipeline.plan_all(project, "3,4", "a4"):
            (sheet,) = [f.document for f in files if f.name.endswith("_drafting")]
            assert isinstance(sheet, Document)
            sheets[labels, int(info["players"])] = sheet
    return sheets


def _words(sheet: Document) -> str:
    return " ".join(page_words(page, sheet.symbols) for page in sheet.pages)


# What the sheet says of the drafts after the deal, by player count: the rules' step, and
# the ruling for when cards run short with this kit's counts in its sentence.
RUN_SHORT = {
    (STANDARD, 3): (
        "If all cards are played, all players draft 5 more cards.",
        "With 3 players, 23 cards are left after the deal: enough for everyone to draft 5 more"
        " once (this kit's count). This kit's ruling: then deal out the rest",
    ),
    (STANDARD, 4): (
        "all players draft 5 more cards. With 4 players the deck has too few left for that:"
        ' see "Where the rules are silent".',
        "With 4 players, 18 cards are left after the deal: too few for everyone to draft 5 more"
        " even once (this kit's count).",
    ),
    ("es", 4): (
        "Con 4 jugadores no quedan cartas suficientes para ello: vea «Lo que las reglas no dicen».",
        # Too few, not none: "no cards left" is the next ruling's case.
        "Quedan menos cartas de las necesarias para que todos seleccionen 5 más:",
        "Con 4 jugadores quedan 18 cartas en el mazo tras repartir: no alcanzan para que todos"
        " seleccionen 5 más ni una vez (cuenta de este kit).",
    ),
}


@pytest.mark.parametrize(("labels", "players"), list(RUN_SHORT))
def test_card_drafting_says_what_to_do_when_cards_run_short(
    drafting: dict[tuple[str, int], Document], labels: str, players: int
) -> None:
    """50 cards, dealt 9 each at 3 players and 8 each at 4: 23 and 18 are left, so everyone
    can draft 5 more once at 3 players and not at all at 4. The counts (this kit's: the rules
    give neither) stand in the ruling they time; at 4 players the rules' step, which says
    everyone drafts 5 more, says that this deck cannot and where the ruling is."""
    words = _words(drafting[labels, players])
    for said in RUN_SHORT[labels, players]:
        assert said in words, said
    assert ("too few left for that" in words) == (players == 4 and labels == STANDARD)
    if labels == STANDARD:
        assert "the players still in the game share the win" in words


def _tables_after(items: tuple[Item, ...], heading: str, seen: list[bool]) -> int:
    """The tables drawn after the first text that reads `heading`, in drawing order."""
    found = 0
    for item in items:
        if isinstance(item, Text) and item.text.strip() == heading:
            seen.append(True)
        elif isinstance(item, Group):
            found += int(item.role == "Table" and bool(seen))
            found += _tables_after(item.items, heading, seen)
    return found


def test_no_table_stands_headless_under_the_card_drafting_rulings(
    drafting: dict[tuple[str, int], Document],
) -> None:
    """Its counts stood in a table of their own after the rulings, no heading over it:
    "Times everyone can then draft 5 more: 0" read as if page 1's rule never held."""
    for (labels, players), sheet in drafting.items():
        seen: list[bool] = []
        heading = (
            "Where the rules are silent" if labels == STANDARD else "Lo que las reglas no dicen"
        )
        items = tuple(item for page in sheet.pages for item in page.items)
        assert _tables_after(items, heading, seen) == 0 and seen, (labels, players)
        assert "Times everyone" not in _words(sheet)
