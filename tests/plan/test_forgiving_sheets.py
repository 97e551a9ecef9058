"""Home sheets that forgive: backs (and faces with a background) run past the grid's outer
edges, every cut line has a guide (cut marks or a visible trim line), and no ruler tick
stands where it could be taken for a cut mark. Asked of the plan and of rendered pixels."""

from __future__ import annotations

import math
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageStat
from pypdf import PdfReader

from shapes_print.geometry.primitives import RGB, WHITE, Artifact, Group, Item, Line, Paint, Rect
from shapes_print.pipeline import pipeline
from shapes_print.plan.cardsheets import CardGeometry, CardSheets, Duplex, sheet_pages
from shapes_print.plan.imposition import Grid, cut_guides
from shapes_print.units import mm
from tests.pdfread import placements, text

PROJECT = pipeline.load_project(pipeline.Sources(), ["pass-and-pick", "collect-3"])
LIBRARY = PROJECT.library
FURNITURE = PROJECT.ctx.style.furniture
SIZES = dict(LIBRARY.card_sizes)
PAPERS = dict(LIBRARY.papers)
POKER = LIBRARY.templates["poker"]
OVERRUN = LIBRARY.printing.overrun
SCALE = 150 / 72
TOL = 1e-6
PDF_TOL = 0.01  # a PDF writes its numbers to a few decimals
SHAPES_CONTRAST = 3.0  # labels/standard.yaml: shapes and marks 3:1 (WCAG 1.4.11)


def build(out: Path, game: str, paper: str) -> Path:
    pipeline.build(pipeline.Sources(), [game], pipeline.BuildOptions("4", paper), out)
    return out / game / paper / "4-players"


@pytest.fixture(scope="module")
def kits(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], Path]:
    out = tmp_path_factory.mktemp("forgiving")
    return {
        (game, paper): build(out, game, paper)
        for game, paper in (
            ("pass-and-pick", "a4"),
            ("pass-and-pick", "letter"),
            ("collect-3", "a4"),
        )
    }


def _render(path: Path, index: int) -> Image.Image:
    return pdfium.PdfDocument(path)[index].render(scale=SCALE).to_pil().convert("RGB")


def _strip_mean(image: Image.Image, page_h: float, box: tuple[float, ...]) -> tuple[float, ...]:
    """The mean colour of a box (left, bottom, right, top in PDF points)."""
    left, bottom, right, top = box
    crop = (
        round(left * SCALE),
        round((page_h - top) * SCALE),
        round(right * SCALE),
        round((page_h - bottom) * SCALE),
    )
    return tuple(ImageStat.Stat(image.crop(crop)).mean)


def _grid(paper: str) -> Grid:
    font = PROJECT.ctx.fonts.regular
    sheets = CardSheets(_geometry("poker"), PAPERS[paper], FURNITURE, font, Duplex())
    pages = sheet_pages([("f", "b")], sheets, "x")
    return pages.grid


def _geometry(size: str) -> CardGeometry:
    cut = Paint(stroke=RGB.parse("#FF0000"))
    return CardGeometry(*SIZES[size], POKER.corner_radius, POKER.trim_line, cut, OVERRUN)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_back_page_runs_two_millimetres_past_the_grid_where_the_margin_allows(
    kits: dict[tuple[str, str], Path], paper: str
) -> None:
    """Beside its face page, the back page is back colour 1.5 mm outside the grid's edges
    (where the margin leaves room outside the safe band), and paper-white beyond 2 mm."""
    assert pytest.approx(mm(2)) == OVERRUN
    path = kits[("pass-and-pick", paper)] / f"pass-and-pick_4p_{paper}_cards.pdf"
    grid = _grid(paper)
    face, back = _render(path, 0), _render(path, 1)
    inside = _strip_mean(back, grid.page_h, (grid.left + mm(5), grid.bottom + mm(5),
                                              grid.left + mm(40), grid.bottom + mm(40)))  # fmt: skip
    mid_x, mid_y = (grid.left + grid.right) / 2, (grid.bottom + grid.top) / 2
    half = mm(0.25)
    # Each outer edge, 1.5 mm out (and 2.5 mm out, past the overrun), along a 40 mm stretch.
    edges = {
        "left": lambda d: (grid.left - d - half, mid_y - mm(20), grid.left - d + half, mid_y + mm(20)),
        "right": lambda d: (grid.right + d - half, mid_y - mm(20), grid.right + d + half, mid_y + mm(20)),
        "bottom": lambda d: (mid_x - mm(20), grid.bottom - d - half, mid_x + mm(20), grid.bottom - d + half),
        "top": lambda d: (mid_x - mm(20), grid.top + d - half, mid_x + mm(20), grid.top + d + half),
    }  # fmt: skip
    margins = {
        "left": grid.left,
        "right": grid.page_w - grid.right,
        "bottom": grid.bottom,
        "top": grid.page_h - grid.top,
    }
    for edge, box in edges.items():
        room = margins[edge] - FURNITURE.safe_margin
        near, far = (
            _strip_mean(back, grid.page_h, box(mm(1.5))),
            _strip_mean(back, grid.page_h, box(mm(2.5))),
        )
        if room >= OVERRUN - TOL:  # A4 all round, Letter's sides
            assert max(abs(a - b) for a, b in zip(near, inside, strict=True)) < 12, (paper, edge)
            assert min(far) > 250, (paper, edge)  # the overrun stops at 2 mm
        else:  # Letter's top and bottom: the margin is the safe band, nothing prints there
            assert room < TOL and min(near) > 250, (paper, edge)
        # The face page's white card faces run on too, and its margin stays white there.
        assert min(_strip_mean(face, grid.page_h, box(mm(1.5)))) > 245, (paper, edge)


def test_each_collect_3_back_runs_on_in_its_own_colour(kits: dict[tuple[str, str], Path]) -> None:
    """Collect 3's three back designs: past the grid, each back's overrun (a strip 0.5 to
    2 mm out) is its own design's colour, nearer to it than to any other back's, even where
    the neighbour's design differs."""
    path = kits[("collect-3", "a4")] / "collect-3_4p_a4_cards.pdf"
    reader = PdfReader(path)
    card_w, card_h = SIZES["poker"]
    grid = _grid("a4")
    document = pdfium.PdfDocument(path)
    looks: dict[str, tuple[float, ...]] = {}  # each design's mean colour, inside a card
    strips: list[tuple[str, tuple[float, ...]]] = []
    for index in range(1, len(reader.pages), 2):
        image = document[index].render(scale=SCALE).to_pil().convert("RGB")
        for back in placements(reader.pages[index], reader):
            x, y, right, top = back.x, back.y, back.x + card_w, back.y + card_h
            looks.setdefault(
                back.name,
                _strip_mean(
                    image, grid.page_h, (x + mm(5), top - mm(15), right - mm(5), top - mm(3))
                ),
            )
            outside = []
            if abs(x - grid.left) < PDF_TOL:
                outside.append((x - mm(2), y + mm(5), x - mm(0.5), top - mm(5)))
            if abs(right - grid.right) < PDF_TOL:
                outside.append((right + mm(0.5), y + mm(5), right + mm(2), top - mm(5)))
            if abs(top - grid.top) < PDF_TOL:
                outside.append((x + mm(5), top + mm(0.5), right - mm(5), top + mm(2)))
            if abs(y - grid.bottom) < PDF_TOL:
                outside.append((x + mm(5), y - mm(2), right - mm(5), y - mm(0.5)))
            strips += [(back.name, _strip_mean(image, grid.page_h, box)) for box in outside]
    assert len(looks) == 3 and len(strips) > 20

    def far(a: tuple[float, ...], b: tuple[float, ...]) -> float:
        return max(abs(p - q) for p, q in zip(a, b, strict=True))

    for name, mean in strips:
        nearest = min(looks, key=lambda design: far(mean, looks[design]))
        assert nearest == name and far(mean, looks[name]) < 40, (name, mean, looks)


def _distance(a: Line, b: Line) -> float:
    """The least distance between two axis-aligned segments."""
    ax, bx = sorted((a.x1, a.x2)), sorted((b.x1, b.x2))
    ay, by = sorted((a.y1, a.y2)), sorted((b.y1, b.y2))
    dx = max(0.0, bx[0] - ax[1], ax[0] - bx[1])
    dy = max(0.0, by[0] - ay[1], ay[0] - by[1])
    return math.hypot(dx, dy)


def _page_lines(
    items: tuple[Item, ...], dx: float = 0, dy: float = 0, turn: bool = False
) -> list[Line]:
    """Every line among the items, in page coordinates (furniture turns by 90 degrees only)."""
    found: list[Line] = []
    for item in items:
        if isinstance(item, Line):
            points = [(item.x1, item.y1), (item.x2, item.y2)]
            placed = [(dx - y, dy + x) if turn else (dx + x, dy + y) for x, y in points]
            found.append(Line(*placed[0], *placed[1], item.colour, item.width))
        elif isinstance(item, Group):
            assert item.angle in (0, 90) and item.scale == 1.0
            found += _page_lines(item.items, dx + item.dx, dy + item.dy, turn or item.angle == 90)
        elif isinstance(item, Artifact):
            found += _page_lines(item.items, dx, dy, turn)
    return found


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("size", SIZES)
def test_every_cut_line_has_its_guide_and_no_ruler_tick_looks_like_a_mark(
    size: str, paper: str
) -> None:
    """Each grid line in each direction has a cut mark of at least 2 mm between the trim and
    the 6.35 mm safe band, or, where no mark fits, the face sheet's trim line (as visible
    as a shape must be: the label set's 3:1 against white, at least 0.5 pt); the guide's
    cutting step says so; and the ruler's ticks keep `mark_clearance` from every cut mark."""
    font = PROJECT.ctx.fonts.regular
    geometry = _geometry(size)
    sheets = CardSheets(geometry, PAPERS[paper], FURNITURE, font, Duplex())
    pages = sheet_pages([("f", "b")] * 40, sheets, "x")
    grid, face = pages.grid, pages[0]
    safe = FURNITURE.safe_margin
    guides = cut_guides(grid, FURNITURE)
    xs = [grid.left + i * grid.card_w for i in range(grid.columns + 1)]
    ys = [grid.bottom + j * grid.card_h for j in range(grid.rows + 1)]

    def marked(at: float, vertical: bool) -> bool:
        for mark in guides.marks:
            along = (mark.x1, mark.x2) if vertical else (mark.y1, mark.y2)
            across = (mark.y1, mark.y2) if vertical else (mark.x1, mark.x2)
            page = grid.page_h if vertical else grid.page_w
            if abs(along[0] - at) < TOL and abs(along[1] - at) < TOL:
                assert all(safe - TOL <= v <= page - safe + TOL for v in across)
                assert abs(across[1] - across[0]) >= FURNITURE.mark_min_length - TOL
                return True
        return False

    columns = all(marked(x, True) for x in xs)
    rows = all(marked(y, False) for y in ys)
    assert (guides.columns_marked, guides.rows_marked) == (columns, rows)
    if not (columns and rows):
        trim = POKER.trim_line
        assert trim is not None and trim.width >= 0.5 - TOL
        assert trim.colour.contrast(WHITE) >= SHAPES_CONTRAST
        outlines = [r for item in face.items if isinstance(item, Artifact) and item.kind == "Layout"
                    for g in item.items if isinstance(g, Group)
                    for r in g.items if isinstance(r, Rect)]  # fmt: skip
        assert len(outlines) == grid.slots and all(r.paint.stroke == trim.colour for r in outlines)
        assert pages.cutting == "unmarked"
    else:
        assert pages.cutting == "marked"
    if paper == "a4" and size == "poker":
        assert columns and rows  # A4's 9.75 mm sides hold marks now
    if paper == "letter" and size == "poker":
        assert rows and not columns  # Letter's top and bottom are the safe band itself
    # Furniture lines (ruler and inch ticks) keep their distance from every cut mark.
    furniture = [
        item for item in face.items if isinstance(item, Artifact) and item.kind == "Pagination"
    ]
    ticks = _page_lines(tuple(furniture))
    assert ticks
    for tick in ticks:
        for mark in guides.marks:
            assert _distance(tick, mark) >= FURNITURE.mark_clearance - TOL, (tick, mark)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_guide_names_the_trim_line_where_cuts_have_no_marks(
    kits: dict[tuple[str, str], Path], paper: str
) -> None:
    words = " ".join(
        text(kits[("pass-and-pick", paper)] / f"pass-and-pick_4p_{paper}_printing-guide.pdf")
    )
    words = " ".join(words.split())
    cutting = LIBRARY.printing.cutting
    expected = cutting["unmarked" if paper == "letter" else "marked"]
    assert " ".join(expected.split()) in words
