"""Output files known by their status (write/hashes.py): a build that finds its kits up to
date trusts what an earlier build hashed of files whose device, inode, size and times are
unchanged, and hashes any other file again.

Each build here runs in this process with a cache of its own (buildcache.py), as a new
process would: what an earlier build hashed is known only as the cache folder kept it.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from shapes_print.workdone import Heard, listening_to_work
from shapes_print.write import hashes
from shapes_print.write.manifest import MANIFEST
from tests.incrementalbuild import build, built_json
from tests.project_copy import copy_project


@pytest.fixture(scope="module")
def built_once(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the project and its first build (four kits), made once for the module in
    the module's cache folder (tests/conftest.py), which no test reads."""
    root = copy_project(tmp_path_factory.mktemp("built"))
    report = io.StringIO()
    with contextlib.redirect_stdout(report):
        build(root)
    assert json.loads(report.getvalue())["built"] == 4
    return root


@pytest.fixture
def project(tmp_path: Path, built_once: Path) -> Path:
    """The built project copied for the test (as tests/write/test_incremental.py copies it):
    its files new (new inodes and times), its kits up to date, none of them hashed by a
    build, and the test's cache folder empty."""
    return Path(shutil.copytree(built_once, tmp_path / "project", symlinks=True))


@pytest.fixture
def work() -> Iterator[Heard]:
    """The work done from now on, in this process: `work.of("hashed")` the output files
    hashed, `work.work.clear()` forgets what was heard."""
    with listening_to_work() as heard:
        yield heard


def hashed(work: Heard) -> list[Path]:
    """The output files hashed, in order."""
    return [Path(path) for path in work.of("hashed")]


def kept_for(cache: Path, out: Path) -> tuple[Path, dict]:
    """The cache folder's entry of what was hashed in `out` (JSON, whose value names the
    folder), and that value: found by what it says, one entry per output folder."""
    values = {path: json.loads(path.read_text())["value"] for path in cache.rglob("*.json")}
    (found,) = [
        (path, value)
        for path, value in values.items()
        if isinstance(value, dict) and value.get("folder") == str(out.absolute())
    ]
    return found


def kit_files(out: Path) -> list[str]:
    return sorted(json.loads((out / MANIFEST).read_text())["files"])


def changed_files(out: Path) -> list[Path]:
    """Every file in `out`: the kits' and the manifest, catalogue and pictures beside them."""
    return [path for path in out.rglob("*") if path.is_file()]


def settled(out: Path) -> None:
    """Wait until every file in `out` last changed longer ago than the settling time."""
    newest = max(path.stat().st_ctime_ns for path in changed_files(out))
    while (wait := newest + hashes.SETTLED_NS - time.time_ns()) >= 0:
        time.sleep(wait / 1e9 + 0.01)


def unsettled(out: Path) -> int:
    """Change every file's ctime to now (its bytes and modification time as they were),
    as a write would: the time it was done."""
    for path in changed_files(out):
        status = path.stat()
        os.utime(path, ns=(status.st_atime_ns, status.st_mtime_ns))
    return time.time_ns()


def hashed_and_kept(project: Path, capsys: pytest.CaptureFixture[str]) -> dict:
    """A build that hashes every file and keeps them all, every one settled by then (as
    good as old): its report."""
    settled(project / "out")
    build(project)
    return built_json(capsys)


def test_a_settled_file_is_not_read_again_by_the_next_build(
    project: Path,
    capsys: pytest.CaptureFixture[str],
    work: Heard,
) -> None:
    out = project / "out"
    assert hashed_and_kept(project, capsys)["up_to_date"] == 4
    assert sorted(path.relative_to(out).as_posix() for path in hashed(work)) == kit_files(out)
    work.work.clear()
    build(project)
    assert built_json(capsys)["up_to_date"] == 4
    assert hashed(work) == []


def test_a_file_changed_after_it_was_hashed_is_hashed_again(
    project: Path,
    capsys: pytest.CaptureFixture[str],
    work: Heard,
) -> None:
    out = project / "out"
    hashed_and_kept(project, capsys)
    victim = next((out / "shapes-the-game" / "a4" / "3-players").glob("*_host-key.pdf"))
    before = victim.stat()
    # The same size and modification time: only the ctime, which no program sets, tells.
    victim.write_bytes(victim.read_bytes().replace(b"%%EOF", b"%%EOX"))
    os.utime(victim, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert victim.stat().st_size == before.st_size
    work.work.clear()
    build(project)
    report = built_json(capsys)
    assert (report["built"], report["up_to_date"]) == (1, 3)
    assert victim in hashed(work)


def test_a_file_changed_within_the_settling_time_is_not_kept(
    project: Path, capsys: pytest.CaptureFixture[str], own_cache_folder: Path
) -> None:
    """A build just after the files changed hashes them and keeps none: any could still
    change without its times showing it. Should the build itself take longer than the
    settling time (a machine very busy), the files are changed and built again."""
    for _ in range(3):
        changed = unsettled(project / "out")
        build(project)
        assert built_json(capsys)["up_to_date"] == 4
        if time.time_ns() - changed < hashes.SETTLED_NS:
            break
    else:
        pytest.fail("three builds in a row took longer than the settling time")
    assert kept_for(own_cache_folder, project / "out")[1]["files"] == {}


@pytest.mark.parametrize("damage", ["not json", "another folder", "a bad entry"])
def test_a_damaged_entry_is_no_entry(
    project: Path,
    capsys: pytest.CaptureFixture[str],
    own_cache_folder: Path,
    work: Heard,
    damage: str,
) -> None:
    out = project / "out"
    hashed_and_kept(project, capsys)
    entry, _ = kept_for(own_cache_folder, out)
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
    work.work.clear()
    build(project)
    assert built_json(capsys)["up_to_date"] == 4
    assert len(hashed(work)) == len(kit_files(out))  # every file read again, none trusted
