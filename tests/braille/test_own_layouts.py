"""A game's own card layouts under a braille label set: every face gets its braille.

docs/designing.md's walk-through adds comet cards drawn with the game's own layout
`picture` (cards/my-cards.yaml), which writes no braille zone. A braille set gives it one
(kit/braillezone.py) across the bottom of the card, below its other ink, spelling the
card's word as the kit's .brf lists it; at a card size where the layout leaves no room,
the build stops at the layout's line. Checked here in the plan (the dots read back into
cells), in the built PDF (the dots' pixels) and in the .brf.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from shapes_print.commands.cli import main
from shapes_print.errors import UserError
from shapes_print.geometry.primitives import (
    BLACK,
    Artifact,
    Group,
    Image,
    Item,
    Symbol,
    VectorPicture,
)
from shapes_print.geometry.primitives import Path as Drawn
from shapes_print.pipeline import pipeline
from tests.brailledots import centres, dots_of, planned, spelt, zones
from tests.braillesets import MM, ink_boxes
from tests.docpages import follow_game_walk_through, steps
from tests.pdfread import placements

ROOT = Path(__file__).resolve().parents[2]
GAME = "my-game"
COPY = "my-shapes"  # a copy of pass-and-pick, whose words the Spanish sets have
WORDLESS = "my-notes"  # the same, its word a note: no card word for the dots to spell
# A face layout of the copy's own, writing no braille zone: the shape, its word beneath.
OWN_TEMPLATE = """\
id: big-cards
extends: poker
layouts:
  big-shape:
    elements:
      - {kind: rect, name: face, box: [0mm, 0mm, 100%, 100%], fill: "#FFFFFF", bleed: true}
      - {kind: shape, name: big, box: [5mm, 8mm, 100% - 10mm, 50%], shape: "{shape}",
         fill: "{colour}", stroke: "#000000", stroke_width: 1pt, pattern: "{pattern}",
         pattern_colour: "{pattern_colour}"}
      - {kind: text, name: big-word, box: [5mm, 60%, 100% - 10mm, 14%], text: "{label}",
         bold: true, size: 20pt, min_size: 12pt}
"""
FITS = ("poker", "bridge", "tarot")  # the comets' word leaves a line of dots room here
NO_ROOM = ("square", "mini")  # and not here: 'label' ends too near the bottom


@pytest.fixture(scope="module")
def content(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`new my-game` with designing.md's edits made as written (the comets among them),
    and a copy of pass-and-pick whose cards use a layout of its own."""
    root = tmp_path_factory.mktemp("own-layouts")
    games = root / "my-games"
    assert main(["new", GAME, "--content", str(games)]) == 0
    for kind, step in steps(ROOT / "docs/designing.md"):
        if kind == "edit":
            follow_game_walk_through(root, str(step))
        elif kind == "write":
            path, text = step
            (root / path).parent.mkdir(parents=True, exist_ok=True)
            (root / path).write_text(text)
    assert (games / GAME / "comets.csv").is_file()
    copy_with_own_layout(games, COPY, OWN_TEMPLATE)
    copy_with_own_layout(games, WORDLESS, OWN_TEMPLATE.replace("min_size: 12pt", "role: note"))
    return games


def copy_with_own_layout(games: Path, name: str, template: str) -> None:
    """A copy of pass-and-pick whose cards are drawn with `template`'s layout `big-shape`."""
    assert main(["new", name, "--from", "pass-and-pick", "--content", str(games)]) == 0
    (games / name / "cards").mkdir()
    (games / name / "cards/big-cards.yaml").write_text(template)
    game = games / name / "game.yaml"
    game.write_text(game.read_text().replace("card_template: poker", "card_template: big-cards"))
    deck = games / name / "deck.yaml"
    deck.write_text(deck.read_text().replace("layout: shape,", "layout: big-shape,"))


def assert_clear_dots(card: str, zone: tuple[float, ...], face: Symbol) -> None:
    """The dots inside the zone, and nothing else inked in it."""
    x0, y0, x1, y1 = zone
    dots = dots_of(face)
    dx0, dy0, dx1, dy1 = next(ink_boxes([dots]))
    assert x0 - 1e-6 <= dx0 and dx1 <= x1 + 1e-6 and y0 - 1e-6 <= dy0 and dy1 <= y1 + 1e-6
    others = [i for i in face.items if not (isinstance(i, Artifact) and i.raised)]
    for bx0, by0, bx1, by1 in ink_boxes(others):
        assert not (bx0 < x1 and bx1 > x0 and by0 < y1 and by1 > y0), (
            f"{card}: ink at {bx0 / MM:.1f},{by0 / MM:.1f} mm in the braille zone"
        )


@pytest.mark.parametrize("size", FITS)
def test_the_comets_own_layout_gets_its_words_dots_at_every_size_with_room(
    content: Path, size: str
) -> None:
    project, files = planned(content, GAME, "braille", size)
    style = project.ctx.style.braille
    assert style is not None
    (brf,) = [f.document for f in files if f.name.endswith("_embosser")]
    lines = [line.strip() for page in brf.pages for line in page]  # type: ignore[union-attr]
    (card, zone, face), *_ = list(zones(project, files, GAME, "comets", size))
    assert card == "comet"
    assert_clear_dots(card, zone, face)
    # The dots spell the card's word as its .brf lists it: "comet", 2 cards.
    assert spelt(dots_of(face), zone, style) == "COMET"
    assert "COMET3 #B" in lines


def test_the_comets_svg_picture_rises_as_its_own_black_outlines(content: Path) -> None:
    """Swell paper raises what is dark: the comet's drawing (a blue stroke, an orange disc)
    is its own outlines in black, no fill, not an empty frame where the picture was."""
    project, files = planned(content, GAME, "braille")
    (_, _, face), *_ = list(zones(project, files, GAME, "comets", None))
    (image,) = [item for item in walked(face.items) if isinstance(item, Image)]
    assert isinstance(image.picture, VectorPicture)
    drawn = [item for item in walked(image.picture.items) if isinstance(item, Drawn)]
    assert len(drawn) == 2  # the tail and the disc
    assert all(d.paint.fill is None and d.paint.stroke == BLACK for d in drawn)


def walked(items: tuple[Item, ...]) -> Iterator[Item]:
    for item in items:
        yield item
        if isinstance(item, Group | Artifact):
            yield from walked(item.items)


def test_the_dots_are_on_the_printed_comet_cards(content: Path, tmp_path: Path) -> None:
    project = pipeline.load_project(pipeline.Sources(content=content), [GAME], ["braille"])
    pipeline.build_project(project, pipeline.BuildOptions(players="4", paper="a4"), tmp_path)
    folder = tmp_path / GAME / "braille/a4/4-players"
    pdf = folder / f"{GAME}_4p_a4_braille_comets.pdf"
    _, files = planned(content, GAME, "braille")
    style = project.ctx.style.braille
    assert style is not None
    (_, _, face), *_ = list(zones(project, files, GAME, "comets", None))
    reader = PdfReader(pdf)
    placed = [p for p in placements(reader.pages[0], reader) if p.name == "face-comet"]
    assert len(placed) == 2
    scale = 150 / 72
    page = pdfium.PdfDocument(pdf)[0]
    height = page.get_height()
    image = page.render(scale=scale).to_pil().convert("L")
    for slot in placed:
        for x, y in centres(dots_of(face), style):
            at = (int((slot.x + x) * scale), int((height - slot.y - y) * scale))
            assert image.getpixel(at) < 64, (slot, x / MM, y / MM)  # type: ignore[operator]
    brf = (folder / f"{GAME}_4p_a4_braille_embosser.brf").read_bytes().decode("ascii")
    # The deck's heading, centred, then a blank line and its cards.
    comets = brf.split(",MY GAME3 COMET CARDS\r\n\r\n", 1)[1].split("\r\n", 1)[0]
    assert comets == "COMET3 #B"


@pytest.mark.parametrize("size", NO_ROOM)
def test_a_size_with_no_room_under_the_layouts_ink_is_refused_at_its_line(
    content: Path, size: str
) -> None:
    with pytest.raises(UserError) as raised:
        planned(content, GAME, "braille", size)
    error = raised.value
    assert error.source is not None and error.source.path.name == "my-cards.yaml"
    assert error.source.line and error.source.column
    assert "layout 'picture': no room for braille" in error.message and "'label'" in error.message
    assert error.message.endswith(f"fits every card at --card-size {', '.join(FITS)}")


@pytest.mark.parametrize(("labels", "circle"), [("braille", "CIRCLE"), ("braille-es", "C/RCULO")])
def test_a_copys_own_layout_spells_its_words_in_each_braille_set(
    content: Path, labels: str, circle: str
) -> None:
    """The copy's words are the shipped game's, which es translates: braille-es spells
    "círculo" (í is dots 34, the NABCC slash) on the card and in the .brf alike."""
    project, files = planned(content, COPY, labels)
    style = project.ctx.style.braille
    assert style is not None
    (brf,) = [f.document for f in files if f.name.endswith("_embosser")]
    lines = [line.strip() for page in brf.pages for line in page]  # type: ignore[union-attr]
    seen = {}
    for card, zone, face in zones(project, files, COPY, "cards", None):
        assert_clear_dots(card, zone, face)
        seen[card] = spelt(dots_of(face), zone, style)
        assert f"{seen[card]}3 #F" in lines  # the .brf's name for its six cards
    assert list(seen) == ["circle", "triangle", "square"] and seen["circle"] == circle


def test_a_face_with_no_word_for_its_braille_is_refused_at_its_card(content: Path) -> None:
    with pytest.raises(UserError, match="prints no title or card-word text") as raised:
        planned(content, WORDLESS, "braille")
    where = raised.value.source
    assert where is not None and where.path.name == "deck.yaml" and where.line and where.column
    assert "role: card-word" in raised.value.hint
