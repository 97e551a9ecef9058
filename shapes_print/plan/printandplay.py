"""Plan stage, print and play: one file of every page the players print, in print order.

Input: the kit's planned files (name, audience, document), its sheet inputs, paper and
duplex flip, and templates/print-and-play.yaml (its cover, a page left blank, and the
assembly page, plan/assembly.py). Output: one document: the cover, the assembly page, the
players' sheets, then the cards files, each part bookmarked (a sheet's headings and
subheadings under it, plan/headings.py).
The host key and the printing guide stay out. In a double-sided file every part starts on
an odd page (a blank page, which says why, goes before it), so nothing prints on the back
of another part and a cards part's fronts and backs stay paired. Every page is numbered
through the whole file (plan/pagenumbers.py), so the cover's "From page" is what is printed.
The scale check is on the cover (and on each card sheet): the sheets come planned without.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from msgspec.structs import replace

from shapes_print.geometry.primitives import Bookmark, Document, Page
from shapes_print.load.loaded import LoadedDocument
from shapes_print.plan.assembly import Placed, checklist, pictured, stocks
from shapes_print.plan.cardsheets import FrontSheets, SheetPages, is_cards_file
from shapes_print.plan.headings import heading_marks
from shapes_print.plan.kitcontext import KitContext
from shapes_print.plan.pagenumbers import Names, NumberedPages, Run
from shapes_print.plan.sheets import SheetInputs, plan_sheets
from shapes_print.text.words import Said

KitDocuments = Sequence[tuple[str, str, Document]]


COVER, BLANK, ASSEMBLY = 0, 1, 2  # the template's sections


def _section(doc: LoadedDocument, index: int) -> LoadedDocument:
    """The template with only its section `index` (COVER, BLANK or ASSEMBLY)."""
    return replace(doc, sections=(doc.sections[index],))


def plan_print_and_play(
    kit: KitContext, inputs: SheetInputs, files: KitDocuments
) -> Document | None:
    """The print-and-play document of a kit's `files`, or None where the templates have no
    print-and-play document. Its cover's print line is the cards files' (its sides: the
    file's)."""
    doc = kit.library.print_and_play
    if doc is None:
        return None
    words = kit.words
    sheets = [d for _, audience, d in files if audience == "players" and not is_cards_file(d)]
    cards = [d for _, audience, d in files if audience == "players" and is_cards_file(d)]
    parts = _Parts(kit, doc, inputs, [(d, False) for d in sheets] + [(d, True) for d in cards])
    cover, assembly = parts.front()
    where = doc.source.source(("title",))
    names = Names(
        words.say(inputs.values["game_title"], where),
        words.fill(doc.spec.title, inputs.values, where),
    )
    title = kit.titled(names.game, names.document)
    bookmarks = [Bookmark(title, 0)]
    runs = [Run(cover, first=True)]
    if assembly:
        bookmarks.append(Bookmark(parts.assembly_title(), len(cover)))
        runs.append(Run(assembly))
    at = len(cover) + len(assembly)
    for part, is_cards, start in parts.layout(at):
        while at < start:
            runs.append(Run(parts.blank()))
            at += len(parts.blank())
        bookmarks.append(Bookmark(part.title, start))
        if not is_cards:  # a card sheet has no heading; made when drawn, not to be read here
            bookmarks.extend(heading_marks(part.pages, start))
        runs.append(Run(part.pages, print_line=kit.cards_line if is_cards else ""))
        at += len(part.pages)
    symbols = {name: s for d in (*sheets, *cards) for name, s in d.symbols.items()}
    joined = NumberedPages(runs, names, kit.ctx)
    return Document(title, joined, symbols, parts.duplex, words.locale, bookmarks=tuple(bookmarks))


class _Parts:
    """The parts of a print-and-play file (each document, and whether it is cards), laid
    after its cover, with the page left blank before a cards part that must start on an
    odd page."""

    def __init__(
        self,
        kit: KitContext,
        doc: LoadedDocument,
        inputs: SheetInputs,
        parts: Sequence[tuple[Document, bool]],
    ) -> None:
        self.kit, self.doc, self.parts = kit, doc, parts
        self.inputs = replace(inputs, print_line=kit.cards_line)
        cards = [d for d, is_cards in parts if is_cards]
        self.duplex: Literal["long", "short", "none"] = next(
            (d.duplex for d in cards if d.duplex != "none"), "none"
        )
        self.planned_blank: list[Page] = []
        grids = [d.pages for d in cards if isinstance(d.pages, SheetPages | FrontSheets)]
        self.cutting = grids[0].cutting if grids else "marked"  # print.yaml's `cutting`

    def blank(self) -> list[Page]:
        """The page left blank, planned only when a cards part needs it (a page planned and
        left out would be words set that no file holds)."""
        if not self.planned_blank:
            kit = self.kit
            blank_page = plan_sheets(
                _section(self.doc, BLANK), self.inputs, kit.page, kit.ctx, scale=False
            )
            self.planned_blank.extend(blank_page)
        return self.planned_blank

    def front(self) -> tuple[list[Page], list[Page]]:
        """The cover and the assembly page, each listing the pages of the parts after both.
        The numbers they print count their own pages: planned again only while they are
        longer than the pages they were planned for (the same inputs plan the same pages)."""
        lengths = (1, 1 if self.has_assembly else 0)
        while True:
            cover, assembly = self.cover(sum(lengths)), self.assembly(sum(lengths))
            if (len(cover), len(assembly)) == lengths:
                return cover, assembly
            lengths = (len(cover), len(assembly))

    @property
    def has_assembly(self) -> bool:
        """Whether the template has an assembly page (a section after the blank page)."""
        return len(self.doc.sections) > ASSEMBLY

    def assembly_title(self) -> str:
        """The assembly page's bookmark: its first block's words (its heading)."""
        _, blocks = self.doc.sections[ASSEMBLY]
        return self.kit.words.fill(str(blocks[0].value), self.inputs.values, blocks[0].source)

    def layout(self, front_pages: int) -> list[tuple[Document, bool, int]]:
        """Each part, whether it is cards, and its first page index, after a front (cover
        and assembly page) this long."""
        placed, at = [], front_pages
        for part, is_cards in self.parts:
            if self.duplex != "none" and at % 2:
                at += len(self.blank())  # a part starts on a front: page at + 1 would be even
            placed.append((part, is_cards, at))
            at += len(part.pages)
        return placed

    def assembly(self, front_pages: int) -> list[Page]:
        """The assembly page: which pages on which stock, tools, cuts, folds, the checklist."""
        if not self.has_assembly:
            return []
        laid = self.layout(front_pages)
        placed = [Placed(first, len(part.pages), is_cards) for part, is_cards, first in laid]
        total = max((p.first + p.pages for p in placed), default=front_pages)
        printing, inputs = self.kit.library.printing, self.inputs
        values = {
            **inputs.values,
            "sides": printing.sides[self.duplex],
            "paper_weight": printing.paper_weight,
            "cutting": printing.cutting[self.cutting],  # type: ignore[index]
            "fold": inputs.values.get("fold") or Said("none"),
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
        """The cover's last line: the game's `version` and `date` (`none` where it gives
        none) and the shapes-print release that made the file. Never a file's time: a
        checkout gives every file the time it was made, so each clone would differ."""
        game = self.kit.loaded.game
        return {
            "version": Said(game.version or "none"),
            "date": Said(game.date or "none"),
            "release": Said(self.kit.library.release),
        }

    def cover(self, cover_pages: int) -> list[Page]:
        """The cover, listing each part at its first page after a front this long."""
        printing, inputs = self.kit.library.printing, self.inputs
        rows = [
            {
                "part": Said(part.title),
                "first": first + 1,
                "pages": len(part.pages),
                "stock": printing.stock["cards" if is_cards else "sheets"],
                "sides": printing.sides[part.duplex],
            }
            for part, is_cards, first in self.layout(cover_pages)
        ]
        values = {
            **inputs.values,
            "player_count": inputs.values.get("player_count") or Said("none"),
            "play_time": inputs.values.get("play_time") or Said("none"),
            "not_printed": inputs.values.get("not_printed") or Said("none"),
            "cover_cards": pictured(self.kit),
            **self.made(),
        }
        cover_inputs = replace(inputs, values=values, lists={**inputs.lists, "parts": rows})
        return plan_sheets(_section(self.doc, COVER), cover_inputs, self.kit.page, self.kit.ctx)
