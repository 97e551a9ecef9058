"""Table sheets (setup, scoring table, score sheets, arrows, host keys, guides) as pages.

Input: a loaded sheet document, what its words refer to (`SheetInputs`), the page size and
the draw context. Output: its content laid on its pages (`LaidSheets`, whose `pages` add
the print line, the scale check and the running foot: plan/sheetpages.py). Every block is
measured once at the content width into boxes (`blocks`, `scores`);
this module strings them into one flow, with the penalties between blocks: a heading keeps
with what follows it (and with its intro, the words under it, and the start of what follows), sections run on with no break, and `page_break` forces one. `flow`
then chooses all of the document's page breaks together. A score sheet whose players do
not fit one table across the page is set on the paper turned (landscape): a run of pages
of its own, from a new page, the document going on upright after it. A page that holds
nothing but score sheets and arrows is used at the table during play: `LaidPage.at_table`
says so (the print-and-play file gives it a sheet of its own).
"""

from __future__ import annotations

from typing import Any

from msgspec import Struct, field
from msgspec.structs import replace

from shapes_print.errors import Source, UserError
from shapes_print.geometry.primitives import Page
from shapes_print.kit.context import DrawContext
from shapes_print.load.loaded import Block, LoadedDocument
from shapes_print.load.printmodels import SheetStyle
from shapes_print.load.values import player_range
from shapes_print.plan.blocks import DRAW, heading_drawer
from shapes_print.plan.blockshare import draw_block
from shapes_print.plan.breaks import FORCED, NEVER
from shapes_print.plan.cells import SheetInputs
from shapes_print.plan.flow import Box, choose_breaks, place
from shapes_print.plan.paragraphs import Column
from shapes_print.plan.scores import one_table, score_sheet
from shapes_print.plan.sheetpages import LaidPage, LaidSheets
from shapes_print.plan.tables import Regrouped

__all__ = ["LaidSheets", "SheetInputs", "lay_sheets", "plan_sheets"]

# How many times the breaks are chosen again after `across` tables are laid out anew for
# them: once is enough unless rows regrouped change height; the last choice stands.
REGROUPS = 3
# An arrow may shrink to this share of `arrow_height` so that a run of them (each round's
# direction) shares one page rather than leave one alone on the next.
ARROW_LEAST = 0.5
# Blocks that introduce what follows them: a page never breaks right after one.
_KEEP_WITH_NEXT = ("heading", "subheading")
# Blocks that close the block before them (a table's closing sentences): never carried
# to the next page without it.
_CLOSES = {"table": "text"}
_DRAWERS = {**DRAW, "score_sheet": score_sheet}
# Blocks used at the table during play, not read: a page of nothing else is written on (a
# score sheet) or laid out (a round's arrows), and printed again for the next game.
_AT_TABLE = frozenset({"score_sheet", "arrow"})


class _Side(Struct, frozen=True):
    """A way up of the paper: its page size, the column its content is set in, and what
    its first page holds (a document opening on it: its foot may have the scale check)."""

    page: tuple[float, float]
    col: Column
    first_room: float


class _Origin(Struct, frozen=True):
    """The block a box is of: its number in the document, and its kind."""

    block: int
    kind: str


class _Run(Struct, frozen=True):
    """A run of pages one way up: its first box, and whether the paper is turned."""

    start: int
    turned: bool = False


class _Stream(Struct):
    """The document's boxes so far, the runs of pages they go on (upright, or turned for a
    score sheet too wide for the paper), and what the next block's first box must honour:
    a forced break, a heading above it to keep with, or the `last` block's kind."""

    col: Column
    gap: float
    first_room: float  # what the first page holds: a block opening the document is told
    turned: _Side  # the paper turned: its column is wider and less tall
    page: tuple[float, float]  # the paper upright
    boxes: list[Box] = field(default_factory=list)
    origins: list[_Origin] = field(default_factory=list)  # each box's block
    runs: list[_Run] = field(default_factory=lambda: [_Run(0)])
    # Tables laid out again by their pages' breaks: (first box, box count, layout, chunks).
    regrouped: list[tuple[int, int, Regrouped, tuple[int, ...]]] = field(default_factory=list)
    forced: bool = False
    held: int = 0  # the first box of the heading (and intro) the next block keeps with
    kept: bool = False
    intro: bool = False  # the last block is the words right under a heading: its intro
    last: str = ""
    closing: bool = False  # the last block closes a table: the text after it does too

    def side(self, turned: bool) -> _Side:
        """The paper turned, or upright (in the column the blocks are set in now)."""
        return self.turned if turned else _Side(self.page, self.col, self.first_room)

    def add(self, kind: str, drawn: list[Box], where: Source, turned: bool = False) -> None:
        room = self.side(turned).col.room
        for box in drawn:
            tallest = box.height + (box.header.height if box.header else 0.0)
            if tallest > room + 1e-6:
                raise UserError(
                    where,
                    f"block is {tallest / 72 * 25.4:.0f} mm tall; "
                    f"a page holds {room / 72 * 25.4:.0f} mm",
                )
        if not drawn:
            return
        if turned != self.runs[-1].turned:
            self._turn(turned)
        first = drawn[0]
        closes = kind == _CLOSES.get(self.last) or (self.closing and kind == self.last)
        if self.boxes:
            # A heading keeps with its intro, and the intro with the start of what follows
            # (the next section's heading aside).
            keeps = self.kept or (self.intro and kind not in _KEEP_WITH_NEXT)
            breaks = FORCED if self.forced else NEVER if keeps or closes else first.breaks
            gap = self.gap
            if self.last == "arrow" and kind != "arrow":
                gap += self.col.ctx.style.heading_size  # the arrow's big word stands apart
            drawn = [replace(first, gap=gap, breaks=breaks), *drawn[1:]]
        if kind in _KEEP_WITH_NEXT and not self.kept:
            self.held = len(self.boxes)
        block = self.origins[-1].block + 1 if self.origins else 0
        self.origins += [_Origin(block, kind)] * len(drawn)
        self.boxes += drawn
        self.forced = False
        self.intro = self.kept and kind == "text"
        self.kept = kind in _KEEP_WITH_NEXT
        self.closing = closes
        self.last = kind

    def _turn(self, turned: bool) -> None:
        """The paper turns for the next block: on a new page, which the heading (and intro)
        it keeps with go over to."""
        kept = (self.kept or self.intro) and not self.forced
        start = self.held if kept else len(self.boxes)
        if start == self.runs[-1].start:  # the run holds nothing but what goes over
            self.runs.pop()
        if not self.runs or self.runs[-1].turned != turned:
            self.runs.append(_Run(start, turned))
        if start == len(self.boxes):
            self.forced = bool(self.boxes)
        elif start:
            self.boxes[start] = replace(self.boxes[start], breaks=FORCED)

    def regroup(self, pages: list[range]) -> bool:
        """Lay each `across` table out again for the rows each page holds of it; whether
        any changed. Its header box keeps what `add` gave it (the glue and break above)."""
        changed = False
        shift = 0
        for index, (start, count, table, chunks) in enumerate(self.regrouped):
            start += shift
            body = range(start + 1, start + count)
            held = [len(range(max(p.start, body.start), min(p.stop, body.stop))) for p in pages]
            wanted = tuple(rows for rows in held if rows)[:-1]
            if wanted != chunks:
                laid = table.lay(wanted)
                self.boxes[body.start : body.stop] = laid[1:]
                self.origins[body.start : body.stop] = [self.origins[start]] * (len(laid) - 1)
                changed = True
                moved = len(laid) - count
                shift += moved
                count = len(laid)
                self.runs = [
                    _Run(r.start + moved, r.turned) if r.start > start else r for r in self.runs
                ]
            self.regrouped[index] = (start, count, table, wanted)
        return changed

    def breaks(self, style: SheetStyle) -> list[range]:
        """The boxes of each page: each run's breaks chosen on its own (a forced break
        parts them), on its side's pages, by the style's glue shrink, least fill and the
        fill under which a kept table gives way."""
        pages: list[range] = []
        stops = [run.start for run in self.runs[1:]] + [len(self.boxes)]
        for run, stop in zip(self.runs, stops, strict=True):
            side = self.side(run.turned)
            first = side.first_room if run.start == 0 else None
            chosen = choose_breaks(
                self.boxes[run.start : stop],
                side.col.room,
                first,
                style.glue_shrink,
                style.least_fill,
                style.table_gives,
            )
            pages += [range(run.start + p.start, run.start + p.stop) for p in chosen]
        return pages

    def laid(self, pages: list[range]) -> tuple[LaidPage, ...]:
        """Each page's boxes placed, on its side's page."""
        laid = []
        for number, part in enumerate(pages):
            run = next(r for r in reversed(self.runs) if r.start <= part.start)
            side = self.side(run.turned)
            room = side.first_room if number == 0 else side.col.room
            placed = place(self.boxes[part.start : part.stop], room)
            laid.append(LaidPage(placed, side.page, self._at_table(part)))
        return tuple(laid)

    def _at_table(self, page: range) -> int | None:
        """The block a page used at the table opens with (a score sheet's next page shares
        it, so shares its sheet; a page of arrows after it does not), or None for a page
        that holds anything read."""
        origins = self.origins[page.start : page.stop]
        if origins and all(origin.kind in _AT_TABLE for origin in origins):
            return origins[0].block
        return None


def plan_sheets(
    doc: LoadedDocument,
    inputs: SheetInputs,
    page: tuple[float, float],
    ctx: DrawContext,
    names: tuple[str, str] | None = None,
    scale: bool = True,
) -> list[Page]:
    """Pages of one sheet document for one player count, with the inputs' print line (what
    `lay_sheets` and `LaidSheets.pages` say; none where no section is for this count)."""
    laid = lay_sheets(doc, inputs, page, ctx, scale=scale)
    return [] if laid is None else laid.pages(inputs.print_line, names, scale=scale)


def lay_sheets(
    doc: LoadedDocument,
    inputs: SheetInputs,
    page: tuple[float, float],
    ctx: DrawContext,
    halves: bool = False,
    scale: bool = True,
) -> LaidSheets | None:
    """One sheet document for one player count laid on its pages, or None where no section
    is for this count; sections for other counts are left out.

    A filtered section may print its own range as `{section_players}`, so "Players: 2-4"
    is written once, in the filter. The first page holds less than the others where its
    foot has the scale check (`scale`: a part of a file whose cover has it, such as the
    print-and-play file's assembly page, holds as much as the rest). What goes in the feet
    is `LaidSheets.pages`'. A document printed in copies (`halves`: a player aid) is laid in
    half a page where it fits one, its glue giving as on a full page, so that its copies
    print two to a sheet.
    """
    style = ctx.style
    upright = _side(ctx, page, scale)
    turned = _side(ctx, (page[1], page[0]), scale)
    stream = _Stream(upright.col, style.block_gap, upright.first_room, turned, page)
    for players, blocks in doc.sections:
        values = dict(inputs.values)
        if players is not None:
            low, high = player_range(players, doc.source.source())
            if not low <= inputs.players <= high:
                continue
            values["section_players"] = players
        _blocks(stream, blocks, values, inputs)
    if not stream.boxes:
        return None
    half = _half_room(style, page[1])
    upright_only = stream.runs == [_Run(0)]
    if halves and upright_only and _one_page(stream.boxes, half, style.glue_shrink):
        return LaidSheets(ctx, page, (LaidPage(place(stream.boxes, half), page),), True)
    breaks = stream.breaks(style)
    for _ in range(REGROUPS):
        if not stream.regroup(breaks):
            break
        breaks = stream.breaks(style)
    return LaidSheets(ctx, page, stream.laid(breaks), False, scale)


def _side(ctx: DrawContext, page: tuple[float, float], scale: bool) -> _Side:
    """The paper one way up: its column between the margins, down to the running foot
    (the first page's to the scale check's foot, where `scale` says)."""
    style = ctx.style
    width, height = page
    left, right = style.margin, width - style.margin
    top = height - style.margin
    room = top - style.running_footer_height
    first_room = top - style.footer_height if scale else room
    return _Side(page, Column(ctx, right - left, room), first_room)


def _one_page(boxes: list[Box], room: float, shrink: float) -> bool:
    """Whether the boxes fit one page of `room`, their glue giving by `shrink` at most."""
    tallest = max(box.height + (box.header.height if box.header else 0.0) for box in boxes)
    return tallest <= room and len(choose_breaks(boxes, room, None, shrink)) == 1


def _half_room(style: SheetStyle, height: float) -> float:
    """The room of a copy on half a sheet cut across its middle: from a margin under the
    cut (or the top) down to its running foot. A sheet of halves has no scale check: an aid
    kept at hand is read, not measured, and the check would take a fifth of its half."""
    return height / 2 - style.margin - style.running_footer_height


def _fitted_arrows(stream: _Stream, start: int) -> Column | None:
    """The column to draw a run of arrows in (from box `start`) so that they share one
    page: the same, with each arrow shorter by its share of the overflow, if that keeps
    it at least ARROW_LEAST of its height; None when they fit already or cannot."""
    boxes = stream.boxes[start:]
    if not boxes:
        return None
    used = sum(box.gap + box.height for box in boxes) - boxes[0].gap
    col = stream.col
    over = used - col.room
    style = col.ctx.style
    height = style.arrow_height - over / len(boxes)
    if over <= 0 or height < style.arrow_height * ARROW_LEAST:
        return None
    return replace(col, arrow_height=height)


def _blocks(
    stream: _Stream, blocks: tuple[Block, ...], values: dict[str, Any], inputs: SheetInputs
) -> None:
    for block in blocks:
        if block.kind == "for_each":
            items = inputs.lists.get(block.value.list)
            if items is None:
                raise UserError(block.source, f"for_each: no list named {block.value.list!r}")
            start = len(stream.boxes)
            state = (stream.forced, stream.kept, stream.intro, stream.last)
            for number, item in enumerate(items, start=1):
                _blocks(stream, block.children, {**values, "n": number, **item}, inputs)
            arrows = all(child.kind == "arrow" for child in block.children)
            if arrows and (fitted := _fitted_arrows(stream, start)) is not None:
                # A round's arrows share one page: drawn again, a little shorter.
                del stream.boxes[start:]
                del stream.origins[start:]
                stream.forced, stream.kept, stream.intro, stream.last = state
                col = stream.col
                stream.col = fitted
                for number, item in enumerate(items, start=1):
                    _blocks(stream, block.children, {**values, "n": number, **item}, inputs)
                stream.col = col
        elif block.kind == "page_break":
            stream.forced = bool(stream.boxes)
        else:
            turned = _turns(stream.col, block, values, inputs)
            side = stream.side(turned)
            col = side.col if stream.boxes else replace(side.col, opening_room=side.first_room)
            level = block.level
            drawer = _DRAWERS[block.kind] if level is None else heading_drawer(block.kind, level)
            drawn = draw_block(drawer, block, col, values, inputs)
            if isinstance(drawn, Regrouped):
                entry = (len(stream.boxes), len(drawn.boxes), drawn, ())
                stream.regrouped.append(entry)
                drawn = drawn.boxes
            stream.add(block.kind, drawn, block.source, turned)


def _turns(col: Column, block: Block, values: dict[str, Any], inputs: SheetInputs) -> bool:
    """Whether the block is set on the paper turned: a score sheet whose players do not
    fit one table across `col`, which a player would have to add across pages."""
    return block.kind == "score_sheet" and not one_table(
        col, block.value, values, inputs, block.source
    )
