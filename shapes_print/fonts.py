"""Embedded TrueType fonts: registered once per process, measured, and checked for coverage.

reportlab draws an empty box for a character its font lacks and says nothing, so every
string is checked against the font's character map before it reaches a page.
"""

from __future__ import annotations

import hashlib
import importlib.util
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
            raise UserError(where, f"{what}: font {self.path.name} has no glyph for {chars} in {text!r}")


PACKAGE = "package:"


def font_file(spec: str, folder: Path, where: Source | None) -> Path:
    """A font named by file (relative to `folder`) or as `package:module/path` inside an
    installed Python package, such as PyPI's fontpkg-atkinson-hyperlegible."""
    if not spec.startswith(PACKAGE):
        path = (folder / spec).resolve()
    else:
        module, _, inner = spec.removeprefix(PACKAGE).partition("/")
        found = importlib.util.find_spec(module)
        if found is None or not found.submodule_search_locations:
            pip_name = module.replace("_", "-")
            raise UserError(where, f"font package {module!r} is not installed (pip install {pip_name})")
        path = Path(next(iter(found.submodule_search_locations))) / inner
    if not path.is_file():
        raise UserError(where, f"font file {spec!r} not found")
    return path


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
