"""Tabletop Simulator backend: a deck's card sheets as PNGs (render/png.py) and its saved
object, a JSON file that TTS's "Saved Objects" folder takes as it is.

Input: a planned `TabletopDeck`, the folder to write in and the folder its files will be
in once the build moves them into place. Output: the PNGs and `<deck>.json`, whose
FaceURL and BackURL are `file:///` addresses of those PNGs (TTS loads local pictures from
such addresses, so a saved object works without uploading anything; it points at the
kit's folder, so build where the pictures are to stay).

The bytes depend only on the deck and that folder: no clock, and every GUID is the start
of a hash of the deck's name and the card's place in it.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from shapes_print.plan.tabletop import Sheet, TabletopDeck
from shapes_print.render.png import write_pngs

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


def write_tabletop(deck: TabletopDeck, folder: Path, placed_in: Path) -> list[tuple[Path, int]]:
    """The deck's PNGs and saved object in `folder`, addressed where they will be:
    `placed_in`. Each file with its page count (one)."""
    pictures = write_pngs(deck.sheets, deck.pictures, deck.dpi, folder)
    home = placed_in.resolve()
    urls = {name: (home / f"{name}.png").as_uri() for name in deck.pictures}
    saved = folder / f"{deck.name}.json"
    text = json.dumps(saved_object(deck, urls), indent=2, ensure_ascii=False)
    saved.write_text(text + "\n", encoding="utf-8")
    return [*((path, 1) for path in pictures), (saved, 1)]
