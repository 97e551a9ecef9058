"""The cells of a workbook's sheet that the reader reads as empty but are not.

A spreadsheet program saves each formula with its result, which is all a reader sees; a
script writing a workbook (`ws["C3"] = "=2+2"`, as openpyxl writes it: `<v/>`, no value)
saves the formula alone, and the reader then sees an empty cell. A cell holding an error
(`#DIV/0!`, `#N/A`) reads as empty too. So such cells of the chosen sheet are found here,
to say what they hold where the deck reads them. Only .xlsx (and .xlsm) sheets: an .ods is
written with its results by every program that writes one. The workbook has been
measured (load/sheetbounds.py) before it comes here.
"""

from __future__ import annotations

import io
import posixpath
import zipfile
from xml.parsers import expat

from shapes_print.load.sheetbounds import cell_reference, whole_number


class Formula(str):
    """A formula with no saved result (its text, after the =)."""

    def problem(self, header: str) -> str:
        return (
            f"column {header!r}: the formula{f' ={self}' if self else ''} has no saved "
            "result, so it reads as empty (a script writing a workbook saves formulas so); "
            "a formula must be saved with its result: open the workbook in a spreadsheet "
            "program and save it there, or write the value instead of the formula"
        )


class CellError(str):
    """An error value (`#DIV/0!`), which its formula, if any, gives."""

    formula: str | None

    def __new__(cls, error: str, formula: str | None) -> CellError:
        made = super().__new__(cls, error)
        made.formula = formula
        return made

    def problem(self, header: str) -> str:
        made = f" (its formula ={self.formula} gives it)" if self.formula else ""
        return (
            f"column {header!r}: the cell holds the error {self!s}{made}, which reads as "
            "empty; fix the formula or write the value"
        )


Unread = Formula | CellError  # what a cell the reader reads as empty holds
Unsaved = dict[tuple[int, int], Unread]  # (row, column): what the cell holds
_WORKBOOK = "xl/workbook.xml"
_RELATIONS = "xl/_rels/workbook.xml.rels"


def unread_cells(data: bytes, sheet: str | None) -> Unsaved:
    """The cells of `sheet` (or the first sheet) holding a formula with no saved result,
    or an error."""
    archive = zipfile.ZipFile(io.BytesIO(data))
    names = set(archive.namelist())
    if _WORKBOOK not in names or _RELATIONS not in names:
        return {}
    sheets = _elements(archive.read(_WORKBOOK), "sheet")
    chosen = next((s for s in sheets if sheet is None or s.get("name") == sheet), None)
    targets = {
        r.get("Id"): r.get("Target", "")
        for r in _elements(archive.read(_RELATIONS), "Relationship")
    }
    target = targets.get(chosen.get("id")) if chosen else None
    if not target:
        return {}
    part = target.lstrip("/") if target.startswith("/") else posixpath.normpath(f"xl/{target}")
    if part not in names:
        return {}
    cells = _Formulas()
    parser = _parser()
    parser.StartElementHandler = cells.start
    parser.EndElementHandler = cells.end
    parser.CharacterDataHandler = cells.text
    with archive.open(part) as stream:
        parser.ParseFile(stream)
    return cells.unread


def _parser() -> expat.XMLParserType:
    """A parser of a workbook's XML that reads no document type (and so no entities)."""
    parser = expat.ParserCreate(namespace_separator=" ")

    def refuse(*_: object) -> None:
        raise ValueError("declares a document type; a workbook's XML does not")

    parser.StartDoctypeDeclHandler = refuse
    parser.EntityDeclHandler = refuse
    return parser


def _elements(xml: bytes, name: str) -> list[dict[str, str]]:
    """The attributes (by local name) of every element `name` in a small XML part."""
    found: list[dict[str, str]] = []

    def start(tag: str, attributes: dict[str, str]) -> None:
        if tag.rpartition(" ")[2] == name:
            found.append({key.rpartition(" ")[2]: value for key, value in attributes.items()})

    parser = _parser()
    parser.StartElementHandler = start
    parser.Parse(xml, True)
    return found


class _Formulas:
    """Cells as a sheet's XML streams by: `<c r="C3"><f>2+2</f><v>4</v></c>`, noting those
    whose `<f>` has no value (no `<v>`, or an empty one but for a text result, `t="str"`),
    and those of an error's type (`t="e"`) with their error."""

    def __init__(self) -> None:
        self.unread: Unsaved = {}
        self.row = self.column = 0
        self.kind = ""  # the cell's type, its `t`
        self.formula: list[str] | None = None  # the formula's text, in the cell read now
        self.value: list[str] | None = None  # its value's text
        self.reading: list[str] | None = None  # where text read now goes

    def start(self, tag: str, attributes: dict[str, str]) -> None:
        local = tag.rpartition(" ")[2]
        if local == "row":
            self.row = whole_number(attributes.get("r"), self.row + 1)
            self.column = 0
        elif local == "c":
            self.row, self.column = cell_reference(attributes.get("r", "")) or (
                self.row,
                self.column + 1,
            )
            self.kind = attributes.get("t", "")
            self.formula = self.value = None
        elif local == "f":
            self.formula = self.reading = []
        elif local == "v":
            self.value = self.reading = []

    def end(self, tag: str) -> None:
        local = tag.rpartition(" ")[2]
        if local in ("f", "v"):
            self.reading = None
        elif local == "c":
            formula = None if self.formula is None else "".join(self.formula)
            value = "".join(self.value or ())
            if self.kind == "e" and value:
                self.unread[(self.row, self.column)] = CellError(value, formula)
            elif formula is not None and not value and (self.value is None or self.kind != "str"):
                self.unread[(self.row, self.column)] = Formula(formula)

    def text(self, data: str) -> None:
        if self.reading is not None:
            self.reading.append(data)
