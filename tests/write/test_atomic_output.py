"""Output is never half-written: failing, crashing and killed builds leave whole kits behind.

Two variants of the game differ only in the title, so a rebuild changes every PDF's bytes
and a mix of old and new files inside one kit folder would show. The tests that start from a
build of the first variant copy one made once for the module (`earlier`).
"""

from __future__ import annotations

import json
import multiprocessing
import os
import random
import resource
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from shapes_print.commands.cli import main
from shapes_print.commands.quick import guarded
from shapes_print.workdone import Work, acting_on_work
from shapes_print.write import swap, write
from shapes_print.write.manifest import MANIFEST
from tests import tinygame
from tests.project_copy import GAME, build_args, copy_project, run
from tests.wholekits import KITS, REPO, assert_whole, snapshot, variants

# The variants, and an output folder of variant A's kits (KITS) built from them.
Built = tuple[Path, Path, Path]


@pytest.fixture(scope="module")
def built_once(tmp_path_factory: pytest.TempPathFactory) -> Built:
    """The variants, and A's kits built, once for the module: no test edits them."""
    root = tmp_path_factory.mktemp("variants")
    a, b = variants(root)
    assert main(build_args(a, root / "out", *KITS, "--quiet")) == 0
    return a, b, root / "out"


@pytest.fixture
def earlier(tmp_path: Path, built_once: Built) -> Built:
    """The variants, and a copy of the folder of A's kits built, the test's own to change."""
    a, b, out = built_once
    return a, b, Path(shutil.copytree(out, tmp_path / "out", symlinks=True))


def test_bad_input_leaves_previous_output_byte_for_byte(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], earlier: Built
) -> None:
    _, _, out = earlier
    before = snapshot(out)
    b = copy_project(tmp_path / "b", [("content/pass-and-pick/deck.yaml", None, "cards: [")])
    status, lines, _ = run(build_args(b, out, *KITS), capsys, tmp_path)
    assert status == 2
    assert len(lines) == 1
    assert snapshot(out) == before


# Standard kits plan, then the same kits under large print do not: its 24 pt words do not
# fit a mini card's label box, found only while planning.
LATE_BAD_KIT = ("--paper", "a4", "--players", "3-4", "--labels", "standard,large-print")


def every_file(out: Path) -> dict[str, bytes]:
    """Every file in `out`, hidden ones too, by path."""
    return {
        path.relative_to(out).as_posix(): path.read_bytes()
        for path in out.rglob("*")
        if path.is_file()
    }


@pytest.mark.parametrize("built_before", [False, True], ids=["new-folder", "earlier-build"])
def test_a_kit_that_fails_to_plan_late_in_the_batch_writes_nothing_whatever_the_jobs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], built_before: bool, built_once: Built
) -> None:
    """Over two processes, each plans the kits it renders while the other renders: the
    standard kits are in staging when a large-print kit fails. Nothing reaches `out`, not
    even the lock or the folder itself, and the line is the one process's line."""
    root, _, built = built_once  # variant A, unchanged
    out = tmp_path / "out"
    if built_before:
        shutil.copytree(built, out, symlinks=True)
    before = every_file(out) if built_before else None
    told = {}
    for jobs in ("1", "2"):
        args = build_args(root, out, *LATE_BAD_KIT, "--card-size", "mini", "--jobs", jobs)
        status, told[jobs], printed = run(args, capsys, tmp_path)
        assert status == 2
        assert (every_file(out) if built_before else out.exists()) == (before or False)
    assert told["1"] == told["2"]
    assert len(told["2"]) == 1
    assert told["2"][0].endswith("even at 24 pt (label set 'large-print')")
    assert "[1/4] pass-and-pick/mini/a4/3-players" in printed  # a worker had rendered a kit


@contextmanager
def files_at_most(size: int) -> Iterator[None]:
    """Inside the block, writing a file of this process (or a worker it forks) past `size`
    bytes fails (EFBIG, "File too large"), as on a full disk: the system's limit on a
    file's size, and the signal it sends ignored, both put back after."""
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    ignored = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (size, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
        signal.signal(signal.SIGXFSZ, ignored)


def test_crash_while_rendering_leaves_previous_output_and_no_staging(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], earlier: Built
) -> None:
    """A write refused by the system after some of the kits' files are written (each
    print-and-play file is over 100 kB, most others under): the files written are left
    in staging, which goes."""
    _, b, out = earlier
    before = snapshot(out)
    with files_at_most(100_000):
        status, lines, _ = run(build_args(b, out, *KITS), capsys, tmp_path)
    assert status == 2
    assert lines == [
        "out/pass-and-pick/a4/3-players: the file would be larger than this system allows "
        "(a file-size limit)"
    ]
    assert snapshot(out) == before
    assert not list(out.glob(f"{write.STAGING_PREFIX}*"))


def test_a_bug_is_one_line_of_internal_error_and_its_traceback_with_debug(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A command that fails by a bug (not the system's refusal, as above): one line,
    however many its message has, exit 1; with --debug, the error itself."""

    def broken() -> int:
        raise RuntimeError("renderer broke\nacross lines")

    assert guarded(broken, debug=False) == 1
    assert capsys.readouterr().err.splitlines() == [
        "internal error: RuntimeError: renderer broke across lines",
        "hint: run again with --debug for the traceback",
    ]
    with pytest.raises(RuntimeError, match="renderer broke"):
        guarded(broken, debug=True)


def _die_once_a_folder_moves(work: Work) -> None:
    """Die like SIGKILL (no cleanup, no exit handlers) the moment a folder moves in."""
    if work.kind == "moved":
        os._exit(9)


def _build_and_die_after_first_swap(args: list[str]) -> None:
    """Child process: build, but die right after the first kit folder moves into place."""
    with acting_on_work(_die_once_a_folder_moves):
        main(args)


def test_kill_between_kit_moves_leaves_each_kit_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], earlier: Built
) -> None:
    a, b, out = earlier
    old = snapshot(out)
    child = multiprocessing.get_context("fork").Process(
        target=_build_and_die_after_first_swap, args=(build_args(b, out, *KITS),)
    )
    child.start()
    child.join()
    assert child.exitcode == 9
    now = snapshot(out)
    manifest = json.loads((out / MANIFEST).read_text())
    assert sorted(manifest["pending"]) == [f"pass-and-pick/a4/{n}-players" for n in (3, 4, 5)]
    moved = [name for name in old if name.endswith(".pdf") and now[name] != old[name]]
    assert moved and all(name.startswith("pass-and-pick/a4/3-players/") for name in moved)
    assert len(moved) == len([n for n in old if n.startswith("pass-and-pick/a4/3-players/")])
    assert_whole(out)
    assert list(out.glob(f"{write.STAGING_PREFIX}*"))  # the dead build's staging is still there
    assert run(build_args(a, out, *KITS), capsys, tmp_path)[0] == 0
    assert "pending" not in json.loads((out / MANIFEST).read_text())
    assert not list(out.glob(f"{write.STAGING_PREFIX}*"))
    assert snapshot(out) == old
    assert_whole(out)


def test_builds_killed_at_random_moments_never_leave_a_broken_kit(
    tmp_path: Path, built_once: Built
) -> None:
    """Builds as processes of their own, killed at moments drawn over a whole build's
    time; then a whole build, in this process (the same command), after them."""
    a, b, _ = built_once
    out = tmp_path / "out"
    env = {**os.environ, "PYTHONPATH": str(REPO)}

    def start(root: Path) -> subprocess.Popen[bytes]:
        command = [sys.executable, "-m", "shapes_print", *build_args(root, out, *KITS)]
        return subprocess.Popen(
            command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )

    begun = time.perf_counter()
    assert start(a).wait() == 0
    full = time.perf_counter() - begun
    # Three moments: the first two fall while the kits are written (a build's last third,
    # after start-up and planning), the two draws past the third fell before anything was
    # staged. A build that wrote into its kits in place, not staged, failed the first kill.
    chance = random.Random(6)
    for run_number in range(3):
        process = start(b if run_number % 2 == 0 else a)
        time.sleep(chance.uniform(0.2, 1.0) * full)
        process.send_signal(signal.SIGKILL)
        process.wait()
        assert_whole(out)
    assert main(build_args(b, out, *KITS, "--quiet")) == 0
    assert not list(out.glob(f"{write.STAGING_PREFIX}*"))
    assert not list(out.glob(".*.tmp"))  # a whole build leaves nothing half-written
    assert_whole(out)


def test_symlink_planted_in_out_is_never_followed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = copy_project(tmp_path / "project")
    out, elsewhere = tmp_path / "out", tmp_path / "elsewhere"
    out.mkdir()
    elsewhere.mkdir()
    (out / "pass-and-pick").symlink_to(elsewhere, target_is_directory=True)
    status, lines, _ = run(build_args(root, out, *KITS), capsys, tmp_path)
    assert status == 2
    assert lines == [
        "out/pass-and-pick: is a symbolic link; builds never write through links inside --out"
    ]
    assert list(elsewhere.iterdir()) == []
    assert not (out / MANIFEST).exists()


def test_out_naming_a_file_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = copy_project(tmp_path / "project")
    (tmp_path / "out").write_text("notes")
    status, lines, _ = run(build_args(root, tmp_path / "out", *KITS), capsys, tmp_path)
    assert (status, lines) == (2, ["out: --out names a file, not a folder"])
    assert (tmp_path / "out").read_text() == "notes"


def test_links_planted_at_the_manifest_and_lock_are_never_written_through(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = copy_project(tmp_path / "project")
    out, precious = tmp_path / "out", tmp_path / "precious.txt"
    precious.write_text("keep me")
    out.mkdir()
    (out / MANIFEST).symlink_to(precious)
    (out / f".{MANIFEST}.tmp").symlink_to(precious)
    assert run(build_args(root, out, *KITS), capsys, tmp_path)[0] == 0
    assert precious.read_text() == "keep me"
    assert not (out / MANIFEST).is_symlink()
    assert_whole(out)
    (out / write.LOCK).unlink()
    (out / write.LOCK).symlink_to(precious)
    status, lines, _ = run(build_args(root, out, *KITS), capsys, tmp_path)
    assert (status, lines) == (
        2,
        [f"out/{write.LOCK}: cannot lock the output folder: Too many levels of symbolic links"],
    )
    assert precious.read_text() == "keep me"


def _one_kit_build(tmp_path: Path) -> tuple[Path, Callable[[], subprocess.Popen[bytes]]]:
    """An output folder, and a function that starts a one-kit build into it as a process
    of its own (called once the test holds the folder's lock): of tests/tinygame.py's game,
    whose kit is a few pages, as the lock is the question."""
    root = copy_project(tmp_path / "project", tinygame.project_edits())
    out = tmp_path / "out"
    out.mkdir()
    folders = ("--content", str(root / "content"), "--templates", str(root / "templates"))
    build = ("build", "tiny", *folders, "--paper", "a4", "--out", str(out))
    return out, lambda: subprocess.Popen(
        [sys.executable, "-m", "shapes_print", *build],
        env={**os.environ, "PYTHONPATH": str(REPO)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def test_a_second_build_waits_for_the_first(tmp_path: Path) -> None:
    """Two builds into one folder take turns: nothing is staged while the lock is held."""
    import fcntl

    out, start = _one_kit_build(tmp_path)
    with (out / write.LOCK).open("w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        process = start()
        time.sleep(3)  # a whole one-kit build takes about a second
        assert process.poll() is None
        assert not list(out.glob(f"{write.STAGING_PREFIX}*"))
    assert process.wait() == 0
    assert_whole(out)


def test_a_build_waiting_on_a_lock_file_a_failed_build_took_away_takes_a_fresh_one(
    tmp_path: Path,
) -> None:
    """A failed build that made the lock file unlinks it while still holding it; the build
    waiting on that file must not go on under a lock no later build can see."""
    import fcntl

    out, start = _one_kit_build(tmp_path)
    with (out / write.LOCK).open("w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        taken_away = os.fstat(held.fileno()).st_ino
        process = start()
        time.sleep(3)  # waiting on the file held here
        assert process.poll() is None
        (out / write.LOCK).unlink()
        # A third build coming now creates a fresh lock file and holds it at once.
        with (out / write.LOCK).open("x") as fresh:
            fcntl.flock(fresh, fcntl.LOCK_EX)
            held.close()  # the waiting build gets the old file, sees it gone, waits again
            time.sleep(3)
            assert process.poll() is None
            assert not list(out.glob(f"{write.STAGING_PREFIX}*"))
    assert process.wait() == 0
    assert (out / write.LOCK).stat().st_ino != taken_away
    assert_whole(out)


def test_without_atomic_exchange_a_kit_is_still_swapped_whole(
    tmp_path: Path, earlier: Built
) -> None:
    """Where renameat2 is missing (not Linux), a kit is swapped in with plain renames
    (swap_in takes them when the exchange is refused; here they are called, as Linux
    never refuses): the new kit folder in place, the old one where the new one was."""
    _, _, out = earlier
    kit = out / GAME / "a4" / "3-players"
    staged = out / ".building-test" / GAME / "a4" / "3-players"
    shutil.copytree(kit, staged)
    for pdf in staged.glob("*.pdf"):
        pdf.write_bytes(pdf.read_bytes() + b"%new\n")
    old, new = snapshot(kit), snapshot(staged)
    swap.swap_by_renames(staged, kit)
    assert (snapshot(kit), snapshot(staged)) == (new, old)
    assert sorted(path.name for path in kit.parent.iterdir()) == [
        "3-players",
        "4-players",
        "5-players",
    ]
