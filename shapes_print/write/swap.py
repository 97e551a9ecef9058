"""Write stage, the last move: a finished folder put in place of the old one in one rename.

Input: a staged kit folder and its place in the output folder. Output: the kit at its
place, whole; the old one where the staged one was, for the caller to delete; each move
told to whoever listens (workdone.py). Nothing is written through a symbolic link planted
inside the output folder.
"""

from __future__ import annotations

import ctypes
import errno
import os
from pathlib import Path

from shapes_print.errors import Source, UserError
from shapes_print.workdone import done

# renameat2(2) with RENAME_EXCHANGE swaps two paths in one step (Linux 3.15+).
_AT_FDCWD = -100
_RENAME_EXCHANGE = 2


def refuse_links(out: Path, folder: str) -> None:
    """Every folder between `out` and a kit must be a real folder, never a planted link."""
    path = out
    for part in Path(folder).parts:
        path = path / part
        if path.is_symlink():
            raise UserError(
                Source(path), "is a symbolic link; builds never write through links inside --out"
            )
        if path.exists() and not path.is_dir():
            raise UserError(Source(path), "is in the way of a kit folder: it is not a folder")


def swap_in(source: Path, target: Path) -> None:
    """Put the finished `source` folder at `target` in one rename, never a half-copy.

    An old `target` ends up at `source`'s path, for the caller to delete with its staging.
    """
    target.parent.mkdir(parents=True, exist_ok=True)
    if not target.exists():
        os.rename(source, target)
    elif not _exchange(source, target):
        swap_by_renames(source, target)
    done("moved", target)


def swap_by_renames(source: Path, target: Path) -> None:
    """Where the system has no atomic exchange (not Linux): the same swap in three renames,
    with a moment when `target` is absent."""
    old = source.with_name(f"{source.name}.old")
    os.rename(target, old)
    os.rename(source, target)
    os.rename(old, source)


def _exchange(a: Path, b: Path) -> bool:
    """Swap two paths atomically where the system can; False where it cannot."""
    try:
        renameat2 = ctypes.CDLL(None, use_errno=True).renameat2
    except (AttributeError, OSError, TypeError):
        return False
    result = renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE)
    if result == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS, errno.ENOTSUP):
        return False
    raise OSError(code, os.strerror(code), str(b))
