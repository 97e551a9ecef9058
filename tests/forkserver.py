"""Command lines run each in a process of its own, forked from one that has imported the
command line and the pipeline already: a fresh process without the half second an
interpreter takes to start and import them (tests/load/test_hostile_files.py runs forty).

The server reads one request a line (JSON: the arguments, the folder to run in, the files
for stdout and stderr) and forks a child for each, which sets its limits, runs the command
and reports what it used; the server answers with the child's exit status and report. A
child that dies (a signal, the address-space limit) is an exit status like any other. A
request marked "here" runs in the server itself (`ForkServer.warm`), so the children forked
after it start with what it imported and loaded.

`Warm` is the same idea for processes a test talks to while they run (the `preview --watch`
tests): it only imports, forks each on request and returns at once, and tells a child's exit
status when asked; the test signals the child itself.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO

REPO = Path(__file__).resolve().parents[1]
SERVER = """
import contextlib, json, os, resource, signal, sys, traceback
from shapes_print.commands.cli import main
import shapes_print.commands.buildcommand, shapes_print.pipeline.pipeline, shapes_print.write.write

def child(asked):
    signal.alarm(asked["timeout"])  # a case that hangs dies, and says so in its status
    os.chdir(asked["cwd"])
    for fd, name in ((1, "stdout"), (2, "stderr")):
        opened = os.open(asked[name], os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
        os.dup2(opened, fd)
    space = asked["address_space"]
    resource.setrlimit(resource.RLIMIT_AS, (space, space))
    try:  # the peak from here on: the imports this process shares, then the case's own
        with open("/proc/self/clear_refs", "w") as refs:
            refs.write("5")
    except OSError:
        pass
    status = 1
    try:
        status = main(asked["args"])
    except SystemExit as exit:
        status = exit.code if isinstance(exit.code, int) else 1
    except BaseException:
        traceback.print_exc()
    finally:
        used = resource.getrusage(resource.RUSAGE_SELF)  # this child's alone, from its fork
        try:
            with open("/proc/self/status") as lines:
                peak = next(int(l.split()[1]) for l in lines if l.startswith("VmHWM:"))
        except OSError:
            peak = used.ru_maxrss
        with open(asked["used"], "w") as out:
            json.dump({"peak_kib": peak, "cpu_seconds": used.ru_utime + used.ru_stime}, out)
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(status)

def here(asked):  # run in the server itself: what it imports and loads, the next children have
    os.chdir(asked["cwd"])
    with open(asked["stdout"], "w") as out, open(asked["stderr"], "w") as err:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                return main(asked["args"])
            except SystemExit as exit:
                return exit.code if isinstance(exit.code, int) else 1

for line in sys.stdin:
    asked = json.loads(line)
    if asked.get("here"):
        print(json.dumps({"status": here(asked)}), flush=True)
        continue
    pid = os.fork()
    if pid == 0:
        child(asked)
    _, waited = os.waitpid(pid, 0)
    print(json.dumps({"status": os.waitstatus_to_exitcode(waited)}), flush=True)
"""


@dataclass(frozen=True)
class Ran:
    """What a command run by the server did: its exit status (minus a signal's number if
    one killed it), what it printed, its peak memory (KiB) and CPU time (s), if it said."""

    status: int
    out: str
    err: str
    peak_kib: int | None
    cpu_seconds: float | None


class ForkServer:
    """One server process; `run` a command line in a child of it, `close` it when done."""

    def __init__(self) -> None:
        env = {**os.environ, "PYTHONPATH": str(REPO)}
        self.process = subprocess.Popen(
            [sys.executable, "-c", SERVER],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
            text=True,
        )

    def run(self, args: list[str], cwd: Path, work: Path, address_space: int, timeout: int) -> Ran:
        """Run `args` in `cwd` under the address-space limit, its output kept in `work`."""
        asked = {"args": args, "cwd": str(cwd), "address_space": address_space}
        return self._ask(asked | {"timeout": timeout}, work)

    def warm(self, args: list[str], cwd: Path, work: Path) -> Ran:
        """Run `args` in `cwd` in the server itself, without limits, its output kept in
        `work`: every command run after it starts with what this one imported and loaded,
        as a --watch or preview --serve process does after its first build."""
        return self._ask({"args": args, "cwd": str(cwd), "here": True}, work)

    def _ask(self, asked: dict[str, object], work: Path) -> Ran:
        """Send one request, wait for its answer, and read what it printed and used."""
        files = {name: work / f"{name}.txt" for name in ("stdout", "stderr", "used")}
        asked |= {name: str(path) for name, path in files.items()}
        stdin, stdout = self._pipes()
        stdin.write(json.dumps(asked) + "\n")
        stdin.flush()
        answer = stdout.readline()
        assert answer, "the fork server ended"
        read = {
            name: path.read_text(errors="surrogateescape") if path.is_file() else ""
            for name, path in files.items()
        }
        used = json.loads(read["used"]) if read["used"] else {}
        status = json.loads(answer)["status"]
        return Ran(
            status, read["stdout"], read["stderr"], used.get("peak_kib"), used.get("cpu_seconds")
        )

    def _pipes(self) -> tuple[IO[str], IO[str]]:
        assert self.process.stdin is not None and self.process.stdout is not None
        return self.process.stdin, self.process.stdout

    def close(self) -> None:
        stdin, _ = self._pipes()
        stdin.close()
        self.process.wait(timeout=60)


# A server of processes that run as long as a test wants: each forked on request, its
# stdout and stderr on a named pipe, its exit status told when asked (`Warm.ended`).
WARM = """
import json, os, sys, time
import PIL.Image, pypdfium2, watchfiles
import shapes_print.commands.cli, shapes_print.commands.entry, shapes_print.commands.watch
import shapes_print.pipeline.pipeline, shapes_print.pipeline.preview

def start(asked):
    pid = os.fork()
    if pid:
        return pid
    os.chdir(asked["cwd"])
    os.environ.clear()
    os.environ.update(asked["env"])
    os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
    said = os.open(asked["said"], os.O_WRONLY)
    for fd in (1, 2):
        os.dup2(said, fd)
    sys.argv = ["shapes-print", *asked["args"]]
    try:
        shapes_print.commands.entry.run()
    finally:
        os._exit(1)

def ended(pid, timeout):
    deadline = time.monotonic() + timeout
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return os.waitstatus_to_exitcode(status)
        if time.monotonic() >= deadline:
            return None
        time.sleep(0.02)

for line in sys.stdin:
    asked = json.loads(line)
    answer = start(asked) if "args" in asked else ended(asked["pid"], asked["timeout"])
    print(json.dumps(answer), flush=True)
"""


def _heeding_ctrl_c() -> None:
    """Ctrl-C stops the processes forked from the server even where this run ignores it
    (a test run started with `&`): they inherit the server's handling."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Warm:
    """One server that has imported the command line and the pipeline and done nothing
    else; `start` forks a command of it, `close` it when done."""

    def __init__(self, work: Path) -> None:
        self.work = work
        self.process = subprocess.Popen(
            [sys.executable, "-P", "-c", WARM],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env={**os.environ, "PYTHONPATH": str(REPO)},
            text=True,
            preexec_fn=_heeding_ctrl_c,
        )
        self.started = 0

    def start(self, args: list[str]) -> tuple[Forked, Iterator[str]]:
        """`args` run in a forked process, in this folder and environment, and its lines
        (stdout and stderr) as it prints them."""
        self.started += 1
        said = self.work / f"said-{self.started}"
        os.mkfifo(said)
        env = {**os.environ, "PYTHONPATH": str(REPO)}
        asked = {"args": args, "cwd": os.getcwd(), "env": env, "said": str(said)}
        forked = Forked(self, self._ask(asked))

        def lines() -> Iterator[str]:
            with said.open(encoding="utf-8", errors="replace") as reading:
                yield from reading

        return forked, lines()

    def ended(self, pid: int, timeout: float) -> int | None:
        """The exit status of a process it forked, once it ends within `timeout` seconds."""
        answer = self._ask({"pid": pid, "timeout": timeout})
        return None if answer is None else int(answer)

    def _ask(self, asked: dict[str, object]) -> object:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(asked) + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline()
        assert answer, "the warm server ended"
        return json.loads(answer)

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(timeout=60)


class Forked:
    """A process `Warm` forked, as much of a `subprocess.Popen` as the watch tests use."""

    def __init__(self, server: Warm, pid: int) -> None:
        self.server, self.pid = server, pid
        self.returncode: int | None = None

    def send_signal(self, number: int) -> None:
        if self.returncode is None:  # not yet reaped: the pid is still this process's
            os.kill(self.pid, number)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)

    def poll(self) -> int | None:
        return self.wait(0) if self.returncode is None else self.returncode

    def wait(self, timeout: float | None = None) -> int | None:
        """The exit status; None if `timeout` is 0 and it runs still."""
        if self.returncode is None:
            self.returncode = self.server.ended(self.pid, 600 if timeout is None else timeout)
            if self.returncode is None and timeout != 0:
                raise subprocess.TimeoutExpired(str(self.pid), timeout or 600)
        return self.returncode
