"""The print-and-play file's assembly page, planned in memory for every game at 4 players:
after the cover, what to print on which stock, the tools (with the rules' own sentence on
making the kit where they have one), the order of cuts, the fold sheets where they were
built, and a checklist of each deck's cards counted as the deck counts them; no host-only
words."""

from __future__ import annotations

import re

import pytest

from shapes_print.geometry.primitives import Document, Group, Item, Page, Rect
from shapes_print.load.options import PrintOptions
from shapes_print.pipeline import pipeline
from shapes_print.plan.cardsheets import is_cards_file
from shapes_print.plan.kit import KitFile
from tests.planned import LARGE_PRINT, PAGE_SETS, page_words
from tests.shippedcheck import ShippedSets

# The rules' own sentence on making the kit, as they write it, where a game's rules have one:
# only Pass and pick's do ("Printable materials"); no other game's page quotes it.
RULES_SAY = {"pass-and-pick": "Cut with suitable help."}
# Each deck's line on the checklist: its cards, its title as its cards file has it, its
# cards by kind as its `kinds:` names them (Shapes the Game's colours and special cards, in
# the words their faces print: its cards have no names, its ids are no words), else by name.
CHECKLIST = {
    "pass-and-pick": ("18 shape cards: 6 circles, 6 triangles, 6 squares",),
    "shapes-the-game": (
        "54 the deck of 54 cards: 10 RED, 10 GREEN, 10 BLUE, 10 YELLOW, 10 WILD, 2 STOP TURN,"
        " 2 CLEAR THE BOARD",
    ),
    "collect-3": (
        "89 cards (number, Action and Crown cards): 72 number cards (1 to 6 in Red, Blue, Green"
        " and Yellow, 3 of each), 8 Action cards (4 Wild, 2 Double Points, 2 Bomb), 9 Crown cards",
        "20 task cards (one per Task; show the round's Task)",
    ),
}


def _kits(labels: str, options: PrintOptions | None = None) -> dict[str, list[KitFile]]:
    project = pipeline.load_project(pipeline.Sources(), [], [labels])
    return {
        info["game"]: files
        for _, info, files in pipeline.plan_all(project, "4", "a4", "long", options)
    }


@pytest.fixture(scope="module")
def kits() -> dict[str, list[KitFile]]:
    return _kits("standard")


def _document(files: list[KitFile], ending: str) -> Document:
    (document,) = [f.document for f in files if f.name.endswith(ending)]
    assert isinstance(document, Document)
    return document


def _assembly(files: list[KitFile]) -> tuple[Document, int, str]:
    """The print-and-play file, its assembly page's index and that page's words."""
    whole = _document(files, "_print-and-play")
    mark = whole.bookmarks[1]
    return whole, mark.page, page_words(whole.pages[mark.page], whole.symbols)


def test_the_assembly_page_follows_the_cover_and_quotes_the_rules(
    kits: dict[str, list[KitFile]],
) -> None:
    for game, files in kits.items():
        whole, at, words = _assembly(files)
        assert whole.bookmarks[1].title == "How to print and put it together"
        assert at == 1 and words.startswith("How to print and put it together"), game
        rule = RULES_SAY.get(game)
        assert rule in words if rule else "suitable help" not in words, game
        assert "The rules say" not in words and "“" not in words, game
        # The stocks by page: plain up to the first cards part, card stock to the end.
        titles = {f.document.title for f in files if is_cards_file(f.document)}  # type: ignore[arg-type]
        cards = min(m.page for m in whole.bookmarks if m.title in titles)
        stocks = f"Pages Print on 1-{cards} plain {cards + 1}-{len(whole.pages)} card stock"
        assert stocks in words, game
        assert "Scissors, or a paper trimmer" in words
        assert "glue" not in words.lower()  # no fold sheets in this kit


def test_the_checklist_counts_each_deck_as_the_deck_does(kits: dict[str, list[KitFile]]) -> None:
    for game, files in kits.items():
        _, _, words = _assembly(files)
        for line in CHECKLIST[game]:
            assert line in words, (game, words)


# Spanish and French count a card by its name or kind with its plural (4 Jokers, not the
# "4 Joker" the name alone gave) and Shapes the Game's card words with the noun they name
# (10 cartas COMODÍN); French sets its colon after a narrow no-break space (read as one).
COUNTED = {
    "es": (
        "8 cartas de Acción (4 Comodines, 2 de Puntos dobles, 2 Bombas), 9 cartas de Corona",
        "el mazo de 54 cartas: 10 cartas ROJO, 10 cartas VERDE, 10 cartas AZUL, 10 cartas"
        " AMARILLO, 10 cartas COMODÍN, 2 cartas DETENER TURNO, 2 cartas DESPEJAR TABLERO",
        "cartas de formas: 6 círculos, 6 triángulos, 6 cuadrados",
    ),
    "fr": (
        "8 cartes Action (4 Jokers, 2 Points doubles, 2 Bombes), 9 cartes Couronne",
        "le paquet de 54 cartes : 10 cartes ROUGE, 10 cartes VERT,",
        "6 cercles, 6 triangles, 6 carrés",
    ),
}


@pytest.mark.parametrize("labels", list(COUNTED))
def test_a_translated_checklist_counts_each_card_in_its_plural(labels: str) -> None:
    words = " ".join(_assembly(files)[2] for files in _kits(labels).values())
    for line in COUNTED[labels]:
        assert line in words, (labels, words)


def test_the_assembly_page_prints_no_host_words(kits: dict[str, list[KitFile]]) -> None:
    for game, files in kits.items():
        _, _, words = _assembly(files)
        host = _document(files, "_host-key")
        lines = {w for page in host.pages for w in page_words(page, host.symbols).split(". ")}
        assert not [line for line in lines if len(line) > 30 and line in words], game


def test_fold_sheets_are_named_with_how_to_fold_and_glue_them() -> None:
    files = _kits("es", PrintOptions(fold=True))["pass-and-pick"]
    _, _, words = _assembly(files)
    assert re.search(r"Páginas Imprimir en 1-\d+ papel normal \d+-\d+ cartulina", words), words
    assert "Una barra de pegamento" in words
    assert "Hojas para doblar (pass-and-pick_4p_a4_es_cards-fold.pdf), impresas a una cara" in words
    assert words.index("Hojas para doblar") < words.index("Corte primero cada hoja")
    assert "Corte con la ayuda adecuada." in words and "Cut with" not in words


# The cover's cards: one of each kind of the main deck (its first card of each group).
PICTURED = {"pass-and-pick": 3, "shapes-the-game": 7, "collect-3": 3}
# Its alternate text names them as the deck does (a card's name, else its kind's).
COVER_ALT = {
    "pass-and-pick": "circles, triangles, squares",
    "shapes-the-game": "RED, GREEN, BLUE, YELLOW, WILD, STOP TURN, CLEAR THE BOARD",
    "collect-3": "Red 1, Wild, Crown",
}


def _figures(items: tuple[Item, ...]) -> list[Group]:
    found = []
    for item in items:
        if isinstance(item, Group):
            found += [item] if item.alt else _figures(item.items)
    return found


def test_the_cover_pictures_a_card_of_each_kind_as_the_cards_part_draws_it(
    kits: dict[str, list[KitFile]],
) -> None:
    for game, files in kits.items():
        whole = _document(files, "_print-and-play")
        (figure,) = _figures(whole.pages[0].items)
        assert figure.alt == COVER_ALT[game] and figure.role == "Figure"
        outlines = [item for item in figure.items if isinstance(item, Rect)]
        assert len(outlines) == PICTURED[game] == len(figure.items) // 2, game
        # Drawn small from the faces the cards part draws: the same words.
        words = page_words(Page(1, 1, (figure,)), whole.symbols)
        cards = _document(files, "_cards")
        drawn = {w for page in cards.pages for w in page_words(page, cards.symbols).split()}
        assert set(words.split()) <= drawn, game


# At 18 pt with 1.5 line spacing a page holds about 23 lines: the assembly page's steps alone
# take more, whatever the checklist says, so large print takes two pages, never more: one
# sheet, front and back (a page left blank after a one-page cover), never the cover's back
# and the next sheet's front. Two columns would not make it one: its words need the area.
@pytest.mark.parametrize("labels", PAGE_SETS)
def test_the_assembly_page_is_one_page_in_every_kit(shipped: ShippedSets, labels: str) -> None:
    """Every game, A4 and Letter, every player count, as planned: Collect 3's checklist
    counts its 89 cards by kind in three lines, and the page holds as much as the file's
    other pages (its foot has no scale check: the cover has it), so Spanish Letter and
    braille-es Letter, which took two, take one; large print's two are one sheet."""
    compiled = shipped.planned(labels).compilations
    pages = {doc.name: doc.assembly for doc in compiled}
    most = 2 if labels in LARGE_PRINT else 1
    assert pages and {name: n for name, n in pages.items() if not 1 <= n <= most} == {}
    # Two pages are one sheet: the first on a front (an odd page, index even).
    split = [doc.name for doc in compiled if doc.assembly > 1 and doc.assembly_at % 2]
    assert split == []
    assert {name.split("_")[2] for name in pages} == {"a4", "letter"}
