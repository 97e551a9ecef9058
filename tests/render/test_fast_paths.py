"""What makes builds fast, checked on real output (time and memory belong to `make bench`).

Drawn once and placed many times, pages made as they are written, unused drawings left
out. A batch's workers and reads: tests/pipeline/test_fast_batches.py.
"""

from __future__ import annotations

import io
import re
import shutil
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path

import pypdfium2 as pdfium
import pytest
import yaml
from pypdf import PdfReader

from shapes_print.buildcache import BuildCache
from shapes_print.geometry.primitives import (
    BLACK,
    Artifact,
    Document,
    Group,
    Item,
    Page,
    Paint,
    Rect,
    Text,
    Use,
)
from shapes_print.kit.contents import KitRequest
from shapes_print.kit.resolved import resolve_kit
from shapes_print.load.defaults import DEFAULT_CONTENT, DEFAULT_TEMPLATES
from shapes_print.pipeline import pipeline
from shapes_print.plan.kit import plan_kit
from shapes_print.plan.madepages import unfooted
from shapes_print.render.pdf import write_pdf
from shapes_print.text.fonts import load_font
from tests.drawnsmall import drawn_small
from tests.pdfread import placements

GAME = "pass-and-pick"
# Page furniture in a content stream, marked as a pagination artifact.
FURNITURE = re.compile(rb"/Artifact << /Type /Pagination >> BDC\n(.*?)\nEMC", re.S)
# The limit for the 18-card cards file; the embedded font subsets are most of it.
CARDS_FILE_LIMIT = 60 * 1024
# Bytes a pattern dot may take in a fill form: its operators (x y m x y l, about 40), and
# compressed as stored in the file (about 5).
DOT_BYTES = 48
DOT_BYTES_STORED = 8


def _deck_folder(tmp_path: Path, extra_cards: dict[str, int]) -> Path:
    """Pass and pick with more card types (id = shape name), as a designer's deck grows."""
    content = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT / GAME, content / GAME)
    deck_path = content / GAME / "deck.yaml"
    deck = yaml.safe_load(deck_path.read_text())
    for shape, count in extra_cards.items():
        fields = {
            "shape": shape,
            "label": shape.upper(),
            "colour": "#0072B2",
            "pattern": "dots",
            "pattern_colour": "#000000",
        }
        deck["cards"].append(
            {"id": shape, "count": count, "layout": "shape", "back": "standard", "fields": fields}
        )
    deck_path.write_text(yaml.safe_dump(deck, sort_keys=False))
    return content


def _forms(path: Path) -> set[str]:
    """Names of every form XObject a file defines, on any page."""
    names: set[str] = set()
    for page in PdfReader(path).pages:
        xobjects = page["/Resources"].get("/XObject") or {}
        names |= {str(name).removeprefix("/FormXob.") for name in xobjects}
    return names


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_eighteen_card_file_stays_under_60_kb(pass_and_pick: Path, paper: str) -> None:
    for players in (3, 4, 5, 6):
        path = pass_and_pick / paper / f"{players}-players" / f"{GAME}_{players}p_{paper}_cards.pdf"
        assert path.stat().st_size < CARDS_FILE_LIMIT, path


def test_each_face_is_one_form_placed_once_per_card(pass_and_pick: Path) -> None:
    path = pass_and_pick / "a4" / "4-players" / f"{GAME}_4p_a4_cards.pdf"
    reader = PdfReader(path)
    placed = [p.name for page in reader.pages for p in placements(page, reader)]
    assert len(placed) == 18 + 18
    cards = {"face-circle", "face-triangle", "face-square", "back-standard"}
    # Each also has its overrun past the grid's edges: its background, drawn once.
    assert _forms(path) == cards | {f"overrun-{name}" for name in cards}


def test_the_sheet_furniture_is_the_same_bytes_on_every_face_sheet(pass_and_pick: Path) -> None:
    """The ruler, inch check and print line are drawn once and copied after: the same
    operators, words included, on every face sheet; the running foot after them numbers
    each page."""
    reader = PdfReader(pass_and_pick / "a4" / "4-players" / f"{GAME}_4p_a4_cards.pdf")
    first, second = (reader.pages[i].get_contents().get_data() for i in (0, 2))
    furniture = FURNITURE.findall(first)
    assert len(furniture) == 4 and all(b" Tj " in f for f in furniture[:2])
    assert furniture[:3] == FURNITURE.findall(second)[:3]
    assert furniture[3] != FURNITURE.findall(second)[3]  # page 1 of 4, page 3 of 4


def test_sheets_carry_only_the_faces_they_show(tmp_path: Path) -> None:
    """The sheets draw their scoring examples' cards small, each at its size: no card's
    drawing as it is, and none of the cards they do not show."""
    content = _deck_folder(tmp_path, {"star": 2, "heart": 1})
    out = tmp_path / "out"
    pipeline.build(pipeline.Sources(content), [GAME], pipeline.BuildOptions("4", "a4"), out)
    kit = out / GAME / "a4" / "4-players"
    assert {"face-star", "face-heart"} <= _forms(kit / f"{GAME}_4p_a4_cards.pdf")
    sheet_forms = _forms(kit / f"{GAME}_4p_a4_sheets.pdf")
    assert not any(name.startswith("face-") for name in sheet_forms)
    project = pipeline.load_project(pipeline.Sources(content), [GAME])
    resolved = resolve_kit(project.games[GAME], project.library, project.ctx, None)
    files = plan_kit(resolved, KitRequest(GAME, 4, "a4"))
    sheets = next(f.document for f in files if f.name.endswith("_sheets"))
    faces = {name: face for name, face in sheets.symbols.items() if name.startswith("face-")}
    items = [item for page in sheets.pages for item in page.items]
    shown = set(drawn_small(items, faces, project.ctx.style.finest))
    assert shown == {"face-circle", "face-triangle", "face-square"}  # the scoring examples


def test_card_pages_are_made_on_demand_and_backs_mirror_faces(tmp_path: Path) -> None:
    content = _deck_folder(tmp_path, {"star": 9_982})  # 10,000 cards: 1,112 sheets
    project = pipeline.load_project(pipeline.Sources(content), [GAME])
    request = KitRequest(GAME, 4, "a4")
    resolved = resolve_kit(project.games[GAME], project.library, project.ctx, None)
    cards = plan_kit(resolved, request)[0].document
    pages = cards.pages
    assert not isinstance(pages, list)  # nothing is held: each page is made when asked for
    assert len(pages) == 2 * 1112
    last_face, last_back = pages[-2], pages[-1]
    assert [u.symbol for u in last_face.items if isinstance(u, Use)] == ["face-star"]
    assert [u.symbol for u in last_back.items if isinstance(u, Use)] == ["back-standard"]
    assert len(last_face.cuts) == 1
    face = next(u for u in last_face.items if isinstance(u, Use))
    back = next(u for u in last_back.items if isinstance(u, Use))
    (trims,) = next(a.items for a in last_face.items if _all_rects(a))
    assert isinstance(trims, Group) and len(trims.items) == 1  # the one card's trim outline
    assert back.x == pytest.approx(last_face.width - face.x - trims.items[0].w)  # long-edge flip
    assert back.y == pytest.approx(face.y)
    assert pages[3] == pages[-1 - (len(pages) - 4)]  # negative and positive indices agree
    # The furniture is the same objects on every face sheet, so drawn once per file (the
    # cards' overruns, background artifacts, depend on which slots hold cards; the cut marks
    # on the rows they fill; the running foot numbers each page).
    shared = [i for i in pages[0].items if _shared(i)]
    assert shared[1:4] == [i for i in last_face.items if _shared(i)][1:4]
    assert len(shared) == 5  # cut marks, ruler, inch check, print line, running foot


def test_a_sheet_of_the_same_cards_is_drawn_once_and_copied_with_figures_of_its_own(
    tmp_path: Path,
) -> None:
    """A sorted deck repeats its sheets: the plan gives the same page object for the same
    cards, and the file copies its drawing, while every card stays a Figure of its own on
    its own page (ParentTree, /Pg and the Document's kids in order)."""
    content = _deck_folder(tmp_path, {"star": 27})  # 18 + 27 cards: 5 sheets, 3 all stars
    project = pipeline.load_project(pipeline.Sources(content), [GAME])
    request = KitRequest(GAME, 4, "a4")
    resolved = resolve_kit(project.games[GAME], project.library, project.ctx, None)
    cards = plan_kit(resolved, request)[0].document
    pages = unfooted(cards.pages)  # the sheets as made, before each page's own foot
    assert len(pages) == 10
    assert pages[4] is pages[6] is pages[8] and pages[3] is pages[5] is pages[9]
    out = io.BytesIO()
    assert write_pdf(cards, out) == 10
    reader = PdfReader(io.BytesIO(out.getvalue()), strict=True)
    # Each page's drawing, its page furniture (its running foot numbering it) aside.
    streams = [FURNITURE.sub(b"", page.get_contents().get_data()) for page in reader.pages]
    assert streams[4] == streams[6] == streams[8] and b"face-star" in streams[4]
    root = reader.trailer["/Root"]["/StructTreeRoot"]
    nums = root["/ParentTree"]["/Nums"]
    figures = [figure.get_object() for figure in root["/K"].get_object()["/K"]]
    assert len(figures) == 2 * 45 and len({id(f) for f in figures}) == 90
    seen = []
    for index, page in enumerate(reader.pages):
        marked = nums[2 * index + 1]
        assert streams[index].count(b"/Figure <</MCID ") == len(marked) == 9
        for mcid, figure in enumerate(marked):
            element = figure.get_object()
            assert element["/S"] == "/Figure" and element["/K"] == [mcid]
            assert element.raw_get("/Pg").idnum == page.indirect_reference.idnum
            seen.append(figure.idnum)
    assert seen == [figure.indirect_reference.idnum for figure in figures]  # reading order
    assert [f["/Alt"] for f in figures[36:45]] == ["Card: STAR"] * 9


def _shared(item: Item) -> bool:
    overrun = isinstance(item, Artifact) and item.kind == "Background"
    return not isinstance(item, Use) and not _all_rects(item) and not overrun


def _all_rects(item: Item) -> bool:
    """A face sheet's trim outlines: an artifact of one group of rectangles only."""
    return (
        isinstance(item, Artifact)
        and isinstance(item.items[0], Group)
        and all(isinstance(r, Rect) for r in item.items[0].items)
    )


def test_pdf_pages_are_read_once_and_written_as_they_come() -> None:
    """write_pdf takes any one-pass iterable of pages, so a plan never has to be a list,
    and each page is in the file before the next is asked for, so none is held."""
    out = io.BytesIO()
    written_before: list[int] = []  # bytes in the file when each page is asked for

    def pages() -> Iterator[Page]:
        for number in range(5):
            written_before.append(out.tell())
            yield Page(
                200, 100, (Rect(10, 10, 20 + number, 20, Paint(stroke=BLACK, stroke_width=1)),)
            )

    document = Document("streamed", pages())  # type: ignore[arg-type]
    assert write_pdf(document, out) == 5
    assert len(written_before) == 5
    assert all(later > earlier for earlier, later in pairwise(written_before))
    data = out.getvalue()
    reader = PdfReader(io.BytesIO(data), strict=True)
    assert [page.mediabox[2:] for page in reader.pages] == [[200, 100]] * 5
    # The cross-reference table (objects stand in the order they were finished, not by
    # number) points at each object's first byte.
    table = data[data.rindex(b"\nxref\n") + 1 :].split(b"trailer")[0].split(b"\n")
    count = int(table[1].split()[1])
    assert count > 10
    for number, entry in enumerate(table[3 : 2 + count], start=1):
        offset = int(entry.split()[0])
        assert data[offset:].startswith(f"{number} 0 obj\n".encode()), number


def _text_page(texts: list[str], font: str) -> bytes:
    out = io.BytesIO()
    items = tuple(Text(20, 700 - 30 * i, t, font, 14, BLACK) for i, t in enumerate(texts))
    assert write_pdf(Document("words", [Page(595, 842, items)]), out) == 1
    return out.getvalue()


def test_text_is_written_as_glyphs_that_read_back_as_the_same_words() -> None:
    """Text is shown by glyph id, the same bytes in every file; the ToUnicode map gives
    the words back, accents, arrows and characters past U+FFFF included."""
    font = load_font(DEFAULT_TEMPLATES / "fonts" / "DejaVuSans.ttf").name
    texts = [
        "Score: 12 + 3",
        "Señal ➜ é",
        "~{}|^`",
        "Ünter ▲ 7",
        "Green\u00a05",
        "\U0001d400 bold A",
    ]
    data = _text_page(texts, font)
    document = pdfium.PdfDocument(data)
    read = document[0].get_textpage().get_text_range().splitlines()
    # A no-break space reads as a space: it only holds "Green 5" together on its line.
    assert [line.strip() for line in read] == [t.replace("\u00a0", " ") for t in texts]
    again = _text_page(texts[:2], font)
    shows = [re.findall(rb"<([0-9A-F]+)> Tj", d) for d in (data, again)]
    assert shows[0][:2] == shows[1]  # the same text, the same bytes, whatever else the file shows


def test_different_subsets_have_different_tags_and_a_build_repeats_its_own() -> None:
    font = load_font(DEFAULT_TEMPLATES / "fonts" / "DejaVuSans.ttf").name

    def tags(data: bytes) -> set[str]:
        return {
            str(obj["/BaseFont"])
            for page in PdfReader(io.BytesIO(data)).pages
            for obj in page["/Resources"]["/Font"].values()
        }

    (one,), (other,) = tags(_text_page(["ABC"], font)), tags(_text_page(["ABD"], font))
    assert re.fullmatch(r"/[A-Z]{6}\+DejaVuSans", one) and one != other
    assert tags(_text_page(["ABC"], font)) == {one}


def _face_forms(path: Path) -> dict[str, object]:
    """Each face form of a file by name, as pypdf reads it."""
    reader = PdfReader(path)
    faces: dict[str, object] = {}
    for page in reader.pages:
        for name, ref in (page["/Resources"].get("/XObject") or {}).items():
            faces[str(name).removeprefix("/FormXob.")] = ref.get_object()
    return faces


def _stored_length(path: Path, number: int) -> int:
    """The bytes a stream object stores in the file, compressed: its dictionary's /Length,
    read from the file (a stream object is never inside an object stream)."""
    header = re.search(rb"(?<!\d)%d 0 obj\s*<<(.*?)>>\s*stream" % number, path.read_bytes(), re.S)
    assert header, number
    (length,) = re.findall(rb"/Length (\d+)(?! \d+ R)", header[1])
    return int(length)


def test_a_pattern_fill_is_one_form_that_faces_showing_it_share(tmp_path: Path) -> None:
    """Two card types with the same outline and pattern (different words and colours):
    their faces are two forms, the dots inside them one form both place."""
    content = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT / GAME, content / GAME)
    deck_path = content / GAME / "deck.yaml"
    deck = yaml.safe_load(deck_path.read_text())
    for card_id, colour in (("north", "#0072B2"), ("south", "#E69F00")):
        fields = {
            "shape": "star",
            "label": card_id.upper(),
            "colour": colour,
            "pattern": "dense-dots",
            "pattern_colour": "#000000",
        }
        deck["cards"].append(
            {"id": card_id, "count": 1, "layout": "shape", "back": "standard", "fields": fields}
        )
    deck_path.write_text(yaml.safe_dump(deck, sort_keys=False))
    out = tmp_path / "out"
    pipeline.build(pipeline.Sources(content), [GAME], pipeline.BuildOptions("4", "a4"), out)
    cards = out / GAME / "a4" / "4-players" / f"{GAME}_4p_a4_cards.pdf"
    faces = _face_forms(cards)
    fills = [
        {str(name): ref.idnum for name, ref in faces[face]["/Resources"]["/XObject"].items()}
        for face in ("face-north", "face-south")
    ]
    assert fills[0] == fills[1] and len(fills[0]) == 1
    ref = faces["face-north"]["/Resources"]["/XObject"].raw_get(next(iter(fills[0])))
    drawn = ref.get_object().get_data()
    dots = drawn.count(b" l ")  # a dot is a zero-length line: x y m x y l
    assert dots > 1000  # a dense grid of dots over the whole face
    assert faces["face-north"].get_data().count(b" l ") < dots / 10
    # A few bytes a dot, not four curves (about 240 bytes a dot when each was a circle).
    stored = _stored_length(cards, ref.idnum)
    assert len(drawn) < DOT_BYTES * dots and stored < DOT_BYTES_STORED * dots


def test_a_file_written_again_with_every_build_cache_warm_is_the_same_bytes() -> None:
    """Fonts, forms, groups and streams reused from the build's caches write what is
    written from scratch: every file of a kit, first with empty caches, then again."""
    project = pipeline.load_project(pipeline.Sources(), [GAME])
    resolved = resolve_kit(project.games[GAME], project.library, project.ctx, None)
    files = plan_kit(resolved, KitRequest(GAME, 4, "a4"))
    build = BuildCache()
    first, again = [], []
    for written in (first, again):
        for kit_file in files:
            out = io.BytesIO()
            assert write_pdf(kit_file.document, out, cache=build) > 0
            written.append(out.getvalue())
    assert first == again
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(again[0])).pages)
    assert text.strip()  # the reused show operators still spell words
