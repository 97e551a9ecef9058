"""Pages and forms drawn once per build and copied into other files (render/pdf/marked.py,
pen.py): a copy must write the bytes drawing it there from scratch would, whatever came
before it in the file and whatever the file's own symbols say."""

from __future__ import annotations

import io

from pypdf import PdfReader

from shapes_print.buildcache import BuildCache
from shapes_print.geometry.primitives import (
    BLACK,
    Document,
    Group,
    Page,
    Paint,
    Rect,
    Symbol,
    Text,
    Use,
)
from shapes_print.load.defaults import DEFAULT_TEMPLATES
from shapes_print.render.pdf import marked, operators, write_pdf
from shapes_print.render.pdf.objects import SameMemo
from shapes_print.text.fonts import load_font
from tests.pdfread import structure

WIDTH, HEIGHT = 595.0, 842.0
CARD = 180.0


def _font() -> str:
    return load_font(DEFAULT_TEMPLATES / "fonts" / "DejaVuSans.ttf").name


def _card(alt: str) -> Symbol:
    """A card face with words and a frame: a form placed as a Figure with `alt`."""
    items = (Rect(0, 0, CARD, CARD, Paint(stroke=BLACK)), Text(20, 90, "North", _font(), 14, BLACK))
    return Symbol("face-north", CARD, CARD, items, alt)


def _rules_page() -> Page:
    """A page of a table going on from the page before, a heading and a card pictured."""
    heading = Group((Text(40, 800, "How to play", _font(), 18, BLACK),), role="H1")
    cell = Group((Text(40, 700, "Draw a card", _font(), 11, BLACK),), role="TD")
    table = Group((Group((cell,), role="TR"),), role="Table", continues=True)
    return Page(WIDTH, HEIGHT, (table, heading, Use("face-north", 300, 300)))


def _opening_page() -> Page:
    """A page ending in a table the rules page goes on with."""
    cell = Group((Text(40, 500, "Set up", _font(), 11, BLACK),), role="TD")
    table = Group((Group((cell,), role="TR"),), role="Table")
    return Page(WIDTH, HEIGHT, (table,))


def _written(document: Document, cache: BuildCache) -> bytes:
    out = io.BytesIO()
    write_pdf(document, out, cache=cache)
    return out.getvalue()


def _from_scratch(document: Document) -> bytes:
    return _written(document, BuildCache())


def test_a_page_drawn_in_one_file_is_copied_into_another_as_drawing_it_there_would() -> None:
    """The same page after other pages (its table going on from theirs) and as a file's
    only page: each file the bytes it has when nothing was drawn before it."""
    rules = _rules_page()
    alone = Document("Rules", [rules], {"face-north": _card("A card: North")})
    after = Document("Kit", [_opening_page(), rules], {"face-north": _card("A card: North")})
    expected = (_from_scratch(alone), _from_scratch(after))
    build = BuildCache()
    assert (_written(alone, build), _written(after, build)) == expected
    # the second file copied what the first drew
    assert build.region(marked.PAGES) and build.region(operators.FORMS)
    # The copied table went on with the opening page's: one Table over both pages.
    tables = [e for e in structure(PdfReader(io.BytesIO(expected[1]))).walk() if e.role == "Table"]
    cells = [e for e in tables[0].walk() if e.role == "TD"]
    assert len(tables) == 1 and [page for cell in cells for page, _ in cell.marked] == [0, 1]


def test_a_copied_page_pictures_each_card_with_its_own_files_words() -> None:
    """A label set that words a card otherwise places the same page: its Figure says its
    own words, and its bytes are those of a file drawn from scratch."""
    rules = _rules_page()
    english = Document("Rules", [rules], {"face-north": _card("A card: North")})
    spanish = Document("Reglas", [rules], {"face-north": _card("Una carta: Norte")})
    expected = _from_scratch(spanish)
    build = BuildCache()
    _written(english, build)
    copied = _written(spanish, build)
    assert copied == expected
    alts = [e.alt for e in structure(PdfReader(io.BytesIO(copied))).walk() if e.role == "Figure"]
    assert alts == ["Una carta: Norte"]


class _Counted(tuple):
    """A key that counts how often it is hashed."""

    hashed = 0

    def __hash__(self) -> int:
        _Counted.hashed += 1
        return super().__hash__()


def test_a_memo_by_content_finds_the_same_key_object_without_hashing_it_again() -> None:
    """The plan hands every kit the same card faces: found by identity, not by walking
    their items again; an equal copy is still found by content, and nothing after clear."""
    memo: SameMemo[_Counted, str] = SameMemo()
    faces = _Counted((1, 2, 3))
    memo.keep(faces, "drawn")
    hashed = _Counted.hashed
    assert memo.find(faces) == "drawn" and _Counted.hashed == hashed
    assert memo.find(_Counted((1, 2, 3))) == "drawn" and _Counted.hashed == hashed + 1
    memo.clear()
    assert memo.find(faces) is None
