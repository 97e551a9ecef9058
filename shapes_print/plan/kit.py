"""Plan stage, whole kit: every file of one kit planned into pages.

Input: a loaded game with the label set applied, its drawing context and a `KitRequest`.
Output: the kit's files (`KitFile`): cards files, table sheets, host key, printing guide and
the braille embosser file, each a planned document.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from shapes_print.errors import UserError
from shapes_print.geometry.primitives import Document
from shapes_print.kit.contents import KitRequest, kit_lists, kit_values
from shapes_print.kit.context import DrawContext
from shapes_print.load.content import Library, LoadedGame
from shapes_print.load.filenames import SIDE_SUFFIX, claim_file_names
from shapes_print.load.labels import STANDARD
from shapes_print.load.models import CardType
from shapes_print.load.options import check_offset, named_size
from shapes_print.load.shapes import ShapeLibrary
from shapes_print.plan.braille import BrailleRoomError
from shapes_print.plan.cardfile import Symbols, draft, fronts_only, plan_cards, shop_bleed
from shapes_print.plan.embosser import EmbosserFile
from shapes_print.plan.embosserkit import braille_file, with_fitting_sizes
from shapes_print.plan.furniture import print_line
from shapes_print.plan.guide import plan_guide
from shapes_print.plan.playeraid import player_aid
from shapes_print.plan.printandplay import plan_print_and_play
from shapes_print.plan.printshop import Pictures, side_documents, side_pictures
from shapes_print.plan.sheets import SheetInputs, plan_sheets
from shapes_print.text.words import Said


@dataclass(frozen=True, slots=True)
class KitFile:
    """One file of a kit: its name, who it is for, and its planned document; `pictures`,
    for a print shop's one-side files, names each page's PNG (`--format png`)."""

    name: str
    audience: str
    document: Document | EmbosserFile
    pictures: Pictures | None = None


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
    names = claim_file_names(loaded, library.guide, library.print_and_play)
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
    inputs = SheetInputs(
        values, lists, face_by_card, request.players, sheets_line, options.print_shop
    )
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
    aid = player_aid(loaded, request.players)  # not embossed: the .brf has the whole sheets
    if aid is not None:
        title = f"{game_title}: {words.fill(aid.spec.title, values, loaded.source.source(('player_aid', 'title')))}"
        aid_pages = plan_sheets(aid, inputs, page, ctx)
        aid_doc = Document(title, aid_pages, faces, "none", words.locale)
        files.append(KitFile(f"{stem}_{names.name('player-aid', 'players')}", "players", aid_doc))
    listed = [(f.name, f.audience, f.document) for f in files]
    paper = (request.paper, page)
    shop = shop_bleed(library.printing, options)
    brf_pages = None if embossed is None else len(embossed.pages)
    guide_of = (listed, paper, flip, shop, f"{stem}_", brf_pages)
    name, audience, guide = plan_guide(library, ctx, inputs, *guide_of)
    files.append(KitFile(f"{stem}_{names.name(name, audience)}", audience, guide))
    if library.print_and_play is not None and not options.print_shop:
        said = {  # the cover's words from the game, filled with this kit's numbers
            key: Said(words.fill(text, values, loaded.source.source((key,))))
            for key, text in (("play_time", game.play_time), ("not_printed", game.not_printed))
            if text is not None
        }
        cover_inputs = replace(inputs, values={**values, **said})
        whole = plan_print_and_play(library, ctx, cover_inputs, listed, page, cards_line)
        if whole is not None:
            part = names.name(library.print_and_play.spec.name, "players")
            files.append(KitFile(f"{stem}_{part}", "players", whole))
    if options.ink_saver:
        files = [replace(f, document=draft(f.document, library.printing.ink_saver)) for f in files]
    if options.print_shop:  # every PDF of a print-shop kit is PDF/X for the shop's press
        files = [
            replace(f, document=replace(f.document, press=library.press))
            if f.document.press is None
            else f
            for f in files
        ]
    if embossed is not None:
        files.append(KitFile(f"{stem}_embosser", "players", embossed))
    return files
