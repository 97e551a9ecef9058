"""Sheet blocks (headings, text, lists, facts, tables, cards, arrows) as boxes for the flow.

Input: one block's model, the values its words are filled from, and the `Column` it is set in
(the draw context, the content width and a page's height). Output: the block measured once at
that width, as the `flow.Box`es a page may break between: a paragraph's lines, a list's items, a
table's rows (`Roomed`: made for a page's room once it is known), or one box for a block that
never splits (a heading, an arrow, cards). Each box is drawn with its top at y = 0, growing
downwards. Which block follows which, and the penalties between blocks, are `sheets`'s; where
pages break, `flow`'s. Score sheets are drawn in `scores`. Each part says what it is, for the
PDF's structure tree and the SVG's ARIA: headings H1 and H2 (or their block's `level`),
paragraphs P, lists L of items LI (each its label Lbl, the number or bullet, and its body
LBody), tables (`tables`, their cells `cells`), and card pictures and arrows Figures with
their words as alternate text.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache, partial
from operator import attrgetter
from typing import Any

from msgspec.structs import replace

from shapes_print.errors import Source, UserError
from shapes_print.geometry.primitives import Group, Role, Text
from shapes_print.load.models import ArrowBlock, CardsCell, TableBlock
from shapes_print.load.printmodels import SheetStyle
from shapes_print.plan.arrows import arrow_block
from shapes_print.plan.breaks import INSIDE, LONE, NEVER, run_breaks
from shapes_print.plan.cells import (
    WIDE_CELL,
    SheetInputs,
    card_cell,
    cards_width,
    cell_text,
    filled_cell,
    natural_width,
    two_line_width,
)
from shapes_print.plan.flow import Box, Part
from shapes_print.plan.keeps import SPARE
from shapes_print.plan.paragraphs import CAP, Column, Setting, paragraph, paragraph_lines
from shapes_print.plan.tablelayout import TableLayout
from shapes_print.plan.tables import Heads, Regrouped, Roomed, Row, measure, table_boxes
from shapes_print.text.fit import word_parts
from shapes_print.text.fonts import Font

# The share of the width a fact's label takes when its value is short.
FACT_LABEL_SHARE = 0.7
# The widest share a fact's value may take so that it stays on one line ("6 + 6 + 6 = 18").
FACT_VALUE_MOST = 0.5

Drawer = Callable[[Column, Any, Mapping[str, Any], SheetInputs, Source], list[Box] | Roomed]


def _words(size: Callable[[SheetStyle], float], bold: bool, balance: bool, role: Role) -> Drawer:
    """A block of words (heading, subheading, text) at the style's size for its kind.

    A heading is one box, its lines balanced; text is a box per line, so a paragraph may go
    on over a page, with no lone line at either end: its lines are one `role` on each page."""

    def draw(
        col: Column, value: str, values: Mapping[str, Any], _: SheetInputs, where: Source
    ) -> list[Box]:
        text = col.ctx.words.fill(value, values, where)
        here = col.ctx.words.place_of(value, where)
        if balance:
            height, items = paragraph(
                col, text, Setting(size(col.ctx.style), bold, True), col.width, here
            )
            return [Box(height, tuple(items), role=role)]
        lines = paragraph_lines(col, text, Setting(size(col.ctx.style), bold), col.width, here)
        breaks = run_breaks(len(lines), col.ctx.style.list_keep, orphan=LONE)
        return [
            replace(line, breaks=b, role=role, continues=i > 0)
            for i, (line, b) in enumerate(zip(lines, breaks, strict=True))
        ]

    return draw


def _list(
    col: Column, entries: Sequence[str], values: Mapping[str, Any], where: Source, numbered: bool
) -> list[Box]:
    """Steps or bullets, a box per item: a list breaks between items; a step keeps its number.

    An item whose words come out empty (a `select` branch this kit has nothing for: a home
    kit's step for the print shop) is left out, and the steps after it are numbered on."""
    style = col.ctx.style
    size = style.body_size
    indent = size * 2
    gap = size * (style.line_spacing - 1) * 2 if style.list_gap is None else style.list_gap
    bold = col.ctx.fonts.bold
    boxes = []
    words = col.ctx.words
    said = [
        (words.fill(entry, values, where).strip(), words.place_of(entry, where))
        for entry in entries
    ]
    texts = [(text, here) for text, here in said if text]
    # A procedure short enough to read as one (`keep_steps`) never splits, nor is an item
    # left alone at either end, unless that spares the document a page (`flow`).
    short = numbered and len(texts) <= style.keep_steps
    breaks = run_breaks(len(texts), style.list_keep, NEVER if short else INSIDE, orphan=LONE)
    gives = [
        SPARE if number and penalty >= NEVER else None for number, penalty in enumerate(breaks)
    ]
    for number, ((text, here), penalty) in enumerate(zip(texts, breaks, strict=True), start=1):
        marker = f"{number}." if numbered else "•"
        bold.check(marker, where, "list marker")
        height, lines = paragraph(col, text, Setting(size), col.width - indent, here, x=indent)
        label = Group((Text(0, -size * CAP, marker, bold.name, size, style.ink),), role="Lbl")
        items = (label, Group(tuple(lines), role="LBody"))
        boxes.append(
            Box(
                height,
                items,
                gap=gap if number > 1 else 0.0,
                breaks=penalty,
                gives=gives[number - 1],
                role="LI",
                within=(Part("L", continues=number > 1),),
            )
        )
    return boxes


def _steps(
    col: Column, value: list[str], values: Mapping[str, Any], _: SheetInputs, where: Source
) -> list[Box]:
    return _list(col, value, values, where, numbered=True)


def _bullets(
    col: Column, value: list[str], values: Mapping[str, Any], _: SheetInputs, where: Source
) -> list[Box]:
    return _list(col, value, values, where, numbered=False)


# ---- tables ----------------------------------------------------------------------------


def _table(
    col: Column, table: TableBlock, values: Mapping[str, Any], inputs: SheetInputs, where: Source
) -> Roomed:
    rows = _table_rows(table, values, inputs, where)
    count = len(table.columns)
    titles = [col.ctx.words.fill(c, values, where) for c in table.columns]
    filled: list[list[str | CardsCell]] = [
        [
            cell if isinstance(cell, CardsCell) else col.ctx.words.fill(cell, here, where)
            for cell in row
        ]
        for here, row in rows
    ]
    place = col.ctx.words.place_of
    cells = [
        [
            filled_cell(
                col,
                cell,
                here,
                inputs,
                place(english, where),
                beside if isinstance(beside, str) else "",
            )
            for cell, english, beside in zip(row, written, [*row[1:], ""], strict=True)
        ]
        for (here, written), row in zip(rows, filled, strict=True)
    ]
    blank = [cell_text(col, "", where)] * count
    tiers = _least_widths(col, titles, rows, filled, inputs, where)
    # Columns share the width by what they hold (each as wide as its content unbroken,
    # or `widths`' shares where the table gives them), none wider than its content needs
    # while another column's words wrap.
    natural = [
        max(
            natural_width(col, title, values, inputs, where, bold=True),
            *(
                natural_width(col, row[i], here, inputs, where)
                for (here, _), row in zip(rows, filled, strict=True)
            ),
        )
        for i, title in enumerate(titles)
    ]
    header = [
        cell_text(col, title, place(english, where), bold=True)
        for title, english in zip(titles, table.columns, strict=True)
    ]
    layout = TableLayout(col, cells, header, blank, tiers, table.widths or natural, natural)
    # `across` groups at most, and fewer where they are too narrow for most of their rows
    # to keep to one line (a manifest at large print): rows of two lines read worse than a
    # longer table.
    across = min(table.across, len(cells))
    lay, laid = layout.laid(across)
    one_line = cell_text(col, "X", where)(col.width)[0] + 2 * col.ctx.style.table_padding
    while across > 1 and _mostly_wrapped(laid[1:], one_line):
        across -= 1
        lay, laid = layout.laid(across)
    if across == 1:
        return Roomed(partial(lay, ()))
    return Roomed(lambda room: Regrouped(lay((), room), lambda chunks: lay(chunks, room)))


def _table_rows(
    table: TableBlock, values: Mapping[str, Any], inputs: SheetInputs, where: Source
) -> list[tuple[Mapping[str, Any], list[Any]]]:
    """Each row of a table with the values its words are filled from: its own rows, then
    one for each item of its `rows_from` list."""
    count = len(table.columns)
    shares = table.widths or [1.0] * count  # checked here; the content's own further on
    rows: list[tuple[Mapping[str, Any], list[Any]]] = [(values, row) for row in table.rows]
    if table.rows_from is not None:
        if table.rows_from not in inputs.lists:
            raise UserError(where, f"table: no list named {table.rows_from!r}")
        items = enumerate(inputs.lists[table.rows_from], start=1)
        rows += [({**values, "n": n, **item}, table.row) for n, item in items]
    if not rows:
        raise UserError(where, "table: needs 'rows', or 'rows_from' (a list) and 'row'")
    if len(shares) != count or any(len(row) != count for _, row in rows):
        raise UserError(
            where, f"table: every row and 'widths' must have {count} entries, one per column"
        )
    return rows


def _least_widths(
    col: Column,
    titles: Sequence[str],
    rows: Sequence[tuple[Mapping[str, Any], Any]],
    filled: Sequence[Sequence[str | CardsCell]],
    inputs: SheetInputs,
    where: Source,
) -> list[list[float]]:
    """The least width of each column, from the roomiest to the tightest (the first whose
    sum fits is taken): its widest word and its small cards at full size; its widest word
    (the cards shrink); its widest part of a word, a long name (a kit's file, at large
    print) broken after a hyphen; each its header's two lines where that fits; and last,
    where those are too wide, the widest column's word broken anywhere (`_overflowing`)."""
    columns = [[row[i] for row in filled] for i in range(len(titles))]

    def widest(broken: bool) -> list[float]:
        return [
            max(
                [
                    _widest_word(col, title, True, broken),
                    *(
                        _widest_word(col, cell, False, broken)
                        for cell in cells
                        if isinstance(cell, str)
                    ),
                ]
            )
            for title, cells in zip(titles, columns, strict=True)
        ]

    whole, parts = widest(False), widest(True)
    cards = [
        max(
            [
                0.0,
                *(
                    cards_width(col, cell, here, inputs, where)
                    for (here, _), cell in zip(rows, cells, strict=True)
                    if not isinstance(cell, str)
                ),
            ]
        )
        for cells in columns
    ]
    tiers = [[max(w, c) for w, c in zip(whole, cards, strict=True)], whole, parts]
    # Each header on two lines at most, in each tier where the columns still fit so.
    heads = [two_line_width(col, title) for title in titles]
    raised = [[max(t, h) for t, h in zip(tier, heads, strict=True)] for tier in tiers]
    kept = [up if sum(up) <= col.width else tier for up, tier in zip(raised, tiers, strict=True)]
    return [*kept, _overflowing(kept[-1], col.width, col.ctx.style.table_padding)]


def _overflowing(least: list[float], width: float, padding: float) -> list[float]:
    """The last tier, where even the tightest least widths are wider than the table: the
    widest column gives up what is over, its longest word broken between characters where
    it must (a one-word game title in a large-print cover's list of parts), so the other
    columns keep their words whole. As it is where they fit, or where that leaves it
    narrower than a cell that breaks a word (`WIDE_CELL`): its shares stand, and a word too
    wide for its cell is refused (a paper too small for the table)."""
    over = sum(least) - width
    widest = max(range(len(least)), key=least.__getitem__)
    if over <= 0 or least[widest] - over - 2 * padding < WIDE_CELL * width:
        return least
    return [room - over if index == widest else room for index, room in enumerate(least)]


def _mostly_wrapped(rows: Sequence[Row], one_line: float) -> bool:
    """Whether more than half of a table's rows are taller than a row of one line."""
    return sum(row.height > one_line + 1e-6 for row in rows) * 2 > len(rows)


def _widest_word(col: Column, text: str, bold: bool, broken: bool = False) -> float:
    """The width a cell needs so its widest word fits, padding and rules included (with
    `broken`, its widest part of a word broken after its hyphens)."""
    style = col.ctx.style
    return _widest(text, col.ctx.fonts.pick(bold), broken, style.body_size, style.table_padding)


@lru_cache(maxsize=32768)
def _widest(text: str, font: Font, broken: bool, size: float, padding: float) -> float:
    """`_widest_word` by all it reads: each kit's tables hold the same words."""
    words = text.split()
    if broken:
        words = [part for word in words for part in word_parts(word)]
    widest = max((font.width(word, size) for word in words), default=0.0)
    return widest + 2 * padding + 1


def _facts(
    col: Column,
    facts: list[tuple[str, str]],
    values: Mapping[str, Any],
    _: SheetInputs,
    where: Source,
) -> list[Box] | Roomed:
    """Label and value rows; the value column is as wide as its widest value needs (up to
    half the width), so a value such as "6 + 6 + 6 = 18" never breaks. A fact whose value
    is empty is left out, so a sheet says nothing of what a game does not say (a cover's
    `{play_time, select, none {} other {{play_time}}}`)."""
    style = col.ctx.style
    size = style.subheading_size
    words = col.ctx.words
    filled = [
        (words.fill(label, values, where), words.fill(value, values, where), label, value)
        for label, value in facts
    ]
    said = [fact for fact in filled if fact[1].strip()]
    if not said:
        return []
    figures = [figure for _, figure, _, _ in said]
    bold = col.ctx.fonts.bold
    widest = max(bold.width(figure, size) for figure in figures) + 2 * style.table_padding + 1
    value_width = min(max(col.width * (1 - FACT_LABEL_SHARE), widest), col.width * FACT_VALUE_MOST)
    widths = _fact_widths(col, [(label, figure) for label, figure, _, _ in said], value_width)
    rows = [
        [
            cell_text(col, label, words.place_of(english, where)),
            cell_text(col, figure, words.place_of(value, where), bold=True, size=size),
        ]
        for label, figure, english, value in said
    ]
    measured = measure(style, widths, rows, [0.0] * len(rows), [False] * len(rows))
    heads = Heads(header=False, row_headers=True)
    return Roomed(partial(table_boxes, style, widths, measured, heads=heads))


def _fact_widths(col: Column, said: list[tuple[str, str]], value_width: float) -> list[float]:
    """The label and value columns' widths: the value's `value_width`, or more where a
    value's widest word needs it (a game's one-word title, its name whole on a cover),
    as far as the labels' widest word leaves room, as a browser's table gives a cell the
    width of its longest word."""
    style, fonts = col.ctx.style, col.ctx.fonts
    pad = style.table_padding
    labels = max(_widest(label, fonts.regular, True, style.body_size, pad) for label, _ in said)
    words = max(_widest(value, fonts.bold, True, style.subheading_size, pad) for _, value in said)
    value_width = max(value_width, min(words, col.width - labels))
    return [col.width - value_width, value_width]


def _cards(
    col: Column, cell: CardsCell, values: Mapping[str, Any], inputs: SheetInputs, where: Source
) -> list[Box]:
    height, items = card_cell(col, cell, values, inputs, where)(col.width)
    return [Box(height, tuple(items))]


def _arrow(
    col: Column, arrow: ArrowBlock, values: Mapping[str, Any], _: SheetInputs, where: Source
) -> list[Box]:
    return arrow_block(col, arrow, values, where)


@lru_cache(maxsize=16)
def heading_drawer(kind: str, level: int) -> Drawer:
    """A heading or subheading drawn at its kind's size (`heading_size`, `subheading_size`)
    and tagged at `level` (1 for H1): the same on the page at any level."""
    roles: tuple[Role, ...] = ("H1", "H2", "H3")
    return _words(attrgetter(f"{kind}_size"), bold=True, balance=True, role=roles[level - 1])


DRAW: dict[str, Drawer] = {
    "heading": heading_drawer("heading", 1),
    "subheading": heading_drawer("subheading", 2),
    "text": _words(lambda style: style.body_size, bold=False, balance=False, role="P"),
    "steps": _steps,
    "bullets": _bullets,
    "facts": _facts,
    "cards": _cards,
    "table": _table,
    "arrow": _arrow,
}
