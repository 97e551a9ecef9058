"""Safe YAML reading that keeps each value's file, line and column.

Input: a YAML file's path (and the locale its messages are checked in). Output: a
`Document` (load/yamldoc.py): its plain data and the place of every value. A file read
before in this process is copied; one parsed cleanly before with the same bytes and this
program is taken from the cache folder (load/yamlkept.py); anything else is parsed by
PyYAML (load/yamlparse.py, which refuses hostile files), imported only then.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal
from functools import lru_cache
from pathlib import Path
from typing import Any

from shapes_print.errors import Source, UserError
from shapes_print.inputs import read_input
from shapes_print.limits import MAX_FILE_BYTES
from shapes_print.load.yamldoc import Document, Loc
from shapes_print.load.yamlkept import keep_document, kept_document

__all__ = ["Document", "Loc", "deep_merge", "fields_as_written", "read_yaml", "top_mapping"]

# A float as a person writes one (1.50, -0.5, 2e3): not .inf or .nan, which stay floats.
_WRITTEN_DECIMAL = re.compile(r"^[-+]?[0-9_]*\.?[0-9_]+([eE][-+]?[0-9]+)?$")


def fields_as_written(doc: Document) -> Document:
    """The deck file's card and back `fields:` with each number YAML read as a float made
    the Decimal of its digits as written, so `price: 1.50` prints 1.50 (es 1,50), not 1.5.
    Only fields, which are printed and never computed with: lengths and ratios stay floats."""
    data = doc.data if isinstance(doc.data, dict) else {}
    cards = data.get("cards")
    backs = data.get("backs")
    places = [("cards", i) for i in range(len(cards))] if isinstance(cards, list) else []
    places += [("backs", name) for name in backs] if isinstance(backs, dict) else []
    for loc in places:
        owner = data[loc[0]][loc[1]]
        fields = owner.get("fields") if isinstance(owner, dict) else None
        if not isinstance(fields, dict):
            continue
        for key, value in fields.items():
            written = doc.unquoted.get((*loc, "fields", key))
            if isinstance(value, float) and written and _WRITTEN_DECIMAL.match(written):
                fields[key] = Decimal(written.replace("_", ""))
    return doc


def read_yaml(path: Path, locale: str | None = "en") -> Document:
    """Read one YAML file, or raise UserError with its place and a plain explanation.

    Its messages are checked against `locale`'s plural categories (content is English)."""
    file = read_input(path, MAX_FILE_BYTES, what="YAML file")
    document = _parsed(_YamlFile(path, file.sha256, locale, file.data))
    marks = document.marks
    if document.path != path:  # the same bytes parsed at another place: its places here
        marks = {loc: Source(path, mark.line, mark.column) for loc, mark in marks.items()}
    return Document(path, _copied(document.data), dict(marks), dict(document.unquoted))


@dataclass(frozen=True)
class _YamlFile:
    """A YAML file as read, known by the SHA-256 of its bytes and the locale its messages
    are checked in; where it lies does not change what it says."""

    path: Path = field(compare=False)
    sha256: str
    locale: str | None
    data: bytes = field(compare=False, repr=False)


@lru_cache(maxsize=256)
def _parsed(file: _YamlFile) -> Document:
    """The file's Document, parsed once per bytes and locale: every label set of a build
    reads the same templates, and a copy of a game in another folder says what the game
    says. Its places are in the file the bytes were first parsed from (`read_yaml` moves
    them). Never handed out: each reader gets data of its own (`read_yaml`), so no reader
    sees another's changes."""
    document = kept_document(file.path, file.sha256, file.locale)
    if document is None:
        from shapes_print.load.yamlparse import parse_yaml  # PyYAML: only to parse a file

        document = parse_yaml(file.path, file.data, file.locale)
        keep_document(document, file.sha256, file.locale)
    return document


def _copied(data: Any) -> Any:
    """YAML's plain data anew: its mappings and lists copied, its scalars as they are."""
    if isinstance(data, dict):
        return {key: _copied(value) for key, value in data.items()}
    if isinstance(data, list):
        return [_copied(value) for value in data]
    return data


def deep_merge(base: Any, override: Any) -> Any:
    """`override` on top of `base`: mappings merge key by key, anything else is replaced."""
    if isinstance(base, dict) and isinstance(override, dict):
        merged = dict(base)
        for key, value in override.items():
            merged[key] = deep_merge(base.get(key), value) if key in base else value
        return merged
    return override


def top_mapping(doc: Document) -> dict:
    """The file's keys: a YAML file of ours holds a mapping at its top, or is refused."""
    if not isinstance(doc.data, dict):
        raise UserError(doc.source(), "expected a mapping of keys to values at the top of the file")
    return doc.data
