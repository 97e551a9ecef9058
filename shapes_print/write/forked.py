"""Write stage, shared: a batch of tasks over forked worker processes, the results in order.

Input: a task (an index to a picklable result), how many, how many workers, and the build
lock's descriptor if one is held. Output: each index's result, in index order whatever the
number of workers; the first task to fail, in that order, raises its error, and the tasks
not yet started are dropped. `started_map` starts the workers at once, for a caller with
work of its own to do meanwhile. Workers are forked, so they inherit what the parent holds (a
planned batch, a loaded project) instead of pickling it; each lets go of the lock and dies
with its parent, or quietly on Ctrl-C. Where fork is not offered, or one worker would do,
the tasks run here.
"""

from __future__ import annotations

import contextlib
import ctypes
import gc
import os
import signal
import threading
from collections.abc import Callable, Iterator
from functools import partial
from typing import TypeVar, cast

Result = TypeVar("Result")
_PR_SET_PDEATHSIG = 1  # Linux prctl: a signal for the child when its parent dies
# The task of the batch under way, set before the workers fork: they inherit it.
_TASKS: list[Callable[[int], object]] = []


def forked_map(
    task: Callable[[int], Result],
    count: int,
    workers: int,
    lock: int | None = None,
    run: int = 1,
) -> Iterator[Result]:
    """`task(0)`, `task(1)`, ... `task(count - 1)`, over up to `workers` forked processes,
    each taking `run` neighbouring tasks at a time."""
    with started_map(task, count, workers, lock, run) as results:
        yield from results


@contextlib.contextmanager
def started_map(
    task: Callable[[int], Result],
    count: int,
    workers: int,
    lock: int | None = None,
    run: int = 1,
) -> Iterator[Iterator[Result]]:
    """The results `forked_map` gives, the workers started on entry: inside the `with`,
    this process may do other work while they do theirs, and read the results when it
    needs them. Leaving waits for the workers, dropping the tasks not yet started. In one
    process, a task runs when its result is read."""
    # A single kit, or a check of one group, never imports multiprocessing (the test comes
    # first): 7 to 9 ms of a small build's start-up.
    if min(workers, count) <= 1 or not _can_fork():
        yield map(task, range(count))
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    _TASKS.append(task)
    pool = ProcessPoolExecutor(
        min(workers, count),
        mp_context=multiprocessing.get_context("fork"),
        initializer=_worker_start,
        initargs=(lock, os.getpid()),
    )
    earlier_hook = threading.excepthook
    threading.excepthook = partial(_quiet_about_cancelled_work, earlier_hook)
    try:
        yield cast(Iterator[Result], pool.map(_run_nth, range(count), chunksize=run))
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
        threading.excepthook = earlier_hook
        _TASKS.pop()


def _quiet_about_cancelled_work(
    earlier_hook: Callable[[threading.ExceptHookArgs], object], raised: threading.ExceptHookArgs
) -> None:
    """On Ctrl-C the workers die while this process cancels the tasks not yet done, and
    Python 3.11's pool, marking the same tasks failed from its own thread, raises
    InvalidStateError there: a traceback before the one line "interrupted". Python 3.12
    ignores that error in the pool itself; until then, so does this hook (the hook it
    replaced takes anything else)."""
    from concurrent.futures import InvalidStateError

    if not isinstance(raised.exc_value, InvalidStateError):
        earlier_hook(raised)


def _can_fork() -> bool:
    import multiprocessing

    return "fork" in multiprocessing.get_all_start_methods()


def _run_nth(index: int) -> object:
    return _TASKS[-1](index)


def _worker_start(lock: int | None, parent: int) -> None:
    """A worker must neither keep the build's lock nor outlive a build that was killed:
    an orphan holding the lock would make every later build wait for ever."""
    if lock is not None:
        os.close(lock)  # the parent's own descriptor keeps the lock
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:  # the parent died before the line above took effect
        os._exit(1)
    # Ctrl-C reaches every process of the terminal's group: a worker dies of it at once
    # (even inside a C library) without a traceback of its own, and the parent, waiting on
    # the workers, says it once. A parent started ignoring it (`nohup`) has workers that do.
    if signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.SIG_DFL)
    # What the worker inherited lives as long as it does: no collection walks it again, nor
    # writes to the pages the fork shares with the parent until one of them writes.
    gc.freeze()
