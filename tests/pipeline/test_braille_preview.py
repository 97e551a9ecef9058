"""`preview` of a braille kit: the PDFs as ever, and each braille page of the .brf drawn as
its dots, on the contact sheet too (issue 26, item 3)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import msgspec
import pytest
from PIL import Image
from pypdf import PdfReader

from shapes_print.braille.cells import from_ascii, raised
from shapes_print.commands.cli import main
from shapes_print.commands.serve import Studio
from shapes_print.load.printmodels import BrailleStyle
from shapes_print.pipeline import preview
from shapes_print.pipeline.project import Sources, load_project
from tests import tinygame

DPI = 100  # a 1.5 mm dot is 6 pixels across: its centre is clearly ink or clearly paper
GAME = "pass-and-pick"
KIT = Path(f"{GAME}/braille/a4/3-players")
STEM = "pass-and-pick_3p_a4_braille"
# The kit whose pages are drawn large enough to read each dot: tests/tinygame.py's game, its
# sheet long enough for two braille pages, and its PDFs (drawn too) a few pages.
TINY_KIT = Path("tiny/braille/a4/2-players")
TINY_STEM = "tiny_2p_a4_braille"
PAPER = (255, 255, 255)


@pytest.fixture(scope="module")
def style() -> BrailleStyle:
    braille = load_project(Sources(), ["pass-and-pick"], ["braille"]).ctx.style.braille
    assert braille is not None
    return braille


@pytest.fixture(scope="module")
def previewed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("braille")
    game = root / "content" / "tiny"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text(tinygame.game(["sheets.yaml"]), encoding="utf-8")
    (game / "deck.yaml").write_text(tinygame.DECK, encoding="utf-8")
    words = " ".join(["Take a card from the deck and pass it to the player on your left."] * 12)
    sheets = tinygame.sheets("heading: Turn", f"text: {words}")
    (game / "sheets.yaml").write_text(sheets, encoding="utf-8")
    out = root / "out"
    args = ["preview", "tiny", "--content", str(root / "content"), "--labels", "braille"]
    args += ["--paper", "a4", "--dpi", str(DPI), "--out", str(out)]
    assert main(args) == 0
    return out


def brf_pages(brf: Path) -> list[list[str]]:
    return [page.split("\r\n") for page in brf.read_bytes().decode("ascii").split("\f")]


def test_every_braille_page_is_a_picture_of_its_own_beside_the_pdfs(
    previewed: Path, style: BrailleStyle
) -> None:
    out = previewed
    folder = out / TINY_KIT / preview.PREVIEW
    pages = brf_pages(out / TINY_KIT / f"{TINY_STEM}_embosser.brf")
    assert len(pages) >= 2
    names = sorted(path.name for path in folder.glob(f"{TINY_STEM}_embosser_p*.png"))
    assert names == [f"{TINY_STEM}_embosser_p{n:02d}.png" for n in range(1, len(pages) + 1)]
    for pdf in (out / TINY_KIT).glob("*.pdf"):  # the PDFs are drawn as they always were
        count = len(PdfReader(pdf).pages)
        assert len(list(folder.glob(f"{pdf.stem}_p*.png"))) == count
    embosser = style.embosser
    size = (
        round((embosser.cells_per_line + 2) * style.cell_spacing * DPI / 72),
        round((embosser.lines_per_page + 2) * style.line_spacing * DPI / 72),
    )
    with Image.open(folder / names[0]) as image:
        assert image.size == size


def test_each_dot_of_a_braille_page_is_ink_exactly_where_the_brf_raises_it(
    previewed: Path, style: BrailleStyle
) -> None:
    out = previewed
    pages = brf_pages(out / TINY_KIT / f"{TINY_STEM}_embosser.brf")
    scale = DPI / 72
    radius = style.dot_diameter / 2
    raised_count = 0
    for number, lines in enumerate(pages, start=1):
        png = out / TINY_KIT / preview.PREVIEW / f"{TINY_STEM}_embosser_p{number:02d}.png"
        with Image.open(png) as image:
            picture = image.convert("RGB")
        for row in range(style.embosser.lines_per_page):
            cells = from_ascii(lines[row]) if row < len(lines) else ""
            for column in range(style.embosser.cells_per_line):
                dots = raised(cells[column]) if column < len(cells) else []
                for dot in range(1, 7):
                    across, down = divmod(dot - 1, 3)
                    x = (column + 1) * style.cell_spacing + radius + across * style.dot_spacing
                    y = (row + 1) * style.line_spacing + radius + down * style.dot_spacing
                    ink = picture.getpixel((round(x * scale), round(y * scale))) != PAPER
                    assert ink == (dot in dots), (number, row, column, dot)
                    raised_count += ink
    assert raised_count > 1000  # pages of words, not blank paper


class ShownCache(preview.PageCache):
    """A preview's page cache that notes each contact sheet's files and page counts."""

    shown: list[tuple[str, int]] = msgspec.field(default_factory=list)

    def contact_sheet(self, files: Sequence[tuple[str, Sequence[preview.DrawnPage]]]) -> bytes:
        self.shown.extend((title, len(pages)) for title, pages in files)
        return super().contact_sheet(files)


def test_the_contact_sheet_shows_the_brf_under_its_name(tmp_path: Path) -> None:
    cache = ShownCache()
    kits = preview.build_and_preview(
        Sources(), "pass-and-pick", "3", "a4", tmp_path, 20, ["braille"], cache
    )
    shown = cache.shown
    brf = tmp_path / KIT / f"{STEM}_embosser.brf"
    assert (brf.name, len(brf_pages(brf))) in shown
    assert [kit.folder for kit in kits] == [tmp_path / KIT / preview.PREVIEW]
    assert sum("_embosser_p" in page.name for page in kits[0].pages) == len(brf_pages(brf))
    # preview --serve names each picture by the file it shows: a .brf is no PDF.
    studio = Studio(GAME, tmp_path)
    studio.built(kits)
    captions = [page["title"] for page in studio.kits[0]["pages"]]
    assert f"{brf.name}, page 1" in captions
    assert f"{STEM}_cards.pdf, page 1" in captions


# Collect 3 in Spanish braille alone, and Pass and pick, the smaller kit, in both braille
# sets beside a printed one: each set's kit is previewed, page by page, for the .brf files
# among them. (`all` would add seven printed kits whose pages no assertion here looks at;
# what preview does with `all` is asked in tests/pipeline/test_preview.py.) The pages are
# drawn at the fewest dots per inch there are: what is asked is that each page is drawn.
@pytest.mark.parametrize(
    ("game", "labels", "brf_files"),
    [("collect-3", "braille-es", 1), (GAME, "standard,braille,braille-es", 2)],
)
def test_preview_of_a_braille_set_alone_or_beside_others_draws_every_brf(
    game: str, labels: str, brf_files: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["preview", game, "--labels", labels, "--dpi", "10", "--out", str(tmp_path)]
    assert main(args) == 0
    printed = capsys.readouterr().out.splitlines()
    brfs = sorted(tmp_path.rglob("*.brf"))
    assert len(brfs) == brf_files
    for brf in brfs:
        drawn = [line for line in printed if f"/{brf.stem}_p" in line]
        assert len(drawn) == len(brf_pages(brf)) > 0
