"""Plan stage, the planners of a kit: each reads the kit's context and what the planners
before it made (`Planned`), and adds its own files.

Input: a `KitContext` and the `Planned` so far. Output: the `Planned` with the planner's
part: the cards files, the boards, the sheets (plan/kitsheets.py), the embosser file, the
player aid, the print-and-play file, the printing guide. Adding an output to a kit is adding
a planner to a list here.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from pathlib import Path

from msgspec.structs import replace

from shapes_print.errors import Source, UserError
from shapes_print.geometry.primitives import Document
from shapes_print.kit.braillefit import BrailleRoomError
from shapes_print.kit.decktemplate import card_template
from shapes_print.load.filenames import FOLD, SIDE_SUFFIX, SIDES
from shapes_print.load.models import LoadedDeck
from shapes_print.plan.boards import board_document
from shapes_print.plan.cardfile import CardsAsked, plan_cards
from shapes_print.plan.embosserkit import braille_file, with_fitting_sizes
from shapes_print.plan.guide import any_turned, plan_guide
from shapes_print.plan.inksaver import draft
from shapes_print.plan.kitcontext import KitContext, fronts_only
from shapes_print.plan.kitsheets import plan_player_aid, plan_sheets
from shapes_print.plan.pagenumbers import FootedPages, Names
from shapes_print.plan.part import copies, part_of
from shapes_print.plan.planned import KitFile, Planned
from shapes_print.plan.printandplay import Part, plan_print_and_play
from shapes_print.plan.printshop import side_documents, side_pictures
from shapes_print.plan.proof import plan_proof
from shapes_print.plan.tabletop import plan_tabletop
from shapes_print.text.words import Said

Planner = Callable[[KitContext, Planned], Planned]


def plan_decks(kit: KitContext, planned: Planned) -> Planned:
    """The cards files: the main deck, then decks printed in files of their own."""
    check_tabletop(kit)
    for deck in kit.loaded.decks:
        planned = _plan_deck(kit, planned, deck)
    return planned


def _plan_deck(kit: KitContext, planned: Planned, deck: LoadedDeck) -> Planned:
    """One deck's cards file, its print shop's one-side files and its Tabletop deck."""
    where = kit.loaded.source.source(("cards_title",))
    named = kit.spoken(deck.title, where)
    title = kit.titled(kit.game_title, named)
    part = kit.request.part
    only = part.cards if part.decks == () or deck.name in part.decks else ("",)
    earlier = planned.faces
    asked = CardsAsked(deck, title, named, earlier, only)
    try:
        cards, drawn = plan_cards(kit, asked)
    except BrailleRoomError as error:  # say which card sizes this braille does fit
        raise with_fitting_sizes(error, kit.loaded, kit.library, kit.ctx) from None
    planned = replace(planned, faces={**earlier, **drawn})
    if not cards.pages:
        return planned  # a partial build's deck with none of the cards asked for
    name = kit.file(deck.name, "players", kit.options.print_shop)
    files = [KitFile(name, "players", cards)]
    tabletop = planned.tabletop
    if "tts" in kit.options.formats:
        tabletop += (_tabletop_file(kit, asked, name),)
    if kit.options.print_shop:
        files += shop_side_files(kit, deck, cards, name, only)
    folds = (*planned.folds, *_fold_file(kit, asked))
    return replace(planned, cards=(*planned.cards, *files), tabletop=tabletop, folds=folds)


def _fold_file(kit: KitContext, asked: CardsAsked) -> list[KitFile]:
    """A deck's fold sheets (`--fold`), beside its cards file. A swell-paper label set
    prints its cards' fronts alone (a back behind the dots would rise with them): it has
    no backs to fold behind them, so no fold sheets."""
    if not kit.options.fold or fronts_only(kit.ctx, kit.options):
        return []
    # Titled apart from the cards file (as a print shop's fronts and backs files are), so
    # the catalogue's link, its picture's alternate text and the foot say which file it is.
    named = kit.fold_titled(asked.named)
    title = kit.titled(kit.game_title, named)
    folded, _ = plan_cards(kit, replace(asked, title=title, named=named, fold=True))
    return [KitFile(kit.file(f"{asked.deck.name}{FOLD}"), "players", folded)]


def _tabletop_file(kit: KitContext, asked: CardsAsked, name: str) -> KitFile:
    """A deck's Tabletop Simulator sheets (`--format tts`), beside its cards file `name`:
    pictures, not pages."""
    template = card_template(kit.loaded, kit.library, kit.options.card_size, asked.deck, kit.cache)
    deck = plan_tabletop(kit, asked, template, f"{name}_tts")
    return KitFile(deck.name, "players", deck)


def shop_side_files(
    kit: KitContext, deck: LoadedDeck, document: Document, file_stem: str, only: Collection[str]
) -> list[KitFile]:
    """A print-shop deck's fronts file and backs file, their pages named as pictures: the
    cards the kit holds (those in `only`, if any), in deck order as the file prints them."""
    cards, players = deck.deck.cards, kit.players
    order = [card.id for card in part_of(cards, only) for _ in range(copies(card, players, only))]
    dpi = kit.library.printing.press.picture_dpi
    titles = {side: kit.side_titled(document.title, side) for side in SIDES}
    return [
        KitFile(
            f"{file_stem}{SIDE_SUFFIX[side]}",
            "players",
            one_side,
            side_pictures(file_stem, order, side, dpi),
        )
        for side, one_side in side_documents(document, titles).items()
    ]


def check_tabletop(kit: KitContext) -> None:
    """Tabletop Simulator shows pictures on a screen: a braille label set's cards are for
    swell paper, read by touch, so it has none to give (build TTS files with another)."""
    if "tts" in kit.options.formats and kit.ctx.style.braille is not None:
        raise UserError(
            Source(Path("--format")),
            f"tts: label set {kit.request.labels!r} draws braille for swell paper, read by "
            "touch, not on a screen; build Tabletop Simulator files with another label set",
        )


def plan_boards(kit: KitContext, planned: Planned) -> Planned:
    """The game's boards larger than a page, tiled, each tile with the board's running foot
    under it, where a sheet's stands."""
    boards = []
    for name, board in kit.loaded.game.boards.items():
        where = kit.loaded.source.source(("boards", name))
        named = kit.spoken(board.title, where)
        title = kit.titled(kit.game_title, named)
        picture = kit.ctx.pictures.get(kit.loaded.folder, board.picture)
        tiled = board_document(board, picture, where, kit.page, kit.ctx, title)
        pages = FootedPages(tiled.pages, Names(kit.game_title, named), kit.ctx)
        boards.append(KitFile(kit.file(name), "players", replace(tiled, pages=pages)))
    return replace(planned, boards=tuple(boards))


def plan_embosser(kit: KitContext, planned: Planned) -> Planned:
    """A braille label set's embosser file: its cards and the players' sheets."""
    sheets = [(s.file.printed, s.source) for s in planned.sheets if s.file.audience == "players"]
    return replace(planned, embossed=braille_file(kit, sheets))


def plan_whole(kit: KitContext, planned: Planned) -> Planned:
    """The print-and-play file of a home kit, where the templates have one: every page the
    players print, on its cards' sides (its sheets' print line says so too)."""
    doc = kit.library.print_and_play
    if doc is None or kit.options.print_shop:
        return planned
    inputs = planned.sheet_inputs
    said = {  # the cover's and assembly page's words from the game, with this kit's numbers
        key: Said(kit.words.fill(text, kit.values, kit.loaded.source.source((key,))))
        for key, text in (
            ("player_count", kit.loaded.game.player_count),
            ("play_time", kit.loaded.game.play_time),
            ("not_printed", kit.loaded.game.not_printed),
            ("assembly_rule", kit.loaded.game.assembly_rule),
        )
        if text is not None
    }
    # The assembly page says how to fold the fold sheets, where `--fold` built them.
    cover_inputs = replace(inputs, values={**kit.values, **said, **_folding(kit, planned)})
    # Its cover has the scale check: its sheets have it no more. A player aid's copies
    # each start on a front (each player keeps one).
    laid_out = {s.file.name: s for s in planned.laid_out}
    parts = []
    for file in planned.listed:
        sheet = laid_out.get(file.name)
        if file.audience != "players":
            continue
        if sheet is None:
            parts.append(Part(file.printed))
            continue
        pages = sheet.laid.pages(kit.cards_line, sheet.names, sheet.copies, scale=False)
        if sheet is planned.aid:
            parts.append(Part(replace(file.printed, pages=pages), sheet.laid.copy_pages))
            continue
        at_table = tuple(page.at_table for page in sheet.laid.laid)
        parts.append(Part(replace(file.printed, pages=pages), at_table=at_table))
    compiled = plan_print_and_play(kit, cover_inputs, parts)
    if compiled is None:
        return planned
    whole = KitFile(kit.file(doc.spec.name), "players", compiled.document)
    return replace(planned, whole=whole, assembly=compiled.assembly)


def _folding(kit: KitContext, planned: Planned, start: str = "") -> dict[str, Said]:
    """The fold sheets' file names (`fold`, or none), each without `start` (the guide's
    table names files without the stem all share), and print.yaml's step for them filled
    with the names (`folding`): the printing guide and the assembly page say it alike."""
    names = ", ".join(f"{f.name.removeprefix(start)}.pdf" for f in planned.folds)
    if not names:
        return {"fold": Said("none"), "folding": Said("")}
    where = kit.library.printing_source.source(("folding",))
    step = kit.words.fill(kit.library.printing.folding, {"fold": Said(names)}, where)
    return {"fold": Said(names), "folding": Said(step)}


def plan_printing_guide(kit: KitContext, planned: Planned) -> Planned:
    """The printing guide, listing the files before it."""
    brf_pages = None if planned.embossed is None else len(planned.embossed.pages)
    # The guide says where the print-and-play file's assembly page is, where it is two
    # pages; why a page of it is turned, where a score sheet it holds is (the fold sheets,
    # landscape, are no part of it); and how to fold the fold sheets, as its assembly page
    # does.
    first, last = planned.assembly or (0, 0)
    turned = planned.whole is not None and any_turned(kit, planned.listed)
    said = {
        "assembly": Said(f"{first}-{last}" if last > first else "none"),
        "turned": Said("yes" if turned else "none"),
        **_folding(kit, planned, f"{kit.stem}_"),
    }
    inputs = planned.sheet_inputs
    inputs = replace(inputs, values={**inputs.values, **said})
    name, audience, guide = plan_guide(kit, inputs, planned.guided, brf_pages, planned.whole)
    return replace(planned, guide=KitFile(kit.file(name, audience), audience, guide))


def finish_printed(kit: KitContext, planned: Planned) -> Planned:
    """The printed files drafted for `--ink-saver`, and PDF/X for a print shop's press."""
    printing, options, press = kit.library.printing, kit.options, kit.library.press
    if options.ink_saver:
        planned = planned.with_printed(lambda d: draft(d, printing.ink_saver))
    if options.print_shop:
        planned = planned.with_printed(
            lambda d: d if d.press is not None else replace(d, press=press)
        )
    return planned


def plan_the_proof(kit: KitContext, planned: Planned) -> Planned:
    """A proof of the decks asked for, in place of the kit (`--proof`)."""
    proof = KitFile(f"{kit.stem}_proof", "players", plan_proof(kit))
    return replace(planned, cards=(proof,))


# The planners of each kind of kit, in order: each may read what those before it made.
WHOLE_KIT: Sequence[Planner] = (
    plan_decks,
    plan_boards,
    plan_sheets,
    plan_embosser,
    plan_player_aid,
    plan_whole,
    plan_printing_guide,
    finish_printed,
)
PARTIAL_KIT: Sequence[Planner] = (plan_decks,)  # only the cards files asked for
PROOF: Sequence[Planner] = (plan_the_proof,)


def kit_files(kit: KitContext, planned: Planned) -> list[KitFile]:
    """The kit's files in the order they are written and listed: the printed files, then
    the embosser file and the Tabletop decks."""
    files = [*planned.guided, *([planned.guide] if planned.guide else [])]
    files += [planned.whole] if planned.whole else []
    embosser = planned.embossed
    embossed = [] if embosser is None else [KitFile(f"{kit.stem}_embosser", "players", embosser)]
    return files + embossed + list(planned.tabletop)
