"""The character map as read from a font's bytes: a format-12 subtable, hostile or plain."""

import struct

from shapes_print.text import truetype


def _subtable(*groups: tuple[int, int, int]) -> bytes:
    """A format-12 cmap subtable of these (first code, last code, first glyph) groups."""
    header = struct.pack(">HHIII", 12, 0, 16 + 12 * len(groups), 0, len(groups))
    return header + b"".join(struct.pack(">III", *group) for group in groups)


def _map_of(subtable: bytes) -> dict[int, int]:
    """The character map a font whose cmap holds `subtable` alone, as Windows' full Unicode
    map (3, 10), is read with: the reader's own choice of subtable and format."""
    cmap = struct.pack(">HHHHI", 0, 1, 3, 10, 12) + subtable
    return truetype.character_map(truetype.Tables({"cmap": cmap}))


def test_a_group_maps_consecutive_codes_to_consecutive_glyphs() -> None:
    found = _map_of(_subtable((0x41, 0x43, 36), (0x61, 0x61, 68)))
    assert found == {0x41: 36, 0x42: 37, 0x43: 38, 0x61: 68}


def test_a_code_mapped_to_glyph_zero_is_not_in_the_font() -> None:
    found = _map_of(_subtable((0x20, 0x22, 0)))
    assert found == {0x21: 1, 0x22: 2}


def test_a_group_claiming_every_32_bit_code_stops_at_unicodes_last() -> None:
    found = _map_of(_subtable((0x10FFFE, 0xFFFFFFFF, 5)))
    assert found == {0x10FFFE: 5, 0x10FFFF: 6}
