"""The calibration sheet under a label set: its words, its type sizes and its ink, read back
from the PDF (`shapes-print calibrate --labels`), and `check` counting its words as used."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from shapes_print.commands.cli import main
from shapes_print.errors import UserError
from shapes_print.geometry.primitives import Artifact, Group, Item, Line, Text
from shapes_print.load.defaults import DEFAULT_LABELS
from shapes_print.pipeline import pipeline
from shapes_print.plan.calibrate import LABELS
from tests.labelsets import variant
from tests.pdfread import page_texts, sized_runs
from tests.project_copy import copy_project
from tests.tinygame import DECK, game, sheets

FURNITURE = ("Print at 100% / Actual size", "50 mm: check with a ruler", "1 in")


def calibrate(out: Path, *args: str) -> Path:
    """Run the command as a user would; the one PDF it wrote."""
    assert main(["calibrate", "--out", str(out), *args]) == 0
    (pdf,) = (out / "calibration").rglob("*.pdf")
    return pdf


def flat(items: tuple[Item, ...]) -> list[Item]:
    return [
        leaf
        for item in items
        for leaf in (flat(item.items) if isinstance(item, Group | Artifact) else [item])
    ]


def test_spanish_sheet_is_in_spanish_in_its_own_folder(tmp_path: Path) -> None:
    pdf = calibrate(
        tmp_path,
        "--labels",
        "es",
        "--paper",
        "letter",
        "--flip",
        "short",
        "--back-offset",
        "1.2mm,-0.5mm",
    )
    assert pdf.relative_to(tmp_path) == Path(
        "calibration/es/letter-short/calibration_letter_short.pdf"
    )
    front, back = page_texts(pdf)
    for words in (
        "Calibración a doble cara: carta, girar por el borde corto",
        "Atraviese con un alfiler el centro de cada cruz de esta cara.",
        "lea en las escalas milimétricas por dónde sale cada alfiler",
        # A decimal comma in Spanish; the --back-offset example keeps the command's own 1.2mm.
        "Desplazamiento de la cara trasera en esta impresión: +1,2 mm, -0,5 mm.",
        "p. ej. --back-offset 1.2mm,-0.5mm.",
        "pies de página; a doble cara, girar por el borde corto",  # the print line
        "50 mm: compruébelo con una regla",
    ):
        assert words in front, words
    assert "Cara trasera: lea X en la escala horizontal (+ hacia la derecha)" in back
    assert "Push a pin" not in front and "Back:" not in back


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_large_print_sheet_text_is_at_least_the_sets_least_size(tmp_path: Path, paper: str) -> None:
    least = variant("large-print").ctx.style.min_size
    assert least == 18.0
    pdf = calibrate(tmp_path, "--labels", "large-print", "--paper", paper)
    assert pdf.parent == tmp_path / "calibration" / "large-print" / f"{paper}-long"
    pages = sized_runs(pdf)
    runs = [run for page in pages for run in page if not run.text.startswith(FURNITURE)]
    # Title, every line, the crosshair letters and the scales' numbers.
    assert {"A", "E", "+10", "-10"} <= {run.text for run in runs}
    assert min(run.size for run in runs) >= least, min(runs, key=lambda run: run.size)
    assert any("Duplex calibration" in run.text for run in pages[0])


def test_large_print_words_keep_clear_of_the_centre_crosshair() -> None:
    """Letter is the shortest paper: at 18 pt the front's words go on below the centre
    crosshair, and no centred line crosses its arms (front) or scales (back)."""
    v = variant("large-print")
    width, height = size = v.library.papers["letter"]
    c = v.library.printing.calibration
    front, back = pipeline.plan_calibration(v, "letter", size, "long", (0.0, 0.0)).pages
    for page, reach in ((front, c.arm), (back, c.scale_half_length)):
        lines = [
            item for item in flat(page.items) if isinstance(item, Text) and item.x == width / 2
        ]
        for line in (
            line for line in lines if line.text not in ("+10", "-10")
        ):  # not the scales' own
            top, bottom = line.y + line.size, line.y - line.size * 0.3
            assert bottom > height / 2 + reach or top < height / 2 - reach, line
    assert any(
        item.y < height / 2
        for item in flat(front.items)
        if isinstance(item, Text) and item.x == width / 2
    )


def line_widths(pdf: Path) -> list[set[float]]:
    """Each page's stroke widths, as its `w` operators set them."""
    reader = PdfReader(pdf)
    return [
        {
            float(operands[0])
            for operands, operator in ContentStream(page.get_contents(), reader).operations
            if operator == b"w"
        }
        for page in reader.pages
    ]


def test_the_sheets_proportions_are_print_yamls(tmp_path: Path) -> None:
    """The title's and the numbers' share of the 9 pt text and the crosshairs' line width are
    read from templates/print.yaml: changed in a copy, the PDF prints at the new ones."""
    shipped = calibrate(tmp_path / "shipped")
    edits = [
        ("templates/print.yaml", "title_ratio: 1.4", "title_ratio: 2"),
        ("templates/print.yaml", "number_ratio: 0.8", "number_ratio: 1.2"),
        ("templates/print.yaml", "line_width: 0.3pt", "line_width: 0.7pt"),
    ]
    root = copy_project(tmp_path / "project", edits)
    changed = calibrate(tmp_path / "changed", "--templates", str(root / "templates"))
    for pdf, title_size, number_size, width in (
        (shipped, 12.6, 7.2, 0.3),
        (changed, 18.0, 10.8, 0.7),
    ):
        front, back = sized_runs(pdf)
        assert [run.size for run in front if run.text.startswith("Duplex calibration")] == [
            title_size
        ]
        assert {run.size for run in back if run.text in ("+10", "-10")} == {number_size}
        assert {run.size for run in back if run.text in tuple(LABELS)} == {9.0}
        front_widths, back_widths = line_widths(pdf)
        assert back_widths == {width} and width in front_widths, (front_widths, back_widths)


def test_high_contrast_sheet_is_black() -> None:
    v = variant("high-contrast")
    document = pipeline.plan_calibration(v, "a4", v.library.papers["a4"], "long", (0.0, 0.0))
    colours = {
        item.colour.hex
        for page in document.pages
        for item in flat(page.items)
        if isinstance(item, (Text, Line))
    }
    assert colours == {"#000000"}


def test_standard_is_the_default_and_has_no_folder_of_its_own(tmp_path: Path) -> None:
    default = calibrate(tmp_path / "default")
    named = calibrate(tmp_path / "named", "--labels", "standard")
    assert default.relative_to(tmp_path / "default") == Path(
        "calibration/a4-long/calibration_a4_long.pdf"
    )
    assert default.read_bytes() == named.read_bytes()


def test_check_counts_the_calibration_words_as_used(tmp_path: Path) -> None:
    """A text only the calibration sheet prints is used; a typo of it is not. A user's own
    set's texts are checked on whatever content it is given: here the small game `tiny`,
    whose kits print none of the calibration sheet's words."""
    folder = tmp_path / "content" / "tiny"
    folder.mkdir(parents=True)
    for name, text in {"game.yaml": game(["sheets.yaml"]), "deck.yaml": DECK}.items():
        (folder / name).write_text(text, encoding="utf-8")
    (folder / "sheets.yaml").write_text(sheets('text: "Play a card."'), encoding="utf-8")
    tiny = pipeline.Sources(content=tmp_path / "content")
    mine = tmp_path / "mine.yaml"
    used = "Push a pin through the center of each crosshair on this side."
    mine.write_text(f'extends: standard\ntext:\n  "{used}": "Pin each cross."\n')
    pipeline.check(tiny, [], [str(mine)])
    mine.write_text(f'extends: standard\ntext:\n  "{used[:-1]}": "Pin each cross."\n')
    with pytest.raises(UserError, match="is not printed anywhere"):
        pipeline.check(tiny, [], [str(mine)])


def test_a_complete_set_without_a_calibration_text_names_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = "Push a pin through the center of each crosshair on this side."
    mine = tmp_path / "es2.yaml"  # `extends: standard` finds the shipped one
    shutil.copy(DEFAULT_LABELS / "es.yaml", mine)
    words = (DEFAULT_LABELS / "es.po").read_text(encoding="utf-8")
    entry = f'msgid "{missing}"\nmsgstr "'
    assert words.count(entry) == 1
    fuzzy = words.replace(entry, f"#, fuzzy\n{entry}")  # a fuzzy entry counts as missing
    (tmp_path / "es.po").write_text(fuzzy, encoding="utf-8")
    assert main(["calibrate", "--labels", str(mine), "--out", str(tmp_path / "out")]) == 2
    error = capsys.readouterr().err
    assert "templates/print.yaml:28:" in error and f"no text for {missing!r}" in error
    assert not (tmp_path / "out").exists()


def test_words_that_do_not_fit_say_so_and_write_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["calibrate", "--labels", "large-print", "--paper", "160x200mm", "--out", str(tmp_path)]
    assert main(args) == 2
    error = capsys.readouterr().err
    assert (
        "--paper 160x200mm: the calibration sheet's words do not fit between its crosshairs at 18 pt"
        in error
    )
    assert "hint: a larger --paper" in error and not any(tmp_path.iterdir())
