"""Tabletop Simulator backend: a deck's card sheets as PNGs and its saved object, a JSON
file that TTS's "Saved Objects" folder takes as it is.

Input: a planned `TabletopDeck`, the folder to write in and the folder its files will be
in once the build moves them into place. Output: the PNGs and `<deck>.json`, whose
FaceURL and BackURL are `file:///` addresses of those PNGs (TTS loads local pictures from
such addresses, so a saved object works without uploading anything; it points at the
kit's folder, so build where the pictures are to stay).

A sheet is drawn from the plan's card sides, a row of cells at a time, straight into the
rows of its PNG by the one rasteriser (render/raster.py), from a PDF of one small page per
side: each side is drawn once a sheet and copied into its other cells there (a back); a
sheet is never itself a PDF page, nor held whole. Each sheet is a task of its own, which
the write stage may share out over its worker processes (`Spread`), so a lone deck's
sheets are drawn on every core.

The bytes depend only on the deck and that folder: no clock, and every GUID is the start
of a hash of the deck's name and the card's place in it.
"""

from __future__ import annotations

import hashlib
import io
import json
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

import pypdfium2 as pdfium
from msgspec.structs import replace

from shapes_print.buildcache import BuildCache
from shapes_print.geometry.primitives import Document
from shapes_print.plan.tabletop import Sheet, SheetPicture, TabletopDeck
from shapes_print.render.pdf import write_pdf
from shapes_print.render.raster import (
    ZLIB_FASTEST,
    Raster,
    Scanlines,
    png_in_bands,
    srgb_profile,
)

GUID_DIGITS = 6  # TTS's GUIDs are six hex digits
# TTS's defaults for a card's tint and a deck's place: on the table, face down.
TINT = {"r": 0.713235, "g": 0.713235, "b": 0.713235}
DECK_HEIGHT = 1.0
FACE_DOWN = 180.0
# How a deck's sheets are shared out: a task (a sheet's number to its file) mapped over the
# numbers, each result in order (write/forked.py's forked_map over workers, or `one_by_one`).
Spread = Callable[[Callable[[int], Path], int], Iterable[Path]]


def one_by_one(task: Callable[[int], Path], count: int) -> Iterable[Path]:
    """Every sheet in this process, in order."""
    return map(task, range(count))


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


def draw_sheets(
    deck: TabletopDeck,
    folder: Path,
    spread: Spread = one_by_one,
    cache: BuildCache | None = None,
) -> Iterable[Path]:
    """Each of the deck's pictures as `folder/<name>.png`, tagged sRGB with the deck's
    pixels per inch, each drawn by a task of `spread` (which may have started them: read
    the paths to wait for them). A task writes the PDF of its own sheet's sides (with what
    the build's `cache` holds), so no PDF of the whole deck is written before the tasks
    can start. A sheet's PNG is encoded
    a row of cells at a time, unfiltered at zlib's fastest level (render/raster.py says
    why): the encoding was most of a TTS export's time."""
    raster = Raster(dpi=deck.dpi, compression=ZLIB_FASTEST, profile=srgb_profile(deck.sides.made))

    def draw(number: int) -> Path:
        picture = deck.pictures[number]
        path = folder / f"{picture.name}.png"
        pdf = io.BytesIO()
        write_pdf(sheet_sides(deck.sides, picture), pdf, cache=cache)
        document = pdfium.PdfDocument(pdf.getvalue())
        try:
            size = (picture.columns * deck.cell[0], picture.rows * deck.cell[1])
            bands = sheet_bands(document, picture, deck.cell, raster)
            path.write_bytes(b"".join(png_in_bands(bands, size, raster)))
        finally:
            document.close()
        return path

    return spread(draw, len(deck.pictures))


def sheet_sides(sides: Document, picture: SheetPicture) -> Document:
    """The sides `picture` shows, each once, in the order its cells first show them."""
    return replace(sides, pages=[sides.pages[index] for index in dict.fromkeys(picture.cells)])


def sheet_bands(
    document: pdfium.PdfDocument, picture: SheetPicture, cell: tuple[int, int], raster: Raster
) -> Iterator[Scanlines]:
    """The sheet's rows of cells, top to bottom, its sides pasted in from the top left, the
    rest blank: one band, drawn anew once the last is written. `document` holds the sheet's
    sides (`sheet_sides`): each is drawn from its page once, and copied to its other cells."""
    width, height = cell
    uses = Counter(picture.cells)
    pages = iter(document)  # the next side the sheet shows for the first time
    kept: dict[int, bytes] = {}  # a side shown again on this sheet, as drawn
    band = Scanlines(picture.columns * width, height, raster.background)
    for first in range(0, picture.columns * picture.rows, picture.columns):
        band.clear()
        for column, index in enumerate(picture.cells[first : first + picture.columns]):
            left = column * width
            if index in kept:
                band.paste(kept[index], left)
                continue
            page = next(pages)
            band.draw(page, raster, left, width)
            page.close()
            if uses[index] > 1:
                kept[index] = band.cut(left, width)
        yield band


def start_tabletop(
    deck: TabletopDeck,
    folder: Path,
    placed_in: Path,
    spread: Spread = one_by_one,
    cache: BuildCache | None = None,
) -> Callable[[], Iterator[tuple[Path, int]]]:
    """The deck's export, its sheets drawn over `spread` (started now, if it starts work
    at once) and its saved object written meanwhile; called, it gives the deck's PNGs and
    saved object in `folder`, addressed where they will be: `placed_in`, each file with its
    page count (one), each sheet as soon as it is drawn."""
    sheets = draw_sheets(deck, folder, spread, cache)
    home = placed_in.resolve()
    urls = {picture.name: (home / f"{picture.name}.png").as_uri() for picture in deck.pictures}
    saved = folder / f"{deck.name}.json"
    text = json.dumps(saved_object(deck, urls), indent=2, ensure_ascii=False)
    saved.write_text(text + "\n", encoding="utf-8")

    def written() -> Iterator[tuple[Path, int]]:
        yield from ((path, 1) for path in sheets)
        yield saved, 1

    return written
