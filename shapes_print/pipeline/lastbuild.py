"""Build stage, `build`: the kits a command line listed last time, kept until what they
were loaded from changes.

Input: a build's command line (its folders, games, label sets, options and output
folder), and once it has loaded its project, the kits it listed (each one's folder and
what its manifest entries record, its fingerprint among them), the notes it gave, and
everything loading read: each file with its SHA-256, each file looked for and not there,
each folder listed (the games in content/, the shipped label sets). Output: for a later
build of the same command line, with this program, whose reads are all unchanged, the
same kits and notes without loading anything.

Loading every game under every label set is about half of a build that finds its kits
up to date (`make print` again): with these kept, such a build reads its inputs' bytes
and its output's status, and loads the project only when a kit must be made.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from pathlib import Path

import msgspec
from msgspec import Struct, to_builtins
from msgspec.structs import replace

from shapes_print.cachefolder import cached, keep, keep_newest
from shapes_print.fingerprints import program
from shapes_print.inputs import InputFiles
from shapes_print.limits import MIB
from shapes_print.pipeline.keptreads import KeptReads
from shapes_print.pipeline.project import BuildOptions, Sources

# One cache entry per command line: `build-` and its key's first characters.
_PREFIX = "build-"
_BYTES = 16 * MIB
_KEPT = 16  # command lines kept, the newest


class KeptBuild(Struct, frozen=True):
    """A command line's kits (folder, manifest information) in order, its notes, and
    what loading its project read."""

    kits: list[tuple[str, dict[str, str]]]
    notes: list[str]
    read: KeptReads


def build_key(
    sources: Sources,
    games: Sequence[str],
    options: BuildOptions,
    labels: Sequence[str],
    max_cards: int,
    out: Path,
) -> str:
    """One hash of what names a build's kits: its command line, with its folders made
    absolute (the same words in another folder are another build), but not the number of
    processes, which changes no kit."""
    asked = {
        "sources": [str(folder.absolute()) for folder in sources.roots().values()],
        "games": list(games),
        "options": to_builtins(replace(options, jobs=1)),
        "labels": list(labels),
        "max_cards": max_cards,
        "out": str(out.absolute()),
    }
    return hashlib.sha256(json.dumps(asked, sort_keys=True).encode("utf-8")).hexdigest()


def kept_build(key: str) -> KeptBuild | None:
    """The build kept for this command line, if what it loaded is unchanged."""
    held = cached(_entry(key), _program_key(), _BYTES)
    if not isinstance(held, dict) or held.get("key") != key:
        return None
    try:
        build = msgspec.convert(held, KeptBuild)  # of the shape written, or no entry
    except msgspec.ValidationError:
        return None
    return build if build.read.unchanged() else None


def keep_build(
    key: str, kits: list[tuple[str, dict[str, str]]], notes: list[str], read: InputFiles
) -> None:
    """Keep a command line's kits, notes and reads (and the newest few others')."""
    kept = KeptBuild(kits, notes, KeptReads.made(read))
    keep(_entry(key), _program_key(), {"key": key, **to_builtins(kept)})
    keep_newest(_PREFIX, _KEPT)


def _entry(key: str) -> str:
    return f"{_PREFIX}{key[:20]}.json"


def _program_key() -> str:
    return hashlib.sha256(json.dumps(program(), sort_keys=True).encode("utf-8")).hexdigest()
