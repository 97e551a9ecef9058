"""Typed models of a game's files: the game, its decks and its sheet documents' blocks.

Models only describe and check the input; they draw nothing. The value types they use
(lengths, identifiers, card field values) are in load/base.py; card templates in
load/cardmodels.py; sheet style and print settings in load/printmodels.py.
"""

from datetime import date
from typing import Annotated, Any, Literal

from msgspec import Struct
from pydantic import (
    AfterValidator,
    ConfigDict,
    Discriminator,
    Field,
    StrictInt,
    Tag,
    model_validator,
)

from shapes_print.errors import Source
from shapes_print.limits import MAX_PLAYERS
from shapes_print.load.aidmodels import PlayerAid
from shapes_print.load.base import Identifier, Length, Scalar, Side, Strict
from shapes_print.load.cardnames import NAME_TAGS, WrittenName
from shapes_print.load.printmodels import FontFace, IconStyle
from shapes_print.load.values import by_players
from shapes_print.load.yamlsrc import Document

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
UNION_TAGS = frozenset((COUNT_NUMBER, COUNT_TABLE, *NAME_TAGS))
CardCount = Annotated[
    Annotated[int, Field(gt=0, strict=True), Tag(COUNT_NUMBER)]
    | Annotated[dict[str, Annotated[int, Field(ge=0, strict=True)]], Tag(COUNT_TABLE)],
    Discriminator(_count_kind),
]
# Types of models that have a field named `list`, where `list` names the field, not the type.
Texts = list[str]
Blocks = list[dict[str, Any]]


class CardType(Strict):
    """A card and its copies; `name` is how sheets count it ("circles" in "6 circles", or
    `{one: owl, other: owls}`: "1 owl"), `group` pools types for a `count_<group>` number.

    With `for_each`, one card per item of the named game list(s): `id`, `name`, `group` and text fields
    are templates filled from the item (`task-{number}`, `{colour:title} {number}`); several
    lists give one card per combination (`[colours, numbers]`). Ids and groups are checked after
    filling, so they must end up letters, digits and dashes.
    """

    id: str
    name: WrittenName | None = None
    # Copies in the deck: a whole number, or a table by player count ({"2-3": 4, "4-6": 6})
    # that covers every count of the game (0 leaves the card out at those counts).
    count: CardCount
    layout: Identifier
    # A back id, or a template filled from the card's fields (`"{suit}"`).
    back: str
    group: str | None = None
    fields: dict[str, Scalar] = {}
    for_each: str | list[str] | None = None

    def kind(self) -> str:
        """The kind the card is counted with: its group, or the card itself where it has
        none (`count_<kind>`, a deck's `kinds:`, the cover's one card of each kind)."""
        return self.group or self.id

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
        json_schema_extra=_cards_may_come_from_a_sheet,
    )

    backs: dict[Identifier, BackDesign]
    cards: list[CardType] = Field(min_length=1)
    # What a checklist calls each kind of card, by group (or by id, for a card in none): the
    # kinds `count_<group>` counts, "RED" in "10 RED" (kit/contents.py, `cards_by_kind`).
    kinds: dict[str, str] = {}
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
    holds: Texts = []
    fails: Texts = []


class ExtraDeck(Strict):
    """Cards printed in a file of their own (not shuffled into the main deck), on the
    game's card template unless it names its own `card_template` (mini cards beside poker
    cards), at its template's size or its own `card_size` (a name of card-sizes.yaml or
    e.g. `44x63mm`). A deck naming either keeps its size whatever `--card-size` asks."""

    file: str
    title: str
    card_template: Identifier | None = None
    card_size: str | None = None


class TokenDeck(Strict):
    """Round or square counters printed in a file of their own: a `diameter` (round: cut
    along a circle) or a `side` (square), both sides drawn by `card_template`'s layouts
    (the shipped `token` template: a value on a disc, a plain patterned back)."""

    file: str
    title: str
    diameter: Side | None = None
    side: Side | None = None
    card_template: Identifier = "token"

    @model_validator(mode="after")
    def _one_size(self) -> "TokenDeck":
        if (self.diameter is None) == (self.side is None):
            raise ValueError("a token deck gives its diameter (round) or its side (square)")
        return self


class Board(Strict):
    """A board or mat larger than a page: a `picture` (PNG, JPEG or SVG beside game.yaml)
    stretched to `width` x `height`, printed in tiles of one page each that share an
    `overlap` with their neighbours, to be cut along one and laid on the other."""

    title: str
    picture: str
    width: Side
    height: Side
    overlap: Length
    alt: str = ""


def _a_day(written: str) -> str:
    """A date that is a day of the calendar (2026-02-30 is none): the cover writes it in
    words."""
    try:
        date.fromisoformat(written)
    except ValueError:
        raise ValueError(f"{written} is no day of the calendar (YYYY-MM-DD)") from None
    return written


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
    # The print-and-play cover's words (templates/print-and-play.yaml): how many play and
    # how long a game takes, as the rules say, and what the game needs that no kit prints.
    player_count: str | None = None
    play_time: str | None = None
    not_printed: str | None = None
    # The rules' own sentence on making the kit (cutting, printing), as they write it, for
    # the assembly page's "What you need": a kit quotes no rules that do not say it.
    assembly_rule: str | None = None
    # The kit's version and date as its designer writes them, for the cover's last line:
    # the content's own, so every build and every clone of it prints the same.
    version: str | None = None
    date: (
        Annotated[str, Field(pattern=r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"), AfterValidator(_a_day)]
        | None
    ) = None
    player_aid: PlayerAid | None = None
    extra_decks: dict[Identifier, ExtraDeck] = {}
    tokens: dict[Identifier, TokenDeck] = {}
    boards: dict[Identifier, Board] = {}
    card_notation: CardNotation | None = None
    checks: list[Check] = []
    constraints: list[str] = []
    # Rich text's icons of this game ({icon:NAME}), over the shipped ones of the same name.
    icons: dict[Identifier, IconStyle] = {}
    # The game's own faces (files beside game.yaml) for its cards' and sheets' text, under
    # every label set that keeps templates/' fonts; a face not given is the label set's.
    fonts: dict[FontFace, str] = {}


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
    blocks: Blocks = Field(min_length=1)


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


class LoadedDeck(Struct, frozen=True):
    """One cards file's deck, `for_each` entries expanded; `origins` maps each card to the
    index of the YAML entry it came from, for error lines."""

    name: str
    title: str
    deck: Deck
    source: Document
    origins: tuple[int, ...]
    # The deck's own card template and size (game.yaml's extra_decks), if it names them.
    card_template: str | None = None
    card_size: str | None = None
    # A token deck's side (its diameter, when `round`), in points.
    token_side: float | None = None
    round: bool = False
    # Where game.yaml names the deck: ("deck",), ("extra_decks", name) or ("tokens", name).
    entry: tuple[str, ...] = ("deck",)
    # Where a label set wrote the fields it gives a side, by the side ("face-ID", "back-ID").
    fields_from_labels: dict[str, dict[str, Source]] = {}

    @property
    def fixes_size(self) -> bool:
        """Whether the deck keeps its own size, whatever `--card-size` asks."""
        return bool(self.card_template or self.card_size or self.token_side)
