"""`preview --watch`: build a game's kit and its pictures again whenever a file it read changes.

Input: what `preview` takes. Output: the same kit folders and pictures, redrawn after every
change, and one line per rebuild: how long it took, or the error. A rebuild that fails
writes nothing (everything is loaded and checked before the first byte is written), so the
last good preview stays as it was while the mistake is fixed.

Watched: exactly what the last build read (`Watched`), as the load stage records it
(inputs.py): every file loaded, every file read while the kit was planned (a card's
picture, listed in the manifest for a kit found up to date, by its name from the build's
folders), every file looked for and not found, and the folder listings that decide what is
loaded (a game's `labels/*.yaml`, `templates/cards/*.yaml`), refreshed after every rebuild.
After a failed build, the files of the last good one stay watched, with what the failed one
read and the file it names. Only those paths count: another game's deck, a README or an
editor's swap file rebuilds nothing, and neither does a save that leaves a file's bytes as
they were. Pages already drawn are kept (`PageCache`), so a rebuild draws only the pages
that changed.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from fnmatch import fnmatchcase
from pathlib import Path

import watchfiles
from msgspec import Struct, field

from shapes_print.errors import UserError, warnings_told
from shapes_print.inputs import (
    InputFiles,
    Listing,
    followed,
    listed,
    path_named,
    read_input,
    recording,
)
from shapes_print.limits import MAX_PICTURE_BYTES
from shapes_print.pipeline.preview import PageCache, Preview
from shapes_print.pipeline.project import Sources
from shapes_print.write.manifest import read_manifest
from shapes_print.write.uptodate import READS

# Milliseconds with no further change before a rebuild starts: an editor's save (write,
# rename, touch) arrives as one batch, and a person waits no longer than this for it.
SETTLE_MS = 50
# Milliseconds the watcher waits before it reports that nothing changed: its first such
# report says it is up, and it wakes this often while idle (a cheap check, no rebuild).
READY_MS = 500


class Watched(Struct, frozen=True):
    """What a build read: each file by absolute path with the SHA-256 of the bytes read
    (None: looked for and not there), and each folder listing with the names it gave."""

    files: Mapping[Path, str | None] = field(default_factory=dict)
    listings: Mapping[Listing, tuple[str, ...]] = field(default_factory=dict)

    @classmethod
    def of(
        cls, found: InputFiles, planned: Mapping[Path, str], failed: Path | None = None
    ) -> Watched:
        """A build's recording, the files its kits read while planned (from the manifest)
        and the file its error names."""
        files: dict[Path, str | None] = {_absolute(path): None for path in found.missing}
        if failed is not None:
            files[_absolute(failed)] = None
        files |= {_absolute(path): digest for path, digest in planned.items()}
        files |= {_absolute(path): digest for path, digest in found.files.items()}
        listings = {
            Listing(_absolute(listing.folder), listing.pattern): names
            for listing, names in found.listings.items()
        }
        return cls(files, listings)

    def __or__(self, newer: Watched) -> Watched:
        """Both, with what `newer` read where they share a file."""
        return Watched({**self.files, **newer.files}, {**self.listings, **newer.listings})

    def names(self) -> set[Path]:
        """Each file by the path it was read at, and by its target where that is a link
        (none where its links loop)."""
        targets = {followed(path) for path in self.files}
        return set(self.files) | {target for target in targets if target is not None}

    def folders(self) -> list[Path]:
        """The folders to watch, each on its own (not what lies below): every file's and
        listing's folder, or the nearest one there is. Watching folders, not files, sees
        an editor's save by renaming a new file over the old one, or by deleting and
        writing it again, which a watch of the file itself would lose."""
        places = {path.parent for path in self.names()} | {item.folder for item in self.listings}
        return sorted({_existing(place) for place in places})

    def changed(self) -> bool:
        """Whether a file or a listing differs from what the build read."""
        return any(_digest(path) != digest for path, digest in self.files.items()) or any(
            tuple(path.name for path in listed(item.folder, item.pattern)) != names
            for item, names in self.listings.items()
        )


class Filter:
    """The changes that matter to the `Watched` it holds (replaced after each rebuild): a
    file it read, a folder on the way to one (renamed, made or removed), or a name in a
    listed folder that matches the listing's pattern."""

    def __init__(self, watched: Watched) -> None:
        self.watched = watched

    @property
    def watched(self) -> Watched:
        return self._watched

    @watched.setter
    def watched(self, watched: Watched) -> None:
        self._watched = watched
        self._names = watched.names()
        folders = [item.folder for item in watched.listings]
        self._on_the_way = {
            *folders,
            *(up for path in (*self._names, *folders) for up in path.parents),
        }
        self._patterns: dict[Path, list[str]] = {}
        for item in watched.listings:
            self._patterns.setdefault(item.folder, []).append(item.pattern)

    def __call__(self, _change: watchfiles.Change, changed: str) -> bool:
        path = Path(changed)
        return (
            path in self._names
            or path in self._on_the_way
            or any(fnmatchcase(path.name, glob) for glob in self._patterns.get(path.parent, ()))
        )


def watched_folders(sources: Sources, game: str, labels: Sequence[str]) -> list[Path]:
    """The folders a kit's inputs are in (its game, templates, label sets): a first build
    that fails on a file outside them cannot be fixed by an edit there."""
    folders = [sources.content / game, sources.templates, sources.labels]
    refs = [one.strip() for ref in labels for one in ref.split(",")]  # a list, or repeated
    folders += [Path(ref).parent for ref in refs if ref.endswith((".yaml", ".yml"))]
    return [folder.resolve() for folder in dict.fromkeys(folders) if folder.is_dir()]


def _absolute(path: Path) -> Path:
    """The path from /, with `..` taken out but links kept: the name events arrive by."""
    return Path(os.path.abspath(path))


def _existing(folder: Path) -> Path:
    """`folder`, or the nearest folder above it that exists."""
    while not folder.is_dir() and folder.parent != folder:
        folder = folder.parent
    return folder


def _digest(path: Path) -> str | None:
    """The SHA-256 of a watched file's bytes (content decides a rebuild, never a size or a
    time); None when it is not a regular file within the largest input's limit."""
    try:
        return read_input(path, MAX_PICTURE_BYTES).sha256
    except UserError:  # not there (yet), a folder, a FIFO, too large: the build says which
        return None


def _planning_reads(
    out: Path, kits: Sequence[Preview], roots: Mapping[str, Path]
) -> dict[Path, str]:
    """The files the kits read while planned, as the manifest lists them, each found under
    `roots` as the build found it (`path_named`): a kit found up to date was not planned
    this time, so its pictures were not read again."""
    manifest = read_manifest(out, strict=False)
    reads: dict[Path, str] = {}
    for kit in kits:
        for entry in manifest.in_folder(kit.folder.parent.relative_to(out).as_posix()).values():
            listed_reads = entry.get(READS)
            if isinstance(listed_reads, dict):
                reads |= {path_named(name, roots): digest for name, digest in listed_reads.items()}
    return reads


def _names(changes: Iterable[tuple[watchfiles.Change, str]]) -> str:
    """The changed files still there (an editor's or sed's temporary file comes and goes)."""
    paths = {Path(path) for _, path in changes}
    return ", ".join(sorted({path.name for path in paths if path.exists()} or {"a file"}))


def _error_line(error: UserError) -> str:
    return f"error: {error.line()}" + (f" (hint: {error.hint})" if error.hint else "")


def _pictures(kits: Sequence[Preview]) -> str:
    count = sum(len(kit.pages) for kit in kits)
    return f"{count} pages in {', '.join(str(kit.folder) for kit in kits)}"


class Failed(Exception):
    """A build's mistake, with what the build had read up to it."""

    def __init__(self, error: UserError, found: InputFiles) -> None:
        super().__init__(error.line())
        self.error = error
        self.path = error.source.path if error.source else None
        self.found = found

    def read(self) -> Watched:
        """What the build read, and the file its error names."""
        return Watched.of(self.found, {}, self.path)

    def fixable(self, folders: Sequence[Path]) -> bool:
        """Whether the error names a file the build read or looked for, or one in `folders`."""
        if self.path is None:
            return False
        recorded = {_absolute(path) for path in (*self.found.files, *self.found.missing)}
        target = followed(self.path)  # None where its links loop: no edit there fixes it
        return _absolute(self.path) in recorded or (
            target is not None and any(target.is_relative_to(folder) for folder in folders)
        )


def watch(
    build: Callable[[PageCache], Sequence[Preview]],
    folders: Sequence[Path],
    roots: Mapping[str, Path],
    out: Path,
    say: Callable[[str], None],
) -> None:
    """Build and preview (`build`, as `preview` does, with a cache to keep pages drawn),
    then again after each change to a file the last build read, until Ctrl-C. `roots`:
    the build's folders (`Sources.roots`), which the manifest names the files it read from.

    A mistake in the first build that names no file it read or one in `folders` (an
    unknown game, a paper that does not exist) cannot be fixed by editing a file, so it
    ends the command as `preview` would; any other is reported and watched for its fix.
    """
    builder = _Builder(build, PageCache(), out, roots, say)
    try:
        try:
            watched = builder.rebuild("built")
        except Failed as failed:
            if not failed.fixable(folders):
                raise failed.error from None
            say(_error_line(failed.error))
            watched = failed.read()
        _follow(watched, builder)
    except KeyboardInterrupt:  # Ctrl-C; during a rebuild, its output is swapped in whole or not
        pass
    say("stopped watching")


class _Builder(Struct, frozen=True):
    """The watched build, its pages kept drawn in `cache` from one build to the next."""

    build: Callable[[PageCache], Sequence[Preview]]
    cache: PageCache
    out: Path
    roots: Mapping[str, Path]
    say: Callable[[str], None]

    def rebuild(self, why: str) -> Watched:
        """Build, say how long it took, and return what the build read."""
        start = time.perf_counter()
        with recording() as found, warnings_told(self.say):
            try:
                kits = self.build(self.cache)
            except UserError as error:
                raise Failed(error, found) from None
        self.say(f"{why} in {time.perf_counter() - start:.2f} s: {_pictures(kits)}")
        return Watched.of(found, _planning_reads(self.out, kits, self.roots))

    def again(self, why: str, last: Watched) -> Watched:
        """A rebuild; after a mistake, the last good build's files stay watched too."""
        try:
            return self.rebuild(why)
        except Failed as failed:
            self.say(_error_line(failed.error))
            return last | failed.read()


def _follow(watched: Watched, builder: _Builder) -> None:
    """Rebuild after each change to a watched file, until Ctrl-C; a new watcher whenever
    the folders to watch change."""
    matters = Filter(watched)
    said = False
    while True:
        places = watched.folders()
        up = False  # this watcher: what changes before it is up, it misses
        for changes in watchfiles.watch(
            *places,
            watch_filter=matters,
            step=SETTLE_MS,
            rust_timeout=READY_MS,
            yield_on_timeout=True,
            recursive=False,
        ):
            if (changes or not up) and watched.changed():
                why = f"{_names(changes)} changed" if changes else "a file changed meanwhile"
                watched = builder.again(f"rebuilt ({why})", watched)
                matters.watched = watched
            up = True
            if not said:
                said = True
                where = f"{len(watched.files)} files in {len(places)} folders"
                builder.say(f"watching {where} (Ctrl-C stops)")
            if watched.folders() != places:
                break
