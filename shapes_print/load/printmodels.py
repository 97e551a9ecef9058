"""Typed models of how things print: the sheet style (templates/sheet.yaml, a label set's
`style:`), papers and card sizes, and the print settings (templates/print.yaml).

Models only describe and check the input; they draw nothing.
"""

from typing import Literal

from pydantic import Field

from shapes_print.limits import MAX_DPI, MIN_DPI
from shapes_print.load.base import Colour, Identifier, Length, Ratio, Side, Size, Strict
from shapes_print.load.cardmodels import TrimLine


class IconStyle(Strict):
    """An icon drawn inside a line of text, in a square one em wide and high: a shape of the
    shape library (`shape`) or an SVG file's drawing (`svg`, a file beside the YAML that
    names it), filled with `fill` (a shape's: the text's own ink when not given) and outlined
    with `stroke`. `alt` is what a reader hears and braille writes for it (the name, its
    dashes as spaces, when not given), translated by the label set. A label set's entry
    may give only what it changes (a fill), over the shipped or the game's icon."""

    shape: str | None = None
    svg: str | None = None
    fill: Colour | None = None
    stroke: Colour | None = None
    stroke_width: Length = 0.0
    alt: str | None = None


class Paper(Strict):
    width: Side
    height: Side


class LookUpCard(Strict):
    """A player aid set as a look-up card, two to a sheet: each key in place of the aid
    style's or the sheet style's of the same name. Headings nearer the body, the body no
    smaller than the style's `min_size`, margins narrower (still inside the printer-safe
    band), blocks and list items closer, pictures of cards smaller."""

    heading_size: Size
    subheading_size: Size
    body_size: Size
    label_size: Size
    list_gap: Length
    margin: Length
    mini_card_height: Size
    block_gap: Length
    table_padding: Length


class AidStyle(Strict):
    """How a player aid's type differs from its sheets': a copy kept at hand holds its
    pictures of cards smaller and its blocks closer, so that one fits a side. `compact`,
    where given, is tried first and kept only where a copy then fits half a page (two to
    a sheet): small type with half a page empty helps no one. A copy longer than a page
    (which the build warns of) lays its tables again with `keep_table`, kept where that
    takes it no more pages. Neither is a sheet style's own."""

    mini_card_height: Size
    block_gap: Length
    table_padding: Length
    list_gap: Length | None = None
    margin: Length | None = None
    compact: LookUpCard | None = None
    keep_table: float = Field(ge=0.0, le=1.0)


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
    # Fold sheets (`--fold`): from the fold line to the cards on either side of it.
    fold_gutter: Length
    ruler_length: Size
    ruler_step: Size
    ruler_tick: Length
    inch_square: Size
    text_size: Size
    text_min_size: Size
    # The furniture's size on sheet documents, whose feet are planned to hold it (large
    # print's 18 pt); card sheets keep `text_size`: their margins are what the cards leave.
    sheet_text_size: Size | None = None
    print_line: str
    ruler_label: str
    inch_label: str
    # The foot of every page of a sheet document: {game}, {document}, {page} and
    # {pages}, at `foot_size`, on as many lines as it has.
    running_foot: str
    # A file's title (its PDF title and bookmark, the print-and-play cover's parts): {game}
    # and {document}, punctuated as the label set's language does.
    document_title: str
    # A print shop's fronts-only and backs-only files' titles: {title} is their cards
    # file's.
    fronts_title: str
    backs_title: str
    # A deck's fold sheets' title: {title} is the deck's, as their running foot says it.
    fold_title: str
    # The title of a score sheet's page after its first: {title} is the sheet's own.
    continued_title: str
    foot_size: Size
    foot_gap: Length  # between the content and the running foot


class Embosser(Strict):
    """The page of an embosser (.brf) file, in braille cells and lines."""

    cells_per_line: int = Field(ge=10, le=100)
    lines_per_page: int = Field(ge=5, le=100)
    # The heading of the list of cards, each named as its braille zone names it.
    cards_heading: str
    # The file's own title, joined to the game's as every file's is (`document_title`):
    # what the output folder's catalogue names its link, in the label set's language.
    title: str


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
    # What the braille zone of a layout that writes no `text` for it spells (the zone a
    # game's own layout gets): a message on `{words}`, the card's title and card words.
    card_words: str
    # Words a card's zone may divide at the end of a line, written divided: "cyl-in-der".
    hyphenation: list[str] = Field(default=[])  # copied per model; see base.py


class Finest(Strict):
    """The finest marks a kit prints, at home or in a shop: no line thinner than `line`
    (a thinner one breaks up or vanishes), no word smaller than `text` (it does not read).
    Cards drawn small widen their thinner lines to `line` and leave out their smaller words
    (their pictures' alternate text still says them)."""

    line: Size
    text: Size


FontFace = Literal["regular", "bold", "italic", "bold_italic"]
FONT_FACES: tuple[FontFace, ...] = ("regular", "bold", "italic", "bold_italic")


class SheetStyle(Strict):
    """Type, colours and margins of table sheets (setup, score sheets, host keys)."""

    # Files of the faces: regular and bold, and italic and bold_italic for rich text's
    # *italic* (without them it is set upright).
    fonts: dict[FontFace, str]
    margin: Length
    footer_height: Length
    # A first page printed on both sides, where it is not `footer_height`: its print line
    # says so, a line longer at large print's 18 pt beside the inch square.
    duplex_footer_height: Length | None = None
    running_footer_height: Length
    heading_size: Size
    subheading_size: Size
    body_size: Size
    label_size: Size
    min_size: Size
    line_spacing: float = Field(ge=1.0, le=3.0)
    block_gap: Length
    # Between the items of a list, where it is not a line's extra leading twice (a
    # paragraph's gap): a look-up card's lists, read item by item by their markers.
    list_gap: Length | None = None
    list_keep: int = Field(ge=1)
    # Keeps a typesetter uses: steps of `keep_steps` or fewer, and a table under
    # `firm_table` of a page, never split (while another break fits); a table under
    # `keep_table` of one neither, unless moving it whole would leave the page before it
    # less than `table_gives` full.
    keep_steps: int = Field(ge=0)
    firm_table: float = Field(ge=0.0, le=1.0)
    keep_table: float = Field(ge=0.0, le=1.0)
    table_gives: float = Field(ge=0.0, le=1.0)
    # How much of the glue between lines and blocks may give on a page (0 to 0.5 of it), so
    # that a document a few lines over a page fits it.
    glue_shrink: float = Field(ge=0.0, le=0.5)
    # No page of a document of more than one is filled less than this share of its height
    # while another choice of breaks avoids it.
    least_fill: float = Field(ge=0.0, le=0.9)
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
    finest: Finest
    # Cards drawn small on a sheet or a card print their words too small to read. True: each
    # such picture is marked as one, with its `alt` words, and a sheet writes those words
    # beneath it at body size (large print); false: the picture is drawn as it is.
    picture_words: bool
    furniture: Furniture
    player_aid: AidStyle
    # The icons rich text's {icon:NAME} draws where a game has none of that name; a label
    # set restyles one (its fill, its outline) or replaces it under `style: icons:`.
    icons: dict[Identifier, IconStyle] = Field(default_factory=dict)
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


class ProofSettings(Strict):
    """A proof sheet (`build --proof`): the gap between cards, their labels' type size
    (raised to a label set's least size) and the outline drawn round each card."""

    gap: Length
    label_size: Size
    line_width: Size


class TabletopSettings(Strict):
    """Tabletop Simulator's card sheets (`--format tts`): their pixels per inch, lowered
    for a card size whose sheet would be over the 10,000 pixels a side TTS takes."""

    dpi: int = Field(ge=MIN_DPI, le=MAX_DPI, strict=True)


# What a file's print line says of its sides: duplex ('long', 'short' or 'none') and others.
Sides = Literal[
    "long",
    "short",
    "none",
    "fold",
    "print_shop",
    "print_shop_fronts",
    "print_shop_backs",
    "embosser",
]


class PrintSettings(Strict):
    """Print-shop bleed and press, ink saver, calibration, proof sheets, Tabletop Simulator
    sheets and the printing guide's document."""

    bleed: Length
    overrun: Length
    press: PressSettings
    cut_line: TrimLine
    ink_saver: InkSaver
    calibration: Calibration
    proof: ProofSettings
    tabletop: TabletopSettings
    guide: str
    # The print-and-play file's document (its cover and its blank page), in templates/; none:
    # kits have no print-and-play file.
    print_and_play: str | None = None
    paper_weight: str
    stock: dict[Literal["cards", "sheets", "embosser", "print_and_play"], str]
    sides: dict[Sides, str]
    audiences: dict[Literal["players", "host", "print_and_play"], str]
    cutting: dict[Literal["marked", "unmarked", "print_shop"], str]
    # The fold sheets' step (`--fold`), the guide's and the assembly page's: {fold}, their files.
    folding: str
