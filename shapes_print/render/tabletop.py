"""Tabletop Simulator backend: a deck's card sheets as PNGs and its saved object, a JSON
file that TTS's "Saved Objects" folder takes as it is.

Input: a planned `TabletopDeck`, the folder to write in and the folder its files will be
in once the build moves them into place. Output: the PNGs and `<deck>.json`, whose
FaceURL and BackURL are `file:///` addresses of those PNGs (TTS loads local pictures from
such addresses, so a saved object works without uploading anything; it points at the
kit's folder, so build where the pictures are to stay).

A sheet is drawn from the plan's card sides: each distinct side is drawn once by the one
rasteriser (render/raster.py), from a PDF of one small page per side, and pasted into every
cell that shows it; a sheet is never itself a PDF page. The sides come in the order the
sheets first use them, so only a side used again (a back) is kept between cells.

The bytes depend only on the deck and that folder: no clock, and every GUID is the start
of a hash of the deck's name and the card's place in it.
"""

from __future__ import annotations

import hashlib
import io
import json
from collections import Counter
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

from PIL import Image

from shapes_print.buildcache import BuildCache
from shapes_print.plan.tabletop import Sheet, SheetPicture, TabletopDeck
from shapes_print.render.pdf import write_pdf
from shapes_print.render.raster import ZLIB_FASTEST, Raster, draw_pages, save_png, srgb_profile

GUID_DIGITS = 6  # TTS's GUIDs are six hex digits
# TTS's defaults for a card's tint and a deck's place: on the table, face down.
TINT = {"r": 0.713235, "g": 0.713235, "b": 0.713235}
DECK_HEIGHT = 1.0
FACE_DOWN = 180.0


def guid(*parts: object) -> str:
    """A GUID derived from what it names, so the same deck gets the same ones each build."""
    text = "\n".join(str(part) for part in parts)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:GUID_DIGITS]


def transform(scale: tuple[float, float], height: float = 0.0) -> dict[str, float]:
    return {
        "posX": 0.0,
        "posY": height,
        "posZ": 0.0,
        "rotX": 0.0,
        "rotY": FACE_DOWN,
        "rotZ": FACE_DOWN,
        "scaleX": scale[0],
        "scaleY": 1.0,
        "scaleZ": scale[1],
    }


def custom_deck(sheet: Sheet, urls: dict[str, str], unique_back: bool) -> dict[str, object]:
    """One sheet as TTS's CustomDeck entry. BackIsHidden: a card in a hand shows others its
    back, so the hidden-card slot is never shown (it is left empty)."""
    return {
        "FaceURL": urls[sheet.faces],
        "BackURL": urls[sheet.back],
        "NumWidth": sheet.columns,
        "NumHeight": sheet.rows,
        "BackIsHidden": True,
        "UniqueBack": unique_back,
        "Type": 0,  # a rectangle with rounded corners
    }


def saved_object(deck: TabletopDeck, urls: dict[str, str]) -> dict[str, object]:
    """The deck as a saved object: one DeckCustom holding a Card for every copy."""
    sheets = {
        str(sheet.number): custom_deck(sheet, urls, deck.unique_back)
        for sheet in deck.sheets_of_deck
    }
    common = {"Locked": False, "Grid": True, "Snap": True, "Autoraise": True, "Sticky": True}
    cards = [
        {
            "GUID": guid(deck.name, place),
            "Name": "Card",
            "Transform": transform(deck.scale),
            "Nickname": card.nickname,
            "Description": card.description,
            "ColorDiffuse": TINT,
            **common,
            "Tooltip": True,
            "Hands": True,
            "SidewaysCard": False,
            "CardID": card.card_id,
            "CustomDeck": {str(card.card_id // 100): sheets[str(card.card_id // 100)]},
        }
        for place, card in enumerate(deck.cards)
    ]
    state = {
        "GUID": guid(deck.name, "deck"),
        "Name": "DeckCustom",
        "Transform": transform(deck.scale, DECK_HEIGHT),
        "Nickname": deck.title,
        "Description": "",
        "ColorDiffuse": TINT,
        **common,
        "Tooltip": True,
        "Hands": False,
        "SidewaysCard": False,
        "DeckIDs": [card.card_id for card in deck.cards],
        "CustomDeck": sheets,
        "ContainedObjects": cards,
    }
    return {
        "SaveName": deck.title,
        "GameMode": "",
        "Date": "",
        "Table": "",
        "Sky": "",
        "Note": "",
        "Rules": "",
        "XmlUI": "",
        "LuaScript": "",
        "LuaScriptState": "",
        "ObjectStates": [state],
        "TabStates": {},
        "VersionNumber": "",
    }


class DrawnSides:
    """A deck's sides as the rasteriser draws them, in the order the sheets first use them;
    a side to be pasted again is kept until its last cell, any other let go at once."""

    def __init__(self, drawn: Iterator[Image.Image], deck: TabletopDeck) -> None:
        self.drawn = drawn
        self.uses = Counter(index for picture in deck.pictures for index in picture.cells)
        self.kept: dict[int, Image.Image] = {}

    def take(self, index: int) -> Image.Image:
        """Side `index` for its next cell."""
        side = self.kept.pop(index) if index in self.kept else next(self.drawn)
        self.uses[index] -= 1
        if self.uses[index]:
            self.kept[index] = side
        return side


def paste_sheet(
    picture: SheetPicture, sides: DrawnSides, cell: tuple[int, int], raster: Raster
) -> Image.Image:
    """One sheet: its sides pasted into its grid from the top left, the rest blank."""
    width, height = cell
    sheet = Image.new("RGB", (picture.columns * width, picture.rows * height), raster.background)
    for slot, index in enumerate(picture.cells):
        row, column = divmod(slot, picture.columns)
        sheet.paste(sides.take(index), (column * width, row * height))
    return sheet


def draw_sheets(deck: TabletopDeck, folder: Path, cache: BuildCache | None = None) -> list[Path]:
    """Each of the deck's pictures as `folder/<name>.png`, tagged sRGB with the deck's
    pixels per inch (its sides' PDF drawn with what the build's `cache` holds). One sheet
    is held at a time (a full one is 98 MB in Pillow)."""
    pdf = io.BytesIO()
    write_pdf(deck.sides, pdf, cache=cache)
    profile = srgb_profile(deck.sides.made)
    # A full sheet is 5000 x 4900 pixels, and encoding its PNG is most of a TTS export's time:
    # at zlib's default, two thirds of it. The fastest level takes about 60% of that time for
    # about 1.6 times the bytes (a sheet of 69 cards: 0.9 MB rather than 0.6 MB).
    raster = Raster(dpi=deck.dpi, compression=ZLIB_FASTEST, profile=profile)
    written = []
    with closing(draw_pages(pdf.getvalue(), raster)) as drawn:
        sides = DrawnSides(drawn, deck)
        for picture in deck.pictures:
            written.append(folder / f"{picture.name}.png")
            save_png(paste_sheet(picture, sides, deck.cell, raster), raster, written[-1])
    return written


def write_tabletop(
    deck: TabletopDeck, folder: Path, placed_in: Path, cache: BuildCache | None = None
) -> list[tuple[Path, int]]:
    """The deck's PNGs and saved object in `folder`, addressed where they will be:
    `placed_in`. Each file with its page count (one)."""
    pictures = draw_sheets(deck, folder, cache)
    home = placed_in.resolve()
    urls = {path.stem: (home / path.name).as_uri() for path in pictures}
    saved = folder / f"{deck.name}.json"
    text = json.dumps(saved_object(deck, urls), indent=2, ensure_ascii=False)
    saved.write_text(text + "\n", encoding="utf-8")
    return [*((path, 1) for path in pictures), (saved, 1)]
