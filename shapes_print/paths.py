"""Paths kept where they belong: files a YAML file names stay inside its folder, files a
manifest names stay inside the output folder, and output stays out of the input folders.

Game files, the printing guide and fonts all take the first check; it sits below both the
loader and `fonts` (which cannot import the loader), so there is one copy of it and of its
messages.
"""

from __future__ import annotations

from pathlib import Path

from shapes_print.errors import Source, UserError
from shapes_print.load.inputs import note_missing


def inside(folder: Path, name: str, where: Source | None, what: str) -> Path:
    """`folder / name` as an existing file that, symlinks resolved, stays inside `folder`;
    `what` names the folder in the message (game, templates, content)."""
    path = (folder / name).resolve()
    if not path.is_relative_to(folder.resolve()):
        raise UserError(where, f"{name!r} points outside the {what} folder {folder}")
    if not path.is_file():
        note_missing(path)  # `preview --watch` builds again once it is there
        raise UserError(where, f"file {name!r} not found in {folder}")
    return path


def within(folder: Path, name: str) -> Path | None:
    """`folder / name` if, symlinks resolved, it stays inside `folder`; None if it leaves."""
    path = folder / name
    if not path.resolve().is_relative_to(folder.resolve()):
        return None
    return path


def check_output(out: Path, inputs: dict[str, Path]) -> None:
    """Output never goes into an input folder (`inputs`: its option -> folder), where the
    kits and a manifest would mix with the YAML they were built from."""
    target = out.resolve()
    for option, folder in inputs.items():
        if target.is_relative_to(folder.resolve()):
            raise UserError(
                Source(out),
                f"--out is inside the {option.removeprefix('--')} folder {folder}; "
                "build into a folder of its own, such as output",
            )
