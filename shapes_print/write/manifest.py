"""The manifest of an output folder, and `verify`, which re-checks the files against it.

`manifest.json` maps each file (relative to the folder) to its game, paper, player count,
label set, audience, size and SHA-256. While a build moves kits into place it also holds
`pending`: the kit folders about to change and their new files. Each kit folder is swapped
in whole, so after a kill each pending folder matches either its old or its new entries.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from functools import lru_cache
from pathlib import Path
from typing import Annotated

import msgspec
from msgspec import UNSET, Meta, Struct, UnsetType, field

from shapes_print.errors import Source, UserError, shown, system_error, warn
from shapes_print.inputs import read_input, within
from shapes_print.limits import MAX_MANIFEST_BYTES
from shapes_print.workdone import done

MANIFEST = "manifest.json"
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")  # characters no name of ours holds
_CHUNK = 1 << 20

Entries = dict[str, dict[str, object]]


class Manifest(Struct):
    """The settled entries of every file in the folder, and the kit folders being swapped in."""

    files: Entries = field(default_factory=dict)
    pending: dict[str, Entries] = field(default_factory=dict)

    def in_folder(self, folder: str) -> Entries:
        """The settled entries of one kit folder."""
        return {name: entry for name, entry in self.files.items() if name.startswith(f"{folder}/")}


def _relative_name(name: str) -> str | None:
    """What is wrong with a file's name in the manifest, if anything: it must be a plain
    relative path inside the output folder."""
    parts = [part for part in name.split("/") if part not in ("", ".")]  # as a path reads
    if (
        len(parts) < 2  # a kit's folder, then the file
        or name.startswith("/")
        or "\\" in name
        or ".." in parts
        or _CONTROL.search(name)
    ):
        return "must be a kit folder's file, a relative path inside the output folder"
    return None


# The manifest's model, for msgspec to check it against while it decodes it (in C, with no
# validator to build first). Every key a build writes is here (a key it does not know makes
# the manifest damaged); an entry keeps the keys it was written with (UNSET: not there).
Name = Annotated[str, Meta(max_length=1000)]
Digest = Annotated[str, Meta(pattern=r"^[0-9a-f]{64}\Z")]
Short = Annotated[str, Meta(max_length=200)]
Long = Annotated[str, Meta(max_length=2000)]
Count = Annotated[int, Meta(ge=0)]


class ManifestEntry(Struct, kw_only=True, forbid_unknown_fields=True):
    """What the manifest records of one file: of its kit (game, paper, players, label set,
    the fingerprint of its inputs, the files read while planning) and of the file itself."""

    game: Short | UnsetType | None = UNSET
    title: Long | UnsetType | None = UNSET
    paper: Short | UnsetType | None = UNSET
    players: Annotated[str, Meta(pattern=r"^[0-9]{1,3}\Z")] | UnsetType | None = UNSET
    labels: Short | UnsetType | None = UNSET
    version: Long | UnsetType | None = UNSET  # the label set's title
    flip: Short | UnsetType | None = UNSET
    partial: Long | UnsetType | None = UNSET  # what a partial kit holds
    card_size: Short | UnsetType | None = UNSET  # a size other than the game's own
    inputs: Digest | UnsetType | None = UNSET
    reads: dict[Annotated[str, Meta(max_length=4096)], Digest] | UnsetType | None = UNSET
    audience: Short
    sha256: Digest
    bytes: Count
    pages: Count | UnsetType | None = UNSET
    order: Count | UnsetType | None = UNSET
    # An embosser file's title and its language, which no thumbnail of it says.
    file_title: Long | UnsetType | None = UNSET
    lang: Short | UnsetType | None = UNSET


class ManifestFile(Struct, forbid_unknown_fields=True):
    """manifest.json as a whole."""

    files: dict[Name, ManifestEntry]
    pending: dict[Name, dict[Name, ManifestEntry]] = field(default_factory=dict)

    def misnamed(self) -> str | None:
        """Where a file or kit folder is named outside the output folder, and why: the
        first such name, in the manifest's order."""
        names = [(f"files[{name!r}]", name) for name in self.files]
        for folder, entries in self.pending.items():
            names.append((f"pending[{folder!r}]", folder))
            names += [(f"pending[{folder!r}][{name!r}]", name) for name in entries]
        for place, name in names:
            problem = _relative_name(name)
            if problem:
                return f"{place}: {problem}"
        return None


def read_manifest(out: Path, *, strict: bool) -> Manifest:
    """The folder's manifest, checked against its model (types, ranges, names inside the
    folder) before anything uses it. A missing, unreadable or damaged one is an error only
    when `strict` (verify); a build warns in one line and goes on as if there were none,
    building every kit again."""
    path = out / MANIFEST
    if not path.exists() and not path.is_symlink():
        if strict:
            raise UserError(Source(path), "no manifest here: build into this folder first")
        return Manifest()
    if not strict and path.is_dir():
        return Manifest()  # in the way of the new one: `check_manifest_place` says so
    try:
        data = read_input(path, MAX_MANIFEST_BYTES, what="manifest", root=out, noted=False).data
    except UserError as error:
        if strict:
            raise
        warn(f"warning: {error.line()}; every kit is built again")
        return Manifest()
    checked = _checked(data)
    if isinstance(checked, str):
        said = shown(checked)  # a name may hold a line break
        line = f"{Source(path)}: manifest is damaged ({said})"
        if strict:
            raise UserError(None, line + "; rebuild to replace it") from None
        warn(f"warning: {line}; every kit is built again")
        return Manifest()
    return _copy(checked)


@lru_cache(maxsize=1)
def _checked(data: bytes) -> Manifest | str:
    """The manifest these bytes hold, checked, or what is wrong with them. The last one is
    kept by its bytes: a build reads its manifest once for each game of a complete label
    set, again for the whole batch, under the lock and after writing. Never handed out:
    each reader gets a copy (`_copy`)."""
    try:
        decoded = msgspec.json.decode(data, type=ManifestFile)
    except msgspec.DecodeError as error:  # not JSON, or not of the model (ValidationError)
        return _damage(data, error)
    problem = decoded.misnamed()
    if problem is not None:
        return problem
    plain = msgspec.to_builtins(decoded)  # each entry with the keys it was written with
    return Manifest(plain["files"], plain.get("pending", {}))


def _damage(data: bytes, error: msgspec.DecodeError) -> str:
    """What msgspec found wrong, and where. It writes a file's name as `[...]`: the entry
    it means is found by checking the files' entries one by one."""
    problem, _, at = str(error).partition(" - at `$")
    at = at.rstrip("`").lstrip(".")
    if at.startswith("files[...]"):
        files = json.loads(data)["files"]  # decoded as far as this already
        for name, entry in files.items():
            try:
                msgspec.convert(entry, ManifestEntry)
            except msgspec.ValidationError as inner:
                problem, _, inner_at = str(inner).partition(" - at `$")
                at = f"files[{name!r}]{inner_at.rstrip('`')}"
                break
    return f"{at}: {problem}" if at else problem


def _copy(manifest: Manifest) -> Manifest:
    """A manifest of its own for each reader: its mappings new, each entry a copy."""
    return Manifest(
        {name: dict(entry) for name, entry in manifest.files.items()},
        {
            folder: {name: dict(entry) for name, entry in entries.items()}
            for folder, entries in manifest.pending.items()
        },
    )


def write_manifest(out: Path, manifest: Manifest) -> None:
    """Replace the manifest in one rename, so readers see the old or the new one."""
    data: dict[str, object] = {"files": dict(sorted(manifest.files.items()))}
    if manifest.pending:
        data["pending"] = {
            folder: dict(sorted(e.items())) for folder, e in sorted(manifest.pending.items())
        }
    temporary = out / f".{MANIFEST}.tmp"
    temporary.unlink(missing_ok=True)  # a fresh file: never write through a planted link
    try:
        with temporary.open("x", encoding="utf-8") as handle:
            handle.write(json.dumps(data, indent=2) + "\n")
        os.replace(temporary, out / MANIFEST)
    except OSError as error:  # a full disk, say: the old manifest stays, no half-written copy
        temporary.unlink(missing_ok=True)
        raise system_error(error, out / MANIFEST) from None


def check_manifest_place(out: Path) -> None:
    """The manifest's name must not be a folder, which cannot be replaced; a file, a link,
    a FIFO is replaced (never followed, never read as the manifest)."""
    path = out / MANIFEST
    if not path.is_symlink() and path.is_dir():
        raise UserError(
            Source(path), "is in the way of the manifest: it is not a file; move it away"
        )


def sha256(path: Path) -> str:
    done("hashed", path)
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while chunk := handle.read(_CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


def problems(out: Path, entries: Entries) -> list[str]:
    """One line per listed file that is missing, truncated or changed."""
    found = []
    for name, entry in sorted(entries.items()):
        path = within(out, name)
        if path is None:  # a manifest is data: it never sends verify outside its folder
            found.append(f"{out / name}: named by the manifest but outside {out}; not read")
            continue
        if path.is_symlink() or not path.is_file():
            found.append(f"{path}: missing")
            continue
        size, expected = path.stat().st_size, entry.get("bytes")
        if isinstance(expected, int) and size < expected:
            found.append(f"{path}: truncated ({size} of {expected} bytes)")
        elif sha256(path) != entry.get("sha256"):
            found.append(f"{path}: changed since it was built (SHA-256 differs)")
    return found


def settle(out: Path, manifest: Manifest) -> Manifest:
    """Resolve an interrupted move: each pending folder keeps whichever entries it matches."""
    files = dict(manifest.files)
    for folder, new in manifest.pending.items():
        if not problems(out, new):
            files = {name: e for name, e in files.items() if not name.startswith(f"{folder}/")}
            files.update(new)
    return Manifest(files)


def verify(out: Path) -> tuple[list[str], int]:
    """Problems found in `out` against its manifest, and how many files were checked."""
    manifest = read_manifest(out, strict=True)
    accepted = dict(manifest.files)
    for folder, new in manifest.pending.items():
        old = manifest.in_folder(folder)
        for name in old:
            del accepted[name]
        settled_old = problems(out, new) and not problems(out, old)
        accepted.update(old if settled_old else new)
    found = problems(out, accepted)
    unlisted = [name for name in _printable(out) if name not in accepted]
    found.extend(f"{out / name}: not in the manifest" for name in unlisted)
    return found, len(accepted)


def _printable(out: Path) -> list[str]:
    """PDF and SVG files under `out`, skipping hidden folders (staging); links not followed."""
    names: list[str] = []
    for root, folders, files in os.walk(out):
        folders[:] = [f for f in folders if not f.startswith(".")]
        base = Path(root).relative_to(out)
        names.extend((base / f).as_posix() for f in files if f.endswith((".pdf", ".svg")))
    return names
