"""Plan stage, print and play: one file of every page the players print, in print order.

Input: the kit's planned files (name, audience, document), its sheet inputs, paper and
duplex flip, and templates/print-and-play.yaml (its cover, a page left blank, and the
assembly page, plan/assembly.py). Output: one document: the cover, the assembly page, the
players' sheets, then the cards files, each part bookmarked (a sheet's headings and
subheadings under it, plan/headings.py).
The host key and the printing guide stay out. In a double-sided file every part starts on
an odd page (a blank page, which says why, goes before it), so nothing prints on the back
of another part and a cards part's fronts and backs stay paired; so does each copy of the
player aid (each player cuts one out and keeps it), each page printed turned (a printer
turns it one way or the other: a page behind it could come out upside down) and each page
used at the table during play (a score sheet, written on and printed again for the next
game; a round's arrows), each with a blank back (a score sheet of two pages is one sheet,
front and back, turned or not); and an assembly page of two pages is one sheet. Every page is numbered
through the whole file (plan/pagenumbers.py), so the cover's "From page" is what is printed.
The scale check is on the cover (and on each card sheet): the sheets come planned without.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby
from typing import Any, Literal

from msgspec import Struct
from msgspec.structs import replace

from shapes_print.geometry.primitives import Bookmark, Document, Page
from shapes_print.kit.context import double_sided
from shapes_print.load.loaded import Block, LoadedDocument
from shapes_print.plan.assembly import Placed, checklist, pictured, stocks
from shapes_print.plan.cardsheets import FrontSheets, SheetPages, is_cards_file
from shapes_print.plan.covercards import cover_names
from shapes_print.plan.headings import heading_marks
from shapes_print.plan.kitcontext import KitContext
from shapes_print.plan.madepages import unfooted
from shapes_print.plan.pagenumbers import Names, NumberedPages, Run
from shapes_print.plan.sheetpages import is_turned
from shapes_print.plan.sheets import SheetInputs, plan_sheets
from shapes_print.text.message import long_date
from shapes_print.text.words import Said

COVER, BLANK, ASSEMBLY = 0, 1, 2  # the template's sections

# Why a page is left blank (the blank section's `{blank}`): the part after it starts on a
# front; the player aid's copy before it is cut out and kept; a page turned is on one side;
# a page used at the table is on a sheet of its own; the two pages of the assembly page
# after it are one sheet.
Why = Literal["part", "aid", "turned", "table", "assembly"]
Kind = Literal["pages", "aid", "turned", "table"]


class Part(Struct, frozen=True):
    """A players' file the print-and-play file holds: its document, and for a player aid
    the pages a copy takes (`copy_pages`; a sheet of two half-page copies is one), 0 for
    any other file; for a sheet document, each page's `LaidPage.at_table` (a page used at
    the table during play: pages sharing one share a sheet)."""

    document: Document
    copy_pages: int = 0
    at_table: tuple[int | None, ...] = ()

    @property
    def is_cards(self) -> bool:
        return is_cards_file(self.document)


class _Leaf(Struct, frozen=True):
    """Pages of a part that start on a front in a double-sided file: a copy of a player
    aid (`aid`), a page printed turned (`turned`: a printer turns it one way or the other,
    so nothing may print behind it but its score sheet's next page, turned alike), the pages of a score sheet or a round's arrows
    (`table`: written on or laid out during play, and printed again), or the pages of any
    other part between those."""

    pages: Sequence[Page]
    kind: Kind


class _Piece(Struct, frozen=True):
    """Pages where the file lays them: its first page's index, and the index of the part
    they are of (None: a page left blank)."""

    pages: Sequence[Page]
    first: int
    part: int | None


class _Key(Struct, frozen=True):
    """What puts a page in a leaf: its kind, and what pages of one leaf share (a copy's
    number, the block a page used at the table opens with); a turned page not used at the
    table, its own index (`page`)."""

    kind: Kind
    shared: int | None
    page: int | None = None


def _leaves(part: Part, paper: tuple[float, float]) -> list[_Leaf]:
    """A part's pages as leaves (each starting on a front): each copy of a player aid,
    each page turned on the paper (a turned score sheet's pages together), each score
    sheet's and each page of arrows' pages, the other pages between them; a cards part whole (its sheets are made when drawn, and its
    fronts and backs are paired already)."""
    pages = unfooted(part.document.pages)  # a cards file's own feet: the file gives its own
    if part.is_cards:
        return [_Leaf(pages, "pages")]
    step = part.copy_pages or len(pages)
    at_table = part.at_table or (None,) * len(pages)

    def key(index: int) -> _Key:
        if is_turned(pages[index], paper):
            # A turned score sheet's pages are one leaf: its second page on the back of
            # its first (one driver turns both alike), no other page behind either.
            block = at_table[index]
            return _Key("turned", block, index if block is None else None)
        if at_table[index] is not None:
            return _Key("table", at_table[index])
        return _Key("aid", index // step) if part.copy_pages else _Key("pages", None)

    return [
        _Leaf([pages[index] for index in run], leaf.kind)
        for leaf, run in groupby(range(len(pages)), key)
    ]


def _why(before: _Leaf | None, after: _Leaf) -> Why:
    """Why the page between two leaves is left blank: the kept copy before it, a turned
    page or a page used at the table either side, else the part after it starting on a
    front."""
    kinds = {after.kind, before.kind if before is not None else None}
    if before is not None and before.kind == "aid":
        return "aid"
    if "turned" in kinds:
        return "turned"
    return "table" if "table" in kinds else "part"


def _section(doc: LoadedDocument, index: int) -> LoadedDocument:
    """The template with only its section `index` (COVER, BLANK or ASSEMBLY)."""
    return replace(doc, sections=(doc.sections[index],))


def _parts_on_back(cover: LoadedDocument) -> LoadedDocument:
    """A cover too long for one page (large print's: its 18 pt list of parts alone takes
    half a page), broken before its list of parts (its first subheading): the title, the
    cards and the facts on its front, the list whole on its back, one sheet. Left to flow,
    the list would start half way down the front and go on over the back, split."""
    player, blocks = cover.sections[0]
    at = next(index for index, block in enumerate(blocks) if block.kind == "subheading")
    broken = (*blocks[:at], Block("page_break", True, blocks[at].source), *blocks[at:])
    return replace(cover, sections=((player, broken),))


class PrintAndPlay(Struct, frozen=True):
    """The print-and-play document, and its assembly page's first and last page numbers
    (as printed; none where the template has no assembly page)."""

    document: Document
    assembly: tuple[int, int] | None


def plan_print_and_play(
    kit: KitContext, inputs: SheetInputs, files: Sequence[Part]
) -> PrintAndPlay | None:
    """The print-and-play document of a kit's players' `files`, or None where the templates
    have no print-and-play document. Its cover's print line is the cards files' (its
    sides: the file's)."""
    doc = kit.library.print_and_play
    if doc is None:
        return None
    words = kit.words
    parts = _Parts(
        kit, doc, inputs, [*(p for p in files if not p.is_cards), *(p for p in files if p.is_cards)]
    )
    cover, gap, assembly = parts.front()
    where = doc.source.source(("title",))
    names = Names(
        words.say(inputs.values["game_title"], where),
        words.fill(doc.spec.title, inputs.values, where),
    )
    title = kit.titled(names.game, names.document)
    bookmarks = [Bookmark(title, 0)]
    runs = [Run(cover, first=True), *([Run(gap)] if gap else [])]
    if assembly:
        bookmarks.append(Bookmark(parts.assembly_title(), len(cover) + len(gap)))
        runs.append(Run(assembly))
    pieces = parts.layout(len(cover) + len(gap) + len(assembly))
    for index, part in enumerate(parts.parts):
        first = parts.first(pieces, index)
        bookmarks.append(Bookmark(part.document.title, first))
        if not part.is_cards:  # a card sheet has no heading; made when drawn, not to be read here
            laid = parts.laid(pieces, index)
            bookmarks.extend(heading_marks(laid, first, parts.at_table(pieces, index)))
    runs += [Run(piece.pages) for piece in pieces]
    symbols = {name: s for p in parts.parts for name, s in p.document.symbols.items()}
    joined = NumberedPages(runs, names, parts.ctx)
    document = Document(
        title, joined, symbols, parts.duplex, words.locale, bookmarks=tuple(bookmarks)
    )
    at = len(cover) + len(gap) + 1
    return PrintAndPlay(document, (at, at + len(assembly) - 1) if assembly else None)


class _Parts:
    """The parts of a print-and-play file, laid after its cover in leaves, with a page
    left blank before a leaf that would start on a back."""

    def __init__(
        self, kit: KitContext, doc: LoadedDocument, inputs: SheetInputs, parts: Sequence[Part]
    ) -> None:
        self.kit, self.doc, self.parts = kit, doc, parts
        self.inputs = replace(inputs, print_line=kit.cards_line)
        cards = [p.document for p in parts if p.is_cards]
        self.duplex: Literal["long", "short", "none"] = next(
            (d.duplex for d in cards if d.duplex != "none"), "none"
        )
        # The cover's foot: its print line says how the file is printed (plan/sheetpages.py).
        self.ctx = kit.ctx if self.duplex == "none" else double_sided(kit.ctx, kit.cache)
        self.planned_blank: dict[Why, list[Page]] = {}
        self.leaves = [_leaves(part, kit.page) for part in parts]
        grids = [p for d in cards if isinstance(p := unfooted(d.pages), SheetPages | FrontSheets)]
        self.cutting = grids[0].cutting if grids else "marked"  # print.yaml's `cutting`

    def blank(self, why: Why) -> list[Page]:
        """The page left blank for `why`, planned only when a leaf needs it (a page planned
        and left out would be words set that no file holds)."""
        if why not in self.planned_blank:
            kit = self.kit
            inputs = replace(self.inputs, values={**self.inputs.values, "blank": Said(why)})
            section = _section(self.doc, BLANK)
            self.planned_blank[why] = plan_sheets(section, inputs, kit.page, kit.ctx, scale=False)
        return self.planned_blank[why]

    def front(self) -> tuple[list[Page], list[Page], list[Page]]:
        """The cover, the page left blank after it where the assembly page starts a sheet
        (`gap`), and the assembly page, each listing the pages of the parts after them. The
        numbers they print count their own pages: planned again only while they are longer
        than the pages they were planned for (the same inputs plan the same pages)."""
        lengths = (1, 1 if self.has_assembly else 0)
        while True:
            front_pages = lengths[0] + len(self.gap(*lengths)) + lengths[1]
            cover, assembly = self.cover(front_pages), self.assembly(front_pages)
            if (len(cover), len(assembly)) == lengths:
                return cover, self.gap(*lengths), assembly
            lengths = (len(cover), len(assembly))

    def gap(self, cover: int, assembly: int) -> list[Page]:
        """The page left blank between a cover of `cover` pages and an assembly page of
        `assembly` in a double-sided file: one of two pages (large print's) is one sheet,
        front and back, not the back of the cover and the front of the next."""
        if self.duplex != "none" and assembly > 1 and cover % 2:
            return self.blank("assembly")
        return []

    @property
    def has_assembly(self) -> bool:
        """Whether the template has an assembly page (a section after the blank page)."""
        return len(self.doc.sections) > ASSEMBLY

    def assembly_title(self) -> str:
        """The assembly page's bookmark: its first block's words (its heading)."""
        _, blocks = self.doc.sections[ASSEMBLY]
        return self.kit.words.fill(str(blocks[0].value), self.inputs.values, blocks[0].source)

    def layout(self, front_pages: int) -> list[_Piece]:
        """Each part's leaves, and the pages left blank before a leaf that would start on a
        back in a double-sided file, where they lie after a front (cover and assembly
        page) this long."""
        pieces: list[_Piece] = []
        at, before = front_pages, None
        for index, leaves in enumerate(self.leaves):
            for leaf in leaves:
                if self.duplex != "none" and at % 2:
                    blank = self.blank(_why(before, leaf))
                    pieces.append(_Piece(blank, at, None))
                    at += len(blank)
                pieces.append(_Piece(leaf.pages, at, index))
                at += len(leaf.pages)
                before = leaf
        return pieces

    @staticmethod
    def first(pieces: Sequence[_Piece], part: int) -> int:
        """Where part `part` starts (its pages left unmade: a cards part's are made when
        asked for)."""
        return next(piece.first for piece in pieces if piece.part == part)

    @staticmethod
    def laid(pieces: Sequence[_Piece], part: int) -> list[Page]:
        """Part `part`'s pages as laid (a page left blank between two of its leaves
        included)."""
        own = [index for index, piece in enumerate(pieces) if piece.part == part]
        return [page for piece in pieces[own[0] : own[-1] + 1] for page in piece.pages]

    def at_table(self, pieces: Sequence[_Piece], part: int) -> list[int | None]:
        """The block used at the table each of part `part`'s laid pages opens with (None:
        a page that is read, or left blank), as `laid` lays them."""
        own = iter(self.parts[part].at_table)
        indices = [index for index, piece in enumerate(pieces) if piece.part == part]
        return [
            next(own, None) if piece.part == part else None
            for piece in pieces[indices[0] : indices[-1] + 1]
            for _ in piece.pages
        ]

    def placed(self, front_pages: int) -> list[Placed]:
        """Each part where it lies after a front this long: its first page, the pages from
        there to the next part's first (a page left blank after its last is the back of
        its last sheet, printed with it: "from page 11, 20 pages" is pages 11 to 30),
        whether it is cards."""
        pieces = self.layout(front_pages)
        firsts = [self.first(pieces, index) for index in range(len(self.parts))]
        end = pieces[-1].first + len(pieces[-1].pages) if pieces else front_pages
        ends = [*firsts[1:], end]
        return [
            Placed(first, last - first, part.is_cards)
            for first, last, part in zip(firsts, ends, self.parts, strict=True)
        ]

    def assembly(self, front_pages: int) -> list[Page]:
        """The assembly page: which pages on which stock, tools, cuts, folds, the checklist."""
        if not self.has_assembly:
            return []
        placed = self.placed(front_pages)
        total = max((p.first + p.pages for p in placed), default=front_pages)
        printing, inputs = self.kit.library.printing, self.inputs
        values = {
            **inputs.values,
            "sides": printing.sides[self.duplex],
            "paper_weight": printing.paper_weight,
            "cutting": printing.cutting[self.cutting],  # type: ignore[index]
            "fold": inputs.values.get("fold") or Said("none"),
            "assembly_rule": inputs.values.get("assembly_rule") or Said("none"),
        }
        lists = {
            **inputs.lists,
            "stocks": stocks(placed, total, printing.stock),
            "checklist": checklist(self.kit),
        }
        assembly_inputs = replace(inputs, values=values, lists=lists)
        section = _section(self.doc, ASSEMBLY)
        return plan_sheets(section, assembly_inputs, self.kit.page, self.kit.ctx, scale=False)

    def made(self) -> dict[str, Any]:
        """The cover's last line: the game's `version` and `date` (the date in the set's
        words; `none` where it gives none) and the shapes-print release that made the file. Never a file's time: a
        checkout gives every file the time it was made, so each clone would differ."""
        game, locale = self.kit.loaded.game, self.kit.words.locale
        return {
            "version": Said(game.version or "none"),
            "date": Said(long_date(game.date, locale) if game.date else "none"),
            "release": Said(self.kit.library.release),
        }

    def cover(self, cover_pages: int) -> list[Page]:
        """The cover, listing each part at its first page after a front this long."""
        printing, inputs = self.kit.library.printing, self.inputs
        rows = [
            {
                "part": Said(part.document.title),
                "first": placed.first + 1,
                "pages": placed.pages,
                "stock": printing.stock["cards" if placed.cards else "sheets"],
                "sides": printing.sides[part.document.duplex],
            }
            for part, placed in zip(self.parts, self.placed(cover_pages), strict=True)
        ]
        values = {
            **inputs.values,
            "player_count": inputs.values.get("player_count") or Said("none"),
            "play_time": inputs.values.get("play_time") or Said("none"),
            "not_printed": inputs.values.get("not_printed") or Said("none"),
            "cover_cards": (shown := pictured(self.kit)),
            "cover_names": cover_names(self.kit, shown, inputs.faces),
            **self.made(),
        }
        cover_inputs = replace(inputs, values=values, lists={**inputs.lists, "parts": rows})
        section = _section(self.doc, COVER)
        pages = plan_sheets(section, cover_inputs, self.kit.page, self.ctx)
        if len(pages) == 1:
            return pages
        return plan_sheets(_parts_on_back(section), cover_inputs, self.kit.page, self.ctx)
