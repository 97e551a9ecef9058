"""The printer's back offset (`--back-offset`) on card sheets, asked of the plan.

The offset is read on the calibration sheet, an upright page on upright paper: +x to the
right, +y upwards on the back as printed. A landscape page prints turned a quarter, one way
or the other as the printer's driver chooses (docs/printing.md), so no offset read upright
is known to fall on it: with an offset, card sheets stay upright, as the calibration sheet.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from shapes_print.commands.cli import main
from shapes_print.errors import UserError
from shapes_print.geometry.primitives import RGB, Page, Paint, Use
from shapes_print.pipeline import pipeline
from shapes_print.plan.cardsheets import CardGeometry, CardSheets, Duplex, sheet_pages
from shapes_print.units import mm

PROJECT = pipeline.load_project(pipeline.Sources(), ["pass-and-pick"])
LIBRARY = PROJECT.library
FURNITURE = PROJECT.ctx.style.furniture
FONT = PROJECT.ctx.fonts.regular
SIZES = dict(LIBRARY.card_sizes)
PAPERS = dict(LIBRARY.papers)
OFFSET = (mm(1.2), mm(-0.5))
ORDER = [("face-a", "back-a")] * 40


def _geometry(card: tuple[float, float]) -> CardGeometry:
    template = LIBRARY.templates["poker"]
    cut = Paint(stroke=RGB.parse("#FF0000"))
    return CardGeometry(*card, template.corner_radius, template.trim_line, cut)


def _sheet(card: tuple[float, float], paper: str, duplex: Duplex) -> tuple[Page, Page]:
    sheets = CardSheets(_geometry(card), PAPERS[paper], FURNITURE, FONT, duplex)
    face, back, *_ = sheet_pages(ORDER, sheets, "x")
    return face, back


def _places(page: Page) -> list[float]:
    """Where a sheet's cards stand, x and y of each in turn."""
    return [value for item in page.items if isinstance(item, Use) for value in (item.x, item.y)]


# Every shipped size and paper whose sheet, with no offset, turns landscape.
TURNED = [
    (size, paper)
    for paper in PAPERS
    for size in SIZES
    if (sheet := _sheet(SIZES[size], paper, Duplex())[0]).width > sheet.height
]


def test_the_shipped_sizes_that_turn_landscape_are_the_ones_the_tester_found() -> None:
    turned = set(TURNED)
    assert {("mini", "a4"), ("poker", "a3"), ("poker", "legal")} <= turned


@pytest.mark.parametrize("flip", ["long", "short"])
@pytest.mark.parametrize(("size", "paper"), TURNED)
def test_with_an_offset_a_landscape_sheet_stays_upright_and_backs_move_as_read(
    size: str, paper: str, flip: str
) -> None:
    """Each back moves by the offset as read on the upright calibration sheet: right and up
    on the paper, which the upright page's x and y are."""
    face, back = _sheet(SIZES[size], paper, Duplex(flip, OFFSET))  # type: ignore[arg-type]
    assert (face.width, face.height) == (back.width, back.height) == PAPERS[paper]
    _, unshifted = _sheet(SIZES[size], paper, Duplex(flip, (0.0, 0.0)))  # type: ignore[arg-type]
    assert (unshifted.width, unshifted.height) != PAPERS[paper]  # without one it turns
    card_w, card_h = SIZES[size]
    faces = _places(face)
    expected = [
        value
        for x, y in zip(faces[0::2], faces[1::2], strict=True)
        for value in (
            (face.width - x - card_w + OFFSET[0], y + OFFSET[1])
            if flip == "long"  # upright: turning about the long (vertical) edge mirrors x
            else (x + OFFSET[0], face.height - y - card_h + OFFSET[1])
        )
    ]
    assert _places(back) == pytest.approx(expected)


@pytest.mark.parametrize("flip", ["long", "short"])
def test_an_upright_sheet_is_the_same_with_an_offset_but_for_the_backs(flip: str) -> None:
    plain = _sheet(SIZES["poker"], "a4", Duplex(flip))  # type: ignore[arg-type]
    shifted = _sheet(SIZES["poker"], "a4", Duplex(flip, OFFSET))  # type: ignore[arg-type]
    assert shifted[0] == plain[0]
    backs = _places(plain[1])
    moved = [value + OFFSET[index % 2] for index, value in enumerate(backs)]
    assert _places(shifted[1]) == pytest.approx(moved)


def test_a_card_that_fits_only_a_turned_page_refuses_the_offset_in_one_line() -> None:
    wide = (mm(250), mm(100))  # wider than A4 upright, within its 297 mm turned
    face, _ = _sheet(wide, "a4", Duplex())
    assert face.width > face.height
    with pytest.raises(UserError) as caught:
        _sheet(wide, "a4", Duplex("long", OFFSET))
    line = caught.value.line()
    assert line.startswith("--back-offset: a 250.0 x 100.0 mm card fits 210.0 x 297.0 mm")
    assert "\n" not in line and "turned" in line and "calibration sheet" in line


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--back-offset", "900mm,0mm"],
            "--back-offset: an offset of 900.0 mm is more than the 10.0 mm the calibration "
            "sheet measures; print it (shapes-print calibrate) and read the offset from its scales",
        ),
        (
            ["--card-size", "250x100mm", "--back-offset", "1mm,0mm"],
            "--back-offset: a 250.0 x 100.0 mm card fits 210.0 x 297.0 mm paper only on a page "
            "turned to fit it, which a printer turns one way or the other, so an offset read on "
            "the calibration sheet cannot be placed on it: build without --back-offset or on "
            "larger paper",
        ),
    ],
)
def test_an_offsets_mistake_under_a_label_set_names_the_option_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    """The offset is wrong under any label set: the line names no set (it said "(label set
    'es')", as if the Spanish set were at fault)."""
    base = ["build", "pass-and-pick", "--labels", "es", "--players", "4", "--paper", "a4"]
    assert main([*base, *args, "--out", str(tmp_path)]) == 2
    assert capsys.readouterr().err.strip().splitlines()[0] == message
