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
from shapes_print.render.svg import cut_svg, page_svg

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


def write_kits(
    out: Path,
    kits: Sequence[PlannedKit],
    on_kit: OnKit | None = None,
    formats: Sequence[str] = ("pdf",),
) -> list[Written]:
    """Render every kit, then swap the finished folders into `out` one by one.

    `on_kit` is called after each kit is rendered, so a caller can report progress.
    `formats` may add `svg`: every page as SVG, and a cut file for pages with cut outlines.
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
                for path, pages in _render(kit_file, target, formats):
                    data = path.read_bytes()
                    size, digest = len(data), hashlib.sha256(data).hexdigest()
                    relative = f"{folder}/{path.name}"
                    audience = kit_file.audience
                    written.append(Written(out / relative, pages, size, digest, audience, folder))
                    entry = {"audience": audience, "sha256": digest, "bytes": size}
                    entries[relative] = {**info, **entry}
            finished.append(folder)
            if on_kit:
                on_kit(KitDone(folder, tuple(written[first:]), len(finished), len(kits)))
        for folder in finished:
            swap_in(staging / folder, out / folder)
        _update_manifest(out, entries, finished)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return written


def _render(kit_file: KitFile, target: Path, formats: Sequence[str]) -> list[tuple[Path, int]]:
    """The file's PDF; with `svg`, also every page as SVG and a cut file for each page with cuts."""
    document = kit_file.document
    pdf = target / f"{kit_file.name}.pdf"
    with pdf.open("wb") as handle:
        write_pdf(document, handle)
    made = [(pdf, len(document.pages))]
    if "svg" in formats:
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
