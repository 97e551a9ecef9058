"""What the plan stage draws with: fonts, shapes, patterns, sheet style and the label set's words."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from msgspec import Struct, field

from shapes_print.errors import Source, UserError
from shapes_print.geometry.primitives import RGB
from shapes_print.load.labels import LoadedLabels
from shapes_print.load.printmodels import IconStyle, SheetStyle
from shapes_print.load.shapes import PatternLibrary, ShapeLibrary
from shapes_print.text.fonts import FontPair
from shapes_print.text.words import Words


class IconDef(Struct, frozen=True):
    """An icon rich text may draw: its style, the folder its `svg` file is in, and where
    it is defined (for an error in it)."""

    style: IconStyle
    folder: Path
    where: Source | None = None


class DrawContext(Struct, frozen=True):
    """What every planner draws with: fonts, shapes, patterns, sheet style and words."""

    fonts: FontPair
    shapes: ShapeLibrary
    patterns: PatternLibrary
    style: SheetStyle
    furniture_source: Source | None = None  # where the furniture is set, for its errors
    words: Words = field(default_factory=Words)
    layouts_folder: Path | None = None  # where card layouts are, whose pictures they name
    labels: LoadedLabels | None = None  # the label set, to say which change moved an element
    # Rich text's icons by name: the shipped set as the label set styles it, and the game's.
    icons: Mapping[str, IconDef] = field(default_factory=dict)
    # The label set names fonts of its own (Atkinson's large print): they win over a game's.
    labels_fonts: bool = False


def colour(value: str, where: Source | None, what: str) -> RGB:
    """A card element's '#RRGGBB' colour (known only once its fields are filled in) as a
    colour, or a clear error naming where it was set."""
    try:
        return RGB.parse(value)
    except ValueError as error:
        raise UserError(where, f"{what}: {error}") from None
