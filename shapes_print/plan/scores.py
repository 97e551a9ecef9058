"""Score sheets as boxes for the flow: a grid with a column per player and a row per round.

Input: a `score_sheet` block, the values its words are filled from, the players and the
`Column` it is set in. Output: its title, grid rows and note as `flow.Box`es; the grid breaks
between rows with its header row repeated, and with `rows: fill` its rows stretch to fill the
page they end on. `copies: fill` repeats the whole sheet as often as one page holds.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from msgspec.structs import replace

from shapes_print.errors import Source, UserError
from shapes_print.load.models import ScoreSheetBlock
from shapes_print.plan.breaks import NEVER
from shapes_print.plan.cells import SheetInputs, cell_text
from shapes_print.plan.flow import Box
from shapes_print.plan.paragraphs import Column, paragraph
from shapes_print.plan.tables import measure, table_boxes
from shapes_print.text.message import fill

FILL = "fill"


def score_sheet(
    col: Column,
    sheet: ScoreSheetBlock,
    values: Mapping[str, Any],
    inputs: SheetInputs,
    where: Source,
) -> list[Box]:
    style = col.ctx.style
    words = col.ctx.words
    stretch = sheet.rows == FILL
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
    labels = [words.fill(sheet.row_label, entry, where) for entry in entries]
    total = words.fill(sheet.total_label, values, where)
    regular, bold = col.ctx.fonts.regular, col.ctx.fonts.bold
    pad = style.table_padding
    extras = [words.fill(c, values, where) for c in sheet.extra_columns]
    extra_widths = [bold.width(c, style.body_size) + 2 * pad + 1 for c in extras]
    players = inputs.players
    names = [
        words.fill(sheet.name_label, {**values, "column": c}, where) for c in range(1, players + 1)
    ]
    # Player columns get room for a score and their heading; the round labels take the rest
    # up to their natural width and wrap beyond it (large print, longer languages).
    widest_name = max(regular.width(name, style.label_size) for name in names)
    least_player = max(style.score_row_height, widest_name + 2 * pad + 1)
    natural = max(regular.width(label, style.body_size) for label in [*labels, total]) + 2 * pad + 1
    widest_word = max(
        regular.width(word, style.body_size) for label in [*labels, total] for word in label.split()
    )
    # Too many players for one table across the page (large print, ten players): the players
    # share out over several tables, each with the round labels, one under the other.
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
        raise UserError(where, "score_sheet: a player column does not fit the page width")
    across = -(-players // tables)
    label_width = min(natural, room_for_players - across * least_player)
    player_width = (room_for_players - label_width) / across
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
    rows.append([cell_text(col, total, where, bold=True)] + [blank] * len(extras))
    heights = [style.score_row_height * 1.5] + [style.score_row_height] * len(rows)
    shaded = [True] + [False] * (len(rows) - 1) + [True]
    gap = style.table_padding * 2
    boxes: list[Box] = []
    if sheet.title:
        title = words.fill(sheet.title, values, where)
        height, items = paragraph(col, title, style.subheading_size, True, col.width, where, True)
        boxes.append(Box(height, tuple(items), role="H2"))
    for index, start in enumerate(range(0, players, across)):
        group = names[start : start + across]
        widths = [label_width, *extra_widths, *([player_width] * len(group))]
        header = [blank, *(cell_text(col, c, where, bold=True) for c in extras)]
        header += [cell_text(col, name, where, size=style.label_size) for name in group]
        body = [row + [blank] * len(group) for row in rows]
        measured = measure(style, widths, [header, *body], heights, shaded)
        grid = table_boxes(
            style, widths, measured, col.room, header=True, stretch=stretch, row_headers=True
        )
        # The total row is not stretched: only the rounds get room to write in.
        grid[-1] = replace(grid[-1], stretch=0.0, stretched=None, items=grid[-1].drawn(0.0))
        if boxes:  # under the title (kept with it), or under the grid before (free to break)
            grid[0] = replace(grid[0], gap=gap, breaks=0.0 if index else NEVER)
        boxes += grid
    if sheet.note:
        note = words.fill(sheet.note, values, where)
        height, items = paragraph(col, note, style.body_size, False, col.width, where)
        boxes.append(Box(height, tuple(items), gap=gap, breaks=NEVER, role="P"))
    if sheet.copies == FILL:
        one = sum(b.gap + b.height for b in boxes) - boxes[0].gap
        copies = max(1, int((col.room + style.block_gap) // (one + style.block_gap)))
        again = [replace(boxes[0], gap=style.block_gap), *boxes[1:]]
        boxes += again * (copies - 1)
    return boxes
