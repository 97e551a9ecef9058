"""Typed models of how things print: the sheet style (templates/sheet.yaml, a label set's
`style:`), papers and card sizes, and the print settings (templates/print.yaml).

Models only describe and check the input; they draw nothing.
"""

from typing import Literal

from pydantic import Field

from shapes_print.limits import MAX_DPI, MIN_DPI
from shapes_print.load.base import Colour, Length, Ratio, Side, Size, Strict
from shapes_print.load.cardmodels import TrimLine


class Paper(Strict):
    width: Side
    height: Side


class Furniture(Strict):
    """The scale check and print line every sheet carries, and where marks may go."""

    safe_margin: Length
    mark_offset: Length
    mark_length: Length
    mark_min_length: Length
    mark_min_offset: Length
    mark_width: Length
    mark_colour: Colour = Field("#000000", validate_default=True)
    furniture_gap: Length
    mark_clearance: Length
    ruler_length: Size
    ruler_step: Size
    ruler_tick: Length
    inch_square: Size
    text_size: Size
    text_min_size: Size
    print_line: str
    ruler_label: str
    inch_label: str


class Embosser(Strict):
    """The page of an embosser (.brf) file, in braille cells and lines."""

    cells_per_line: int = Field(ge=10, le=100)
    lines_per_page: int = Field(ge=5, le=100)
    # The heading of the list of cards, each named as its braille zone names it.
    cards_heading: str


class BrailleStyle(Strict):
    """Braille dots as a swell-paper or embossed page needs them (docs/print-and-accessibility.md).

    `dot_spacing` is between dot centres inside a cell (across and down), `cell_spacing`
    between the same dot of neighbouring cells, `line_spacing` between neighbouring lines.
    """

    dot_diameter: Size
    dot_spacing: Size
    cell_spacing: Size
    line_spacing: Size
    colour: Colour
    embosser: Embosser
    # Words a card's zone may divide at the end of a line, written divided: "cyl-in-der".
    hyphenation: list[str] = Field(default_factory=list)


class SheetStyle(Strict):
    """Type, colours and margins of table sheets (setup, score sheets, host keys)."""

    fonts: dict[Literal["regular", "bold"], str]
    margin: Length
    footer_height: Length
    heading_size: Size
    subheading_size: Size
    body_size: Size
    label_size: Size
    min_size: Size
    line_spacing: float = Field(ge=1.0, le=3.0)
    block_gap: Length
    list_keep: int = Field(ge=1)
    ink: Colour
    rule_colour: Colour
    shade: Colour
    table_padding: Length
    arrow_height: Length
    arrow_colour: Colour
    # What an arrow's drawing shows, for a reader's software: {direction} (its caption is
    # printed, and read, above it).
    arrow_alt: str
    # The alternate text of cards drawn small whose names print beneath them: not the names
    # again, which a reader hears in the caption.
    captioned_alt: str
    # What a card on a card sheet shows, face and back, for a reader's software: {words}
    # are the words printed on it.
    card_alt: str
    card_back_alt: str
    score_row_height: Size
    mini_card_height: Size
    # Cards drawn small on a sheet or a card print their words too small to read. True: each
    # such picture is marked as one, with its `alt` words, and a sheet writes those words
    # beneath it at body size (large print); false: the picture is drawn as it is.
    picture_words: bool
    furniture: Furniture
    # Braille dots on the cards and an embosser file in each kit: set by a braille label set.
    braille: BrailleStyle | None = None


# ---- printing (templates/print.yaml) ---------------------------------------------------


class InkSaver(Strict):
    """Draft prints: fills become outlines, backs keep only a tint of their colours."""

    outline_width: Length
    back_tint: float = Field(gt=0.0, le=1.0)
    min_text_contrast: float = Field(ge=1.0, le=21.0)


class Calibration(Strict):
    """The duplex calibration sheet: crosshairs, their scales and the words printed with them.

    The `_ratio`s and `_gap`s without a unit are multiples of the text size, so the sheet's
    type keeps its proportions when a label set raises it (large print)."""

    inset: Length
    arm: Length
    scale_half_length: Size
    scale_step: Size
    label_every: int = Field(gt=0)
    tick: Length
    line_width: Size
    number_gap: Length
    text_size: Size
    title_ratio: Ratio
    number_ratio: Ratio
    top_gap: Ratio
    title_gap: Ratio
    title: str
    front_lines: list[str]
    back_lines: list[str]


class PressSettings(Strict):
    """The press a print-shop file is made for: the PDF/X version it claims and the CMYK
    ICC profile (a file in the templates folder) its colours are converted into, with the
    printing condition that profile characterises as the ICC registry names it."""

    standard: Literal["PDF/X-4"]
    profile: str
    condition: str
    condition_name: str
    registry: str
    picture_dpi: int = Field(ge=MIN_DPI, le=MAX_DPI, strict=True)


class PrintSettings(Strict):
    """Print-shop bleed and press, ink saver, calibration and the printing guide's document."""

    bleed: Length
    overrun: Length
    press: PressSettings
    cut_line: TrimLine
    ink_saver: InkSaver
    calibration: Calibration
    guide: str
    # The print-and-play file's document (its cover and its blank page), in templates/; none:
    # kits have no print-and-play file.
    print_and_play: str | None = None
    paper_weight: str
    stock: dict[Literal["cards", "sheets", "embosser"], str]
    sides: dict[
        Literal[
            "long",
            "short",
            "none",
            "print_shop",
            "print_shop_fronts",
            "print_shop_backs",
            "embosser",
        ],
        str,
    ]
    audiences: dict[Literal["players", "host"], str]
    cutting: dict[Literal["marked", "unmarked", "print_shop"], str]
