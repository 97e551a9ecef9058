"""The installed command and `python -m shapes_print`: a quick command (quick.py) runs
without importing typer; every other command line goes to cli.py."""

import gc
import os
import sys
from typing import NoReturn

from shapes_print.commands.quick import INTERRUPTED, guarded, quick_call, say, split_debug

# Objects allocated between collections of the youngest generation (Python's default: 700).
# A build makes mostly long-lived objects (models, fonts, plans) and few reference cycles
# (its collections free a few hundred objects in all, at any deck size), so collecting
# seldom costs no memory (a 10,000-card build peaks at 65.0 MB with 10,000 or 100,000)
# and saves time: 100,000 rather than 10,000 is 1.4% fewer instructions.
GC_THRESHOLD = 100_000


def main(argv: list[str] | None = None, *, freeze: bool = False) -> int:
    """Run one command line (sys.argv's by default); its exit status. With `freeze` (the
    command's own process), what typer's command line loads is left out of every garbage
    collection from then on: it lives as long as the process, and each full collection
    would walk it again."""
    args, debug = split_debug(argv)
    call = quick_call(args)
    if call is not None:
        return guarded(call, debug)
    from shapes_print.commands import cli

    if freeze:
        gc.freeze()
    return cli.main(argv)


def run() -> NoReturn:
    """`main`, then exit at once.

    By then every file is written, closed and renamed into place. The interpreter's usual
    exit would free a build's objects one by one (fonts, schemas, plans: about 0.1 s, a
    sixth of a small build) for the system to reclaim anyway. Under a profiler or a tracer
    (coverage) it exits as usual, so that their reports get written.

    Ctrl-C, whatever the command was doing (loading typer, planning, rendering over forked
    workers), is one line and INTERRUPTED: a user who stopped it needs no traceback, and
    what was under way has cleaned up on the way here (a build takes away its staging
    folder, and its lock file if it made it, leaving earlier output as it was).
    `preview --watch` takes Ctrl-C as its way to stop, and says so itself.
    """
    gc.set_threshold(GC_THRESHOLD)
    # pydantic looks through every installed package's metadata for plugins (monitoring
    # hooks) when it first builds a validator; the command checks only its own files and
    # uses none. Setting the variable yourself still decides.
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    try:
        status = main(freeze=True)
    except KeyboardInterrupt:
        say("interrupted")
        status = INTERRUPTED
    if sys.getprofile() or sys.gettrace():
        sys.exit(status)
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BrokenPipeError:  # `shapes-print build | head`: the reader has gone, nothing to say
        pass
    os._exit(status)
