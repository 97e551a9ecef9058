"""SVG path data as editors write it: relative commands, arcs, implicit repeats, y down."""

from __future__ import annotations

import io
import math
import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image as PilImage

from shapes_print.geometry.primitives import BLACK, Document, Page, Paint, PathOp
from shapes_print.geometry.primitives import Path as DrawnPath
from shapes_print.geometry.svgpath import parse_svg_path
from shapes_print.load.shapes import ShapeLibrary
from shapes_print.render.pdf import write_pdf
from tests.pathpoints import sampled

ART = Path(__file__).parents[1] / "art"
# A heart as Inkscape saves one: relative cubics, the command letter written once.
HEART = (
    "m 50,88 c -3,-3 -38,-26 -38,-50 0,-14 10,-24 22,-24 7,0 13,4 16,10 "
    "3,-6 9,-10 16,-10 12,0 22,10 22,24 0,24 -35,47 -38,50 z"
)


def ends(ops: tuple[PathOp, ...]) -> list[tuple[float, float]]:
    return [(op[-2], op[-1]) for op in ops if op[0] != "Z"]


def curve_points(ops: tuple[PathOp, ...]) -> list[tuple[float, float]]:
    """Points along the path's segments, curves sampled, as the shape tests sample them."""
    return sampled([op for op in ops if op[0] != "Z"])


def test_relative_commands_with_implicit_repeats_reach_every_end_point() -> None:
    ops = parse_svg_path(HEART)
    assert [op[0] for op in ops] == ["M", "C", "C", "C", "C", "C", "C", "Z"]
    expected = [(50, 88), (12, 38), (34, 14), (50, 24), (66, 14), (88, 38), (50, 88)]
    assert [v for point in ends(ops) for v in point] == pytest.approx(
        [v for point in expected for v in point]
    )


def test_numbers_run_together_as_editors_save_them() -> None:
    ops = parse_svg_path("M1.5.5L-1e-3,2l.5-.5H3h1V-2v1e1z", close=False)
    assert ops == (
        ("M", 1.5, 0.5),
        ("L", -0.001, 2.0),
        ("L", 0.499, 1.5),
        ("L", 3.0, 1.5),
        ("L", 4.0, 1.5),
        ("L", 4.0, -2.0),
        ("L", 4.0, 8.0),
        ("Z",),
    )


def test_smooth_curves_reflect_the_previous_control_point() -> None:
    cubic = parse_svg_path("M0 0 C 0 10 10 10 10 0 S 20 -10 20 0", close=False)
    assert cubic[2][1:3] == pytest.approx((10, -10))  # (10, 10) mirrored through (10, 0)
    quadratic = parse_svg_path("M0 0 Q 5 10 10 0 T 20 0", close=False)
    # T's control point is (15, -10); as a cubic, its first handle is 2/3 of the way there.
    assert quadratic[2][1:] == pytest.approx(
        (10 + 2 / 3 * 5, -20 / 3, 20 - 2 / 3 * 5, -20 / 3, 20, 0)
    )
    plain = parse_svg_path("M0 0 L 5 5 S 10 10 10 0", close=False)
    assert plain[2][1:3] == pytest.approx((5, 5))  # no earlier cubic: the current point


@pytest.mark.parametrize(
    ("data", "centre", "radius"),
    [
        # Inkscape's circle as a path: four relative arcs, the letter written once.
        (
            "m 60,35 a 25,25 0 0 1 -25,25 25,25 0 0 1 -25,-25 25,25 0 0 1 25,-25 "
            "25,25 0 0 1 25,25 z",
            (35, 35),
            25,
        ),
        ("M 0 50 A 50 50 0 1 1 100 50 A 50 50 0 1 1 0 50 Z", (50, 50), 50),  # flags by space
        ("M0 50a50 50 0 1 1100 0a50 50 0 1 1-100 0z", (50, 50), 50),  # flags run together
    ],
)
def test_arcs_become_curves_on_the_circle(
    data: str, centre: tuple[float, float], radius: float
) -> None:
    points = curve_points(parse_svg_path(data))
    distances = [math.dist(point, centre) for point in points]
    assert max(distances) == pytest.approx(radius, rel=3e-4)
    assert min(distances) == pytest.approx(radius, rel=3e-4)
    # The whole way round: points at every quarter of the circle.
    angles = {math.degrees(math.atan2(y - centre[1], x - centre[0])) % 360 // 90 for x, y in points}
    assert angles == {0, 1, 2, 3}


def test_arc_sweep_follows_svg_with_y_down() -> None:
    """sweep 1 is SVG's positive angle: from left to right across the top of the screen."""
    top = curve_points(parse_svg_path("M 0 50 A 50 50 0 0 1 100 50", close=False))
    bottom = curve_points(parse_svg_path("M 0 50 A 50 50 0 0 0 100 50", close=False))
    assert min(y for _, y in top) == pytest.approx(0, abs=1e-6)
    assert max(y for _, y in bottom) == pytest.approx(100, abs=1e-6)


def test_small_radii_grow_and_zero_radii_draw_a_line() -> None:
    grown = curve_points(parse_svg_path("M 0 0 A 1 1 0 0 1 10 0", close=False))
    assert max(math.dist(p, (5, 0)) for p in grown) == pytest.approx(5, rel=3e-4)
    assert parse_svg_path("M 0 0 A 0 5 0 0 1 10 0", close=False)[1] == ("L", 10, 0)


def test_drawing_on_after_close_starts_from_the_subpath_start() -> None:
    ops = parse_svg_path("M 10 10 l 5 0 l 0 5 z l 3 3", close=False)
    assert ops[3:] == (("Z",), ("M", 10, 10), ("L", 13, 13))


def render(ops: tuple[PathOp, ...], size: float = 100.0) -> PilImage.Image:
    """The outline filled black on a `size` pt square page, at 1 pixel per point."""
    page = Page(size, size, (DrawnPath(ops, Paint(fill=BLACK)),))
    out = io.BytesIO()
    write_pdf(Document("shape", [page]), out)
    return pdfium.PdfDocument(out.getvalue())[0].render(scale=1).to_pil().convert("L")


def inked(image: PilImage.Image, x: float, y_down: float) -> bool:
    return image.getpixel((int(x), int(y_down))) < 128


def test_view_box_path_prints_the_way_up_it_was_drawn() -> None:
    """y points down in a view box, as in SVG: a path drawn apex-up prints apex-up."""
    shapes = ShapeLibrary.from_mapping(
        {"peak": {"path": "M 50 10 L 90 90 L 10 90 Z", "view_box": [0, 0, 100, 100]}},
        Path("deck.yaml"),
    )
    image = render(shapes.outline("peak", 0, 0, 100, 100))
    assert inked(image, 50, 15) and inked(image, 15, 88) and inked(image, 85, 88)
    assert not inked(image, 15, 15) and not inked(image, 50, 95)


def test_inkscape_heart_in_its_view_box_matches_its_own_outline() -> None:
    """The shape's pixels are the heart's: both lobes up, the point down, the notch open."""
    shapes = ShapeLibrary.from_mapping(
        {"heart": {"path": HEART, "view_box": [0, 0, 100, 100]}}, Path("deck.yaml")
    )
    image = render(shapes.outline("heart", 0, 0, 100, 100))
    assert inked(image, 30, 25) and inked(image, 70, 25)  # the lobes
    assert not inked(image, 50, 16)  # the notch between them
    assert inked(image, 50, 80) and not inked(image, 50, 95)  # the point, above the tip
    assert not inked(image, 15, 80) and not inked(image, 85, 80)


def test_a_shape_from_an_inkscape_svg_file(tmp_path: Path) -> None:
    """An editor's file: its layer's transform, its namespaced elements skipped, a ring with
    a hole; fitted into the unit square, the way up it was drawn."""
    shutil.copy(ART / "ring-inkscape.svg", tmp_path / "ring.svg")
    shapes = ShapeLibrary.from_mapping({"ring": {"svg": "ring.svg"}}, tmp_path / "deck.yaml")
    image = render(shapes.outline("ring", 0, 0, 100, 100))
    assert not inked(image, 50, 50)  # the hole
    assert inked(image, 50, 20) and inked(image, 80, 50) and inked(image, 50, 80)
    assert not inked(image, 10, 10) and not inked(image, 50, 5)
