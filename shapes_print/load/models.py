"""Typed models of the YAML files: card templates, sheet style, decks, games and documents.

Models only describe and check the input; they draw nothing. Lengths are parsed to points
here, so later stages never see a unit string.
"""

from decimal import Decimal
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Discriminator,
    Field,
    PlainValidator,
    StrictInt,
    Tag,
    WithJsonSchema,
    model_validator,
)
from pydantic_core import PydanticCustomError

from shapes_print.limits import MAX_DPI, MAX_PLAYERS, MAX_SIDE, MAX_SIDE_MM, MIN_DPI
from shapes_print.primitives import RGB
from shapes_print.units import LengthError, parse_card_length, parse_length
from shapes_print.values import by_players


def _length(value: object) -> float:
    """A length in a layout: never negative (a negative box or margin means nothing)."""
    points = parse_length(value)
    if points < 0:
        raise LengthError(f"length {value!r} cannot be negative")
    return points


def _size(value: object) -> float:
    """A length something is divided by or drawn at: zero would crash or print nothing."""
    points = parse_length(value)
    if points <= 0:
        raise LengthError(f"length {value!r} must be more than zero")
    return points


def _side(value: object) -> float:
    """A side of a paper or a card: more than zero, and within the limit on sides."""
    points = _size(value)
    if points > MAX_SIDE:
        raise LengthError(f"length {value!r} is over the {MAX_SIDE_MM:,} mm limit on a side")
    return points


# In YAML a length is text with its unit; editors are told so through the JSON Schema.
LENGTH_SCHEMA = {
    "type": "string",
    "pattern": r"^\s*-?\d+(\.\d+)?\s*(pt|mm|cm|in)\s*$",
    "description": "a length with its unit, such as 63.5mm, 2.5in or 12pt",
}
Length = Annotated[float, BeforeValidator(_length), WithJsonSchema(LENGTH_SCHEMA)]
Size = Annotated[float, BeforeValidator(_size), WithJsonSchema(LENGTH_SCHEMA)]
Side = Annotated[float, BeforeValidator(_side), WithJsonSchema(LENGTH_SCHEMA)]


def _colour(value: object) -> RGB:
    """A colour set in a template or label set ('#RRGGBB'), typed once here so that the
    plan and the backends pass colours, not strings, along."""
    if isinstance(value, RGB):
        return value
    return RGB.parse(value if isinstance(value, str) else repr(value))


COLOUR_SCHEMA = {"type": "string", "pattern": "^#[0-9A-Fa-f]{6}$"}
Colour = Annotated[RGB, PlainValidator(_colour), WithJsonSchema(COLOUR_SCHEMA)]
# A multiple of another size (a title 1.4 times the text): a plain number, more than zero;
# strict, so a YAML `true` is not read as 1.
Ratio = Annotated[float, Field(gt=0.0, strict=True)]
CARD_LENGTH_SCHEMA = {
    "type": "string",
    "pattern": r"^\s*-?\d+(\.\d+)?\s*(pt|mm|cm|in|%\s*([+-]\s*\d+(\.\d+)?\s*(pt|mm|cm|in))?)\s*$",
    "description": "a length or a share of the card's side: 5mm, 50%, 100% - 10mm",
}
# (fraction of the card's side, points): `5mm`, `50%`, `100% - 10mm`.
CardLength = Annotated[
    tuple[float, float], BeforeValidator(parse_card_length), WithJsonSchema(CARD_LENGTH_SCHEMA)
]
IDENTIFIER_PATTERN = r"^[a-z0-9][a-z0-9-]{0,63}$"
Identifier = Annotated[str, Field(pattern=IDENTIFIER_PATTERN)]


def _text_or_number(value: object) -> object:
    """A card field or list value: printed as it is, so never YAML's true, false or null."""
    if isinstance(value, bool) or value is None:
        raise PydanticCustomError("text_or_number", "must be text or a number")
    return value


# Decimal: a number as a deck file writes it (load.yamlsrc.fields_as_written), 1.50 not 1.5.
Scalar = Annotated[
    str | int | Annotated[Decimal, WithJsonSchema({"type": "number"})] | float,
    BeforeValidator(_text_or_number),
]


class Strict(BaseModel):
    # defer_build: a model's validator is built when a file first needs it, not at import,
    # so a command pays only for the files it reads (and --help for none).
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


# ---- templates -------------------------------------------------------------------------


class Element(Strict):
    """One thing drawn on a card layout; strings may name card fields as `{field}`.

    Boxes are [x, y, width, height] measured from the card's top-left corner; a value may
    be a length or a share of the card's side (`50%`, `100% - 10mm`), so one layout fits
    every card size. `bleed` lets a full-card background run on into the print-shop bleed.
    `mirror` draws the element a second time turned 180° about the card centre, the way a
    corner index repeats upside down in the opposite corner. `name` lets a label set change
    one element (its size, colour, line weight) without copying the layout; `hidden` leaves
    it out. A `cards` element draws small copies of other cards, centred in its box:
    `cards: "{example}"` names a field holding card ids (a list of lists draws one line each);
    its `alt` names them in words for a label set with `picture_words`, which marks the
    picture (the card has no room to write them: the sheet it points to does).
    An `image` element shows a PNG, JPEG or SVG file, `src: art/sun.png` or `src: "{art}"`
    (relative to the file that names it: the template's folder, or for a `{field}` the deck
    or spreadsheet holding the field), fitted to its box by `fit`; with `alt` it is a
    picture of what `alt` says, without it an ornament a reader's software skips. A `braille`
    element writes its `text` in braille dots, from its box's top-left corner, when the
    label set gives the braille's sizes (`style: braille:`); its box is kept clear of ink.
    """

    kind: Literal["rect", "pattern", "shape", "text", "cards", "image", "braille"]
    name: Identifier | None = None
    hidden: bool = False
    box: tuple[CardLength, CardLength, CardLength, CardLength]
    fill: str | None = None
    stroke: str | None = None
    stroke_width: Length = 0.0
    radius: Length = 0.0
    shape: str | None = None
    pattern: str | None = None
    pattern_colour: str | None = None
    text: str | None = None
    bold: bool = False
    size: Size | None = None
    min_size: Size | None = None
    colour: str = "#000000"
    align: Literal["left", "centre", "right"] = "centre"
    wrap: bool = False
    mirror: bool = False
    when: str | None = None
    bleed: bool = False
    cards: str | None = None
    alt: str | None = None
    src: str | None = None
    # contain: all of the picture, centred; cover: the whole box, the picture cropped;
    # stretch: the picture's sides pulled to the box's.
    fit: Literal["contain", "cover", "stretch"] = "contain"

    @model_validator(mode="after")
    def _image_has_src(self) -> "Element":
        if self.kind == "image" and not self.src:
            raise ValueError("an image element needs src: a .png, .jpg or .svg file, or '{field}'")
        return self

    def placed(self, width: float, height: float) -> tuple[float, float, float, float]:
        """The box on a `width` x `height` card: points from its top-left corner, y down."""
        (fx, ox), (fy, oy), (fw, ow), (fh, oh) = self.box
        return fx * width + ox, fy * height + oy, fw * width + ow, fh * height + oh


class Layout(Strict):
    elements: list[Element]


class TrimLine(Strict):
    """A hairline round each face, so cut lines show where margins have no room for marks."""

    colour: Colour
    width: Length


class CardTemplate(Strict):
    """A card size and the named layouts its faces and backs use."""

    id: Identifier
    extends: str | None = None
    card: dict[Literal["width", "height"], Side]
    corner_radius: Length = 0.0
    text_safe: Length = 0.0
    trim_line: TrimLine | None = None
    layouts: dict[Identifier, Layout]


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
    # What an arrow's drawing shows, for a reader's software: {direction} and {caption}.
    arrow_alt: str
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


# ---- content ---------------------------------------------------------------------------


class BackDesign(Strict):
    layout: Identifier
    fields: dict[str, Scalar] = {}


def _count_kind(value: object) -> str:
    return COUNT_TABLE if isinstance(value, dict) else COUNT_NUMBER


# A count's two forms are told apart by the value, so an error names only the one meant (a
# table's entry, not "must be a whole number"); errors leave the tags out of a value's
# place (load/validate.py), so they are words no YAML key is.
COUNT_NUMBER, COUNT_TABLE = "a whole number", "a table by players"
UNION_TAGS = frozenset((COUNT_NUMBER, COUNT_TABLE))
CardCount = Annotated[
    Annotated[int, Field(gt=0, strict=True), Tag(COUNT_NUMBER)]
    | Annotated[dict[str, Annotated[int, Field(ge=0, strict=True)]], Tag(COUNT_TABLE)],
    Discriminator(_count_kind),
]


class CardType(Strict):
    """A card and its copies; `name` is how sheets count it ("circles" in "6 circles"),
    `group` pools types for a `count_<group>` number.

    With `for_each`, one card per item of the named game list(s): `id`, `name`, `group` and text fields
    are templates filled from the item (`task-{number}`, `{colour:title} {number}`); several
    lists give one card per combination (`[colours, numbers]`). Ids and groups are checked after
    filling, so they must end up letters, digits and dashes.
    """

    id: str
    name: str | None = None
    # Copies in the deck: a whole number, or a table by player count ({"2-3": 4, "4-6": 6})
    # that covers every count of the game (0 leaves the card out at those counts).
    count: CardCount
    layout: Identifier
    # A back id, or a template filled from the card's fields (`"{suit}"`).
    back: str
    group: str | None = None
    fields: dict[str, Scalar] = {}
    for_each: str | list[str] | None = None

    def copies(self, players: int) -> int:
        """How many of this card a kit for `players` holds (tables are checked at load)."""
        if isinstance(self.count, int):
            return self.count
        return by_players(self.count, players, None) or 0


SHEET_CARDS_SCHEMA = {
    "type": "object",
    "description": "cards read from a spreadsheet, a row per card type",
    "properties": {
        "from": {"type": "string", "pattern": r"\.(csv|tsv|xlsx|xlsm|xls|ods)$"},
        "sheet": {"type": "string"},
    },
    "required": ["from"],
    "additionalProperties": False,
}


def _cards_may_come_from_a_sheet(schema: dict[str, Any]) -> None:
    """In the JSON Schema, `cards:` is a list of cards or `{from: cards.csv}`: the loader
    reads the spreadsheet into the list before the model sees it."""
    listed = schema["properties"]["cards"]
    schema["properties"]["cards"] = {"anyOf": [listed, SHEET_CARDS_SCHEMA]}


class Deck(Strict):
    """The cards of a game: each type with its count, face layout, fields and back.

    `cards: {from: cards.csv}` (or `.xlsx`, `.ods`, with `sheet:`) reads them from a
    spreadsheet instead, a row per card type (shapes_print/load/spreadsheet.py).
    """

    model_config = ConfigDict(
        extra="forbid",
        frozen=True,
        defer_build=True,
        json_schema_extra=_cards_may_come_from_a_sheet,  # type: ignore[typeddict-item]
    )

    backs: dict[Identifier, BackDesign]
    cards: list[CardType] = Field(min_length=1)
    # Shapes of the deck's own, in the form of templates/shapes.yaml; same name redraws one.
    shapes: dict[str, Any] = {}


class PlayerRange(Strict):
    min: int = Field(ge=1, le=MAX_PLAYERS, strict=True)
    max: int = Field(ge=1, le=MAX_PLAYERS, strict=True)


class SheetDocument(Strict):
    """A document of table sheets: sections of blocks, each section starting a page."""

    name: Identifier
    title: str
    audience: Literal["players", "host"]
    sections: list["Section"] = Field(min_length=1)


class Section(Strict):
    players: str | None = None
    blocks: list[dict[str, Any]] = Field(min_length=1)


class ListFile(Strict):
    """A list kept in its own YAML file, `file: tasks.yaml#tasks`, so its text lives in one place.

    `cards` names fields written in the rules' card notation ("Red 2, Blue 4"); each adds a
    field `<name>_cards` holding card ids (a list of lists when the field is a list of texts).
    `conditions` names fields holding a condition; each adds `<name>_text`, the condition in words.
    """

    file: str
    cards: list[str] = []
    conditions: list[str] = []


class ComputedList(Strict):
    """A list worked out per player count: `count` items numbered `n` from 1, each field an
    expression over the game's numbers and `n` (for example a points ladder)."""

    count: str | int
    fields: dict[str, str | int]


class CardNotation(Strict):
    """How the rules write a card ("Red 2"): one word per attribute, and the deck id it names."""

    attributes: list[str] = Field(min_length=1)
    id: str


class Check(Strict):
    """Every item of `list` must satisfy its `condition` with each set named in `holds`, and
    must not with each set named in `fails` (sets in the card notation)."""

    list: str
    condition: str
    holds: list[str] = []
    fails: list[str] = []


class ExtraDeck(Strict):
    """Cards printed in a file of their own (not shuffled into the main deck)."""

    file: str
    title: str


class Game(Strict):
    """One game: where its rules are, who can play, its deck and its documents."""

    id: Identifier
    title: str
    source: str
    players: PlayerRange
    card_template: Identifier
    deck: str
    numbers: dict[str, StrictInt | str | dict[str, StrictInt]] = {}
    lists: dict[str, list[dict[str, Scalar]] | ListFile | ComputedList] = {}
    documents: list[str] = []
    cards_title: str
    extra_decks: dict[Identifier, ExtraDeck] = {}
    card_notation: CardNotation | None = None
    checks: list[Check] = []
    constraints: list[str] = []


# ---- sheet blocks ----------------------------------------------------------------------


class CardsCell(Strict):
    """Small copies of deck cards drawn in a table cell or on a line: a list of card ids, or
    `"{name}"` naming a value that holds ids (a list of lists draws one line of cards each)."""

    cards: list[Identifier] | str = Field(min_length=1)
    text: str = ""
    # The pictured cards in words ("Red 2, Red 4, Red 5"), for a label set with
    # `picture_words`; without it the cell's `text` is taken to name them.
    alt: str = ""


class TableBlock(Strict):
    """A ruled table: fixed `rows`, then one `row` per item of the list `rows_from`.

    A table taller than the page continues on the next, its header repeated. With `across`,
    its rows run down that many groups of its columns side by side (a deck manifest).
    """

    columns: list[str] = Field(min_length=1)
    rows: list[list[str | CardsCell]] = []
    rows_from: str | None = None
    row: list[str | CardsCell] = []
    # Shares of the table's width, one per column.
    widths: list[Annotated[float, Field(gt=0, strict=True)]] | None = None
    across: int = Field(default=1, ge=1)

    @model_validator(mode="after")
    def _a_width_per_column(self) -> "TableBlock":
        if self.widths is not None and len(self.widths) != len(self.columns):
            raise ValueError(
                f"widths: {len(self.widths)} given for {len(self.columns)} columns; give one each"
            )
        return self


class ScoreSheetBlock(Strict):
    """A score grid: one column per player, one row per round, a total row.

    `name_label` may name `{column}`, the player column's number. `extra_cells` fill the
    `extra_columns` of each row from its item (default: blank, to write in). A sheet taller
    than the page continues on the next, its header repeated and the total row at the end.
    `rows` is a number of rounds, or `fill` with `rows_from`: the list's rows, stretched to
    fill the rest of the page. `copies: fill` prints as many sheets as a page holds.
    """

    title: str = ""
    name_label: str
    row_label: str
    rows_from: str | None = None
    rows: str | int | None = None
    extra_columns: list[str] = []
    extra_cells: list[str] = []
    total_label: str
    note: str = ""
    copies: Literal["one", "fill"] = "one"


class ArrowBlock(Strict):
    direction: str
    word: str
    caption: str


class ForEachBlock(Strict):
    """Repeat blocks once per item of a game list; the item's fields fill `{names}`."""

    list: str
    blocks: list[dict[str, Any]] = Field(min_length=1)


BLOCK_TYPES: dict[str, Any] = {
    "heading": str,
    "subheading": str,
    "text": str,
    "steps": list[str],
    "bullets": list[str],
    "facts": list[tuple[str, str]],
    "cards": CardsCell,
    "table": TableBlock,
    "score_sheet": ScoreSheetBlock,
    "arrow": ArrowBlock,
    "for_each": ForEachBlock,
    "page_break": Literal[True],
}


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
    paper_weight: str
    stock: dict[Literal["cards", "sheets"], str]
    sides: dict[
        Literal["long", "short", "none", "print_shop", "print_shop_fronts", "print_shop_backs"],
        str,
    ]
    audiences: dict[Literal["players", "host"], str]
    cutting: dict[Literal["marked", "unmarked", "print_shop"], str]
