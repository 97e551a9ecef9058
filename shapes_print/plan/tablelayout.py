"""A sheet's table laid out: its columns' widths chosen, its rows measured once for each way
of breaking them into a page's chunks.

Input: a table's cells (plan/cells.py), header and blank row, and its columns' least widths,
shares and natural widths (plan/blocks.py). Output: how to lay the table out for a page's
room (`Grouped`, rows in chunks as `tables.Regrouped` asks), and its rows unbroken.
"""

from __future__ import annotations

from collections.abc import Sequence

from msgspec import Struct

from shapes_print.plan.flow import Box
from shapes_print.plan.paragraphs import Column
from shapes_print.plan.tables import (
    Cell,
    Heads,
    Row,
    across_rows,
    chunk_breaks,
    column_widths,
    measure,
    table_boxes,
)


class TableLayout(Struct, frozen=True):
    """A table's cells, header and blank row, the least widths of its columns at each
    tier of breaking, the shares they take of the width, and their natural widths."""

    col: Column
    cells: list[list[Cell]]
    header: list[Cell]
    blank: list[Cell]
    tiers: list[list[float]]
    shares: list[float]
    natural: list[float]

    def laid(self, across: int) -> tuple[Grouped, list[Row]]:
        """The table in `across` groups of columns, its small cards at full size or shrunk,
        whichever table is shorter (cards at full size squeeze the words of a large-print
        table into many lines): laid out for a page's room, and its rows unbroken."""
        tiers = self.tiers
        fitting = [t for t in tiers if sum(t) * across <= self.col.width] or [tiers[-1]]
        # Words break after hyphens only where they must. The second tier (small cards
        # shrunk) is tried only where it differs: a table with no small cards has the same
        # least widths either way, one table to lay out, not two alike.
        tried = fitting[:1]
        if fitting[0] is tiers[0] and len(fitting) > 1 and fitting[1] != fitting[0]:
            tried.append(fitting[1])
        choices = [self.grouped_in(across, least * across) for least in tried]
        return min(choices, key=lambda choice: sum(row.height for row in choice[1]))

    def grouped_in(self, across: int, least: list[float]) -> tuple[Grouped, list[Row]]:
        """The table in `across` groups of columns: the rows run down the first group, then
        the next (a manifest), on each page anew once the flow knows where pages break; and
        its rows unbroken."""
        widths = column_widths(self.shares * across, least, self.col.width, self.natural * across)
        grouped = Grouped(self, across, widths)
        return grouped, grouped.rows_of(())[0]  # each row one box as tall as the row


class Grouped:
    """A table in `across` groups of columns at `widths` (`TableLayout.grouped_in`), laid
    out for a page's room by `grouped(chunks, room)`: the first `chunks[0]` rows' worth of
    cells on the first page's own columns, and so on. Rows are measured once for each way
    of breaking them. One object, not closures: a build keeps every table it lays out."""

    __slots__ = ("across", "layout", "measured", "widths")

    def __init__(self, layout: TableLayout, across: int, widths: list[float]) -> None:
        self.layout, self.across, self.widths = layout, across, widths
        self.measured: dict[tuple[int, ...], tuple[list[Row], list[int]]] = {}

    def rows_of(self, chunks: Sequence[int]) -> tuple[list[Row], list[int]]:
        """The table's rows (its header row first) in chunks, and each chunk's first row."""
        key = tuple(chunks)
        if key not in self.measured:
            layout, across = self.layout, self.across
            grouped, starts = across_rows(layout.cells, across, layout.blank, chunks)
            down = len(grouped)
            rows = [layout.header * across, *grouped]
            shaded = [True] + [False] * down
            style = layout.col.ctx.style
            measured = measure(style, self.widths, rows, [0.0] * (down + 1), shaded)
            self.measured[key] = (measured, starts)
        return self.measured[key]

    def __call__(self, chunks: Sequence[int], room: float) -> list[Box]:
        rows, starts = self.rows_of(chunks)
        style = self.layout.col.ctx.style
        heads = Heads(header=True, lanes=self.across)
        return chunk_breaks(table_boxes(style, self.widths, rows, room, heads), starts)
