"""Raster pictures as PDF image XObjects, and the operators that place a picture.

Input: a `RasterPicture` (geometry/primitives.py). Output: its image XObject written
into the file once (the pen lists it like a form, by the picture's name, so a picture on
every card is one object per file), and the operators that draw a placed `Image`.

- JPEG passes through as it is (DCTDecode): no decoding, no loss, its own bytes. A CMYK
  JPEG (as print shops send) keeps its four channels, Adobe's inverted ones read as such.
  One whose EXIF orientation turns or mirrors it (a phone's photo) is decoded, turned the
  way it was shot and written as samples instead, since a PDF reader ignores the tag.
- PNG is decoded with Pillow into 8-bit grey or RGB samples, Flate-compressed; an alpha
  channel becomes a soft mask (SMask) only when some pixel is not fully opaque.
- `flatten` composites any alpha onto white instead and writes no mask, for a file that
  may hold no transparency (PDF/X-4's print-shop mode asks for it by passing True).

Encodings are kept by picture (the same object for the same file's bytes, load/pictures.py),
so every file of a kit embeds the same bytes without decoding the picture again.
"""

from __future__ import annotations

import io
from functools import lru_cache
from zlib import compress

import pydyf
from msgspec import Struct

from shapes_print.geometry.primitives import Image, RasterPicture
from shapes_print.render.pdf.objects import MEMO_LIMIT, PdfFile, numbers


class _Encoded(Struct, frozen=True):
    """An image XObject's dictionary entries and stream bytes; its soft mask's, if any."""

    head: dict[str, object]
    data: bytes
    mask: _Encoded | None = None


def _jpeg(picture: RasterPicture) -> _Encoded:
    from PIL import Image as PilImage  # as in load/pictures.py: only kits with pictures
    from PIL import ImageOps
    from PIL.ExifTags import Base

    data = picture.data  # read and checked when the picture was loaded
    with PilImage.open(io.BytesIO(data)) as opened:
        mode, adobe = opened.mode, "adobe" in opened.info
        if opened.getexif().get(Base.Orientation, 1) != 1:
            upright = ImageOps.exif_transpose(opened).convert("L" if mode == "L" else "RGB")
            space = "/DeviceGray" if mode == "L" else "/DeviceRGB"
            return _Encoded(_samples_head(space), compress(upright.tobytes()))
    space = {"L": "/DeviceGray", "CMYK": "/DeviceCMYK"}.get(mode, "/DeviceRGB")
    head: dict[str, object] = {"ColorSpace": space, "BitsPerComponent": 8, "Filter": "/DCTDecode"}
    if mode == "CMYK" and adobe:  # Photoshop writes CMYK JPEGs with every channel inverted
        head["Decode"] = "[1 0 1 0 1 0 1 0]"
    return _Encoded(head, data)


def _png(picture: RasterPicture, flatten: bool) -> _Encoded:
    from PIL import Image as PilImage

    with PilImage.open(io.BytesIO(picture.data)) as read:
        read.load()
        opened: PilImage.Image = read  # a file read, or converted below
        if opened.mode.startswith("I"):  # 16-bit grey: scaled to 8 bits, not clipped
            opened = opened.convert("I").point(lambda value: value / 257).convert("L")
        grey = opened.mode in ("1", "L", "LA")
        alpha = opened.mode in ("LA", "RGBA", "PA") or "transparency" in opened.info
        image = opened.convert(("LA" if grey else "RGBA") if alpha else ("L" if grey else "RGB"))
    mask = None
    if alpha:
        colour, opacity = image.convert("L" if grey else "RGB"), image.getchannel("A")
        if opacity.getextrema()[0] == 255:
            alpha = False  # every pixel opaque: no mask
        elif flatten:
            white = PilImage.new(colour.mode, image.size, 255 if grey else (255, 255, 255))
            colour = PilImage.composite(colour, white, opacity)
        else:
            mask = _Encoded(_samples_head("/DeviceGray"), compress(opacity.tobytes()))
        image = colour
    head = _samples_head("/DeviceGray" if grey else "/DeviceRGB")
    return _Encoded({**head, "Filter": "/FlateDecode"}, compress(image.tobytes()), mask)


def _samples_head(space: str) -> dict[str, object]:
    return {"ColorSpace": space, "BitsPerComponent": 8, "Filter": "/FlateDecode"}


@lru_cache(maxsize=MEMO_LIMIT)
def _encoded(picture: RasterPicture, flatten: bool) -> _Encoded:
    """A picture as an image XObject's entries and bytes, encoded once while it is used:
    every file of a kit embeds the same pictures."""
    return _jpeg(picture) if picture.kind == "jpeg" else _png(picture, flatten)


def _write(file: PdfFile, encoded: _Encoded, size: tuple[int, int], mask: int | None) -> int:
    number = file.reserve()
    entries = {
        "Type": "/XObject",
        "Subtype": "/Image",
        "Width": size[0],
        "Height": size[1],
        **encoded.head,
        "Length": len(encoded.data),
    }
    if mask is not None:
        entries["SMask"] = f"{mask} 0 R"
    dictionary = pydyf.Dictionary(entries)
    file.write(number, b"%b\nstream\n%b\nendstream" % (dictionary.data, encoded.data))
    return number


def write_raster(file: PdfFile, picture: RasterPicture, flatten: bool = False) -> int:
    """The picture's image XObject (and its soft mask) written into the file; its number."""
    encoded = _encoded(picture, flatten)
    mask = _write(file, encoded.mask, picture.pixels, None) if encoded.mask else None
    return _write(file, encoded, picture.pixels, mask)


def placement(image: Image) -> str:
    """The `cm` operator that maps the picture's own box (1 x 1 for an image XObject, the
    view box for vector art drawn as a form) onto the image's box."""
    picture = image.picture
    width, height = (1, 1) if isinstance(picture, RasterPicture) else picture.size
    return f"{numbers(image.w / width, 0, 0, image.h / height, image.x, image.y)} cm"
