"""Write stage: render kits into a staging folder inside `out`, then move each kit into place.

A build holds a lock on `out`, renders everything under `out/.building-*` (the same
filesystem, so moves are renames), records the kit folders about to change in the
manifest (`pending`), swaps each finished kit folder in with one atomic rename, and then
rewrites the manifest without `pending`. A failure or a kill at any moment leaves every kit
folder wholly old or wholly new and the manifest able to tell which; the next build deletes
stale staging folders and settles the manifest. Nothing is written through a symbolic link
planted inside `out`.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from shapes_print.errors import Source, UserError, system_error
from shapes_print.plan.embosser import EmbosserFile
from shapes_print.plan.kit import KitFile
from shapes_print.plan.tabletop import TabletopDeck
from shapes_print.render.pdf import write_pdf
from shapes_print.write.catalogue import DOCUMENTS, INDEX, write_catalogue
from shapes_print.write.cataloguepage import THUMBNAILS
from shapes_print.write.forked import forked_map
from shapes_print.write.manifest import (
    Entries,
    Manifest,
    check_manifest_place,
    read_manifest,
    settle,
    sha256,
    write_manifest,
)
from shapes_print.write.swap import refuse_links, swap_in
from shapes_print.write.uptodate import (
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


@dataclass(frozen=True, slots=True)
class Written:
    """One file of a kit asked for: written by this build, or found up to date."""

    path: Path
    pages: int
    size: int
    sha256: str
    audience: str
    folder: str
    status: str = BUILT
    kit: Mapping[str, object] = field(default_factory=dict)  # the kit's game, paper, ...


@dataclass(frozen=True, slots=True)
class KitDone:
    """One kit rendered (not yet swapped in): its folder, its files, and how far the batch is."""

    folder: str
    files: tuple[Written, ...]
    done: int
    total: int


OnKit = Callable[[KitDone], None]
PlannedKit = tuple[str, dict[str, str], list[KitFile]]


def write_kits(
    out: Path,
    kits: Sequence[KitPlan],
    on_kit: OnKit | None = None,
    formats: Sequence[str] = ("pdf",),
    jobs: int = 1,
    force: bool = False,
) -> list[Written]:
    """Render every kit that is not up to date into staging, then swap the finished folders
    into `out`.

    A kit is up to date when the manifest lists files for its folder made from the same
    fingerprint (`info[INPUTS]`) and every one of them is there with the bytes it lists:
    then it is not planned, and its files are left as they are. `force` builds every kit.
    `on_kit` is called after each kit is rendered, so a caller can report progress.
    `formats` may add `svg`: every page as SVG, and a cut file for pages with cut outlines.
    With `jobs` above 1, a batch of kits is rendered by up to that many forked processes
    into the staging folder; the swap and the manifest stay in this process, so the bytes
    do not depend on `jobs`.
    """
    if out.exists() and not out.is_dir():
        raise UserError(Source(out), "--out names a file, not a folder")
    # Kits are planned before the folder is touched, so bad input leaves nothing behind:
    # which need planning is read from the manifest as it stands, and read again under
    # the lock in case another build changed it meanwhile.
    seen = {} if force or not out.is_dir() else kits_up_to_date(out, kits)
    plans = {k.folder: plan_recorded(k) for k in kits if k.folder not in seen}
    out.mkdir(parents=True, exist_ok=True)
    with _locked(out):
        for stale in out.glob(f"{STAGING_PREFIX}*"):
            shutil.rmtree(stale, ignore_errors=True)
        check_manifest_place(out)
        manifest = settle(out, read_manifest(out, strict=False))
        for kit in kits:
            refuse_links(out, kit.folder)
        now = entries_by_folder(manifest)
        found = {
            folder: entries
            for folder, entries in seen.items()
            if now.get(folder) == entries
            or up_to_date(out, manifest, [k for k in kits if k.folder == folder])
        }
        for kit in kits:
            if kit.folder not in found and kit.folder not in plans:
                plans[kit.folder] = plan_recorded(kit)
        planned = [
            (k.folder, {**k.info, **plans[k.folder][1]}, plans[k.folder][0])
            for k in kits
            if k.folder not in found
        ]
        staging = Path(tempfile.mkdtemp(prefix=STAGING_PREFIX, dir=out))
        try:
            built, pending = _render(out, staging, planned, on_kit, formats, jobs)
            written = _in_order(out, kits, built, found)
            if pending:
                write_manifest(out, Manifest(manifest.files, pending))
            for folder in pending:
                refuse_links(out, folder)
                swap_in(staging / folder, out / folder)
            files = {n: e for n, e in manifest.files.items() if folder_of(n) not in pending}
            for entries in pending.values():
                files.update(entries)
            if pending or not _settled(out, files):
                write_manifest(out, Manifest(files))
                write_catalogue(out, files, jobs)
        finally:
            shutil.rmtree(staging, ignore_errors=True)
    return written


def _render(
    out: Path,
    staging: Path,
    kits: Sequence[PlannedKit],
    on_kit: OnKit | None,
    formats: Sequence[str],
    jobs: int,
) -> tuple[list[Written], dict[str, dict]]:
    written: list[Written] = []
    pending: dict[str, dict[str, dict[str, object]]] = {}
    rendered = _render_all(staging, kits, formats, jobs)
    for number, (folder, info, files) in enumerate(kits, start=1):
        first = len(written)
        entries = pending.setdefault(folder, {})
        for kit_file in files:
            for name, pages, size, digest in next(rendered):
                relative = f"{folder}/{name}"
                audience = kit_file.audience
                made = (out / relative, pages, size, digest, audience, folder, BUILT, info)
                written.append(Written(*made))
                entries[relative] = {
                    **info,
                    "audience": audience,
                    "sha256": digest,
                    "bytes": size,
                    "pages": pages,
                    "order": len(entries) + 1,  # the plan's order, which the manifest sorts away
                }
        if on_kit:
            on_kit(KitDone(folder, tuple(written[first:]), number, len(kits)))
    return written, pending


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


Made = list[tuple[str, int, int, str]]  # what one kit file gave: name, pages, bytes, SHA-256
Job = tuple[str, KitFile]  # a kit's folder and one of its files
# Runs of neighbouring files each worker takes, about: neighbours (the kits of a game under
# a label set) share most pages, which a worker draws once for all the files it renders,
# while more, shorter runs even out the workers' loads.
_RUNS_PER_WORKER = 8


def _render_job(staging: Path, formats: Sequence[str], job: Job) -> Made:
    folder, kit_file = job
    try:
        made = _render_file(kit_file, staging / folder, formats, staging.parent / folder)
    except OSError as error:  # named by the kit folder it was for, not the staging copy
        raise system_error(error, staging.parent / folder) from None
    return [(path.name, pages, path.stat().st_size, sha256(path)) for path, pages in made]


def _render_all(
    staging: Path, kits: Sequence[PlannedKit], formats: Sequence[str], jobs: int
) -> Iterator[Made]:
    """What rendering each file gave, in plan order whatever the number of jobs."""
    for folder, _, _ in kits:
        (staging / folder).mkdir(parents=True)
    batch = [(folder, kit_file) for folder, _, files in kits for kit_file in files]
    workers = min(jobs, len(kits))  # a single kit's files are rendered in this process
    lock = _LOCK_HELD[-1] if _LOCK_HELD else None
    run = max(1, len(batch) // (max(workers, 1) * _RUNS_PER_WORKER))
    return forked_map(
        lambda index: _render_job(staging, formats, batch[index]), len(batch), workers, lock, run
    )


def _render_file(
    kit_file: KitFile, target: Path, formats: Sequence[str], placed_in: Path
) -> list[tuple[Path, int]]:
    """The file's PDF; with `svg`, also every page as SVG and a cut file for each page with
    cuts; with `png`, each page of a file that names its pictures as a PNG. A Tabletop
    Simulator deck is its PNGs and saved object, which name where they will be: `placed_in`."""
    document = kit_file.document
    if isinstance(document, TabletopDeck):
        from shapes_print.render.tabletop import write_tabletop  # pdfium: only TTS needs it

        return write_tabletop(document, target, placed_in)
    if isinstance(document, EmbosserFile):  # for a braille embosser: no pages to draw
        brf = target / f"{kit_file.name}.brf"
        brf.write_bytes(document.encoded())
        return [(brf, len(document.pages))]
    pdf = target / f"{kit_file.name}.pdf"
    with pdf.open("wb") as handle:
        write_pdf(document, handle, kit_file.name)
    made = [(pdf, len(document.pages))]
    if "png" in formats and kit_file.pictures:
        from shapes_print.render.png import write_pngs  # pdfium: only pictures need it

        pictures = kit_file.pictures
        made += [(path, 1) for path in write_pngs(document, pictures.names, pictures.dpi, target)]
    if "svg" in formats:
        from shapes_print.render.svg import cut_svg, page_svg  # svgwrite: only SVG output needs it

        digits = max(2, len(str(len(document.pages))))
        for number, page in enumerate(document.pages, start=1):
            stem = f"{kit_file.name}_p{number:0{digits}d}"
            svg = target / f"{stem}.svg"
            svg.write_text(page_svg(document, page), encoding="utf-8")
            made.append((svg, 1))
            if page.cuts:
                cut = target / f"{stem}_cut.svg"
                cut.write_text(cut_svg(page), encoding="utf-8")
                made.append((cut, 1))
    return made


@contextlib.contextmanager
def _locked(out: Path) -> Iterator[None]:
    """One build at a time per output folder; the lock goes when the process does."""
    if fcntl is None:  # pragma: no cover
        yield
        return
    try:
        handle = os.open(out / LOCK, os.O_CREAT | os.O_RDWR | os.O_NOFOLLOW, 0o644)
    except OSError as error:
        raise UserError(
            Source(out / LOCK), f"cannot lock the output folder: {error.strerror}"
        ) from None
    try:
        fcntl.flock(handle, fcntl.LOCK_EX)
        _LOCK_HELD.append(handle)
        yield
    finally:
        if handle in _LOCK_HELD:
            _LOCK_HELD.remove(handle)
        os.close(handle)
