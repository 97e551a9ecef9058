"""Files a YAML file names by a relative path, kept inside the folder they belong to.

Game files, the printing guide and fonts all take this check; it sits below both the loader
and `fonts` (which cannot import the loader), so there is one copy of it and of its messages.
"""

from __future__ import annotations

from pathlib import Path

from shapes_print.errors import Source, UserError


def inside(folder: Path, name: str, where: Source | None, what: str) -> Path:
    """`folder / name` as an existing file that, symlinks resolved, stays inside `folder`;
    `what` names the folder in the message (game, templates, content)."""
    path = (folder / name).resolve()
    if not path.is_relative_to(folder.resolve()):
        raise UserError(where, f"{name!r} points outside the {what} folder {folder}")
    if not path.is_file():
        raise UserError(where, f"file {name!r} not found in {folder}")
    return path
