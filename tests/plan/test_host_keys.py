"""Host keys as built: the deck manifest read in order on every page, in the kit's words."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from shapes_print.geometry.primitives import Document
from shapes_print.pipeline import pipeline
from shapes_print.plan.embosser import sheet_passages
from tests import wordchecks
from tests.pdfread import Element, page_texts, structure

Spot = tuple[float, float, str]


def text_spots(path: Path) -> list[list[Spot]]:
    """Each page's pieces of text with where they start (x, y from the page's bottom)."""
    pages = []
    for page in PdfReader(path).pages:
        spots: list[Spot] = []

        def seen(text: str, cm: list, tm: list, *_: object, spots: list[Spot] = spots) -> None:
            if text.strip():  # the text matrix's origin, through the CTM, on the page
                x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
                y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
                spots.append((x, y, text.strip()))

        page.extract_text(visitor_text=seen)
        pages.append(spots)
    return pages


def build(out: Path, game: str, players: int, paper: str, labels: str) -> Path:
    project = pipeline.load_project(pipeline.Sources(), [game], [labels])
    options = pipeline.BuildOptions(players=str(players), paper=paper)
    pipeline.build_project(project, options, out)
    folder = out / game
    if labels != "standard":
        folder /= labels
    return folder / paper / f"{players}-players"


@pytest.fixture(scope="module")
def host_keys(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Collect 3's host key for 4 players on A4, standard, large print and Spanish."""
    out = tmp_path_factory.mktemp("host-keys")
    keys = {}
    for labels in ("standard", "large-print", "es", "high-contrast"):
        folder = build(out, "collect-3", 4, "a4", labels)
        part = "" if labels == "standard" else f"_{labels}"
        keys[labels] = folder / f"collect-3_4p_a4{part}_host-key.pdf"
    return keys


def manifest_columns(path: Path, names: list[str]) -> list[list[list[str]]]:
    """Each page's manifest, as its columns of card names, each read top to bottom."""
    pages = []
    for spots in text_spots(path):
        end = [y for _, y, text in spots if text.startswith("Tasks: exact")]
        # A name wrapped over two lines ("Double / Points") is read by its first line.
        first = {name.split()[0]: name for name in names if not name[-1].isdigit()}
        first |= {name: name for name in names}
        cards = [(x, y, first[t]) for x, y, t in spots if t in first and (not end or y > end[0])]
        if cards:
            lefts = sorted({round(x) for x, _, _ in cards})
            pages.append([_column(cards, left) for left in lefts])
        if end:  # the manifest ends above the Tasks' heading
            break
    return pages


def _column(cards: list[Spot], left: int) -> list[str]:
    """The names starting at `left`, top to bottom."""
    return [
        text
        for _, _, text in sorted((c for c in cards if round(c[0]) == left), key=lambda c: -c[1])
    ]


def deck_names() -> list[str]:
    game = pipeline.load_project(pipeline.Sources(), ["collect-3"]).games["collect-3"]
    return [card.name or card.id for card in game.deck.cards]


def test_a_two_column_manifest_runs_down_each_pages_own_columns(
    host_keys: dict[str, Path],
) -> None:
    """Page by page, the first column then the second read the deck in order: a manifest
    over two pages never runs its first column onto the second page (1-11 | 12-22, then on).
    At the 11.5 pt body the standard manifest fits its first page: read the same way."""
    names = deck_names()
    pages = manifest_columns(host_keys["standard"], names)
    assert pages
    read = [name for columns in pages for column in columns for name in column]
    assert read == names
    for columns in pages:
        assert len(columns) == 2
        left, right = columns
        assert len(left) - len(right) in (0, 1)  # each page fills its first column first
    left = pages[0][0]
    assert pages[0][1][0] == names[len(left)]  # page 1's second column goes on from its first


def table_rows(path: Path, first_heading: str) -> list[list[tuple[str, str]]]:
    """The rows of the file's table headed by `first_heading`, as the structure tree holds
    them: each row's cells, (role, words), in reading order."""
    texts = wordchecks.marked_texts(path)

    def said(element: Element) -> str:
        own = [texts.get(key, "") for key in element.marked]
        return " ".join(" ".join([*own, *(said(kid) for kid in element.kids)]).split())

    def rows(table: Element) -> list[list[tuple[str, str]]]:
        found = []
        for row in (e for e in table.walk() if e.role == "TR"):
            found.append([(cell.role, said(cell)) for cell in row.kids])
        return found

    tables = [e for e in structure(PdfReader(path)).walk() if e.role == "Table"]
    return next(r for t in tables if (r := rows(t)) and r[0][0] == ("TH", first_heading))


def test_a_two_column_manifest_is_read_as_one_list_of_three_columns(
    host_keys: dict[str, Path],
) -> None:
    """Two groups of columns side by side are one table to read: its header once (the
    second group's is the same words again, layout), then each card's row, Card, Back,
    Copies, in deck order: the first column's cards, then the second's, never interleaved."""
    rows = table_rows(host_keys["standard"], "Card")
    assert rows[0] == [("TH", "Card"), ("TH", "Back"), ("TH", "Copies")]
    body = rows[1:]
    assert all([role for role, _ in row] == ["TD"] * 3 for row in body)
    assert [row[0][1] for row in body] == deck_names()
    assert body[0] == [("TD", "Red 1"), ("TD", "navy back"), ("TD", "3")]


def test_a_manifest_is_written_out_card_by_card() -> None:
    """In words (what an embosser's file writes of a sheet), each card of the manifest is
    one row, each value after its column's heading, in deck order."""
    project = pipeline.load_project(pipeline.Sources(), ["collect-3"], ["standard"])
    ((_, _, files),) = pipeline.plan_all(project, "4", "a4")
    key = next(f.document for f in files if f.name.endswith("_host-key"))
    assert isinstance(key, Document)
    manifest = [p.text for p in sheet_passages(key) if "; Back: " in p.text]
    assert manifest[0] == "Red 1; Back: navy back; Copies: 3"
    assert [row.split(";")[0] for row in manifest] == deck_names()


def test_large_print_keeps_each_manifest_row_on_one_line(host_keys: dict[str, Path]) -> None:
    """At 18 pt two groups of columns would break every back's words over two lines: the
    manifest is one group, each row one line, in deck order."""
    names = deck_names()
    pages = manifest_columns(host_keys["large-print"], names)
    assert all(len(columns) == 1 for columns in pages)
    assert [name for columns in pages for name in columns[0]] == names
    rows = [text for spots in text_spots(host_keys["large-print"]) for _, _, text in spots]
    assert rows.count("navy back") == 24 and "navy" not in rows


@pytest.mark.parametrize(
    ("labels", "backs"),
    [
        ("standard", ("navy back", "red back", "green back")),
        ("es", ("dorso azul", "dorso rojo", "dorso verde")),
        ("high-contrast", ("black back", "striped back", "dotted back")),
    ],
)
def test_the_manifest_names_each_back_as_the_sheets_do(
    host_keys: dict[str, Path], labels: str, backs: tuple[str, ...]
) -> None:
    text = " ".join(page_texts(host_keys[labels]))
    manifest = text.split("Copies", 1)[-1] if labels != "es" else text.split("Copias", 1)[-1]
    for back in backs:
        assert back in manifest
    for internal in ("number", "action", "crown", "número", "acción", "corona"):
        assert f" {internal} " not in manifest.split("Task")[0].split("Tarea")[0]


def test_spanish_counts_in_the_host_key_agree_with_their_numbers(
    host_keys: dict[str, Path],
) -> None:
    text = " ".join(page_texts(host_keys["es"]))
    assert "4 Comodines, 2 de Puntos dobles, 2 Bombas y 9 cartas de Corona" in text


@pytest.mark.parametrize(
    ("labels", "own", "check"),
    [
        (
            "standard",
            "the names and drawings on the cards are this kit's own",
            "hold each card against the pieces of its color and check it matches exactly one",
        ),
        (
            "es",
            "los nombres y dibujos de las cartas son de este kit",
            "ponga cada carta junto a las piezas de su color",
        ),
    ],
)
def test_shapes_the_game_says_its_piece_names_are_the_kits_own(
    tmp_path: Path, labels: str, own: str, check: str
) -> None:
    folder = build(tmp_path, "shapes-the-game", 4, "a4", labels)
    (key,) = folder.glob("*_host-key.pdf")
    text = " ".join(page_texts(key))
    assert own in text and check in text
    choices = text.split("This kit's choices, not the rules'")[-1]
    choices = choices.split("Decisiones de este kit, no de las reglas")[-1]
    assert choices.split(";")[0].strip().lower() in (
        "the ten piece names and drawings on the cards",
        "los nombres y dibujos de las diez piezas en las cartas",
    )
    assert "named on the card" not in text
