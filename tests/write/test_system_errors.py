"""The system refusing a write (full disk, file-size limit, no permission, a file in the
way) is one line naming the path and what to do, exit status 2, and earlier output intact."""

from __future__ import annotations

import errno
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from shapes_print.errors import system_error
from shapes_print.write.manifest import MANIFEST
from tests.project_copy import GAME, build_args, copy_project, run
from tests.wholekits import snapshot

KIT = ("--players", "3-4", "--paper", "a4", "--quiet")
TITLE = "title: Pass and pick shapes"


def _built(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[Path, Path]:
    """A project with a kit already built from it, then changed so a rebuild differs."""
    root = copy_project(tmp_path / "project")
    out = tmp_path / "out"
    assert run(build_args(root, out, *KIT), capsys, tmp_path)[0] == 0
    game = root / "content" / GAME / "game.yaml"
    game.write_text(game.read_text().replace(TITLE, f"{TITLE} (again)"))
    return root, out


def _hidden_left(out: Path) -> list[str]:
    """Hidden files a failed build must not leave (the lock file stays, by design)."""
    return sorted(p.name for p in out.iterdir() if p.name.startswith(".") and "lock" not in p.name)


def test_a_file_size_limit_is_one_line_and_keeps_the_earlier_kit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root, out = _built(tmp_path, capsys)
    before = snapshot(out)

    def limit() -> None:  # in the child: files may grow to 20 KB, a cards PDF is larger
        resource.setrlimit(resource.RLIMIT_FSIZE, (20_000, 20_000))

    done = subprocess.run(
        [sys.executable, "-m", "shapes_print", *build_args(root, out, *KIT)],
        preexec_fn=limit,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2
    lines = done.stderr.replace(f"{tmp_path}/", "").splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f"out/{GAME}/a4/3-players: the file would be larger than")
    assert snapshot(out) == before
    assert _hidden_left(out) == []


def test_a_full_disk_is_one_line_and_leaves_nothing_behind(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A real full disk: a 64 KB memory file system, where the system lets us mount one."""
    disk = tmp_path / "disk"
    disk.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(disk)], capture_output=True
    )
    if mounted.returncode != 0:
        pytest.skip("cannot mount a small file system here")
    try:
        root = copy_project(tmp_path / "project")
        status, lines, _ = run(build_args(root, disk / "out", *KIT), capsys, tmp_path)
        assert status == 2
        assert lines == [
            f"disk/out/{GAME}/a4/3-players: the disk is full: free some space, or build "
            "into a folder on another disk"
        ]
        assert not (disk / "out").exists()  # the failed build made it, and takes it away
    finally:
        subprocess.run(["umount", str(disk)], check=True)


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write in any folder")
def test_a_folder_one_may_not_write_in_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = copy_project(tmp_path / "project")
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    status, lines, _ = run(build_args(root, locked / "out", *KIT), capsys, tmp_path)
    assert status == 2
    assert lines == [
        "locked/out: permission denied: choose a folder you may write in, or change its rights"
    ]


def test_an_output_folder_below_a_file_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = copy_project(tmp_path / "project")
    (tmp_path / "a-file").write_text("not a folder\n")
    status, lines, _ = run(build_args(root, tmp_path / "a-file" / "out", *KIT), capsys, tmp_path)
    assert status == 2
    assert lines == [
        "a-file/out: part of this path is a file where a folder was expected: move it away"
    ]


def test_a_folder_named_like_the_manifest_is_refused_before_any_kit_moves(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root, out = _built(tmp_path, capsys)
    (out / MANIFEST).unlink()
    (out / MANIFEST).mkdir()
    before = snapshot(out)
    status, lines, _ = run(build_args(root, out, *KIT), capsys, tmp_path)
    assert status == 2
    assert lines == [
        "out/manifest.json: is in the way of the manifest: it is not a file; move it away"
    ]
    assert snapshot(out) == before
    assert _hidden_left(out) == []


@pytest.mark.parametrize(
    ("code", "advice"),
    [
        (errno.ENOSPC, "the disk is full"),
        (errno.EFBIG, "larger than this system allows"),
        (errno.EACCES, "permission denied"),
        (errno.EISDIR, "is a folder where a file was expected"),
        (errno.ENOTDIR, "is a file where a folder was expected"),
    ],
)
def test_each_system_error_names_its_path_and_what_to_do(code: int, advice: str) -> None:
    error = system_error(OSError(code, os.strerror(code), "out/x.pdf"))
    assert error.line().startswith("out/x.pdf: ")
    assert advice in error.line()
    assert system_error(OSError(code, os.strerror(code)), Path("out")).line().startswith("out: ")
