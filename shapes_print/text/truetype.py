"""A TrueType file's tables as the plan and the PDF need them: characters to glyph ids,
advance widths by glyph id, names, and the few metrics a font descriptor states.

fontTools reads the file's table directory (`SFNTReader`); the tables themselves are read
here from their bytes, by glyph id. fontTools' own table objects name every glyph (its
post table's thousands of names) and import its whole OpenType machinery to read a name
table: for DejaVu Sans that is half a second before the first page, against a few
milliseconds this way, and glyph names are never needed.
"""

from __future__ import annotations

import io
import struct
from array import array
from collections.abc import Iterable
from sys import byteorder

from fontTools.ttLib import TTLibError
from fontTools.ttLib.sfnt import SFNTReader
from msgspec import Struct

# Unicode character maps by preference, as (platform, encoding): full Unicode first.
_CMAPS = ((3, 10), (0, 6), (0, 4), (3, 1), (0, 3), (0, 2), (0, 1), (0, 0))
_WINDOWS_ENGLISH = 0x409
_LAST_CODE = 0x10FFFF  # Unicode's last code point
# What measuring and describing a font reads.
READ = ("cmap", "glyf", "head", "hhea", "hmtx", "loca", "maxp", "name", "OS/2", "post")


class FontFileError(ValueError):
    """The file is not a TrueType font the kit can embed."""


def collection_size(data: bytes) -> int | None:
    """How many fonts a font collection (a .ttc, tag `ttcf`) holds; None for any other file."""
    if data[:4] != b"ttcf" or len(data) < 12:
        return None
    return int(struct.unpack_from(">I", data, 8)[0])


class Tables(Struct, frozen=True):
    """A font file's tables, raw, by tag."""

    raw: dict[str, bytes]

    @classmethod
    def read(cls, data: bytes, tags: Iterable[str]) -> Tables:
        """The tables named (those the file has), read from the file's bytes."""
        try:
            reader = SFNTReader(io.BytesIO(data))
            return cls({tag: reader[tag] for tag in tags if tag in reader})
        except (TTLibError, AssertionError, struct.error, KeyError) as error:
            raise FontFileError(f"not a TrueType file ({error})") from None

    def get(self, tag: str) -> bytes:
        table = self.raw.get(tag)
        if table is None:
            raise FontFileError(f"it has no {tag.strip()} table")
        return table

    def u16(self, tag: str, at: int) -> int:
        return struct.unpack_from(">H", self.get(tag), at)[0]

    def i16(self, tag: str, at: int) -> int:
        return struct.unpack_from(">h", self.get(tag), at)[0]

    @property
    def glyph_count(self) -> int:
        return self.u16("maxp", 4)


def big_endian(typecode: str, data: bytes) -> array:
    """An array of big-endian numbers (the font file's order) in this machine's order."""
    values = array(typecode)
    values.frombytes(data[: len(data) // values.itemsize * values.itemsize])
    if byteorder == "little":
        values.byteswap()
    return values


def advances(tables: Tables) -> list[int]:
    """Each glyph's advance width in font units, by glyph id (past the table's full
    entries, a glyph takes the last one's, as the format says)."""
    count, full = tables.glyph_count, tables.u16("hhea", 34)
    pairs = big_endian("H", tables.get("hmtx")[: 4 * full])
    widths = list(pairs[0::2])
    return widths + [widths[-1]] * (count - full)


def character_map(tables: Tables) -> dict[int, int]:
    """Code point -> glyph id from the best Unicode subtable (format 4 or 12)."""
    cmap = tables.get("cmap")
    count = struct.unpack_from(">H", cmap, 2)[0]
    offsets: dict[tuple[int, int], int] = {}
    for index in range(count):
        platform, encoding, offset = struct.unpack_from(">HHI", cmap, 4 + 8 * index)
        offsets.setdefault((platform, encoding), offset)
    for key in _CMAPS:
        offset = offsets.get(key)
        if offset is None:
            continue
        kind = struct.unpack_from(">H", cmap, offset)[0]
        if kind == 12:
            return _format_12(cmap, offset)
        if kind == 4:
            return _format_4(cmap, offset)
    raise FontFileError("it has no Unicode character map of format 4 or 12")


def _format_12(cmap: bytes, offset: int) -> dict[int, int]:
    groups = struct.unpack_from(">I", cmap, offset + 12)[0]
    found: dict[int, int] = {}
    notdef = False  # a group that starts at glyph 0: its first code is not in the font
    for first, last, glyph in struct.iter_unpack(
        ">III", cmap[offset + 16 : offset + 16 + 12 * groups]
    ):
        # A group maps its codes to consecutive glyphs: made a range at a time, in C. No
        # code past Unicode's last is a character, however far a hostile font says it goes.
        last = min(last, _LAST_CODE)
        codes, glyphs = range(first, last + 1), range(glyph, glyph + last - first + 1)
        found.update(zip(codes, glyphs, strict=True))
        notdef = notdef or not glyph
    return {code: glyph for code, glyph in found.items() if glyph} if notdef else found


def _format_4(cmap: bytes, offset: int) -> dict[int, int]:
    segments = struct.unpack_from(">H", cmap, offset + 6)[0] // 2
    ends_at = offset + 14
    starts_at = ends_at + 2 * segments + 2
    deltas_at = starts_at + 2 * segments
    ranges_at = deltas_at + 2 * segments
    ends = struct.unpack_from(f">{segments}H", cmap, ends_at)
    starts = struct.unpack_from(f">{segments}H", cmap, starts_at)
    deltas = struct.unpack_from(f">{segments}h", cmap, deltas_at)
    ranges = struct.unpack_from(f">{segments}H", cmap, ranges_at)
    found: dict[int, int] = {}
    for index, (start, end, delta, range_offset) in enumerate(
        zip(starts, ends, deltas, ranges, strict=True)
    ):
        for code in range(start, min(end, 0xFFFE) + 1):
            if range_offset == 0:
                glyph = (code + delta) & 0xFFFF
            else:
                at = ranges_at + 2 * index + range_offset + 2 * (code - start)
                glyph = struct.unpack_from(">H", cmap, at)[0]
                glyph = (glyph + delta) & 0xFFFF if glyph else 0
            if glyph:
                found[code] = glyph
    return found


def names(tables: Tables) -> dict[int, str]:
    """The name table's strings by name id, in English where it says so (Windows
    English first, then any Windows Unicode, then Macintosh Roman)."""
    table = tables.get("name")
    count, strings = struct.unpack_from(">HH", table, 2)
    ranked: dict[int, tuple[int, str]] = {}
    for index in range(count):
        platform, encoding, language, name_id, length, offset = struct.unpack_from(
            ">HHHHHH", table, 6 + 12 * index
        )
        raw = table[strings + offset : strings + offset + length]
        if platform == 3 and encoding in (0, 1, 10):
            rank, text = (
                (0 if language == _WINDOWS_ENGLISH else 1),
                raw.decode("utf-16-be", "replace"),
            )
        elif platform == 1 and encoding == 0:
            rank, text = 2, raw.decode("latin-1")
        else:
            continue
        if name_id not in ranked or rank < ranked[name_id][0]:
            ranked[name_id] = (rank, text)
    return {name_id: text for name_id, (_, text) in ranked.items()}
