"""Strict, the base of every model, and the value types the models' keys hold.

Lengths are parsed to points here, so later stages never see a unit string; colours become
RGB; identifiers and card field values are checked as they will be used.
"""

from decimal import Decimal
from typing import Annotated

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, PlainValidator, WithJsonSchema
from pydantic_core import PydanticCustomError

from shapes_print.geometry.primitives import RGB
from shapes_print.limits import MAX_SIDE, MAX_SIDE_MM
from shapes_print.load.listing import IDENTIFIER_PATTERN
from shapes_print.units import LengthError, parse_card_length, parse_length


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


# A list key defaults to `Field(default=[])`, which pydantic copies for each model, not to
# `default_factory=list`: pydantic reads a factory's signature, and list's comes from its
# text, which compiles tokenize's pattern (about 14 ms of every build that loads a game).
class Strict(BaseModel):
    # defer_build: a model's validator is built when a file first needs it, not at import,
    # so a command pays only for the files it reads (and --help for none).
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)
