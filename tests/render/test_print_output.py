"""Print-shop pages, SVG and cut files, ink saver, calibration and the printing guide,
read back from real output (pypdf for boxes and placements, pypdfium2 for pixels)."""

from __future__ import annotations

import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops, ImageStat
from pypdf import PdfReader

from shapes_print.commands.cli import main
from shapes_print.geometry.primitives import RGB, WHITE, Artifact, Group, Line, Rect
from shapes_print.geometry.primitives import Path as PlanPath
from shapes_print.kit.variant import make_variant
from shapes_print.load.defaults import DEFAULT_LABELS, DEFAULT_TEMPLATES
from shapes_print.load.labels import load_labels
from shapes_print.load.options import PrintOptions
from shapes_print.pipeline import pipeline
from shapes_print.plan.calibrate import CalibrationAsked, calibration_sheet, crosshair_points
from shapes_print.units import mm
from tests.browser import Chromium, needs_chromium
from tests.command_lines import one_kit
from tests.pdfread import placements, text

SVG = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}href"
POKER = (mm(63.5), mm(88.9))
BLEED = mm(3)


def build(out: Path, paper: str = "a4", flip: str = "long", **options: object) -> Path:
    printing = PrintOptions(**options)  # type: ignore[arg-type]
    asked = pipeline.BuildOptions("4", paper, flip, printing)  # type: ignore[arg-type]
    pipeline.build(pipeline.Sources(), ["pass-and-pick"], asked, out)
    # A card size other than Pass and pick's own (poker) has a folder of its own.
    size = "" if options.get("card_size") in (None, "poker") else str(options["card_size"])
    return out / "pass-and-pick" / size / paper / "4-players"


@pytest.fixture(scope="module")
def shop(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory.mktemp("shop"), print_shop=True, formats=("pdf", "svg"))


@pytest.fixture(scope="module")
def svg_kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory.mktemp("svg"), paper="letter", formats=("pdf", "svg"))


def test_print_shop_pages_have_exact_trim_and_bleed_boxes(shop: Path) -> None:
    reader = PdfReader(shop / "pass-and-pick_4p_a4_cards-print-shop.pdf")
    assert len(reader.pages) == 36  # 18 cards, each face followed by its back
    width, height = POKER[0] + 2 * BLEED, POKER[1] + 2 * BLEED
    for index, page in enumerate(reader.pages):
        assert [float(v) for v in page.mediabox] == pytest.approx([0, 0, width, height], abs=1e-3)
        assert [float(v) for v in page.bleedbox] == pytest.approx([0, 0, width, height], abs=1e-3)
        trim = [BLEED, BLEED, BLEED + POKER[0], BLEED + POKER[1]]
        assert [float(v) for v in page.trimbox] == pytest.approx(trim, abs=1e-3)
        (placed,) = placements(page, reader)
        assert placed.name.startswith("back-" if index % 2 else "face-")


def test_print_shop_backs_run_into_the_bleed(shop: Path) -> None:
    scale = 4.0
    image = (
        pdfium.PdfDocument(shop / "pass-and-pick_4p_a4_cards-print-shop.pdf")[1]
        .render(scale=scale)
        .to_pil()
    )
    w, h = image.size
    edge = int(BLEED * scale / 3)  # a third of the way into the bleed, on every side
    for point in (
        (edge, edge),
        (w - edge, edge),
        (edge, h - edge),
        (w - edge, h - edge),
        (w // 2, edge),
    ):
        x, y = point  # a patch, not a pixel, so a pattern line's lighter colour averages out
        patch = image.crop((x - 3, y - 3, x + 3, y + 3)).convert("RGB")
        assert max(ImageStat.Stat(patch).mean) < 140, point  # the dark back design, not white


def _svg_size_mm(path: Path) -> tuple[float, float]:
    root = ET.parse(path).getroot()
    width, height = root.get("width", ""), root.get("height", "")
    assert width.endswith("mm") and height.endswith("mm")
    box = [float(v) for v in root.get("viewBox", "").split()]
    assert box[:2] == [0, 0]
    assert [box[2], box[3]] == pytest.approx(
        [mm(float(width[:-2])), mm(float(height[:-2]))], abs=0.01
    )
    return float(width[:-2]), float(height[:-2])


def _svg_uses(path: Path) -> list[tuple[str, float, float]]:
    root = ET.parse(path).getroot()
    page = root.find(f"{SVG}g")
    assert page is not None
    return sorted(
        (use.get(XLINK, "").lstrip("#"), float(use.get("x", 0)), float(use.get("y", 0)))
        for use in page.iter(f"{SVG}use")
        if use.get(XLINK, "").startswith(("#face-", "#back-"))
    )


@pytest.mark.parametrize("name", ["cards", "sheets", "host-key", "printing-guide"])
def test_every_svg_page_matches_its_pdf_page_in_size_and_cards(svg_kit: Path, name: str) -> None:
    pdf = svg_kit / f"pass-and-pick_4p_letter_{name}.pdf"
    reader = PdfReader(pdf)
    for number, page in enumerate(reader.pages, start=1):
        svg = svg_kit / f"pass-and-pick_4p_letter_{name}_p{number:02d}.svg"
        width, height = _svg_size_mm(svg)
        assert mm(width) == pytest.approx(float(page.mediabox.width), abs=0.01)
        assert mm(height) == pytest.approx(float(page.mediabox.height), abs=0.01)
        if name == "cards":
            in_pdf = sorted(
                (p.name, round(p.x, 2), round(p.y, 2)) for p in placements(page, reader)
            )
            in_svg = [(n, round(x, 2), round(y, 2)) for n, x, y in _svg_uses(svg)]
            assert in_svg == in_pdf and len(in_svg) == 9


def _path_points(d: str) -> list[tuple[float, float]]:
    numbers = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", d)]
    return list(zip(numbers[0::2], numbers[1::2], strict=True))


def test_a_cut_file_has_one_closed_rounded_path_per_card_at_its_place(svg_kit: Path) -> None:
    reader = PdfReader(svg_kit / "pass-and-pick_4p_letter_cards.pdf")
    face_pages = range(1, len(reader.pages) + 1, 2)
    for number in face_pages:
        cut = svg_kit / f"pass-and-pick_4p_letter_cards_p{number:02d}_cut.svg"
        assert _svg_size_mm(cut) == _svg_size_mm(
            svg_kit / f"pass-and-pick_4p_letter_cards_p{number:02d}.svg"
        )
        root = ET.parse(cut).getroot()
        paths = [p.get("d", "") for p in root.iter(f"{SVG}path")]
        faces = placements(reader.pages[number - 1], reader)
        assert len(paths) == len(faces) == 9
        assert not list(root.iter(f"{SVG}use")) and not list(root.iter(f"{SVG}text"))
        boxes = []
        for d in paths:
            assert d.startswith("M") and d.rstrip().endswith("Z") and d.count("M") == 1
            assert d.count("C") == 4  # four rounded corners (template corner_radius)
            xs, ys = zip(*_path_points(d), strict=True)
            boxes.append(
                (round(min(xs), 2), round(min(ys), 2), round(max(xs), 2), round(max(ys), 2))
            )
        expected = [
            (round(f.x, 2), round(f.y, 2), round(f.x + POKER[0], 2), round(f.y + POKER[1], 2))
            for f in faces
        ]
        flat = [v for box in sorted(boxes) for v in box]
        assert flat == pytest.approx([v for box in sorted(expected) for v in box], abs=0.01)
    assert not (svg_kit / "pass-and-pick_4p_letter_cards_p02_cut.svg").exists()  # backs: no cuts


def fontconfig_has(family: str) -> bool:
    """Whether the system's fonts (fontconfig, as Chromium finds them) include a family."""
    fc_list = shutil.which("fc-list")
    if fc_list is None:
        return False
    listed = subprocess.run([fc_list, ":", "family"], capture_output=True, text=True, check=True)
    return family.lower() in listed.stdout.lower()


def test_svg_text_is_glyph_outlines_labelled_with_its_words(svg_kit: Path) -> None:
    """No <text> that a viewer would set in whatever font it has: every run is its glyphs'
    outlines, each glyph defined once, and the run's words are its accessible label."""
    root = ET.parse(svg_kit / "pass-and-pick_4p_letter_sheets_p01.svg").getroot()
    assert not list(root.iter(f"{SVG}text"))
    labels = [g.get("aria-label") for g in root.iter(f"{SVG}g") if g.get("role") == "img"]
    assert "Before each round" in labels
    glyphs = [p.get("id") for p in root.iter(f"{SVG}path") if "-g" in (p.get("id") or "")]
    assert glyphs and len(glyphs) == len(set(glyphs))


@pytest.fixture(scope="module")
def atkinson_kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A Letter kit in Atkinson Hyperlegible, a font this machine has not installed."""
    out = tmp_path_factory.mktemp("atkinson")
    asked = pipeline.BuildOptions("4", "letter", "long", PrintOptions(formats=("pdf", "svg")))
    pipeline.build(
        pipeline.Sources(), ["pass-and-pick"], asked, out, labels=["large-print-atkinson"]
    )
    return out / "pass-and-pick" / "large-print-atkinson" / "letter" / "4-players"


@pytest.fixture(scope="module")
def chromium() -> Iterator[Chromium]:
    """One Chromium for the pages below, each drawn in a tab of its own."""
    with Chromium() as started:
        yield started


@needs_chromium
@pytest.mark.parametrize(
    "page",
    ["sheets_p01", "cards_p01", "printing-guide_p01", "large-print-atkinson_sheets_p01"],
)
def test_an_svg_page_in_chromium_looks_like_its_pdf_page(
    chromium: Chromium, svg_kit: Path, atkinson_kit: Path, tmp_path: Path, page: str
) -> None:
    """Headless Chromium draws the SVG as pdfium draws the PDF, Atkinson Hyperlegible
    included (not installed here, so a <text> would fall back to another font): compared
    at a quarter of 96 dpi, so only anti-aliasing and hinting differ."""
    kit = atkinson_kit if page.startswith("large-print") else svg_kit
    assert not fontconfig_has("Atkinson Hyperlegible")
    svg = kit / f"pass-and-pick_4p_letter_{page}.svg"
    name, number = page.rsplit("_p", 1)
    shot = tmp_path / "shot.png"
    with chromium.tab((816, 1056)) as tab:  # Letter at 96 dpi
        tab.open(svg.as_uri())
        tab.screenshot(shot)
    pdf = kit / f"pass-and-pick_4p_letter_{name}.pdf"
    drawn = pdfium.PdfDocument(pdf)[int(number) - 1].render(scale=96 / 72).to_pil().convert("L")
    seen = Image.open(shot).convert("L")
    assert seen.size == drawn.size == (816, 1056)
    small = (816 // 4, 1056 // 4)
    diff = ImageChops.difference(drawn.resize(small, Image.BOX), seen.resize(small, Image.BOX))
    assert ImageStat.Stat(diff).mean[0] < 3 and diff.getextrema()[1] < 100


def test_flip_short_and_back_offset_reach_the_pdf(tmp_path: Path) -> None:
    kit = build(tmp_path, paper="a4", flip="short", back_offset=(mm(1.2), mm(-0.5)))
    reader = PdfReader(kit / "pass-and-pick_4p_a4_cards.pdf")
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/DuplexFlipShortEdge"
    height = float(reader.pages[0].mediabox.height)
    faces, backs = placements(reader.pages[0], reader), placements(reader.pages[1], reader)
    expected = sorted(
        (round(f.x + mm(1.2), 2), round(height - f.y - POKER[1] - mm(0.5), 2)) for f in faces
    )
    assert sorted((round(b.x, 2), round(b.y, 2)) for b in backs) == expected


def test_ink_saver_outlines_faces_and_pales_backs(tmp_path: Path) -> None:
    project = pipeline.load_project(pipeline.Sources(), ["pass-and-pick"])
    options = PrintOptions(ink_saver=True)
    ((_, _, files),) = list(pipeline.plan_all(project, "4", "a4", "long", options))
    cards = files[0].document

    def paints(items: tuple) -> list:
        found = []
        for item in items:
            if isinstance(item, Group | Artifact):
                found += paints(item.items)
            elif isinstance(item, PlanPath | Rect):
                found.append(item.paint)
        return found

    face = paints(cards.symbols["face-circle"].items)
    assert face and all(p.fill is None for p in face)
    assert any(
        p.stroke == RGB.parse("#56B4E9") for p in face
    )  # the circle's fill colour, now its outline
    back = paints(cards.symbols["back-standard"].items)
    assert back and all(p.fill is None or p.fill.contrast(WHITE) < 1.5 for p in back)
    for file in files:  # sheets too: no solid fills anywhere
        for page in file.document.pages:
            assert all(p.fill is None for p in paints(page.items))
    # Pixels: a back is mostly paper-light instead of dark navy.
    kit = build(tmp_path, ink_saver=True)
    image = (
        pdfium.PdfDocument(kit / "pass-and-pick_4p_a4_cards.pdf")[1]
        .render(scale=1)
        .to_pil()
        .convert("L")
    )
    assert ImageStat.Stat(image).mean[0] > 200


@pytest.mark.parametrize("flip", ["long", "short"])
def test_calibration_sheet_puts_scales_where_each_crosshair_lands(
    tmp_path: Path, flip: str
) -> None:
    offset = (mm(1.2), mm(-0.5))
    (item,) = pipeline.calibrate(pipeline.Sources(), "letter", tmp_path, flip, offset)  # type: ignore[arg-type]
    assert item.path.parent == tmp_path / "calibration" / f"letter-{flip}"
    assert len(PdfReader(item.path).pages) == 2
    front = text(item.path)[0]
    assert f"Duplex calibration: Letter, flip on {flip} edge" in front
    assert "+1.2 mm, -0.5 mm" in front
    variant = make_variant(DEFAULT_TEMPLATES, {}, load_labels("standard", DEFAULT_LABELS))
    library = variant.library
    width, height = library.papers["letter"]
    asked = CalibrationAsked("letter", (width, height), flip, offset)  # type: ignore[arg-type]
    document = calibration_sheet(asked, library, variant.ctx)
    (group,) = document.pages[1].items
    assert isinstance(group, Group) and (group.dx, group.dy) == offset
    # The crosshairs and scales are artifacts (measuring marks) inside the moved group.
    marks = [leaf for i in group.items if isinstance(i, Artifact) for leaf in i.items]
    lines = [(i.x1, i.y1, i.x2, i.y2) for i in marks if isinstance(i, Line)]
    half = library.printing.calibration.scale_half_length
    for x, y in crosshair_points(width, height, library.printing.calibration.inset):
        bx, by = (width - x, y) if flip == "long" else (x, height - y)
        # The back's x scale is centred where the front crosshair lands after the flip.
        assert any(line == pytest.approx((bx - half, by, bx + half, by)) for line in lines), (x, y)


def test_every_kit_has_a_printing_guide_naming_its_files(svg_kit: Path) -> None:
    words = " ".join(text(svg_kit / "pass-and-pick_4p_letter_printing-guide.pdf"))
    pages = {
        kind: len(PdfReader(svg_kit / f"pass-and-pick_4p_letter_{kind}.pdf").pages)
        for kind in ("cards", "host-key", "sheets")
    }
    assert pages["cards"] == 4
    for expected in (
        "Every file's name starts pass-and-pick_4p_letter_",
        f"cards.pdf {pages['cards']} card stock double-sided, flip on long edge",
        f"sheets.pdf {pages['sheets']} plain one-sided",
        f"host-key.pdf (host only) {pages['host-key']} plain one-sided",
        "Print one cards sheet first, both sides, and measure its 50 mm ruler and its 1 in mark",
        "200-250 g/m²",
        # Letter's top and bottom margins hold no marks: the guide sends those cuts to the line.
        "where a cut has none, follow the line drawn round each card",
        "Print the host key on its own and keep it away from players.",
    ):
        assert expected in words
    # What only whoever builds kits can do is in docs/printing.md and --help, not the kit.
    for builder_only in ("calibrat", "--back-offset", "cut.svg", "--format"):
        assert builder_only not in words


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--back-offset", "1.2mm"], r"--back-offset: expected two lengths"),
        (
            ["--back-offset", "1.2,0mm"],
            r"--back-offset: expected a length such as '63.5mm', got '1.2'",
        ),
        (["--card-size", "jumbo"], r"--card-size: unknown size 'jumbo'"),
        (["--format", "pdf,tiff"], r"--format: unknown format 'tiff'"),
        (
            ["--print-shop", "--back-offset", "1mm,0mm"],
            r"--back-offset: a printer offset moves home",
        ),
        (
            ["--paper", "100x120mm", "--card-size", "tarot"],
            r"^--card-size tarot: a 70.0 x 120.0 mm card does not fit on 100.0 x 120.0 mm paper",
        ),
    ],
)
def test_bad_print_options_are_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    base = ["build", "pass-and-pick", "--players", "4", "--out", str(tmp_path)]
    status = main([*base, *(["--paper", "a4"] if "--paper" not in args else []), *args])
    assert status == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert re.search(message, err[0])
    assert not (tmp_path / "pass-and-pick").exists()


def test_custom_paper_and_card_size_build(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(one_kit("pass-and-pick", tmp_path, "--card-size", "63x88mm", paper="300x400mm"))
    assert status == 0, capsys.readouterr().err
    pdf = (
        tmp_path
        / "pass-and-pick/63x88mm/300x400mm/4-players/pass-and-pick_4p_300x400mm_63x88mm_cards.pdf"
    )
    reader = PdfReader(pdf)
    page = reader.pages[0]
    # 6 x 3 landscape holds 18 cards of 63 x 88 mm, against 4 x 4 = 16 portrait.
    assert float(page.mediabox.width) == pytest.approx(mm(400), abs=1e-3)
    assert float(page.mediabox.height) == pytest.approx(mm(300), abs=1e-3)
    assert len(reader.pages) == 2 and len(placements(page, reader)) == 18


def test_svg_and_print_shop_builds_are_byte_identical(shop: Path, tmp_path: Path) -> None:
    again = build(tmp_path, print_shop=True, formats=("pdf", "svg"))
    names = sorted(p.name for p in shop.iterdir())
    assert names == sorted(p.name for p in again.iterdir())
    assert any(name.endswith("_cut.svg") for name in names)
    for name in names:
        assert (shop / name).read_bytes() == (again / name).read_bytes(), name


@pytest.mark.parametrize("size", ["poker", "bridge", "mini", "tarot", "square"])
def test_every_card_size_builds_a_whole_kit_with_all_eighteen_cards(
    size: str, tmp_path: Path
) -> None:
    kit = build(tmp_path, card_size=size)
    stem = "pass-and-pick_4p_a4" if size == "poker" else f"pass-and-pick_4p_a4_{size}"  # its own
    reader = PdfReader(kit / f"{stem}_cards.pdf")
    faces = [p for page in reader.pages[0::2] for p in placements(page, reader)]
    backs = [p for page in reader.pages[1::2] for p in placements(page, reader)]
    assert len(faces) == len(backs) == 18
    # The scoring table's small cards shrink to fit their cell, even for square cards.
    assert "Scoring table" in " ".join(text(kit / f"{stem}_sheets.pdf"))
