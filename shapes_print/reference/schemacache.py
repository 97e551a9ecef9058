"""`schema`'s files, kept between runs in the user's cache folder.

The JSON Schemas are the same on every run of the same program: generating them builds
every model's validator, most of what `schema` costs. They are kept in one file under
XDG_CACHE_HOME (or ~/.cache) /shapes-print, keyed by what decides them: this program's own
source (`fingerprints.program()`), reference.yaml's words and the pydantic that writes
them. The cache is input like any other file, so an entry is used only when it holds that
key, its files still match the digest written with them, and every one is a schema
document under a plain schema file name; anything else (a file cut short, edited, from
another version) is generated again and the entry replaced.
A cache folder that cannot be read or written costs the time, never the command.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
from pathlib import Path

from shapes_print.cachefolder import cache_folder
from shapes_print.errors import UserError
from shapes_print.fingerprints import program
from shapes_print.inputs import read_input
from shapes_print.limits import MAX_FILE_BYTES
from shapes_print.reference.sources import JSON_SCHEMA, WORDS

ENTRY = "schemas.json"
_SCHEMA_FILE = re.compile(r"[a-z][a-z-]*\.schema\.json")


def schemas_key() -> str:
    """One hash of everything the schema files are made from."""
    from importlib.metadata import version  # pydantic's, without importing pydantic

    words = read_input(WORDS, MAX_FILE_BYTES, noted=False).sha256
    made_from = {"program": program(), "words": words, "pydantic": version("pydantic")}
    return hashlib.sha256(json.dumps(made_from, sort_keys=True).encode("utf-8")).hexdigest()


def _sound(files: object) -> bool:
    """Every entry a schema document under a plain schema file name."""
    if not isinstance(files, dict) or not files:
        return False
    for name, text in files.items():
        if not (isinstance(name, str) and _SCHEMA_FILE.fullmatch(name) and isinstance(text, str)):
            return False
        try:
            document = json.loads(text)
        except ValueError:
            return False
        if not isinstance(document, dict) or document.get("$schema") != JSON_SCHEMA:
            return False
    return True


def _digest(files: dict[str, str]) -> str:
    """The files' own hash, kept beside them: an entry that lost or changed a file since it
    was written no longer matches it."""
    return hashlib.sha256(json.dumps(files, sort_keys=True).encode("utf-8")).hexdigest()


def _cached(entry: Path, key: str) -> dict[str, str] | None:
    try:  # the cache is input too: read bounded, and any entry not sound is made again
        held = json.loads(read_input(entry, MAX_FILE_BYTES, noted=False).data.decode("utf-8"))
    except (OSError, UserError, ValueError):
        return None
    if not isinstance(held, dict) or held.get("key") != key or not _sound(held.get("files")):
        return None
    if held.get("digest") != _digest(held["files"]):
        return None
    return held["files"]


def _keep(entry: Path, key: str, files: dict[str, str]) -> None:
    """Write the entry whole or not at all (a second `schema` may be reading it)."""
    try:
        entry.parent.mkdir(parents=True, exist_ok=True)
        handle, staged = tempfile.mkstemp(prefix=".schemas-", dir=entry.parent)
    except OSError:
        return
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump({"key": key, "digest": _digest(files), "files": files}, out)
        os.replace(staged, entry)
    except OSError:
        Path(staged).unlink(missing_ok=True)


def schema_files() -> dict[str, str]:
    """Each schema file's name and text: from the cache when it holds them, otherwise
    generated (reference/schemas.py, which loads every model), then kept."""
    entry, key = cache_folder() / ENTRY, schemas_key()
    files = _cached(entry, key)
    if files is None:
        from shapes_print.reference.schemas import schema_texts

        files = schema_texts()
        _keep(entry, key, files)
    return files


def write_schemas(folder: Path) -> list[Path]:
    """Write every schema file into `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in schema_files().items():
        path = folder / name
        path.write_text(text)
        written.append(path)
    return written
