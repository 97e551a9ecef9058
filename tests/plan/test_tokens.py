"""Token decks (game.yaml's `tokens:`): round or square counters of a given diameter or
side, as `new`'s example has them (12 coins, 25 mm across), imposed in a file of their own
with circle cut guides, their backs behind their faces, and one token a print-shop page.
"""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image
from pypdf import PdfReader

from shapes_print.commands.cli import main
from shapes_print.units import mm
from tests.pdfread import page_lines, placements

GAME = "my-game"
COIN = mm(25)
COINS = f"{GAME}_2p_a4_coins"


def _new(content: Path) -> Path:
    assert main(["new", GAME, "--content", str(content)]) == 0
    return content


def _build(content: Path, out: Path, *extra: str) -> Path:
    args = [GAME, "--content", str(content), "--players", "2", "--paper", "a4", "-q"]
    assert main(["build", *args, "--out", str(out), *extra]) == 0
    size = extra[extra.index("--card-size") + 1] if "--card-size" in extra else ""
    part = "-part" if "--deck" in extra else ""  # a kit built in part says so
    return out / GAME / size / "a4" / f"2-players{part}"  # another card size's kit has its folder


@pytest.fixture(scope="module")
def content(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _new(tmp_path_factory.mktemp("tokens") / "games")


@pytest.fixture(scope="module")
def home(content: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _build(content, tmp_path_factory.mktemp("home"), "--format", "pdf,svg")


def _coins_placed(path: Path) -> tuple[list[tuple[float, float]], list[tuple[float, float]], float]:
    reader = PdfReader(path)
    fronts, backs = (placements(reader.pages[i], reader) for i in (0, 1))
    width = float(reader.pages[0].mediabox.width)
    return [(p.x, p.y) for p in fronts], [(p.x, p.y) for p in backs], width


def test_coins_are_imposed_at_their_diameter_with_backs_behind(home: Path) -> None:
    """Twelve coins 25 mm apart; flipped on the long edge of the portrait sheet, each
    back's x is the page width less the face's x and the coin's diameter."""
    faces, backs, width = _coins_placed(home / f"{COINS}.pdf")
    assert len(faces) == 12
    xs = sorted({round(x, 3) for x, _ in faces})
    assert xs[1] - xs[0] == pytest.approx(COIN, abs=0.01)
    mirrored = {(round(width - x - COIN, 2), round(y, 2)) for x, y in backs}
    assert mirrored == {(round(x, 2), round(y, 2)) for x, y in faces}


def test_round_coins_have_circle_cut_guides_and_cut_paths(home: Path) -> None:
    """The trim hairline round each face is its circle (a rect rounded to half its side),
    and the cutting machine's outline is that circle too; the suit cards keep their
    square hairline."""
    page = (home / f"{COINS}_p01.svg").read_text(encoding="utf-8")
    side = f"{COIN:.3f}"
    circles = re.findall(rf'<rect [^>]*height="{side}"[^>]*rx="{COIN / 2:.3f}"', page)
    assert len(circles) == 12
    cuts = re.findall(r'<path d="([^"]+)"', (home / f"{COINS}_p01_cut.svg").read_text())
    assert len(cuts) == 12 and all(cut.count(" C ") == 4 for cut in cuts)
    cards = (home / f"{GAME}_2p_a4_cards_p01.svg").read_text(encoding="utf-8")
    assert 'stroke="#767676"' in cards and not re.search(
        r'<rect [^>]*rx=[^>]*stroke="#767676"', cards
    )


def test_coins_keep_their_diameter_whatever_card_size_asks(content: Path, tmp_path: Path) -> None:
    faces, _, _ = _coins_placed(
        _build(content, tmp_path, "--card-size", "tarot") / f"{GAME}_2p_a4_tarot_coins.pdf"
    )
    xs = sorted({round(x, 3) for x, _ in faces})
    assert xs[1] - xs[0] == pytest.approx(COIN, abs=0.01)


def test_a_print_shop_prints_one_coin_a_page_and_a_picture_of_each(
    content: Path, tmp_path: Path
) -> None:
    # The coins' file alone: its pages and pictures are the bytes the whole kit's build
    # writes for it, without the suit cards' pictures.
    kit = _build(content, tmp_path, "--print-shop", "--format", "png", "--deck", "coins")
    reader = PdfReader(kit / f"{COINS}-print-shop.pdf")
    assert len(reader.pages) == 24  # 12 faces, each followed by its back
    bleed = mm(3)
    for page in reader.pages:
        assert float(page.trimbox.width) == pytest.approx(COIN, abs=0.01)
        assert float(page.mediabox.height) == pytest.approx(COIN + 2 * bleed, abs=0.01)
    pictures = sorted(kit.glob(f"{COINS}-print-shop_*_front.png"))
    assert len(pictures) == 12
    with Image.open(pictures[0]) as image:
        assert image.size == pytest.approx(((COIN + 2 * bleed) / 72 * 300,) * 2, abs=1)


def test_square_tokens_take_their_side(tmp_path: Path) -> None:
    content = _new(tmp_path / "games")
    game = content / GAME / "game.yaml"
    text = game.read_text(encoding="utf-8").replace("diameter: 25mm", "side: 20mm")
    game.write_text(text, encoding="utf-8")
    home = _build(content, tmp_path / "out", "--format", "pdf,svg")
    faces, _, _ = _coins_placed(home / f"{COINS}.pdf")
    xs = sorted({round(x, 3) for x, _ in faces})
    assert xs[1] - xs[0] == pytest.approx(mm(20), abs=0.01)
    page = (home / f"{COINS}_p01.svg").read_text(encoding="utf-8")
    assert not re.search(rf'<rect [^>]*height="{mm(20):.3f}"[^>]*rx=', page)


@pytest.mark.parametrize("size", ["diameter: 25mm, side: 20mm", "card_template: token"])
def test_a_token_deck_gives_one_size(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], size: str
) -> None:
    content = _new(tmp_path / "games")
    game = content / GAME / "game.yaml"
    game.write_text(
        game.read_text(encoding="utf-8").replace("diameter: 25mm", size), encoding="utf-8"
    )
    capsys.readouterr()
    assert main(["check", GAME, "--content", str(content)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{game}:") and "diameter (round) or its side (square)" in err
    assert err.count("\n") == 1


def _text_box(page: pdfium.PdfPage, words: str) -> tuple[float, float, float, float]:
    """The box (left, bottom, right, top) round a run of words on the page."""
    text = page.get_textpage()
    found = text.search(words).get_next()
    assert found is not None, words
    start, count = found
    boxes = [text.get_charbox(index) for index in range(start, start + count)]
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )


def test_the_coin_sheet_furniture_stands_whole_past_its_marks(home: Path) -> None:
    """The stretches between 25 mm columns' marks are too short for the 50 mm ruler or
    the print line: they stand past the marks, the print line whole on one line, each
    clear of the other."""
    lines = page_lines(home / f"{COINS}.pdf")[0]
    assert any("Print at 100%" in line and "flip on long edge" in line for line in lines)
    page = pdfium.PdfDocument(home / f"{COINS}.pdf")[0]
    ruler = _text_box(page, "50 mm: check with a ruler")
    said = _text_box(page, "Print at 100%")
    apart = ruler[2] <= said[0] or said[2] <= ruler[0] or ruler[3] <= said[1] or said[3] <= ruler[1]
    assert apart, (ruler, said)
