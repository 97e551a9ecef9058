"""Embedded TrueType fonts: registered once per process, measured, and checked for coverage.

reportlab draws an empty box for a character its font lacks and says nothing, so every
string is checked against the font's character map before it reaches a page.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont

from shapes_print.errors import Source, UserError


@dataclass(frozen=True, slots=True)
class Font:
    """A registered font: the name reportlab knows it by and the characters it covers."""

    name: str
    path: Path
    covered: frozenset[int]

    def width(self, text: str, size: float) -> float:
        return pdfmetrics.stringWidth(text, self.name, size)

    def check(self, text: str, where: Source | None, what: str) -> None:
        missing = sorted({ch for ch in text if ord(ch) not in self.covered and ch not in "\n"})
        if missing:
            chars = ", ".join(f"{ch!r} (U+{ord(ch):04X})" for ch in missing)
            raise UserError(where, f"{what}: font {self.path.name} has no glyph for {chars}")


@cache
def load_font(path: Path) -> Font:
    """Register a TTF under a name derived from its bytes, so the same file maps to one font."""
    try:
        data = path.read_bytes()
    except OSError:
        raise UserError(Source(path), "font file not found") from None
    name = f"F{hashlib.sha1(data).hexdigest()[:10]}"
    try:
        font = TTFont(name, str(path))
    except TTFError as error:
        raise UserError(Source(path), f"not a usable TrueType font: {error}") from None
    pdfmetrics.registerFont(font)
    return Font(name, path, frozenset(font.face.charToGlyph))


@dataclass(frozen=True, slots=True)
class FontPair:
    regular: Font
    bold: Font

    def pick(self, bold: bool) -> Font:
        return self.bold if bold else self.regular
