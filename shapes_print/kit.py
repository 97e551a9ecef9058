"""Kit stage: what one game prints for one player count and paper.

A kit is the players' files (cards, table sheets) and the host key, always separate files.
Numbers for the count are computed here from the game's YAML, then every document is
planned into pages.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from shapes_print.errors import UserError
from shapes_print.load.content import Library, LoadedGame
from shapes_print.load.labels import STANDARD
from shapes_print.plan.cards import card_symbol
from shapes_print.plan.context import DrawContext
from shapes_print.plan.furniture import margin_stretches, place_furniture
from shapes_print.plan.imposition import Flip, cut_marks, fit_grid
from shapes_print.plan.sheets import SheetInputs, plan_sheets
from shapes_print.primitives import Document, Item, Page, Paint, Rect, Symbol, Use
from shapes_print.shapes import ShapeLibrary
from shapes_print.values import compute_numbers
from shapes_print.words import Said, Words


@dataclass(frozen=True, slots=True)
class KitFile:
    """One file of a kit: its name, who it is for, and its planned document."""

    name: str
    audience: str
    document: Document


@dataclass(frozen=True, slots=True)
class KitRequest:
    game: str
    players: int
    paper: str
    flip: Flip = "long"
    labels: str = STANDARD


# Every kit's cards file ends in this name; sheet documents name their own files.
CARDS = "cards"


def document_names(loaded: LoadedGame) -> list[str]:
    """The files a kit of this game can hold, by name (a document may be empty for a count)."""
    return [CARDS, *(doc.spec.name for doc in loaded.documents)]


def kit_folder(request: KitRequest) -> str:
    """`game/paper/n-players`; other label sets than standard get a folder of their own."""
    labels = "" if request.labels == STANDARD else f"{request.labels}/"
    return f"{request.game}/{labels}{request.paper}/{request.players}-players"


def kit_values(loaded: LoadedGame, players: int, words: Words | None = None) -> dict[str, Any]:
    """Every number the game's text may print for this player count.

    `deck_summary` counts the deck by its cards' names ("6 circles, 6 triangles"), so a
    sentence about the deck follows a custom deck.
    """
    deck = loaded.deck
    words = words or Words()
    counts = [card.count for card in deck.cards]
    where = loaded.deck_source.source(("cards",))
    named = [f"{card.count} {words.say(card.name or card.id, where)}" for card in deck.cards]
    given = {"players": players, "deck_size": sum(counts)}
    numbers = compute_numbers(loaded.game.numbers, given, lambda name: loaded.source.source(("numbers", name)))
    return {
        **numbers,
        "deck_counts": " + ".join(str(count) for count in counts),
        "deck_summary": Said(", ".join(named)),
        "game_title": loaded.game.title,
    }


def _deck_list(loaded: LoadedGame) -> list[dict[str, Any]]:
    return [{"id": card.id, "count": card.count, **card.fields} for card in loaded.deck.cards]


def plan_kit(loaded: LoadedGame, library: Library, ctx: DrawContext, request: KitRequest) -> list[KitFile]:
    game = loaded.game
    if not game.players.min <= request.players <= game.players.max:
        raise UserError(
            loaded.source.source(("players",)),
            f"{game.id} is for {game.players.min}-{game.players.max} players, not {request.players}",
        )
    if request.paper not in library.papers:
        raise UserError(None, f"unknown paper {request.paper!r} (known: {', '.join(library.papers)})")
    page = library.papers[request.paper]
    if loaded.deck.shapes:
        own = ShapeLibrary.from_mapping(loaded.deck.shapes, loaded.deck_source.source(("shapes",)).path)
        ctx = replace(ctx, shapes=ctx.shapes.merged(own))
    words = ctx.words
    values = kit_values(loaded, request.players, words)
    furniture = ctx.style.furniture
    print_line = words.fill(furniture.print_line, {"flip": request.flip}, library.style_source.source(("furniture", "print_line")))
    labels = "" if request.labels == STANDARD else f"_{request.labels}"
    stem = f"{game.id}_{request.players}p_{request.paper}{labels}"
    game_title = words.say(game.title, loaded.source.source(("title",)))
    faces, backs = _card_symbols(loaded, library, ctx)
    cards = _card_pages(loaded, library, ctx, page, faces, backs, print_line, request.flip)
    files = [KitFile(f"{stem}_{CARDS}", "players", Document(f"{game_title}: {words.fill(game.cards_title, values, loaded.source.source(('cards_title',)))}", cards, ctx.fonts.regular.name, {**faces, **backs}, request.flip))]
    for name, items in game.lists.items():
        for index, item in enumerate(items):
            for key, value in item.items():
                if isinstance(value, str):
                    words.origins.setdefault(value, loaded.source.source(("lists", name, index, key)))
    lists = {**game.lists, "deck": _deck_list(loaded)}
    face_by_card = {card.id: faces[f"face-{card.id}"] for card in loaded.deck.cards}
    inputs = SheetInputs(values, lists, face_by_card, request.players, print_line)
    for doc in loaded.documents:
        pages = plan_sheets(doc, inputs, page, ctx)
        if not pages:
            continue
        title = f"{game_title}: {words.fill(doc.spec.title, values, doc.source.source(('title',)))}"
        files.append(KitFile(f"{stem}_{doc.spec.name}", doc.spec.audience, Document(title, pages, ctx.fonts.regular.name, faces, "none")))
    return files


def _card_symbols(loaded: LoadedGame, library: Library, ctx: DrawContext) -> tuple[dict[str, Symbol], dict[str, Symbol]]:
    template = library.templates.get(loaded.game.card_template)
    if template is None:
        raise UserError(
            loaded.source.source(("card_template",)),
            f"card template {loaded.game.card_template!r} not found (known: {', '.join(library.templates)})",
        )
    deck, src = loaded.deck, loaded.deck_source
    faces = {}
    for index, card in enumerate(deck.cards):
        where = src.source(("cards", index))
        if card.back not in deck.backs:
            raise UserError(src.source(("cards", index, "back")), f"no back named {card.back!r} (known: {', '.join(deck.backs)})")
        name = f"face-{card.id}"
        if name in faces:
            raise UserError(src.source(("cards", index, "id")), f"card id {card.id!r} is used twice")
        faces[name] = card_symbol(name, template, card.layout, {"id": card.id, **card.fields}, ctx, where)
    backs = {
        f"back-{back_id}": card_symbol(f"back-{back_id}", template, back.layout, back.fields, ctx, src.source(("backs", back_id)))
        for back_id, back in deck.backs.items()
    }
    return faces, backs


def _card_pages(
    loaded: LoadedGame,
    library: Library,
    ctx: DrawContext,
    page: tuple[float, float],
    faces: dict[str, Symbol],
    backs: dict[str, Symbol],
    print_line: str,
    flip: Flip,
) -> list[Page]:
    """Face sheets, each followed by its back sheet with every back behind its face."""
    template = library.templates[loaded.game.card_template]
    furniture = ctx.style.furniture
    width, height = template.card["width"], template.card["height"]
    grid = fit_grid(*page, width, height, furniture.safe_margin)
    order = [(f"face-{card.id}", f"back-{card.back}") for card in loaded.deck.cards for _ in range(card.count)]
    marks = cut_marks(grid, furniture)
    xs = [grid.left + i * width for i in range(grid.columns + 1)]
    ys = [grid.bottom + j * height for j in range(grid.rows + 1)]
    trim = template.trim_line
    pages: list[Page] = []
    for start in range(0, len(order), grid.slots):
        sheet = order[start : start + grid.slots]
        face_items: list[Item] = []
        back_items: list[Item] = []
        for slot, (face, back) in enumerate(sheet):
            x, y = grid.face_origin(slot)
            face_items.append(Use(face, x, y))
            if trim:
                face_items.append(Rect(x, y, width, height, Paint(stroke=trim.colour, stroke_width=trim.width)))
            back_items.append(Use(back, *grid.back_origin(slot, flip)))
        stretches = margin_stretches((grid.left, grid.bottom, grid.right, grid.top), page, xs, ys, furniture)
        furniture_items = place_furniture(stretches, ctx.fonts.regular, furniture, print_line)
        pages.append(Page(page[0], page[1], (*face_items, *marks, *furniture_items)))
        pages.append(Page(page[0], page[1], tuple(back_items)))
    return pages
