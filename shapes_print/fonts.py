"""Embedded TrueType fonts: registered once per process, measured, and checked for coverage.

reportlab draws an empty box for a character its font lacks and says nothing, so every
string is checked against the font's character map before it reaches a page.
"""

from __future__ import annotations

import hashlib
import importlib.util
import io
import re
import struct
import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics, ttfonts
from reportlab.pdfbase.ttfonts import TTFError, TTFont

from shapes_print.errors import Source, UserError
from shapes_print.paths import inside

# Bidirectional classes of Hebrew and Arabic letters: reportlab draws them left to right
# without joining, which reads as nonsense rather than failing.
_RIGHT_TO_LEFT = frozenset({"R", "AL"})
_NAMED = 6
# (font name, text) pairs that passed `Font.check`; let go of past this many.
_CHECKED: set[tuple[str, str]] = set()
_CHECKED_KEPT = 65536


_REPORTLAB_CMAP = ttfonts.makeToUnicodeCMap
_PAST_FFFF = re.compile(r"<([0-9A-F]{2})> <([0-9A-F]{5,6})>")


def _to_unicode_cmap(fontname: str, subset: list[int]) -> str:
    """reportlab's map from glyphs to text writes U+1F600 as <1F600>; PDF readers take
    that as U+1F60, so copied or read-aloud text is wrong. PDF wants UTF-16: a surrogate pair."""
    cmap = _REPORTLAB_CMAP(fontname, subset)
    return _PAST_FFFF.sub(
        lambda m: f"<{m[1]}> <{chr(int(m[2], 16)).encode('utf-16-be').hex().upper()}>", cmap
    )


ttfonts.makeToUnicodeCMap = _to_unicode_cmap


@dataclass(frozen=True, slots=True)
class Font:
    """A registered font: the name reportlab knows it by and the characters it covers."""

    name: str
    path: Path
    covered: frozenset[int]

    def width(self, text: str, size: float) -> float:
        return pdfmetrics.stringWidth(text, self.name, size)

    def check(self, text: str, where: Source | None, what: str) -> None:
        """Refuse characters the font lacks, and right-to-left letters we cannot lay out.

        A text that passed is remembered: a batch checks the same sheets kit after kit."""
        if (self.name, text) in _CHECKED:
            return
        missing = sorted({ch for ch in text if ord(ch) not in self.covered and ch not in "\n"})
        if missing:
            font = self.path.name
            raise UserError(
                where, f"{what}: font {font} has no glyph for {_named(missing)} in {text!r}"
            )
        backwards = sorted({ch for ch in text if unicodedata.bidirectional(ch) in _RIGHT_TO_LEFT})
        if backwards:
            raise UserError(
                where,
                f"{what}: right-to-left letters would print unjoined and in reverse order: "
                f"{_named(backwards)}",
            )
        if len(_CHECKED) >= _CHECKED_KEPT:
            _CHECKED.clear()
        _CHECKED.add((self.name, text))


def _named(chars: list[str]) -> str:
    """Characters as 'Ж' (U+0416), at most a few of them, so the message stays one line."""
    shown = ", ".join(f"{ch!r} (U+{ord(ch):04X})" for ch in chars[:_NAMED])
    return shown + (f" and {len(chars) - _NAMED} more" if len(chars) > _NAMED else "")


PACKAGE = "package:"


def font_file(spec: str, folder: Path, where: Source | None) -> Path:
    """A font named by file (relative to `folder`) or as `package:module/path` inside an
    installed Python package, such as PyPI's fontpkg-atkinson-hyperlegible."""
    if not spec.startswith(PACKAGE):
        return inside(folder, spec, where, "templates")
    module, _, inner = spec.removeprefix(PACKAGE).partition("/")
    found = importlib.util.find_spec(module)
    if found is None or not found.submodule_search_locations:
        pip_name = module.replace("_", "-")
        raise UserError(where, f"font package {module!r} is not installed (pip install {pip_name})")
    path = Path(next(iter(found.submodule_search_locations))) / inner
    if not path.is_file():
        raise UserError(where, f"font file {spec!r} not found in package {module!r}")
    return path


@cache
def load_font(path: Path) -> Font:
    """Register a TTF under a name derived from its bytes, so the same file maps to one font."""
    try:
        data = path.read_bytes()
    except OSError:
        raise UserError(Source(path), "font file not found") from None
    name = f"F{hashlib.sha1(data).hexdigest()[:10]}"
    # reportlab parses a file object's bytes and takes its `name` as the file's: the bytes
    # just hashed, rather than reading the file a second time.
    stream = io.BytesIO(data)
    stream.name = str(path)
    try:
        font = TTFont(name, stream)
    except TTFError as error:
        raise UserError(Source(path), f"not a usable TrueType font: {error}") from None
    except (struct.error, ValueError, IndexError, KeyError):  # its tables end early or lie
        raise UserError(
            Source(path), "not a usable TrueType font: it is cut short or damaged"
        ) from None
    pdfmetrics.registerFont(font)
    return Font(name, path, frozenset(font.face.charToGlyph))


@dataclass(frozen=True, slots=True)
class FontPair:
    """The regular and bold faces a label set prints with."""

    regular: Font
    bold: Font

    def pick(self, bold: bool) -> Font:
        return self.bold if bold else self.regular
