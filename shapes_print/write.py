"""Write stage: render kits into a temporary folder, then move each finished kit into place.

A failure or a kill before the move leaves earlier output exactly as it was; the manifest
records every file with its SHA-256 so `verify` can re-check it later.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from shapes_print.kit import KitFile
from shapes_print.render.pdf import write_pdf

MANIFEST = "manifest.json"


@dataclass(frozen=True, slots=True)
class Written:
    path: Path
    pages: int
    size: int
    sha256: str
    audience: str
    folder: str


@dataclass(frozen=True, slots=True)
class KitDone:
    """One kit rendered (not yet swapped in): its folder, its files, and how far the batch is."""

    folder: str
    files: tuple[Written, ...]
    done: int
    total: int


OnKit = Callable[[KitDone], None]
PlannedKit = tuple[str, dict[str, str], list[KitFile]]


def write_kits(out: Path, kits: Sequence[PlannedKit], on_kit: OnKit | None = None) -> list[Written]:
    """Render every kit, then swap the finished folders into `out` one by one.

    `on_kit` is called after each kit is rendered, so a caller can report progress.
    """
    out.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".building-", dir=out))
    written: list[Written] = []
    entries: dict[str, dict[str, object]] = {}
    try:
        finished: list[str] = []
        for folder, info, files in kits:
            first = len(written)
            target = staging / folder
            target.mkdir(parents=True)
            for kit_file in files:
                path = target / f"{kit_file.name}.pdf"
                with path.open("wb") as handle:
                    write_pdf(kit_file.document, handle)
                data = path.read_bytes()
                digest = hashlib.sha256(data).hexdigest()
                relative = f"{folder}/{path.name}"
                written.append(Written(out / relative, len(kit_file.document.pages), len(data), digest, kit_file.audience, folder))
                entries[relative] = {**info, "audience": kit_file.audience, "sha256": digest, "bytes": len(data)}
            finished.append(folder)
            if on_kit:
                on_kit(KitDone(folder, tuple(written[first:]), len(finished), len(kits)))
        for folder in finished:
            swap_in(staging / folder, out / folder)
        _update_manifest(out, entries, finished)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return written


def swap_in(source: Path, target: Path) -> None:
    """Replace `target` by the finished `source` folder with renames, never a half-copy."""
    target.parent.mkdir(parents=True, exist_ok=True)
    old = target.with_name(f".old-{target.name}")
    if old.exists():
        shutil.rmtree(old)
    if target.exists():
        os.replace(target, old)
    os.replace(source, target)
    shutil.rmtree(old, ignore_errors=True)


def _update_manifest(out: Path, entries: dict[str, dict[str, object]], folders: list[str]) -> None:
    path = out / MANIFEST
    try:
        files = json.loads(path.read_text())["files"]
    except (OSError, ValueError, KeyError, TypeError):
        files = {}
    files = {name: entry for name, entry in files.items() if not any(name.startswith(f"{f}/") for f in folders)}
    files.update(entries)
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps({"files": dict(sorted(files.items()))}, indent=2) + "\n")
    os.replace(temporary, path)
