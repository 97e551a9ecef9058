"""Ctrl-C, as a terminal sends it: to the command's whole process group, its forked workers
too. The command says one line, `interrupted`, and exits 130 as a shell expects; no process
prints a traceback, and the output folder is left as it was."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from shapes_print.write import write
from tests.project_copy import build_args, run
from tests.wholekits import KITS, REPO, assert_whole, snapshot, variants

WAIT = 600  # seconds: a build on a busy two-core machine, with room to spare


def in_own_group(command: list[str]) -> subprocess.Popen[str]:
    """`command` started as a terminal starts one: a process group of its own, Ctrl-C not
    ignored (a child ignores it if this process does: started by `nohup`, or by `&` in a
    script). Its stdout and stderr are read as text."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        return subprocess.Popen(
            command,
            env={**os.environ, "PYTHONPATH": str(REPO)},
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
        )
    finally:
        signal.signal(signal.SIGINT, previous)


def ctrl_c(process: subprocess.Popen[str]) -> tuple[str, str]:
    """Ctrl-C to the process's group; what it printed on stdout and stderr by the end."""
    try:
        os.killpg(process.pid, signal.SIGINT)
        return process.communicate(timeout=WAIT)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def started_rendering(out: Path, process: subprocess.Popen[str]) -> bool:
    """Whether a file has appeared in the build's staging folder (its workers are at work),
    waiting for it; False if the build ended first."""
    deadline = time.monotonic() + WAIT
    while process.poll() is None and time.monotonic() < deadline:
        try:
            if any(path.is_file() for path in out.glob(f"{write.STAGING_PREFIX}*/**/*")):
                return True
        except FileNotFoundError:  # a folder went while it was listed
            pass
        time.sleep(0.05)
    return False


# The quick command line, and one typer reads (`--flip` is left to it, commands/quick.py).
@pytest.mark.parametrize("extra", [(), ("--flip", "long")], ids=["quick", "typer"])
def test_ctrl_c_during_a_build_says_one_line_exits_130_and_leaves_the_output_as_it_was(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: tuple[str, ...]
) -> None:
    """The build's staging folder goes, and the kits built before are as they were."""
    a, b = variants(tmp_path)
    out = tmp_path / "out"
    assert run(build_args(a, out, *KITS), capsys, tmp_path)[0] == 0
    old, hidden = snapshot(out), sorted(p.name for p in out.iterdir() if p.name[0] == ".")
    # Every paper and count (20 kits) over two workers: still rendering when Ctrl-C comes.
    command = build_args(b, out, "--force", "--jobs", "2", *extra)
    process = in_own_group([sys.executable, "-m", "shapes_print", *command])
    if not started_rendering(out, process):
        ctrl_c(process)
        pytest.fail("the build ended before it rendered a file")
    _, said = ctrl_c(process)
    assert (process.returncode, said) == (130, "interrupted\n")
    assert snapshot(out) == old
    assert sorted(p.name for p in out.iterdir() if p.name[0] == ".") == hidden == [write.LOCK]
    assert_whole(out)


# Two tasks over two workers: the first is done at once, so one worker waits for work
# when Ctrl-C comes, and the other is in the middle of a task.
IDLE_AND_BUSY = """
import sys, time
from shapes_print.write.forked import forked_map

def task(index):
    if index:
        print("busy", flush=True)
        time.sleep(600)

try:
    list(forked_map(task, 2, 2))
except KeyboardInterrupt:
    sys.exit(130)
"""


def test_ctrl_c_stops_forked_workers_busy_or_idle_without_a_word(tmp_path: Path) -> None:
    process = in_own_group([sys.executable, "-c", IDLE_AND_BUSY])
    assert process.stdout is not None
    assert process.stdout.readline() == "busy\n"
    time.sleep(1)  # the first task long done: its worker waits for another
    _, said = ctrl_c(process)
    assert (process.returncode, said) == (130, "")


# Errors raised in threads while a batch's workers run, and once it is done; Python's own
# hook for a thread's error prints it on stderr, its last line the error and its message.
THREAD_ERRORS = """
import sys
import threading
from concurrent.futures import InvalidStateError
from shapes_print.write.forked import forked_map

def raise_in_a_thread(error):
    def fail():
        raise error

    thread = threading.Thread(target=fail)
    thread.start()
    thread.join()

for _ in forked_map(int, 4, 2):
    raise_in_a_thread(InvalidStateError("CANCELLED"))
    raise_in_a_thread(ValueError("a real bug"))
print("batch done", file=sys.stderr, flush=True)
raise_in_a_thread(InvalidStateError("after the batch"))
print("Python's hook is back:", threading.excepthook is threading.__excepthook__, flush=True)
"""


def test_while_workers_run_only_the_pools_cancelled_work_race_is_kept_quiet() -> None:
    """Python 3.11's pool raises InvalidStateError in its own thread when Ctrl-C cancels
    what its workers' deaths fail: not a word of it. Any other error of a thread reaches
    the hook that was there before (Python's own, which prints it), and that hook is back
    once the batch is done."""
    ran = subprocess.run(
        [sys.executable, "-c", THREAD_ERRORS],
        env={**os.environ, "PYTHONPATH": str(REPO)},
        capture_output=True,
        text=True,
        timeout=WAIT,
        check=True,
    )
    said = [
        line
        for line in ran.stderr.splitlines()
        if line == "batch done"
        or line.endswith(("Error: a real bug", "Error: CANCELLED", "Error: after the batch"))
    ]
    assert said == [
        *["ValueError: a real bug"] * 4,
        "batch done",
        "concurrent.futures._base.InvalidStateError: after the batch",
    ]
    assert ran.stdout == "Python's hook is back: True\n"
