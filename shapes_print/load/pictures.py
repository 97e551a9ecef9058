"""Picture files a card shows: PNG and JPEG read for their size, SVG read into vector paths.

Input: a picture's name as a layout or a card's field writes it, and the folder of the file
that names it. Output: a `RasterPicture` (its pixels are read again by the backends, which
embed the file's own bytes where they can) or a `VectorPicture` (the SVG's drawing as the
plan's paths, so it prints as vectors). Each is named by a digest of the file's bytes, so a
picture shown on many cards, or by two names, is one image in each PDF.

A picture's path stays inside the folder of the file naming it, like every file a YAML file
names; `picture_files` lists the files a document shows, for whoever rebuilds on change.
"""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from shapes_print.errors import Source, UserError
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
from shapes_print.inputs import inside, note_digest
from shapes_print.limits import MAX_PICTURE_PIXELS

if TYPE_CHECKING:
    from PIL import Image as PilImage

# Pixels per inch below which a printed picture looks soft: the usual floor for print.
MIN_DPI = 300
RASTER = {".png": "png", ".jpg": "jpeg", ".jpeg": "jpeg"}
SUFFIXES = (*RASTER, ".svg")
_READ: dict[tuple[Path, int, int], Picture] = {}  # by path, size and change time
_DIGESTS: dict[tuple[Path, int, int], str] = {}  # the SHA-256 of each file read, likewise
_WARNED: set[str] = set()


def picture_path(name: str, folder: Path, where: Source | None, what: str) -> Path:
    """`folder / name` as an existing PNG, JPEG or SVG file that stays inside `folder`
    (`what` names the folder in messages)."""
    if not name.lower().endswith(SUFFIXES):
        raise UserError(where, f"picture {name!r}: expected a .png, .jpg or .svg file")
    return inside(folder, name, where, what)


def read_picture(path: Path, shown: str, where: Source | None) -> Picture:
    """The picture in `path` (already checked by `picture_path`), read once per change;
    `shown` is its name as written, for messages."""
    status = path.stat()
    key = (path, status.st_size, status.st_mtime_ns)
    known = _READ.get(key)
    if known is None:
        data = path.read_bytes()
        _DIGESTS[key] = hashlib.sha256(data).hexdigest()
        digest = _DIGESTS[key][:16]
        if path.suffix.lower() == ".svg":
            known = _vector(path, digest, shown, where)
        else:
            known = _raster(path, data, digest, shown, where)
        _READ[key] = known
    note_digest(path, _DIGESTS[key])  # an input of the kit being planned, read or not
    return known


def _vector(path: Path, digest: str, shown: str, where: Source | None) -> VectorPicture:
    from shapes_print.load.svgfile import SvgError, read_svg  # only kits with SVG pictures

    try:
        art = read_svg(path)
    except SvgError as error:
        raise UserError(where, f"picture {shown}: {error}") from None
    return VectorPicture(f"art-{digest}", path, art.width, art.height, art.paths)


def _raster(
    path: Path, data: bytes, digest: str, shown: str, where: Source | None
) -> RasterPicture:
    from PIL import Image as PilImage  # only kits with raster pictures
    from PIL import UnidentifiedImageError

    try:
        with PilImage.open(path) as opened:
            kind, size = (opened.format or "").lower(), opened.size
            if kind == "jpeg" and turned(opened):  # a camera's tag: printed as it was shot
                size = (size[1], size[0])
    except (UnidentifiedImageError, OSError) as error:
        raise UserError(where, f"picture {shown}: not a PNG or JPEG image ({error})") from None
    if kind not in ("png", "jpeg"):
        raise UserError(where, f"picture {shown}: is {kind or 'unknown'} data, not PNG or JPEG")
    if RASTER[path.suffix.lower()] != kind:
        raise UserError(where, f"picture {shown}: holds {kind.upper()} data; name it .{kind}")
    if size[0] * size[1] > MAX_PICTURE_PIXELS:
        raise UserError(
            where,
            f"picture {shown}: {size[0]:,} x {size[1]:,} pixels, over the limit of "
            f"{MAX_PICTURE_PIXELS:,}; 300 dpi over a card is a few million",
        )
    return RasterPicture(f"image-{digest}", path, kind, size)  # type: ignore[arg-type]


# EXIF orientations that turn a picture a quarter (a phone held upright): its sides swap.
_QUARTER_TURNS = {5, 6, 7, 8}


def turned(opened: PilImage.Image) -> bool:
    """Whether a picture's EXIF orientation turns it a quarter."""
    from PIL.ExifTags import Base

    return opened.getexif().get(Base.Orientation, 1) in _QUARTER_TURNS


def warn_low_resolution(image: Image, card: str, shown: str, where: Source | None) -> None:
    """One line on stderr when a raster picture prints below MIN_DPI, naming the card (as
    messages name it: "card 'moon'"), the file and the dots per inch it prints at (once
    per process for each such line)."""
    picture = image.picture
    if not isinstance(picture, RasterPicture) or image.w <= 0 or image.h <= 0:
        return
    dpi = min(picture.pixels[0] / (image.w / 72), picture.pixels[1] / (image.h / 72))
    if dpi >= MIN_DPI - 0.5:
        return
    needed = (round(image.w / 72 * MIN_DPI), round(image.h / 72 * MIN_DPI))
    line = (
        f"warning: {where}: {card}: picture {shown} prints at {dpi:.0f} dpi, below "
        f"{MIN_DPI}; it needs {needed[0]:,} x {needed[1]:,} pixels at this size "
        f"(it has {picture.pixels[0]:,} x {picture.pixels[1]:,})"
    )
    if line not in _WARNED:
        _WARNED.add(line)
        print(line, file=sys.stderr)


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
