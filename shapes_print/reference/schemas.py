"""JSON Schemas of every kind of YAML file the project reads, made from its models, for editors.

Input: the pydantic models (load/*models.py, load/labels.py, load/shapes.py). Output: one schema
per file kind in schemas/. A shipped YAML file points at its own on its first line with
`# yaml-language-server: $schema=<relative path>`, so an editor with a YAML language server
offers the keys and their descriptions, and flags a typo as it is typed. A comment, not a
`$schema:` key: the loaders refuse keys they do not know, and a comment changes no data.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from typing import Any

import yaml
from msgspec import Struct
from pydantic import BaseModel, TypeAdapter

from shapes_print.load.base import Identifier
from shapes_print.load.cardmodels import CardTemplate
from shapes_print.load.labels import GAME_SCHEMA_NAME, SCHEMA_NAME, GameLabels, LabelSet
from shapes_print.load.models import BLOCK_TYPES, Deck, Game, SheetDocument
from shapes_print.load.printmodels import Paper, PrintSettings, SheetStyle
from shapes_print.load.shapes import PatternDef, ShapeDef
from shapes_print.reference.sources import JSON_SCHEMA, WORDS

REF = "#/$defs/{model}"
Schema = dict[str, Any]


class FileKind(Struct, frozen=True):
    """One kind of YAML file: its schema's file name, what it is called, where such files are,
    and the type its data validates as."""

    schema: str
    title: str
    files: str
    data: Any
    finish: Callable[[Schema], None] = lambda schema: None


def _is_model(data: Any) -> bool:
    return isinstance(data, type) and issubclass(data, BaseModel)


@cache
def reference_words() -> dict[str, Any]:
    """reference.yaml: each model field's meaning, and the reference's other words."""
    return yaml.safe_load(WORDS.read_text(encoding="utf-8"))


def _described(schema: Any) -> None:
    """Each model's keys get their meaning from reference.yaml, for an editor to show."""
    if isinstance(schema, dict):
        title, properties = schema.get("title"), schema.get("properties")
        fields = reference_words()["fields"].get(title, {}) if isinstance(title, str) else {}
        for name, inner in (properties if isinstance(properties, dict) else {}).items():
            if name in fields:
                inner["description"] = fields[name]
        for value in schema.values():
            _described(value)
    elif isinstance(schema, list):
        for value in schema:
            _described(value)


def _of(data: Any) -> Schema:
    """The type's schema, with its definitions under `$defs` as one file needs them."""
    if _is_model(data):
        return data.model_json_schema(ref_template=REF)
    return TypeAdapter(data).json_schema(ref_template=REF)


def _merge(schema: Schema, data: Any) -> Schema:
    """`data`'s schema, its definitions moved into `schema`'s, for a `$ref` from it."""
    inner = _of(data)
    schema.setdefault("$defs", {}).update(inner.pop("$defs", {}))
    return inner


def _ref(schema: Schema, model: type[BaseModel]) -> Schema:
    defs = schema.setdefault("$defs", {})
    if model.__name__ not in defs:
        defs[model.__name__] = _merge(schema, model)
    return {"$ref": REF.format(model=model.__name__)}


def _optional(schema: Schema) -> Schema:
    """The same schema with nothing required, for a label set's partial `style:`."""
    schema = {key: value for key, value in schema.items() if key != "required"}
    for name, inner in schema.get("$defs", {}).items():
        schema["$defs"][name] = {key: value for key, value in inner.items() if key != "required"}
    return schema


def _blocks(schema: Schema) -> None:
    """A section's blocks (and a for_each's): each a one-key mapping naming its kind."""
    kinds = [
        {
            "type": "object",
            "properties": {
                kind: _ref(schema, value) if _is_model(value) else _merge(schema, value)
            },
            "required": [kind],
            "additionalProperties": False,
        }
        for kind, value in BLOCK_TYPES.items()
    ]
    defs = schema["$defs"]
    defs["Block"] = {
        "description": "One block, a mapping of one key: its kind (heading, table, ...).",
        "oneOf": kinds,
    }
    block_list = {"type": "array", "minItems": 1, "items": {"$ref": REF.format(model="Block")}}
    defs["Section"]["properties"]["blocks"].update(block_list)
    defs["ForEachBlock"]["properties"]["blocks"].update(block_list)


def _deck_shapes(schema: Schema) -> None:
    schema["properties"]["shapes"]["additionalProperties"] = _ref(schema, ShapeDef)


def _template(schema: Schema) -> None:
    # A template that `extends` another takes its card size (and more) from it.
    schema["required"] = ["id"]
    schema["if"] = {"not": {"required": ["extends"]}}
    schema["then"] = {"required": ["card", "layouts"]}


def _label_style(schema: Schema) -> None:
    style = _optional(SheetStyle.model_json_schema(ref_template=REF))
    schema.setdefault("$defs", {}).update(style.pop("$defs", {}))
    schema["$defs"]["SheetStyle"] = style
    schema["properties"]["style"] = {
        "$ref": REF.format(model="SheetStyle"),
        "description": "Changes to templates/sheet.yaml: any of its keys, merged onto it.",
    }


def _named(schema: Schema) -> None:
    """Names that become parts of folder and file names: only identifiers, nothing else."""
    schema["additionalProperties"] = False


def _one_layer_or_several(schema: Schema) -> None:
    # PatternDef reads one layer as a list of one.
    layers = schema["$defs"]["PatternDef"]
    schema["$defs"]["PatternDef"] = {
        "description": layers.pop("description"),
        "anyOf": [layers["items"], layers],
    }


# A list file's items are the game's own fields: any mappings, in a list or under keys.
LIST_FILE: Schema = {
    "anyOf": [
        {"type": "array", "items": {"type": "object"}},
        {"type": "object"},
    ],
}

FILE_KINDS: tuple[FileKind, ...] = (
    FileKind("game.schema.json", "Game", "content/GAME/game.yaml", Game),
    FileKind(
        "deck.schema.json",
        "Deck",
        "the files a game's `deck:` and `extra_decks:` name",
        Deck,
        _deck_shapes,
    ),
    FileKind(
        "document.schema.json",
        "Sheet document",
        "the files a game's `documents:` name, and templates/printing-guide.yaml",
        SheetDocument,
        _blocks,
    ),
    FileKind("list.schema.json", "List file", "the files a game list's `file:` names", None),
    FileKind(
        "card-template.schema.json",
        "Card template",
        "templates/cards/*.yaml, and a game's own in content/GAME/cards/*.yaml",
        CardTemplate,
        _template,
    ),
    FileKind("sheet-style.schema.json", "Sheet style", "templates/sheet.yaml", SheetStyle),
    FileKind("print.schema.json", "Print settings", "templates/print.yaml", PrintSettings),
    FileKind(
        "papers.schema.json", "Papers", "templates/papers.yaml", dict[Identifier, Paper], _named
    ),
    FileKind(
        "card-sizes.schema.json",
        "Card sizes",
        "templates/card-sizes.yaml",
        dict[Identifier, Paper],
        _named,
    ),
    FileKind("shapes.schema.json", "Shapes", "templates/shapes.yaml", dict[str, ShapeDef]),
    FileKind(
        "patterns.schema.json",
        "Patterns",
        "templates/patterns.yaml",
        dict[str, PatternDef],
        _one_layer_or_several,
    ),
    FileKind(
        SCHEMA_NAME,
        "Label set",
        "labels/*.yaml, or any file --labels names",
        LabelSet,
        _label_style,
    ),
    FileKind(
        GAME_SCHEMA_NAME,
        "Game label file",
        "content/GAME/labels/*.yaml, a game's own words and card fields for one label set",
        GameLabels,
    ),
)
SCHEMAS: dict[str, FileKind] = {kind.schema: kind for kind in FILE_KINDS}


def schema_of(kind: FileKind) -> Schema:
    """The file kind's schema, titled, with what its model's own schema cannot say."""
    schema = dict(LIST_FILE) if kind.data is None else _of(kind.data)
    kind.finish(schema)
    _described(schema)
    what = reference_words()["files"][kind.schema]["text"]
    return {"$schema": JSON_SCHEMA, **schema, "title": kind.title, "description": what}


def schema_texts() -> dict[str, str]:
    """Every schema file's name and text, sorted and indented, so a regenerated file diffs
    cleanly."""
    return {
        kind.schema: json.dumps(schema_of(kind), indent=2, sort_keys=True) + "\n"
        for kind in FILE_KINDS
    }
