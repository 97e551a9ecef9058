"""Embedded TrueType fonts: registered once per process, measured, and checked for coverage.

A PDF reader draws an empty box for a character its font lacks and says nothing, so every
string is checked against the font's character map before it reaches a page. fontTools
reads the font files (text/truetype.py); the plan measures text with their advance widths, the PDF backend embeds
subsets of them (render/pdf/fonts.py).
"""

from __future__ import annotations

import hashlib
import re
import struct
import unicodedata
from functools import lru_cache
from importlib import metadata
from pathlib import Path, PurePosixPath

from msgspec import Struct

from shapes_print.errors import Source, UserError, quoted
from shapes_print.inputs import InputFile, inside, read_input
from shapes_print.limits import MAX_FONT_BYTES
from shapes_print.text import truetype

# Bidirectional classes of Hebrew and Arabic letters: drawn glyph by glyph, left to right
# and without joining, they read as nonsense rather than failing.
_RIGHT_TO_LEFT = frozenset({"R", "AL"})
_NAMED = 6
# Every font loaded in this process, by the name the plan gives it (`Text.font`): how the
# render stage finds a text's font. A registry, not a cache: a name is made from the font's
# bytes, so no entry is ever stale, and one is added for each font file a build loads.
_LOADED: dict[str, Font] = {}
NO_BREAK_SPACE, SPACE = 0x00A0, 0x0020
# PDF's font flags (PDF 1.7, 9.8.2): symbolic, since an embedded subset is addressed by
# glyph id and not by a standard encoding.
_SYMBOLIC = 1 << 2
_ITALIC = 1 << 6
# What helps a text its font lacks a character of: a face that has it.
FONTS_HINT = (
    "give the game fonts of its own that have it: fonts: in game.yaml (docs/designing.md, "
    '"A game\'s own fonts")'
)


class GlyphError(UserError):
    """A text holds a character its font has no glyph for: no larger box helps, only a
    font that has it, or other words."""


class Metrics(Struct, frozen=True):
    """What a PDF font descriptor says of a font, in thousandths of an em."""

    postscript_name: str
    ascent: float
    descent: float
    cap_height: float
    bbox: tuple[float, float, float, float]
    italic_angle: float
    stem_v: int  # the vertical stems' width, guessed from the weight as is usual
    flags: int
    family: str
    bold: bool


class Font(Struct, frozen=True, eq=False):
    """A loaded TrueType font: the name the plan knows it by (from its bytes), the
    characters it covers, each one's glyph and advance width (thousandths of an em, as PDF
    writes widths), and its descriptor's metrics; and the file's bytes, as embedding needs
    them (the copy of the file it was loaded from, a project copied to a temporary folder,
    may be gone by the time a later build embeds it). One object per file and bytes in a
    process (`_font`), so it compares and hashes by identity."""

    name: str
    path: Path
    data: bytes
    covered: frozenset[int]
    glyphs: dict[int, int]  # code point -> glyph id
    advances: dict[int, float]  # code point -> advance width
    glyph_widths: tuple[float, ...]  # glyph id -> advance width
    missing_width: float  # glyph 0's, for a character the font lacks
    metrics: Metrics

    def width(self, text: str, size: float) -> float:
        """The text's advance at `size` points, glyph by glyph without kerning, as a PDF
        reader sets it from the font's widths."""
        return 0.001 * size * _advance(self, text)

    def advance(self, text: str, before: float = 0.0) -> float:
        """The text's advance in thousandths of an em after text of advance `before`, glyph
        by glyph in order, as `width` sums a line: a line grown word by word is measured
        in its new words alone, to the same sum."""
        get, missing = self.advances.get, self.missing_width
        for code in map(ord, text):
            before += get(code, missing)
        return before

    def check(self, text: str, where: Source | None, what: str) -> None:
        """Refuse characters the font lacks, and right-to-left letters we cannot lay out."""
        problem, lacks_glyph = _problem(self, text)
        if lacks_glyph:
            raise GlyphError(where, f"{what}: {problem}", FONTS_HINT)
        if problem:
            raise UserError(where, f"{what}: {problem}")


@lru_cache(maxsize=65536)
def _advance(font: Font, text: str) -> float:
    """The text's advance in thousandths of an em: a batch measures the same words kit
    after kit, table trial after table trial."""
    get, missing = font.advances.get, font.missing_width
    return sum([get(code, missing) for code in map(ord, text)])


@lru_cache(maxsize=65536)
def _problem(font: Font, text: str) -> tuple[str, bool]:
    """What `Font.check` refuses in the text, or nothing, and whether it is a glyph the
    font lacks: a batch checks the same sheets kit after kit."""
    missing = sorted({ch for ch in text if ord(ch) not in font.covered and ch not in "\n"})
    if missing:
        return f"font {font.path.name} has no glyph for {_named(missing)} in {quoted(text)}", True
    backwards = sorted({ch for ch in text if unicodedata.bidirectional(ch) in _RIGHT_TO_LEFT})
    if backwards:
        return (
            f"right-to-left letters would print unjoined and in reverse order: {_named(backwards)}"
        ), False
    return "", False


def _one(char: str) -> str:
    """A character as 'Ж' (U+0416); one that shows as no mark, a space, by its Unicode
    name instead of Python's escape: U+202F (narrow no-break space)."""
    if char.isprintable() and not char.isspace():
        return f"{char!r} (U+{ord(char):04X})"
    return f"U+{ord(char):04X} ({unicodedata.name(char, 'unnamed').lower()})"


def _named(chars: list[str]) -> str:
    """Characters as 'Ж' (U+0416), at most a few of them, so the message stays one line."""
    shown = ", ".join(_one(ch) for ch in chars[:_NAMED])
    return shown + (f" and {len(chars) - _NAMED} more" if len(chars) > _NAMED else "")


PACKAGE = "package:"


# A distribution's name as PyPI spells it (PEP 508), and how names compare (PEP 503).
_DISTRIBUTION = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9._-]{0,98}[A-Za-z0-9])?")
_FONT_SUFFIXES = (".ttf", ".otf")


def font_file(spec: str, folder: Path, where: Source | None) -> Path:
    """A font named by file (relative to `folder`) or as `package:DISTRIBUTION/path`, a
    file an installed distribution (PyPI's fontpkg-atkinson-hyperlegible) recorded."""
    if not spec.startswith(PACKAGE):
        return inside(folder, spec, where, "templates")
    return package_font(spec, where)


def package_font(spec: str, where: Source | None) -> Path:
    """`package:DISTRIBUTION/inner/path.ttf` as the file that distribution installed.

    Found from the distribution's metadata (its RECORD of installed files), never by
    importing a module: a label set from a stranger must not run code. The file must be
    one the distribution recorded, inside the folder it was installed into."""
    name, _, inner = spec.removeprefix(PACKAGE).partition("/")
    parts = PurePosixPath(inner).parts
    if not _DISTRIBUTION.fullmatch(name) or not parts:
        raise UserError(where, f"font {spec!r}: write it as package:DISTRIBUTION/path/file.ttf")
    if inner.startswith("/") or "\\" in inner or ".." in parts or "\0" in inner:
        raise UserError(where, f"font {spec!r}: '..', '\\' and absolute paths are not allowed")
    try:
        found = metadata.distribution(name)
    except metadata.PackageNotFoundError:
        pip_name = re.sub(r"[-_.]+", "-", name).lower()
        raise UserError(
            where, f"font package {name!r} is not installed (pip install {pip_name})"
        ) from None
    recorded = [file for file in found.files or () if ".." not in file.parts]
    wanted = {inner, f"{name}/{inner}", f"{re.sub(r'[-.]+', '_', name)}/{inner}"}
    match = next((file for file in recorded if file.as_posix() in wanted), None)
    if match is None:
        fonts = sorted(file.name for file in recorded if file.suffix.lower() in _FONT_SUFFIXES)
        has = f" (it has: {', '.join(fonts[:8])})" if fonts else " (it has no font files)"
        raise UserError(where, f"font package {name!r} has no file {inner!r}{has}")
    home = Path(str(found.locate_file(""))).resolve()
    path = Path(str(found.locate_file(match))).resolve()
    if not path.is_relative_to(home):
        raise UserError(where, f"font {spec!r}: leads out of the package's folder {home}")
    return path


def load_font(path: Path, where: Source | None = None) -> Font:
    """Read a TTF (a regular file, at most MAX_FONT_BYTES), named after its bytes, so the
    same bytes map to one font; the file is read again each time, so a change counts."""
    file = read_input(path, MAX_FONT_BYTES, where, what="font")
    font = _font(file)
    _LOADED[font.name] = font
    return font


def font_named(name: str) -> Font:
    """A font loaded in this process by its plan name; KeyError if none is."""
    return _LOADED[name]


class _Parsed(Struct, frozen=True):
    """What a font's bytes say, wherever they lie (`Font` without its file)."""

    name: str
    covered: frozenset[int]
    glyphs: dict[int, int]
    advances: dict[int, float]
    glyph_widths: tuple[float, ...]
    metrics: Metrics


@lru_cache(maxsize=64)
def _font(file: InputFile) -> Font:
    """The font in a file's bytes, one object per file and content: a file changed in
    place is a new font. A collection (.ttc) is refused in plain words: no option picks
    one of its fonts, and the first is not always the one meant (Noto Sans CJK's is the
    Japanese face, whose forms a Chinese text does not want)."""
    faces = truetype.collection_size(file.data)
    if faces is not None:
        where = Source(file.path)
        raise UserError(
            where,
            f"not a usable TrueType font: it is a collection of {faces} fonts (.ttc), and a kit "
            "takes one font's own file",
            "save the face you want as a file of its own, the first with "
            f"`fonttools ttLib -y 0 -o {file.path.stem}.ttf {where}`, and name that",
        )
    try:
        parsed = _parsed(file.data)
    except (truetype.FontFileError, struct.error) as error:
        raise UserError(Source(file.path), f"not a usable TrueType font: {error}") from None
    return Font(
        parsed.name, file.path, file.data, parsed.covered, parsed.glyphs, parsed.advances,
        parsed.glyph_widths, parsed.glyph_widths[0], parsed.metrics,
    )  # fmt: skip


@lru_cache(maxsize=16)
def _parsed(data: bytes) -> _Parsed:
    """A font's name (from its bytes), characters, glyphs, widths and metrics, read once per
    bytes wherever they lie: a project copied to another folder (each test's, a starter's)
    embeds the same fonts. A TrueType file (glyf outlines) only: PDF embeds CFF outlines
    another way, and no label set needs them."""
    tables = truetype.Tables.read(data, truetype.READ)
    for tag in ("glyf", "loca", "head", "hhea", "maxp", "hmtx"):
        tables.get(tag)
    scale = 1000 / tables.u16("head", 18)
    glyph_widths = tuple(map(scale.__mul__, truetype.advances(tables)))
    glyphs = truetype.character_map(tables)
    if glyphs and max(glyphs.values()) >= len(glyph_widths):
        glyphs = {code: glyph for code, glyph in glyphs.items() if glyph < len(glyph_widths)}
    # A no-break space only holds words together on a line (a card's name, "Green 5"): it
    # prints as the space and is copied, searched and read aloud as one.
    if SPACE in glyphs:
        glyphs[NO_BREAK_SPACE] = glyphs[SPACE]
    elif NO_BREAK_SPACE in glyphs:
        glyphs[SPACE] = glyphs[NO_BREAK_SPACE]
    advances = dict(zip(glyphs, map(glyph_widths.__getitem__, glyphs.values()), strict=True))
    name = f"F{hashlib.sha1(data).hexdigest()[:10]}"
    return _Parsed(name, frozenset(glyphs), glyphs, advances, glyph_widths, _metrics(tables, scale))


def _metrics(tables: truetype.Tables, scale: float) -> Metrics:
    """The descriptor's numbers: ascent, descent and cap height from OS/2 where the font
    has one (else hhea), the bounding box from head, the slant from post."""
    named = truetype.names(tables)
    postscript = named.get(6) or named.get(4) or "Font"
    family = named.get(16) or named.get(1) or postscript
    style = (named.get(17) or named.get(2) or "").lower()
    italic_angle = struct.unpack_from(">i", tables.get("post"), 4)[0] / 65536
    ascent, descent = tables.i16("hhea", 4), tables.i16("hhea", 6)
    weight, cap = 400, 0
    if "OS/2" in tables.raw:
        ascent, descent = tables.i16("OS/2", 68), tables.i16("OS/2", 70)
        weight = tables.u16("OS/2", 4)
        if tables.u16("OS/2", 0) >= 2:
            cap = tables.i16("OS/2", 88)
    box = (tables.i16("head", at) for at in (36, 38, 40, 42))
    return Metrics(
        postscript_name="".join(ch for ch in postscript if 33 <= ord(ch) <= 126) or "Font",
        ascent=round(ascent * scale),
        descent=round(descent * scale),
        cap_height=round((cap or ascent) * scale),
        bbox=tuple(round(v * scale) for v in box),  # type: ignore[arg-type]
        italic_angle=italic_angle,
        stem_v=50 + int((weight / 65) ** 2),
        flags=_SYMBOLIC | (_ITALIC if italic_angle else 0),
        family=family,
        bold="bold" in style,
    )


class FontPair(Struct, frozen=True):
    """The faces a label set prints with: regular and bold, and the italic and bold italic
    faces rich text's `*italic*` sets (a set without them sets it in the upright face)."""

    regular: Font
    bold: Font
    italic: Font | None = None
    bold_italic: Font | None = None

    def pick(self, bold: bool, italic: bool = False) -> Font:
        if italic:
            slanted = self.bold_italic if bold else self.italic
            if slanted is not None:
                return slanted
        return self.bold if bold else self.regular
