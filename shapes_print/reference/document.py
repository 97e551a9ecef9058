"""docs/reference.md, written from the models and shapes_print/reference/reference.yaml, never by hand.

Input: the file kinds of `schemas.FILE_KINDS` (their models give every key's type, default
and whether it is required) and reference.yaml (what each key means; the document blocks,
card elements, built-in names, filters and message grammar, each with an example). Output:
one Markdown page. `make reference` writes it and the schemas; tests/reference/test_reference.py
fails when either is out of date, and runs every example.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Iterator, Sequence
from decimal import Decimal
from pathlib import Path
from typing import Any

from pydantic import BaseModel, WithJsonSchema
from pydantic.fields import FieldInfo

from shapes_print.load import models
from shapes_print.load.base import (
    CARD_LENGTH_SCHEMA,
    COLOUR_SCHEMA,
    IDENTIFIER_PATTERN,
    LENGTH_SCHEMA,
)
from shapes_print.load.cardmodels import Element
from shapes_print.load.defaults import PROJECT
from shapes_print.load.models import BLOCK_TYPES, SheetDocument
from shapes_print.load.shapes import PatternDef, PatternLayer, ShapeDef
from shapes_print.reference.schemas import FILE_KINDS, FileKind, reference_words

REFERENCE = PROJECT / "docs" / "reference.md"
# Beside the model a file kind validates as, the models its keys lead to that its own
# schema finishing adds (a deck's shapes, a pattern file's layers).
MORE_MODELS: dict[str, tuple[type[BaseModel], ...]] = {
    "deck.schema.json": (ShapeDef,),
    "patterns.schema.json": (PatternDef,),
}
_NAMED_SCHEMAS = (
    (LENGTH_SCHEMA, "length"),
    (CARD_LENGTH_SCHEMA, "card length"),
    (COLOUR_SCHEMA, "colour"),
)
_PLAIN = {
    str: "text",
    int: "whole number",
    float: "number",
    Decimal: "number",
    bool: "true or false",
}

VALUES = """\
- **length**: a number and its unit, `63.5mm`, `2.5in`, `12pt` or `1cm` (never a bare number).
- **card length**: a length, or a share of the card's side, `50%`, `100% - 10mm`, so one
  layout fits every `--card-size`.
- **colour**: `"#RRGGBB"`, in quotes (YAML reads `#` as a comment).
- **name**: a-z, 0-9 and `-`, starting with a letter or digit: names become parts of file names.
- **text**: a [message](#text-and-messages): words with `{names}` filled per kit.
- A key marked *required* must be written; any other may be left out for its default.
"""


# Keys whose model type says less than their schema does (schemas.py adds the rest there).
TYPE_WORDS = {
    ("Section", "blocks"): "list of [blocks](#document-blocks)",
    ("ForEachBlock", "blocks"): "list of [blocks](#document-blocks)",
    ("Deck", "shapes"): "mapping of text → [ShapeDef](#shapedef)",
    ("LabelSet", "style"): "[SheetStyle](#sheetstyle): any of its keys",
}


def _resolved(annotation: Any) -> Any:
    """A model named by a string (a model defined below the one naming it): the model."""
    if isinstance(annotation, typing.ForwardRef):
        return vars(models)[annotation.__forward_arg__]
    named = vars(models).get(annotation) if isinstance(annotation, str) else None
    if isinstance(named, type) and issubclass(named, BaseModel):
        return named
    return annotation


def _anchor(title: str) -> str:
    """The link target GitHub makes of a heading."""
    return title.lower().replace(" ", "-")


def _linked(model: type[BaseModel]) -> str:
    """A link to a model's table: its file kind's section if it is a whole file's model."""
    kinds = {kind.data: kind.title for kind in FILE_KINDS}
    return f"[{model.__name__}](#{_anchor(kinds.get(model, model.__name__))})"


def type_words(annotation: Any, metadata: Sequence[Any] = ()) -> str:
    """A type as a reader says it: `length`, `list of text`, `mapping of name → Element`."""
    annotation = _resolved(annotation)
    if typing.get_origin(annotation) is typing.Annotated:
        inner, *more = typing.get_args(annotation)
        return type_words(inner, [*metadata, *more])
    for item in [*metadata, *(m for i in metadata if isinstance(i, FieldInfo) for m in i.metadata)]:
        if isinstance(item, WithJsonSchema):
            for schema, words in _NAMED_SCHEMAS:
                if item.json_schema == schema:
                    return words
        if getattr(item, "pattern", None) == IDENTIFIER_PATTERN:
            return "name"
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if annotation is PatternDef:
        return f"{_linked(PatternLayer)} or list of {_linked(PatternLayer)}"
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return _linked(annotation)
    if origin is typing.Literal:
        return " or ".join(f"`{_value(arg)}`" for arg in args)
    if origin in (typing.Union, types.UnionType):
        kept = [arg for arg in args if arg is not type(None)]
        if float in kept:  # a whole number is a number too
            kept = [arg for arg in kept if arg is not int]
        each = [type_words(arg) for arg in kept]
        if len(each) > 1:
            each = [word if " of " not in word else f"({word})" for word in each]
        return " or ".join(dict.fromkeys(each))
    if origin is list:
        return f"list of {_grouped(type_words(args[0]))}"
    if origin is dict:
        return f"mapping of {type_words(args[0])} → {_grouped(type_words(args[1]))}"
    if origin is tuple:
        return "[" + ", ".join(type_words(arg) for arg in args) + "]"
    if annotation is typing.Any:
        return "any"
    return _PLAIN.get(annotation, getattr(annotation, "__name__", str(annotation)))


def _grouped(words: str) -> str:
    """Words of a compound type in brackets, so `list of (a or b)` reads one way only."""
    return f"({words})" if " or " in words or " → " in words else words


def _value(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, str):
        return f'"{value}"' if value else '""'
    if isinstance(value, BaseModel):
        return "see below"
    return str(value)


def default_words(field: FieldInfo) -> str:
    if field.is_required():
        return "*required*"
    value = field.default_factory() if field.default_factory else field.default  # type: ignore[call-arg]
    return f"`{_value(value)}`" if not isinstance(value, BaseModel) else "its defaults"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def model_table(model: type[BaseModel]) -> list[str]:
    """A model's keys: one row each with its type, default and meaning."""
    words = reference_words()["fields"].get(model.__name__, {})
    rows = ["| key | type | default | what it is |", "| --- | --- | --- | --- |"]
    for name, field in model.model_fields.items():
        what = TYPE_WORDS.get((model.__name__, name)) or type_words(
            field.annotation, field.metadata
        )
        rows.append(
            f"| `{name}` | {_cell(what)} | {default_words(field)} | {_cell(words.get(name, ''))} |"
        )
    return rows


def models_in(annotation: Any) -> Iterator[type[BaseModel]]:
    """The models a type leads to, itself first, then what its keys hold, depth first."""
    annotation = _resolved(annotation)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        yield annotation
        for field in annotation.model_fields.values():
            yield from models_in(field.annotation)
        return
    for arg in typing.get_args(annotation):
        yield from models_in(arg)


def _models(kind: FileKind, done: set[type[BaseModel]]) -> list[type[BaseModel]]:
    found = [*models_in(kind.data)]
    for model in MORE_MODELS.get(kind.schema, ()):
        found += models_in(model)
    if kind.data is SheetDocument:  # blocks hold models the Section type does not name
        found += [model for value in BLOCK_TYPES.values() for model in models_in(value)]
    fresh = [model for model in dict.fromkeys(found) if model not in done]
    done.update(fresh)
    return [model for model in fresh if model.model_fields and model is not PatternDef]


def _doc(model: type[BaseModel]) -> str:
    return " ".join((model.__doc__ or "").split("\n\n")[0].split())


def _example_table(entries: list[dict[str, Any]]) -> list[str]:
    rows = ["| name | what it is | example | prints |", "| --- | --- | --- | --- |"]
    for entry in entries:
        cells = (f"`{entry['name']}`", entry["text"], f"`{entry['example']}`", entry["prints"])
        rows.append("| " + " | ".join(_cell(cell) for cell in cells) + " |")
    return rows


def _fenced(text: str) -> list[str]:
    return ["```yaml", *text.splitlines(), "```"]


def _file_section(kind: FileKind, done: set[type[BaseModel]]) -> list[str]:
    words = reference_words()["files"][kind.schema]
    out = [f"## {kind.title}", "", words["text"], ""]
    out += [f"Files: {kind.files}. Schema: `schemas/{kind.schema}`.", ""]
    if "example" in words:
        out += ["For example:", "", *_fenced(words["example"]), ""]
    model = kind.data if isinstance(kind.data, type) else None
    if kind.data is None:
        return out
    if not (model is not None and issubclass(model, BaseModel)):
        out += [f"The file is a {type_words(kind.data)}.", ""]
    for index, found in enumerate(_models(kind, done)):
        if index or found is not model:
            out += [f"### {found.__name__}", ""]
            out += [_doc(found), ""] if found.__doc__ else []
        out += [*model_table(found), ""]
    return out


def _blocks() -> list[str]:
    words = reference_words()["blocks"]
    out = [
        "## Document blocks",
        "",
        "A section's `blocks:` is a list; each block is a mapping of one key, its kind.",
        "",
    ]
    for kind, value in BLOCK_TYPES.items():
        what = type_words(value)
        out += [f"### {kind}", "", f"{words[kind]['text']} Its value: {what}.", ""]
        out += [*_fenced(words[kind]["example"]), ""]
    return out


def _elements() -> list[str]:
    words = reference_words()["elements"]
    out = [
        "## Card elements",
        "",
        "A layout's `elements:` are drawn first to last; `kind:` says what each draws, and",
        f"its keys are those of {_linked(Element)}. Text may name the card's fields as `{{field}}`.",
        "",
    ]
    for kind in typing.get_args(Element.model_fields["kind"].annotation):
        out += [f"### {kind}", "", words[kind]["text"], "", *_fenced(words[kind]["example"]), ""]
    return out


def render() -> str:
    """The whole reference page: its opening, then each file kind's keys."""
    done: set[type[BaseModel]] = set()
    out = _opening(reference_words())
    for kind in FILE_KINDS:
        out += _file_section(kind, done)
        if kind.data is SheetDocument:
            out += _blocks()
        if kind.schema == "card-template.schema.json":
            out += _elements()
    return "\n".join(out).rstrip("\n") + "\n"


def _opening(words: dict[str, Any]) -> list[str]:
    """What the page says before the files: the files, values, text and sources."""
    return [
        "# Reference",
        "",
        "Every key of every YAML file shapes-print reads, with its type, default and meaning;",
        "then the document blocks, card elements, names and filters text may use, each with an",
        "example. Written by `make reference` from the models (shapes_print/load/) and",
        "shapes_print/reference/reference.yaml: change those, not this page. Each file kind has a JSON",
        "Schema in `schemas/`, which a file names on its first line, so an editor completes",
        "keys: `# yaml-language-server: $schema=../../schemas/deck.schema.json`.",
        "",
        "| file | where | schema |",
        "| --- | --- | --- |",
        *(
            f"| [{kind.title}](#{_anchor(kind.title)}) | {kind.files} | `schemas/{kind.schema}` |"
            for kind in FILE_KINDS
        ),
        "",
        "## Values",
        "",
        VALUES,
        "## Text and messages",
        "",
        "Text in YAML is a message: words with `{name}` filled for each kit, `{name:filter}`,",
        "and plural and ordinal branches. A label set's `text:` maps the English message to its",
        "own, which may use the same names.",
        "",
        "### Built-in names",
        "",
        "Besides the game's own `numbers:` and, in a list's rows, the item's fields:",
        "",
        *_example_table(words["names"]),
        "",
        "### Filters",
        "",
        *_example_table(words["filters"]),
        "",
        "### Plural and ordinal messages",
        "",
        *_example_table(words["grammar"]),
        "",
        "### Rich text: bold, italic and icons",
        "",
        "Any text may set words in bold or italic and put icons in a line; its marks are read",
        "once the placeholders are filled, so a card field's value may hold them too. A reader",
        "hears the words (the prints column) and braille writes them.",
        "",
        *_example_table(words["markup"]),
        "",
        "## source: citing the rules",
        "",
        words["source"],
        "",
    ]


def write_reference(path: Path = REFERENCE) -> Path:
    path.write_text(render(), encoding="utf-8")
    return path


if __name__ == "__main__":
    print(write_reference())
