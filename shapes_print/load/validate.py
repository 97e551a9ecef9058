"""Turn pydantic's validation errors into one-line UserErrors at the right file and line.

YAML reads an unquoted `yes`, `~` or `2024` as true, nothing or a number; where a field wants
text, the message shows what was written and the quoting that makes it text.
"""

from __future__ import annotations

import difflib
import re
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel, ValidationError

from shapes_print.errors import Source, UserError, closest
from shapes_print.load.models import UNION_TAGS
from shapes_print.load.yamlsrc import Document, Loc

M = TypeVar("M", bound=BaseModel)

_PLAIN_MESSAGES = {
    "int_parsing": "must be a whole number",
    "int_type": "must be a whole number",
    "int_from_float": "must be a whole number",
    "float_parsing": "must be a number",
    "float_type": "must be a number",
    "string_type": "must be text",
    "text_or_number": "must be text or a number",
    "bool_type": "must be true or false",
    "bool_parsing": "must be true or false",
    "list_type": "must be a list",
    "dict_type": "must be a mapping of keys to values",
    "model_type": "must be a mapping of keys to values",
    "missing": "is required",
    "greater_than": "must be greater than {gt}",
    "greater_than_equal": "must be at least {ge}",
    "less_than_equal": "must be at most {le}",
    "too_short": "must have at least {min_length} item(s)",
    "literal_error": "must be one of {expected}",
    "string_pattern_mismatch": "has characters that are not allowed (use letters, digits, -)",
}


# Messages for one field's one mistake, by (field, pydantic's error type, value), over the
# plain ones: what the value does, and what to write instead.
_FIELD_MESSAGES: dict[tuple[str, str, object], str] = {
    ("count", "greater_than", 0): (
        "0 leaves this card out of every kit: remove the card, or give a count by players "
        'such as {"2-3": 0, "4-6": 2}'
    ),
}
# A card's own words and colours go under `fields:`, not beside its id and count.
FIELDS = "fields"

_UNION_MEMBER = re.compile(r"^(int|str|float|dict\[.*\]|list\[.*\])$")
_READ_AS = {bool: "true or false", type(None): "nothing (null)", int: "a number", float: "a number"}
_WANTS_TEXT = ("string_type", "text_or_number")
_WANTS_NUMBER = {"int_type": "a whole number", "float_type": "a number"}


class Placed(Protocol):
    """A YAML file's data as validation sees it (a Document, or a label set's layers)."""

    def source(self, loc: Loc = ()) -> Source: ...

    def written(self, loc: Loc) -> str | None: ...


def _unquoted(field: str, kind: str, value: object, written: str | None) -> str | None:
    """The message for a value YAML read as true, nothing or a number where text (or a
    number) was wanted, showing what was written; None when that is not the mistake."""
    read_as = _READ_AS.get(type(value))
    if written is None or read_as is None:
        return None
    if kind in _WANTS_TEXT:
        if not written:
            return f"{field}: has no value; write the text after the colon"
        return f'{field}: {written} is read as {read_as}, not text; write it in quotes: "{written}"'
    if kind in _WANTS_NUMBER and isinstance(value, bool):
        wanted = _WANTS_NUMBER[kind]
        return f"{field}: must be {wanted}, got {written}, which YAML reads as true or false"
    return None


def place(error: Any) -> Loc:
    """Where in the data an error is, without the names pydantic adds for a union's members."""
    loc = tuple(part for part in error["loc"] if part not in UNION_TAGS)
    while loc and isinstance(loc[-1], str) and _UNION_MEMBER.match(loc[-1]):
        loc = loc[:-1]
    return loc


def describe(
    error: Any, model: Any, written: str | None = None, data: Any = None, prefix: Loc = ()
) -> tuple[str, str]:
    """One pydantic error as (message, hint); `written` is what the YAML said, if unquoted;
    `data`, the value validated, lets an unknown key be told from a card field; `prefix`
    names the value in the message (a sheet block's kind)."""
    loc = [str(part) for part in (*prefix, *place(error))]
    field = ".".join(loc) or getattr(model, "__name__", "value")
    kind = error["type"]
    unquoted = _unquoted(field, kind, error.get("input"), written)
    if unquoted:
        return unquoted, ""
    if kind == "extra_forbidden":
        return f"unknown key {loc[-1]!r}", _unknown_key_hint(error, model, data)
    special = loc and _FIELD_MESSAGES.get((loc[-1], kind, _hashable(error.get("input"))))
    if special:
        return f"{field}: {special}", ""
    template = _PLAIN_MESSAGES.get(kind)
    context = error.get("ctx") or {}
    if template:
        message = template.format(**context)
        if kind != "missing":
            message += f", got {error['input']!r}"
        return f"{field}: {message}", ""
    message = str(context.get("error") or error["msg"])
    return f"{field}: {message.removeprefix('Value error, ')}", ""


def _hashable(value: object) -> object:
    """The value as a key of _FIELD_MESSAGES can hold it (a table or a list cannot)."""
    return value if isinstance(value, (int, str, float, bool, type(None))) else None


def pick_error(found: list[Any]) -> Any:
    """The error to report of several: a misspelt key also shows up as a missing one, so
    the spelling goes first (it is the cause, at its own line), then a missing key."""
    for kind in ("extra_forbidden", "missing"):
        for error in found:
            if error["type"] == kind:
                return error
    return found[0]


def _unknown_key_hint(error: Any, model: Any, data: Any) -> str:
    """ "did you mean" the nearest known key (saying so when it is a required one the
    mapping lacks), or the card field nearest it, which belongs under `fields:`."""
    key, parent = str(error["loc"][-1]), error["loc"][:-1]
    known = _known_keys(model, parent)
    mapping = _at(data, parent)
    close = closest(key, known)
    if FIELDS in known and isinstance(mapping, dict):
        fields = mapping.get(FIELDS)
        names = list(fields) if isinstance(fields, dict) else []
        as_field = closest(key, names)
        if as_field and (close is None or _likeness(key, as_field) > _likeness(key, close)):
            return (
                f"did you mean {as_field!r} under {FIELDS}:? "
                "a card's own words and colours go there"
            )
        if close is None:
            return f"a card's own words and colours go under {FIELDS}: {{{key}: ...}}"
    if close is None:
        return ""
    lacking = isinstance(mapping, dict) and close not in mapping
    required = lacking and _is_required(model, parent, close)
    return f"did you mean {close!r}?" + (" (it is required)" if required else "")


def _likeness(word: str, other: str) -> float:
    """How alike two keys are, 0 to 1, as `closest` measures it."""
    return difflib.SequenceMatcher(None, word, other).ratio()


def _at(data: Any, loc: tuple[Any, ...]) -> Any:
    """The value at `loc` inside `data`, or None."""
    for part in loc:
        inside = isinstance(data, dict) and part in data
        if inside or (isinstance(data, list) and isinstance(part, int) and part < len(data)):
            data = data[part]
        else:
            return None
    return data


def _is_required(model: Any, loc: tuple[Any, ...], key: str) -> bool:
    current = _model_at(model, loc)
    field = current.model_fields.get(key) if current is not None else None
    return bool(field and field.is_required())


def _known_keys(model: Any, loc: tuple[Any, ...]) -> list[str]:
    current = _model_at(model, loc)
    return list(current.model_fields) if current is not None else []


def _model_at(model: Any, loc: tuple[Any, ...]) -> Any:
    """The model that validates the mapping at `loc`, or None."""
    current: Any = model
    for part in loc:
        if isinstance(part, int) or not (
            isinstance(current, type) and issubclass(current, BaseModel)
        ):
            continue
        field = current.model_fields.get(str(part))
        if field is None:
            return None
        current = _inner_model(field.annotation)
    if isinstance(current, type) and issubclass(current, BaseModel):
        return current
    return None


def _inner_model(annotation: Any) -> Any:
    for arg in getattr(annotation, "__args__", ()) or ():
        found = _inner_model(arg)
        if isinstance(found, type) and issubclass(found, BaseModel):
            return found
    return annotation


def validate(model: type[M], doc: Placed, data: Any = None, loc: Loc = ()) -> M:
    """Validate `data` (default: the whole document) or raise a UserError at its line."""
    if data is None and not loc and isinstance(doc, Document):
        data = doc.data
    try:
        return model.model_validate(data)
    except ValidationError as errors:
        error = pick_error(errors.errors())
        at = (*loc, *place(error))
        message, hint = describe(error, model, doc.written(at), data)
        raise UserError(doc.source(at), message, hint) from None
