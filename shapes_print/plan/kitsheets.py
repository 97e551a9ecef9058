"""Plan stage, a kit's sheets: its table sheets and host key, then its player aid.

Input: a `KitContext` and the faces its cards files drew. Output: the sheets, each with
the layout it was planned in (`PlannedSheet`), and the inputs every later sheet reads.
"""

from __future__ import annotations

from functools import partial

from msgspec import Struct
from msgspec.structs import replace

from shapes_print.buildcache import Pinned, Region
from shapes_print.errors import Source, warn
from shapes_print.geometry.primitives import Bookmark, Document, Page
from shapes_print.kit.contents import kit_lists
from shapes_print.kit.playeraid import AidWay, aid_context, kit_player_aid
from shapes_print.load.loaded import LoadedDocument
from shapes_print.plan.headings import heading_marks
from shapes_print.plan.kitcontext import KitContext
from shapes_print.plan.planned import KitFile, Planned, PlannedSheet
from shapes_print.plan.sheets import LaidSheets, SheetInputs, lay_sheets

# Sheet documents laid out, each with the inputs it was laid out from, while the pipeline
# shares them (`BuildCache.sharing`): `check` plans each kit again for the other duplex
# flip, whose sheets are the same (a flip changes the cards files and the printing guide
# only); a group of kits lays out a few hundred. A build plans each kit once, so it keeps
# none: they would only hold memory.
SHARED_SHEETS: Region[Pinned[tuple[SheetInputs, LaidSheets | None]]] = Region(
    "shared sheets", partial(Pinned, 4096)
)


def _laid_once(
    kit: KitContext, doc: LoadedDocument, inputs: SheetInputs, aid: bool = False
) -> LaidSheets | None:
    """`lay_sheets` (a player `aid` in its own context, in halves where it fits one), or
    (while sharing) what it gave for the same document, inputs and page under a context
    made from the same label set's context for the same game."""

    def laid() -> LaidSheets | None:
        if aid:
            return _aid_laid(kit, doc, inputs)
        return lay_sheets(doc, inputs, kit.page, kit.ctx)

    shared = kit.cache.shared(SHARED_SHEETS)
    if shared is None:
        return laid()
    pins = (doc, kit.loaded, kit.base)
    key = (kit.page, inputs.players, inputs.shop)
    kept, made = shared.made(pins, key, lambda: (inputs, laid()))
    return made if kept == inputs else laid()


def _aid_laid(kit: KitContext, doc: LoadedDocument, inputs: SheetInputs) -> LaidSheets | None:
    """A player aid laid in half a page as a look-up card (the aid style's `compact`) where
    one copy fits there, or else in its own context (in half a page there too, for a style
    with no look-up card, where a copy fits one); with no scale check either way (a copy
    kept at hand is read, not measured), so a page a copy has the whole page."""
    if kit.ctx.style.player_aid.compact is not None:
        card = aid_context(kit.ctx, kit.cache, AidWay(compact=True))
        laid = lay_sheets(doc, inputs, kit.page, card, halves=True, scale=False)
        if laid is None or laid.half:
            return laid
    context = aid_context(kit.ctx, kit.cache)
    laid = lay_sheets(doc, inputs, kit.page, context, halves=True, scale=False)
    if laid is None or len(laid.laid) == 1:
        return laid
    split = aid_context(kit.ctx, kit.cache, AidWay(split=True))
    again = lay_sheets(doc, inputs, kit.page, split, scale=False)
    return again if again is not None and len(again.laid) <= len(laid.laid) else laid


class SheetFile(Struct, frozen=True):
    """A sheet document's file (one-sided, as every sheet): its name, audience, title in
    words, copies and where its document is written."""

    name: str
    audience: str
    named: str
    copies: int = 1
    source: Source | None = None


def sheet_inputs(kit: KitContext, planned: Planned) -> SheetInputs:
    """What the kit's sheets refer to: its numbers, its lists, the faces its cards files
    drew (by card id), its players and the sheets' print line."""
    loaded = kit.loaded
    for list_name, items in loaded.game.lists.items():
        if not isinstance(items, list):
            continue  # lists read from files or computed: their words are found where used
        for index, item in enumerate(items):
            for key, value in item.items():
                if isinstance(value, str):
                    kit.words.origins.setdefault(
                        value, loaded.source.source(("lists", list_name, index, key))
                    )
    faces = {name.removeprefix("face-"): face for name, face in planned.faces.items()}
    lists = kit_lists(loaded, kit.values)
    line, shop = kit.sheets_line, kit.options.print_shop
    return SheetInputs(kit.values, lists, faces, kit.players, line, shop, kit.cache)


def plan_sheets(kit: KitContext, planned: Planned) -> Planned:
    """The game's sheet documents (table sheets, host keys), after the cards files."""
    inputs = sheet_inputs(kit, planned)
    sheets: list[PlannedSheet] = []
    for doc in kit.loaded.documents:
        named = kit.spoken(doc.spec.title, doc.source.source(("title",)))
        laid = _laid_once(kit, doc, inputs)
        if laid is not None:
            name, audience = kit.file(doc.spec.name, doc.spec.audience), doc.spec.audience
            file = SheetFile(name, audience, named, source=doc.source.source(()))
            sheets.append(_planned(kit, planned, laid, file))
    return replace(planned, inputs=inputs, sheets=tuple(sheets))


def _planned(kit: KitContext, planned: Planned, laid: LaidSheets, file: SheetFile) -> PlannedSheet:
    """One sheet document's file: its pages with the kit's running foot, on the faces the
    cards files drew."""
    names = (kit.game_title, file.named)
    pages = laid.pages(kit.sheets_line, names, file.copies)
    title = kit.titled(kit.game_title, file.named)
    marks = _outline(pages, laid)
    document = Document(title, pages, planned.faces, "none", kit.words.locale, bookmarks=marks)
    printed = KitFile(file.name, file.audience, document)
    return PlannedSheet(printed, laid, names, file.copies, file.source)


def _outline(pages: list[Page], laid: LaidSheets) -> tuple[Bookmark, ...]:
    """A document of several pages has its headings as its outline, each at the page it
    is printed on, a page used at the table an entry of its own (plan/headings.py): a
    reader finds a section of the rules as in the print-and-play file. The headings are
    its top level, as the file is one part."""
    if len(pages) < 2:
        return ()
    at_table = [page.at_table for page in laid.laid]
    marks = heading_marks(pages, 0, at_table)
    return tuple(replace(mark, level=mark.level - 1) for mark in marks)


def plan_player_aid(kit: KitContext, planned: Planned) -> Planned:
    """The player aid, one copy for each player, after the sheets (not embossed: the
    embosser file holds the whole sheets); one-sided, a copy on a side or half of one."""
    fitted = _fitted_aid(kit, planned.sheet_inputs)
    if fitted is None:
        return planned
    aid, laid = fitted.doc, fitted.laid
    if len(laid.laid) > 1:
        where = kit.loaded.source.source(("player_aid",))
        warn(
            f"warning: {where}: player_aid: a copy of {kit.loaded.game.id}'s takes "
            f"{len(laid.laid)} pages in {kit.request.labels} on {kit.request.paper} for "
            f"{kit.players} players, more than one side; shorten its parts"
        )
    named = kit.spoken(aid.spec.title, kit.loaded.source.source(("player_aid", "title")))
    audience = aid.spec.audience  # its document's: the players' (kit/audience.py)
    file = SheetFile(kit.file("player-aid", audience), audience, named, kit.players)
    return replace(planned, aid=_planned(kit, planned, laid, file))


class FittedAid(Struct, frozen=True):
    """A kit's player aid with the parts it spares left out, and its layout."""

    doc: LoadedDocument
    laid: LaidSheets


def _fitted_aid(kit: KitContext, inputs: SheetInputs) -> FittedAid | None:
    """The kit's player aid and its layout, none where it has none: whole where a copy fits
    one side, else with its spare parts left out, first to last, until one does (or all
    are)."""
    aid = kit.loaded.game.player_aid
    fitted = None
    for spared in range(len(aid.spare) + 1 if aid is not None else 1):
        doc = kit_player_aid(kit.loaded, kit.players, kit.cache, spared)
        laid = None if doc is None else _laid_once(kit, doc, inputs, aid=True)
        if doc is None or laid is None:
            return None
        fitted = FittedAid(doc, laid)
        if len(laid.laid) == 1:
            break
    return fitted
