"""Several card sizes in one game: a deck of game.yaml's `extra_decks` may name its own
`card_size` or `card_template` (mini helper cards beside poker suit cards). Each deck is
its own file, so a sheet never mixes sizes; imposition, duplex, print-shop pages and PNGs
follow the deck's size, and `--card-size` resizes only the decks that fix none.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from shapes_print.commands.cli import main
from shapes_print.units import mm
from tests.pdfread import placements

GAME = "my-game"
HELPERS = """\
backs:
  helper:
    layout: back
    fields: {title: "Helper", fill: "#2F3E66", pattern: none, pattern_colour: "#4B5D8F",
             title_colour: "#FFFFFF"}
cards:
  - id: "helper-{number}"
    for_each: [numbers]
    count: 2
    layout: shape
    back: helper
    fields: {shape: circle, label: "HELP {number}", colour: "#E69F00", pattern: none,
             pattern_colour: "#000000"}
"""
MINI = (mm(44), mm(63))
POKER = (mm(63.5), mm(88.9))
TAROT = (mm(70), mm(120))


def _game(content: Path, deck_keys: str = "card_size: mini") -> Path:
    """The `new` game with a deck of ten helper cards printed in a file of its own."""
    assert main(["new", GAME, "--content", str(content)]) == 0
    folder = content / GAME
    game = folder / "game.yaml"
    extra = f'extra_decks:\n  helpers: {{file: helpers.yaml, title: "helper cards", {deck_keys}}}\n'
    game.write_text(game.read_text(encoding="utf-8") + extra, encoding="utf-8")
    (folder / "helpers.yaml").write_text(HELPERS, encoding="utf-8")
    return content


def _build(content: Path, out: Path, *extra: str) -> Path:
    args = [GAME, "--content", str(content), "--players", "2", "--paper", "a4", "-q"]
    assert main(["build", *args, "--out", str(out), *extra]) == 0
    size = extra[extra.index("--card-size") + 1] if "--card-size" in extra else ""
    part = "-part" if "--deck" in extra else ""  # a kit built in part says so
    return out / GAME / size / "a4" / f"2-players{part}"


@pytest.fixture(scope="module")
def content(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _game(tmp_path_factory.mktemp("sizes") / "games")


def _pitch(path: Path) -> tuple[float, float]:
    """The distance between neighbouring cards of a butted sheet, across and down."""
    reader = PdfReader(path)
    placed = placements(reader.pages[0], reader)
    xs, ys = sorted({round(p.x, 3) for p in placed}), sorted({round(p.y, 3) for p in placed})
    return xs[1] - xs[0], ys[1] - ys[0]


def test_each_deck_is_imposed_at_its_own_size(content: Path, tmp_path: Path) -> None:
    kit = _build(content, tmp_path)
    assert _pitch(kit / f"{GAME}_2p_a4_cards.pdf") == pytest.approx(POKER, abs=0.01)
    assert _pitch(kit / f"{GAME}_2p_a4_helpers.pdf") == pytest.approx(MINI, abs=0.01)


def test_card_size_resizes_only_the_decks_that_fix_none(content: Path, tmp_path: Path) -> None:
    kit = _build(content, tmp_path, "--card-size", "tarot")
    assert _pitch(kit / f"{GAME}_2p_a4_tarot_cards.pdf") == pytest.approx(TAROT, abs=0.01)
    assert _pitch(kit / f"{GAME}_2p_a4_tarot_helpers.pdf") == pytest.approx(MINI, abs=0.01)


def test_backs_sit_behind_their_faces_at_the_decks_size(content: Path, tmp_path: Path) -> None:
    """Flipped on the paper's long edge: ten mini cards lie on a landscape sheet, whose long
    edge is its top, so a back's y is the page height less the face's y and the mini card's
    height (not the game's poker card's), its x the face's."""
    reader = PdfReader(_build(content, tmp_path) / f"{GAME}_2p_a4_helpers.pdf")
    fronts, backs = (placements(reader.pages[i], reader) for i in (0, 1))
    box = reader.pages[0].mediabox
    assert float(box.width) > float(box.height)
    faces = {(round(p.x, 2), round(p.y, 2)) for p in fronts}
    behind = {(round(p.x, 2), round(float(box.height) - p.y - MINI[1], 2)) for p in backs}
    assert len(faces) == 10 and behind == faces


def test_print_shop_pages_and_pictures_follow_each_deck(content: Path, tmp_path: Path) -> None:
    # The two decks' files alone: their pages and pictures are the bytes the whole kit's
    # build writes for them, without the coins' pictures or the sheets.
    kit = _build(content, tmp_path, "--print-shop", "--format", "png", "--deck", "cards,helpers")
    bleed = mm(3)
    for stem, (width, height) in (("cards", POKER), ("helpers", MINI)):
        reader = PdfReader(kit / f"{GAME}_2p_a4_{stem}-print-shop.pdf")
        for page in reader.pages:
            trim = page.trimbox
            assert (float(trim.width), float(trim.height)) == pytest.approx(
                (width, height), abs=0.01
            )
            assert float(page.mediabox.width) == pytest.approx(width + 2 * bleed, abs=0.01)
        pictures = sorted(kit.glob(f"{GAME}_2p_a4_{stem}-print-shop_*_front.png"))
        assert pictures
        for picture in pictures:
            with Image.open(picture) as image:
                pixels = ((width + 2 * bleed) / 72 * 300, (height + 2 * bleed) / 72 * 300)
                assert image.size == pytest.approx(pixels, abs=1)


@pytest.mark.parametrize(
    ("keys", "said"),
    [
        ("card_size: huge", "unknown card_size 'huge'"),
        ("card_template: nope", "card template 'nope' not found"),
    ],
)
def test_a_decks_size_or_template_that_is_not_known_is_one_line_at_its_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], keys: str, said: str
) -> None:
    content = _game(tmp_path / "games", keys)
    capsys.readouterr()
    args = [GAME, "--content", str(content), "--players", "2", "--paper", "a4"]
    assert main(["build", *args, "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    game_yaml = content / GAME / "game.yaml"
    line = len(game_yaml.read_text(encoding="utf-8").splitlines())
    first = err.splitlines()[0]
    assert first.startswith(f"{game_yaml}:{line}:") and said in first
    assert not (tmp_path / "out" / GAME).exists()
