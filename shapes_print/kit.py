"""Kit stage: what one game prints for one player count and paper.

A kit is the players' files (cards, table sheets) and the host key, always separate files.
Numbers for the count are computed here from the game's YAML, then every document is
planned into pages.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from shapes_print.errors import UserError
from shapes_print.load.content import Library, LoadedDeck, LoadedGame
from shapes_print.load.models import ComputedList
from shapes_print.plan.cards import card_symbol
from shapes_print.plan.context import DrawContext
from shapes_print.plan.furniture import margin_stretches, place_furniture
from shapes_print.plan.imposition import Flip, cut_marks, fit_grid
from shapes_print.plan.sheets import SheetInputs, plan_sheets
from shapes_print.primitives import Document, Group, Item, Page, Paint, Rect, Symbol, Use
from shapes_print.values import compute_list, compute_numbers, fill


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


def kit_folder(request: KitRequest) -> str:
    return f"{request.game}/{request.paper}/{request.players}-players"


def kit_values(loaded: LoadedGame, players: int) -> dict[str, Any]:
    """Every number the game's text may print for this player count."""
    deck = loaded.deck
    counts = [card.count for card in deck.cards]
    # `<back>_cards`: how many cards of the main deck share each back (e.g. crown_cards).
    by_back = {
        f"{back}_cards": sum(card.count for card in deck.cards if card.back == back)
        for back in deck.backs
    }
    given = {"players": players, "deck_size": sum(counts), **by_back}
    numbers = compute_numbers(loaded.game.numbers, given, lambda name: loaded.source.source(("numbers", name)))
    return {
        **numbers,
        "deck_counts": " + ".join(str(count) for count in counts),
        "game_title": loaded.game.title,
    }


def kit_lists(loaded: LoadedGame, values: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """The game's lists, its computed lists for this count, and `deck` (the main deck's cards)."""
    computed = {
        name: compute_list(spec.count, spec.fields, values, loaded.source.source(("lists", name)))
        for name, spec in loaded.game.lists.items()
        if isinstance(spec, ComputedList)
    }
    deck = [
        {"id": card.id, "count": card.count, "back": card.back, **card.fields}
        for card in loaded.deck.cards
    ]
    return {**loaded.lists, **computed, "deck": deck}


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
    values = kit_values(loaded, request.players)
    furniture = ctx.style.furniture
    print_line = fill(furniture.print_line, {"flip": request.flip}, library.style_source.source(("furniture", "print_line")))
    stem = f"{game.id}_{request.players}p_{request.paper}"
    files = []
    flip = request.flip
    faces_of_all: dict[str, Symbol] = {}
    for deck in loaded.decks:
        faces, backs = _card_symbols(loaded, deck, library, ctx, faces_of_all)
        cards = _card_pages(loaded, deck, library, ctx, page, faces, backs, print_line, flip)
        title = f"{game.title}: {fill(deck.title, values, None)}"
        shown = {n: faces_of_all[n] for n in _shown(faces.values()) if n in faces_of_all}
        document = Document(title, cards, {**shown, **faces, **backs}, flip)
        files.append(KitFile(f"{stem}_{deck.name}", "players", document))
        faces_of_all.update(faces)
    face_by_card = {name.removeprefix("face-"): face for name, face in faces_of_all.items()}
    lists = kit_lists(loaded, values)
    inputs = SheetInputs(values, lists, face_by_card, request.players, print_line)
    for doc in loaded.documents:
        pages = plan_sheets(doc, inputs, page, ctx)
        if not pages:
            continue
        title = f"{game.title}: {fill(doc.spec.title, values, doc.source.source(('title',)))}"
        document = Document(title, pages, faces_of_all, "none")
        files.append(KitFile(f"{stem}_{doc.spec.name}", doc.spec.audience, document))
    return files


def _shown(symbols: Iterable[Symbol]) -> set[str]:
    """Names of the card drawings that these drawings show small copies of."""

    def walk(items: Iterable[Item]) -> Iterator[str]:
        for item in items:
            if isinstance(item, Use):
                yield item.symbol
            elif isinstance(item, Group):
                yield from walk(item.items)

    return {name for symbol in symbols for name in walk(symbol.items)}


def _card_symbols(
    loaded: LoadedGame,
    loaded_deck: LoadedDeck,
    library: Library,
    ctx: DrawContext,
    earlier: dict[str, Symbol],
) -> tuple[dict[str, Symbol], dict[str, Symbol]]:
    """Faces and backs of one deck; faces may show small copies of `earlier` decks' faces."""
    template = library.templates.get(loaded.game.card_template)
    if template is None:
        raise UserError(
            loaded.source.source(("card_template",)),
            f"card template {loaded.game.card_template!r} not found (known: {', '.join(library.templates)})",
        )
    deck, src = loaded_deck.deck, loaded_deck.source
    faces = {}
    for card, index in zip(deck.cards, loaded_deck.origins, strict=True):
        where = src.source(("cards", index))
        if card.back not in deck.backs:
            known = ", ".join(deck.backs)
            where = src.source(("cards", index, "back"))
            raise UserError(where, f"no back named {card.back!r} (known: {known})")
        name = f"face-{card.id}"
        if name in faces:
            raise UserError(src.source(("cards", index, "id")), f"card id {card.id!r} is used twice")
        fields = {"id": card.id, **card.fields}
        faces[name] = card_symbol(name, template, card.layout, fields, ctx, where, earlier)
    backs = {
        f"back-{back_id}": card_symbol(f"back-{back_id}", template, back.layout, back.fields, ctx, src.source(("backs", back_id)))
        for back_id, back in deck.backs.items()
    }
    return faces, backs


def _card_pages(
    loaded: LoadedGame,
    loaded_deck: LoadedDeck,
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
    cards = loaded_deck.deck.cards
    order = [(f"face-{card.id}", f"back-{card.back}") for card in cards for _ in range(card.count)]
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
