"""Print-shop kits built for one question each: Collect 3's task and mini cards, high
contrast's black areas, the black plate's greys, the same bytes whatever came before, the
Spanish guide's bleed, and shop options out of place."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from shapes_print.buildcache import BuildCache
from shapes_print.commands.cli import main
from shapes_print.geometry.primitives import RGB, Document, Press
from shapes_print.load.options import PrintOptions
from shapes_print.pipeline import pipeline
from shapes_print.render.pdf import write_pdf
from shapes_print.render.pdf.colour import colour_space
from tests import finestchecks, printshopchecks
from tests.command_lines import one_kit
from tests.pdfread import text
from tests.pdfxread import PROFILE


def test_print_shop_task_cards_say_their_example_in_words(tmp_path: Path) -> None:
    """Collect 3's Task cards show their example as cards at home; a press gets its words."""
    asked = pipeline.BuildOptions("4", "a4", "long", PrintOptions(print_shop=True))
    pipeline.build(pipeline.Sources(), ["collect-3"], asked, tmp_path)
    folder = tmp_path / "collect-3" / "a4" / "4-players"
    fronts = folder / "collect-3_4p_a4_task-cards-print-shop-fronts.pdf"
    for path in sorted(folder.glob("*.pdf")):
        assert finestchecks.thin_line_problems(path) == [], path.name
        assert finestchecks.small_text_problems(path) == [], path.name
        assert printshopchecks.pdfx_problems(path) == [], path.name
    first = text(fronts)[0]
    assert "TASK 1" in first and "Red 2, Red 4, Red 5" in first


def test_collect_3s_action_note_wraps_on_a_mini_print_shop_card(tmp_path: Path) -> None:
    """On a mini card "ACTION CARD: place face up in front of you" would shrink to 4 pt on
    one line; it wraps onto two at 5 pt or more, so a press gets no word under 5 pt."""
    shop = PrintOptions(print_shop=True, card_size="mini")
    pipeline.build(
        pipeline.Sources(), ["collect-3"], pipeline.BuildOptions("4", "a4", "long", shop), tmp_path
    )
    cards = tmp_path / "collect-3/mini/a4/4-players/collect-3_4p_a4_mini_cards-print-shop.pdf"
    assert finestchecks.small_text_problems(cards) == []
    assert "ACTION CARD: place face up in" in " ".join(text(cards))


def test_black_areas_print_in_black_ink_alone_under_knocked_out_words(tmp_path: Path) -> None:
    """Shapes the Game in high contrast: the Stop Turn card's black octagon and the black
    back whose white title is knocked out of it. As separated for the press, each is black
    ink alone: no cyan, magenta or yellow to show round the white words when plates slip."""
    asked = ("--labels", "high-contrast", "--print-shop", "--cards", "stop-turn")
    assert main(one_kit("shapes-the-game", tmp_path, *asked)) == 0
    kit = tmp_path / "shapes-the-game" / "high-contrast" / "a4" / "4-players-part"
    path = kit / "shapes-the-game_4p_a4_high-contrast_cards-print-shop.pdf"
    assert "STOP TURN" in text(path)[0]
    face, back = printshopchecks.separations(path)[:2]
    octagon = printshopchecks.solid_black(face).histogram()[255]
    assert octagon > 1000  # the octagon, some 65 pt across, and the black words
    page = back["Black"].width * back["Black"].height
    assert back["Black"].histogram()[255] > page / 2  # the back is black ink, at full
    assert back["Black"].histogram()[0] > 100  # but for its white title
    for plates in (face, back):
        for plate in printshopchecks.PLATES[:3]:
            assert plates[plate].getextrema() == (0, 0), plate
    assert printshopchecks.rich_black_problems(path) == []


@pytest.mark.parametrize(
    ("extra", "error"),
    [
        (["--format", "png"], "--format: png pictures are one per card side for a print service"),
        (["--bleed", "0.125in"], "--bleed: the bleed is for print-shop pages"),
        (["--print-shop", "--bleed", "-1mm"], "--bleed: a bleed cannot be negative, got '-1mm'"),
        (["--print-shop", "--bleed", "1in"], "--bleed: a bleed of '1in' is over the 0.5 in"),
        (["--print-shop", "--bleed", "3"], "--bleed: expected a length such as '63.5mm'"),
    ],
)
def test_shop_options_out_of_place_are_one_clear_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: list[str], error: str
) -> None:
    out = tmp_path / "out"
    assert main(one_kit("pass-and-pick", out, *extra)) == 2
    lines = capsys.readouterr().err.splitlines()
    assert lines[0].startswith(error) and len(lines) == 1
    assert not out.exists()


def test_black_and_grey_print_on_the_black_plate_alone_lines_and_areas_alike() -> None:
    """A grey line, word or area prints on the black plate alone, darker greys with more
    ink, white with none; a black area too: the profile's own black (C75 M63 Y58 K97, 293%
    of ink) would fringe the white words knocked out of it wherever the plates slip."""
    press = Press("PDF/X-4", PROFILE, "CGATS TR 006", "GRACoL", "http://www.color.org")
    space = colour_space(press)
    for paint in (space.stroke, space.fill):
        blacks = []
        for grey in ("#FFFFFF", "#B0B0B0", "#808080", "#555555", "#3A3A3A", "#000000"):
            operator = paint(RGB.parse(grey))
            cyan, magenta, yellow, black = (float(part) for part in operator.split()[:4])
            assert (cyan, magenta, yellow) == (0, 0, 0), (grey, operator)
            blacks.append(black)
        assert blacks == sorted(blacks) and blacks[0] == 0 and blacks[-1] == 1
        assert 0.4 < blacks[2] < 0.65  # mid grey: about half black ink
    assert space.fill(RGB.parse("#000000")) == space.overprinted == "0 0 0 1 k"
    assert space.stroke(RGB.parse("#000000")) == "0 0 0 1 K"


def test_a_file_is_the_same_bytes_whatever_the_process_drew_before_it() -> None:
    """A backs-only file starts with a back (a pattern and a title): drawn first in a
    worker or after the interleaved file in the same process, its fonts and forms are
    numbered alike, so --jobs never changes a byte."""
    project = pipeline.load_project(pipeline.Sources(), ["pass-and-pick"])
    ((_, _, files),) = pipeline.plan_all(project, "4", "a4", "long", PrintOptions(print_shop=True))
    by_name = {kit_file.name.rsplit("_", 1)[-1]: kit_file.document for kit_file in files}
    backs, both = by_name["cards-print-shop-backs"], by_name["cards-print-shop"]

    def written(document: Document, cache: BuildCache) -> bytes:
        buffer = io.BytesIO()
        write_pdf(document, buffer, cache=cache)
        return buffer.getvalue()

    alone = written(backs, BuildCache())
    build = BuildCache()
    written(both, build)
    assert written(backs, build) == alone


def test_the_spanish_guide_says_the_bleed_in_millimetres_with_a_decimal_comma(
    tmp_path: Path,
) -> None:
    """Spanish readers measure in millimetres and write a decimal comma (Babel's es)."""
    asked = pipeline.BuildOptions("4", "letter", "long", PrintOptions(print_shop=True, bleed=9.0))
    pipeline.build(pipeline.Sources(), ["pass-and-pick"], asked, tmp_path, labels=["es"])
    folder = tmp_path / "pass-and-pick" / "es" / "letter" / "4-players"
    guide = " ".join(
        " ".join(text(folder / "pass-and-pick_4p_letter_es_printing-guide.pdf")).split()
    )
    assert "cada página es una carta con 3,175 mm de sangrado" in guide
    assert "Cómo imprimir Formas: pase y elija (4 jugadores, carta)" in guide
    assert "3.175" not in guide and "0,125" not in guide  # no inches, no decimal point
    assert len(PdfReader(folder / "pass-and-pick_4p_letter_es_printing-guide.pdf").pages) == 1
