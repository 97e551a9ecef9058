"""Load stage, shared: a YAML file's plain data, with the place of every value in it.

Input: what parsing a file gave (load/yamlparse.py) or what a parse kept earlier gave
(load/yamlkept.py). Output: `Document`, which every loader reads values and places from.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from msgspec import Struct, field

from shapes_print.errors import Source
from shapes_print.text.message import place

Loc = tuple[str | int, ...]


class Document(Struct):
    """Plain data from one YAML file plus the source of every value by its path of keys."""

    path: Path
    data: Any
    marks: dict[Loc, Source] = field(default_factory=dict)
    # What was written for each unquoted value YAML read as something other than text
    # (`yes`, `~`, `2024`), so a field that wants text can show the quoting it needs.
    unquoted: dict[Loc, str] = field(default_factory=dict)
    # A spreadsheet deck's field columns: each card's cell under one is a place even when
    # empty, so a text that needs the value names the empty cell.
    columns: tuple[str, ...] = ()

    def source(self, loc: Loc = ()) -> Source:
        """The closest known place for a path of keys (falls back to its parents)."""
        loc = tuple(loc)
        while loc:
            if loc in self.marks:
                return self.marks[loc]
            loc = loc[:-1]
        return self.marks.get((), Source(self.path, 1, 1))

    def value_source(self, loc: Loc, value: str) -> Source:
        """Where the text `value` at `loc` is written: past its key, whose place is the one
        kept for a mapping's value (`extends: standrd` at standrd, not at extends)."""
        where = self.source(loc)
        key = loc[-1] if loc else None
        if not isinstance(key, str) or loc not in self.marks or not where.line:
            return where
        return place(Source(where.path, where.line, where.column + len(key)), value, 0) or where

    def written(self, loc: Loc) -> str | None:
        """As written, the unquoted non-text value at `loc` or the nearest above it."""
        loc = tuple(loc)
        while loc:
            if loc in self.unquoted:
                return self.unquoted[loc]
            loc = loc[:-1]
        return None
