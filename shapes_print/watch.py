"""`preview --watch`: build a game's kit and its pictures again whenever an input file changes.

Input: what `preview` takes. Output: the same kit folders and pictures, redrawn after every
change, and one line per rebuild: how long it took, or the error. A rebuild that fails
writes nothing (everything is loaded and checked before the first byte is written), so the
last good preview stays as it was while the mistake is fixed.

Watched: the game's folder, the templates folder and the label sets' folders (labels/ and
the folder of any --labels file): every file the load stage reads is in one of them, and
changes to the output folder (written by the rebuild itself) are ignored. Once the load
stage lists the files it read (for incremental builds), `watched_folders` becomes their
folders, and a filter keeps to those files. Pages already drawn are kept
(`PageCache`), so a rebuild draws only the pages that changed.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

import watchfiles

from shapes_print.errors import UserError
from shapes_print.pipeline import Sources
from shapes_print.preview import PageCache, Preview

# Milliseconds with no further change before a rebuild starts: an editor's save (write,
# rename, touch) arrives as one batch, and a person waits no longer than this for it.
SETTLE_MS = 50
# Milliseconds the watcher waits before it reports that nothing changed: its first such
# report says it is up, and it wakes this often while idle (a cheap check, no rebuild).
READY_MS = 500


def watched_folders(sources: Sources, game: str, labels: Sequence[str]) -> list[Path]:
    """The folders the kit's inputs are in (its game, templates, label sets)."""
    folders = [sources.content / game, sources.templates, sources.labels]
    folders += [Path(ref).parent for ref in labels if ref.endswith((".yaml", ".yml"))]
    return [folder.resolve() for folder in dict.fromkeys(folders) if folder.is_dir()]


def _stamps(folders: Sequence[Path], output: Path) -> dict[Path, int]:
    """Every file's modification time, to see what changed before the watcher was up."""
    return {
        path: path.stat().st_mtime_ns
        for folder in folders
        for path in folder.rglob("*")
        if path.is_file() and not path.is_relative_to(output)
    }


def _names(changes: Iterable[tuple[watchfiles.Change, str]]) -> str:
    """The changed files still there (an editor's or sed's temporary file comes and goes)."""
    paths = {Path(path) for _, path in changes}
    return ", ".join(sorted({path.name for path in paths if path.exists()} or {"a file"}))


def _error_line(error: UserError) -> str:
    return f"error: {error.line()}" + (f" (hint: {error.hint})" if error.hint else "")


def _pictures(kits: Sequence[Preview]) -> str:
    count = sum(len(kit.pages) for kit in kits)
    return f"{count} pages in {', '.join(str(kit.folder) for kit in kits)}"


def watch(
    build: Callable[[PageCache], Sequence[Preview]],
    folders: Sequence[Path],
    out: Path,
    say: Callable[[str], None],
) -> None:
    """Build and preview (`build`, as `preview` does, with a cache to keep pages drawn),
    then again after each change in `folders` (outside `out`) until Ctrl-C.

    A mistake in the first build that names none of the watched files (an unknown game, a
    paper that does not exist) cannot be fixed by editing one, so it ends the command as
    `preview` would; any other is reported and watched for its fix.
    """
    cache = PageCache()
    output = out.resolve()

    def rebuild(why: str) -> None:
        start = time.perf_counter()
        kits = build(cache)
        say(f"{why} in {time.perf_counter() - start:.2f} s: {_pictures(kits)}")

    def again(why: str) -> None:
        try:
            rebuild(why)
        except UserError as error:
            say(_error_line(error))

    try:
        before = _stamps(folders, output)
        try:
            rebuild("built")
        except UserError as error:
            path = error.source.path.resolve() if error.source else None
            if path is None or not any(path.is_relative_to(folder) for folder in folders):
                raise
            say(_error_line(error))
        watching = False
        for changes in watchfiles.watch(
            *folders,
            watch_filter=watchfiles.DefaultFilter(ignore_paths=[output]),
            step=SETTLE_MS,
            rust_timeout=READY_MS,
            yield_on_timeout=True,
        ):
            if not watching:  # the watcher is up: catch up on what it missed, then say so
                watching = True
                if not changes and _stamps(folders, output) != before:
                    again("rebuilt (a file changed as watching began)")
                say(f"watching {', '.join(map(str, folders))} (Ctrl-C stops)")
            if changes:
                again(f"rebuilt ({_names(changes)} changed)")
    except KeyboardInterrupt:  # Ctrl-C; during a rebuild, its output is swapped in whole or not
        pass
    say("stopped watching")
