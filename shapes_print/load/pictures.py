"""Picture files a card shows: PNG and JPEG read for their size, SVG read into vector paths.

Input: a picture's name as a layout or a card's field writes it, and the folder of the file
that names it. Output: a `RasterPicture` (its bytes kept for the backends, which embed them
where they can) or a `VectorPicture` (the SVG's drawing as the
plan's paths, so it prints as vectors). Each is named by a digest of the file's bytes, so a
picture shown on many cards, or by two names, is one image in each PDF.

A picture's path stays inside the folder of the file naming it, like every file a YAML file
names; `picture_files` lists the files a document shows, for whoever rebuilds on change.
"""

from __future__ import annotations

import io
import re
import struct
import warnings
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from shapes_print.errors import Source, UserError
from shapes_print.errors import shown as escaped
from shapes_print.geometry.primitives import (
    Artifact,
    Document,
    Group,
    Image,
    Item,
    Picture,
    RasterPicture,
    VectorPicture,
)
from shapes_print.inputs import InputFile, inside, read_input
from shapes_print.limits import MAX_CARDS, MAX_PICTURE_BYTES, MAX_PICTURE_PIXELS, MAX_SVG_BYTES

if TYPE_CHECKING:
    from PIL import Image as PilImage

RASTER = {".png": "png", ".jpg": "jpeg", ".jpeg": "jpeg"}
SUFFIXES = (*RASTER, ".svg")
# How a PNG and a JPEG file start.
_SIGNATURES = {"PNG": b"\x89PNG\r\n\x1a\n", "JPEG": b"\xff\xd8\xff"}
# The modes Pillow reads a PNG or JPEG into that the backends print (16-bit grey scaled
# to 8 bits, a palette expanded); any other is refused when the picture is loaded.
_PRINTABLE = {
    "png": {"1", "L", "LA", "P", "PA", "RGB", "RGBA", "I", "I;16", "I;16B", "I;16L"},
    "jpeg": {"L", "RGB", "CMYK"},
}


def picture_path(name: str, folder: Path, where: Source | None, what: str) -> Path:
    """`folder / name` as an existing PNG, JPEG or SVG file that stays inside `folder`
    (`what` names the folder in messages)."""
    if not name.lower().endswith(SUFFIXES):
        raise UserError(where, f"picture {name!r}: expected a .png, .jpg or .svg file")
    return inside(folder, name, where, what)


def read_picture(path: Path, shown: str, where: Source | None) -> Picture:
    """The picture in `path` (already checked by `picture_path`), read (a regular file,
    within its size limit) and checked once per content; `shown` is its name as written."""
    vector = path.suffix.lower() == ".svg"
    limit = MAX_SVG_BYTES if vector else MAX_PICTURE_BYTES
    file = read_input(path, limit, where, what="picture", shown=shown)  # noted as an input
    try:
        return _picture(file)
    except _Refused as refused:
        raise UserError(where, f"picture {escaped(shown)}: {refused}") from None


class _Refused(Exception):
    """A picture file that cannot be printed, the problem in words: worded with the name the
    place reading it writes (`read_picture`), so a picture is checked by its file alone."""


@lru_cache(maxsize=MAX_CARDS)  # as many as a kit's cards may show, each its own
def _picture(file: InputFile) -> Picture:
    """The picture, checked and decoded once per file and content (its path and bytes):
    every kit of a build draws the same cards, and each label set draws them again."""
    digest = file.sha256[:16]
    if file.path.suffix.lower() == ".svg":
        return _vector(file, digest)
    return _raster(file, digest)


def _vector(file: InputFile, digest: str) -> VectorPicture:
    from shapes_print.load.svgfile import SvgError, svg_art  # only kits with SVG pictures

    try:
        art = svg_art(file.data)
    except SvgError as error:
        raise _Refused(str(error)) from None
    return VectorPicture(f"art-{digest}", file.path, art.width, art.height, art.paths)


def _raster(file: InputFile, digest: str) -> RasterPicture:
    """The picture's kind and size from its header, checked against the pixel limit, then
    decoded once (to find a file cut short) before any kit embeds it."""
    from PIL import Image as PilImage  # only kits with raster pictures
    from PIL import ImageFile, UnidentifiedImageError

    ImageFile.LOAD_TRUNCATED_IMAGES = False  # a file cut short is refused, never padded
    path = file.path
    with warnings.catch_warnings():
        warnings.simplefilter("error", PilImage.DecompressionBombWarning)
        try:
            opened = PilImage.open(io.BytesIO(file.data), formats=("PNG", "JPEG"))
        except (PilImage.DecompressionBombError, PilImage.DecompressionBombWarning) as error:
            counted = re.search(r"\((\d+) pixels\)", str(error))  # Pillow's own count
            pixels = f"{int(counted.group(1)):,} pixels, " if counted else ""
            raise _Refused(f"{pixels}over the limit of {MAX_PICTURE_PIXELS:,} pixels") from None
        except ValueError:  # a zTXt, iTXt or iCCP chunk past Pillow's limit when unpacked
            raise _Refused("a text or colour-profile chunk in it is too large") from None
        except UnidentifiedImageError:  # Pillow's words name its buffer's memory address
            raise _Refused(_unread(file.data)) from None
        except (OSError, SyntaxError, struct.error) as error:
            raise _Refused(f"not a PNG or JPEG image ({error})") from None
    with opened:
        kind, size, mode = (opened.format or "").lower(), opened.size, opened.mode
        if RASTER[path.suffix.lower()] != kind:
            raise _Refused(f"holds {kind.upper()} data; name it .{kind}")
        if size[0] * size[1] > MAX_PICTURE_PIXELS:
            raise _Refused(
                f"{size[0]:,} x {size[1]:,} pixels, over the limit of "
                f"{MAX_PICTURE_PIXELS:,}; 300 dpi over a card is a few million"
            )
        if mode not in _PRINTABLE[kind]:
            raise _Refused(f"its colour mode {mode} cannot be printed; save it as 8-bit RGB")
        if kind == "jpeg":
            opened.draft(mode, (max(1, size[0] // 8), max(1, size[1] // 8)))
            if turned(opened):  # a camera's tag: printed as it was shot
                size = (size[1], size[0])
        try:
            opened.load()
        except (OSError, ValueError, SyntaxError, struct.error, EOFError) as error:
            if "truncated" in str(error):
                raise _Refused("the file is cut short (truncated); save it again") from None
            raise _Refused(f"its pixels cannot be read ({error}); save it again") from None
    return RasterPicture(f"image-{digest}", path, kind, size, file.data)  # type: ignore[arg-type]


# EXIF orientations that turn a picture a quarter (a phone held upright): its sides swap.
_QUARTER_TURNS = {5, 6, 7, 8}


def _unread(data: bytes) -> str:
    """Why a file no reader takes is no picture, from its first bytes."""
    if not data:
        return "the file is empty: not a PNG or JPEG image"
    kind = next((k for k, sign in _SIGNATURES.items() if data.startswith(sign)), None)
    if kind is None:
        return "not a PNG or JPEG image (its first bytes are neither's); save it as one"
    return f"a {kind} image whose header cannot be read; save it again from a picture editor"


def turned(opened: PilImage.Image) -> bool:
    """Whether a picture's EXIF orientation turns it a quarter."""
    from PIL.ExifTags import Base

    return opened.getexif().get(Base.Orientation, 1) in _QUARTER_TURNS


def _pictures_in(items: Iterable[Item]) -> Iterable[Picture]:
    for item in items:
        if isinstance(item, Image):
            yield item.picture
        elif isinstance(item, Group | Artifact):
            yield from _pictures_in(item.items)


def picture_files(document: Document) -> tuple[Path, ...]:
    """The picture files a document's card drawings (its symbols) show, sorted: inputs of
    the kit, as much as its YAML files are. Pages are not read (they may be made on demand,
    once): pictures are drawn on cards, and cards are symbols."""
    items = (item for symbol in document.symbols.values() for item in symbol.items)
    return tuple(sorted({picture.path for picture in _pictures_in(items)}))
