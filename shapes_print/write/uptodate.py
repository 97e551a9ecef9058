"""Write stage, before rendering: which kits in an output folder are up to date.

Input: the output folder's manifest and the kits asked for (`KitPlan`: folder, what the
manifest records of each file, and how to plan it). Output: the kits whose files are all
there with the bytes listed and were made from the same fingerprint and settings, and
every file the kit read while planned unchanged, so the build skips them.
"""

from __future__ import annotations

import stat
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from msgspec import Struct, field

from shapes_print.buildcache import BuildCache
from shapes_print.errors import UserError
from shapes_print.inputs import path_named, read_input, recording
from shapes_print.limits import MAX_INPUT_BYTES
from shapes_print.plan.kit import KitFile
from shapes_print.write.hashes import file_digest
from shapes_print.write.manifest import (
    Entries,
    Manifest,
    read_manifest,
    settle,
)

# The manifest entry key of a kit's fingerprint: every file of the kit holds the same one.
INPUTS = "inputs"
# The manifest entry key of a kit built in part (a proof sheet, some decks or cards): what
# it holds in words. A whole kit has none, so neither is taken for the other.
PARTIAL = "partial"
# The manifest entry key of a kit at a card size other than its game's own: the size's
# name, which its folder is under (kit/contents.py), so the catalogue can tell the kits apart.
CARD_SIZE = "card_size"
# The manifest entry keys of the title and language of a file no thumbnail names (an
# embosser file's), which the catalogue links it by.
FILE_TITLE = "file_title"
LANG = "lang"
# What a file's manifest entry says of the file itself, beside what it says of its kit.
_OF_THE_FILE = ("audience", "sha256", "bytes", "pages", "order", "reads", FILE_TITLE, LANG)
# The manifest entry key of the files a kit read as it was made (a card's pictures, read
# when its game's kit is resolved), by name from the build's folders (`InputFiles.named`,
# as its fingerprint names its files), with their SHA-256: checked again, in the folders
# of the build that asks, before the kit is skipped.
READS = "reads"


class KitPlan(Struct, frozen=True):
    """A kit to write: its folder, what the manifest records of each of its files (game,
    paper, ..., and under INPUTS the fingerprint of all it is made from), and how to plan
    it, called only if the kit is to be built; `roots`, the folders the files it reads
    while planned are named from (`Sources.roots`; none: by absolute path)."""

    folder: str
    info: dict[str, str]
    plan: Callable[[], list[KitFile]]
    roots: Mapping[str, Path] = field(default_factory=dict)
    # Planned already (to tell whether a label set covers its game), with what it read.
    planned: tuple[list[KitFile], dict[str, dict[str, str]]] | None = None


def plan_recorded(kit: KitPlan) -> tuple[list[KitFile], dict[str, dict[str, str]]]:
    """The kit's files, and what its manifest entries record of the files read while
    planning it (none for most kits)."""
    if kit.planned is not None:
        return kit.planned
    with recording() as read:
        files = kit.plan()
    reads = dict(sorted(read.named(kit.roots).items()))
    return files, ({READS: reads} if reads else {})


def kits_up_to_date(out: Path, kits: Sequence[KitPlan], cache: BuildCache) -> dict[str, Entries]:
    """The kits up to date in `out` as its manifest stands, read without the lock."""
    return up_to_date(out, settle(out, read_manifest(out, strict=False)), kits, cache)


def up_to_date(
    out: Path, manifest: Manifest, kits: Sequence[KitPlan], cache: BuildCache
) -> dict[str, Entries]:
    """The kits whose files the manifest lists as made from the same fingerprint and
    settings, each file present with the bytes listed (its digest kept in the build's
    `cache` while its status stays); with their manifest entries."""
    by_folder = entries_by_folder(manifest)
    found = {}
    for kit in kits:
        entries = by_folder.get(kit.folder, {})
        if not kit.info.get(INPUTS) or not entries:
            continue
        same = all(of_the_kit(entry) == kit.info for entry in entries.values())
        if (
            same
            and all(_unchanged(out, name, entry, cache) for name, entry in entries.items())
            and reads_unchanged(next(iter(entries.values())).get(READS), kit.roots)
        ):
            found[kit.folder] = entries
    return found


def reads_unchanged(reads: object, roots: Mapping[str, Path]) -> bool:
    """Every file read (while a kit was planned, or a project loaded) still has the bytes
    it had then, each found by its name under `roots` (`path_named`). Each is read as input
    is, bounded: a file since replaced by a FIFO or a device, or grown past the largest
    input, has changed (and is refused when read again). Where it may lead was checked when
    it was read; its bytes tell whether that changed."""
    if not reads:
        return True
    if not isinstance(reads, dict):
        return False
    for name, digest in reads.items():
        path = path_named(name, roots).absolute()
        try:
            read = read_input(path, MAX_INPUT_BYTES, root=Path(path.anchor), noted=False)
            if read.sha256 != digest:
                return False
        except (OSError, UserError):
            return False
    return True


def _unchanged(out: Path, name: str, entry: Mapping[str, object], cache: BuildCache) -> bool:
    """The file is a plain file (not a link) with the size and SHA-256 its entry lists.
    Its name is the kit's folder (ours, checked for links) and one last part from the
    manifest, so it cannot lead outside the kit unless that part is `..`."""
    path = out / name
    if path.name in ("", ".", ".."):
        return False
    try:
        status = path.lstat()
    except OSError:
        return False
    if not stat.S_ISREG(status.st_mode) or status.st_size != entry.get("bytes"):
        return False
    return file_digest(out, name, status, cache) == entry.get("sha256")


def entries_by_folder(manifest: Manifest) -> dict[str, Entries]:
    by_folder: dict[str, Entries] = {}
    for name, entry in manifest.files.items():
        by_folder.setdefault(folder_of(name), {})[name] = entry
    return by_folder


def of_the_kit(entry: dict[str, object]) -> dict[str, object]:
    return {key: value for key, value in entry.items() if key not in _OF_THE_FILE}


def folder_of(name: str) -> str:
    return name.rsplit("/", 1)[0]
