"""A picture's colour mode reaches the PDF as it looks (issue 32): 16-bit grey is scaled to
8 bits, not clipped to white; a mode nothing prints is refused when the picture is read."""

from __future__ import annotations

import io
import re
import zlib
from pathlib import Path

import pytest
from PIL import Image

from shapes_print.errors import UserError
from shapes_print.geometry.primitives import RasterPicture
from shapes_print.load.pictures import read_picture
from shapes_print.render.pdf.images import write_raster
from shapes_print.render.pdf.objects import PdfFile


def embedded(picture: RasterPicture) -> tuple[bytes, bytes]:
    """The picture's image XObject as the pen writes it into a PDF (write_raster): its
    dictionary and its stream's bytes, read back from the file."""
    out = io.BytesIO()
    file = PdfFile(out)
    number = write_raster(file, picture)
    file.flush()
    written = out.getvalue()
    found = re.search(rb"\n%d 0 obj\n<<(.*?)>>\nstream\n" % number, written, re.S)
    assert found is not None, written[:200]
    head = found[1]
    length = re.search(rb"/Length (\d+)", head)
    assert length is not None, head
    return head, written[found.end() : found.end() + int(length[1])]


@pytest.mark.parametrize(("value", "grey"), [(0, 0), (32768, 127), (65535, 255)])
def test_sixteen_bit_grey_prints_as_its_grey(tmp_path: Path, value: int, grey: int) -> None:
    path = tmp_path / "grey16.png"
    Image.new("I;16", (30, 20), value).save(path)
    picture = read_picture(path, "grey16.png", None)
    assert isinstance(picture, RasterPicture) and picture.pixels == (30, 20)
    head, data = embedded(picture)
    assert b"/ColorSpace /DeviceGray/" in head
    assert set(zlib.decompress(data)) == {grey}


def test_the_picture_is_embedded_from_the_bytes_read_at_load(tmp_path: Path) -> None:
    """The file may change or go after it was checked: the backends never open it again."""
    path = tmp_path / "red.png"
    Image.new("RGB", (4, 4), (255, 0, 0)).save(path)
    picture = read_picture(path, "red.png", None)
    path.unlink()
    assert isinstance(picture, RasterPicture)
    assert zlib.decompress(embedded(picture)[1]) == bytes([255, 0, 0]) * 16


def test_a_header_no_reader_takes_is_one_line_naming_the_picture(tmp_path: Path) -> None:
    odd = tmp_path / "odd.png"
    Image.new("RGB", (4, 4)).save(odd)
    data = bytearray(odd.read_bytes())
    assert data[12:16] == b"IHDR"
    data[24] = 3  # a bit depth of 3: no PNG has it
    odd.write_bytes(bytes(data))
    with pytest.raises(UserError) as error:
        read_picture(odd, "odd.png", None)
    assert error.value.line() == (
        "picture odd.png: a PNG image whose header cannot be read; save it again from a "
        "picture editor"
    )
