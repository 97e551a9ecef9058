"""`preview`: one PNG per page at the asked dpi, a contact sheet, and what a rebuild does."""

from __future__ import annotations

import contextlib
import io
import shutil
from pathlib import Path

import pytest
from PIL import Image, ImageChops
from pypdf import PdfReader

from shapes_print.commands.cli import main
from shapes_print.pipeline import preview
from shapes_print.pipeline.project import Sources
from tests import tinygame
from tests.project_copy import run

MM_PER_INCH = 25.4
A4_MM = (210, 297)
DPI = 50
KIT = Path("pass-and-pick/a4/4-players")
CARD_MM = (63.5, 88.9)
# The shipped deck's first card is a circle in sky blue (content/pass-and-pick/deck.yaml).
CIRCLE_RGB = (0x56, 0xB4, 0xE9)
Built = tuple[Path, list[preview.Preview]]


def a4_pixels(dpi: int) -> tuple[int, int]:
    return round(A4_MM[0] / MM_PER_INCH * dpi), round(A4_MM[1] / MM_PER_INCH * dpi)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    out = tmp_path_factory.mktemp("preview")
    return out, preview.build_and_preview(Sources(), "pass-and-pick", "4", "a4", out, DPI)


def test_one_png_per_page_at_the_size_for_its_dpi(built: Built) -> None:
    out, kits = built
    assert [kit.folder for kit in kits] == [out / KIT / "preview"]
    pdfs = sorted((out / KIT).glob("*.pdf"))
    # cards, sheets, host key, printing guide, player aid, print-and-play
    assert len(pdfs) == 6
    for pdf in pdfs:
        pages = len(PdfReader(pdf).pages)
        pngs = sorted(kits[0].folder.glob(f"{pdf.stem}_p*.png"))
        assert [p.name for p in pngs] == [f"{pdf.stem}_p{n:02d}.png" for n in range(1, pages + 1)]
        for png in pngs:
            with Image.open(png) as image:
                assert image.format == "PNG"
                assert image.size == a4_pixels(DPI) == (413, 585)
    assert len(kits[0].pages) == sum(len(PdfReader(pdf).pages) for pdf in pdfs)


def test_previews_show_the_page(built: Built) -> None:
    """The middle of the first card slot is the circle's colour, where the page puts it."""
    _, kits = built
    grid_mm = (3 * CARD_MM[0], 3 * CARD_MM[1])
    left, top = ((paper - grid) / 2 for paper, grid in zip(A4_MM, grid_mm, strict=True))
    x = (left + CARD_MM[0] / 2) / MM_PER_INCH * DPI
    y = (top + CARD_MM[1] * 0.4) / MM_PER_INCH * DPI  # the big shape sits above the name
    with Image.open(kits[0].pages[0]) as image:
        pixel = image.convert("RGB").getpixel((round(x), round(y)))
        corner = image.convert("RGB").getpixel((0, 0))
    assert all(abs(a - b) <= 8 for a, b in zip(pixel, CIRCLE_RGB, strict=True)), pixel
    assert corner == (255, 255, 255)


def test_contact_sheet_is_a_png_of_every_page(built: Built) -> None:
    _, kits = built
    sheet = kits[0].contact_sheets[0]
    assert sheet == kits[0].folder / preview.CONTACT_SHEET
    with Image.open(sheet) as image:
        image.verify()
    with Image.open(sheet) as image, Image.open(kits[0].pages[0]) as first:
        assert image.format == "PNG"
        players = [page for page in kits[0].pages if "_host-key_" not in page.name]
        rows = -(-len(players) // preview.COLUMNS)  # at least this many rows of pages
        thumb_height = round(first.height * preview.THUMB_WIDTH / first.width)
        assert image.width >= preview.COLUMNS * preview.THUMB_WIDTH
        assert image.height >= rows * thumb_height
        # The first thumbnail, under the first file's title, is page 1 scaled down.
        x, y = preview.GAP, preview.GAP + preview.LABEL_SIZE + preview.GAP // 2
        shown = image.convert("RGB").crop((x, y, x + preview.THUMB_WIDTH, y + thumb_height))
        expected = first.convert("RGB").resize(
            shown.size, Image.Resampling.LANCZOS, reducing_gap=preview.THUMB_GAP
        )
        assert ImageChops.difference(shown, expected).getbbox() is None


def test_the_host_keys_pages_have_a_contact_sheet_of_their_own(built: Built) -> None:
    """The players' contact sheet may be shown at the table, so the answers are never on it:
    each sheet is exactly the contact sheet of its own files' pages."""
    out, kits = built
    kit = kits[0]
    assert kit.contact_sheets == (
        kit.folder / preview.CONTACT_SHEET,
        kit.folder / preview.HOST_CONTACT_SHEET,
    )
    pdfs = {pdf.stem: pdf.name for pdf in (out / KIT).glob("*.pdf")}
    files: dict[str, list[Image.Image]] = {}
    for page in kit.pages:
        with Image.open(page) as image:
            height = round(image.height * preview.THUMB_WIDTH / image.width)
            thumb = image.resize(
                (preview.THUMB_WIDTH, height),
                Image.Resampling.LANCZOS,
                reducing_gap=preview.THUMB_GAP,
            )
        files.setdefault(pdfs[page.stem.rsplit("_p", 1)[0]], []).append(thumb)
    host = [name for name in files if "_host-key" in name]
    assert len(host) == 1
    for sheet, names in zip(
        kit.contact_sheets, ([n for n in files if n not in host], host), strict=True
    ):
        expected = preview.contact_sheet([(name, files[name]) for name in names])
        with Image.open(sheet) as image:
            assert ImageChops.difference(image.convert("RGB"), expected).getbbox() is None


# The kit `preview pass-and-pick` draws when no count or paper is asked: the smallest count,
# the first paper.
SMALLEST = Path("pass-and-pick/a4/3-players")
# An output folder of `preview pass-and-pick --dpi 20`, and the lines it printed.
Previewed = tuple[Path, list[str]]


@pytest.fixture(scope="module")
def smallest(tmp_path_factory: pytest.TempPathFactory) -> Previewed:
    """`preview pass-and-pick --dpi 20` as typed, made once: the tests that build again
    into its folder build into a copy of their own."""
    out = tmp_path_factory.mktemp("smallest")
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        assert main(["preview", "pass-and-pick", "--dpi", "20", "--out", str(out)]) == 0
    return out, printed.getvalue().splitlines()


def copied(previewed: Previewed, tmp_path: Path) -> Path:
    return Path(shutil.copytree(previewed[0], tmp_path / "out", symlinks=True))


def test_preview_is_deterministic_and_leaves_no_temporary_folders(
    tmp_path: Path, smallest: Previewed
) -> None:
    out = copied(smallest, tmp_path)
    before = {p.name: p.read_bytes() for p in (out / SMALLEST / preview.PREVIEW).iterdir()}
    second = preview.build_and_preview(Sources(), "pass-and-pick", "3", "a4", out, 20)[0]
    assert second.folder == out / SMALLEST / preview.PREVIEW
    assert {p.name: p.read_bytes() for p in second.folder.iterdir()} == before
    assert sorted(p.name for p in second.folder.parent.iterdir() if p.is_dir()) == ["preview"]


def test_a_later_build_replaces_the_kit_and_its_previews(
    tmp_path: Path, smallest: Previewed
) -> None:
    """An unchanged kit keeps its previews (they show the same PDFs); a kit built again
    is replaced whole, so old pictures never sit beside newer PDFs."""
    out = copied(smallest, tmp_path)
    folder = out / SMALLEST / preview.PREVIEW
    assert folder.is_dir()
    args = ["build", "pass-and-pick", "--players", "3", "--paper", "a4", "--out", str(out)]
    assert main(args) == 0
    assert folder.is_dir()
    assert main([*args, "--force"]) == 0
    assert not folder.exists()
    assert sorted(p.suffix for p in folder.parent.iterdir()) == [".pdf"] * 6


def test_preview_command_prints_every_path_and_defaults_to_the_smallest_count(
    smallest: Previewed,
) -> None:
    out, lines = smallest
    printed = [Path(line) for line in lines]
    folder = out / SMALLEST / preview.PREVIEW
    assert printed[-2:] == [folder / preview.CONTACT_SHEET, folder / preview.HOST_CONTACT_SHEET]
    assert sorted(printed) == sorted(folder.iterdir())


def test_preview_of_an_unknown_game_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["preview", "no-such-game", "--out", str(tmp_path)]) == 2
    assert capsys.readouterr().err.startswith("unknown game 'no-such-game' (known: ")
    assert not any(tmp_path.iterdir())


def test_preview_says_each_label_set_it_skips_in_the_lines_build_says(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A game of the user's own has no Spanish texts, so the Spanish sets skip it: a kit
    missing from the preview is said to be missing, in the very lines `build` says (on
    stderr, as the command line's `main` says them). The game is tests/tinygame.py's, whose
    kits are a few pages in each of the sets that take it."""
    content = tmp_path / "content"
    (content / "tiny").mkdir(parents=True)
    for name, _, text in tinygame.project_edits():
        (tmp_path / name).write_text(text, encoding="utf-8")
    asked = ("tiny", "--content", str(content), "--labels", "all")
    shown = run(
        ["preview", *asked, "--dpi", "10", "--out", str(tmp_path / "preview")], capsys, tmp_path
    )
    kit = ("--players", "2", "--paper", "a4")  # what preview builds by default
    built = run(
        ["build", *asked, *kit, "--quiet", "--out", str(tmp_path / "build")], capsys, tmp_path
    )
    assert (shown[0], built[0]) == (0, 0), shown[1] + built[1]
    skipped = built[1]
    assert "skipped es for tiny: " in "\n".join(skipped)
    assert all(line.startswith("skipped ") for line in skipped), skipped
    assert shown[1] == skipped
    assert not (tmp_path / "preview" / "tiny" / "es").exists()
    assert (tmp_path / "preview" / "tiny" / "braille").is_dir()  # the sets that take it: built
