"""Every limit on what a build accepts, stated once; the table of limits in docs/commands.md
is this list.

Each is checked where the value is read, before any work, so that input past a limit is
refused in well under a second and in bounded memory rather than building for minutes (a
30 m sheet of paper, a polygon of ten million sides). Dependency-free, so the command
line's `--help` can show them.
"""

from __future__ import annotations

from msgspec import Struct

POINTS_PER_MM = 72 / 25.4
MIB = 1024 * 1024

MAX_SIDE_MM = 2000  # paper and card sides: the widest roll printers print is under 2 m
MAX_SIDE = MAX_SIDE_MM * POINTS_PER_MM
MAX_CORNERS = 1000  # sides of a regular polygon, points of a star or a polygon
MIN_PATTERN_SPACING = 1.0  # points between a pattern's lines or dots
MAX_PLAYERS = 100
MAX_TEXT = 5000  # characters in one YAML text: a long paragraph of rules is under 1,500
MAX_CARDS = 10_000  # cards in one kit, all its decks; `--max-cards` raises or lowers it
MIN_DPI = 10
MAX_DPI = 600  # preview pixels per inch: an A4 page at 600 dpi is 35 million pixels
MAX_PREVIEW_PIXELS = 100_000_000  # in one preview page: A3 at 600 dpi is 70 million
MAX_FILE_BYTES = 2 * MIB  # one YAML file
MAX_CATALOGUE_BYTES = MAX_FILE_BYTES  # one .po catalogue: a game's 600 texts are under 100 KiB
MAX_VALUES = 200_000  # values in one YAML file, once its aliases are expanded
MAX_DEPTH = 64  # levels of nesting in one YAML file
MAX_PICTURE_PIXELS = 50_000_000  # in one card picture: a tarot card at 1,200 dpi is 18 million
MAX_PICTURE_BYTES = 64 * MIB  # one PNG or JPEG file
MAX_SVG_BYTES = MAX_FILE_BYTES  # one SVG file: drawings for cards are a few KiB
MAX_SVG_DEPTH = 64  # levels of nested elements in one SVG file
MAX_SVG_ELEMENTS = 100_000  # elements in one SVG file
MAX_SVG_NUMBER = 1e9  # size of any one number in an SVG file, ignoring its sign
# Any number a game's expressions, lists and constraints reach, ignoring its sign: a
# product of products would otherwise grow past memory. No table game scores a billion.
MAX_NUMBER = 1_000_000_000
# Levels of nesting in one expression (`a + b + c` is three): deeper would exhaust Python's
# stack. A sum of a game's 20 card groups is 20.
MAX_EXPRESSION_DEPTH = 100
# Items of a computed list (`count:`): as many as a list written out may hold.
MAX_LIST_ITEMS = MAX_VALUES
MAX_SHEET_BYTES = 16 * MIB  # one spreadsheet file (CSV or workbook), as stored
MAX_SHEET_XML_BYTES = 64 * MIB  # a workbook's parts together, once unpacked
MAX_SHEET_RATIO = 100  # how many times larger one part of a workbook may unpack
MAX_SHEET_CELLS = MAX_VALUES  # cells in a sheet's used range (rows times columns)
MAX_FONT_BYTES = 32 * MIB  # one font file
MAX_MANIFEST_BYTES = 16 * MIB  # an output folder's manifest.json
# The largest file any reader takes (a picture): what a file read before is read again with
# to tell whether it changed.
MAX_INPUT_BYTES = max(MAX_FILE_BYTES, MAX_PICTURE_BYTES, MAX_SHEET_BYTES, MAX_FONT_BYTES)


class Limit(Struct, frozen=True):
    """One limit as docs/commands.md states it."""

    what: str
    most: str


LIMITS = (
    Limit("side of a paper or a card", f"{MAX_SIDE_MM:,} mm"),
    Limit("sides of a regular polygon, points of a star or a polygon", f"{MAX_CORNERS:,}"),
    Limit("spacing of a pattern's lines or dots (at least)", f"{MIN_PATTERN_SPACING:g} pt"),
    Limit("players of a game (`players: max`, `--players`)", f"{MAX_PLAYERS:,}"),
    Limit("characters in one text of a YAML file", f"{MAX_TEXT:,}"),
    Limit("cards in one kit, its decks together (change it with `--max-cards`)", f"{MAX_CARDS:,}"),
    Limit("preview pixels per inch (`--dpi`)", f"{MIN_DPI} to {MAX_DPI}"),
    Limit("pixels in one preview page", f"{MAX_PREVIEW_PIXELS:,}"),
    Limit("size of one YAML file", f"{MAX_FILE_BYTES // 1024:,} KiB"),
    Limit("size of one .po catalogue", f"{MAX_CATALOGUE_BYTES // 1024:,} KiB"),
    Limit("values in one YAML file, aliases expanded", f"{MAX_VALUES:,}"),
    Limit("levels of nesting in one YAML file", f"{MAX_DEPTH}"),
    Limit("pixels in one picture on a card", f"{MAX_PICTURE_PIXELS:,}"),
    Limit("size of one PNG or JPEG picture", f"{MAX_PICTURE_BYTES // MIB:,} MiB"),
    Limit("size of one SVG picture or shape", f"{MAX_SVG_BYTES // 1024:,} KiB"),
    Limit("levels of nested elements in one SVG file", f"{MAX_SVG_DEPTH}"),
    Limit("elements in one SVG file", f"{MAX_SVG_ELEMENTS:,}"),
    Limit("any number in an SVG file, ignoring its sign", f"{MAX_SVG_NUMBER:,.0f}"),
    Limit("any number a game's expressions reach, ignoring its sign", f"{MAX_NUMBER:,}"),
    Limit("levels of nesting in one expression (`a + b + c` is three)", f"{MAX_EXPRESSION_DEPTH}"),
    Limit("items of a computed list (`count:`)", f"{MAX_LIST_ITEMS:,}"),
    Limit("size of one spreadsheet (CSV, .xlsx, .ods)", f"{MAX_SHEET_BYTES // MIB:,} MiB"),
    Limit("a workbook's parts together, unpacked", f"{MAX_SHEET_XML_BYTES // MIB:,} MiB"),
    Limit("times larger one part of a workbook unpacks", f"{MAX_SHEET_RATIO}"),
    Limit("cells in a sheet's used range, rows times columns", f"{MAX_SHEET_CELLS:,}"),
    Limit("size of one font file", f"{MAX_FONT_BYTES // MIB:,} MiB"),
    Limit("size of an output folder's manifest.json", f"{MAX_MANIFEST_BYTES // MIB:,} MiB"),
)
