"""What the plan stage draws with: fonts, shapes, patterns, sheet style, the label set's words,
and the pictures and icons the kit stage read for it."""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from pathlib import Path

from msgspec import Struct, field
from msgspec.structs import replace

from shapes_print.buildcache import BuildCache, Pinned, Region
from shapes_print.errors import Source, UserError
from shapes_print.geometry.primitives import RGB, Picture
from shapes_print.load.labels import LoadedLabels
from shapes_print.load.printmodels import Furniture, IconStyle, SheetStyle
from shapes_print.load.shapes import PatternLibrary, ShapeLibrary
from shapes_print.text.fonts import FontPair
from shapes_print.text.words import Words


class IconDef(Struct, frozen=True):
    """An icon rich text may draw: its style, its `svg` file's drawing (read with the kit,
    kit/pictures.py; None for an icon drawn as a shape), and where it is defined (for an
    error in it)."""

    style: IconStyle
    picture: Picture | None = None
    where: Source | None = None


class Pictures(Struct, frozen=True):
    """Every picture a kit's cards and boards show, read by the kit stage (kit/pictures.py)
    before any of it is planned: each by the folder it is looked for in and its name as
    written, a card's fields filled in."""

    read: Mapping[tuple[Path, str], Picture] = field(default_factory=dict)

    def get(self, folder: Path, name: str) -> Picture:
        """The picture `name` in `folder`."""
        picture = self.read.get((folder, name))
        if picture is None:  # a bug: the kit reads every picture its cards and boards show
            raise ValueError(f"picture {name!r} in {folder} was not read with the kit")
        return picture


def picture_folder(written: str, where: Source, layouts: Path | None) -> tuple[Path, str]:
    """The folder a card's picture is in, and what messages call it: for a `{field}`, the
    folder of the deck (or spreadsheet) `where` the field is written; for a name the layout
    writes, the layout's folder (`layouts`)."""
    if "{" in written or layouts is None:
        return where.path.parent, where.path.name
    return layouts, "layouts"


class DrawContext(Struct, frozen=True):
    """What every planner draws with: fonts, shapes, patterns, sheet style, words, icons
    and pictures."""

    fonts: FontPair
    shapes: ShapeLibrary
    patterns: PatternLibrary
    style: SheetStyle
    furniture_source: Source | None = None  # where the furniture is set, for its errors
    # The furniture of sheet documents' pages, at the label set's `sheet_text_size` (the
    # style's own where None).
    sheets_furniture: Furniture | None = None
    words: Words = field(default_factory=Words)
    layouts_folder: Path | None = None  # where card layouts are, whose pictures they name
    labels: LoadedLabels | None = None  # the label set, to say which change moved an element
    # Rich text's icons by name: the shipped set as the label set styles it, and the game's.
    icons: Mapping[str, IconDef] = field(default_factory=dict)
    # The label set names fonts of its own (Atkinson's large print): they win over a game's.
    labels_fonts: bool = False
    # The pictures the game's cards and boards show (none until the kit stage reads them).
    pictures: Pictures = field(default_factory=Pictures)


def on_sheets(furniture: Furniture) -> Furniture:
    """The furniture of sheet documents' pages: its labels at `sheet_text_size` where the
    label set gives one (their feet are planned for it; card sheets keep `text_size`)."""
    if furniture.sheet_text_size is None:
        return furniture
    return furniture.model_copy(update={"text_size": furniture.sheet_text_size})


def colour(value: str, where: Source | None, what: str) -> RGB:
    """A card element's '#RRGGBB' colour (known only once its fields are filled in) as a
    colour, or a clear error naming where it was set."""
    try:
        return RGB.parse(value)
    except ValueError as error:
        raise UserError(where, f"{what}: {error}") from None


# A sheet style as a document printed on both sides takes it, made once for each style in
# a build, so the kits that share a label set share their drawings (plan/blockshare.py).
DOUBLE_SIDED_STYLES: Region[Pinned[SheetStyle]] = Region("double-sided styles", partial(Pinned, 64))


def double_sided(ctx: DrawContext, cache: BuildCache) -> DrawContext:
    """The context of a document printed on both sides: its first page's foot as tall as
    the style's `duplex_footer_height`, where it gives one (a print line that says
    "double-sided, flip on long edge" is a line longer at large print's size)."""
    style = ctx.style
    if style.duplex_footer_height is None:
        return ctx
    update = {"footer_height": style.duplex_footer_height}
    region = cache.region(DOUBLE_SIDED_STYLES)
    return replace(ctx, style=region.made((style,), True, lambda: style.model_copy(update=update)))
