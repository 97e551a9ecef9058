"""New files a command writes into a user's folder (`new`, `labels new`), never through a link.

A link planted where a new file goes (dangling, or to a file elsewhere) would have the
command write wherever it points. So each folder on the way down from `base` is checked
not to be a link, and the file itself is made with O_CREAT | O_EXCL | O_NOFOLLOW: it must
not exist at all, not even as a dangling link, and is then ours alone.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

from shapes_print.errors import Source, UserError, system_error

NAME_CHARACTERS = "letters, digits, - and _"


def create_file(path: Path, data: bytes, base: Path, exists: str) -> None:
    """Write `data` as the new file `path` under the folder `base` (folders between made as
    needed); `exists` is the message when something already has the name."""
    folder = base
    for part in path.parent.relative_to(base).parts:
        folder = folder / part
        if folder.is_symlink():
            raise UserError(Source(folder), "is a link: new files are never written through one")
        folder.mkdir(exist_ok=True)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
    try:
        descriptor = os.open(path, flags, 0o644)
    except OSError as error:
        if error.errno == errno.EEXIST:
            raise UserError(Source(path), exists) from None
        raise system_error(error, path) from None
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(data)
    except OSError as error:
        path.unlink(missing_ok=True)
        raise system_error(error, path) from None


def replace_file(path: Path, data: bytes) -> None:
    """Write `data` as `path`, new or in place of the file there, whole or not at all: into
    a fresh file beside it, then renamed over it; never through a link."""
    if path.is_symlink():
        raise UserError(Source(path), "is a link: files are never written through one")
    if not path.parent.is_dir():
        raise UserError(Source(path.parent), "folder not found")
    temporary = path.with_name(f".{path.name}.tmp")
    temporary.unlink(missing_ok=True)  # a fresh file: never write through a planted link
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
    try:
        with os.fdopen(os.open(temporary, flags, 0o644), "wb") as handle:
            handle.write(data)
        os.replace(temporary, path)
    except OSError as error:
        temporary.unlink(missing_ok=True)
        raise system_error(error, path) from None
