"""Card sheets for every card size and paper: the grid, marks, furniture and duplex backs.

Plan-level questions ("is the back of slot 4 at the mirrored place?") are asked of the plan;
"does anything print in the printer's dead zone?" is asked of rendered pixels.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from shapes_print.errors import UserError
from shapes_print.geometry.primitives import (
    BLACK,
    RGB,
    Document,
    Line,
    Page,
    Paint,
    Rect,
    Symbol,
    Use,
)
from shapes_print.load.printmodels import Furniture
from shapes_print.pipeline import pipeline
from shapes_print.plan.cardsheets import CardGeometry, CardSheets, Duplex, sheet_grid, sheet_pages
from shapes_print.plan.imposition import Grid, cut_guides, fit_grid
from shapes_print.render.pdf import write_pdf
from shapes_print.units import mm
from tests.planboxes import cut_marks

PROJECT = pipeline.load_project(pipeline.Sources(), ["pass-and-pick"])
LIBRARY = PROJECT.library
FURNITURE = PROJECT.ctx.style.furniture
SIZES = dict(LIBRARY.card_sizes)
PAPERS = dict(LIBRARY.papers)
TOL = 1e-6


def test_every_size_and_paper_of_the_issue_is_in_the_templates() -> None:
    assert SIZES["poker"] == pytest.approx((mm(63.5), mm(88.9)))
    assert SIZES["bridge"] == pytest.approx((mm(57.15), mm(88.9)))
    assert SIZES["mini"] == pytest.approx((mm(44), mm(63)))
    assert SIZES["tarot"] == pytest.approx((mm(70), mm(120)))
    assert SIZES["square"] == pytest.approx((mm(70), mm(70)))
    assert PAPERS["a4"] == pytest.approx((595.276, 841.890), abs=1e-3)
    assert PAPERS["letter"] == pytest.approx((612, 792))
    assert PAPERS["a3"] == pytest.approx((mm(297), mm(420)))
    assert PAPERS["tabloid"] == pytest.approx((792, 1224))
    assert PAPERS["legal"] == pytest.approx((612, 1008))


def _acceptable(grid: Grid, f: Furniture, trimmed: bool) -> bool:
    """Cards inside the safe margin, every mark inside it, and every cut line marked
    (unless the cards carry a trim line): judged from the marks actually drawn."""
    safe = f.safe_margin
    inside = (
        grid.left >= safe - TOL
        and grid.bottom >= safe - TOL
        and grid.right <= grid.page_w - safe + TOL
        and grid.top <= grid.page_h - safe + TOL
    )
    if not inside:
        return False
    marks = cut_guides(grid, f).marks
    for mark in marks:
        for x, y in ((mark.x1, mark.y1), (mark.x2, mark.y2)):
            assert safe - TOL <= x <= grid.page_w - safe + TOL
            assert safe - TOL <= y <= grid.page_h - safe + TOL
    if trimmed:
        return True
    xs = [grid.left + i * grid.card_w for i in range(grid.columns + 1)]
    ys = [grid.bottom + j * grid.card_h for j in range(grid.rows + 1)]
    marked_x = {round(m.x1, 6) for m in marks if abs(m.x1 - m.x2) < TOL}
    marked_y = {round(m.y1, 6) for m in marks if abs(m.y1 - m.y2) < TOL}
    return {round(x, 6) for x in xs} <= marked_x and {round(y, 6) for y in ys} <= marked_y


@pytest.mark.parametrize("trimmed", [True, False], ids=["trim-line", "marks-only"])
@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("size", SIZES)
def test_grid_is_the_largest_that_keeps_marks_inside_the_margin(
    size: str, paper: str, trimmed: bool
) -> None:
    card_w, card_h = SIZES[size]
    page_w, page_h = PAPERS[paper]
    grid = fit_grid(page_w, page_h, card_w, card_h, FURNITURE, trimmed)
    assert _acceptable(grid, FURNITURE, trimmed)
    assert grid.left == pytest.approx(grid.page_w - grid.right)  # centred
    assert grid.bottom == pytest.approx(grid.page_h - grid.top)
    for width, height in ((page_w, page_h), (page_h, page_w)):
        for columns, rows in itertools.product(range(1, 30), repeat=2):
            bigger = columns * rows > grid.slots
            # Landscape is taken only when it holds more than any portrait grid.
            tie = columns * rows == grid.slots and grid.page_w > grid.page_h and width < height
            if bigger or tie:
                candidate = Grid(width, height, card_w, card_h, columns, rows)
                assert not _acceptable(candidate, FURNITURE, trimmed), (
                    columns,
                    rows,
                    width > height,
                )


def test_letter_poker_is_three_by_three_with_marks_on_the_sides_only() -> None:
    grid = fit_grid(*PAPERS["letter"], *SIZES["poker"], FURNITURE, trimmed=True)
    assert (grid.columns, grid.rows, grid.page_w < grid.page_h) == (3, 3, True)
    marks = cut_guides(grid, FURNITURE).marks
    assert marks and all(abs(m.y1 - m.y2) < TOL for m in marks)  # horizontal: side margins
    # Without a trim line the top and bottom cut lines would be unmarked, so fewer rows fit.
    assert fit_grid(*PAPERS["letter"], *SIZES["poker"], FURNITURE, trimmed=False).slots < 9


def test_mini_cards_turn_a4_landscape_because_it_holds_more() -> None:
    grid = fit_grid(*PAPERS["a4"], *SIZES["mini"], FURNITURE, trimmed=True)
    assert grid.page_w > grid.page_h
    assert (grid.columns, grid.rows) == (6, 3)  # 18, against 4 x 4 = 16 portrait


def test_a_card_too_big_for_the_paper_says_what_would_fit() -> None:
    with pytest.raises(UserError) as caught:
        fit_grid(mm(100), mm(120), *SIZES["tarot"], FURNITURE, trimmed=True)
    message = caught.value.message
    assert "70.0 x 120.0 mm card does not fit on 100.0 x 120.0 mm paper" in message
    assert "fits cards up to 87.3 x 107.3 mm" in message
    assert "needs paper of at least 82.7 x 132.7 mm" in message


def _geometry(size: str) -> CardGeometry:
    template = LIBRARY.templates["poker"]
    cut = Paint(stroke=RGB.parse("#FF0000"))
    return CardGeometry(*SIZES[size], template.corner_radius, template.trim_line, cut)


ORDER = [("face-a", "back-a")] * 20


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("size", SIZES)
def test_sheet_grid_leaves_room_for_the_furniture_and_nothing_prints_in_the_dead_zone(
    size: str, paper: str, tmp_path: Path
) -> None:
    font = PROJECT.ctx.fonts.regular
    plain = CardSheets(_geometry(size), PAPERS[paper], FURNITURE, font, Duplex())
    placed = sheet_grid(plain, "Print at 100%")
    assert len(placed.furniture) == 3  # ruler, inch check, print line
    fitted = fit_grid(*PAPERS[paper], *SIZES[size], FURNITURE, trimmed=True)
    assert placed.grid.slots <= fitted.slots
    # Pixels: a face sheet full of solid black cards; the outer 6.35 mm stays paper-white.
    geometry = _geometry(size)
    sheets = CardSheets(geometry, PAPERS[paper], FURNITURE, font, Duplex())
    pages = sheet_pages(ORDER, sheets, "Print at 100%")
    page = pages[0]
    card = Symbol("face-a", *SIZES[size], (Rect(0, 0, *SIZES[size], Paint(fill=BLACK)),))
    back = Symbol("back-a", *SIZES[size], ())
    path = tmp_path / "sheet.pdf"
    with path.open("wb") as handle:
        write_pdf(Document("t", [page], {"face-a": card, "back-a": back}), handle)
    scale = 2.0
    image = pdfium.PdfDocument(path)[0].render(scale=scale, grayscale=True).to_pil()
    band = int(FURNITURE.safe_margin * scale) - 1
    w, h = image.size
    for box in ((0, 0, w, band), (0, h - band, w, h), (0, 0, band, h), (w - band, 0, w, h)):
        assert image.crop(box).getextrema()[0] >= 250, (size, paper, box)
    assert image.getextrema()[0] < 10  # the cards themselves did print


def _flat(points: list[tuple[float, float]]) -> list[float]:
    return [value for point in points for value in point]


def _uses(page: Page) -> list[tuple[str, float, float]]:
    return [(i.symbol, i.x, i.y) for i in page.items if isinstance(i, Use)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("flip", ["long", "short"])
def test_backs_mirror_for_the_flip_and_shift_by_the_offset(paper: str, flip: str) -> None:
    font = PROJECT.ctx.fonts.regular
    offset = (mm(1.2), mm(-0.5))
    duplex = Duplex(flip, offset)  # type: ignore[arg-type]
    sheets = CardSheets(_geometry("poker"), PAPERS[paper], FURNITURE, font, duplex)
    pages = sheet_pages(ORDER[:9], sheets, "x")
    face, back = pages
    width, height = face.width, face.height
    card_w, card_h = SIZES["poker"]
    expected = []
    for _, x, y in _uses(face):
        if flip == "long":  # portrait page: turning about the long (vertical) edge mirrors x
            expected.append((width - x - card_w + offset[0], y + offset[1]))
        else:
            expected.append((x + offset[0], height - y - card_h + offset[1]))
    actual = [(x, y) for _, x, y in _uses(back)]
    assert _flat(actual) == pytest.approx(_flat(expected))


def test_on_a_landscape_sheet_the_long_edge_flip_mirrors_y() -> None:
    font = PROJECT.ctx.fonts.regular
    mini, a4 = _geometry("mini"), PAPERS["a4"]
    face, back = sheet_pages(ORDER[:18], CardSheets(mini, a4, FURNITURE, font, Duplex("long")), "x")
    assert face.width > face.height
    card_h = SIZES["mini"][1]
    uses = _uses(face)
    assert len({y for _, _, y in uses}) == 3
    expected = [(x, face.height - y - card_h) for _, x, y in uses]
    assert _flat([(x, y) for _, x, y in _uses(back)]) == pytest.approx(_flat(expected))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_last_sheet_marks_the_cut_lines_of_its_own_rows_alone(paper: str) -> None:
    """Five cards on a 3 x 3 sheet fill two rows: the cut lines round them are marked at the
    sides, above the sheet as a full sheet's are, and under the second row (even on Letter,
    whose bottom margin has no room for marks: there is room under a row); the empty third
    row's are not."""
    font = PROJECT.ctx.fonts.regular
    sheets = CardSheets(_geometry("poker"), PAPERS[paper], FURNITURE, font, Duplex())
    full, _, last, _ = sheet_pages(ORDER[:14], sheets, "x")
    card_h = SIZES["poker"][1]
    top = max(y for _, _, y in _uses(full)) + card_h
    rows = [top - row * card_h for row in range(4)]  # the edges of the grid's three rows

    def across(page: Page) -> set[float]:  # where the side marks cut across
        return {round(m.y1, 3) for m in cut_marks(page) if abs(m.y1 - m.y2) < TOL}

    def down(page: Page) -> list[Line]:
        return [m for m in cut_marks(page) if abs(m.x1 - m.x2) < TOL]

    assert across(full) == {round(y, 3) for y in rows}
    assert across(last) == {round(y, 3) for y in rows[:3]}
    assert [m for m in down(last) if m.y1 > rows[0]] == [m for m in down(full) if m.y1 > rows[0]]
    below = [m for m in down(last) if m.y2 < rows[0]]
    assert len(below) == 4 and all(rows[3] < m.y1 < m.y2 < rows[2] for m in below)
