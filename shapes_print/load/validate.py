"""Turn pydantic's validation errors into one-line UserErrors at the right file and line.

YAML reads an unquoted `yes`, `~` or `2024` as true, nothing or a number; where a field wants
text, the message shows what was written and the quoting that makes it text.
"""

from __future__ import annotations

import re
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel, ValidationError

from shapes_print.errors import Source, UserError, closest
from shapes_print.load.models import UNION_TAGS
from shapes_print.load.yamlsrc import Loc

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


def describe(error: Any, model: Any, written: str | None = None) -> tuple[str, str]:
    """One pydantic error as (message, hint); `written` is what the YAML said, if unquoted."""
    loc = [str(part) for part in place(error)]
    field = ".".join(loc) or getattr(model, "__name__", "value")
    kind = error["type"]
    unquoted = _unquoted(field, kind, error.get("input"), written)
    if unquoted:
        return unquoted, ""
    if kind == "extra_forbidden":
        known = _known_keys(model, error["loc"][:-1])
        close = closest(str(loc[-1]), known)
        hint = f"did you mean {close!r}?" if close else ""
        return f"unknown key {loc[-1]!r}", hint
    template = _PLAIN_MESSAGES.get(kind)
    context = error.get("ctx") or {}
    if template:
        message = template.format(**context)
        if kind != "missing":
            message += f", got {error['input']!r}"
        return f"{field}: {message}", ""
    message = str(context.get("error") or error["msg"])
    return f"{field}: {message.removeprefix('Value error, ')}", ""


def _known_keys(model: Any, loc: tuple[Any, ...]) -> list[str]:
    current: Any = model
    for part in loc:
        if isinstance(part, int) or not (
            isinstance(current, type) and issubclass(current, BaseModel)
        ):
            continue
        field = current.model_fields.get(str(part))
        if field is None:
            return []
        current = _inner_model(field.annotation)
    if isinstance(current, type) and issubclass(current, BaseModel):
        return list(current.model_fields)
    return []


def _inner_model(annotation: Any) -> Any:
    for arg in getattr(annotation, "__args__", ()) or ():
        found = _inner_model(arg)
        if isinstance(found, type) and issubclass(found, BaseModel):
            return found
    return annotation


def validate(model: type[M], doc: Placed, data: Any = None, loc: Loc = ()) -> M:
    """Validate `data` (default: the whole document) or raise a UserError at its line."""
    if data is None and not loc:
        data = doc.data
    try:
        return model.model_validate(data)
    except ValidationError as errors:
        found = errors.errors()
        # A misspelt key also shows up as a missing one: report the spelling, it is the cause.
        error = next((e for e in found if e["type"] == "extra_forbidden"), found[0])
        at = (*loc, *place(error))
        message, hint = describe(error, model, doc.written(at))
        raise UserError(doc.source(at), message, hint) from None
