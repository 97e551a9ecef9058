"""Plan stage, Tabletop Simulator: a deck as the card sheets TTS cuts its cards from and
the saved object (its JSON) that puts the deck on the table.

Input: a loaded game with the label set applied, its drawing context, a deck, the card
template, the player count and the cards a partial build keeps. Output: a `TabletopDeck`:
each distinct card side once, as a page the size of one sheet cell, and the sheets' grids
naming the side in each cell (faces, then the back or a sheet of backs), for the renderer
to draw each side once a sheet and copy it to its other cells there (render/tabletop.py);
and the saved object's cards, each with its CardID, name and words.

TTS cuts a sheet into a grid of at most 10 x 7 cards; the last slot of a sheet is its
hidden-card picture, so a sheet holds at most 69 cards, and a larger deck has several
sheets (CustomDeck entries 1, 2, ...). A card's CardID is its sheet's number times 100 plus
its slot. A sheet may be at most 10,000 pixels a side: the pixels per inch are lowered
for a card size that would make it larger. Each distinct card is drawn once; its copies
share its CardID.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterator, Sequence

from msgspec import Struct

from shapes_print.geometry.primitives import Document, Group, Page, Symbol, Use
from shapes_print.kit.contents import card_names
from shapes_print.load.cardmodels import CardTemplate
from shapes_print.load.models import CardType
from shapes_print.plan.cardfile import CardsAsked, Symbols, card_symbols
from shapes_print.plan.kitcontext import KitContext
from shapes_print.plan.part import copies, part_of
from shapes_print.units import POINTS_PER_UNIT

MAX_COLUMNS, MAX_ROWS = 10, 7  # the largest grid TTS cuts a sheet into
MIN_SIDE = 2  # nor fewer than 2 cards across or down
PER_SHEET = MAX_COLUMNS * MAX_ROWS - 1  # the last slot is TTS's hidden card
MAX_PIXELS = 10_000  # TTS refuses a sheet larger than this a side
POINTS_PER_INCH = 72
# The card TTS's model is at scale 1: a poker card. Other sizes scale it, so a mini card
# beside a poker card is smaller on the table too.
MODEL_CARD = (63.5 * POINTS_PER_UNIT["mm"], 88.9 * POINTS_PER_UNIT["mm"])


class TabletopCard(Struct, frozen=True):
    """One copy of a card in the deck: its CardID (sheet * 100 + slot), name and words,
    and the drawings of its face and back."""

    card_id: int
    nickname: str
    description: str
    face: str
    back: str


class Sheet(Struct, frozen=True):
    """One CustomDeck entry: its grid and its pictures' names (`back` one card's, or a
    sheet of backs in the faces' grid when the cards' backs differ: UniqueBack)."""

    number: int
    columns: int
    rows: int
    faces: str
    back: str


class SheetPicture(Struct, frozen=True):
    """One PNG of the deck: `columns` x `rows` cells, filled from the top left with the
    sides `cells` names (indices into the deck's `sides` pages); the slots after them,
    the hidden card's among them, are left blank."""

    name: str
    columns: int
    rows: int
    cells: tuple[int, ...]


class TabletopDeck(Struct, frozen=True):
    """A deck for Tabletop Simulator: `sides` holds each distinct card side once, a page of
    `cell` pixels at `dpi`, in the order the `pictures` (its PNGs) first use them;
    `sheets_of_deck` are the CustomDeck entries, `cards` every copy in deck order, and
    `scale` the card's size beside TTS's own (x, z)."""

    name: str
    title: str
    sides: Document
    pictures: tuple[SheetPicture, ...]
    dpi: int
    cell: tuple[int, int]
    sheets_of_deck: tuple[Sheet, ...]
    cards: tuple[TabletopCard, ...]
    unique_back: bool
    scale: tuple[float, float]


def grid(count: int) -> tuple[int, int]:
    """The smallest grid (columns, rows) of at least 2 x 2 that holds `count` cards and
    the hidden-card slot after them."""
    columns = max(MIN_SIDE, min(MAX_COLUMNS, count + 1))
    return columns, max(MIN_SIDE, math.ceil((count + 1) / columns))


def sheet_dpi(dpi: int, width: float, height: float) -> int:
    """The pixels per inch asked for, lowered so a full sheet stays within TTS's limit."""
    most = min(
        MAX_PIXELS * POINTS_PER_INCH // math.ceil(MAX_COLUMNS * width),
        MAX_PIXELS * POINTS_PER_INCH // math.ceil(MAX_ROWS * height),
    )
    return max(1, min(dpi, most))


def side_page(name: str, cell: tuple[float, float], width: float) -> Page:
    """The drawing `name` alone on a page of one cell, scaled from the card's `width` to
    the cell's."""
    return Page(*cell, (Group((Use(name, 0.0, 0.0),), scale=cell[0] / width),))


def cells_of(names: list[str], shown: dict[str, int]) -> tuple[int, ...]:
    """The index of each drawing in `names` among the sides `shown` so far, each new one
    taking the next: sides are listed in the order the pictures first use them."""
    return tuple(shown.setdefault(name, len(shown)) for name in names)


def sides_symbols(shown: Collection[str], drawn: Symbols) -> dict[str, Symbol]:
    """The drawings of the sides `shown` (the cards they show small are drawn in them)."""
    return {name: drawn[name] for name in sorted(shown)}


def plan_tabletop(
    kit: KitContext, asked: CardsAsked, template: CardTemplate, stem: str
) -> TabletopDeck:
    """The deck's sheets and saved object, the cards the kit holds (those in `asked.only`,
    each at least once, for a partial build), each card as `template` draws it."""
    width, height = template.card["width"], template.card["height"]
    faces, backs = card_symbols(kit.loaded, template, kit.ctx, asked.deck, asked.earlier, kit.cache)
    only = asked.only
    cards = part_of(asked.deck.deck.cards, only)
    kept = [card for card in cards if copies(card, kit.players, only)]
    dpi = sheet_dpi(kit.library.printing.tabletop.dpi, width, height)
    # Each cell is whole pixels: the card is drawn scaled by a hair to fill it exactly.
    pixels = (round(width * dpi / POINTS_PER_INCH), round(height * dpi / POINTS_PER_INCH))
    cell = (pixels[0] * POINTS_PER_INCH / dpi, pixels[1] * POINTS_PER_INCH / dpi)
    unique_back = len({card.back for card in kept}) > 1
    shown: dict[str, int] = {}  # each side drawn, by name: its page in `sides`
    pictures, sheets = _sheet_pictures(kept, stem, unique_back, shown)
    pages = [side_page(name, cell, width) for name in shown]
    symbols = sides_symbols(shown, {**faces, **backs})
    sides = Document(asked.title, pages, symbols, "none", kit.ctx.words.locale)
    return TabletopDeck(
        name=stem,
        title=asked.title,
        sides=sides,
        pictures=pictures,
        dpi=dpi,
        cell=pixels,
        sheets_of_deck=sheets,
        cards=_deck_cards(kit, asked, kept, faces),
        unique_back=unique_back,
        scale=(width / MODEL_CARD[0], height / MODEL_CARD[1]),
    )


def _sheet_pictures(
    kept: Sequence[CardType], stem: str, unique_back: bool, shown: dict[str, int]
) -> tuple[tuple[SheetPicture, ...], tuple[Sheet, ...]]:
    """The deck's PNGs and CustomDeck entries, PER_SHEET cards a sheet: a sheet of faces
    each, then a sheet of backs in the same grid when the backs differ, else one back for
    all; `shown` gains each side in the order the pictures first use it."""
    pictures: list[SheetPicture] = []
    sheets: list[Sheet] = []
    for number, on_sheet in _on_sheets(kept):
        columns, rows = grid(len(on_sheet))
        face_name = f"{stem}_faces_{number}"
        in_cells = cells_of([f"face-{card.id}" for card in on_sheet], shown)
        pictures.append(SheetPicture(face_name, columns, rows, in_cells))
        back_name = f"{stem}_backs_{number}" if unique_back else f"{stem}_back"
        if unique_back:
            in_cells = cells_of([f"back-{card.back}" for card in on_sheet], shown)
            pictures.append(SheetPicture(back_name, columns, rows, in_cells))
        sheets.append(Sheet(number, columns, rows, face_name, back_name))
    if not unique_back and kept:
        in_cells = cells_of([f"back-{kept[0].back}"], shown)
        pictures.append(SheetPicture(f"{stem}_back", 1, 1, in_cells))
    return tuple(pictures), tuple(sheets)


def _deck_cards(
    kit: KitContext, asked: CardsAsked, kept: Sequence[CardType], faces: Symbols
) -> tuple[TabletopCard, ...]:
    """Every copy of every card, in deck order, each with its sheet's CardID and its name
    in the kit's words, said from its deck entry's line."""
    names = card_names(asked.deck)
    cards: list[TabletopCard] = []
    for number, on_sheet in _on_sheets(kept):
        for slot, card in enumerate(on_sheet):
            named = names.get(card.id)
            nickname = kit.ctx.words.say(named.name, named.where) if named else card.id
            face, back = f"face-{card.id}", f"back-{card.back}"
            said = TabletopCard(number * 100 + slot, nickname, faces[face].alt, face, back)
            cards += [said] * copies(card, kit.players, asked.only)
    return tuple(cards)


def _on_sheets(kept: Sequence[CardType]) -> Iterator[tuple[int, Sequence[CardType]]]:
    """The cards of each sheet with its number from 1: all but TTS's hidden last slot."""
    for number, start in enumerate(range(0, len(kept), PER_SHEET), start=1):
        yield number, kept[start : start + PER_SHEET]
