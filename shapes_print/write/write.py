"""Write stage: render kits into a staging folder inside `out`, then move each kit into place.

A build holds a lock on `out`, renders everything under `out/.building-*` (the same
filesystem, so moves are renames), records the kit folders about to change in the
manifest (`pending`), swaps each finished kit folder in with one atomic rename, and then
rewrites the manifest without `pending`. A failure or a kill at any moment leaves every kit
folder wholly old or wholly new and the manifest able to tell which; the next build deletes
stale staging folders and settles the manifest. Nothing is written through a symbolic link
planted inside `out`. Bad input writes nothing into `out`: a kit planned in this process is
planned before `out` is touched, and a build that fails before its kits move in (a plan a
worker process makes while the others render) takes away its staging, its lock file and
any folder it made, so `out` is left as it was found.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path

from msgspec import Struct, field

from shapes_print.buildcache import BuildCache
from shapes_print.errors import Source, UserError
from shapes_print.write.batch import KitMade, make_kits
from shapes_print.write.catalogue import DOCUMENTS, INDEX, known_thumbnails, write_catalogue
from shapes_print.write.cataloguepage import THUMBNAILS, Thumbnail
from shapes_print.write.hashes import keep_hashes
from shapes_print.write.manifest import (
    Entries,
    Manifest,
    check_manifest_place,
    read_manifest,
    settle,
    write_manifest,
)
from shapes_print.write.swap import refuse_links, swap_in
from shapes_print.write.uptodate import (
    FILE_TITLE,
    LANG,
    KitPlan,
    entries_by_folder,
    folder_of,
    kits_up_to_date,
    of_the_kit,
    plan_recorded,
    up_to_date,
)

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows has no flock; builds there are not locked
    fcntl = None  # type: ignore[assignment]

STAGING_PREFIX = ".building-"
LOCK = ".shapes-print.lock"
_LOCK_HELD: list[int] = []  # the lock descriptor, so forked workers can let go of it
BUILT = "built"
UP_TO_DATE = "up-to-date"


class Written(Struct, frozen=True):
    """One file of a kit asked for: written by this build, or found up to date."""

    path: Path
    pages: int
    size: int
    sha256: str
    audience: str
    folder: str
    status: str = BUILT
    kit: Mapping[str, object] = field(default_factory=dict)  # the kit's game, paper, ...


class KitDone(Struct, frozen=True):
    """One kit rendered (not yet swapped in): its folder, its files, and how far the batch is."""

    folder: str
    files: tuple[Written, ...]
    done: int
    total: int


OnKit = Callable[[KitDone], None]


def write_kits(
    out: Path,
    kits: Sequence[KitPlan],
    on_kit: OnKit | None = None,
    formats: Sequence[str] = ("pdf",),
    jobs: int = 1,
    force: bool = False,
    cache: BuildCache | None = None,
) -> list[Written]:
    """Render every kit that is not up to date into staging, then swap the finished folders
    into `out`, with what the build's `cache` holds (an empty one if none is given).

    A kit is up to date when the manifest lists files for its folder made from the same
    fingerprint (`info[INPUTS]`) and every one of them is there with the bytes it lists:
    then it is not planned, and its files are left as they are. `force` builds every kit.
    `on_kit` is called after each kit is rendered, so a caller can report progress.
    `formats` may add `svg`: every page as SVG, and a cut file for pages with cut outlines.
    With `jobs` above 1, a batch of kits is planned and rendered by up to that many forked
    processes into the staging folder (write/batch.py); the swap, the manifest and the
    catalogue stay in this process, so the bytes do not depend on `jobs`.
    """
    if out.exists() and not out.is_dir():
        raise UserError(Source(out), "--out names a file, not a folder")
    # Which kits need planning is read from the manifest as it stands, and read again under
    # the lock in case another build changed it meanwhile. In one process, kits are planned
    # before the folder is touched; over several, each worker plans the kits it renders,
    # and a plan that fails (like any failure before a kit moves in) leaves `out` as it was.
    cache = cache or BuildCache()
    seen = {} if force or not out.is_dir() else kits_up_to_date(out, kits, cache)
    to_plan = [kit for kit in kits if kit.folder not in seen]
    in_workers = jobs > 1 and len(to_plan) > 1
    plans = {} if in_workers else {kit.folder: plan_recorded(kit) for kit in to_plan}
    with _locked(out):
        manifest = _manifest_under_lock(out, kits)
        found = _still_up_to_date(out, manifest, seen, kits, cache)
        building = [kit for kit in kits if kit.folder not in found]
        staging = Path(tempfile.mkdtemp(prefix=STAGING_PREFIX, dir=out))
        try:
            lock = _LOCK_HELD[-1] if _LOCK_HELD else None
            thumbnailed = known_thumbnails(out)
            made = make_kits(staging, building, plans, formats, jobs, lock, thumbnailed, cache)
            built, pending, drawn = _render(out, building, made, on_kit)
            written = _in_order(out, kits, built, found)
            if pending:
                write_manifest(out, Manifest(manifest.files, pending))
            for folder in pending:
                refuse_links(out, folder)
                swap_in(staging / folder, out / folder)
            files = _listed(manifest, pending)
            if pending or not _settled(out, files):
                write_manifest(out, Manifest(files))
                staged = staging / THUMBNAILS
                write_catalogue(out, files, jobs, {d: (t, staged) for d, t in drawn.items()})
            keep_hashes(out, files, cache)
        finally:
            shutil.rmtree(staging, ignore_errors=True)
    return written


def _manifest_under_lock(out: Path, kits: Sequence[KitPlan]) -> Manifest:
    """The manifest as it stands once the lock is held, an earlier build's staging folders
    gone and no kit's folder a link."""
    for stale in out.glob(f"{STAGING_PREFIX}*"):
        shutil.rmtree(stale, ignore_errors=True)
    check_manifest_place(out)
    manifest = settle(out, read_manifest(out, strict=False))
    for kit in kits:
        refuse_links(out, kit.folder)
    return manifest


def _still_up_to_date(
    out: Path,
    manifest: Manifest,
    seen: dict[str, Entries],
    kits: Sequence[KitPlan],
    cache: BuildCache,
) -> dict[str, Entries]:
    """The kits found up to date before the lock that still are: listed alike, or checked
    again against the manifest another build wrote meanwhile."""
    now = entries_by_folder(manifest)
    return {
        folder: entries
        for folder, entries in seen.items()
        if now.get(folder) == entries
        or up_to_date(out, manifest, [k for k in kits if k.folder == folder], cache)
    }


def _listed(manifest: Manifest, pending: Mapping[str, Entries]) -> Entries:
    """Every file the manifest will list: the kits built now in place of their old files."""
    files = {n: e for n, e in manifest.files.items() if folder_of(n) not in pending}
    for entries in pending.values():
        files.update(entries)
    return files


def _render(
    out: Path,
    kits: Sequence[KitPlan],
    made: Iterator[KitMade],
    on_kit: OnKit | None,
) -> tuple[list[Written], dict[str, dict], dict[str, Thumbnail]]:
    """What each kit gave as the files the build wrote, their manifest entries, and the
    thumbnails drawn of new PDFs, taking each kit as it is done."""
    written: list[Written] = []
    pending: dict[str, dict[str, dict[str, object]]] = {}
    drawn: dict[str, Thumbnail] = {}
    for number, (kit, kit_made) in enumerate(zip(kits, made, strict=True), start=1):
        folder, first = kit.folder, len(written)
        info = {**kit.info, **kit_made.recorded}
        entries = pending.setdefault(folder, {})
        for audience, files in kit_made.files:
            for file in files:
                relative = f"{folder}/{file.name}"
                made_here = (out / relative, file.pages, file.size, file.sha256, audience, folder)
                written.append(Written(*made_here, BUILT, info))
                entries[relative] = {
                    **info,
                    "audience": audience,
                    "sha256": file.sha256,
                    "bytes": file.size,
                    "pages": file.pages,
                    "order": len(entries) + 1,  # the plan's order, which the manifest sorts away
                }
                if file.title:  # a file the catalogue has no thumbnail (and title) of
                    entries[relative].update({FILE_TITLE: file.title, LANG: file.lang})
                if file.thumbnail:
                    drawn.setdefault(file.sha256, file.thumbnail)
        if on_kit:
            on_kit(KitDone(folder, tuple(written[first:]), number, len(kits)))
    return written, pending, drawn


def _settled(out: Path, files: Entries) -> bool:
    """Whether the manifest on disk already lists `files` alone and the catalogue is there:
    then a build that wrote nothing leaves both as they are."""
    on_disk = read_manifest(out, strict=False)
    catalogue = (out / INDEX).is_file() and (out / THUMBNAILS / DOCUMENTS).is_file()
    return not on_disk.pending and on_disk.files == files and catalogue


def _order(entry: Mapping[str, object]) -> int:
    order = entry.get("order")
    return order if isinstance(order, int) else 0


def _found(out: Path, name: str, entry: dict[str, object]) -> Written:
    """A file of an up-to-date kit, as its manifest entry describes it."""
    pages, size = entry.get("pages"), entry.get("bytes")
    return Written(
        out / name,
        pages if isinstance(pages, int) else 0,
        size if isinstance(size, int) else 0,
        str(entry["sha256"]),
        str(entry["audience"]),
        folder_of(name),
        UP_TO_DATE,
        of_the_kit(entry),
    )


def _in_order(
    out: Path, kits: Sequence[KitPlan], built: list[Written], found: dict[str, Entries]
) -> list[Written]:
    """Every kit's files, built or found, in the order the kits were asked for."""
    by_folder: dict[str, list[Written]] = {}
    for item in built:
        by_folder.setdefault(item.folder, []).append(item)
    for folder, entries in found.items():
        in_plan_order = sorted(entries.items(), key=lambda item: _order(item[1]))
        by_folder[folder] = [_found(out, name, entry) for name, entry in in_plan_order]
    return [item for kit in dict.fromkeys(k.folder for k in kits) for item in by_folder[kit]]


@contextlib.contextmanager
def _locked(out: Path) -> Iterator[None]:
    """One build at a time per output folder, made here if need be; the lock goes when the
    process does. A build that fails takes away the lock file and the folders it made, so
    bad input found while rendering leaves no trace a build that planned first would not."""
    made: list[Path] = []  # the folders this build made, deepest first
    if fcntl is None:  # pragma: no cover
        out.mkdir(parents=True, exist_ok=True)
        yield
        return
    handle, created = _lock(out, made)
    _LOCK_HELD.append(handle)
    try:
        yield
    except BaseException:
        if created:  # unlinked while held: a build waiting on it takes a fresh one
            (out / LOCK).unlink(missing_ok=True)
        _let_go(handle)
        for folder in made if created else ():
            with contextlib.suppress(OSError):  # not empty: another build has it now
                folder.rmdir()
        raise
    _let_go(handle)


def _let_go(handle: int) -> None:
    _LOCK_HELD.remove(handle)
    os.close(handle)


def _lock(out: Path, made: list[Path]) -> tuple[int, bool]:
    """The lock of `out`, held, and whether this build created its file. A lock file
    taken away by a failed build while this one waited for it is let go of, and the lock
    taken again at its place."""
    path = out / LOCK
    while True:
        made += [folder for folder in (out, *out.parents) if not folder.exists()]
        out.mkdir(parents=True, exist_ok=True)
        flags = os.O_RDWR | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
        try:
            try:
                handle, created = os.open(path, flags | os.O_CREAT | os.O_EXCL, 0o644), True
            except FileExistsError:
                handle, created = os.open(path, flags), False
        except FileNotFoundError:
            continue  # taken away meanwhile
        except OSError as error:
            raise UserError(
                Source(path), f"cannot lock the output folder: {error.strerror}"
            ) from None
        fcntl.flock(handle, fcntl.LOCK_EX)
        held = os.fstat(handle)
        try:
            there = os.stat(path, follow_symlinks=False)
            if (there.st_dev, there.st_ino) == (held.st_dev, held.st_ino):
                return handle, created
        except FileNotFoundError:
            pass
        os.close(handle)
