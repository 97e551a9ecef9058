"""The press print-shop files are made for, from templates/print.yaml's `press`.

Input: the print settings and the templates folder. Output: a primitives.Press whose
profile is a CMYK ICC profile inside the templates folder, checked here, at load, so a
wrong profile is one clear line before anything is written.
"""

from __future__ import annotations

from pathlib import Path

from shapes_print.errors import Source, UserError
from shapes_print.geometry.primitives import Press
from shapes_print.inputs import inside, note
from shapes_print.load.printmodels import PressSettings

# An ICC profile's header: its data colour space at bytes 16-20, its signature at 36-40.
_HEADER = 128
_SPACE_AT = slice(16, 20)
_SIGNATURE_AT = slice(36, 40)


def load_press(folder: Path, settings: PressSettings, where: Source) -> Press:
    """The press, its profile found in `folder` and checked to be an ICC profile of CMYK
    data (nothing else can take the inks the files are written in)."""
    path = inside(folder, settings.profile, where, "templates")
    note(path, path.read_bytes())  # embedded in print-shop files: an input of every kit
    with path.open("rb") as handle:
        head = handle.read(_HEADER)
    if len(head) < _HEADER or head[_SIGNATURE_AT] != b"acsp":
        raise UserError(where, f"press.profile: {settings.profile!r} is not an ICC profile")
    if head[_SPACE_AT] != b"CMYK":
        space = head[_SPACE_AT].decode("ascii", "replace").strip()
        raise UserError(
            where, f"press.profile: {settings.profile!r} is an ICC profile for {space}, not CMYK"
        )
    return Press(
        settings.standard, path, settings.condition, settings.condition_name, settings.registry
    )
