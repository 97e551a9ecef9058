"""Lines, ellipses, turned and see-through elements, in the plan, the PDF, the SVG and
PDF/X: drawn where the layout says (pixels), turned clockwise about the box's centre,
seen through at their opacity, and the collision check reading a turned element's bounds.
"""

from __future__ import annotations

import shutil
from math import cos, radians, sin
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from shapes_print.commands.cli import main
from shapes_print.geometry.primitives import Group, Item, Line, Rect
from shapes_print.geometry.primitives import Path as PathItem
from shapes_print.kit.resolved import resolve_kit
from shapes_print.kit.variant import make_variant
from shapes_print.load.content import load_game
from shapes_print.load.defaults import DEFAULT_LABELS, DEFAULT_TEMPLATES
from shapes_print.load.labels import load_labels
from shapes_print.plan.cardfile import card_symbols, card_template
from shapes_print.units import mm
from tests import printshopchecks
from tests.pdfread import placements

GAME = "my-game"
# A face that draws each new thing once: a disc, a rule, a half-seen square, a bar turned
# upright and a tilted word (each clear of the others, as the collision check asks).
MARKED = """\
  marked:
    elements:
      - {kind: rect, name: face, box: [0mm, 0mm, 100%, 100%], fill: "#FFFFFF", bleed: true}
      - {kind: ellipse, name: disc, box: [10mm, 8mm, 100% - 20mm, 30mm], fill: "{colour}",
         stroke: "#000000", stroke_width: 1pt, pattern: "{pattern}", pattern_colour: "{pattern_colour}"}
      - {kind: line, name: rule, box: [5mm, 42mm, 100% - 10mm, 0mm], stroke: "#000000",
         stroke_width: 1pt}
      - {kind: rect, name: veil, box: [5mm, 46mm, 20mm, 20mm], fill: "#0072B2", opacity: 0.5}
      - {kind: rect, name: bar, box: [32mm, 55mm, 24mm, 2mm], fill: "#000000", rotate: 90}
      - {kind: text, name: label, box: [10mm, 70mm, 100% - 20mm, 10mm], text: "{label}",
         bold: true, size: 16pt, min_size: 10pt, rotate: 10}
"""
SUN = (0xE6, 0x9F, 0x00)
HALF_BLUE_ON_WHITE = (128, 185, 217)  # #0072B2 at 0.5 over white
DPI = 150


def _game(content: Path, layout: str = MARKED) -> Path:
    """The `new` game with every suit card drawn by `layout` (which reads no `shape`)."""
    assert main(["new", GAME, "--content", str(content)]) == 0
    folder = content / GAME
    cards = folder / "cards" / "my-cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8") + layout, encoding="utf-8")
    deck = folder / "deck.yaml"
    text = deck.read_text(encoding="utf-8").replace("    layout: shape\n", "    layout: marked\n")
    text = text.replace('fields: {shape: "{shape}", label', "fields: {label")
    deck.write_text(text, encoding="utf-8")
    return content


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path]:
    """The game's content, its home kit (PDF and SVG) and its print-shop kit."""
    root = tmp_path_factory.mktemp("elements")
    content = _game(root / "games")
    home, shop = root / "home", root / "shop"
    common = [GAME, "--content", str(content), "--players", "2", "--paper", "a4", "-q"]
    assert main(["build", *common, "--format", "pdf,svg", "--out", str(home)]) == 0
    assert main(["build", *common, "--print-shop", "--out", str(shop)]) == 0
    return content, home / GAME / "a4" / "2-players", shop / GAME / "a4" / "2-players"


def _groups(items: tuple[Item, ...]) -> list[Group]:
    found: list[Group] = []
    for item in items:
        if isinstance(item, Group):
            found += [item, *_groups(item.items)]
    return found


def test_the_plan_turns_each_element_clockwise_about_its_centre_and_veils_it(
    built: tuple[Path, Path, Path],
) -> None:
    content = built[0]
    games = {GAME: load_game(content / GAME)}
    variant = make_variant(DEFAULT_TEMPLATES, games, load_labels("standard", DEFAULT_LABELS))
    loaded = variant.games[GAME]
    template = card_template(loaded, variant.library, None)
    ctx = resolve_kit(loaded, variant.library, variant.ctx, None).ctx  # the back's picture read
    faces, _ = card_symbols(loaded, template, ctx)
    face = faces["face-sun-1"]
    height = template.card["height"]
    groups = _groups(face.items)
    (bar,) = [g for g in groups if g.angle == -90]
    (rect,) = bar.items
    assert isinstance(rect, Rect)
    centre = (rect.x + rect.w / 2, rect.y + rect.h / 2)
    # Turned about its centre: the centre stays where the layout put it (44 mm, 56 mm down).
    assert centre == pytest.approx((mm(44), height - mm(56)))
    turn = radians(bar.angle)
    placed = (
        cos(turn) * centre[0] - sin(turn) * centre[1] + bar.dx,
        sin(turn) * centre[0] + cos(turn) * centre[1] + bar.dy,
    )
    assert placed == pytest.approx(centre)
    assert [g.angle for g in groups if g.angle] == [-90, -10]  # the word tilts clockwise
    (veil,) = [g for g in groups if g.opacity < 1]
    assert veil.opacity == 0.5 and isinstance(veil.items[0], Rect)
    (line,) = [item for item in face.items if isinstance(item, Line)]
    assert (line.x1, line.x2) == pytest.approx((mm(5), template.card["width"] - mm(5)))
    assert line.y1 == line.y2 == pytest.approx(height - mm(42)) and line.width == 1
    ellipse = [item for item in face.items if isinstance(item, PathItem) and item.paint.fill]
    xs = [op[-2] for disc in ellipse for op in disc.ops if op[0] != "Z"]
    assert min(xs) == pytest.approx(mm(10)) and max(xs) == pytest.approx(
        template.card["width"] - mm(10)
    )


def _pixel(image: object, page_height: float, point: tuple[float, float]) -> tuple[int, ...]:
    scale = DPI / 72
    return image.getpixel((round(point[0] * scale), round((page_height - point[1]) * scale)))  # type: ignore[attr-defined]


def test_the_pdf_draws_them_where_the_layout_says(built: tuple[Path, Path, Path]) -> None:
    """Pixels of the first card: the half-seen square is half its blue over white, the bar
    stands upright (ink above its box, paper inside where it lay), the disc and the rule."""
    cards = built[1] / f"{GAME}_2p_a4_cards.pdf"
    reader = PdfReader(cards)
    first = min(placements(reader.pages[0], reader), key=lambda p: (-p.y, p.x))
    page = pdfium.PdfDocument(cards)[0]
    page_height = page.get_height()
    image = page.render(scale=DPI / 72).to_pil().convert("RGB")
    card_height = mm(88.9)

    def at(x: float, y: float) -> tuple[int, ...]:  # mm from the card's top-left corner
        return _pixel(image, page_height, (first.x + mm(x), first.y + card_height - mm(y)))

    assert all(abs(a - b) <= 4 for a, b in zip(at(15, 56), HALF_BLUE_ON_WHITE, strict=True))
    assert max(at(44, 47)) < 80 and max(at(44, 65)) < 80  # the bar, turned upright
    assert min(at(35, 56)) > 240 and min(at(53, 56)) > 240  # where it lay unturned
    assert all(abs(a - b) <= 4 for a, b in zip(at(31.75, 23), SUN, strict=True))
    assert min(at(11, 9)) > 240  # the box's corner lies outside its ellipse
    assert max(at(30, 42)) < 120  # the rule


def test_the_pdf_says_what_is_see_through(built: tuple[Path, Path, Path]) -> None:
    """The face form sets a graphics state of alpha 0.5 for stroking and filling; the pages
    placing faces are transparency groups blended in RGB, the back pages are not."""
    reader = PdfReader(built[1] / f"{GAME}_2p_a4_cards.pdf")
    fronts, backs = reader.pages[0], reader.pages[1]
    form = fronts["/Resources"]["/XObject"]["/FormXob.face-sun-1"].get_object()
    (state,) = form["/Resources"]["/ExtGState"].values()
    assert (state.get_object()["/CA"], state.get_object()["/ca"]) == (0.5, 0.5)
    group = fronts["/Group"].get_object()
    assert (group["/S"], group["/CS"]) == ("/Transparency", "/DeviceRGB")
    assert "/Group" not in backs


def test_the_svg_draws_the_same(built: tuple[Path, Path, Path]) -> None:
    svg = (built[1] / f"{GAME}_2p_a4_cards_p01.svg").read_text(encoding="utf-8")
    assert '<g opacity="0.5"' in svg
    assert "rotate(-90)" in svg and "rotate(-10)" in svg
    assert '<line stroke="#000000" stroke-width="1.0"' in svg


def test_print_shop_files_blend_in_the_press_colours_and_stay_pdf_x(
    built: tuple[Path, Path, Path],
) -> None:
    shop = built[2] / f"{GAME}_2p_a4_cards-print-shop.pdf"
    reader = PdfReader(shop)
    group = reader.pages[0]["/Group"].get_object()
    assert (group["/S"], group["/CS"]) == ("/Transparency", "/DeviceCMYK")
    assert printshopchecks.pdfx_problems(shop) == []
    if shutil.which("gs"):
        assert printshopchecks.ghostscript_problems(shop) == []


def _room(tmp_path: Path, capsys: pytest.CaptureFixture[str], layout: str) -> tuple[int, str]:
    content = _game(tmp_path / "games", layout)
    capsys.readouterr()
    args = ["--content", str(content), "--players", "2", "--paper", "a4", "-q"]
    status = main(["build", GAME, *args, "--out", str(tmp_path / "out")])
    return status, capsys.readouterr().err


# An element 30 mm wide under a disc, clear of it until it is turned upright.
ROOM = """\
  marked:
    elements:
      - {kind: text, name: label, box: [5mm, 5mm, 100% - 10mm, 6mm], text: "{label}", size: 12pt}
      - {kind: ellipse, name: disc, box: [12mm, 14mm, 20mm, 20mm], fill: "{colour}",
         stroke: "#000000", stroke_width: 1pt, pattern: "{pattern}", pattern_colour: "{pattern_colour}"}
      - {kind: WHAT, name: other, box: [7mm, 39mm, 30mm, 4mm], ROTATE}
"""


@pytest.mark.parametrize(
    ("what", "rotate", "collides"),
    [
        ('text, text: "{label}", size: 8pt', "rotate: 0", False),
        ('text, text: "{label}", size: 8pt', "rotate: 90", True),  # turned up into the disc
        ('line, stroke: "#000000", stroke_width: 1pt', "rotate: 90", False),  # decoration
        ('line, stroke: "#000000", stroke_width: 1pt, role: picture', "rotate: 90", True),
    ],
)
def test_the_collision_check_reads_a_turned_box_and_lines_lie_under(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], what: str, rotate: str, collides: bool
) -> None:
    """A 30 mm element turned upright reaches 13 mm up, into the disc above it; a line is
    decoration unless its role says it is a picture."""
    layout = ROOM.replace("WHAT", what).replace("ROTATE", rotate)
    status, err = _room(tmp_path, capsys, layout)
    if collides:
        assert status == 2 and "overlaps" in err and "'other'" in err and "'disc'" in err
    else:
        assert status == 0, err


def test_a_line_needs_its_stroke(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    layout = ROOM.replace("WHAT", "line").replace("ROTATE", "rotate: 0")
    status, err = _room(tmp_path, capsys, layout)
    assert status == 2 and "a line element needs stroke" in err and err.count("\n") == 1
