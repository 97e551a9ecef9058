"""Output files known by their status (write/hashes.py): a build that finds its kits up to
date trusts what an earlier build hashed of files whose device, inode, size and times are
unchanged, and hashes any other file again.

Each build here runs in this process with a cache of its own (buildcache.py), as a new
process would: what an earlier build hashed is known only as the cache folder kept it.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from shapes_print.write import hashes
from shapes_print.write.manifest import MANIFEST
from tests.project_copy import copy_project
from tests.write.test_incremental import build, built_json


@pytest.fixture
def project(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A copy of the project, built once (four kits), its files not yet hashed by a build."""
    root = copy_project(tmp_path)
    build(root)
    assert built_json(capsys)["built"] == 4
    return root


@pytest.fixture
def hashed(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Path]]:
    """Every file hashed from now on."""
    files: list[Path] = []
    real = hashes.sha256

    def counted(path: Path) -> str:
        files.append(path)
        return real(path)

    monkeypatch.setattr(hashes, "sha256", counted)
    yield files


def kit_files(out: Path) -> list[str]:
    return sorted(json.loads((out / MANIFEST).read_text())["files"])


def hashed_and_kept(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> dict:
    """A build that hashes every file and keeps them all (as good as old): its report."""
    monkeypatch.setattr(hashes, "SETTLED_NS", 0)
    build(project)
    return built_json(capsys)


def test_a_settled_file_is_not_read_again_by_the_next_build(
    project: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    hashed: list[Path],
) -> None:
    out = project / "out"
    assert hashed_and_kept(project, capsys, monkeypatch)["up_to_date"] == 4
    assert sorted(path.relative_to(out).as_posix() for path in hashed) == kit_files(out)
    hashed.clear()
    build(project)
    assert built_json(capsys)["up_to_date"] == 4
    assert hashed == []


def test_a_file_changed_after_it_was_hashed_is_hashed_again(
    project: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    hashed: list[Path],
) -> None:
    out = project / "out"
    hashed_and_kept(project, capsys, monkeypatch)
    victim = next((out / "shapes-the-game" / "a4" / "3-players").glob("*_host-key.pdf"))
    before = victim.stat()
    # The same size and modification time: only the ctime, which no program sets, tells.
    victim.write_bytes(victim.read_bytes().replace(b"%%EOF", b"%%EOX"))
    os.utime(victim, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert victim.stat().st_size == before.st_size
    hashed.clear()
    build(project)
    report = built_json(capsys)
    assert (report["built"], report["up_to_date"]) == (1, 3)
    assert victim in hashed


def test_a_file_changed_within_the_settling_time_is_not_kept(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The build just after the one that wrote the files hashes them and keeps none: any
    could still change without its times showing it."""
    monkeypatch.setattr(hashes, "SETTLED_NS", 3_600 * 1_000_000_000)
    build(project)
    assert built_json(capsys)["up_to_date"] == 4
    assert hashes._read((project / "out").absolute()) == {}


@pytest.mark.parametrize("damage", ["not json", "another folder", "a bad entry"])
def test_a_damaged_entry_is_no_entry(
    project: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    own_cache_folder: Path,
    hashed: list[Path],
    damage: str,
) -> None:
    out = project / "out"
    hashed_and_kept(project, capsys, monkeypatch)
    entry = own_cache_folder / "shapes-print" / hashes._entry(out.absolute())
    held = json.loads(entry.read_text())
    if damage == "not json":
        entry.write_text("{")
    else:  # written whole, with its digest, so that only its shape is wrong
        if damage == "another folder":
            held["value"]["folder"] = str(project)
        else:
            first = next(iter(held["value"]["files"]))
            held["value"]["files"][first] = ["not", "a stamp"]
        value = json.dumps(held["value"], sort_keys=True).encode("utf-8")
        held["digest"] = hashlib.sha256(value).hexdigest()
        entry.write_text(json.dumps(held))
    hashed.clear()
    build(project)
    assert built_json(capsys)["up_to_date"] == 4
    assert len(hashed) == len(kit_files(out))  # every file read again, none trusted
