"""Foundation: the user's cache folder, where shapes-print keeps what it may make again.

Input: what a command made that the next one may take (schemas, plural rules, groups
`check` planned clean, the kits a build listed, YAML files parsed, output files hashed).
Output: the same, read back as input is, bounded, and checked: an entry of another key, of
another shape or damaged is no entry, and the command makes it again. XDG_CACHE_HOME or
~/.cache, under shapes-print/; deleting any of it only costs time.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path

from shapes_print.errors import UserError
from shapes_print.inputs import read_input


def cache_folder() -> Path:
    """Where shapes-print keeps what it may make again: XDG_CACHE_HOME or ~/.cache."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "shapes-print"


def cached(name: str, key: str, limit: int) -> object | None:
    """The JSON value kept under `name` in the cache folder for `key`, or None. The cache is
    input like any other file: read bounded, and an entry with another key, or whose value
    no longer matches the digest written with it, is no entry."""
    try:
        raw = read_input(cache_folder() / name, limit, noted=False).data
        held = json.loads(raw.decode("utf-8"))
    except (OSError, UserError, ValueError):
        return None
    if not isinstance(held, dict) or held.get("key") != key or "value" not in held:
        return None
    return held["value"] if held.get("digest") == _value_digest(held["value"]) else None


def keep(name: str, key: str, value: object) -> None:
    """Keep `value` under `name` for `key` (`keep_bytes`)."""
    held = {"key": key, "digest": _value_digest(value), "value": value}
    keep_bytes(name, json.dumps(held).encode("utf-8"))


def keep_bytes(name: str, data: bytes) -> bool:
    """Write the cache entry `name`, whole or not at all (another process may be reading
    it); whether it was written. A cache folder that cannot be written costs the time,
    never the command."""
    folder = cache_folder()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle, staged = tempfile.mkstemp(prefix=f".{name}-", dir=folder)
    except OSError:
        return False
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(staged, folder / name)
    except OSError:
        Path(staged).unlink(missing_ok=True)
        return False
    return True


def keep_newest(prefix: str, count: int) -> None:
    """Only the `count` newest cache entries whose names start with `prefix` stay: entries
    kept one per output folder or command line do not pile up with every one ever used."""
    try:
        entries = [(path.stat().st_mtime_ns, path) for path in cache_folder().glob(f"{prefix}*")]
        for _, old in sorted(entries, reverse=True)[count:]:
            old.unlink(missing_ok=True)
    except OSError:
        pass


def _value_digest(value: object) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode("utf-8")).hexdigest()
