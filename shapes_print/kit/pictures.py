"""Kit stage, pictures: every picture and icon a kit draws, read before any of it is planned.

Input: a game with its label set applied, the library, the card size asked for and the
game's drawing context. Output: `Pictures` (kit/context.py), each picture a card of any of
its decks shows (on a face or a back, by an `image` element the card draws, its `{field}`
filled in) and each board's picture, by the folder it is looked for in and its name as
written; and an icon's `IconDef` holding its SVG file's drawing. Each is read through
load/pictures.py: bounded, kept inside its folder, noted as an input of the kit being made
(so a changed picture makes the kit again), and refused in one line at the place naming
it. Planning looks them up and reads no file.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path

from msgspec import Struct

from shapes_print.buildcache import BuildCache
from shapes_print.errors import Source
from shapes_print.geometry.primitives import Picture
from shapes_print.kit.context import DrawContext, IconDef, Pictures, picture_folder
from shapes_print.kit.decktemplate import sized_deck_template
from shapes_print.load.cardmodels import CardTemplate
from shapes_print.load.loaded import Library, LoadedGame
from shapes_print.load.models import LoadedDeck
from shapes_print.load.pictures import picture_path, read_picture
from shapes_print.load.places import back_place, card_place, value_place
from shapes_print.load.printmodels import IconStyle
from shapes_print.text.message import fill

ReadPictures = dict[tuple[Path, str], Picture]  # by folder and name as written


class _Side(Struct, frozen=True):
    """One side of a card as a deck writes it: its layout, its fields and its place."""

    layout: str
    fields: Mapping[str, object]
    where: Source


def kit_pictures(
    loaded: LoadedGame,
    library: Library,
    ctx: DrawContext,
    card_size: str | None,
    cache: BuildCache,
) -> Pictures:
    """Every picture the game's cards (each deck at its card size, its template as the
    build's `cache` holds it) and boards show, read in the order the kit draws them, so the
    first that cannot be read is the one refused."""
    read: ReadPictures = {}
    for deck in loaded.decks:
        template = sized_deck_template(loaded, library, card_size, deck, cache)
        folders = _layout_folders(loaded, template)
        for side in _sides(deck):
            layout = template.layouts.get(side.layout)
            if layout is None:
                continue  # the card's drawing names the missing layout
            for element in layout.elements:
                if element.kind == "image" and element.shown_on(side.fields):
                    layouts = folders.get(side.layout, ctx.layouts_folder)
                    _read_card_picture(element.src or "", side, layouts, read)
    for name, board in loaded.game.boards.items():
        if (loaded.folder, board.picture) not in read:
            where = loaded.source.source(("boards", name))
            path = picture_path(board.picture, loaded.folder, where, "game")
            read[(loaded.folder, board.picture)] = read_picture(path, board.picture, where)
    return Pictures(read)


def _sides(deck: LoadedDeck) -> Iterator[_Side]:
    """The deck's faces, then its backs, as plan/cardfile.py draws them."""
    model = deck.deck
    for position, card in enumerate(model.cards):
        yield _Side(card.layout, {"id": card.id, **card.fields}, card_place(deck, position))
    for back_id, back in model.backs.items():
        yield _Side(back.layout, back.fields, back_place(deck, back_id))


def _layout_folders(loaded: LoadedGame, template: CardTemplate) -> dict[str, Path]:
    """The folder of each layout of a game's own template, whose pictures are beside it
    (the game's cards/ folder, or templates/cards/ for one it inherits); none for a
    shipped template, whose pictures are in the context's `layouts_folder`."""
    own = loaded.template_sources.get(template.id)
    if own is None:
        return {}
    return {layout: own.source(("layouts", layout)).path.parent for layout in template.layouts}


def _read_card_picture(written: str, side: _Side, layouts: Path | None, read: ReadPictures) -> None:
    """The picture an image element's `src` names on one card, once its fields fill it
    (none for an empty field: that card shows no picture)."""
    name = fill(written, side.fields, side.where).strip() if written else ""
    if not name:
        return
    folder, what = picture_folder(written, side.where, layouts)
    if (folder, name) not in read:
        at = value_place(written, side.where)[0]  # the field's own cell or line
        read[(folder, name)] = read_picture(picture_path(name, folder, at, what), name, at)


def icon_def(style: IconStyle, folder: Path, where: Source) -> IconDef:
    """An icon as rich text draws it: with its `svg` file (in `folder`) read, if it has one."""
    if not style.svg:
        return IconDef(style, None, where)
    path = picture_path(style.svg, folder, where, "icons")
    return IconDef(style, read_picture(path, style.svg, where), where)
