"""How a braille kit tells its user to print it: cards on swell paper are one-sided fronts,
drawn as black line art (only dots, outlines and words).

Swell paper's heater raises everything dark, so a card back printed behind the braille
would rise too: the braille cards file holds the fronts alone, says one-sided on every page
and asks the viewer for one-sided printing, and the printing guide says the same throughout.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Iterator
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops, ImageFilter
from pypdf import PdfReader
from pypdf.generic import (
    ContentStream,
    DecodedStreamObject,
    FloatObject,
    NameObject,
    NumberObject,
)

from shapes_print.geometry.primitives import Artifact, Group, Item, Rect
from shapes_print.geometry.primitives import Path as Drawn
from shapes_print.kit.contents import KitRequest
from shapes_print.kit.resolved import resolve_kit
from shapes_print.pipeline import pipeline
from shapes_print.plan.kit import plan_kit
from tests import braillechecks
from tests.drawnsmall import small_groups
from tests.pdfread import content_with_resources, page_texts, placements
from tests.pdfxread import name as name_read
from tests.pdfxread import operations, operators


@pytest.fixture(scope="module")
def braille_kits(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("braille-printing")
    for game in ("pass-and-pick", "collect-3", "shapes-the-game"):
        project = pipeline.load_project(pipeline.Sources(), [game], ["braille"])
        pipeline.build_project(project, pipeline.BuildOptions(players="3", paper="a4,letter"), out)
    return out


def kit(out: Path, game: str, paper: str = "a4") -> tuple[Path, str]:
    return out / game / "braille" / paper / "3-players", f"{game}_3p_{paper}_braille"


@pytest.mark.parametrize("game", ["pass-and-pick", "collect-3", "shapes-the-game"])
def test_braille_cards_are_fronts_only_printed_one_sided(braille_kits: Path, game: str) -> None:
    folder, stem = kit(braille_kits, game)
    cards = folder / f"{stem}_cards.pdf"
    reader = PdfReader(cards)
    assert reader.viewer_preferences is not None
    assert reader.viewer_preferences["/Duplex"] == "/Simplex"
    for page in reader.pages:  # every page is a sheet of faces: no back is placed
        names = [p.name for p in placements(page, reader)]
        assert names and all(name.startswith("face-") for name in names), names
    for words in page_texts(cards):
        if "Actual size" in words:
            assert "one-sided" in words and "double-sided" not in words and "flip" not in words
    standard = pipeline.load_project(pipeline.Sources(), [game])
    decks = standard.games[game].decks
    counts = sum(card.copies(3) for card in decks[0].deck.cards)
    slots = len(placements(reader.pages[0], reader))
    assert len(reader.pages) == -(-counts // slots)  # one page per sheet of faces


def test_the_guide_lists_the_braille_cards_as_one_sided_swell_paper(braille_kits: Path) -> None:
    folder, stem = kit(braille_kits, "pass-and-pick")
    (guide,) = page_texts(folder / f"{stem}_printing-guide.pdf")
    row = guide.split("cards.pdf ", 1)[1].split(" sheets.pdf", 1)[0]
    assert "swell paper" in row and "one-sided" in row and "double-sided" not in row
    assert "odd pages" not in guide and "front and back" not in guide
    assert "both sides" not in guide and "behind its face" not in guide  # no backs here
    assert "measure its 50 mm ruler and its 1 in mark" in guide


def test_every_guide_says_turn_off_fit_to_page_and_names_its_paper(braille_kits: Path) -> None:
    for paper, name in (("a4", "A4"), ("letter", "Letter")):
        folder, stem = kit(braille_kits, "collect-3", paper)
        (guide,) = page_texts(folder / f"{stem}_printing-guide.pdf")
        assert f"(3 players, {name})" in guide
        assert "turn off 'Fit to page' and browser headers and footers" in guide


def test_the_embosser_file_holds_no_card_file(braille_kits: Path) -> None:
    folder, stem = kit(braille_kits, "pass-and-pick")
    text = " ".join((folder / f"{stem}_embosser.brf").read_text(encoding="ascii").split())
    assert ",PASS AND PICK SHAPES3 SHAPE CARDS" not in text  # the cards file's title
    assert ",PASS AND PICK SHAPES3 TABLE SHEETS FOR #C PLAYERS" in text


def test_task_cards_have_their_own_heading_in_the_embosser_file(braille_kits: Path) -> None:
    """Collect 3's Task cards are a file of their own, not shuffled in: the deck's list
    counts the deck (89 cards for 3 players), the Task cards follow under their file's title."""
    folder, stem = kit(braille_kits, "collect-3")
    text = " ".join((folder / f"{stem}_embosser.brf").read_text(encoding="ascii").split())
    deck, rest = text.split(",CARDS IN THE DECK", 1)[1].split(",COLLECT #C3 TASK CARDS", 1)
    # No Task card is listed in the deck ("task 3": ,TASK #C); a Crown's rule names the Task.
    assert ",TASK #" not in deck and " CROWN3 #I" in deck
    assert rest.split(",COLLECT #C3")[0].count("TASK #") == 20


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", ["pass-and-pick", "collect-3", "shapes-the-game"])
def test_the_guide_lists_the_embosser_file_with_its_pages_on_one_page(
    braille_kits: Path, game: str, paper: str
) -> None:
    folder, stem = kit(braille_kits, game, paper)
    brf = (folder / f"{stem}_embosser.brf").read_bytes()
    pages = page_texts(folder / f"{stem}_printing-guide.pdf")
    assert len(pages) == 1
    brf_pages = brf.count(b"\f") + 1  # a form feed between pages
    row = f"embosser.brf {brf_pages} braille paper to an embosser as it is"
    assert row in " ".join(pages[0].split())


@pytest.mark.parametrize(
    ("game", "kind"),
    [
        ("pass-and-pick", "cards"),
        ("collect-3", "cards"),
        ("collect-3", "task-cards"),
        ("shapes-the-game", "cards"),
    ],
)
def test_swell_paper_fronts_are_black_line_art(braille_kits: Path, game: str, kind: str) -> None:
    """Every colour the cards file sets is black, and whatever it fills is the braille dots
    (small circles): the cards' own shapes are outlines, their words black. Rendered by
    pdfium without anti-aliasing, every page is black and white only; rendered as a viewer
    does, anti-aliased at 100 dpi, no area prints as a grey the heater would half raise
    (Collect 3's Task cards picture number cards a quarter of their size)."""
    folder, stem = kit(braille_kits, game)
    cards = folder / f"{stem}_{kind}.pdf"
    assert braillechecks.line_art_problems(cards) == []
    assert braillechecks.grey_problems(cards) == []
    assert braillechecks.grey_area_problems(cards) == []
    document = pdfium.PdfDocument(cards)
    try:
        page = document[0].render(scale=100 / 72, grayscale=True, no_smoothpath=True)
        histogram = page.to_pil().convert("L").histogram()
    finally:
        document.close()
    assert histogram[0] > 0.01 * sum(histogram)  # lines, words and dots are there, in black


def _walk(items: Iterable[Item], scale: float = 1.0) -> Iterator[tuple[Item, float]]:
    """Every item, inside groups and artifacts too, with the scale it is drawn at."""
    for item in items:
        yield item, scale
        if isinstance(item, Group):
            yield from _walk(item.items, scale * item.scale)
        elif isinstance(item, Artifact):
            yield from _walk(item.items, scale)


def test_a_card_pictured_on_a_swell_face_is_its_outlines_and_words() -> None:
    """Collect 3's Task cards picture number cards at a quarter of their size: on swell
    paper each is drawn with no texture and no braille dots, its outlines as thick where
    they are placed as the Task card's own; the print-and-play file, which holds the
    number cards themselves too, keeps theirs."""
    project = pipeline.load_project(pipeline.Sources(), ["collect-3"], ["braille"])
    request = KitRequest("collect-3", 3, "a4", labels="braille")
    resolved = resolve_kit(project.games["collect-3"], project.library, project.ctx, None)
    files = plan_kit(resolved, request)
    tasks = next(f.printed for f in files if f.name.endswith("_task-cards"))
    width = project.library.printing.ink_saver.outline_width
    faces = [s for name, s in tasks.symbols.items() if name.startswith("face-task-")]
    pictured = [group for face in faces for group in small_groups(face.items)]
    assert len(pictured) >= 20
    for group in pictured:
        assert group.scale < 0.5
        drawn = list(_walk(group.items, group.scale))
        assert not [
            i for i, _ in drawn if isinstance(i, Artifact) and (i.raised or i.kind == "Background")
        ]
        strokes = [
            i.paint.stroke_width * at
            for i, at in drawn
            if isinstance(i, Drawn | Rect) and i.paint.stroke
        ]
        assert min(strokes) >= width - 1e-6
    whole = next(f.printed for f in files if f.name.endswith("_print-and-play"))
    number = list(_walk(whole.symbols["face-red-2"].items))
    assert [i for i, _ in number if isinstance(i, Artifact) and i.raised]  # its braille
    assert [i for i, _ in number if isinstance(i, Artifact) and i.kind == "Background"]


def _ranked_grey_areas(image: Image.Image) -> Image.Image:
    """What `braillechecks.grey_areas` finds, by ranking each square's pixels."""
    darkest = image.filter(ImageFilter.MinFilter(braillechecks.GREY_AREA))
    lightest = image.filter(ImageFilter.MaxFilter(braillechecks.GREY_AREA))
    not_black = darkest.point(lambda value: 255 if value > 0 else 0)
    not_white = lightest.point(lambda value: 255 if value < 255 else 0)
    return ImageChops.multiply(not_black, not_white)


def test_grey_areas_are_the_squares_with_no_black_and_no_white() -> None:
    """The box blur finds the areas of grey the rank filters do, pixel for pixel: on random
    pictures of black, white and greys, and a lone black or white pixel anywhere in grey,
    at the edges too."""
    rng = random.Random(5)
    pictures = []
    for _ in range(60):
        width, height = rng.randint(1, 24), rng.randint(1, 24)
        levels = [0, 255, rng.randint(1, 254), rng.randint(1, 254)]
        pixels = bytes(rng.choice(levels) for _ in range(width * height))
        pictures.append(Image.frombytes("L", (width, height), pixels))
    for level, x, y in itertools.product((0, 255), range(9), range(9)):
        lone = Image.new("L", (9, 9), 128)
        lone.putpixel((x, y), level)
        pictures.append(lone)
    for picture in pictures:
        found = braillechecks.grey_areas(picture)
        assert found.tobytes() == _ranked_grey_areas(picture).tobytes()
    assert any(braillechecks.grey_areas(p).histogram()[255] for p in pictures)


# Every kind of token a content stream holds: comments, names (one with a #-escape),
# numbers, hex and literal strings (nested, escaped, a backslash last), a dictionary, an
# array, true, false and null, colours and graphics states, every operator showing text.
TOKENS = (
    b"% a comment (with a parenthesis\n/Span <</MCID 0 /Alt (a (nested) \\) escape)"
    b" /On true /Off false /None null>> BDC BT /F#201 -.5 Tf +3 0 Td <00 1A>Tj 0 0 0 1 k"
    b"[(one) -120 (two\\\\)] TJ (it's) ' 1 2 (said) \" ET EMC /Artifact BMC /GS.op gs"
    b" 0 0 1 1 re f EMC\n"
)


def test_operations_are_what_pypdf_reads(braille_kits: Path) -> None:
    """`operations` (tests/pdfxread, which the checks of line art, overprinting and marked
    content read streams with) lists a stream's operators as pypdf's ContentStream does,
    their numbers and names the same: on every kind of token, and on every page and form of
    a swell cards file and a printing guide; it refuses an inline image, whose data it
    cannot skip, and a string nested deeper than it reads."""
    folder, stem = kit(braille_kits, "collect-3")
    streams = [(TOKENS, None)]
    for part in ("cards", "printing-guide"):
        reader = PdfReader(folder / f"{stem}_{part}.pdf")
        streams += [(data, reader) for data, _ in content_with_resources(reader)]
    for data, reader in streams:
        stream = DecodedStreamObject()
        stream.set_data(data)
        read = ContentStream(stream, reader).operations
        found = operations(data)
        assert [operator for _, operator in found] == [operator for _, operator in read]
        for (tokens, _), (operands, _) in zip(found, read, strict=True):
            assert _same_operands(tokens, operands), (tokens, operands)
    seen = {operator for data, _ in streams for operator in operators(data)}
    assert {b"k", b"gs", b"BDC", b"TJ", b"'", b'"', b"Do", b"re", b"f"} <= seen
    for refused in (b"BI /W 1 /H 1 ID \x00 EI", b"((((deep)))) Tj"):
        with pytest.raises(ValueError):
            operations(refused)


def _same_operands(tokens: list[bytes], operands: list[object]) -> bool:
    """Numbers and names as pypdf reads them; where an operand is a string, an array or a
    dictionary (its tokens one by one), the first, if a name."""
    if not all(
        isinstance(operand, NameObject | FloatObject | NumberObject) for operand in operands
    ):
        first = operands[0] if operands else None
        return not isinstance(first, NameObject) or name_read(tokens[0]) == first
    return len(tokens) == len(operands) and all(
        name_read(token) == operand if isinstance(operand, NameObject) else float(token) == operand
        for token, operand in zip(tokens, operands, strict=True)
    )
