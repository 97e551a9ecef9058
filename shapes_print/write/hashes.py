"""Write stage, shared: the SHA-256 of an output folder's files, known by their status.

Input: an output folder and a file in it with its status (`lstat`). Output: the file's
SHA-256, hashed once while the file keeps its device, inode, size and times. What was
hashed is kept in the user's cache folder between builds (one entry per output folder), so
a build that finds its kits up to date does not read their files again: `make print`'s are
about 200 MB, a sixth of a build that changes nothing.

A file written to after it was hashed has a new ctime, which no program can set back, so
it is hashed again. A file changed within a second of being recorded could still show the
times of the record (clocks tick coarsely), so only files settled for longer are kept: the
build after the one that wrote a file hashes it once more, and the builds after that trust
its status. `verify` never uses any of this: it reads every byte.
"""

from __future__ import annotations

import hashlib
import os
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Annotated

import msgspec
from msgspec import Meta, Struct, to_builtins

from shapes_print.buildcache import BuildCache, Region
from shapes_print.cachefolder import cached, keep, keep_newest
from shapes_print.limits import MIB
from shapes_print.write.manifest import sha256

# The cache entry of one output folder: `hashes-` and a digest of the folder's path.
_PREFIX = "hashes-"
_FORMAT = "output hashes 1"  # what an entry holds, as the key `cached` checks
_BYTES = 16 * MIB
_FOLDERS_KEPT = 8  # the newest entries kept, one per output folder built into
# How long after its last change a file's status is trusted to tell its bytes.
SETTLED_NS = 1_000_000_000


class Stamp(Struct, frozen=True, array_like=True):
    """What changes when a file's bytes do: where it is, its size and its times (kept as a
    list of five numbers)."""

    device: int
    inode: int
    size: int
    modified_ns: int
    changed_ns: int

    @classmethod
    def of(cls, status: os.stat_result) -> Stamp:
        return cls(
            status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns, status.st_ctime_ns
        )


class _Hashed(Struct, frozen=True, array_like=True):
    """A file's SHA-256 and its status when it was hashed (kept as `[stamp, sha256]`)."""

    stamp: Stamp
    sha256: Annotated[str, Meta(min_length=64, max_length=64)]


class _Entry(Struct, frozen=True):
    """One output folder's cache entry: the folder, and each file hashed in it by name."""

    folder: str
    files: dict[str, _Hashed]


class _Folder:
    """One output folder's files hashed: kept from earlier builds, and by this one."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.files = _read(folder)
        self.hashed_here = False


# Output folders files were hashed in, by absolute path. Each file's digest is trusted only
# while its status is the one it was hashed with, so what one build hashed is as good for
# the next (a `watch` rebuild): carried.
FOLDERS: Region[dict[Path, _Folder]] = Region("output hashes", dict, carried=True)


def file_digest(out: Path, name: str, status: os.stat_result, cache: BuildCache) -> str:
    """The SHA-256 of `out / name`, whose status is `status`: hashed, unless it was hashed
    before (in this build, one it carries from, or one kept in the cache folder) with
    this very status."""
    folder = _folder(out, cache)
    stamp = Stamp.of(status)
    known = folder.files.get(name)
    if known is not None and known.stamp == stamp:
        return known.sha256
    digest = sha256(out / name)
    folder.files[name] = _Hashed(stamp, digest)
    folder.hashed_here = True
    return digest


def keep_hashes(out: Path, names: Iterable[str], cache: BuildCache) -> None:
    """Keep what is known of the folder's files listed (its manifest's), those settled, for
    the next build; nothing is written when this build hashed nothing new there."""
    folder = cache.region(FOLDERS).get(out.absolute())
    if folder is None or not folder.hashed_here:
        return
    settled = time.time_ns() - SETTLED_NS
    files = {
        name: hashed
        for name in names
        if (hashed := folder.files.get(name)) is not None and hashed.stamp.changed_ns <= settled
    }
    keep(_entry(folder.folder), _FORMAT, to_builtins(_Entry(str(folder.folder), files)))
    folder.hashed_here = False
    keep_newest(_PREFIX, _FOLDERS_KEPT)


def _folder(out: Path, cache: BuildCache) -> _Folder:
    folders, absolute = cache.region(FOLDERS), out.absolute()
    folder = folders.get(absolute)
    if folder is None:
        folder = folders[absolute] = _Folder(absolute)
    return folder


def _entry(folder: Path) -> str:
    return f"{_PREFIX}{hashlib.sha256(str(folder).encode('utf-8')).hexdigest()[:20]}.json"


def _read(folder: Path) -> dict[str, _Hashed]:
    """The folder's files as an earlier build kept them, or none: an entry of another
    folder (the same name by chance) or of another shape is no entry."""
    held = cached(_entry(folder), _FORMAT, _BYTES)
    try:
        entry = msgspec.convert(held, _Entry)
    except msgspec.ValidationError:
        return {}
    return entry.files if entry.folder == str(folder) else {}
