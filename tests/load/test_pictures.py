"""Pictures on cards: PNG, JPEG and SVG files fitted to their boxes, each embedded once.

The example (tests/example/, copied by tests/pictureexample.py) is a game of picture cards
read from a CSV file, built in a copy of the project: a PNG with transparency (`contain`), a
low-resolution JPEG covering the top of its card (`cover`, cropped; it warns), the same PNG
on a second card type, and an SVG badge that stays vector.
"""

from __future__ import annotations

import contextlib
import io
import re
import shutil
import struct
import zlib
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image as PilImage
from PIL import ImageDraw
from pypdf import PdfReader

from shapes_print.commands.cli import main
from shapes_print.errors import UserError
from shapes_print.geometry.primitives import RasterPicture
from shapes_print.load.pictures import picture_files, read_picture
from shapes_print.pipeline import pipeline
from shapes_print.plan.cards import fitted
from shapes_print.render.pdf.images import write_raster
from shapes_print.render.pdf.objects import PdfFile
from tests.pdfread import placements
from tests.pictureexample import BLUE, EXAMPLE, GAME, ORANGE, ROWS, build_args, example
from tests.project_copy import run

MM = 72 / 25.4
YELLOW = (0xF0, 0xE4, 0x42)
CARD_W, CARD_H = 63.5 * MM, 88.9 * MM


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The example kit built once (PDF and SVG), and what the build said on stderr."""
    root = example(tmp_path_factory.mktemp("pictures"))
    out = root / "out"
    stderr = io.StringIO()  # a module's fixture has no capsys
    with contextlib.redirect_stderr(stderr):
        code = main(build_args(root, out, "--quiet", "--format", "pdf,svg"))
    assert code == 0, stderr.getvalue()
    return out / "pictures/a4/4-players", stderr.getvalue().replace(f"{root}/", "")


def objects(reader: PdfReader) -> list[dict]:
    found = []
    for number in range(1, int(reader.trailer["/Size"])):
        thing = reader.get_object(number)
        if hasattr(thing, "get"):
            found.append(thing)
    return found


def test_each_picture_is_embedded_once_however_many_cards_show_it(kit: tuple[Path, str]) -> None:
    folder, _ = kit
    reader = PdfReader(folder / "pictures_4p_a4_cards.pdf")
    images = [o for o in objects(reader) if o.get("/Subtype") == "/Image"]
    # The PNG (shown by 7 cards of 2 types), its soft mask, and the JPEG (6 cards).
    assert len(images) == 3
    jpeg = next(o for o in images if o.get("/Filter") == "/DCTDecode")
    moon = (folder.parents[3] / GAME / "art/moon.jpg").read_bytes()
    assert jpeg.get_data() == moon  # passed through as it is
    assert (jpeg["/Width"], jpeg["/Height"]) == (120, 80)
    png = next(o for o in images if "/SMask" in o)
    assert (png["/Width"], png["/Height"], png["/ColorSpace"]) == (800, 800, "/DeviceRGB")
    assert png["/SMask"].get_object()["/ColorSpace"] == "/DeviceGray"
    forms = [o for o in objects(reader) if o.get("/Subtype") == "/Form"]
    showing = [o for o in forms if any(k.startswith("/FormXob.art-") for k in _xobjects(o))]
    assert len(showing) == 1  # the badge's face
    art = [o for o in forms if [float(v) for v in o["/BBox"]] == [0, 0, 200, 100]]
    assert len(art) == 1  # the SVG as one form, its view box for a box: paths, no pixels
    assert b" re" in art[0].get_data() or b" c" in art[0].get_data()
    assert "/XObject" not in art[0].get("/Resources", {})


def _xobjects(form: dict) -> list[str]:
    resources = form.get("/Resources")
    if resources is None:
        return []
    return list(resources.get_object().get("/XObject", {}).keys())


def pixels(path: Path, page: int, scale: float = 2.0) -> tuple[PilImage.Image, float, object]:
    document = pdfium.PdfDocument(path)
    image = document[page].render(scale=scale).to_pil().convert("RGB")
    return image, float(document[page].get_height()), document


def close(colour: tuple[int, ...], expected: tuple[int, int, int], slack: int = 24) -> bool:
    return all(abs(a - b) <= slack for a, b in zip(colour, expected, strict=False))


def test_pictures_print_where_their_boxes_are(kit: tuple[Path, str]) -> None:
    """Pixels of the first sheet: the PNG contained, its transparency showing the card; the
    JPEG covering its box and cropped to it; the SVG's colours at their places."""
    folder, _ = kit
    path = folder / "pictures_4p_a4_cards.pdf"
    reader = PdfReader(path)
    image, height, _ = pixels(path, 0)
    at = {p.name: (p.x, p.y) for p in placements(reader.pages[0], reader)}

    def sample(face: str, x_mm: float, top_mm: float) -> tuple[int, ...]:
        x, y = at[face]
        px, py = x + x_mm * MM, y + CARD_H - top_mm * MM
        return image.getpixel((int(px * 2), int((height - py) * 2)))

    # The sun: a 48.9 mm square centred in its box (5 mm in, 8 mm down, 53.5 mm wide).
    side = 0.55 * 88.9
    centre = (5 + 53.5 / 2, 8 + side / 2)
    assert close(sample("face-sun", *centre), BLUE)
    assert close(sample("face-sun", centre[0] + side * 0.3, centre[1]), ORANGE)
    corner = (centre[0] - side * 0.47, centre[1] - side * 0.47)  # transparent pixels
    assert close(sample("face-sun", *corner), YELLOW)
    # The moon covers the top 60% edge to edge: white disc at the centre, grey at its sides,
    # the card's yellow below it, and nothing of it outside the card.
    assert close(sample("face-moon", 63.5 / 2, 0.3 * 88.9), (255, 255, 255))
    assert close(sample("face-moon", 2, 0.3 * 88.9), (128, 128, 128))
    assert close(sample("face-moon", 63.5 / 2, 0.6 * 88.9 + 2), YELLOW)


def test_the_svg_badge_stays_vector_and_prints_its_colours(kit: tuple[Path, str]) -> None:
    folder, _ = kit
    path = folder / "pictures_4p_a4_cards.pdf"
    reader = PdfReader(path)
    page = next(i for i, p in enumerate(reader.pages) if "face-badge" in _names(p, reader))
    image, height, _ = pixels(path, page)
    where = next(p for p in placements(reader.pages[page], reader) if p.name == "face-badge")
    # 200 x 100 units contained in 53.5 x 48.9 mm: 53.5 x 26.75 mm, centred in the box.
    top = 8 + (0.55 * 88.9 - 26.75) / 2
    scale = 53.5 / 200

    def sample(u: float, v: float) -> tuple[int, ...]:
        px = where.x + (5 + u * scale) * MM
        py = where.y + CARD_H - (top + v * scale) * MM
        return image.getpixel((int(px * 2), int((height - py) * 2)))

    assert close(sample(50, 50), ORANGE)  # the disc
    assert close(sample(100, 50), BLUE)  # the field
    assert close(sample(150, 30), (0, 0, 0))  # the bar, moved by its group's transform
    assert close(sample(150, 70), BLUE)  # inside the white outline, which is not filled


def _names(page: object, reader: PdfReader) -> list[str]:
    return [p.name for p in placements(page, reader)]


def test_a_low_resolution_picture_warns_with_card_file_and_dpi(kit: tuple[Path, str]) -> None:
    _, stderr = kit
    # 120 pixels over 63.5 mm x 80/53.34 (cover) = 226.8 pt: 38 dpi.
    assert re.search(
        r"warning: content/pictures/cards.csv:3:6: card 'moon': picture "
        r"art/moon.jpg prints at 38 dpi, below 300",
        stderr,
    ), stderr
    assert "sun.png" not in stderr  # 800 pixels over 48.9 mm: 416 dpi


def test_each_build_in_one_process_says_its_warnings_once(tmp_path: Path) -> None:
    """A warning is the build's, not the process's: a second build in the same process
    (a test worker, a library user) says each again, and a build of two kits once."""
    root = example(tmp_path / "project")
    said = []
    for out in ("first", "second"):
        stderr = io.StringIO()
        args = build_args(root, tmp_path / out, "--quiet")
        args[args.index("--players") + 1] = "3,4"  # two kits, each drawing the moon
        with contextlib.redirect_stderr(stderr):
            assert main(args) == 0, stderr.getvalue()
        lines = [line for line in stderr.getvalue().splitlines() if "art/moon.jpg" in line]
        assert lines and len(set(lines)) == len(lines), lines
        said.append(lines)
    assert said[1] == said[0]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_check_says_each_warning_once_whatever_its_workers_and_again_from_its_cache(
    tmp_path: Path, jobs: str
) -> None:
    """`check` plans the groups over worker processes and keeps the groups it checked clean:
    a warning is said once however many workers planned kits that found it; a second check
    that plans nothing (its cache holds every group) says it again, and so does a third
    after an edit to a card's words alone (it draws the faces again, pipeline/facecheck.py).
    On A4 alone: a group is a label set's kits, so the ten sets are ten groups on one paper
    as on two, and the sets whose cards are the same size find the same warnings."""
    root = example(tmp_path / "project")
    folders = ("--content", str(root / "content"), "--templates", str(root / "templates"))
    cards = root / GAME / "cards.csv"
    said = []
    for edit in (None, None, ("BIG SUN", "HUGE SUN")):
        if edit is not None:
            cards.write_text(cards.read_text(encoding="utf-8").replace(*edit), encoding="utf-8")
        stderr = io.StringIO()
        with contextlib.redirect_stderr(stderr):
            checked = main(["check", "pictures", *folders, "--paper", "a4", "--jobs", jobs])
            assert checked == 0, stderr.getvalue()
        lines = [line for line in stderr.getvalue().splitlines() if "art/moon.jpg" in line]
        assert lines and len(set(lines)) == len(lines), lines
        said.append(lines)
    assert said[2] == said[1] == said[0]


def test_the_svg_pages_show_the_same_pictures(kit: tuple[Path, str]) -> None:
    folder, _ = kit
    page = (folder / "pictures_4p_a4_cards_p01.svg").read_text()
    assert page.count("data:image/png;base64,") == 1  # defined once, used by nine cards
    assert page.count("data:image/jpeg;base64,") == 1
    assert page.count('href="#image-') + page.count('xlink:href="#image-') >= 2


def test_picture_files_are_the_kit_inputs(tmp_path: Path) -> None:
    root = example(tmp_path)
    sources = pipeline.Sources(root / "content", root / "templates")
    project = pipeline.load_project(sources, ["pictures"])
    (_, _, files), *_ = pipeline.plan_all(project, "4", "a4")
    cards = next(f for f in files if f.name.endswith("_cards"))
    art = (root / GAME / "art").resolve()
    assert picture_files(cards.document) == (
        art / "badge.svg",
        art / "moon.jpg",
        art / "sun.png",
    )


@pytest.mark.parametrize(
    ("art", "error"),
    [
        (
            "../../outside.png",
            "cards.csv:2:6: '../../outside.png' points outside the cards.csv folder",
        ),
        ("art/none.png", "cards.csv:2:6: file 'art/none.png' not found in"),
        ("art/sun.gif", "cards.csv:2:6: picture 'art/sun.gif': expected a .png, .jpg or .svg file"),
        ("art/wrong.jpg", "cards.csv:2:6: picture art/wrong.jpg: holds PNG data; name it .png"),
    ],
)
def test_a_bad_picture_is_one_line_naming_its_card(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], art: str, error: str
) -> None:
    root = example(tmp_path, ROWS.replace("art/sun.png,SUN", f"{art},SUN"))
    shutil.copy(root / GAME / "art/sun.png", root / GAME / "art/wrong.jpg")
    args = build_args(root, tmp_path / "out")
    code, lines, _ = run(args, capsys, root)
    assert code == 2
    assert len(lines) <= 2 and f"content/pictures/{error}" in lines[0], lines
    assert not (tmp_path / "out").exists()


def test_fit_contain_cover_and_stretch(tmp_path: Path) -> None:
    path = tmp_path / "wide.png"
    PilImage.new("RGB", (200, 100)).save(path)
    picture = read_picture(path, "wide.png", None)
    box = (10.0, 20.0, 100.0, 100.0)
    contain = fitted(picture, box, "contain")
    assert (contain.x, contain.y, contain.w, contain.h, contain.clip) == (10, 45, 100, 50, None)
    cover = fitted(picture, box, "cover")
    assert (cover.x, cover.y, cover.w, cover.h) == (-40, 20, 200, 100)
    assert cover.clip == (("M", 10, 20), ("L", 110, 20), ("L", 110, 120), ("L", 10, 120), ("Z",))
    stretch = fitted(picture, box, "stretch")
    assert (stretch.x, stretch.y, stretch.w, stretch.h) == box


def test_alpha_is_flattened_onto_white_for_files_without_transparency(tmp_path: Path) -> None:
    """A PDF/X print-shop file may hold no transparency: flattened, the PNG has no soft
    mask and its transparent pixels are white."""
    path = tmp_path / "half.png"
    image = PilImage.new("RGBA", (2, 1), (0, 0, 0, 0))
    image.putpixel((1, 0), (255, 0, 0, 255))
    image.save(path)
    picture = read_picture(path, "half.png", None)
    assert isinstance(picture, RasterPicture)
    out = io.BytesIO()
    write_raster(PdfFile(out), picture, flatten=True)
    written = out.getvalue()
    assert b"/SMask" not in written
    stream = written.split(b"stream\n", 1)[1].rsplit(b"\nendstream", 1)[0]
    assert zlib.decompress(stream) == bytes([255, 255, 255, 255, 0, 0])
    with pytest.raises(UserError, match="not a PNG or JPEG"):
        (tmp_path / "fake.png").write_text("no picture")
        read_picture(tmp_path / "fake.png", "fake.png", None)


def test_a_garbage_or_empty_picture_is_said_plainly(tmp_path: Path) -> None:
    """Pillow's own words name its buffer and a memory address, different each run."""
    for data, said in [
        (b"no picture", "not a PNG or JPEG image (its first bytes are neither's); save it as one"),
        (b"", "the file is empty: not a PNG or JPEG image"),
    ]:
        (tmp_path / "comet.png").write_bytes(data)
        with pytest.raises(UserError) as refused:
            read_picture(tmp_path / "comet.png", "art/comet.png", None)
        assert refused.value.line() == f"picture art/comet.png: {said}"


def test_a_picture_a_layout_names_is_beside_the_layout(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`src: badge.svg` written in a game's own template is read from beside that template
    (the game's cards/ folder); a path from there that leaves it is refused."""
    root = example(tmp_path, ROWS.replace("art/moon.jpg", "").replace("art/sun.png,BIG", ",BIG"))
    template = root / GAME / "cards/pictures.yaml"
    shutil.copy(EXAMPLE / "art/badge.svg", template.parent / "badge.svg")
    written = template.read_text(encoding="utf-8")
    template.write_text(written.replace('src: "{art}", fit: cover', "src: badge.svg, fit: cover"))
    out = tmp_path / "out"
    code, lines, _ = run(build_args(root, out), capsys, root)
    assert code == 0, lines
    reader = PdfReader(out / "pictures/a4/4-players/pictures_4p_a4_cards.pdf")
    images = [o for o in objects(reader) if o.get("/Subtype") == "/Image"]
    assert [o.get("/Filter") for o in images] == ["/FlateDecode", "/FlateDecode"]  # no JPEG
    template.write_text(written.replace('src: "{art}", fit: cover', "src: ../x.svg, fit: cover"))
    code, lines, _ = run(build_args(root, tmp_path / "out2"), capsys, root)
    assert code == 2 and "'../x.svg' points outside the layouts folder" in lines[0], lines


def test_a_picture_past_the_pixel_limit_is_refused_before_it_is_decoded(tmp_path: Path) -> None:
    """Only the header is read: 8,000 x 7,000 pixels are refused without decoding them."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = chunk(b"IHDR", struct.pack(">IIBBBBB", 8000, 7000, 8, 2, 0, 0, 0))
    data = chunk(b"IDAT", zlib.compress(b""))
    (tmp_path / "huge.png").write_bytes(b"\x89PNG\r\n\x1a\n" + header + data + chunk(b"IEND", b""))
    with pytest.raises(UserError, match="8,000 x 7,000 pixels, over the limit of 50,000,000"):
        read_picture(tmp_path / "huge.png", "huge.png", None)


def test_a_phone_photo_prints_the_way_it_was_shot(tmp_path: Path) -> None:
    """EXIF orientation 6 (the camera turned a quarter): the picture is as tall as it was
    wide, and the image is turned before it is embedded (a PDF reader ignores the tag)."""
    image = PilImage.new("RGB", (60, 40), (255, 255, 255))
    ImageDraw.Draw(image).rectangle((0, 0, 29, 39), fill=(255, 0, 0))  # the left half red
    exif = PilImage.Exif()
    exif[0x0112] = 6
    image.save(tmp_path / "photo.jpg", exif=exif, quality=95)
    picture = read_picture(tmp_path / "photo.jpg", "photo.jpg", None)
    assert isinstance(picture, RasterPicture) and picture.pixels == (40, 60)
    out = io.BytesIO()
    write_raster(PdfFile(out), picture)
    written = out.getvalue()
    assert b"/DCTDecode" not in written and b"/Width 40/Height 60" in written
    samples = zlib.decompress(written.split(b"stream\n", 1)[1].rsplit(b"\nendstream", 1)[0])
    top, bottom = samples[20 * 3 : 20 * 3 + 3], samples[-20 * 3 : -20 * 3 + 3]
    assert close(tuple(top), (255, 0, 0)) and close(tuple(bottom), (255, 255, 255))
