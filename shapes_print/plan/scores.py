"""Score sheets as boxes for the flow: a grid with a column per player and a row per round.

Input: a `score_sheet` block, the values its words are filled from, the players and the
`Column` it is set in. Output: its title, grid rows and note as `flow.Box`es; the grid breaks
between rows with its header row repeated, and with `rows: fill` its rows stretch to fill the
page they end on. A sheet longer than the page it opens splits by rows into pages alike
(plan/scorepages.py). `copies: fill` repeats the whole sheet as often as one page holds.
`one_table` says whether every player fits one table across a column: plan/sheets.py sets
a sheet whose players do not on the page turned.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from msgspec import Struct
from msgspec.structs import replace

from shapes_print.errors import Source, UserError
from shapes_print.geometry.primitives import Artifact
from shapes_print.load.models import ScoreSheetBlock
from shapes_print.plan.breaks import NEVER
from shapes_print.plan.cells import SheetInputs, cell_text
from shapes_print.plan.flow import Box
from shapes_print.plan.paragraphs import Column, Setting, paragraph
from shapes_print.plan.scorepages import Sheet, split_pages
from shapes_print.plan.tables import Cell, Heads, measure, table_boxes
from shapes_print.text.message import fill
from shapes_print.text.words import Said

FILL = "fill"


def score_sheet(
    col: Column,
    sheet: ScoreSheetBlock,
    values: Mapping[str, Any],
    inputs: SheetInputs,
    where: Source,
) -> list[Box]:
    style, words = col.ctx.style, col.ctx.words
    entries = _entries(sheet, values, inputs, where)
    named = _named(col, sheet, values, inputs, entries, where)
    labels = named.labels
    widths = _widths(col, named)
    if widths is None:
        raise UserError(where, "score_sheet: a player column does not fit the page width")
    extras = named.extras
    if len(sheet.extra_cells) not in (0, len(extras)):
        message = f"score_sheet: 'extra_cells' needs {len(extras)} entries, one per extra column"
        raise UserError(where, message)
    cells = sheet.extra_cells or [""] * len(extras)
    blank = cell_text(col, "", where)
    rows = [
        [cell_text(col, label, where)]
        + [cell_text(col, words.fill(cell, entry, where), where) for cell in cells]
        for label, entry in zip(labels, entries, strict=True)
    ]
    rows.append([cell_text(col, named.total, where, bold=True)] + [blank] * len(extras))
    titles = _titles(col, sheet, values, where)
    boxes: list[Box] = [titles[0]] if titles else []
    grids = _tables(col, named, widths, rows, sheet.rows == FILL, where)
    for index, grid in enumerate(grids):
        if boxes:  # under the title (kept with it), or under the grid before (free to break)
            grid[0] = replace(grid[0], gap=_gap(col), breaks=0.0 if index else NEVER)
        boxes += grid
    note = None
    if sheet.note:
        text = words.fill(sheet.note, values, where)
        height, items = paragraph(col, text, Setting(style.body_size), col.width, where)
        note = Box(height, tuple(items), gap=_gap(col), breaks=NEVER, role="P")
        boxes.append(note)
    if sheet.copies == FILL:
        return boxes + _copies(col, boxes)
    if len(grids) > 1:
        return boxes
    (grid,) = grids
    title, continued = titles or (None, None)
    parts = Sheet(title, grid[0], grid[1:-1], grid[-1], note, continued)
    return split_pages(parts, col, sheet.rows == FILL) or boxes


def _titles(
    col: Column, sheet: ScoreSheetBlock, values: Mapping[str, Any], where: Source
) -> tuple[Box, Callable[[], Box]] | None:
    """The sheet's title, and how to set the title of a page it goes on to (layout: the
    sheet's title was read where it began), or None where it has none. The second's words
    are said even where the sheet fits a page, so check and extract hear them wherever it
    does not; it is set only where a page needs it."""
    if not sheet.title:
        return None
    ctx = col.ctx
    title = ctx.words.fill(sheet.title, values, where)
    said = {"title": Said(title)}
    continued = ctx.words.fill(ctx.style.furniture.continued_title, said, ctx.furniture_source)
    setting = Setting(ctx.style.subheading_size, True, True)
    height, items = paragraph(col, title, setting, col.width, where)

    def again() -> Box:
        tall, drawn = paragraph(col, continued, setting, col.width, where)
        return Box(tall, (Artifact(tuple(drawn), "Pagination"),))

    return Box(height, tuple(items), role="H2"), again


def one_table(
    col: Column,
    sheet: ScoreSheetBlock,
    values: Mapping[str, Any],
    inputs: SheetInputs,
    where: Source,
) -> bool:
    """Whether every player's column fits one table across `col`: where they do not, the
    sheet is set on the page turned (plan/sheets.py), so that no one adds across pages."""
    entries = _entries(sheet, values, inputs, where)
    named = _named(col, sheet, values, inputs, entries, where)
    widths = _widths(col, named)
    return widths is not None and widths.across == len(named.names)


def _named(
    col: Column,
    sheet: ScoreSheetBlock,
    values: Mapping[str, Any],
    inputs: SheetInputs,
    entries: list[dict[str, Any]],
    where: Source,
) -> _Named:
    """The sheet's words filled: each row's label, the total's, the extra columns' and each
    player column's heading."""
    words = col.ctx.words
    return _Named(
        [words.fill(sheet.row_label, entry, where) for entry in entries],
        words.fill(sheet.total_label, values, where),
        [words.fill(c, values, where) for c in sheet.extra_columns],
        [
            words.fill(sheet.name_label, {**values, "column": c}, where)
            for c in range(1, inputs.players + 1)
        ],
    )


def _copies(col: Column, boxes: list[Box]) -> list[Box]:
    """`copies: fill`: the sheet again as often as the page it starts holds it with the
    one before (the first page holds less, plan/sheets.py), the space between boxes giving as much as a full page lets
    it (`glue_shrink`, as plan/flow.py breaks pages), so no copy is pushed onto a page of
    its own."""
    style = col.ctx.style
    shrink = style.glue_shrink
    room = col.room if col.opening_room is None else min(col.room, col.opening_room)
    one = sum(b.gap + b.height for b in boxes) - boxes[0].gap
    one -= shrink * sum(b.gap for b in boxes[1:])
    between = style.block_gap * (1 - shrink)
    copies = max(1, int((room + between) // (one + between)))
    return [replace(boxes[0], gap=style.block_gap), *boxes[1:]] * (copies - 1)


def _gap(col: Column) -> float:
    """The space between a score sheet's title, tables and note."""
    return col.ctx.style.table_padding * 2


def _entries(
    sheet: ScoreSheetBlock, values: Mapping[str, Any], inputs: SheetInputs, where: Source
) -> list[dict[str, Any]]:
    """What each row's words are filled from: a list's items, or `rows` numbered rows."""
    if sheet.rows_from is not None:
        if sheet.rows_from not in inputs.lists:
            raise UserError(where, f"score_sheet: no list named {sheet.rows_from!r}")
        entries = [
            {**values, "n": i, **item}
            for i, item in enumerate(inputs.lists[sheet.rows_from], start=1)
        ]
    elif sheet.rows == FILL:
        raise UserError(where, "score_sheet: 'rows: fill' stretches the rows of 'rows_from'")
    else:
        count = int(fill(str(sheet.rows), values, where)) if sheet.rows is not None else 0
        entries = [{**values, "n": i} for i in range(1, count + 1)]
    if not entries:
        raise UserError(where, "score_sheet: needs 'rows_from' (a list) or 'rows' (a number)")
    return entries


class _Named(Struct, frozen=True):
    """A score sheet's words: its row labels, its total row's, its extra columns' headings
    and each player column's."""

    labels: list[str]
    total: str
    extras: list[str]
    names: list[str]


class _Widths(Struct, frozen=True):
    """The row labels' column, each extra column, each player column, and how many player
    columns one table holds."""

    label: float
    extras: list[float]
    player: float
    across: int


def _widths(col: Column, named: _Named) -> _Widths | None:
    """Player columns get room for a score and their heading; the round labels take the
    rest up to their natural width and wrap beyond it (large print, longer languages).
    None where not even one player column fits beside them."""
    style, regular, bold = col.ctx.style, col.ctx.fonts.regular, col.ctx.fonts.bold
    pad, players, labels = style.table_padding, len(named.names), [*named.labels, named.total]
    extra_widths = [bold.width(c, style.body_size) + 2 * pad + 1 for c in named.extras]
    widest_name = max(regular.width(name, style.label_size) for name in named.names)
    least_player = max(style.score_row_height, widest_name + 2 * pad + 1)
    natural = max(regular.width(label, style.body_size) for label in labels) + 2 * pad + 1
    widest_word = max(
        regular.width(word, style.body_size) for label in labels for word in label.split()
    )
    # Too many players for one table across the page, even turned (plan/sheets.py turns it
    # for large print's ten): the players share out over several tables, each with the
    # round labels, one under the other.
    room_for_players = col.width - sum(extra_widths)
    tables = next(
        (
            n
            for n in range(1, players + 1)
            if room_for_players - -(-players // n) * least_player >= widest_word + 2 * pad
        ),
        None,
    )
    if tables is None:
        return None
    across = -(-players // tables)
    label_width = min(natural, room_for_players - across * least_player)
    return _Widths(label_width, extra_widths, (room_for_players - label_width) / across, across)


def _tables(
    col: Column,
    named: _Named,
    widths: _Widths,
    rows: list[list[Cell]],
    stretch: bool,
    where: Source,
) -> list[list[Box]]:
    """The score tables, `widths.across` players each, to stand one under the other."""
    style = col.ctx.style
    blank = cell_text(col, "", where)
    heights = [style.score_row_height * 1.5] + [style.score_row_height] * len(rows)
    shaded = [True] + [False] * (len(rows) - 1) + [True]
    grids: list[list[Box]] = []
    for start in range(0, len(named.names), widths.across):
        group = named.names[start : start + widths.across]
        column_widths = [widths.label, *widths.extras, *([widths.player] * len(group))]
        header = [blank, *(cell_text(col, c, where, bold=True) for c in named.extras)]
        header += [cell_text(col, name, where, size=style.label_size) for name in group]
        body = [row + [blank] * len(group) for row in rows]
        measured = measure(style, column_widths, [header, *body], heights, shaded)
        heads = Heads(header=True, row_headers=True, stretch=stretch)
        grid = table_boxes(style, column_widths, measured, col.room, heads)
        # The total row is not stretched: only the rounds get room to write in.
        grid[-1] = replace(grid[-1], stretch=0.0, stretched=None, items=grid[-1].drawn(0.0))
        grids.append(grid)
    return grids
