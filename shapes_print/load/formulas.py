"""The formulas of a workbook's sheet that have no saved result.

A spreadsheet program saves each formula with its result, which is all a reader sees; a
script writing a workbook (`ws["C3"] = "=2+2"`) saves the formula alone, and the reader
then sees an empty cell. So the cells of the chosen sheet that hold a formula and no value
are found here, to say so where the deck reads them. Only .xlsx (and .xlsm) sheets: an
.ods is written with its results by every program that writes one. The workbook has been
measured (load/sheetbounds.py) before it comes here.
"""

from __future__ import annotations

import io
import posixpath
import zipfile
from xml.parsers import expat

from shapes_print.load.sheetbounds import cell_reference, whole_number

Unsaved = dict[tuple[int, int], str]  # (row, column): the formula, as written after its =
_WORKBOOK = "xl/workbook.xml"
_RELATIONS = "xl/_rels/workbook.xml.rels"


def unsaved_formulas(data: bytes, sheet: str | None) -> Unsaved:
    """The cells of `sheet` (or the first sheet) holding a formula with no saved result."""
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
    return cells.unsaved


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
    whose `<f>` has no `<v>`."""

    def __init__(self) -> None:
        self.unsaved: Unsaved = {}
        self.row = self.column = 0
        self.formula: list[str] | None = None  # the formula's text, in the cell read now
        self.saved = self.reading = False

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
            self.formula, self.saved = None, False
        elif local == "f":
            self.formula, self.reading = [], True
        elif local == "v":
            self.saved = True

    def end(self, tag: str) -> None:
        local = tag.rpartition(" ")[2]
        if local == "f":
            self.reading = False
        elif local == "c" and self.formula is not None and not self.saved:
            self.unsaved[(self.row, self.column)] = "".join(self.formula)

    def text(self, data: str) -> None:
        if self.reading and self.formula is not None:
            self.formula.append(data)
