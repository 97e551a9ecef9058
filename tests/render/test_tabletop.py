"""Tabletop Simulator export (`--format tts`): each deck's face sheets and back as PNGs in
the grid TTS cuts (at most 10 x 7, the last slot left for its hidden card, at most 10,000
pixels a side), and a saved object with the fields TTS reads, each card at its cell.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from PIL import Image, ImageChops, ImageStat

from shapes_print.commands.cli import main
from shapes_print.geometry.primitives import RGB, Document, Page, Paint, Rect, Symbol, Use
from shapes_print.load.options import PrintOptions
from shapes_print.pipeline.pipeline import Sources, plan_all
from shapes_print.pipeline.project import Project, load_project
from shapes_print.plan.tabletop import (
    SheetPicture,
    TabletopDeck,
    cells_of,
    grid,
    sheet_dpi,
    side_page,
)
from shapes_print.render.png import write_pngs
from shapes_print.render.tabletop import draw_sheets
from tests.command_lines import one_kit
from tests.pictureexample import example

KIT = "collect-3/a4/4-players"
POKER_PIXELS = (400, 560)  # 63.5 x 88.9 mm at print.yaml's 160 dpi
# The fields TTS reads from a saved object, with their types: a small schema of it.
TRANSFORM = dict.fromkeys(
    ("posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ"), float
)
SHEET = {
    "FaceURL": str,
    "BackURL": str,
    "NumWidth": int,
    "NumHeight": int,
    "BackIsHidden": bool,
    "UniqueBack": bool,
}
CARD = {
    "GUID": str,
    "Name": str,
    "Transform": dict,
    "Nickname": str,
    "Description": str,
    "CardID": int,
    "CustomDeck": dict,
}
DECK = {**CARD, "DeckIDs": list, "ContainedObjects": list}
del DECK["CardID"]


def has_fields(value: dict[str, object], fields: dict[str, type]) -> None:
    for key, kind in fields.items():
        assert isinstance(value.get(key), kind), f"{key} must be a {kind.__name__}: {value}"
        assert kind is not int or not isinstance(value[key], bool), key


def check_saved_object(path: Path) -> dict[str, object]:
    """The deck of a saved object, checked against the fields TTS reads."""
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(saved["ObjectStates"], list) and len(saved["ObjectStates"]) == 1
    deck = saved["ObjectStates"][0]
    has_fields(deck, DECK)
    assert deck["Name"] == "DeckCustom"
    has_fields(deck["Transform"], TRANSFORM)
    for number, sheet in deck["CustomDeck"].items():
        has_fields(sheet, SHEET)
        assert number.isdigit() and int(number) >= 1
        assert 2 <= sheet["NumWidth"] <= 10 and 2 <= sheet["NumHeight"] <= 7
        for url in (sheet["FaceURL"], sheet["BackURL"]):
            assert url.startswith("file:///") and local(url).is_file(), url
    guids = [deck["GUID"], *(card["GUID"] for card in deck["ContainedObjects"])]
    assert all(re.fullmatch("[0-9a-f]{6}", guid) for guid in guids)
    assert len(set(guids)) == len(guids)
    assert [card["CardID"] for card in deck["ContainedObjects"]] == deck["DeckIDs"]
    for card in deck["ContainedObjects"]:
        has_fields(card, CARD)
        has_fields(card["Transform"], TRANSFORM)
        sheet, slot = divmod(card["CardID"], 100)
        grid = deck["CustomDeck"][str(sheet)]
        assert card["Name"] == "Card" and card["CustomDeck"] == {str(sheet): grid}
        assert slot < grid["NumWidth"] * grid["NumHeight"] - 1  # the last slot: TTS's hidden card
    return deck


def local(url: str) -> Path:
    return Path(unquote(urlparse(url).path))


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The kit built with two processes: alone in the build, it shares its decks' sheets
    out over them."""
    out = tmp_path_factory.mktemp("tts")
    assert main([*one_kit("collect-3", out), "--format", "tts", "-q", "--jobs", "2"]) == 0
    return out


@pytest.fixture(scope="module")
def project() -> Project:
    return load_project(Sources(), ["collect-3"])


@pytest.fixture(scope="module")
def planned(project: Project) -> dict[str, TabletopDeck]:
    """The kit's decks as planned for TTS, by file name."""
    options = PrintOptions(formats=("pdf", "tts"))
    (_, _, files), *_ = plan_all(project, "4", "a4", "long", options)
    return {f.name: f.document for f in files if isinstance(f.document, TabletopDeck)}


def test_each_deck_is_a_saved_object_tts_reads_with_every_card_once_per_copy(
    built: Path, planned: dict[str, TabletopDeck], project: Project
) -> None:
    folder = built / KIT
    cards = check_saved_object(folder / "collect-3_4p_a4_cards_tts.json")
    tasks = check_saved_object(folder / "collect-3_4p_a4_task-cards_tts.json")
    # Every card at its count for 4 players: 3 of each number card, the Action cards, ...
    deck = project.games["collect-3"].decks[0].deck.cards
    names = Counter(card["Nickname"] for card in cards["ContainedObjects"])
    assert names == {card.name: card.copies(4) for card in deck}
    assert names["Red 1"] == names["Yellow 6"] == 3
    wild = next(c for c in cards["ContainedObjects"] if c["Nickname"] == "Wild")
    assert "Counts as any one card in your Collect 3" in wild["Description"]
    assert len(tasks["DeckIDs"]) == 20 and tasks["DeckIDs"][:2] == [100, 101]
    # Three backs in the main deck: a sheet of backs; the task cards' one back: one picture.
    main_sheet, task_sheet = cards["CustomDeck"]["1"], tasks["CustomDeck"]["1"]
    assert main_sheet["UniqueBack"] and not task_sheet["UniqueBack"]
    assert local(task_sheet["BackURL"]).name == "collect-3_4p_a4_task-cards_tts_back.png"
    assert Image.open(local(task_sheet["BackURL"])).size == POKER_PIXELS
    for sheet in (main_sheet, task_sheet):
        grid = (sheet["NumWidth"], sheet["NumHeight"])
        size = (grid[0] * POKER_PIXELS[0], grid[1] * POKER_PIXELS[1])
        assert Image.open(local(sheet["FaceURL"])).size == size
    assert (
        Image.open(local(main_sheet["BackURL"])).size
        == Image.open(local(main_sheet["FaceURL"])).size
    )
    assert planned["collect-3_4p_a4_cards_tts"].sheets_of_deck[0].columns == main_sheet["NumWidth"]


def test_each_card_is_drawn_at_its_cell(
    built: Path, planned: dict[str, TabletopDeck], tmp_path: Path
) -> None:
    deck = planned["collect-3_4p_a4_cards_tts"]
    saved = json.loads((built / KIT / f"{deck.name}.json").read_text(encoding="utf-8"))
    sheet = saved["ObjectStates"][0]["CustomDeck"]["1"]
    faces = Image.open(local(sheet["FaceURL"])).convert("RGB")
    backs = Image.open(local(sheet["BackURL"])).convert("RGB")
    width, height = POKER_PIXELS
    columns = sheet["NumWidth"]
    kinds = {card.card_id: card for card in deck.cards}
    drawn: dict[str, Image.Image] = {}  # each side drawn alone once, however many cards show it
    for card_id, card in kinds.items():
        slot = card_id % 100
        box = ((slot % columns) * width, (slot // columns) * height)
        crop = (*box, box[0] + width, box[1] + height)
        for picture, symbol in ((faces, card.face), (backs, card.back)):
            if symbol not in drawn:
                drawn[symbol] = single(deck, symbol, tmp_path)
            alone = drawn[symbol]
            difference = ImageStat.Stat(ImageChops.difference(picture.crop(crop), alone)).mean
            assert max(difference) < 2, f"{symbol} at slot {slot}: {difference}"
    # The slots after the cards (the hidden card's among them) are left empty: white.
    last = len(kinds)
    box = ((last % columns) * width, (last // columns) * height)
    assert faces.crop((*box, box[0] + width, box[1] + height)).getextrema() == ((255, 255),) * 3


def single(deck: TabletopDeck, symbol: str, folder: Path) -> Image.Image:
    """One card side drawn alone at the sheets' pixels per inch, as the PNG writer draws it."""
    card = deck.sides.symbols[symbol]
    page = Page(card.width, card.height, (Use(symbol, 0.0, 0.0),))
    document = Document("one card", [page], deck.sides.symbols, "none")
    (path,) = write_pngs(document, (symbol,), deck.dpi, folder)
    return Image.open(path).convert("RGB")


def little_card(name: str, colour: RGB, corner: tuple[float, float]) -> Symbol:
    """A card an inch wide filled with `colour`, a black square in one corner: a card
    pasted into the wrong cell, or turned, shows."""
    mark = Rect(*corner, 18.0, 18.0, Paint(fill=RGB(0, 0, 0)))
    return Symbol(name, 72.0, 100.8, (Rect(0.0, 0.0, 72.0, 100.8, Paint(fill=colour)), mark))


def test_each_planned_side_is_drawn_once_and_lands_in_its_cell(tmp_path: Path) -> None:
    """A deck planned here (three faces on a 2 x 2 sheet, one back on a sheet of backs): each
    cell of the sheets is its side drawn alone, pixel for pixel; the back is drawn once."""
    cards = [
        little_card("face-a", RGB(230, 159, 0), (0.0, 0.0)),
        little_card("face-b", RGB(86, 180, 233), (54.0, 82.8)),
        little_card("face-c", RGB(0, 158, 115), (54.0, 0.0)),
        little_card("back-x", RGB(204, 121, 167), (0.0, 82.8)),
    ]
    symbols = {card.name: card for card in cards}
    shown: dict[str, int] = {}
    pictures = (
        SheetPicture("little_faces_1", 2, 2, cells_of(["face-a", "face-b", "face-c"], shown)),
        SheetPicture("little_backs_1", 2, 2, cells_of(["back-x"] * 3, shown)),
    )
    dpi, cell = 50, (50, 70)  # 72 x 100.8 pt at 50 dpi: whole pixels, drawn at scale 1
    pages = [side_page(name, (72.0, 100.8), 72.0) for name in shown]
    sides = Document("little", pages, symbols, "none")
    deck = TabletopDeck("little", "little", sides, pictures, dpi, cell, (), (), True, (1.0, 1.0))
    assert list(shown) == ["face-a", "face-b", "face-c", "back-x"]  # the back once
    for picture, path in zip(pictures, draw_sheets(deck, tmp_path), strict=True):
        with Image.open(path) as opened:
            sheet = opened.convert("RGB")
        assert sheet.size == (100, 140)
        for slot, index in enumerate(picture.cells):
            box = ((slot % 2) * 50, (slot // 2) * 70)
            alone = single(deck, list(shown)[index], tmp_path)
            difference = ImageChops.difference(sheet.crop((*box, box[0] + 50, box[1] + 70)), alone)
            assert difference.getbbox() is None, f"{picture.name} slot {slot}"
        assert sheet.crop((50, 70, 100, 140)).getextrema() == ((255, 255),) * 3  # hidden card


def test_a_deck_over_69_cards_takes_several_sheets(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rows = "id,name,count,layout,back,art,label\n" + "".join(
        f"card-{n},card {n},1,picture,standard,art/sun.png,N{n}\n" for n in range(75)
    )
    root = example(tmp_path, rows)
    where = ["--content", str(root / "content"), "--templates", str(root / "templates")]
    args = ["build", "pictures", "--players", "2", "--paper", "a4", "--format", "tts", "-q"]
    assert main([*args, *where, "--out", str(tmp_path / "out")]) == 0, capsys.readouterr().err
    (path,) = (tmp_path / "out").rglob("*_tts.json")
    deck = check_saved_object(path)
    assert deck["DeckIDs"] == [*range(100, 169), *range(200, 206)]
    first, second = deck["CustomDeck"]["1"], deck["CustomDeck"]["2"]
    assert (first["NumWidth"], first["NumHeight"]) == (10, 7)
    assert Image.open(local(first["FaceURL"])).size == (10 * POKER_PIXELS[0], 7 * POKER_PIXELS[1])
    assert first["BackURL"] == second["BackURL"] and not first["UniqueBack"]
    assert Image.open(local(second["FaceURL"])).size == (
        second["NumWidth"] * POKER_PIXELS[0],
        second["NumHeight"] * POKER_PIXELS[1],
    )


@pytest.mark.parametrize(
    ("game", "extra"),
    [
        ("pass-and-pick", ("--labels", "es")),
        ("shapes-the-game", ("--labels", "large-print")),
        ("pass-and-pick", ("--labels", "colour-blind", "--card-size", "mini")),
        ("pass-and-pick", ("--labels", "high-contrast", "--cards", "circle")),
    ],
)
def test_every_game_and_label_set_on_a_screen_exports(
    tmp_path: Path, game: str, extra: tuple[str, ...]
) -> None:
    assert main([*one_kit(game, tmp_path), "--format", "pdf,tts", "-q", *extra]) == 0
    saved = sorted(tmp_path.rglob("*_tts.json"))
    assert saved
    for path in saved:
        deck = check_saved_object(path)
        scale = deck["Transform"]["scaleX"], deck["Transform"]["scaleZ"]
        if "mini" in extra:  # 44 x 63 mm beside TTS's poker-sized card (63.5 x 88.9 mm)
            assert scale == pytest.approx((44 / 63.5, 63 / 88.9))
        else:
            assert scale == (1.0, 1.0)
    if "--cards" in extra:
        (path,) = saved
        assert {c["Nickname"] for c in check_saved_object(path)["ContainedObjects"]} == {"circles"}


def test_the_bytes_are_the_same_each_build_over_any_number_of_processes(
    tmp_path: Path, built: Path
) -> None:
    assert main([*one_kit("collect-3", tmp_path), "--format", "tts", "-q", "--jobs", "1"]) == 0
    for first in sorted((built / KIT).glob("*tts*")):
        again = (tmp_path / KIT / first.name).read_bytes()
        if first.suffix == ".json":
            again = again.replace(str(tmp_path.resolve()).encode(), str(built.resolve()).encode())
        assert again == first.read_bytes(), first.name


def test_braille_is_refused_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main([*one_kit("collect-3", tmp_path / "out"), "--format", "tts", "--labels", "braille"])
        == 2
    )
    assert capsys.readouterr().err.splitlines() == [
        "--format: tts: label set 'braille' draws braille for swell paper, read by touch, not "
        "on a screen; build Tabletop Simulator files with another label set"
    ]
    assert not (tmp_path / "out").exists()


def test_grids_leave_the_hidden_slot_and_sheets_stay_within_tts_limits() -> None:
    assert grid(1) == (2, 2) and grid(9) == (10, 2) and grid(20) == (10, 3)
    assert grid(69) == (10, 7)
    mm = 72 / 25.4
    assert sheet_dpi(200, 63.5 * mm, 88.9 * mm) == 200  # 5000 x 4900 pixels
    big = sheet_dpi(200, 150 * mm, 200 * mm)  # 10 x 7 cards of 150 x 200 mm: 11,811 px
    assert big < 200
    assert 10 * round(150 * mm * big / 72) <= 10_000 and 7 * round(200 * mm * big / 72) <= 10_000
