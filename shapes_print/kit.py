"""Kit stage: what one game prints for one player count and paper.

A kit is the players' files (cards, table sheets) and the host key, always separate files.
Numbers for the count are computed here from the game's YAML, then every document is
planned into pages.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from shapes_print.braille.brf import EmbosserFile
from shapes_print.braille.kitfile import braille_file, with_fitting_sizes
from shapes_print.cardfile import Symbols, draft, fronts_only, plan_cards, plan_guide, shop_bleed
from shapes_print.errors import Source, UserError
from shapes_print.load.content import Library, LoadedGame
from shapes_print.load.fields import BACK_LOOK, CARD_BACK_LOOK, back_look_name
from shapes_print.load.filenames import claim_file_names
from shapes_print.load.labels import STANDARD
from shapes_print.load.models import CardType, ComputedList
from shapes_print.message import counted
from shapes_print.options import PrintOptions, check_offset, named_size
from shapes_print.plan.braille import BrailleRoomError
from shapes_print.plan.context import DrawContext
from shapes_print.plan.furniture import print_line
from shapes_print.plan.imposition import Flip
from shapes_print.plan.sheets import SheetInputs, plan_sheets
from shapes_print.primitives import Document
from shapes_print.printshop import SIDE_SUFFIX, Pictures, side_documents, side_pictures
from shapes_print.shapes import ShapeLibrary
from shapes_print.values import check_constraints, compute_list, compute_numbers
from shapes_print.words import Words


@dataclass(frozen=True, slots=True)
class KitFile:
    """One file of a kit: its name, who it is for, and its planned document; `pictures`,
    for a print shop's one-side files, names each page's PNG (`--format png`)."""

    name: str
    audience: str
    document: Document | EmbosserFile
    pictures: Pictures | None = None


@dataclass(frozen=True, slots=True)
class DeckSummary:
    """`{deck_summary}`, "6 circles, 6 triangles": the deck counted by its cards' names.

    The names are looked up only when a text prints it, so a complete label set is asked
    for the names that reach a page, never for the ids of a deck that prints no summary.
    """

    cards: tuple[tuple[int, str], ...]
    words: Words
    where: Source | None

    def __str__(self) -> str:
        return ", ".join(
            f"{count} {self.words.say(name, self.where)}" for count, name in self.cards
        )


@dataclass(frozen=True, slots=True)
class KitRequest:
    """One kit to plan: a game for one player count, paper, duplex flip and label set."""

    game: str
    players: int
    paper: str
    flip: Flip = "long"
    options: PrintOptions = field(default_factory=PrintOptions)
    labels: str = STANDARD


def shop_side_files(
    cards: Sequence[CardType],
    players: int,
    document: Document,
    file_stem: str,
    library: Library,
) -> list[KitFile]:
    """A print-shop deck's fronts file and backs file, their pages named as pictures: the
    cards a kit for `players` holds, in deck order as the file prints them."""
    order = [card.id for card in cards for _ in range(card.copies(players))]
    dpi = library.printing.press.picture_dpi
    return [
        KitFile(
            f"{file_stem}{SIDE_SUFFIX[side]}",
            "players",
            one_side,
            side_pictures(file_stem, order, side, dpi),
        )
        for side, one_side in side_documents(document).items()
    ]


def document_names(loaded: LoadedGame) -> list[str]:
    """The files a kit of this game can hold, by name (a document may be empty for a count)."""
    return [*(deck.name for deck in loaded.decks), *(doc.spec.name for doc in loaded.documents)]


def labels_folder(labels: str) -> str:
    """The folder a label set's output sits in: none for standard, its name for others."""
    return "" if labels == STANDARD else f"{labels}/"


def kit_folder(request: KitRequest) -> str:
    """`game/paper/n-players` (`1-player` for one), under `labels_folder` for label sets
    other than standard."""
    players = counted(request.players, "player", "players").replace(" ", "-")
    return f"{request.game}/{labels_folder(request.labels)}{request.paper}/{players}"


# The values besides numbers every kit's text may print (kit_values); no number may take
# their names.
TEXT_VALUES = ("deck_counts", "deck_summary", "game_title", "players_max", "players_min")


def kit_values(loaded: LoadedGame, players: int, words: Words | None = None) -> dict[str, Any]:
    """Every number the game's text may print for this player count.

    `deck_summary` counts the deck by its cards' names ("6 circles, 6 triangles"), so a
    sentence about the deck follows a custom deck.
    """
    words = words or Words()
    where = loaded.deck_source.source(("cards",))
    named = deck_by_name(loaded, players)
    given = {
        "players": players,
        "deck_size": sum(count for count, _ in named),
        **deck_group_counts(loaded, players),
    }
    numbers = compute_numbers(
        loaded.game.numbers,
        given,
        lambda name: loaded.source.source(("numbers", name)),
        TEXT_VALUES,
    )
    check_constraints(
        loaded.game.constraints, numbers, lambda i: loaded.source.source(("constraints", i))
    )
    text = {
        **back_looks(loaded),
        "deck_counts": " + ".join(str(count) for count, _ in named),
        "deck_summary": DeckSummary(named, words, where),
        "game_title": loaded.game.title,
        "players_min": loaded.game.players.min,
        "players_max": loaded.game.players.max,
    }
    return {**numbers, **text}


def back_looks(loaded: LoadedGame) -> dict[str, str]:
    """`<back>_back`, "green back": each back's `look` field, as the label set drew it.

    So a sentence about a back ("the Crown cards ({crown_back})") names what is printed,
    not the standard set's colour when a set redraws the backs in black and white.
    """
    return {
        back_look_name(back_id): str(back.fields[BACK_LOOK])
        for deck in loaded.decks
        for back_id, back in deck.deck.backs.items()
        if BACK_LOOK in back.fields
    }


def deck_by_name(loaded: LoadedGame, players: int) -> tuple[tuple[int, str], ...]:
    """The main deck for this count as (copies, name), cards of one name together in the
    order they first appear ("10 suns, 10 moons", not "1 suns, 1 suns, ..."); a card a
    count table leaves out at this count is not counted."""
    totals: dict[str, int] = {}
    for card in loaded.deck.cards:
        if copies := card.copies(players):
            name = card.name or card.id
            totals[name] = totals.get(name, 0) + copies
    return tuple((count, name) for name, count in totals.items())


def deck_group_counts(loaded: LoadedGame, players: int) -> dict[str, int]:
    """`count_<group>` for every card group and card id (hyphens become underscores).

    So YAML can say `deck_size - count_stop_turn` instead of repeating a deck count.
    """
    totals: dict[str, int] = {}
    for card in loaded.deck.cards:
        for key in dict.fromkeys((card.id, card.group or card.id)):
            name = "count_" + key.replace("-", "_")
            totals[name] = totals.get(name, 0) + card.copies(players)
    return totals


def kit_lists(loaded: LoadedGame, values: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """The game's lists, its computed lists for this count, and `deck` (the main deck's cards,
    each with its `name` as sheets count it, or its id, and its back: `back` the id,
    `back_look` the words the sheets name it by, "red back", or its id where it has none)."""
    computed = {
        name: compute_list(spec.count, spec.fields, values, loaded.source.source(("lists", name)))
        for name, spec in loaded.game.lists.items()
        if isinstance(spec, ComputedList)
    }
    players = values["players"]
    deck = [
        {
            "id": card.id,
            "name": card.name or card.id,
            "count": card.copies(players),
            "back": card.back,
            CARD_BACK_LOOK: loaded.deck.backs[card.back].fields.get(BACK_LOOK, card.back),
            **card.fields,
        }
        for card in loaded.deck.cards
        if card.copies(players)
    ]
    return {**loaded.lists, **computed, "deck": deck}


def plan_kit(
    loaded: LoadedGame, library: Library, ctx: DrawContext, request: KitRequest
) -> list[KitFile]:
    game = loaded.game
    if not game.players.min <= request.players <= game.players.max:
        raise UserError(
            loaded.source.source(("players",)),
            f"{game.id} is for {game.players.min}-{game.players.max} players, not {request.players}",
        )
    page = named_size(request.paper, library.papers, "--paper")
    check_offset(request.options.back_offset, library.printing.calibration.scale_half_length)
    names = claim_file_names(loaded, library.guide)
    if loaded.deck.shapes:
        own = ShapeLibrary.from_mapping(
            loaded.deck.shapes, loaded.deck_source.source(("shapes",)).path
        )
        ctx = replace(ctx, shapes=ctx.shapes.merged(own))
    if loaded.words is not None:  # the label set's words with the game's own over them
        ctx = replace(ctx, words=loaded.words)
    words = ctx.words
    values = kit_values(loaded, request.players, words)
    furniture = ctx.style.furniture
    line_source = library.style_source.source(("furniture", "print_line"))
    sides = library.printing.sides
    options = request.options
    cards_sides = "none" if fronts_only(ctx, options) else request.flip
    cards_line = print_line(furniture, sides, cards_sides, words, line_source)
    sheets_line = print_line(furniture, sides, "none", words, line_source)
    size = [options.card_size] if options.card_size else []
    labels = [] if request.labels == STANDARD else [request.labels]
    stem = "_".join([game.id, f"{request.players}p", request.paper, *size, *labels])
    game_title = words.say(game.title, loaded.source.source(("title",)))
    flip = request.flip
    files: list[KitFile] = []
    faces: Symbols = {}
    for deck in loaded.decks:  # the main deck, then decks printed in files of their own
        title = f"{game_title}: {words.fill(deck.title, values, loaded.source.source(('cards_title',)))}"
        plan = (page, title, cards_line, flip, options, request.players)
        try:
            cards, drawn = plan_cards(loaded, library, ctx, *plan, deck=deck, earlier=faces)
        except BrailleRoomError as error:  # say which card sizes this braille does fit
            raise with_fitting_sizes(error, loaded, library, ctx) from None
        name = names.name(deck.name, "players", options.print_shop)
        files.append(KitFile(f"{stem}_{name}", "players", cards))
        if options.print_shop:
            files += shop_side_files(
                deck.deck.cards, request.players, cards, f"{stem}_{name}", library
            )
        faces = {**faces, **drawn}
    for list_name, items in game.lists.items():
        if not isinstance(items, list):
            continue  # lists read from files or computed: their words are found where used
        for index, item in enumerate(items):
            for key, value in item.items():
                if isinstance(value, str):
                    words.origins.setdefault(
                        value, loaded.source.source(("lists", list_name, index, key))
                    )
    face_by_card = {name.removeprefix("face-"): face for name, face in faces.items()}
    lists = kit_lists(loaded, values)
    inputs = SheetInputs(values, lists, face_by_card, request.players, sheets_line)
    sheets_from = len(files)  # the table sheets and the host key follow the cards files
    for doc in loaded.documents:
        pages = plan_sheets(doc, inputs, page, ctx)
        if not pages:
            continue
        title = f"{game_title}: {words.fill(doc.spec.title, values, doc.source.source(('title',)))}"
        files.append(
            KitFile(
                f"{stem}_{names.name(doc.spec.name, doc.spec.audience)}",
                doc.spec.audience,
                Document(title, pages, faces, "none", words.locale),
            )
        )
    sheets = [f.document for f in files[sheets_from:] if f.audience == "players"]
    embossed = braille_file(
        loaded, library, ctx, game_title, sheets, options.card_size, request.players
    )  # the players' sheets, without the printing guide
    listed = [(f.name, f.audience, f.document) for f in files]
    paper = (request.paper, page)
    shop = shop_bleed(library.printing, options)
    brf_pages = None if embossed is None else len(embossed.pages)
    guide_of = (listed, paper, flip, shop, f"{stem}_", brf_pages)
    name, audience, guide = plan_guide(library, ctx, inputs, *guide_of)
    files.append(KitFile(f"{stem}_{names.name(name, audience)}", audience, guide))
    if options.ink_saver:
        files = [replace(f, document=draft(f.document, library.printing.ink_saver)) for f in files]
    if embossed is not None:
        files.append(KitFile(f"{stem}_embosser", "players", embossed))
    return files
