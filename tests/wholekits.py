"""Kits a build leaves whole, whatever stops it: the output folder as a user sees it, and a
check that every kit in it opens and matches the manifest. The atomic-output and interrupt
tests build two variants of one game that differ only in the title, so a rebuild changes
every PDF's bytes and a mix of old and new files inside one kit folder would show.
"""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader

from shapes_print.write import write
from shapes_print.write.catalogue import INDEX
from shapes_print.write.manifest import MANIFEST, verify
from tests.project_copy import GAME, copy_project

# One game, so the kits (and the order they are swapped in) do not depend on what else
# content/ holds.
KITS = (GAME, "--paper", "a4", "--players", "3-5")
TITLE = "title: Pass and pick shapes"
# The checkout, for builds started as processes of their own (PYTHONPATH).
REPO = Path(__file__).resolve().parents[1]
# What a build killed at any moment may leave hidden in `out`: its staging folder, its lock,
# and a manifest or catalogue page written but not yet renamed into place (the next build
# writes each afresh).
HIDDEN_OK = (write.STAGING_PREFIX, write.LOCK, f".{MANIFEST}.tmp", f".{INDEX}.tmp")


def variants(tmp_path: Path) -> tuple[Path, Path]:
    """Two copies of the project, A and B, whose game differs in its title alone."""
    a = copy_project(tmp_path / "a")
    b = copy_project(tmp_path / "b", [("content/pass-and-pick/game.yaml", TITLE, f"{TITLE} (B)")])
    return a, b


def snapshot(out: Path) -> dict[str, bytes]:
    """Every file a user sees (hidden staging and lock files aside), by path."""
    files = {}
    for path in out.rglob("*"):
        relative = path.relative_to(out)
        if path.is_file() and not any(part.startswith(".") for part in relative.parts):
            files[relative.as_posix()] = path.read_bytes()
    return files


def assert_whole(out: Path) -> None:
    """Every PDF opens, every file matches the manifest, only known hidden names."""
    for entry in out.iterdir():
        if entry.name.startswith("."):
            assert entry.name.startswith(HIDDEN_OK), entry
    pdfs = [name for name in snapshot(out) if name.endswith(".pdf")]
    if not (out / MANIFEST).exists():
        assert pdfs == []
        return
    for name in pdfs:
        assert len(PdfReader(out / name).pages) > 0
    found, checked = verify(out)
    assert found == []
    assert checked == len(pdfs)
