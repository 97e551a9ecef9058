"""What the plan stage draws with: fonts, shapes, patterns, sheet style and the label set's words."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from shapes_print.errors import Source, UserError
from shapes_print.fonts import FontPair
from shapes_print.load.models import SheetStyle
from shapes_print.shapes import PatternLibrary, ShapeLibrary
from shapes_print.words import Words

_HEX = re.compile(r"^#[0-9A-Fa-f]{6}$")


@dataclass(frozen=True, slots=True)
class DrawContext:
    """What every planner draws with: fonts, shapes, patterns, sheet style and words."""

    fonts: FontPair
    shapes: ShapeLibrary
    patterns: PatternLibrary
    style: SheetStyle
    furniture_source: Source | None = None  # where the furniture is set, for its errors
    words: Words = field(default_factory=Words)


def colour(value: str, where: Source | None, what: str) -> str:
    """A '#RRGGBB' colour, upper-cased so equal colours compare equal."""
    if not _HEX.match(value):
        raise UserError(where, f"{what}: colour must look like '#0072B2', got {value!r}")
    return value.upper()
