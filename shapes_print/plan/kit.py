"""Plan stage, whole kit: every file of one kit planned into pages.

Input: a loaded game with the label set applied, its drawing context and a `KitRequest`.
Output: the kit's files (`KitFile`): cards files, table sheets, host key, printing guide and
the braille embosser file, each a planned document.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from msgspec import Struct
from msgspec.structs import replace

from shapes_print.errors import Source, UserError
from shapes_print.geometry.primitives import Document
from shapes_print.kit.contents import KitRequest, kit_lists, kit_values
from shapes_print.kit.context import DrawContext
from shapes_print.kit.variant import game_context
from shapes_print.load.content import Library, LoadedDocument, LoadedGame
from shapes_print.load.filenames import SIDE_SUFFIX, claim_file_names
from shapes_print.load.labels import STANDARD
from shapes_print.load.models import CardType
from shapes_print.load.options import check_offset, named_size, size_name
from shapes_print.load.shapes import ShapeLibrary
from shapes_print.plan.boards import board_document
from shapes_print.plan.braille import BrailleRoomError
from shapes_print.plan.cardfile import (
    Symbols,
    fronts_only,
    plan_cards,
    shop_bleed,
)
from shapes_print.plan.decktemplate import card_template
from shapes_print.plan.embosser import EmbosserFile
from shapes_print.plan.embosserkit import braille_file, with_fitting_sizes
from shapes_print.plan.furniture import print_line
from shapes_print.plan.guide import plan_guide
from shapes_print.plan.icons import spoken
from shapes_print.plan.inksaver import draft
from shapes_print.plan.part import check_part, copies, part_of
from shapes_print.plan.playeraid import player_aid
from shapes_print.plan.printandplay import plan_print_and_play
from shapes_print.plan.printshop import Pictures, side_documents, side_pictures
from shapes_print.plan.proof import plan_proof
from shapes_print.plan.sheets import LaidSheets, SheetInputs, lay_sheets
from shapes_print.plan.tabletop import TabletopDeck, plan_tabletop
from shapes_print.text.words import Said


class KitFile(Struct, frozen=True):
    """One file of a kit: its name, who it is for, and its planned document; `pictures`,
    for a print shop's one-side files, names each page's PNG (`--format png`)."""

    name: str
    audience: str
    document: Document | EmbosserFile | TabletopDeck
    pictures: Pictures | None = None

    @property
    def printed(self) -> Document:
        """The document of a file printed on paper: every file of a kit but its .brf and its
        Tabletop Simulator deck, which plan_kit adds last."""
        assert isinstance(self.document, Document)
        return self.document


def shop_side_files(
    cards: Sequence[CardType],
    players: int,
    document: Document,
    file_stem: str,
    library: Library,
    only: Collection[str] = (),
) -> list[KitFile]:
    """A print-shop deck's fronts file and backs file, their pages named as pictures: the
    cards a kit for `players` holds (those in `only`, if any), in deck order as the file
    prints them."""
    order = [card.id for card in part_of(cards, only) for _ in range(copies(card, players, only))]
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


# Sheet documents planned while `sharing_sheets` is on, each with all it was planned from:
# `check` plans each kit again for the other duplex flip, whose sheets are the same (a flip
# changes the cards files and the printing guide only). A build plans each kit once.
_SHEETS: list[dict[tuple[object, ...], tuple[tuple[object, ...], LaidSheets | None]]] = []


@contextmanager
def sharing_sheets() -> Iterator[None]:
    """Within it, a sheet document planned again from the same inputs is not planned again."""
    _SHEETS.append({})
    try:
        yield
    finally:
        _SHEETS.pop()


def _laid_once(
    doc: LoadedDocument,
    inputs: SheetInputs,
    page: tuple[float, float],
    ctx: DrawContext,
    made_from: tuple[LoadedGame, DrawContext],
) -> LaidSheets | None:
    """`lay_sheets`, or (while sharing) what it gave for the same document, inputs and page
    under a context made from the same label set's context for the same game
    (`made_from`). Each entry holds what it was made from, so no id it is found by is
    reused meanwhile."""
    if not _SHEETS:
        return lay_sheets(doc, inputs, page, ctx)
    kept = _SHEETS[-1]
    key = (id(doc), *map(id, made_from), page, inputs.players, inputs.shop)
    of = (doc, *made_from, page, inputs)
    found = kept.get(key)
    if found is not None and found[0] == of:
        return found[1]
    laid = lay_sheets(doc, inputs, page, ctx)
    kept[key] = (of, laid)
    return laid


class _Planned(Struct, frozen=True):
    """A players' sheet as its kit planned it, with its layout, its running foot's names
    and its copies: the print-and-play file prints the same layout with its own feet."""

    file: KitFile
    laid: LaidSheets
    names: tuple[str, str]
    copies: int = 1


def _player_aid(loaded: LoadedGame, players: int) -> LoadedDocument | None:
    """`player_aid`, made once for the game and player count: the same document each
    time, so another kit's sheets share its pages and its blocks' drawings."""
    key = ("player-aid", players)
    if key not in loaded.drawn:
        loaded.drawn[key] = player_aid(loaded, players)
    return loaded.drawn[key]


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
    base = ctx  # the kit's own context is made from it and the game alone
    if loaded.deck.shapes:
        own = ShapeLibrary.from_mapping(
            loaded.deck.shapes, loaded.deck_source.source(("shapes",)).path
        )
        ctx = replace(ctx, shapes=ctx.shapes.merged(own))
    ctx = game_context(loaded, ctx)
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
    size = (
        [size_name(options.card_size, library.card_sizes, "--card-size")]
        if options.card_size
        else []
    )
    labels = [] if request.labels == STANDARD else [request.labels]
    stem = "_".join([game.id, f"{request.players}p", request.paper, *size, *labels])
    # Titles stand in a PDF's metadata, outline and running foot, where no face can be
    # bold: their words without markup, an icon as its words (`spoken`).
    where = loaded.source.source(("title",))
    game_title = spoken(ctx, words.say(game.title, where), where)
    flip = request.flip
    part = request.part
    check_part(loaded, part)
    if part.proof:
        proof = plan_proof(
            loaded, library, ctx, part.decks, part.cards, page, game_title, options.card_size
        )
        return [KitFile(f"{stem}_proof", "players", proof)]
    files: list[KitFile] = []
    tabletop: list[KitFile] = []  # --format tts: pictures, not pages; listed in no guide
    check_tabletop(ctx, request)
    faces: Symbols = {}
    for deck in loaded.decks:  # the main deck, then decks printed in files of their own
        where = loaded.source.source(("cards_title",))
        title = f"{game_title}: {spoken(ctx, words.fill(deck.title, values, where), where)}"
        plan = (page, title, cards_line, flip, options, request.players)
        only = part.cards if part.decks == () or deck.name in part.decks else ("",)
        try:
            cards, drawn = plan_cards(
                loaded, library, ctx, *plan, deck=deck, earlier=faces, only=only
            )
        except BrailleRoomError as error:  # say which card sizes this braille does fit
            raise with_fitting_sizes(error, loaded, library, ctx) from None
        earlier, faces = faces, {**faces, **drawn}
        if not cards.pages:
            continue  # a partial build's deck with none of the cards asked for
        name = names.name(deck.name, "players", options.print_shop)
        files.append(KitFile(f"{stem}_{name}", "players", cards))
        if "tts" in options.formats:
            template = card_template(loaded, library, options.card_size, deck)
            at = (request.players, library.printing.tabletop.dpi, only, earlier)
            made = plan_tabletop(loaded, template, ctx, deck, f"{stem}_{name}_tts", title, *at)
            tabletop.append(KitFile(made.name, "players", made))
        if options.print_shop:
            files += shop_side_files(
                deck.deck.cards, request.players, cards, f"{stem}_{name}", library, only
            )
    if part.decks or part.cards:  # only the cards files asked for: no sheets, no guide
        return files + tabletop
    for name, board in game.boards.items():  # boards larger than a page, tiled
        where = loaded.source.source(("boards", name))
        board_title = f"{game_title}: {spoken(ctx, words.say(board.title, where), where)}"
        tiled = board_document(board, loaded.folder, where, page, ctx, board_title)
        files.append(KitFile(f"{stem}_{names.name(name, 'players')}", "players", tiled))
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
    made_from = (loaded, base)
    planned: list[_Planned] = []  # the table sheets and the host key follow the cards files
    for doc in loaded.documents:
        where = doc.source.source(("title",))
        named = spoken(ctx, words.fill(doc.spec.title, values, where), where)
        laid = _laid_once(doc, inputs, page, ctx, made_from)
        if laid is None:
            continue
        pages = laid.pages(sheets_line, (game_title, named))
        name = f"{stem}_{names.name(doc.spec.name, doc.spec.audience)}"
        document = Document(f"{game_title}: {named}", pages, faces, "none", words.locale)
        file = KitFile(name, doc.spec.audience, document)
        planned.append(_Planned(file, laid, (game_title, named)))
    sheets = [s.file.printed for s in planned if s.file.audience == "players"]
    embossed = braille_file(
        loaded, library, ctx, game_title, sheets, options.card_size, request.players
    )  # the players' sheets, without the printing guide
    aid = _player_aid(loaded, request.players)  # not embossed: the .brf has the whole sheets
    laid = None if aid is None else _laid_once(aid, inputs, page, ctx, made_from)
    if aid is not None and laid is not None:
        where = loaded.source.source(("player_aid", "title"))
        named = spoken(ctx, words.fill(aid.spec.title, values, where), where)
        aid_names, copies = (game_title, named), request.players
        pages = laid.pages(sheets_line, aid_names, copies)
        document = Document(f"{game_title}: {named}", pages, faces, "none", words.locale)
        name = f"{stem}_{names.name('player-aid', 'players')}"
        planned.append(_Planned(KitFile(name, "players", document), laid, aid_names, copies))
    files += [s.file for s in planned]
    listed = [(f.name, f.audience, f.printed) for f in files]
    whole: KitFile | None = None
    if library.print_and_play is not None and not options.print_shop:
        said = {  # the cover's words from the game, filled with this kit's numbers
            key: Said(words.fill(text, values, loaded.source.source((key,))))
            for key, text in (("play_time", game.play_time), ("not_printed", game.not_printed))
            if text is not None
        }
        cover_inputs = replace(inputs, values={**values, **said})
        # The whole file prints on its cards' sides, its sheets too: their print line says
        # so. Its cover has the scale check: its sheets have it no more.
        sheets_in = {
            s.file.name: replace(
                s.file.printed, pages=s.laid.pages(cards_line, s.names, s.copies, scale=False)
            )
            for s in planned
            if s.file.audience == "players"
        }
        parts = [(n, a, sheets_in.get(n, d)) for n, a, d in listed]
        compiled = plan_print_and_play(library, ctx, cover_inputs, parts, page, cards_line)
        if compiled is not None:
            whole_name = names.name(library.print_and_play.spec.name, "players")
            whole = KitFile(f"{stem}_{whole_name}", "players", compiled)
    paper = (request.paper, page)
    shop = shop_bleed(library.printing, options)
    brf_pages = None if embossed is None else len(embossed.pages)
    whole_listed = None if whole is None else (whole.name, whole.printed)
    guide_of = (listed, paper, flip, shop, f"{stem}_", brf_pages, whole_listed)
    name, audience, guide = plan_guide(library, ctx, inputs, *guide_of)
    files.append(KitFile(f"{stem}_{names.name(name, audience)}", audience, guide))
    if whole is not None:
        files.append(whole)
    if options.ink_saver:
        files = [replace(f, document=draft(f.printed, library.printing.ink_saver)) for f in files]
    if options.print_shop:  # every PDF of a print-shop kit is PDF/X for the shop's press
        files = [
            replace(f, document=replace(f.printed, press=library.press))
            if f.printed.press is None
            else f
            for f in files
        ]
    if embossed is not None:
        files.append(KitFile(f"{stem}_embosser", "players", embossed))
    return files + tabletop


def check_tabletop(ctx: DrawContext, request: KitRequest) -> None:
    """Tabletop Simulator shows pictures on a screen: a braille label set's cards are for
    swell paper, read by touch, so it has none to give (build TTS files with another)."""
    if "tts" in request.options.formats and ctx.style.braille is not None:
        raise UserError(
            Source(Path("--format")),
            f"tts: label set {request.labels!r} draws braille for swell paper, read by touch, "
            "not on a screen; build Tabletop Simulator files with another label set",
        )
