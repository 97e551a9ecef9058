"""Every PDF is tagged to PDF/UA-1's structure, checked as a reader's software reads it: the
structure tree and its ParentTree (pypdf), the content streams' marked content, the
catalogue and metadata, and the text a reader gets in reading order (`pdfinfo -struct-text`,
poppler-utils), for every kind of document: cards, table sheets, host key, printing guide,
calibration sheet and print-shop file."""

from __future__ import annotations

import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import BooleanObject

from shapes_print.load.options import PrintOptions
from shapes_print.pipeline import pipeline
from tests.heardchecks import heard, repeated_readings, structure_of
from tests.pdfread import Element
from tests.pdfxread import operators

PDFINFO = shutil.which("pdfinfo")
needs_pdfinfo = pytest.mark.skipif(
    PDFINFO is None, reason="pdfinfo is not installed (apt-get install poppler-utils)"
)
# Operators that show text (PDF 9.4.3).
SHOWS_TEXT = {b"Tj", b"TJ", b"'", b'"'}


def _build(out: Path, game: str, labels: str, players: str, printing: PrintOptions) -> Path:
    project = pipeline.load_project(pipeline.Sources(), [game], [labels])
    options = pipeline.BuildOptions(players=players, paper="a4", printing=printing)
    pipeline.build_project(project, options, out)
    folder = "" if labels == "standard" else f"{labels}/"
    return out / game / f"{folder}a4" / f"{players}-players"


@pytest.fixture(scope="module")
def kits(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """One kit of each kind of file: Pass and pick (English and Spanish), Collect 3 (task
    cards, a long score sheet), a print-shop deck and the calibration sheet."""
    out = tmp_path_factory.mktemp("tagged")
    found = {
        "english": _build(out, "pass-and-pick", "standard", "4", PrintOptions()),
        "spanish": _build(out, "pass-and-pick", "es", "4", PrintOptions()),
        "collect": _build(out, "collect-3", "large-print", "10", PrintOptions()),
        "shop": _build(
            out / "shop", "pass-and-pick", "standard", "3", PrintOptions(print_shop=True)
        ),
    }
    pipeline.calibrate(pipeline.Sources(), "a4", out / "calibration", "long", (0.0, 0.0))
    (calibration,) = (out / "calibration").rglob("*.pdf")
    found["calibration"] = calibration.parent
    return found


def _pdf(kits: dict[str, Path], kit: str, part: str) -> Path:
    (path,) = kits[kit].glob(f"*{part}.pdf")
    return path


def _all(kits: dict[str, Path]) -> list[Path]:
    return sorted(path for folder in kits.values() for path in folder.glob("*.pdf"))


def _roles(root: Element) -> Counter[str]:
    return Counter(element.role for element in root.walk())


def test_every_file_says_it_is_tagged_in_its_language_with_its_title(
    kits: dict[str, Path],
) -> None:
    files = _all(kits)
    # the print shop's cards also as fronts and backs; every kit's player aid, and each home
    # kit's print-and-play file (a print-shop kit has none)
    assert len(files) == 4 + 4 + 5 + 6 + 1 + 4 + 3
    for path in files:
        reader = PdfReader(path)
        catalog = reader.trailer["/Root"]
        assert catalog["/MarkInfo"]["/Marked"] == BooleanObject(True), path.name
        assert catalog["/ViewerPreferences"]["/DisplayDocTitle"] == BooleanObject(True), path.name
        lang = "es" if "_es_" in path.name else "en"
        assert catalog["/Lang"] == lang, path.name
        title = reader.metadata.title
        assert title, path.name
        xmp = catalog["/Metadata"].get_object()
        assert xmp["/Subtype"] == "/XML" and "/Filter" not in xmp
        packet = xmp.get_data().decode("utf-8")
        assert "<pdfuaid:part>1</pdfuaid:part>" in packet, path.name
        assert f"<rdf:li>{lang}</rdf:li></rdf:Bag></dc:language>" in packet, path.name
        assert f'<rdf:li xml:lang="x-default">{title}</rdf:li>' in packet, path.name
        assert reader.xmp_metadata is not None and reader.xmp_metadata.dc_title == {
            "x-default": title
        }


def test_every_line_of_text_is_inside_marked_content_that_never_nests(
    kits: dict[str, Path],
) -> None:
    """Text shown and forms placed are always inside a tagged element's marked content or
    an artifact, on every page; a sequence never opens inside another (an artifact inside
    tagged content, or the reverse, is what PDF/UA forbids). The operators are read as
    pypdf reads them (`operators`, held to it in test_braille_printing), ten times faster."""
    for path in _all(kits):
        for number, page in enumerate(PdfReader(path).pages, start=1):
            depth = shown = 0
            for operator in operators(page.get_contents().get_data()):
                if operator in (b"BDC", b"BMC"):
                    depth += 1
                    assert depth == 1, (path.name, number, "marked content nested")
                elif operator == b"EMC":
                    depth -= 1
                elif operator in SHOWS_TEXT or operator == b"Do":
                    shown += 1
                    assert depth == 1, (path.name, number, operator)
            assert depth == 0 and shown, (path.name, number)


def test_the_parent_tree_gives_each_mcid_its_element(kits: dict[str, Path]) -> None:
    """Page `/StructParents` -> the array of elements by MCID, and each of those elements
    lists that MCID among its kids: a reader finds the element from the content and back."""
    for path in _all(kits):
        reader = PdfReader(path)
        root = structure_of(path)
        owner = {mark: element.number for element in root.walk() for mark in element.marked}
        tree = reader.trailer["/Root"]["/StructTreeRoot"]
        nums = tree["/ParentTree"]["/Nums"]
        assert tree["/ParentTreeNextKey"] == len(reader.pages)
        assert [int(key) for key in nums[::2]] == list(range(len(reader.pages)))
        for index, page in enumerate(reader.pages):
            assert page["/StructParents"] == index
            elements = nums[2 * index + 1]
            content = page.get_contents().get_data()
            assert content.count(b"<</MCID ") == len(elements), (path.name, index)
            for mcid, element in enumerate(elements):
                assert owner[(index, mcid)] == element.idnum, (path.name, index, mcid)
        # Nothing hangs off the Document element directly: all of it is in an element.
        assert root.role == "Document" and not root.marked, path.name


def test_sheets_are_headings_paragraphs_lists_and_tables(kits: dict[str, Path]) -> None:
    root = structure_of(_pdf(kits, "english", "sheets"))
    roles = _roles(root)
    for role in ("H1", "H2", "P", "L", "LI", "Lbl", "LBody", "Table", "THead", "TBody"):
        assert roles[role], role
    assert roles["TR"] > 10 and roles["TH"] and roles["TD"] > 10 and roles["Figure"] >= 3
    assert {kid.role for kid in root.kids} <= {"H1", "H2", "P", "L", "Table", "Figure"}
    for element in root.walk():
        kids = [kid.role for kid in element.kids]
        if element.role == "L":
            assert kids and set(kids) == {"LI"}
        elif element.role == "LI":
            assert kids == ["Lbl", "LBody"]
        elif element.role == "Table":
            assert kids in (["THead", "TBody"], ["TR"] * len(kids))
        elif element.role in ("THead", "TBody"):
            assert kids and set(kids) == {"TR"}
        elif element.role == "TR":
            assert kids and set(kids) <= {"TH", "TD"}
        elif element.role == "TH":
            assert element.scope in ("Column", "Row")
        elif element.role == "Figure":
            assert element.alt and not element.kids
    # Column headers head the header row; row headers start the body rows (a fact's label,
    # a round on the score sheet).
    heads = [
        [cell.scope for cell in row.kids]
        for table in root.walk()
        if table.role == "Table"
        for part in table.kids
        for row in (part.kids if part.role != "TR" else [part])
    ]
    assert ["Column", "Column", "Column"] in heads
    assert any(scopes[0] == "Row" and "Column" not in scopes for scopes in heads)
    # The scoring table's examples are pictures in their cells, with their words as alt.
    figures = [e for e in root.walk() if e.role == "Figure"]
    assert {"Circle, circle, circle", "Circle, triangle, square"} <= {f.alt for f in figures}
    # Each arrow says its direction; its caption, printed above it, is read there, once,
    # and its big direction word is part of the picture, not read again.
    arrows = [f.alt for f in figures if f.alt.startswith("Arrow pointing")]
    assert arrows == ["Arrow pointing left", "Arrow pointing right", "Arrow pointing left"]
    said = [words for _, words, _ in heard(_pdf(kits, "english", "sheets"))]
    for round_number in (1, 2, 3):
        assert said.count(f"Round {round_number}: pass this way") == 1
    assert not {"LEFT", "RIGHT"} & set(said)


def test_a_reader_hears_each_picture_once(kits: dict[str, Path]) -> None:
    """No picture's alternate text says again what its caption or its neighbour in the same
    cell says: the host key's and sheets' example cards are named once, in the caption, and
    their picture's Alt says what it is without the names."""
    files = [path for path in _all(kits) if not path.name.endswith("cards.pdf")]
    assert {"english", "spanish", "collect"} <= {k for k in kits if _has_figures(kits[k])}
    assert {path.name: repeated_readings(path) for path in files if repeated_readings(path)} == {}
    cell = heard(_pdf(kits, "collect", "host-key"))
    examples = [i for i, (role, words, _) in enumerate(cell) if role == "Figure"]
    assert examples and all(cell[i][1] == "Pictures of the cards named below" for i in examples)
    assert all(cell[i + 1][0] == "P" and cell[i + 1][2] == cell[i][2] for i in examples)


def _has_figures(folder: Path) -> bool:
    return any(
        role == "Figure"
        for path in folder.glob("*.pdf")
        if not path.name.endswith("cards.pdf")
        for role, _, _ in heard(path)
    )


def test_a_table_over_two_pages_is_one_table(kits: dict[str, Path]) -> None:
    """Collect 3's large-print task list runs on over a page break: one Table whose rows
    are on both pages, the repeated header row an artifact (not read twice)."""
    root = structure_of(_pdf(kits, "collect", "sheets"))
    spanning = [
        table
        for table in root.walk()
        if table.role == "Table"
        and len({page for row in table.walk() for page, _ in row.marked}) > 1
    ]
    assert spanning
    for table in spanning:
        header_rows = [part for part in table.kids if part.role == "THead"]
        assert len(header_rows) == 1 and len(header_rows[0].kids) == 1


def test_host_key_and_guide_are_tagged(kits: dict[str, Path]) -> None:
    for part in ("host-key", "printing-guide"):
        root = structure_of(_pdf(kits, "english", part))
        roles = _roles(root)
        assert root.kids[0].role == "H1", part
        assert roles["Table"] and roles["TR"] and roles["TD"] and roles["P"], (part, roles)


def test_every_card_on_a_card_sheet_is_a_picture_of_its_words(kits: dict[str, Path]) -> None:
    """18 cards, each a face and a back: 36 Figures, in the order the sheets print them."""
    root = structure_of(_pdf(kits, "english", "cards"))
    assert [kid.role for kid in root.kids] == ["Figure"] * 36
    alts = Counter(kid.alt for kid in root.kids)
    assert alts == {
        "Card: CIRCLE": 6,
        "Card: TRIANGLE": 6,
        "Card: SQUARE": 6,
        "Back of a card: Pass and pick shapes": 18,
    }
    assert root.kids[0].alt == "Card: CIRCLE" and root.kids[9].alt.startswith("Back of")
    # A print-shop file: one card a page, each its own picture.
    shop = PdfReader(_pdf(kits, "shop", "cards-print-shop"))
    figures = structure_of(_pdf(kits, "shop", "cards-print-shop")).kids
    assert len(figures) == len(shop.pages) == 36
    assert [figure.marked[0][0] for figure in figures] == list(range(36))


def test_task_cards_picture_their_words(kits: dict[str, Path]) -> None:
    """Large print's task cards say their Task in short (the Task list writes the rules'
    sentence out); their backs say whose backs they are."""
    root = structure_of(_pdf(kits, "collect", "task-cards"))
    alts = [kid.alt for kid in root.kids]
    assert alts[0] == "Card: TASK 1, 3 cards, same color"
    assert "Back of a card: TASK" in alts


def test_the_calibration_sheet_reads_its_instructions_not_its_crosshairs(
    kits: dict[str, Path],
) -> None:
    root = structure_of(_pdf(kits, "calibration", ""))
    assert [kid.role for kid in root.kids] == ["H1", "P", "P"]
    assert [kid.marked[0][0] for kid in root.kids] == [0, 0, 1]


def test_a_spanish_kit_says_it_in_spanish(kits: dict[str, Path]) -> None:
    cards = structure_of(_pdf(kits, "spanish", "cards"))
    assert {kid.alt for kid in cards.kids} == {
        "Carta: CÍRCULO",
        "Carta: TRIÁNGULO",
        "Carta: CUADRADO",
        "Dorso de una carta: Formas: pase y elija",
    }
    sheets = structure_of(_pdf(kits, "spanish", "sheets"))
    alts = {e.alt for e in sheets.walk() if e.role == "Figure"}
    assert "Flecha que apunta a la derecha" in alts  # its caption is read above it
    assert "Círculo, triángulo, cuadrado" in alts


def _struct_text(path: Path) -> str:
    assert PDFINFO is not None
    result = subprocess.run(
        [PDFINFO, "-struct-text", str(path)], capture_output=True, text=True, check=True
    )
    return result.stdout


def _in_order(text: str, expected: list[str]) -> None:
    """Each expected string appears in `text` after the one before it (white space aside:
    poppler joins a paragraph's lines without one)."""
    squeezed = "".join(text.split())
    at = 0
    for want in expected:
        found = squeezed.find("".join(want.split()), at)
        assert found >= 0, (want, squeezed[at : at + 300])
        at = found + 1


@needs_pdfinfo
def test_a_reader_gets_the_sheets_headings_and_cells_in_reading_order(
    kits: dict[str, Path],
) -> None:
    text = _struct_text(_pdf(kits, "english", "sheets"))
    assert text.startswith("Document\n  H1")
    _in_order(
        text,
        [
            "H1",
            "Pass and pick shapes: setup for 4 players",
            "Table",
            "TH",
            "Cards in the deck (6 circles, 6 triangles, 6 squares)",
            "TD",
            "18",
            "H2",
            "Before each round",
            "L",
            "LI",
            "Lbl",
            "1.",
            "LBody",
            "Collect all 18 cards",
            "H1",
            "Scoring table",
            "THead",
            "Your three kept cards",
            "Example",
            "Points",
            "TBody",
            "Three identical shapes",
            "Figure",
            "5",
            "All three shapes",
            "3",
            "H2",
            "Score sheet: 4 players",
            "Round 1: pass left",
            "Total",
        ],
    )
    # Nothing else: print furniture (the ruler, the print line) is not read out.
    assert "ruler" not in text and "Actual size" not in text


@needs_pdfinfo
def test_a_reader_gets_the_host_key_in_reading_order(kits: dict[str, Path]) -> None:
    text = _struct_text(_pdf(kits, "spanish", "host-key"))
    _in_order(
        text,
        [
            "Hoja del anfitrión: 4 jugadores",
            "Revisión del mazo antes de cada barajado",
            "Números para 4 jugadores",
            "Cartas en juego",
            "12",
            "Guía de puntuación",
        ],
    )


def test_xmp_claims_pdfx_only_when_asked_and_escapes_its_words() -> None:
    from xml.etree import ElementTree

    from shapes_print.render.pdf.xmp import XmpFacts, xmp_packet

    plain = xmp_packet(XmpFacts("Cards & <sheets>", "es", "shapes-print")).decode()
    assert "pdfxid" not in plain and "Cards &amp; &lt;sheets&gt;" in plain
    claimed = xmp_packet(XmpFacts("Cards", "en", "shapes-print", pdfx_version="PDF/X-4"))
    body = claimed.decode().split("?>", 1)[1].rsplit("<?xpacket", 1)[0]
    rdf = "{http://www.w3.org/1999/02/22-rdf-syntax-ns#}"
    (description,) = ElementTree.fromstring(body).iter(f"{rdf}Description")
    values = {child.tag.split("}")[1]: child for child in description}
    assert values["GTS_PDFXVersion"].text == "PDF/X-4" and values["part"].text == "1"
    assert values["language"].find(f"{rdf}Bag/{rdf}li").text == "en"  # type: ignore[union-attr]
