"""Words that tell the truth, read back from real kits (every game, every label set, the
fewest and most players, A4 and Letter): footers follow each file's own sides, colour words
follow the backs a label set drew."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from shapes_print.pipeline import pipeline
from tests.pdfread import first_page_text, page_texts

ONE_SIDED = "headers and footers off; one-sided"
SPANISH_ONE_SIDED = "sin encabezados ni pies de página; a una cara"


def _pdfs(labelled: Path) -> list[Path]:
    return sorted(labelled.glob("**/*.pdf"))


def test_only_double_sided_files_say_double_sided(labelled: Path) -> None:
    """A file the viewer is told to print Simplex says one-sided in every page's footer and
    names no flip; the printing guide alone says double-sided, about the cards files it lists."""
    simplex = 0
    for pdf in _pdfs(labelled):
        duplex = PdfReader(pdf).viewer_preferences.get("/Duplex")
        if duplex != "/Simplex":  # a double-sided file's first page says how to flip it
            assert duplex in ("/DuplexFlipLongEdge", "/DuplexFlipShortEdge"), pdf
            first = first_page_text(pdf)
            assert "flip on long edge" in first or "por el borde largo" in first, pdf
            continue
        simplex += 1
        pages = page_texts(pdf)
        for number, words in enumerate(pages, 1):
            assert ONE_SIDED in words or SPANISH_ONE_SIDED in words, (pdf.name, number)
            if "printing-guide" not in pdf.name:
                for double in ("double-sided", "doble cara", "flip on", "girar por"):
                    assert double not in words, (pdf.name, number, double)
    assert simplex > 100


def test_back_words_name_the_backs_the_label_set_drew(labelled: Path) -> None:
    """The rules' "green back" and "red back" are the standard set's colours; high contrast
    draws black-and-white patterns and its sheets say so."""
    said = {
        "": ("(green back)", "(red back)"),
        "colour-blind/": ("(green back)", "(red back)"),
        "es/": ("(dorso verde)", "(dorso rojo)"),
        "high-contrast/": ("(dotted back)", "(striped back)"),
    }
    for labels, words in said.items():
        sheets = sorted(labelled.glob(f"collect-3/{labels}a4/*-players/*_sheets.pdf"))
        assert sheets, labels
        for pdf in sheets:
            first = page_texts(pdf)[0]
            for phrase in words:
                assert phrase in first, (pdf.name, phrase)
            if labels == "high-contrast/":
                for colour in ("green", "red"):
                    assert f"{colour} back" not in " ".join(page_texts(pdf)), pdf.name


def test_printing_guides_speak_to_the_printer_on_one_page(labelled: Path) -> None:
    """The guide names nothing the kit lacks (the calibration sheet, --back-offset and cut
    files need shapes-print: docs/printing.md and --help), and the standard set's is one page."""
    guides = sorted(labelled.glob("**/*_printing-guide.pdf"))
    standard = [pdf for pdf in guides if pdf.parent.parent.parent.parent == labelled]
    assert len(standard) == 3 * 2 * 2  # games, fewest and most players, A4 and Letter
    for pdf in standard:
        assert len(PdfReader(pdf).pages) == 1, pdf.name
    for pdf in guides:
        words = " ".join(page_texts(pdf))
        for builder_only in ("calibrat", "back-offset", "cut.svg", "shapes-print"):
            assert builder_only not in words, (pdf.name, builder_only)


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
            "Cantidades de este juego impreso: 3 copias de cada carta de número, 4 Comodines,",
        ],
    },
}


def _kits(labelled: Path, game: str, labels: str) -> list[Path]:
    folder = labelled / game / ("" if labels == "standard" else labels)
    kits = sorted(p for p in folder.glob("*/*-players") if p.is_dir())
    assert kits, (game, labels)
    return kits


def _player_words(kit: Path) -> str:
    """Every page a player is handed: all the kit but the host key (and the printing guide)."""
    return " ".join(
        " ".join(page_texts(pdf))
        for pdf in sorted(kit.glob("*.pdf"))
        if not pdf.name.endswith(("_host-key.pdf", "_printing-guide.pdf"))
    )


def test_every_rule_a_player_needs_is_on_a_player_page(labelled: Path) -> None:
    """In every kit (fewest and most players, A4 and Letter), standard and Spanish."""
    for game, by_labels in PLAYER_RULES.items():
        for labels, sentences in by_labels.items():
            for kit in _kits(labelled, game, labels):
                words = _player_words(kit)
                for sentence in sentences:
                    assert sentence in words, (kit, sentence)


def test_the_kits_rulings_stand_under_their_own_heading(labelled: Path) -> None:
    """Shapes the Game and Collect 3 leave questions open: a player file of every kit says
    where the rules are silent and gives the kit's ruling; Pass and pick leaves none."""
    for game in PLAYER_RULES:
        for labels, heading in SILENT.items():
            for kit in _kits(labelled, game, labels):
                words = _player_words(kit)
                if game == "pass-and-pick":
                    assert heading not in words, kit
                else:
                    assert heading in words, kit
                    ruling = "This kit's ruling:" if labels == "standard" else "Decisión de este"
                    assert ruling in words, kit


def test_stop_turn_and_clear_the_board_words_agree_with_solitaire(labelled: Path) -> None:
    """The components say both are "only used in the classic version", but Solitaire keeps
    Clear the Board: no sheet repeats that claim."""
    for kit in _kits(labelled, "shapes-the-game", "standard"):
        words = _player_words(kit)
        assert "only used in the Classic" not in words, kit
        if "Solitaire" in words:
            assert "keep the 2 Clear the Board cards" in words, kit


@pytest.fixture(scope="module")
def drafting(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Shapes the Game at 3 and 4 players, where Card Drafting runs short of cards."""
    out = tmp_path_factory.mktemp("drafting")
    project = pipeline.load_project(pipeline.Sources(), ["shapes-the-game"], ["standard", "es"])
    for count in ("3", "4"):
        pipeline.build_project(project, pipeline.BuildOptions(players=count, paper="a4"), out)
    return out / "shapes-the-game"


@pytest.mark.parametrize(("players", "left", "refills"), [(3, 23, 1), (4, 18, 0)])
def test_card_drafting_says_what_to_do_when_cards_run_short(
    drafting: Path, players: int, left: int, refills: int
) -> None:
    """50 cards, dealt 9 each at 3 players and 8 each at 4: 23 and 18 are left, so everyone
    can draft 5 more once at 3 players and not at all at 4. The sheet says so and rules."""
    for labels, words in (
        ("", ("Cards left in the deck after the deal", "Times everyone can then draft 5 more")),
        ("es/", ("Cartas que quedan en el mazo tras repartir", "pueden seleccionar luego 5 más")),
    ):
        (sheet,) = drafting.glob(f"{labels}a4/{players}-players/*_drafting.pdf")
        text = " ".join(page_texts(sheet))
        assert f"{words[0]} {left}" in text
        assert f"{words[1]} {refills}" in text
    english = " ".join(page_texts(next(drafting.glob(f"a4/{players}-players/*_drafting.pdf"))))
    assert "Too few cards left for everyone to draft 5 more" in english
    assert "the players still in the game share the win" in english
