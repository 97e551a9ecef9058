"""Plan stage, print and play: one file of every page the players print, in print order.

Input: the kit's planned files (name, audience, document), its sheet inputs, paper and
duplex flip, and templates/print-and-play.yaml (its cover, and a page left blank). Output:
one document: the cover, the players' sheets, then the cards files, each part bookmarked.
The host key and the printing guide stay out. A double-sided cards part starts on an odd
page (a blank page, which says why, goes before it), so its fronts and backs stay paired.
The scale check is on the cover (and on each card sheet): the sheets come planned without.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from itertools import accumulate
from typing import Literal

from msgspec.structs import replace

from shapes_print.geometry.primitives import Bookmark, Document, Page
from shapes_print.kit.context import DrawContext
from shapes_print.load.content import Library, LoadedDocument
from shapes_print.plan.cardsheets import MadePages, is_cards_file
from shapes_print.plan.sheets import SheetInputs, plan_sheets
from shapes_print.text.words import Said

KitDocuments = Sequence[tuple[str, str, Document]]


def _section(doc: LoadedDocument, index: int) -> LoadedDocument:
    """The template with only its section `index` (0: the cover, 1: the blank page)."""
    return replace(doc, sections=(doc.sections[index],))


def plan_print_and_play(
    library: Library,
    ctx: DrawContext,
    inputs: SheetInputs,
    files: KitDocuments,
    page: tuple[float, float],
    cover_line: str,
) -> Document | None:
    """The print-and-play document of a kit's `files`, or None where the templates have no
    print-and-play document. `cover_line` is the cover's print line (its sides: the file's)."""
    doc = library.print_and_play
    if doc is None:
        return None
    printing, words = library.printing, ctx.words
    sheets = [d for _, audience, d in files if audience == "players" and not is_cards_file(d)]
    cards = [d for _, audience, d in files if audience == "players" and is_cards_file(d)]
    duplex: Literal["long", "short", "none"] = next(
        (d.duplex for d in cards if d.duplex != "none"), "none"
    )
    planned_blank: list[Page] = []

    def blank() -> list[Page]:
        """The page left blank, planned only when a cards part needs it (a page planned and
        left out would be words set that no file holds)."""
        if not planned_blank:
            blank_inputs = replace(inputs, print_line=cover_line)
            blank_page = plan_sheets(_section(doc, 1), blank_inputs, page, ctx, scale=False)
            planned_blank.extend(blank_page)
        return planned_blank

    parts = [(d, False) for d in sheets] + [(d, True) for d in cards]

    def layout(cover_pages: int) -> list[tuple[Document, bool, int]]:
        """Each part, whether it is cards, and its first page index, after a cover this long."""
        placed, at = [], cover_pages
        for part, is_cards in parts:
            if is_cards and duplex != "none" and at % 2:
                at += len(blank())  # a front must be an odd page: page at + 1 would be even
            placed.append((part, is_cards, at))
            at += len(part.pages)
        return placed

    def cover(cover_pages: int) -> list[Page]:
        rows = [
            {
                "part": Said(part.title),
                "first": first + 1,
                "pages": len(part.pages),
                "stock": printing.stock["cards" if is_cards else "sheets"],
                "sides": printing.sides[part.duplex],
            }
            for part, is_cards, first in layout(cover_pages)
        ]
        values = {
            **inputs.values,
            "play_time": inputs.values.get("play_time") or Said("none"),
            "not_printed": inputs.values.get("not_printed") or Said("none"),
            "paper_weight": printing.paper_weight,
        }
        cover_inputs = replace(
            inputs, values=values, lists={**inputs.lists, "parts": rows}, print_line=cover_line
        )
        return plan_sheets(_section(doc, 0), cover_inputs, page, ctx)

    first = cover(1)
    # The page numbers it lists count its own pages: planned again only if it is longer
    # than the one page it was first planned for (the same inputs plan the same pages).
    pages = first if len(first) == 1 else cover(len(first))
    where = doc.source.source(("title",))
    title = f"{words.say(inputs.values['game_title'], where)}: {words.fill(doc.spec.title, inputs.values, where)}"
    bookmarks = [Bookmark(title, 0)]
    runs: list[Sequence[Page]] = [pages]
    at = len(pages)
    for part, _, start in layout(len(pages)):
        while at < start:
            runs.append(blank())
            at += len(blank())
        bookmarks.append(Bookmark(part.title, start))
        runs.append(part.pages)
        at += len(part.pages)
    symbols = {name: s for d in (*sheets, *cards) for name, s in d.symbols.items()}
    joined = JoinedPages(runs)
    return Document(title, joined, symbols, duplex, words.locale, bookmarks=tuple(bookmarks))


class JoinedPages(MadePages):
    """Runs of pages one after another, each page taken from its run when it is asked
    for: a cards part's sheets are made as its own file makes them (plan/cardsheets.py),
    not all of them again whenever a print-and-play file is planned."""

    def __init__(self, runs: Sequence[Sequence[Page]]) -> None:
        self.runs = list(runs)
        self.ends = list(accumulate(len(run) for run in self.runs))

    def __len__(self) -> int:
        return self.ends[-1] if self.ends else 0

    def page_at(self, index: int) -> Page:
        run = bisect_right(self.ends, index)
        start = self.ends[run - 1] if run else 0
        return self.runs[run][index - start]
