"""Foundation: the one reader of outside files, and the record of what was read.

Input: the bytes every loader reads. Output: `InputFiles`, each file's path and SHA-256, for
whatever was being loaded while `recording()` was active (a game, a label set with its templates
and fonts). A kit's output depends on nothing else but its options and this program, so the
write stage can tell an unchanged kit without planning it.

A loader reports a file with `note(path, data)` where it has the bytes in hand (YAML, fonts), so
each file is hashed from the bytes already read, never opened a second time. A new kind of input
must be read through `read_input`, or reported with `note` or `note_digest`, to count. Files
read at load go into a kit's fingerprint (fingerprints.py); files read as a kit is made (a
card's picture, named by a field, read when the kit is resolved) are recorded by the write
stage with the kit and checked again, by their bytes, before the kit is skipped. Both name
each file from the build's folders (`InputFiles.named`), so a moved project is still up to
date and a copy is checked against its own files (`path_named`). For `preview --watch`, a
recording also keeps the files looked for and not found (`note_missing`) and the folder
listings read (`listed`): a file added there is read next time.

Paths are kept where they belong here too: files a YAML file names stay inside its folder, files
a manifest names inside the output folder, and output out of the input folders; a loop of
links is refused in one line (`resolved`). Every stage that reads a file (the loader, fonts,
pictures, the manifest) takes these checks from here.
"""

from __future__ import annotations

import errno
import hashlib
import os
import stat
from collections.abc import Iterator, Mapping
from contextlib import contextmanager, suppress
from contextvars import ContextVar
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from functools import cached_property, lru_cache
from pathlib import Path

from msgspec import Struct, field

from shapes_print.errors import Source, UserError
from shapes_print.errors import shown as escaped
from shapes_print.workdone import done


class Listing(Struct, frozen=True):
    """The files of `folder` whose names match `pattern` (a glob such as `*.yaml`)."""

    folder: Path
    pattern: str


class InputFiles(Struct):
    """Files read, by path, with the SHA-256 of the bytes read; files looked for and not
    found; and each folder listing read, with the names it gave."""

    files: dict[Path, str] = field(default_factory=dict)
    missing: set[Path] = field(default_factory=set)
    listings: dict[Listing, tuple[str, ...]] = field(default_factory=dict)

    def named(self, roots: Mapping[str, Path]) -> dict[str, str]:
        """Each file by a name that survives moving the project: `content/game/deck.yaml`
        for one under a root folder (the first that holds it, as named or with its links
        followed, as a picture's path is), else its absolute path (`path_named` finds it)."""
        # As text, each folder ending in a separator: pathlib's took a fifth of a load.
        bases = [(name, os.path.join(root.absolute(), "")) for name, root in roots.items()]
        bases += [(name, os.path.join(os.path.realpath(root), "")) for name, root in roots.items()]
        named = {}
        for path, digest in self.files.items():
            full = str(path.absolute())
            name = next(
                (f"{root}/{full[len(base) :]}" for root, base in bases if full.startswith(base)),
                full,
            )
            named[name.replace(os.sep, "/")] = digest
        return named

    def newest(self) -> int | None:
        """When the newest of these files last changed, in whole seconds since the epoch
        (None if none was read or none is still there): a print-shop file's date."""
        times = []
        for path in self.files:
            try:
                times.append(int(path.stat().st_mtime))
            except OSError:
                continue
        return max(times, default=None)


def path_named(name: str, roots: Mapping[str, Path]) -> Path:
    """The file `InputFiles.named` gave `name`, under `roots` as they are now: a copied or
    moved project's own file, never the one it was copied from. An absolute name is itself."""
    root, _, inner = name.partition("/")
    return roots[root] / inner if root in roots and inner else Path(name)


# The recordings under way, innermost last: a file read while a game is loaded inside a
# wider recording counts for both.
_RECORDING: ContextVar[tuple[InputFiles, ...]] = ContextVar("recording", default=())


def note(path: Path, data: bytes) -> None:
    """Report a file's bytes as read; hashed only when something is recording."""
    if _RECORDING.get():
        note_digest(path, hashlib.sha256(data).hexdigest())


def note_digest(path: Path, digest: str) -> None:
    """Report a file as read, by the SHA-256 of its bytes (for a reader that keeps what it
    read, such as pictures, and is asked again without reading)."""
    for recording in _RECORDING.get():
        recording.files[path] = digest


@dataclass(frozen=True)
class InputFile:
    """One outside file as read: its path and its bytes (read once, all a caller gets), and
    the key of a cache of what they make (a font, a catalogue's words), keyed by the bytes
    themselves, never a size or a time. Hashed by path: comparing two reads' bytes costs a
    fiftieth of hashing them, and a large file read again with the same bytes is the one
    read before (`read_input`), which a cache finds at once. Its SHA-256 is worked out once,
    when asked (what a fingerprint notes); a large file's once per bytes, wherever read."""

    path: Path
    data: bytes = dataclass_field(hash=False, repr=False)

    @cached_property
    def sha256(self) -> str:
        large = _LARGE[0] <= len(self.data) < _LARGE[1]
        return _digest(self.data) if large else hashlib.sha256(self.data).hexdigest()


_LARGE = (1 << 16, 1 << 23)  # 64 KiB to 8 MiB: a font, a picture, not a YAML file


@lru_cache(maxsize=16)
def _digest(data: bytes) -> str:
    """Each test's copy of a project has the same fonts: found faster than hashed again."""
    return hashlib.sha256(data).hexdigest()


# What a file that is not a regular one is, for the message refusing it.
_NOT_A_FILE = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
    (stat.S_ISSOCK, "a socket"),
)
_CHUNK = 1 << 20


def read_input(
    path: Path,
    limit: int,
    where: Source | None = None,
    *,
    what: str = "file",
    shown: str | None = None,
    root: Path | None = None,
    noted: bool = True,
) -> InputFile:
    """The bytes of the outside file `path`, at most `limit` of them, noted as an input.

    Refused, in one line: a FIFO, a device, a folder or a socket (checked on the open
    descriptor, so nothing blocks or streams forever); a link leading out of its own folder,
    or anywhere out of `root` when given; a file over `limit` bytes (before a byte is read,
    and again while reading, should it grow). `where` is the place naming the file (the file
    itself when None); `what` and `shown` (the name as written) say which file in messages.
    `noted` False reads a file that is no input of what is loaded (the output's manifest,
    the cache), found or not."""
    refuse = _Refusal(
        where or Source(path), "" if where is None else f"{what} {escaped(shown or str(path))}: "
    )
    resolved = _resolved(path, root, refuse, noted)
    descriptor = _open_file(resolved, limit, what, refuse)
    data = _read_bounded(descriptor, limit, what, refuse)
    done("read", path)
    file = InputFile(path, data)
    if _LARGE[0] <= len(data) < _LARGE[1]:
        file = _read_before(file)
    if noted:
        note_digest(path, file.sha256)
    return file


@lru_cache(maxsize=32)
def _read_before(file: InputFile) -> InputFile:
    """The same bytes read before at the same path (else `file`), SHA-256 and all: every
    label set of every command reads the same fonts, hashed once per process."""
    return file


class _Refusal(Struct, frozen=True):
    """The one line refusing a file: its place, and which file when another names it."""

    place: Source
    subject: str  # "" when the file is its own place, else what names it and how

    def __call__(self, problem: str) -> UserError:
        return UserError(self.place, self.subject + problem)

    @property
    def missing(self) -> str:
        return "not found" if self.subject else "file not found"


def _resolved(path: Path, root: Path | None, refuse: _Refusal, noted: bool) -> Path:
    """`path` with its links followed, refused if missing, looping or led out of `root` (its
    folder when None, or all): a file that is no link is there, not resolved (costly)."""
    if root is None or (root.is_absolute() and root.parent == root):
        with suppress(OSError):  # explained below
            if not stat.S_ISLNK(os.lstat(path).st_mode):
                return path
    try:  # the folder too: a loop of links there is the file's loop
        allowed = (root or path.absolute().parent).resolve()
        resolved = path.resolve(strict=True)
    except FileNotFoundError:
        if noted:
            note_missing(path.resolve())
        raise refuse(refuse.missing) from None
    except (OSError, RuntimeError) as error:  # a loop of links, a name too long
        raise refuse(f"cannot be read ({getattr(error, 'strerror', None) or error})") from None
    if not resolved.is_relative_to(allowed):
        raise refuse(f"leads out of its folder {allowed} (through a link)")
    return resolved


def _open_file(path: Path, limit: int, what: str, refuse: _Refusal) -> int:
    """A descriptor open on `path` (its last part never followed: a link there now is one
    made since it was checked), a regular file of at most `limit` bytes (checked on the
    open descriptor, so nothing blocks or streams forever)."""
    flags = os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
    try:
        descriptor = os.open(path, flags)
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise refuse("is a link that changed while it was read") from None
        raise refuse(f"cannot be read ({(error.strerror or str(error)).lower()})") from None
    status = os.fstat(descriptor)
    problem = next(
        (f"is {kind}, not a file" for test, kind in _NOT_A_FILE if test(status.st_mode)), None
    )
    if problem is None and status.st_size > limit:
        problem = _over(status.st_size, limit, what)
    if problem is not None:
        os.close(descriptor)
        raise refuse(problem)
    os.set_blocking(descriptor, True)
    return descriptor


def _read_bounded(descriptor: int, limit: int, what: str, refuse: _Refusal) -> bytes:
    """The file's bytes, refused should it grow past `limit` while it is read."""
    with os.fdopen(descriptor, "rb", buffering=0) as handle:
        chunks, total = [], 0
        while chunk := handle.read(min(_CHUNK, limit + 1 - total)):
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise refuse(_over(total, limit, what))
    return b"".join(chunks)


def _over(size: int, limit: int, what: str) -> str:
    return f"is {_size(size)}, over the limit of {_size(limit)} for a {what}"


def _size(count: int) -> str:
    """Bytes as the limits table of docs/commands.md writes them."""
    for unit, scale in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if count >= scale:
            return f"{count / scale:,.{0 if count % scale == 0 else 1}f} {unit}"
    return f"{count:,} bytes"


def note_missing(path: Path) -> None:
    """Report a file looked for and not found: once it is there, what is loaded changes."""
    for recording in _RECORDING.get():
        recording.missing.add(path)


def listed(folder: Path, pattern: str) -> list[Path]:
    """The files in `folder` matching `pattern`, sorted (none if there is no such folder),
    noted as a listing what is being loaded depends on."""
    found = sorted(folder.glob(pattern)) if folder.is_dir() else []
    for recording in _RECORDING.get():
        recording.listings[Listing(folder, pattern)] = tuple(path.name for path in found)
    return found


@contextmanager
def recording() -> Iterator[InputFiles]:
    """Collect every file noted inside the block."""
    found = InputFiles()
    token = _RECORDING.set((*_RECORDING.get(), found))
    try:
        yield found
    finally:
        _RECORDING.reset(token)


def reported_again(read: InputFiles) -> None:
    """Report what another recording found to whatever is recording now: work made once
    and taken again (buildcache.py) read its files the first time only."""
    recordings = _RECORDING.get()
    if not recordings:
        return
    for path, digest in read.files.items():
        note_digest(path, digest)
    for path in read.missing:
        note_missing(path)
    for recording_now in recordings:
        recording_now.listings.update(read.listings)


def followed(path: Path) -> Path | None:
    """`path` with its links followed, or None where they loop: Python 3.11 raises a
    RuntimeError there, which would end the command as an internal error."""
    try:
        return path.resolve()
    except RuntimeError:
        return None


def resolved(path: Path, where: Source | None, what: str) -> Path:
    """`path` with its links followed, refused in one line where they loop (`what`: the
    option or the file named there, `where` the place naming it)."""
    found = followed(path)
    if found is None:
        raise UserError(where, f"{what} is a loop of symbolic links")
    return found


def inside(folder: Path, name: str, where: Source | None, what: str) -> Path:
    """`folder / name` as an existing file that, symlinks resolved, stays inside `folder`;
    `what` names the folder in the message (game, templates, content)."""
    path = resolved(folder / name, where, f"{name!r} in {folder}")
    if not path.is_relative_to(resolved(folder, where, f"the {what} folder {folder}")):
        raise UserError(where, f"{name!r} points outside the {what} folder {folder}")
    if path.is_file():
        return path
    if path.exists():
        raise UserError(where, f"{name!r} in {folder} is not a file (a folder, FIFO or device)")
    note_missing(path)  # `preview --watch` builds again once it is there
    raise UserError(where, f"file {name!r} not found in {folder}")


def within(folder: Path, name: str) -> Path | None:
    """`folder / name` if, symlinks resolved, it stays inside `folder`; None if it leaves
    (or its links loop, leading nowhere)."""
    path, own = folder / name, followed(folder)
    target = followed(path)
    return path if target is not None and own is not None and target.is_relative_to(own) else None


def check_output(out: Path, inputs: dict[str, Path]) -> None:
    """Output never goes into an input folder (`inputs`: its option -> folder), where the
    kits and a manifest would mix with the YAML they were built from. The first place
    each option's path is resolved: a loop of links there is refused, naming the option."""
    target = resolved(out, Source(out), "--out")
    for option, folder in inputs.items():
        if target.is_relative_to(resolved(folder, Source(folder), option)):
            raise UserError(
                Source(out),
                f"--out is inside the {option.removeprefix('--')} folder {folder}; "
                "build into a folder of its own, such as output",
            )
