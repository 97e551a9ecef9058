"""Foundation: what a kit is made from, as one hash, and what of this program goes into it.

Input: a kit's input files by name with their SHA-256 (`inputs.InputFiles.named`) and its
settings. Output: its fingerprint, which the write stage compares with the manifest's to
tell an unchanged kit without planning it; and this program's version, sources, Python and
zlib (`program`, `code_digest`), which key every cache of what it makes, so an edited
checkout makes everything again.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import zlib
from collections.abc import Mapping
from functools import cache
from pathlib import Path

# The scheme of `fingerprint`: a change to what it covers changes this, so no fingerprint
# from an older scheme can pass for a new one.
SCHEME = 1
PACKAGE = Path(__file__).resolve().parent


def files_digest(files: Mapping[str, str]) -> str:
    """One SHA-256 over input files by name and digest, in name order."""
    listed = "".join(f"{name}\0{digest}\n" for name, digest in sorted(files.items()))
    return hashlib.sha256(listed.encode("utf-8")).hexdigest()


def fingerprint(files: str, settings: Mapping[str, object]) -> str:
    """One SHA-256 over everything a kit is made from: its input files (`files_digest`),
    its settings (game, players, paper, options, label set), and this program."""
    made_from = {"scheme": SCHEME, "program": program(), "settings": settings, "files": files}
    text = json.dumps(made_from, sort_keys=True, default=str, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@cache
def program() -> dict[str, str]:
    """What else decides a kit's bytes: shapes-print's version and its own source files (so
    an edited checkout rebuilds), the Python and the zlib that compress its streams."""
    # Here, not at the top: importlib.metadata brings in the email package, and the
    # commands that never fingerprint a kit (`list`, `new`, `--help`) need neither.
    from importlib.metadata import PackageNotFoundError, version

    try:
        release = version("shapes-print")
    except PackageNotFoundError:  # pragma: no cover - run from a bare checkout
        release = "unknown"
    return {
        "shapes-print": release,
        "code": code_digest(),
        "python": ".".join(map(str, sys.version_info[:2])),
        "zlib": zlib.ZLIB_RUNTIME_VERSION,
    }


@cache
def code_digest() -> str:
    """One SHA-256 over shapes-print's own source files, names and bytes: what a cache of
    anything this program makes is keyed by, so an edited checkout makes it again."""
    code = hashlib.sha256()
    for name in _source_files():
        code.update(name.encode("utf-8") + b"\0")
        code.update((PACKAGE / name).read_bytes())
    return code.hexdigest()


def _source_files() -> list[str]:
    """The package's Python files by their names inside it, sorted: walked with os.walk,
    which lists each folder once (pathlib's rglob took most of this function's time), and
    never into bytecode folders."""
    names = []
    for folder, subfolders, files in os.walk(PACKAGE):
        subfolders[:] = [sub for sub in subfolders if sub != "__pycache__"]
        inner = Path(folder).relative_to(PACKAGE)
        names += [(inner / file).as_posix() for file in files if file.endswith(".py")]
    return sorted(names)
