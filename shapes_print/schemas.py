"""JSON Schemas of the files people edit (decks, card templates, label sets), for editors.

A shipped YAML file points at its schema with `# yaml-language-server: $schema=…`, so an
editor with a YAML language server offers the keys and flags a typo as it is typed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from shapes_print.load.labels import SCHEMA_NAME, LabelSet
from shapes_print.load.models import CardTemplate, Deck, SheetStyle

SCHEMAS: dict[str, type[BaseModel]] = {
    "deck.schema.json": Deck,
    "card-template.schema.json": CardTemplate,
    SCHEMA_NAME: LabelSet,
}


def _optional(schema: dict[str, Any]) -> dict[str, Any]:
    """The same schema with nothing required, for a label set's partial `style:`."""
    schema = {key: value for key, value in schema.items() if key != "required"}
    for name, inner in schema.get("$defs", {}).items():
        schema["$defs"][name] = {key: value for key, value in inner.items() if key != "required"}
    return schema


def schema_of(model: type[BaseModel]) -> dict[str, Any]:
    """The model's schema; a label set's `style:` gets sheet.yaml's keys, all optional, and
    a card template that `extends` another needs only its own keys."""
    schema = model.model_json_schema()
    if model is CardTemplate:
        # A template that `extends` another takes its card size (and more) from it.
        schema["required"] = ["id"]
        schema["if"] = {"not": {"required": ["extends"]}}
        schema["then"] = {"required": ["card", "layouts"]}
    if model is LabelSet:
        style = _optional(SheetStyle.model_json_schema())
        schema.setdefault("$defs", {}).update(style.pop("$defs", {}))
        schema["$defs"]["SheetStyle"] = style
        schema["properties"]["style"] = {
            "$ref": "#/$defs/SheetStyle",
            "description": "Changes to templates/sheet.yaml.",
        }
    return schema


def write_schemas(folder: Path) -> list[Path]:
    """Write every schema, sorted and indented, so a regenerated file diffs cleanly."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, model in SCHEMAS.items():
        path = folder / name
        path.write_text(json.dumps(schema_of(model), indent=2, sort_keys=True) + "\n")
        written.append(path)
    return written
