"""Load stage, shared: YAML files parsed before, kept in the user's cache folder by their bytes.

Input: a YAML file's path, the SHA-256 of its bytes and the locale its messages were
checked in, and the Document parsing it gave (load/yamlparse.py). Output: that Document
again for the same path, bytes, locale and program, without PyYAML. The templates and
label sets are the same every run, and a designer edits one file of a game at a time:
parsing builds each value and its place in Python (about 40 ms of a small kit's 17 files),
and importing PyYAML costs about 20 ms more.

Only a file that parsed cleanly is kept. An entry is its SHA-256 then msgpack (msgspec),
read bounded and decoded against its shape; anything else, or a value msgpack cannot hold
(an integer past 64 bits), is no entry, and the file is parsed as if there were none.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import msgspec
from msgspec import Struct

from shapes_print.cachefolder import cache_folder, keep_bytes, keep_newest
from shapes_print.errors import Source, UserError
from shapes_print.fingerprints import code_digest
from shapes_print.inputs import read_input
from shapes_print.limits import MIB
from shapes_print.load.yamldoc import Document

_PREFIX = "yaml-"
_KEPT = 512  # files: every YAML file of the shipped games, templates and label sets is ~60
_BYTES = 32 * MIB  # a parsed file, with a place for every value, is larger than its text
_DIGEST = 32  # the SHA-256 in front of each entry, in bytes
_PRUNED: list[bool] = []


class _Kept(Struct, array_like=True):
    """A Document without its path: its data, each place by its keys (line, column), and
    what was written for each unquoted value that is not text."""

    data: Any
    marks: list[tuple[list[str | int], int, int]]
    unquoted: list[tuple[list[str | int], str]]


def kept_document(path: Path, digest: str, locale: str | None) -> Document | None:
    """The Document kept for this file's bytes, or None."""
    try:
        raw = read_input(cache_folder() / _name(path, digest, locale), _BYTES, noted=False).data
    except (OSError, UserError):
        return None
    payload = raw[_DIGEST:]
    if hashlib.sha256(payload).digest() != raw[:_DIGEST]:
        return None
    try:
        kept = msgspec.msgpack.decode(payload, type=_Kept)
    except msgspec.DecodeError:
        return None
    marks = {tuple(loc): Source(path, line, column) for loc, line, column in kept.marks}
    return Document(path, kept.data, marks, {tuple(loc): text for loc, text in kept.unquoted})


def keep_document(document: Document, digest: str, locale: str | None) -> None:
    """Keep a Document parsed cleanly. A cache folder that cannot be written costs the
    time, never the command."""
    path = document.path
    if any(mark.path != path for mark in document.marks.values()):
        return  # every place is in the file itself, so only its lines and columns are kept
    kept = _Kept(
        document.data,
        [(list(loc), mark.line, mark.column) for loc, mark in document.marks.items()],
        [(list(loc), text) for loc, text in document.unquoted.items()],
    )
    try:
        payload = msgspec.msgpack.encode(kept)
    except (OverflowError, TypeError, msgspec.EncodeError):
        return
    entry = hashlib.sha256(payload).digest() + payload
    if keep_bytes(_name(path, digest, locale), entry) and not _PRUNED:
        _PRUNED.append(True)  # once a process: a build keeps dozens of files
        keep_newest(_PREFIX, _KEPT)


def _name(path: Path, digest: str, locale: str | None) -> str:
    """An entry's name: a hash of the file's path, its bytes' SHA-256, the locale, and
    this program's source (its parser) and Python."""
    python = ".".join(map(str, sys.version_info[:2]))
    made_from = json.dumps([str(path.absolute()), digest, locale, code_digest(), python])
    return f"{_PREFIX}{hashlib.sha256(made_from.encode('utf-8')).hexdigest()[:32]}.msgpack"
