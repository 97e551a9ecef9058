"""Plan stage, page numbers of a file of several documents: one count through the file.

Input: the runs of pages a print-and-play file joins (its cover, each part, the pages left
blank), what kind of page each run holds, and the draw context. Output: the same pages,
made when asked for, each with one running foot ("game · print and play · page 7 of 38")
in place of the foot its own document gave it, so the cover's "From page" numbers are the
numbers printed. A sheet page's foot stands where its document's did (the room its layout
keeps for one); a card sheet's, in the first margin stretch its furniture leaves free, as
its print line does (its margins may have room only beside the grid). A cards file, a
deck's fold sheets and a board's tiles number their own pages the same way (`FootedPages`).
"""

from __future__ import annotations

import copy
from bisect import bisect_right
from collections.abc import Sequence
from functools import partial
from itertools import accumulate

from msgspec import Struct
from msgspec.structs import replace

from shapes_print.geometry.primitives import Artifact, Item, Page, Text
from shapes_print.kit.context import DrawContext
from shapes_print.load.printmodels import Furniture
from shapes_print.plan.foottitle import fitted_names, sheet_names
from shapes_print.plan.furniture import (
    CAP,
    LINE_SPACING,
    Stretch,
    place_text,
    placed_in,
    running_foot,
    unbroken_fits,
)
from shapes_print.plan.madepages import Footed, Imposed, MadePages
from shapes_print.text.fit import own_lines
from shapes_print.text.fonts import Font
from shapes_print.text.words import Said

# What stands between a running foot's parts on one line, as every shipped set's foot writes
# it ("{game} · {document} · page {page} of {pages}").
FOOT_SEPARATOR = " · "


class Run(Struct, frozen=True):
    """Pages joined into a file: `first` says the run's first page has the room a file's
    first page keeps under its content (the cover's scale check)."""

    pages: Sequence[Page]
    first: bool = False


class Names(Struct, frozen=True):
    """What every running foot of the file says besides its numbers: the game, the file."""

    game: str
    document: str

    @property
    def both(self) -> tuple[str, str]:
        return self.game, self.document


def is_running_foot(item: Item) -> bool:
    """Whether an item is a document's running foot as `running_foot` places it: its lines
    (large print's are two), their ends at the content's right, a pagination artifact (a
    print line is a placed group)."""
    return (
        isinstance(item, Artifact)
        and item.kind == "Pagination"
        and bool(item.items)
        and all(isinstance(line, Text) and line.anchor == "end" for line in item.items)
    )


class NumberedPages(MadePages):
    """Runs of pages one after another, each page taken from its run when it is asked for
    and given the file's running foot: a cards part's sheets are made as its own file
    makes them (plan/cardsheets.py), not all of them again whenever the file is planned."""

    def __init__(self, runs: Sequence[Run], names: Names, ctx: DrawContext) -> None:
        self.runs, self.names, self.ctx = list(runs), names, ctx
        self.ends = list(accumulate(len(run.pages) for run in self.runs))
        self.rooms: dict[int, _FootRoom] = {}  # a card run's margin for its foot, by run
        self.titles: dict[float, tuple[str, str]] = {}  # a sheet page's foot's names, by width
        self._widest_feet()

    def __len__(self) -> int:
        return self.ends[-1] if self.ends else 0

    def run_at(self, index: int) -> tuple[int, int]:
        """The run holding page `index`, and the page's index in it."""
        run = bisect_right(self.ends, index)
        return run, index - (self.ends[run - 1] if run else 0)

    def page_at(self, index: int) -> Page:
        run, at = self.run_at(index)
        page = self.runs[run].pages[at]
        items = [item for item in page.items if not is_running_foot(item)]
        foot = self._foot(run, at, page, index + 1)
        return replace(page, items=(*items, foot))

    def _widest_feet(self) -> None:
        """Each card run's foot on its last page, the widest it says, placed as the file is
        planned: a foot with no room in a card sheet's margin is then found by `check`,
        which makes no page (a card run's margin is known without making one; a sheet's
        foot stands where its own document's did, whose feet `check` placed)."""
        for run, end in enumerate(self.ends):
            pages = self.runs[run].pages
            if isinstance(pages, Imposed):
                self._card_foot(run, pages, end)

    def _said(self, number: int, title: str, document: str) -> str:
        ctx = self.ctx
        values = {
            "game": Said(title),
            "document": Said(document),
            "page": number,
            "pages": len(self),
        }
        return ctx.words.fill(ctx.style.furniture.running_foot, values, ctx.furniture_source)

    def _foot_room(self, imposed: Imposed) -> _FootRoom:
        """A card run's free margin for its foot. Every page's foot stands where the one
        with the most digits (the last page's) does: "page 10 of 14" outgrows a nook that
        "page 9 of 14" fits in."""
        ctx = self.ctx
        font, f = ctx.fonts.regular, ctx.style.furniture
        stretches = imposed.free_margin()
        for stretch in stretches:
            stretch.set_apart(f.foot_gap)
        widest = self._said(len(self), *self.names.both)
        # Large print's foot keeps the game's name on a line of its own at 18 pt; at a card
        # sheet's size, a margin too narrow for two lines has it on one.
        joined = not any(_holds(s, widest, font, f) for s in stretches)

        def placed(title: str, document: str) -> tuple[int, Artifact] | None:
            said = self._said(len(self), title, document)
            probe = [copy.copy(s) for s in stretches]  # placing takes a stretch's room up
            return placed_in(probe, font, f, said, _whole(said, joined))

        names = fitted_names(self.names.both, lambda *shown: placed(*shown) is not None, font)
        steady = placed(*names)
        chosen = [stretches[steady[0]]] if steady is not None else stretches
        return _FootRoom(chosen, joined, names)

    def _foot(self, run: int, at: int, page: Page, number: int) -> Artifact:
        """Page `at` of run `run`'s foot: where its document's stood, under a sheet's
        content, or in a card sheet's free margin."""
        ctx = self.ctx
        style, where, font = ctx.style, ctx.furniture_source, ctx.fonts.regular
        f = ctx.sheets_furniture or style.furniture  # a sheet's foot, as its own file's
        imposed = self.runs[run].pages
        if isinstance(imposed, Imposed):
            return self._card_foot(run, imposed, number)
        # A sheet of two player aids has a foot over each half: the file's stands at the
        # sheet's foot, under the lower half, as on every other page.
        old = [
            line
            for item in page.items
            if is_running_foot(item) and isinstance(item, Artifact)
            for line in item.items[:1]
            if isinstance(line, Text)
        ]
        if old:
            bottom = min(line.y for line in old) + f.foot_gap + f.foot_size * CAP
        else:
            first = at == 0 and self.runs[run].first
            bottom = style.footer_height if first else style.running_footer_height
        span = (style.margin, page.width - style.margin)
        said = self._said(number, *self._sheet_names(span[1] - span[0]))
        return running_foot(said, span, bottom, font, f, where)

    def _card_foot(self, run: int, imposed: Imposed, number: int) -> Artifact:
        """Page `number`'s foot in its card run's (`imposed`) free margin."""
        ctx = self.ctx
        if run not in self.rooms:
            self.rooms[run] = self._foot_room(imposed)
        room = self.rooms[run]
        said = self._said(number, *room.names)
        stretches = [copy.copy(s) for s in room.stretches]  # placing takes their room up
        font, f = ctx.fonts.regular, ctx.style.furniture
        whole = _whole(said, room.joined)
        return place_text(stretches, font, f, said, ctx.furniture_source, whole)

    def _sheet_names(self, width: float) -> tuple[str, str]:
        """The title and name a sheet page's foot `width` wide says: the file's widest
        foot, its last page's, fits it, so every page of that width cuts them alike."""
        if width not in self.titles:
            ctx = self.ctx
            sheet = (ctx.fonts.regular, ctx.sheets_furniture or ctx.style.furniture, width)
            widest = partial(self._said, len(self))
            self.titles[width] = sheet_names(widest, self.names.both, sheet)
        return self.titles[width]


class _FootRoom(Struct):
    """Where a card run's foot goes on each of its pages: the stretch of margin, worked out
    once for the run, and whether its lines are joined into one."""

    stretches: list[Stretch]
    joined: bool
    names: tuple[str, str]  # the game's and file's as the run's feet say them (foottitle.py)


def _whole(said: str, joined: bool) -> tuple[tuple[str, ...], ...]:
    """The lines a card sheet's foot is tried in unbroken before it is wrapped: its own,
    and before them, where its run's margin holds one line alone, those lines joined into
    one by the feet's separator (large print's "game" over "cards · page 1" read as
    "game · cards · page 1", as the standard foot writes it). A foot that wraps even so
    breaks at its own line ends first, so the game's title (large print's line of its own)
    never runs on into the file's name on a line."""
    own = own_lines(said)
    return ((FOOT_SEPARATOR.join(own),), own) if joined else (own,)


def _holds(stretch: Stretch, text: str, font: Font, f: Furniture) -> bool:
    """Whether a stretch holds `text`'s own lines at the smallest size furniture takes."""
    size, count = f.text_min_size, text.count("\n") + 1
    fits = unbroken_fits(text, font, size, stretch.length)
    return fits and size + size * LINE_SPACING * (count - 1) <= stretch.thickness


class FootedPages(NumberedPages, Footed):
    """One file's own pages (a cards file's sheets, fold sheets, a board's tiles), each
    given the file's running foot ("game · cards · page 3 of 12") where the print-and-play
    file's pages of the kind have theirs. That file takes `plain` and numbers them in its
    own count."""

    def __init__(self, plain: Sequence[Page], names: Names, ctx: DrawContext) -> None:
        super().__init__([Run(plain)], names, ctx)
        self.plain = plain
