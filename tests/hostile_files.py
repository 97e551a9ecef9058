"""Hostile files for tests/hostile_inputs.yaml, made on demand (most are large or odd).

Each generator writes one file at `path` from the keyword arguments a case gives. Large
files are sparse (`os.truncate`), so a 300 MB picture costs no disk and no time to make.
"""

from __future__ import annotations

import io
import os
import struct
import zipfile
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PIL import Image

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _chunk(kind: bytes, data: bytes) -> bytes:
    crc = zlib.crc32(kind + data) & 0xFFFFFFFF
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)


def png_header(path: Path, width: int, height: int) -> None:
    """A PNG that says it is `width` x `height` pixels and holds almost nothing."""
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    idat = _chunk(b"IDAT", zlib.compress(b"\0" * 100))
    path.write_bytes(PNG_SIGNATURE + _chunk(b"IHDR", header) + idat + _chunk(b"IEND", b""))


def _small_png(extra: bytes = b"") -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (10, 10), "red").save(buffer, "PNG")
    data = buffer.getvalue()
    return data[:33] + extra + data[33:]  # after the signature and IHDR


def png_chunk_bomb(path: Path, kind: str) -> None:
    """A 10 x 10 PNG with a zTXt or iCCP chunk that unpacks to 50 MB (from 0.2 MB: zlib's
    fastest level packs it in a third of the time of its best, and the limit is on what
    the chunk unpacks to)."""
    packed = zlib.compress(b"a" * 50_000_000, 1)
    body = b"Comment\0\0" if kind == "zTXt" else b"icc\0\0"
    path.write_bytes(_small_png(_chunk(kind.encode(), body + packed)))


def truncated(path: Path, kind: str) -> None:
    """Half of a 400 x 400 picture of noise, as a JPEG or a PNG."""
    buffer = io.BytesIO()
    Image.effect_noise((400, 400), 60).convert("RGB").save(buffer, kind.upper())
    data = buffer.getvalue()
    path.write_bytes(data[: len(data) // 2])


def sparse(path: Path, size: int, head: str = "png") -> None:
    """A real small file (a PNG, an SVG, a TrueType header), then zeros to `size` bytes."""
    starts = {
        "png": _small_png(),
        "svg": b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9"/>',
        "ttf": b"\0\1\0\0",
        "csv": b"id,count,layout,back\n",
        "po": b'msgid ""\nmsgstr ""\n',
    }
    path.write_bytes(starts[head])
    os.truncate(path, size)


def svg(path: Path, body: str) -> None:
    """An SVG with `body` inside its root; `{deep}` stands for 50,000 nested groups."""
    body = body.replace("{deep}", "<g>" * 50_000 + '<rect width="1" height="1"/>' + "</g>" * 50_000)
    head = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
    path.write_text(f"{head}{body}</svg>", encoding="utf-8")


def repeated(path: Path, text: str, times: int, before: str = "", after: str = "") -> None:
    """`before`, then `text` `times` times, then `after`: the SVG attributes built to make a
    backtracking regular expression take minutes."""
    path.write_text(before + text * times + after, encoding="utf-8")


_CONTENT_TYPES = (
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/'
    'content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-'
    'package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-'
    'officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/'
    'sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.'
    'worksheet+xml"/></Types>'
)
_RELATIONS = (
    '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/'
    '2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/'
    'officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>'
    "</Relationships>"
)
_WORKBOOK = (
    '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/'
    '2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
    '<sheets><sheet name="Cards" sheetId="1" r:id="rId1"/></sheets></workbook>'
)
_WORKBOOK_RELATIONS = (
    '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/'
    '2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/'
    'officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>'
    "</Relationships>"
)
_NOTES_TYPE = (
    '<Override PartName="/xl/worksheets/sheet2.xml" ContentType="application/vnd.'
    'openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
)
_NOTES_RELATION = (
    '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
    'relationships/worksheet" Target="worksheets/sheet2.xml"/>'
)
HEADERS = ["id", "name", "count", "layout", "back", "art", "label"]
ROW = ["sun", "suns", 6, "picture", "standard", "art/sun.png", "SUN"]


def _column(number: int) -> str:
    letters = ""
    while number:
        number, rest = divmod(number - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def _cell(row: int, column: int, value: object) -> str:
    where = f"{_column(column)}{row}"
    if isinstance(value, int):
        return f'<c r="{where}"><v>{value}</v></c>'
    return f'<c r="{where}" t="inlineStr"><is><t>{value}</t></is></c>'


def sheet_row(number: int, count: str, label: str = "") -> str:
    """Row `number` of a sheet: a `moon` card of the `picture` layout, its count and label
    cells (XML) as given."""
    text = '<c r="{}{}" t="inlineStr"><is><t>{}</t></is></c>'
    cells = [text.format("A", number, "moon"), count.format(number)]
    cells += [text.format(c, number, v) for c, v in (("D", "picture"), ("E", "standard"))]
    return f'<row r="{number}">{"".join(cells)}{label.format(number)}</row>'


def sheet_xml(extra: str = "", label: str = "SUN") -> str:
    """The example deck's header and its sun row in a sheet, then `extra` rows."""
    row = [*ROW[:-1], label]
    rows = [
        f'<row r="{number}">' + "".join(_cell(number, c, v) for c, v in enumerate(cells, 1))
        for number, cells in ((1, HEADERS), (2, row))
    ]
    return _sheet("</row>".join(rows) + "</row>" + extra)


def _sheet(data: str) -> str:
    """A sheet's XML holding the rows `data`."""
    return (
        '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/'
        f'spreadsheetml/2006/main"><sheetData>{data}</sheetData></worksheet>'
    )


def xlsx(
    path: Path,
    extra: str = "",
    pad: int = 0,
    label: str = "SUN",
    lie: bool = False,
    notes: str = "",
) -> None:
    """A workbook of the example deck: `extra` rows after the first card, `pad` spaces
    after the sheet's XML (a zip bomb), `label` as the sun's label; with `lie`, the sheet's
    sizes in the archive's directory say 100 bytes whatever it holds; with `notes`, a
    first sheet "Notes" holding that text in A1, before the cards' sheet. Packed at zlib's
    fastest level: 100 MB of padding in a quarter of the time, 0.4 MB packed."""
    types, workbook, relations = _CONTENT_TYPES, _WORKBOOK, _WORKBOOK_RELATIONS
    if notes:
        types = types.replace("</Types>", _NOTES_TYPE + "</Types>")
        workbook = workbook.replace(
            "<sheets>", '<sheets><sheet name="Notes" sheetId="2" r:id="rId2"/>'
        )
        relations = relations.replace("</Relationships>", _NOTES_RELATION + "</Relationships>")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as archive:
        archive.writestr("[Content_Types].xml", types)
        archive.writestr("_rels/.rels", _RELATIONS)
        archive.writestr("xl/workbook.xml", workbook)
        archive.writestr("xl/_rels/workbook.xml.rels", relations)
        if notes:
            archive.writestr(
                "xl/worksheets/sheet2.xml", _sheet(f'<row r="1">{_cell(1, 1, notes)}</row>')
            )
        with archive.open("xl/worksheets/sheet1.xml", "w") as part:
            part.write(sheet_xml(extra, label).encode())
            for _ in range(pad // (1 << 20)):
                part.write(b" " * (1 << 20))
    if lie:
        _lie_about_sizes(path, b"xl/worksheets/sheet1.xml")


def _lie_about_sizes(path: Path, name: bytes) -> None:
    """Rewrite one member's unpacked size to 100 bytes in the archive's central directory."""
    data = bytearray(path.read_bytes())
    at = data.find(b"PK\x01\x02")
    while at >= 0:
        length = struct.unpack_from("<H", data, at + 28)[0]
        if bytes(data[at + 46 : at + 46 + length]) == name:
            struct.pack_into("<I", data, at + 24, 100)
        at = data.find(b"PK\x01\x02", at + 4)
    path.write_bytes(bytes(data))


GENERATORS: dict[str, Callable[..., None]] = {
    "png_header": png_header,
    "png_chunk_bomb": png_chunk_bomb,
    "truncated": truncated,
    "sparse": sparse,
    "svg": svg,
    "repeated": repeated,
    "xlsx": xlsx,
}


def make(path: Path, generator: str, args: dict[str, Any] | None = None) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    GENERATORS[generator](path, **(args or {}))
