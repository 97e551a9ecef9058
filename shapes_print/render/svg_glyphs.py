"""Glyph outlines for SVG text: each glyph of a loaded font as an SVG path in font units.

Input: a font the plan names (text/fonts.py) and glyph ids. Output: path data
(y up, as the font draws it) and the scale from font units to an em. fontTools draws the
outlines (composite glyphs included) from the bytes the font was loaded from; a font is
read once per process, and each glyph drawn once.
"""

from __future__ import annotations

import io
from functools import cache

from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.ttLib import TTFont
from msgspec import Struct, field

from shapes_print.text.fonts import Font


class Outlines(Struct):
    """A font's glyph outlines, drawn as they are asked for."""

    font: TTFont
    scale: float  # em per font unit: 1 / unitsPerEm
    order: list[str]
    drawn: dict[int, str] = field(default_factory=dict)

    def path(self, glyph: int) -> str:
        """The glyph's outline as SVG path data in font units ("" for a blank glyph)."""
        if glyph not in self.drawn:
            glyphs = self.font.getGlyphSet()
            pen = SVGPathPen(glyphs, ntos=lambda value: f"{value:g}")
            glyphs[self.order[glyph]].draw(pen)
            self.drawn[glyph] = pen.getCommands()
        return self.drawn[glyph]


@cache
def glyph_outline(font: Font) -> Outlines:
    """The outlines of a loaded font (one reader per font and process)."""
    tt = TTFont(io.BytesIO(font.data), lazy=True)
    return Outlines(tt, 1 / tt["head"].unitsPerEm, tt.getGlyphOrder())
