"""The shipped shape and pattern libraries, and how bad definitions are reported."""

from __future__ import annotations

import io
import itertools
import math
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from shapes_print.errors import UserError
from shapes_print.geometry.outlines import extent
from shapes_print.geometry.primitives import BLACK, RGB, Document, Group, Page, PathOp
from shapes_print.geometry.primitives import Path as DrawnPath
from shapes_print.load.shapes import PatternLibrary, ShapeLibrary, parse_path
from shapes_print.render.pdf import write_pdf
from shapes_print.render.svg import page_svg
from tests.pathpoints import sampled
from tests.yamlread import safe_load

INK = RGB.parse("#123456")
TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
SHIPPED = [
    "circle",
    "triangle",
    "square",
    "diamond",
    "pentagon",
    "hexagon",
    "star",
    "cross",
    "heart",
    "crescent",
    "arch",
    "half-circle",
    "block",
    "pillar",
    "cylinder",
    "bridge",
    "ring",
    "wedge",
    "cone",
    "step",
    "octagon",
]
BOXES = [(10.0, 20.0, 100.0, 60.0), (5.0, 5.0, 30.0, 90.0), (-40.0, 7.5, 55.0, 55.0)]
TOLERANCE = 0.01


@pytest.fixture(scope="module")
def shapes() -> ShapeLibrary:
    path = TEMPLATES / "shapes.yaml"
    return ShapeLibrary.from_mapping(safe_load(path.read_text()), path)


@pytest.fixture(scope="module")
def patterns() -> PatternLibrary:
    path = TEMPLATES / "patterns.yaml"
    return PatternLibrary.from_mapping(safe_load(path.read_text()), path)


def subpaths(ops: tuple[PathOp, ...]) -> list[list[PathOp]]:
    runs: list[list[PathOp]] = []
    for op in ops:
        if op[0] == "M":
            runs.append([])
        runs[-1].append(op)
    return runs


def signed_area(points: list[tuple[float, float]]) -> float:
    pairs = zip(points, points[1:] + points[:1], strict=True)
    return sum(ax * by - bx * ay for (ax, ay), (bx, by) in pairs) / 2


def test_ships_exactly_the_twenty_shapes(shapes: ShapeLibrary) -> None:
    assert shapes.names() == SHIPPED


@pytest.mark.parametrize("name", SHIPPED)
def test_shape_is_closed_and_stays_in_its_box(shapes: ShapeLibrary, name: str) -> None:
    for x, y, w, h in BOXES:
        ops = shapes.outline(name, x, y, w, h)
        runs = subpaths(ops)
        assert ops[0][0] == "M"
        assert all(run[-1] == ("Z",) and len(run) >= 3 for run in runs)
        assert all(op[0] in {"M", "L", "C", "Z"} for op in ops)
        coords = [v for op in ops for v in op[1:]]
        xs, ys = coords[0::2], coords[1::2]
        assert min(xs) >= x - TOLERANCE and max(xs) <= x + w + TOLERANCE
        assert min(ys) >= y - TOLERANCE and max(ys) <= y + h + TOLERANCE


@pytest.mark.parametrize("name", SHIPPED)
def test_shape_keeps_aspect_and_is_centred(shapes: ShapeLibrary, name: str) -> None:
    square = shapes.outline(name, 0, 0, 100, 100)
    wide = shapes.outline(name, 0, 0, 300, 100)
    tall = shapes.outline(name, 0, 0, 100, 300)
    for placed, (dx, dy) in ((wide, (100, 0)), (tall, (0, 100))):
        for a, b in zip(square, placed, strict=True):
            assert a[0] == b[0]
            shifted = [v + (dx if i % 2 == 0 else dy) for i, v in enumerate(a[1:])]
            assert shifted == pytest.approx(b[1:])
    x0, y0, x1, y1 = extent(square)
    assert (x0 + x1) / 2 == pytest.approx(50, abs=0.5)
    assert (y0 + y1) / 2 == pytest.approx(50, abs=0.5)
    assert max(x1 - x0, y1 - y0) > 75  # fills its square, not a speck in the middle


def test_shapes_are_distinct(shapes: ShapeLibrary) -> None:
    outlines = [shapes.outline(name, 0, 0, 1, 1) for name in SHIPPED]
    assert len(set(outlines)) == len(outlines)


def test_ring_hole_is_wound_the_other_way(shapes: ShapeLibrary) -> None:
    runs = subpaths(shapes.outline("ring", 0, 0, 1, 1))
    outer, hole = (signed_area(sampled(run)) for run in runs)
    assert outer > 0 > hole
    assert abs(hole) < abs(outer)


def test_crescent_is_one_outline(shapes: ShapeLibrary) -> None:
    assert len(subpaths(shapes.outline("crescent", 0, 0, 1, 1))) == 1


def test_outline_is_cached(shapes: ShapeLibrary) -> None:
    assert shapes.outline("heart", 1, 2, 3, 4) is shapes.outline("heart", 1, 2, 3, 4)
    with pytest.raises(KeyError):
        shapes.outline("no-such-shape", 0, 0, 1, 1)


def test_quadratic_becomes_cubic() -> None:
    ops = parse_path("M 0 0 Q 3 3 6 0")
    assert ops[1][0] == "C"
    assert ops[1][1:] == pytest.approx((2, 2, 4, 2, 6, 0))
    assert ops[-1] == ("Z",)


@pytest.mark.parametrize(
    ("definition", "fragment"),
    [
        (
            {"circle": {"cx": 0.5, "cy": 0.5, "r": 0.5}, "polygon": [[0, 0], [1, 0], [1, 1]]},
            "got circle and polygon",
        ),
        ({"cirlce": {"cx": 0.5, "cy": 0.5, "r": 0.5}}, "unknown key 'cirlce'"),
        ({"circle": {"cx": 0.5, "cy": 0.5, "r": 0.5, "fill": 1}}, "unknown key 'circle.fill'"),
        ({"polygon": [[0, 0], [1, 1]]}, "at least 3 points"),
        ({"path": "M 0 0 L 1 0 B 1 1 Z"}, "unknown command 'B' (at character 13)"),
        ({"path": "L 0 0 l 1 0 l 0 1 z"}, "must start with M, not L"),
        ({"path": "M 0 0 a 1 1 0 2 0 1 1"}, "expected 0 or 1 (an arc flag)"),
        ({"path": "M 0 0"}, "draws nothing"),
        ({"circle": {"cx": 0.5, "cy": 0.5, "r": 0.5}, "view_box": [0, 0, 1, 1]}, "goes with path"),
        ({"path": "M 0 0 L 9 9 L 0 9", "view_box": [0, 0, 9, 0]}, "more than zero"),
        ({"path": "M 0 0 L 20 0 L 0 9", "view_box": [0, 0, 10, 10]}, "outside its view_box"),
        ({"svg": "../../elsewhere.svg"}, "points outside the folder"),
        ({"svg": "missing.svg"}, "file 'missing.svg' not found"),
        ({"path": "M 0 0 C 1 1 Z"}, "C needs 6 numbers"),
        ({"star": {"points": 2, "inner": 0.5}}, "star.points"),
        ({"star": {"points": 5, "inner": 1.5}}, "star.inner"),
        ({"regular": {"sides": 6, "rotation": 30, "size": 2}}, "unknown key 'regular.size'"),
        ({"circle": {"cx": 0.5, "cy": 0.5, "r": 0.6}}, "outside the unit square"),
        ({"path": "M 0 0 C 0 2 1 2 1 0 Z"}, "outside the unit square"),
        ({}, "got none"),
        ("circle", "expected a mapping"),
        ([[0, 0], [1, 0], [1, 1]], "expected a mapping, got"),
    ],
)
def test_bad_shape_names_the_shape_and_the_mistake(definition: object, fragment: str) -> None:
    with pytest.raises(UserError) as caught:
        ShapeLibrary.from_mapping(
            {"good": {"regular": {"sides": 4}}, "bad": definition}, Path("deck/shapes.yaml")
        )
    assert "shape 'bad'" in caught.value.message
    assert fragment in caught.value.message
    assert str(caught.value.source) == "deck/shapes.yaml"


def test_deck_shapes_add_to_and_replace_the_template(shapes: ShapeLibrary) -> None:
    deck = ShapeLibrary.from_mapping(
        {
            "circle": {"ellipse": {"cx": 0.5, "cy": 0.5, "rx": 0.5, "ry": 0.25}},
            "moon": {"circle": {"cx": 0.5, "cy": 0.5, "r": 0.4}},
        },
        Path("deck.yaml"),
    )
    both = shapes.merged(deck)
    assert both.names() == [*SHIPPED, "moon"]
    assert extent(both.outline("circle", 0, 0, 100, 100)) == pytest.approx((0, 25, 100, 75))
    assert shapes.outline("circle", 0, 0, 100, 100) != both.outline("circle", 0, 0, 100, 100)


PATTERNS = [
    "none",
    "stripes",
    "backslash",
    "horizontal",
    "vertical",
    "crosshatch",
    "grid",
    "dots",
    "dense-dots",
]


def marks(items: tuple[object, ...]) -> list[tuple[float, float]]:
    """Points where a pattern puts ink: along its lines, or its dots' centres (a dot is a
    zero-length line whose round caps draw it)."""
    points: list[tuple[float, float]] = []
    for item in items:
        assert isinstance(item, DrawnPath)
        assert item.paint.stroke == INK and item.paint.fill is None
        assert item.paint.stroke_width > 0
        for start, end in itertools.pairwise(item.ops):
            if start[0] == "M" and end[0] == "L":
                points += [
                    (
                        start[1] + (end[1] - start[1]) * k / 400,
                        start[2] + (end[2] - start[2]) * k / 400,
                    )
                    for k in range(401)
                ]
    return points


def test_ships_the_patterns(patterns: PatternLibrary) -> None:
    assert set(PATTERNS) <= set(patterns.names())
    assert patterns.strokes("none", (0, 0, 50, 50), BLACK) == ()


@pytest.mark.parametrize("name", [p for p in PATTERNS if p != "none"])
def test_pattern_covers_every_quadrant(patterns: PatternLibrary, name: str) -> None:
    x, y, w, h = 30.0, -12.0, 60.0, 40.0
    points = marks(patterns.strokes(name, (x, y, w, h), INK))
    for qx, qy in itertools.product((x, x + w / 2), (y, y + h / 2)):
        assert any(qx < px < qx + w / 2 and qy < py < qy + h / 2 for px, py in points), (qx, qy)


def test_dots_print_as_round_dots_of_their_diameter(patterns: PatternLibrary) -> None:
    """A dot is a zero-length line with a round cap as wide as the dot: pdfium paints a
    solid disc at every centre (not a ring), of the dot's radius, paper between neighbours
    and outside the clip; the SVG asks for the same round caps."""
    x, y, w, h = 20.0, 30.0, 60.0, 50.0
    (dots,) = patterns.strokes("dots", (x, y, w, h), BLACK)
    assert isinstance(dots, DrawnPath) and dots.paint.cap == "round"
    radius = dots.paint.stroke_width / 2
    box = (("M", x, y), ("L", x + w, y), ("L", x + w, y + h), ("L", x, y + h), ("Z",))
    page = Page(100.0, 110.0, (Group((dots,), clip=box),))
    document = Document("dots", [page])
    out = io.BytesIO()
    write_pdf(document, out)
    scale = 4.0  # 288 dpi: a 1.5 pt dot is 6 pixels across its radius
    image = pdfium.PdfDocument(out.getvalue())[0].render(scale=scale).to_pil().convert("L")

    def ink(px: float, py: float) -> int:
        return 255 - image.getpixel((int(px * scale), int((page.height - py) * scale)))

    centres = [op[1:] for op in dots.ops if op[0] == "M"]
    inside = [
        (cx, cy)
        for cx, cy in centres
        if x + 2 * radius < cx < x + w - 2 * radius and y + 2 * radius < cy < y + h - 2 * radius
    ]
    assert len(inside) > 50
    for cx, cy in inside:
        assert min(ink(cx, cy), ink(cx + 0.7 * radius, cy), ink(cx, cy - 0.7 * radius)) > 200
        assert ink(cx + 1.3 * radius, cy) < 40 and ink(cx, cy + 1.3 * radius) < 40
    assert max(ink(x - radius, cy) for _, cy in inside) < 40  # clipped off outside the box
    svg = page_svg(document, page)
    assert svg.count('stroke-linecap="round"') == 1
    assert f'stroke-width="{dots.paint.stroke_width:g}' in svg


def test_patterns_differ_from_each_other(patterns: PatternLibrary) -> None:
    drawn = [patterns.strokes(name, (0, 0, 40, 40), BLACK) for name in patterns.names()]
    for a, b in itertools.combinations(drawn, 2):
        assert a != b


def _offsets(path: DrawnPath) -> set[float]:
    """Each line's signed distance from the origin (M x y L x y pairs)."""
    starts = [op for op in path.ops if op[0] == "M"]
    ends = [op for op in path.ops if op[0] == "L"]
    return {
        round((m[1] * e[2] - m[2] * e[1]) / math.dist(m[1:], e[1:]), 6)
        for m, e in zip(starts, ends, strict=True)
    }


@pytest.mark.parametrize("name", ["crosshatch", "stripes", "dots"])
def test_a_pattern_keeps_its_place_when_its_box_grows(patterns: PatternLibrary, name: str) -> None:
    """Patterns are anchored at the drawing's origin, not their box: drawn over a box grown
    by a bleed, every line (or dot) of the card's own box is still there, so a back's
    overrun past the card continues its pattern without a seam."""
    card = patterns.strokes(name, (0, 0, 180, 252), BLACK)
    bled = patterns.strokes(name, (-5.67, -5.67, 191.34, 263.34), BLACK)
    for a, b in zip(card, bled, strict=True):
        assert isinstance(a, DrawnPath) and isinstance(b, DrawnPath)
        if a.paint.cap == "round":  # dots: each centre of the card's is among the bled ones
            found = {(round(op[1], 6), round(op[2], 6)) for op in b.ops if op[0] == "M"}
            assert {(round(op[1], 6), round(op[2], 6)) for op in a.ops if op[0] == "M"} <= found
            assert len(found) > len(a.ops) // 2
        else:  # lines: each line of the card's lies on one of the bled ones
            assert _offsets(a) <= _offsets(b) and len(_offsets(b)) > len(_offsets(a))


@pytest.mark.parametrize(
    ("definition", "fragment"),
    [
        ({"lines": {"angle": 45, "spacing": 3, "width": "1pt"}}, "lines.spacing"),
        ({"lines": {"angle": 45, "spacing": "3pt", "width": "3pt"}}, "smaller than spacing"),
        ({"dots": {"spacing": "2mm", "radius": "1mm"}}, "smaller than spacing"),
        ({"dots": {"spacing": "2mm"}}, "missing key 'dots.radius'"),
        ({"hatch": {"angle": 45}}, "unknown key 'hatch'"),
        (
            [{"lines": {"angle": 0, "spacing": "3pt", "width": "1pt", "colour": "red"}}],
            "unknown key '[0].lines.colour'",
        ),
        ("stripes", "expected a mapping or a list"),
    ],
)
def test_bad_pattern_names_the_pattern_and_the_mistake(definition: object, fragment: str) -> None:
    with pytest.raises(UserError) as caught:
        PatternLibrary.from_mapping({"bad": definition}, Path("deck/patterns.yaml"))
    assert "pattern 'bad'" in caught.value.message
    assert fragment in caught.value.message
