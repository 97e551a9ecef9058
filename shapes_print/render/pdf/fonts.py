"""Fonts: the glyphs a file shows, embedded as subsets, with their widths and ToUnicode.

Input: the fonts of text/fonts.py and the glyphs each file uses. Output: for
each font a file uses, a Type 0 font (Identity-H encoding) over a CIDFontType2 whose
glyph ids are the font file's own (CIDToGIDMap /Identity), its widths (W), the subset
(FontFile2) and a ToUnicode map, so the words can be copied, searched and read aloud.

Text bytes are glyph ids, the same in every file, so a group's operators can be kept for
the whole build whatever its text. The subset keeps every glyph id where it was (unused
glyphs are empty), so it is a copy of the font's glyph table with the gaps left out:
no renumbering, no character map, nothing that depends on the other glyphs of the file.
Its tag (`ABCDEF+`) comes from a digest of its glyph set, so two different subsets never
share a name, and the same subset is named alike in every build.
"""

from __future__ import annotations

import hashlib
import io
import struct
from array import array
from functools import lru_cache
from itertools import groupby
from sys import byteorder

import pydyf
from fontTools.ttLib.sfnt import SFNTWriter
from msgspec import Struct

from shapes_print.render.pdf.objects import MEMO_LIMIT, PdfFile, deflated, numbers, reference
from shapes_print.render.pdf.operators import CODE_BITS
from shapes_print.text.fonts import Font
from shapes_print.text.truetype import Tables, big_endian

# Tables a subset keeps: outlines, metrics, and the hinting programs the outlines were
# made with, so a rasteriser draws the glyphs exactly as from the whole font. A CID font
# addressed by glyph id needs no character map or names.
_KEPT = ("cvt ", "fpgm", "prep", "head", "hhea", "maxp", "hmtx", "loca", "glyf")
_TRUETYPE = "\0\1\0\0"
# Composite glyph flags (OpenType glyf table).
_WORDS, _SCALE, _MORE, _XY_SCALE, _TWO_BY_TWO = 0x1, 0x8, 0x20, 0x40, 0x80
_BFCHAR_MAX = 100  # entries a ToUnicode bfchar block may hold
_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_CODE_POINT = (1 << CODE_BITS) - 1  # a shown glyph's code point, below its glyph id
_TO_UNICODE_HEAD = b"""/CIDInit /ProcSet findresource begin
12 dict begin
begincmap
/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
/CMapName /Adobe-Identity-UCS def
/CMapType 2 def
1 begincodespacerange
<0000> <FFFF>
endcodespacerange
"""
_TO_UNICODE_TAIL = b"""endcmap
CMapName currentdict /CMap defineresource pop
end
end"""


class _Subset(Struct, frozen=True):
    """A font's subset for one glyph set, made once per build: its tag, the compressed
    font file and its length before compression, and the formatted widths array."""

    tag: str
    packed: bytes
    length: int
    widths: str


class FileFonts:
    """The fonts one file uses: a number for each (written when the file closes) and
    the glyphs shown in it, each with the character it stands for."""

    def __init__(self, file: PdfFile) -> None:
        self.file = file
        self.numbers: dict[str, int] = {}
        self.fonts: dict[str, Font] = {}
        self.shown: dict[str, list[frozenset[int]]] = {}  # font -> its texts' glyphs

    def use(self, font: Font, shown: frozenset[int]) -> None:
        """Note glyphs (each a `shown_glyph`: glyph id, code point) as shown (numbering the
        font the first time), to be gathered when the file's fonts are written."""
        texts = self.shown.get(font.name)
        if texts is None:
            self.numbers[font.name] = self.file.reserve()
            self.fonts[font.name] = font
            texts = self.shown[font.name] = []
        texts.append(shown)

    def glyphs(self, name: str) -> dict[int, int]:
        """Each glyph shown in the font, with the character it stands for: where two
        characters share a glyph (a space and a no-break space), the lower code point, the
        one copied (sorted from the highest, so the lowest comes last and stays)."""
        shown = sorted(set().union(*self.shown[name]), reverse=True)
        return {glyph >> CODE_BITS: glyph & _CODE_POINT for glyph in shown}

    def reference(self, name: str) -> str:
        return reference(self.numbers[name])

    def write(self) -> None:
        """Every font used, each once: its subset, descriptor, CID font, ToUnicode map
        and the Type 0 font the pages name."""
        for name, number in self.numbers.items():
            font, glyphs = self.fonts[name], self.glyphs(name)
            subset = _subset(font, frozenset(glyphs) | {0})
            self._write_font(number, font, subset, glyphs)

    def _write_font(self, number: int, font: Font, subset: _Subset, glyphs: dict[int, int]) -> None:
        file, m = self.file, font.metrics
        base = f"/{subset.tag}+{m.postscript_name}"
        font_file = file.reserve()
        file.stream(font_file, {"Length1": subset.length}, subset.packed)
        descriptor = file.add(
            pydyf.Dictionary({
                "Type": "/FontDescriptor",
                "FontName": base,
                "Flags": m.flags,
                "FontBBox": f"[{numbers(*m.bbox)}]",
                "ItalicAngle": numbers(m.italic_angle),
                "Ascent": m.ascent,
                "Descent": m.descent,
                "CapHeight": m.cap_height,
                "StemV": m.stem_v,
                "FontFile2": reference(font_file),
            })
        )  # fmt: skip
        cid_font = file.add(
            pydyf.Dictionary({
                "Type": "/Font",
                "Subtype": "/CIDFontType2",
                "BaseFont": base,
                "CIDSystemInfo": "<< /Registry (Adobe) /Ordering (Identity) /Supplement 0 >>",
                "FontDescriptor": reference(descriptor),
                "DW": numbers(font.missing_width),
                "W": subset.widths,
                "CIDToGIDMap": "/Identity",
            })
        )  # fmt: skip
        to_unicode = file.reserve()
        file.stream(to_unicode, {}, _to_unicode(tuple(sorted(glyphs.items()))))
        file.write(
            number,
            pydyf.Dictionary({
                "Type": "/Font",
                "Subtype": "/Type0",
                "BaseFont": base,
                "Encoding": "/Identity-H",
                "DescendantFonts": f"[{reference(cid_font)}]",
                "ToUnicode": reference(to_unicode),
            }).data,
        )  # fmt: skip


@lru_cache(maxsize=MEMO_LIMIT)
def _subset(font: Font, glyphs: frozenset[int]) -> _Subset:
    """A font's subset for a glyph set, made once while it is used: every file of a batch
    embeds the same few."""
    data = subset_file(font.data, glyphs)
    tag = subset_tag(font.name, glyphs)
    return _Subset(tag, deflated(data), len(data), _widths(font, glyphs))


def subset_tag(font: str, glyphs: frozenset[int]) -> str:
    """Six capital letters from a digest of the font and its glyph set (PDF 9.6.4)."""
    digest = hashlib.sha256(f"{font}:{sorted(glyphs)}".encode("ascii")).digest()
    return "".join(_LETTERS[byte % 26] for byte in digest[:6])


def _widths(font: Font, glyphs: frozenset[int]) -> str:
    """The W array: runs of consecutive glyph ids, each with its widths."""
    parts = []
    ordered = sorted(glyphs)
    for _, run in groupby(enumerate(ordered), lambda pair: pair[1] - pair[0]):
        ids = [glyph for _, glyph in run]
        parts.append(f"{ids[0]} [{numbers(*(font.glyph_widths[g] for g in ids))}]")
    return "[" + " ".join(parts) + "]"


@lru_cache(maxsize=MEMO_LIMIT)
def _to_unicode(glyphs: tuple[tuple[int, int], ...]) -> bytes:
    """The ToUnicode CMap, compressed: each glyph id to its character in UTF-16 (a pair
    of surrogates past U+FFFF)."""
    lines = [_TO_UNICODE_HEAD]
    for start in range(0, len(glyphs), _BFCHAR_MAX):
        block = glyphs[start : start + _BFCHAR_MAX]
        lines.append(b"%d beginbfchar\n" % len(block))
        for glyph, code in block:
            text = chr(code).encode("utf-16-be").hex().upper()
            lines.append(f"<{glyph:04X}> <{text}>\n".encode("ascii"))
        lines.append(b"endbfchar\n")
    lines.append(_TO_UNICODE_TAIL)
    return deflated(b"".join(lines))


def subset_file(data: bytes, glyphs: frozenset[int]) -> bytes:
    """A TrueType file with only `glyphs` (and the glyphs they are composed of) drawn,
    every glyph keeping its id: the glyph table without the others, a long location
    table, and zero advances for the glyphs left out."""
    tables = _kept_tables(data)
    head = bytearray(tables.get("head"))
    glyf = tables.get("glyf")
    count = tables.glyph_count
    short = tables.i16("head", 50) == 0
    locations = big_endian("H" if short else "I", tables.get("loca"))[: count + 1]
    if short:
        locations = array("I", (offset * 2 for offset in locations))
    kept = _with_components(glyf, locations, {g for g in glyphs if g < count})
    outlines = bytearray()
    starts = array("I")
    after = 0  # the first glyph whose start is not yet listed
    for glyph in sorted(g for g in kept if g < count):
        # The glyphs left out before it start (and end) where it starts.
        starts.extend(array("I", (len(outlines),)) * (glyph - after + 1))
        outlines += glyf[locations[glyph] : locations[glyph + 1]]
        outlines += b"\0" * (-len(outlines) % 4)
        after = glyph + 1
    starts.extend(array("I", (len(outlines),)) * (count - after + 1))
    if byteorder == "little":
        starts.byteswap()
    struct.pack_into(">h", head, 50, 1)  # long offsets
    struct.pack_into(">I", head, 8, 0)  # checksum adjustment, set again by the writer
    written = dict(tables.raw)
    written.update(
        head=bytes(head), loca=starts.tobytes(), glyf=bytes(outlines) or b"\0",
        hmtx=_metrics_of(tables, count, kept),
    )  # fmt: skip
    out = io.BytesIO()
    writer = SFNTWriter(out, len(written), _TRUETYPE)
    for tag in sorted(written):
        writer[tag] = written[tag]
    writer.close()
    return out.getvalue()


@lru_cache(maxsize=16)
def _kept_tables(data: bytes) -> Tables:
    """The tables a subset keeps, read once per font: each file's subset starts from them."""
    return Tables.read(data, _KEPT)


def _with_components(glyf: bytes, locations: array, glyphs: set[int]) -> set[int]:
    """The glyphs and every glyph a composite among them is built from."""
    kept, pending = set(glyphs), list(glyphs)
    while pending:
        glyph = pending.pop()
        start, end = locations[glyph], locations[glyph + 1]
        if end - start < 10 or struct.unpack_from(">h", glyf, start)[0] >= 0:
            continue
        at, flags = start + 10, _MORE
        while flags & _MORE:
            flags, component = struct.unpack_from(">HH", glyf, at)
            at += 4 + (4 if flags & _WORDS else 2)
            at += (
                2 if flags & _SCALE else 4 if flags & _XY_SCALE else 8 if flags & _TWO_BY_TWO else 0
            )
            if component not in kept:
                kept.add(component)
                pending.append(component)
    return kept


def _metrics_of(tables: Tables, count: int, kept: set[int]) -> bytes:
    """The horizontal metrics with the left-out glyphs' zeroed (PDF readers take widths
    from W; the zeros only make the table compress to nothing)."""
    full = tables.u16("hhea", 34)
    whole = big_endian("H", tables.get("hmtx"))[: 2 * full + (count - full)]
    values = array("H", bytes(2 * len(whole)))
    for glyph in kept:
        if glyph < full:
            values[2 * glyph : 2 * glyph + 2] = whole[2 * glyph : 2 * glyph + 2]
        elif glyph < count:
            values[full + glyph] = whole[full + glyph]
    if byteorder == "little":
        values.byteswap()
    return values.tobytes()
