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
from contextlib import closing
from pathlib import Path

from PIL import Image

from shapes_print.plan.tabletop import Sheet, TabletopDeck
from shapes_print.render.pdf import write_pdf
from shapes_print.render.raster import Raster, draw_pages, save_png, srgb_profile

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


def draw_sheets(deck: TabletopDeck, folder: Path) -> list[Path]:
    """Each of the deck's pictures as `folder/<name>.png`: its sides pasted into its grid,
    tagged sRGB with the deck's pixels per inch."""
    pdf = io.BytesIO()
    write_pdf(deck.sides, pdf)
    raster = Raster(dpi=deck.dpi, profile=srgb_profile(deck.sides.made))
    uses = Counter(index for picture in deck.pictures for index in picture.cells)
    kept: dict[int, Image.Image] = {}  # sides drawn and still to be pasted again
    written = []
    width, height = deck.cell
    with closing(draw_pages(pdf.getvalue(), raster)) as sides:
        for picture in deck.pictures:
            size = (picture.columns * width, picture.rows * height)
            sheet = Image.new("RGB", size, raster.background)
            for slot, index in enumerate(picture.cells):
                side = kept.pop(index) if index in kept else next(sides)
                uses[index] -= 1
                if uses[index]:
                    kept[index] = side
                sheet.paste(
                    side, ((slot % picture.columns) * width, slot // picture.columns * height)
                )
            written.append(folder / f"{picture.name}.png")
            save_png(sheet, raster, written[-1])
    return written


def write_tabletop(deck: TabletopDeck, folder: Path, placed_in: Path) -> list[tuple[Path, int]]:
    """The deck's PNGs and saved object in `folder`, addressed where they will be:
    `placed_in`. Each file with its page count (one)."""
    pictures = draw_sheets(deck, folder)
    home = placed_in.resolve()
    urls = {path.stem: (home / path.name).as_uri() for path in pictures}
    saved = folder / f"{deck.name}.json"
    text = json.dumps(saved_object(deck, urls), indent=2, ensure_ascii=False)
    saved.write_text(text + "\n", encoding="utf-8")
    return [*((path, 1) for path in pictures), (saved, 1)]
