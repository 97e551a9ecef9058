"""Plan stage, cards side: a kit's cards file (its printing guide is plan/guide.py).

The cards file is either home-print sheets (the grid for the paper, backs placed for the
duplex flip and the printer's offset), fold sheets (`--fold`: each back mirrored across a
fold line from its face) or print-shop pages (one card per page with bleed).
Card drawings are made at the size asked for (`--card-size`), and for draft prints
(`--ink-saver`) faces are outlined and backs pale.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from functools import partial
from itertools import repeat

from msgspec import Struct
from msgspec.structs import replace

from shapes_print.buildcache import BuildCache, Pinned, Region
from shapes_print.errors import Source, UserError, known_names
from shapes_print.geometry.primitives import (
    Document,
    Group,
    Item,
    Page,
    Paint,
    Symbol,
)
from shapes_print.kit.context import DrawContext
from shapes_print.kit.decktemplate import backgrounds_template, card_template, size_place
from shapes_print.kit.room import check_room
from shapes_print.load.cardmodels import CardTemplate
from shapes_print.load.loaded import LoadedGame
from shapes_print.load.models import LoadedDeck
from shapes_print.load.options import PrintOptions
from shapes_print.load.places import back_place, card_place
from shapes_print.load.printmodels import InkSaver, PrintSettings
from shapes_print.load.yamldoc import Document as YamlDocument
from shapes_print.plan.cards import CardDrawing, CardSide, NoRoom, card_symbol
from shapes_print.plan.cardsheets import (
    OVERRUN_PREFIX,
    CardGeometry,
    CardSheets,
    Duplex,
    FrontSheets,
    SheetStock,
    overrun_name,
    sheet_pages,
)
from shapes_print.plan.foldsheets import fold_pages
from shapes_print.plan.furniture import print_line
from shapes_print.plan.inksaver import save_ink_symbol, swell_symbol
from shapes_print.plan.kitcontext import KitContext, fronts_only
from shapes_print.plan.madepages import Imposed
from shapes_print.plan.pagenumbers import FootedPages, Names
from shapes_print.plan.part import copies, part_of
from shapes_print.plan.printshop import print_shop_pages
from shapes_print.text.listeners import on_faces
from shapes_print.units import POINTS_PER_UNIT

Symbols = dict[str, Symbol]
# A deck's faces and backs drawn, by all they are drawn from (pinned): a card is drawn from
# its deck, template and label set, never from players or paper, so every kit of the game
# in a build takes the same drawings. A build draws a few hundred decks' worth.
SIDES: Region[Pinned[tuple[Symbols, Symbols]]] = Region("card sides", partial(Pinned, 4096))
# Cards files planned, by the deck's order and all they are planned from (pinned): a deck
# whose cards are the same at every player count gives each kit of the game one document.
FILES: Region[Pinned[tuple[Document, Symbols]]] = Region("cards files", partial(Pinned, 4096))


def card_symbols(
    loaded: LoadedGame,
    template: CardTemplate,
    ctx: DrawContext,
    deck: LoadedDeck | None = None,
    earlier: Symbols | None = None,
    cache: BuildCache | None = None,
) -> tuple[Symbols, Symbols]:
    """Every distinct face and back of a deck (default: the main one), drawn once each in
    a build (its `cache`; without one, drawn afresh).

    Faces may show small copies of `earlier` decks' faces (a task card's example).
    """
    drawing = CardDrawing(template, 0.0, earlier)
    return drawn_sides(loaded, deck or loaded.decks[0], drawing, ctx, cache or BuildCache())


def drawn_sides(
    loaded: LoadedGame,
    deck: LoadedDeck,
    drawing: CardDrawing,
    ctx: DrawContext,
    cache: BuildCache,
) -> tuple[Symbols, Symbols]:
    """`card_symbols` drawn as `drawing` says (with a bleed; for a print shop, small faces
    in words)."""
    template, bleed, shop = drawing.template, drawing.bleed, drawing.shop
    drawn_from = (
        loaded,
        deck,
        template,
        ctx.fonts,
        ctx.shapes,
        ctx.patterns,
        ctx.style,
        ctx.words,
        *(drawing.faces or {}).values(),
    )

    def draw() -> tuple[Symbols, Symbols]:
        contexts = layout_contexts(loaded, template, ctx)
        own = loaded.template_sources.get(template.id)
        try:
            return _draw_cards(deck, drawing, ctx, contexts)
        except NoRoom as error:  # named at the element's line, in the game's own layouts
            if own is None:
                raise
            at = own.source(("layouts", error.layout, "elements", error.index))
            raise UserError(at, error.message) from None

    return cache.region(SIDES).made(drawn_from, (bleed, shop, drawing.boxes), draw)


def layout_contexts(
    loaded: LoadedGame, template: CardTemplate, ctx: DrawContext
) -> dict[str, DrawContext]:
    """The context of each layout a game's own template holds: a picture a layout names by
    file is looked for beside the file that writes the layout (the game's cards/ folder, or
    templates/cards/ for one it inherits), not only in templates/cards/."""
    own = loaded.template_sources.get(template.id)
    if own is None:
        return {}
    return {
        layout: replace(ctx, layouts_folder=own.source(("layouts", layout)).path.parent)
        for layout in template.layouts
    }


def _draw_cards(
    chosen: LoadedDeck, drawing: CardDrawing, ctx: DrawContext, contexts: dict[str, DrawContext]
) -> tuple[Symbols, Symbols]:
    deck_model, src = chosen.deck, chosen.source
    faces = {}
    with on_faces():  # what they say, `check` keeps apart (text/listeners.py)
        for position, card in enumerate(deck_model.cards):
            index = chosen.origins[position]  # its entry in the deck file
            if card.back not in deck_model.backs:
                known = known_names(card.back, deck_model.backs)
                raise UserError(
                    src.source(("cards", index, "back")),
                    f"no back named {card.back!r} (known: {known})",
                )
            name = f"face-{card.id}"
            if name in faces:
                raise UserError(
                    src.source(("cards", index, "id")), f"card id {card.id!r} is used twice"
                )
            fields = {"id": card.id, **card.fields}
            shown = card_as_written(src, index, card.id)
            side = CardSide(name, card.layout, fields, card_place(chosen, position), shown)
            faces[name] = card_symbol(side, drawing, contexts.get(card.layout, ctx))
    backs = replace(drawing, faces=None, shop=False)
    return faces, {
        f"back-{back_id}": card_symbol(
            CardSide(
                f"back-{back_id}",
                back.layout,
                back.fields,
                back_place(chosen, back_id),
                f"back {back_id!r}",
                back=True,
            ),
            backs,
            contexts.get(back.layout, ctx),
        )
        for back_id, back in deck_model.backs.items()
    }


def card_as_written(deck: YamlDocument, index: int, card_id: str) -> str:
    """A card as its deck names it: its id, or for a `for_each` entry the id as written
    with the card's own after it (`card '{colour}-{number}' (red-2)`)."""
    entries = deck.data.get("cards") if isinstance(deck.data, dict) else None
    entry = entries[index] if isinstance(entries, list) and index < len(entries) else None
    written = entry.get("id") if isinstance(entry, dict) else None
    if isinstance(written, str) and written != card_id:
        return f"card {written!r} ({card_id})"
    return f"card {card_id!r}"


def shop_bleed(printing: PrintSettings, options: PrintOptions) -> float | None:
    """The print-shop bleed in points (`--bleed`, else print.yaml's); None off the shop."""
    if not options.print_shop:
        return None
    return printing.bleed if options.bleed is None else options.bleed


def bleed_values(bleed: float) -> dict[str, float]:
    """A bleed in both units shops say it in, `{bleed_mm}` and `{bleed_in}` (3 and 0.118,
    3.175 and 0.125): numbers, so the label set's locale writes them (3 mm, 0,118 in)."""
    return {"bleed_mm": bleed / POINTS_PER_UNIT["mm"], "bleed_in": bleed / POINTS_PER_UNIT["in"]}


def _drafted(symbols: Symbols, settings: InkSaver, pale: bool) -> Symbols:
    return {name: save_ink_symbol(symbol, settings, pale) for name, symbol in symbols.items()}


def _overrun_symbols(kit: KitContext, asked: CardsAsked, template: CardTemplate) -> Symbols:
    """The backgrounds (`bleed` elements) of faces and backs drawn with the home sheets'
    overrun as their bleed, each named as its card's overrun symbol; only the part past
    the card shows, so nothing else is drawn (no words twice in the file). Draft prints
    overrun backs only: an outlined face's background would draw its outline past the cut."""
    loaded, printing = kit.loaded, kit.library.printing
    if not printing.overrun:
        return {}
    backgrounds = backgrounds_template(loaded, template, kit.cache)
    drawing = CardDrawing(backgrounds, printing.overrun, asked.earlier)
    faces, backs = drawn_sides(loaded, asked.deck, drawing, kit.ctx, kit.cache)
    if kit.options.ink_saver:
        faces, backs = {}, _drafted(backs, printing.ink_saver, pale=True)
    return {
        overrun_name(name): replace(symbol, name=overrun_name(name))
        for name, symbol in {**faces, **backs}.items()
        if _draws(symbol.items)
    }


def _draws(items: Sequence[Item]) -> bool:
    """Whether items draw anything: a card with no background draws only empty groups."""
    return any(not isinstance(item, Group) or _draws(item.items) for item in items)


class CardsAsked(Struct, frozen=True, eq=False):
    """One deck's cards file as a kit asks for it: its deck, its title and its name in
    its running foot (the deck's), the earlier decks' faces its faces may show small, the
    cards a partial build asks for, and whether it is the deck's fold sheets."""

    deck: LoadedDeck
    title: str
    named: str
    earlier: Symbols
    only: Collection[str] = ()
    fold: bool = False


def plan_cards(kit: KitContext, asked: CardsAsked) -> tuple[Document, Symbols]:
    """The cards document of a deck for the kit's players (a card's count may depend on
    them) and the plain faces that sheets draw small copies from. A partial build prints
    the cards `only` names (each at least once), and none of the deck when it names none.

    A deck whose cards are the same at every player count gives each kit of the game the
    same document, planned once and so rendered once (write/batch.py): found in the build's
    cache by the deck's order and what it was planned from, with what planning read
    reported again for each kit (buildcache.py's `Pinned`)."""
    chosen, shown, only, ctx = asked.deck, asked.earlier, asked.only, kit.ctx
    # One pair per card type, placed `count` times: a deck's order costs a pointer a card.
    order = tuple(
        pair
        for card in part_of(chosen.deck.cards, only)
        for pair in repeat(
            (f"face-{card.id}", f"back-{card.back}"), copies(card, kit.players, only)
        )
    )
    drawn_from = (
        kit.loaded,
        chosen,
        kit.library,
        *(getattr(ctx, name) for name in ctx.__struct_fields__),
        *shown.values(),
    )
    request = kit.request
    settings = (kit.page, asked.title, kit.cards_line, request.flip, request.options)
    key = (settings, request.part.boxes, tuple(only), tuple(shown), order, asked.fold)
    return kit.cache.region(FILES).made(drawn_from, key, lambda: _planned_cards(kit, asked, order))


class _Drawn(Struct, frozen=True):
    """A cards file's drawings: the plain faces sheets show small, the faces and backs as
    the file prints them, and the backgrounds its home sheets print past the cut."""

    faces: Symbols
    drawn_faces: Symbols
    drawn_backs: Symbols
    overrun: Symbols


def _draw(kit: KitContext, asked: CardsAsked, template: CardTemplate) -> _Drawn:
    """The deck's faces and backs as this file prints them: with the print shop's bleed,
    drafted for `--ink-saver`, as black line art for swell paper."""
    loaded, ctx, options, chosen, shown = (
        kit.loaded,
        kit.ctx,
        kit.options,
        asked.deck,
        asked.earlier,
    )
    printing, cache = kit.library.printing, kit.cache
    bleed = shop_bleed(printing, options) or 0.0
    faces, backs = card_symbols(loaded, template, ctx, chosen, shown, cache)
    check_room(loaded, kit.library, template, ctx, chosen, cache)
    shop = options.print_shop
    drawn_faces, drawn_backs = (
        drawn_sides(loaded, chosen, CardDrawing(template, bleed, shown, shop), ctx, cache)
        if bleed or shop
        else (faces, backs)
    )
    if options.ink_saver:
        faces = _drafted(faces, printing.ink_saver, pale=False)
        drawn_faces = _drafted(drawn_faces, printing.ink_saver, pale=False)
        drawn_backs = _drafted(drawn_backs, printing.ink_saver, pale=True)
    overrun: Symbols = {}
    if fronts_only(ctx, options):  # black line art for swell paper: dots, outlines and words
        width = printing.ink_saver.outline_width
        drawn_faces = {n: swell_symbol(face, width, cache) for n, face in drawn_faces.items()}
    elif not shop:  # a swell-paper card's outline is its edge: no background past it
        overrun = _overrun_symbols(kit, asked, template)
    if kit.request.part.boxes:  # drawn over the sides as printed (drafted, swelled) in colour
        boxes = CardDrawing(template, bleed, shown, shop, boxes=True)
        boxed = drawn_sides(loaded, chosen, boxes, ctx, cache)
        drawn_faces, drawn_backs = _boxed(drawn_faces, boxed[0]), _boxed(drawn_backs, boxed[1])
    return _Drawn(faces, drawn_faces, drawn_backs, overrun)


def _boxed(symbols: Symbols, boxed: Symbols) -> Symbols:
    """Each side with its layout's boxes drawn over it: the last item of its boxed drawing
    (plan/cards.py's `card_symbol`)."""
    return {n: replace(s, items=(*s.items, boxed[n].items[-1])) for n, s in symbols.items()}


def _planned_cards(
    kit: KitContext, asked: CardsAsked, order: Sequence[tuple[str, str]]
) -> tuple[Document, Symbols]:
    options, chosen = kit.options, asked.deck
    template = card_template(kit.loaded, kit.library, options.card_size, chosen, kit.cache)
    drawn = _draw(kit, asked, template)
    one_sided = fronts_only(kit.ctx, options)
    pages = _pages(kit, asked, template, order, drawn.overrun)
    if isinstance(pages, Imposed):  # sheets, each with its foot; not a print shop's cards
        pages = FootedPages(pages, Names(kit.game_title, asked.named), kit.ctx)
    symbols = {**drawn.drawn_faces, **drawn.drawn_backs, **drawn.overrun}
    if asked.only:  # a partial file holds the drawings of its own cards alone
        placed = {name for pair in order for name in pair}
        symbols = {n: s for n, s in symbols.items() if n.removeprefix(OVERRUN_PREFIX) in placed}
    press = kit.library.press if options.print_shop else None
    duplex = "none" if one_sided or asked.fold else kit.request.flip
    document = Document(asked.title, pages, symbols, duplex, kit.words.locale, press)
    return document, drawn.faces


def _pages(
    kit: KitContext,
    asked: CardsAsked,
    template: CardTemplate,
    order: Sequence[tuple[str, str]],
    overrun: Symbols,
) -> Sequence[Page]:
    """The file's pages: one card a page for a print shop, else home sheets (fronts only
    on swell paper)."""
    options, printing = kit.options, kit.library.printing
    cut = printing.cut_line
    geometry = CardGeometry(
        template.card["width"],
        template.card["height"],
        template.corner_radius,
        template.trim_line,
        Paint(stroke=cut.colour, stroke_width=cut.width),
        round=asked.deck.round,
    )
    if options.print_shop:
        return print_shop_pages(order, geometry, shop_bleed(printing, options) or 0.0)
    where = size_place(kit.loaded, kit.library, template, asked.deck, options.card_size)
    geometry = replace(geometry, overrun=printing.overrun)
    names = {name.removeprefix(OVERRUN_PREFIX): name for name in overrun}
    if asked.fold:
        return _fold_pages(kit, order, FoldCards(geometry, names), where)
    duplex = Duplex(kit.request.flip, options.back_offset)
    sheets = CardSheets(geometry, kit.page, kit.ctx.style.furniture, kit.ctx.fonts.regular, duplex)
    pages = sheet_pages(order, sheets, kit.cards_line, where, names)
    if fronts_only(kit.ctx, options):
        return FrontSheets(pages, printing.ink_saver.outline_width)
    return pages


class FoldCards(Struct, frozen=True):
    """A deck's cards as its fold sheets draw them: their geometry, and each drawing's
    overrun symbol by the drawing's name."""

    card: CardGeometry
    overruns: dict[str, str]


def _fold_pages(
    kit: KitContext, order: Sequence[tuple[str, str]], cards: FoldCards, where: Source | None
) -> Sequence[Page]:
    """A deck's fold sheets, their print line saying how to fold, glue and cut."""
    furniture, printing = kit.ctx.style.furniture, kit.library.printing
    line_source = kit.library.style_source.source(("furniture", "print_line"))
    line = print_line(furniture, printing.sides, "fold", kit.words, line_source)
    sheets = SheetStock(cards.card, kit.page, furniture, kit.ctx.fonts.regular)
    return fold_pages(order, sheets, line, where, cards.overruns)
