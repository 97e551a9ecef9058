"""Decks kept in a spreadsheet: `cards: {from: cards.csv}` in a deck file (or `.xlsx`, `.ods`).

Input: a deck file's Document whose `cards` is `{from: FILE}` (and, for a workbook, `sheet:`
NAME; default its first sheet). Output: the same Document with `cards` a list of card
mappings, one per row, and the place of every cell (`cards.csv:ROW:COL`, counted as the
spreadsheet shows them, the header being row 1) among its marks, so every later check of a
card (an unknown back, a field no layout reads, the card limit) names its cell.

The first row that holds anything names the columns (row 1, unless a workbook starts lower). The columns `id`, `name`, `count`, `layout`, `back` and `group` are
the card's own keys (as in a YAML deck); every other column is a field. An empty cell leaves
its field out, so a `when:` element stays hidden; empty rows are skipped. CSV is read as UTF-8
(with or without the byte-order mark spreadsheet programs write), its separator a comma,
semicolon or tab as the header line uses, and a cell written as a number (6, -2, 1.50) is
that number, as a workbook's number cell is; workbooks through python-calamine.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Sequence
from decimal import Decimal
from pathlib import Path
from typing import Any

from shapes_print.errors import Source, UserError
from shapes_print.inputs import inside, read_input
from shapes_print.limits import MAX_SHEET_BYTES, MAX_TEXT, MAX_VALUES
from shapes_print.load.base import IDENTIFIER_PATTERN
from shapes_print.load.formulas import Unread, unread_cells
from shapes_print.load.sheetbounds import check_workbook
from shapes_print.load.yamlsrc import Document, Loc
from shapes_print.text.characters import character_problem

KEY_COLUMNS = ("id", "name", "count", "layout", "back", "group")
REQUIRED = ("id", "count", "layout", "back")
WORKBOOKS = (".xlsx", ".xlsm", ".xls", ".ods")  # .xls only to say: save it as .xlsx
SUFFIXES = (".csv", ".tsv", *WORKBOOKS)
_IDENTIFIER = re.compile(IDENTIFIER_PATTERN)
_SPEC_KEYS = ("from", "sheet")
_COUNT_ENTRY = re.compile(r'\s*"?([^":]+?)"?\s*:\s*([0-9]{1,9})\s*')  # 2-3: 1, "4-5": 2
# A longer run of digits (a code, a serial number) stays text, as it is written.
_WHOLE = re.compile(r"-?(0|[1-9][0-9]{0,8})")
_DECIMAL = re.compile(r"-?(0|[1-9][0-9]*)\.[0-9]+")
Cell = str | int | float | Decimal


def cards_from_sheet(doc: Document) -> Document:
    """The deck file with the rows of the spreadsheet its `cards: {from: ...}` names in place
    of that mapping; any other deck file as it is."""
    data = doc.data
    spec = data.get("cards") if isinstance(data, dict) else None
    if not isinstance(spec, dict) or "from" not in spec:
        return doc
    for key in spec:
        if key not in _SPEC_KEYS:
            raise UserError(
                doc.source(("cards", key)),
                f"cards: unknown key {key!r}",
                "cards: {from: cards.csv} reads a spreadsheet (sheet: NAME picks a workbook's sheet)",
            )
    name, sheet = spec["from"], spec.get("sheet")
    where = doc.source(("cards", "from"))
    if not isinstance(name, str) or not name.lower().endswith(SUFFIXES):
        raise UserError(where, f"cards.from: expected a {', '.join(SUFFIXES)} file, got {name!r}")
    if sheet is not None and not isinstance(sheet, str):
        raise UserError(doc.source(("cards", "sheet")), f"cards.sheet: must be text, got {sheet!r}")
    path = inside(doc.path.parent, name, where, "deck file's")
    place = _Place(doc.path.parent / name)  # as the deck file names it, for messages
    if path.suffix.lower() in WORKBOOKS:
        rows = _workbook(path, sheet, where, place)
    else:
        rows = _csv(path, place)
    cards, marks = _cards(rows, place)
    columns = (h for h in _headers(rows, place)[1] if h is not None and h not in KEY_COLUMNS)
    return Document(
        doc.path,
        {**data, "cards": cards},
        {**doc.marks, **{("cards", *loc): source for loc, source in marks.items()}},
        doc.unquoted,
        tuple(columns),
    )


class _Place:
    """Where a cell is: the spreadsheet's path (as the deck file names it), row and column;
    for a workbook, the sheet read and whether the deck file named it, and its other sheets."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.sheet: str | None = None
        self.named = False
        self.others: list[str] = []

    def __call__(self, row: int, column: int = 1) -> Source:
        return Source(self.path, row, column)

    def of_sheet(self) -> str:
        """The sheet read, for a message about its headers (nothing for a CSV file)."""
        if self.sheet is None:
            return ""
        return f" of sheet {self.sheet!r}" if self.named else f" of the first sheet, {self.sheet!r}"

    def other_sheets(self) -> str:
        """How to read another of the workbook's sheets, when the deck file named none."""
        if self.named or not self.others:
            return ""
        return (
            "; to read another sheet, add sheet: NAME beside from: in the deck file "
            f"(the workbook's other sheets: {', '.join(map(repr, self.others))})"
        )


def _csv(path: Path, place: _Place) -> list[list[Cell]]:
    raw = read_input(path, MAX_SHEET_BYTES, what="spreadsheet").data
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = raw.count(b"\n", 0, error.start) + 1
        bad = raw[error.start : error.start + 1].hex().upper()
        raise UserError(
            place(line, 0), f"is not UTF-8 text (byte 0x{bad}); save it as CSV UTF-8"
        ) from None
    header = text.split("\n", 1)[0]
    separator = max(",;\t", key=header.count) if path.suffix.lower() == ".csv" else "\t"
    rows = _rows(text, separator, place)
    return [
        [_written(_text(cell, place(r, c))) for c, cell in enumerate(row, 1)]
        for r, row in enumerate(rows, 1)
    ]


def _rows(text: str, separator: str, place: _Place) -> list[list[str]]:
    """The CSV's rows. A quote opening a cell that is never closed makes the reader take
    the rest of the file as that cell, so the last row is looked at for one."""
    lines = list(io.StringIO(text, newline=""))
    reader = csv.reader(lines, delimiter=separator)
    rows: list[list[str]] = []
    start = read = 0  # the lines before the last row, and all read
    try:
        for row in reader:
            rows.append(row)
            start, read = read, reader.line_num
    except csv.Error as error:
        raise UserError(place(0), f"is not a CSV file the reader understands: {error}") from None
    column = _unclosed("".join(lines[start:]), separator)
    if column:
        raise UserError(
            place(len(rows), column),
            f'this cell opens a quote (") on line {start + 1} that is never closed, so the '
            'rest of the file reads as this one cell; close it with a second " or remove it',
        )
    return rows


def _unclosed(text: str, separator: str) -> int:
    """The column (from 1) of the cell of `text`, one CSV row, whose opening quote is
    never closed (the row then runs to the file's end), or 0."""
    at, column = 0, 1
    while at < len(text):
        if text[at] == '"':
            close = at + 1
            while (close := text.find('"', close)) >= 0 and text.startswith('"', close + 1):
                close += 2  # "" inside quotes: one quote
            if close < 0:
                return column
            at = close + 1
        ends = [found for end in (separator, "\n", "\r") if (found := text.find(end, at)) >= 0]
        if not ends or text[min(ends)] != separator:
            return 0
        at, column = min(ends) + 1, column + 1
    return 0


def _written(text: str) -> Cell:
    """A CSV cell, which has no type, as the number it is written as (6, -2, 1.50 as written)
    when YAML would read it as one, as a workbook's number cell is read: else its text.
    A leading 0 (007) or + (+5) keeps it text, as written, since it is printed so."""
    if _WHOLE.fullmatch(text.strip()):
        return int(text)
    if _DECIMAL.fullmatch(text.strip()):
        return Decimal(text.strip())
    return text


def _workbook(path: Path, sheet: str | None, where: Source, place: _Place) -> list[list[Cell]]:
    """The sheet's cells from A1 (empty rows and columns before the data kept, so row and
    column numbers are the ones the spreadsheet shows), once the workbook is measured."""
    from python_calamine import CalamineWorkbook  # only decks in workbooks

    if path.suffix.lower() == ".xls":
        raise UserError(place(0), "is an .xls file (Excel 97-2003): save it as .xlsx or .ods")
    data = read_input(path, MAX_SHEET_BYTES, what="spreadsheet").data
    check_workbook(data, place(0))
    try:
        book = CalamineWorkbook.from_filelike(io.BytesIO(data))
        names = book.sheet_names
        if sheet is not None and sheet not in names:
            raise UserError(
                where, f"no sheet {sheet!r} in {path.name} (sheets: {', '.join(names)})"
            )
        chosen = book.get_sheet_by_name(sheet) if sheet else book.get_sheet_by_index(0)
        place.sheet, place.named = chosen.name, sheet is not None
        place.others = [name for name in names if name != chosen.name]
        rows = chosen.to_python(skip_empty_area=False)
        unread = unread_cells(data, chosen.name) if path.suffix.lower() != ".ods" else {}
    except UserError:
        raise
    except BaseException as error:  # the reader's own errors, and its panics (BaseException)
        if isinstance(error, KeyboardInterrupt | SystemExit | MemoryError):
            raise
        message = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise UserError(place(0), f"cannot read this workbook: {message}") from None
    cells: list[list[Cell]] = [
        [_cell(value, place(r, c)) for c, value in enumerate(row, start=1)]
        for r, row in enumerate(rows, start=1)
    ]
    for (r, c), held in unread.items():  # each an empty cell to the reader
        cells.extend([] for _ in range(r - len(cells)))
        cells[r - 1].extend("" for _ in range(c - len(cells[r - 1])))
        cells[r - 1][c - 1] = held
    return cells


def _cell(value: Any, where: Source) -> Cell:
    """A workbook's cell as a YAML value would be: text, or a number (whole numbers whole)."""
    if isinstance(value, bool):
        raise UserError(
            where, f"{str(value).upper()} is a true/false cell; a card's value is text or a number"
        )
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, int | float):
        return value
    return _text(str(value), where)  # a date or a time: text, as a YAML deck keeps dates


def _text(text: str, where: Source) -> str:
    """A cell's text, held to YAML's rule for characters (no NUL, no control characters,
    no direction controls)."""
    problem = character_problem(text)
    if problem:
        raise UserError(where, problem)
    return text


def _blank(value: Cell) -> bool:
    return isinstance(value, str) and not value.strip()


def _headers(rows: Sequence[Sequence[Cell]], place: _Place) -> tuple[int, list[str | None]]:
    """The header row's number and its headers by column (None for an empty column); each
    names a column once, and the card's own columns are all there."""
    first = next((n for n, row in enumerate(rows, 1) if not all(map(_blank, row))), 0)
    if not first:
        raise UserError(
            place(1),
            f"no headers{place.of_sheet()}: row 1 names the columns {', '.join(REQUIRED)} "
            f"and the fields{place.other_sheets()}",
        )
    headers: list[str | None] = []
    for column, cell in enumerate(rows[first - 1], start=1):
        header = str(cell).strip() if not _blank(cell) else None
        if header is not None and header in headers:
            raise UserError(place(first, column), f"column {header!r} is named twice")
        headers.append(header)
    for key in REQUIRED:
        if key not in headers:
            named = ", ".join(h for h in headers if h)
            raise UserError(
                place(first),
                f"no {key!r} column among the headers{place.of_sheet()} ({named})"
                + place.other_sheets(),
            )
    return first, headers


def _cards(rows: list[list[Cell]], place: _Place) -> tuple[list[dict[str, Any]], dict[Loc, Source]]:
    """One card mapping per row that holds anything, with the place of each value."""
    first, headers = _headers(rows, place)
    if sum(len(row) for row in rows) > MAX_VALUES:
        raise UserError(place(1), f"holds more than {MAX_VALUES:,} cells")
    cards: list[dict[str, Any]] = []
    marks: dict[Loc, Source] = {}
    for row_number, row in enumerate(rows[first:], start=first + 1):
        if all(_blank(cell) for cell in row):
            continue
        index = len(cards)
        card: dict[str, Any] = {}
        fields: dict[str, Cell] = {}
        marks[(index,)] = place(row_number)
        marks[(index, "fields")] = place(row_number)
        for column, cell in enumerate(row, start=1):
            header = headers[column - 1] if column <= len(headers) else None
            if isinstance(cell, Unread) and header is not None:
                raise UserError(place(row_number, column), cell.problem(header))
            if _blank(cell):
                if header is not None and header not in KEY_COLUMNS:
                    marks[(index, "fields", header)] = place(row_number, column)
                continue
            if header is None:
                raise UserError(
                    place(row_number, column),
                    f"this column has no header in row {first}: name it there",
                )
            if isinstance(cell, str):
                cell = cell.strip()
                if len(cell) > MAX_TEXT:
                    raise UserError(
                        place(row_number, column),
                        f"column {header!r}: text is longer than {MAX_TEXT:,} characters",
                    )
            if header in KEY_COLUMNS:
                card[header] = _key(header, cell, place(row_number, column))
                marks[(index, header)] = place(row_number, column)
            else:
                fields[header] = cell
                marks[(index, "fields", header)] = place(row_number, column)
        for column in range(len(row) + 1, len(headers) + 1):  # a short row's missing cells
            if (header := headers[column - 1]) is not None and header not in KEY_COLUMNS:
                marks[(index, "fields", header)] = place(row_number, column)
        for key in REQUIRED:
            if key not in card:
                where = place(row_number, headers.index(key) + 1)
                raise UserError(where, f"column {key!r}: is empty; every card needs one")
        cards.append({**card, "fields": fields})
    if not cards:
        raise UserError(place(first + 1), "no cards: add a row for each card under the headers")
    return cards, marks


def _count(value: Cell, where: Source) -> int | dict[str, int]:
    """A card's count: a whole number above 0, or a table by players as a YAML deck writes
    one, in one cell (`2-3: 1, 4-5: 2`, braces and quotes as in YAML or not; entries
    apart by commas or semicolons), whose 0 leaves the card out at those counts."""
    number: Cell = value
    if isinstance(value, str) and re.fullmatch(r"[+]?\d+", value):
        number = int(value)
    if isinstance(number, int) and number > 0:
        return number
    if not isinstance(value, str) or ":" not in value:
        raise UserError(
            where,
            "column 'count': must be a whole number above 0 or a table by players "
            f"(2-3: 1, 4-5: 2), got {repr(value) if isinstance(value, str) else value}",
        )
    inner = value.strip()
    inner = inner[1:-1] if inner.startswith("{") and inner.endswith("}") else inner
    table: dict[str, int] = {}
    for entry in re.split(r"[,;]", inner):
        found = _COUNT_ENTRY.fullmatch(entry)
        if not found:
            raise UserError(where, f"column 'count': {entry.strip()!r} is not an entry like 2-3: 1")
        players = found.group(1).strip()
        if players in table:
            raise UserError(where, f"column 'count': {players!r} is given twice")
        table[players] = int(found.group(2))
    return table


def _key(header: str, value: Cell, where: Source) -> Cell | dict[str, int]:
    """A card's own value, checked here so its message names the column."""
    if header == "count":
        return _count(value, where)
    text = str(value)
    if header == "id" and not _IDENTIFIER.fullmatch(text):
        raise UserError(where, f"column 'id': {text!r} may only use a-z, 0-9 and - (like 'red-7')")
    return text
