"""A workbook measured before it is read: the used range of its sheets, its parts unpacked.

A workbook reader fills the whole used range, A1 to the farthest cell, before a cell is
seen: one cell at XFD1048576 asks for 17 thousand million cells (an allocation the reader
aborts the process on), and a part of the archive can unpack a thousand times larger than
it is stored (a zip bomb). So before python-calamine sees a workbook, its archive is read
here as a stream: each part unpacked with a running limit (the sizes an archive states can
lie), and each sheet's cells counted by an XML parser that keeps nothing, so the farthest
row and column of any sheet are known in bounded memory and time.
"""

from __future__ import annotations

import io
import re
import zipfile
from xml.parsers import expat

from shapes_print.errors import Source, UserError
from shapes_print.limits import MAX_SHEET_CELLS, MAX_SHEET_RATIO, MAX_SHEET_XML_BYTES, MIB

_MAX_PARTS = 1000  # an .xlsx of a few sheets has a dozen; an .ods a handful
_CHUNK = 64 * 1024
_SMALL_PART = MIB  # parts up to this size may unpack any number of times larger
_REFERENCE = re.compile(r"([A-Z]{1,3})([0-9]{1,7})")
_SHEET_PARTS = re.compile(r"xl/worksheets/[^/]+\.xml|content\.xml")


def check_workbook(data: bytes, where: Source) -> None:
    """Refuse a workbook whose archive unpacks past the limits, or one of whose sheets
    spans more than MAX_SHEET_CELLS cells; `where` is the workbook, for messages."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        parts = archive.infolist()
    except (zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError) as error:
        # NotImplementedError: an archive of a zip version Python does not read.
        raise UserError(where, f"is not a workbook this reader understands ({error})") from None
    if len(parts) > _MAX_PARTS:
        raise UserError(where, f"holds {len(parts):,} parts; a workbook has a few dozen")
    stated = sum(part.file_size for part in parts)
    if stated > MAX_SHEET_XML_BYTES:
        raise UserError(where, _too_large(stated))
    for part in parts:
        ratio = part.file_size / max(part.compress_size, 1)
        if part.file_size > _SMALL_PART and ratio > MAX_SHEET_RATIO:
            raise UserError(
                where,
                f"its part {part.filename!r} unpacks {ratio:,.0f} times larger than it is "
                f"stored, over the limit of {MAX_SHEET_RATIO}: not a workbook a program saved",
            )
    unpacked = 0
    for part in parts:
        if part.flag_bits & 0x1:
            raise UserError(where, "is encrypted: save it without a password")
        counter = _Cells(part.filename) if _SHEET_PARTS.fullmatch(part.filename) else None
        try:
            with archive.open(part) as stream:
                while chunk := stream.read(_CHUNK):
                    unpacked += len(chunk)
                    if unpacked > MAX_SHEET_XML_BYTES:
                        raise UserError(where, _too_large(unpacked))
                    if counter is not None:
                        counter.feed(chunk, where)
        except (zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError) as error:
            raise UserError(
                where, f"its part {part.filename!r} cannot be unpacked ({error})"
            ) from None
        if counter is not None:
            counter.check(where)


def _too_large(size: int) -> str:
    return (
        f"unpacks to more than {MAX_SHEET_XML_BYTES // MIB} MiB ({size // MIB:,} MiB at "
        "least), over the limit for a workbook"
    )


def cell_reference(text: str) -> tuple[int, int] | None:
    """The row and column of a cell's reference ("C3": 3, 3), or None for another text."""
    found = _REFERENCE.fullmatch(text)
    if not found:
        return None
    number = 0
    for letter in found.group(1):
        number = number * 26 + ord(letter) - ord("A") + 1
    return int(found.group(2)), number


class _Cells:
    """The farthest row and column holding a cell in one sheet part, found as it streams:
    `<row r=..>`/`<c r=..>` in an .xlsx sheet, rows and cells with their repeat counts in
    an .ods `content.xml` (whose trailing empty cells, repeated to the sheet's end, count
    for nothing, as for the reader)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.row = self.column = 0
        self.rows = self.columns = 0  # the farthest seen
        self.repeat_rows, self.next_row = 1, 1  # .ods: rows repeat
        self.parser = expat.ParserCreate(namespace_separator=" ")
        self.parser.StartElementHandler = self._start
        self.parser.StartDoctypeDeclHandler = self._doctype
        self.parser.EntityDeclHandler = self._doctype

    def _doctype(self, *_: object) -> None:
        raise ValueError("declares a document type; a workbook's XML does not")

    def _start(self, tag: str, attributes: dict[str, str]) -> None:
        local = tag.rpartition(" ")[2]
        if local == "row":  # .xlsx
            self.row = whole_number(attributes.get("r"), self.row + 1)
            self.column = 0
            self.rows = max(self.rows, self.row)
        elif local == "c":
            found = cell_reference(attributes.get("r", ""))
            if found:
                self.row = max(self.row, found[0])
                self.column = found[1]
            else:
                self.column += 1
            self.rows, self.columns = max(self.rows, self.row), max(self.columns, self.column)
        elif local == "table":  # .ods: a new sheet starts from its own A1
            self.row = self.column = 0
            self.next_row = 1
        elif local == "table-row":
            self.repeat_rows = whole_number(attributes.get(_ODS + "number-rows-repeated"), 1)
            self.row, self.column = self.next_row, 0
            self.next_row = self.row + self.repeat_rows
        elif local in ("table-cell", "covered-table-cell"):
            repeat = whole_number(attributes.get(_ODS + "number-columns-repeated"), 1)
            first = self.column + 1
            self.column += repeat
            if any(key.endswith(("value-type", "value", "formula")) for key in attributes):
                self.rows = max(self.rows, self.row + self.repeat_rows - 1)
                self.columns = max(self.columns, first + repeat - 1)
        self._measure()

    def _measure(self) -> None:
        if self.rows * self.columns > MAX_SHEET_CELLS:
            raise _TooFar(self.rows, self.columns)

    def feed(self, chunk: bytes, where: Source) -> None:
        try:
            self.parser.Parse(chunk, False)
        except _TooFar as far:
            raise UserError(where, far.message(self.name)) from None
        except (expat.ExpatError, ValueError) as error:
            raise UserError(
                where, f"its part {self.name!r} is not XML a reader takes ({error})"
            ) from None

    def check(self, where: Source) -> None:
        try:
            self.parser.Parse(b"", True)
        except (expat.ExpatError, ValueError) as error:
            raise UserError(
                where, f"its part {self.name!r} is not XML a reader takes ({error})"
            ) from None


_ODS = "urn:oasis:names:tc:opendocument:xmlns:table:1.0 "


class _TooFar(Exception):
    def __init__(self, rows: int, columns: int) -> None:
        self.rows, self.columns = rows, columns

    def message(self, name: str) -> str:
        return (
            f"a sheet ({name}) reaches row {self.rows:,} and column {self.columns:,}: "
            f"{self.rows * self.columns:,} cells, over the limit of {MAX_SHEET_CELLS:,}; "
            "delete the far cells (Ctrl+End shows the last one)"
        )


def whole_number(text: str | None, default: int) -> int:
    """An attribute's whole number (a row number, a repeat count), else `default`."""
    if text is None or not text.isdigit() or len(text) > 9:
        return default
    return int(text)
