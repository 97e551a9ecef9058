"""Turn pydantic's validation errors into one-line UserErrors at the right file and line."""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from shapes_print.errors import UserError, closest
from shapes_print.load.yamlsrc import Document, Loc

M = TypeVar("M", bound=BaseModel)

_PLAIN_MESSAGES = {
    "int_parsing": "must be a whole number",
    "int_type": "must be a whole number",
    "int_from_float": "must be a whole number",
    "float_parsing": "must be a number",
    "float_type": "must be a number",
    "string_type": "must be text",
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


def _describe(error: dict[str, Any], model: type[BaseModel]) -> tuple[str, str]:
    loc = [str(part) for part in error["loc"]]
    field = ".".join(loc) or model.__name__
    kind = error["type"]
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
    else:
        message = str(context.get("error") or error["msg"])
        message = message.removeprefix("Value error, ")
    return f"{field}: {message}", ""


def _known_keys(model: type[BaseModel], loc: tuple[Any, ...]) -> list[str]:
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


def validate(model: type[M], doc: Document, data: Any = None, loc: Loc = ()) -> M:
    """Validate `data` (default: the whole document) or raise a UserError at its line."""
    if data is None and not loc:
        data = doc.data
    try:
        return model.model_validate(data)
    except ValidationError as errors:
        found = errors.errors()
        # A misspelt key also shows up as a missing one: report the spelling, it is the cause.
        error = next((e for e in found if e["type"] == "extra_forbidden"), found[0])
        message, hint = _describe(error, model)
        where = doc.source((*loc, *error["loc"]))
        raise UserError(where, message, hint) from None
