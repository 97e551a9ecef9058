"""Safe YAML reading that keeps each value's file, line and column.

Input: a YAML file's path (and the locale its messages are checked in). Output: a
`Document` (load/yamldoc.py): its plain data and the place of every value. A file read
before in this process is copied; one parsed cleanly before with the same bytes and this
program is taken from the cache folder (load/yamlkept.py); anything else is parsed by
PyYAML (load/yamlparse.py, which refuses hostile files), imported only then.

One level up, what a loader makes from its files (a game, a label set, the templates'
library) is made once per process while they say the same (`remembered`): it is a pure
function of the files read making it, which `inputs.recording` lists (each file with the
SHA-256 of its bytes, the files looked for and not found, the folder listings read). Asked
again, every file is read again (an edit counts, and what records the files, a kit's
fingerprint or `preview --watch`, hears of each as if the loader had run), and what was
made is handed back only if every file holds the same bytes, every file not found is still
not there and every listing gives the same names; once a file has changed, the loader runs
each time, as it did before anything was kept. A mistake is never kept: the loader runs
again and names the file, line and column itself. Every command in a process (the tests
run thousands in theirs, `preview --watch` one a save) loaded the same games, label sets
and templates again, most of a command's load.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from decimal import Decimal
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar, cast

from msgspec import Struct

from shapes_print.errors import Source, UserError
from shapes_print.inputs import InputFiles, read_input, recording, reported_again
from shapes_print.limits import MAX_FILE_BYTES, MAX_INPUT_BYTES
from shapes_print.load.yamldoc import Document, Loc
from shapes_print.load.yamlkept import keep_document, kept_document

__all__ = [
    "Document",
    "Loc",
    "deep_merge",
    "fields_as_written",
    "read_yaml",
    "reading_once",
    "remembered",
    "top_mapping",
]

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


T = TypeVar("T")


class _Made(Struct):
    """A loader's result and what it read making it."""

    value: Any
    read: InputFiles


@dataclass(frozen=True)
class _Asked:
    """What a loader was asked: `key`, in a working folder (relative paths hang on it),
    made from `pins`, loaded objects compared by identity and held, so no id is reused;
    `make` makes it."""

    key: Hashable
    folder: Path
    ids: tuple[int, ...]
    pins: tuple[object, ...] = field(compare=False, repr=False)
    make: Callable[[], Any] = field(compare=False, repr=False)


def remembered(key: Hashable, made_from: tuple[object, ...], make: Callable[[], T]) -> T:
    """What `make` returns, made again when a file it read has changed. `key` names what
    is made; `made_from` holds the loaded objects it is made from, the same objects each
    time or it is made again. What it returns is shared by every caller: none changes it."""
    made_now = False

    def making() -> T:
        nonlocal made_now
        made_now = True
        return make()

    first = _first_made(_Asked(key, Path.cwd(), tuple(map(id, made_from)), made_from, making))
    if made_now:
        return cast(T, first.value)
    if _unchanged(first.read):
        reported_again(first.read)
        return cast(T, first.value)
    return make()  # a file has changed since: made each time, as before anything was kept


@lru_cache(maxsize=96)
def _first_made(asked: _Asked) -> _Made:
    """What the loader made the first time `asked` was asked in this process, with what it
    read: handed out again only while those files hold the same bytes (`remembered`)."""
    with recording() as read:  # files noted here are noted for any recording around it too
        value = asked.make()
    return _Made(value, read)


# Inside `reading_once`, the SHA-256 of each file `_unchanged` has read, by path.
_READ_NOW: ContextVar[dict[Path, str] | None] = ContextVar("read_now", default=None)


@contextmanager
def reading_once() -> Iterator[None]:
    """Inside the block, each file what is `remembered` was made from is read at most once
    to see it is unchanged: a project's load checks every label set's library, each made
    from the same templates and fonts, and read them all again for each."""
    token = _READ_NOW.set({})
    try:
        yield
    finally:
        _READ_NOW.reset(token)


def _unchanged(read: InputFiles) -> bool:
    """Whether every file read holds the same bytes (read again now, or already within
    `reading_once`), every file missing is still missing and every folder listing gives
    the same names."""
    now = _READ_NOW.get()
    now = {} if now is None else now
    try:
        for path, digest in read.files.items():
            if path not in now:
                now[path] = read_input(path, MAX_INPUT_BYTES, noted=False).sha256
            if now[path] != digest:
                return False
    except UserError:  # gone, a folder now, a link out: the loader says which
        return False
    if any(path.exists() or path.is_symlink() for path in read.missing):
        return False
    for listing, names in read.listings.items():
        found = sorted(listing.folder.glob(listing.pattern)) if listing.folder.is_dir() else []
        if tuple(path.name for path in found) != names:
            return False
    return True
