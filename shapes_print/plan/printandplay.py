"""Plan stage, print and play: one file of every page the players print, in print order.

Input: the kit's planned files (name, audience, document), its sheet inputs, paper and
duplex flip, and templates/print-and-play.yaml (its cover, and a page left blank). Output:
one document: the cover, the players' sheets, then the cards files, each part bookmarked.
The host key and the printing guide stay out. In a double-sided file every part starts on
an odd page (a blank page, which says why, goes before it), so nothing prints on the back
of another part and a cards part's fronts and backs stay paired. Every page is numbered
through the whole file (plan/pagenumbers.py), so the cover's "From page" is what is printed.
The scale check is on the cover (and on each card sheet): the sheets come planned without.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from msgspec.structs import replace

from shapes_print.geometry.primitives import Bookmark, Document, Page
from shapes_print.load.loaded import LoadedDocument
from shapes_print.plan.cardsheets import is_cards_file
from shapes_print.plan.kitcontext import KitContext
from shapes_print.plan.pagenumbers import Names, NumberedPages, Run
from shapes_print.plan.sheets import SheetInputs, plan_sheets
from shapes_print.text.words import Said

KitDocuments = Sequence[tuple[str, str, Document]]


def _section(doc: LoadedDocument, index: int) -> LoadedDocument:
    """The template with only its section `index` (0: the cover, 1: the blank page)."""
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
    first = parts.cover(1)
    # The page numbers it lists count its own pages: planned again only if it is longer
    # than the one page it was first planned for (the same inputs plan the same pages).
    pages = first if len(first) == 1 else parts.cover(len(first))
    where = doc.source.source(("title",))
    title = f"{words.say(inputs.values['game_title'], where)}: {words.fill(doc.spec.title, inputs.values, where)}"
    bookmarks = [Bookmark(title, 0)]
    runs = [Run(pages, first=True)]
    at = len(pages)
    for part, is_cards, start in parts.layout(len(pages)):
        while at < start:
            runs.append(Run(parts.blank()))
            at += len(parts.blank())
        bookmarks.append(Bookmark(part.title, start))
        runs.append(Run(part.pages, print_line=kit.cards_line if is_cards else ""))
        at += len(part.pages)
    symbols = {name: s for d in (*sheets, *cards) for name, s in d.symbols.items()}
    names = Names(
        words.say(inputs.values["game_title"], where),
        words.fill(doc.spec.title, inputs.values, where),
    )
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

    def blank(self) -> list[Page]:
        """The page left blank, planned only when a cards part needs it (a page planned and
        left out would be words set that no file holds)."""
        if not self.planned_blank:
            kit = self.kit
            blank_page = plan_sheets(
                _section(self.doc, 1), self.inputs, kit.page, kit.ctx, scale=False
            )
            self.planned_blank.extend(blank_page)
        return self.planned_blank

    def layout(self, cover_pages: int) -> list[tuple[Document, bool, int]]:
        """Each part, whether it is cards, and its first page index, after a cover this long."""
        placed, at = [], cover_pages
        for part, is_cards in self.parts:
            if self.duplex != "none" and at % 2:
                at += len(self.blank())  # a part starts on a front: page at + 1 would be even
            placed.append((part, is_cards, at))
            at += len(part.pages)
        return placed

    def cover(self, cover_pages: int) -> list[Page]:
        """The cover, listing each part at its first page after a cover this long."""
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
            "paper_weight": printing.paper_weight,
        }
        cover_inputs = replace(inputs, values=values, lists={**inputs.lists, "parts": rows})
        return plan_sheets(_section(self.doc, 0), cover_inputs, self.kit.page, self.kit.ctx)
