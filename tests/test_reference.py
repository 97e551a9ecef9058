"""The reference a designer reads instead of the source: JSON Schemas for every kind of file
(schemas/), docs/reference.md, both generated from the models and kept current here."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import jsonschema
import pytest
import yaml

from shapes_print.cli import main
from shapes_print.defaults import PROJECT
from shapes_print.schemas import FILE_KINDS, SCHEMAS, schema_of

FIRST_LINE = re.compile(r"# yaml-language-server: \$schema=(\S+)")


def shipped_kinds() -> dict[Path, str]:
    """Every shipped YAML file and the schema it must name, found the way the loaders find
    them: by what game.yaml points at, and by the fixed names in templates/."""
    kinds: dict[Path, str] = {}
    for game in sorted((PROJECT / "content").iterdir()):
        spec = yaml.safe_load((game / "game.yaml").read_text())
        kinds[game / "game.yaml"] = "game"
        for deck in [spec["deck"], *(e["file"] for e in spec.get("extra_decks", {}).values())]:
            kinds[game / deck] = "deck"
        kinds.update({game / name: "document" for name in spec.get("documents", [])})
        for entry in spec.get("lists", {}).values():
            if isinstance(entry, dict) and "file" in entry:
                kinds[game / entry["file"].partition("#")[0]] = "list"
    templates = PROJECT / "templates"
    kinds.update({path: "card-template" for path in (templates / "cards").glob("*.yaml")})
    for name in ("papers", "card-sizes", "print", "shapes", "patterns"):
        kinds[templates / f"{name}.yaml"] = name
    kinds[templates / "sheet.yaml"] = "sheet-style"
    kinds[templates / "printing-guide.yaml"] = "document"
    kinds.update({path: "labels" for path in (PROJECT / "labels").glob("*.yaml")})
    return kinds


def test_the_schemas_folder_is_what_the_schema_command_writes(tmp_path: Path) -> None:
    assert main(["schema", "--out", str(tmp_path)]) == 0
    written = sorted(path.name for path in tmp_path.iterdir())
    assert written == sorted(path.name for path in (PROJECT / "schemas").iterdir())
    for name in written:
        assert (tmp_path / name).read_text() == (PROJECT / "schemas" / name).read_text(), (
            f"schemas/{name} is out of date: run shapes-print schema"
        )


def test_every_shipped_yaml_file_names_its_own_schema_and_passes_it() -> None:
    kinds = shipped_kinds()
    every = {
        *PROJECT.glob("content/**/*.yaml"),
        *PROJECT.glob("templates/**/*.yaml"),
        *PROJECT.glob("labels/*.yaml"),
    }
    assert every == set(kinds), "a shipped file that no game or loader reads"
    assert {f"{kind}.schema.json" for kind in kinds.values()} == set(SCHEMAS)
    for path, kind in kinds.items():
        match = FIRST_LINE.fullmatch(path.read_text().splitlines()[0])
        assert match, f"{path}: the first line does not name its schema"
        expected = os.path.relpath(PROJECT / "schemas" / f"{kind}.schema.json", path.parent)
        assert match.group(1) == expected, path
        schema = json.loads((path.parent / match.group(1)).read_text())
        jsonschema.validate(yaml.safe_load(path.read_text()), schema)


@pytest.mark.parametrize(
    ("schema", "data", "error"),
    [
        ("labels.schema.json", {"cards": {"elements": {"label": {"sise": "30pt"}}}}, "'sise'"),
        ("labels.schema.json", {"style": {"body_size": "14"}}, "does not match"),
        ("game.schema.json", {"id": "x", "plyers": {}}, "'plyers' was unexpected"),
        (
            "document.schema.json",
            {
                "name": "a",
                "title": "t",
                "audience": "players",
                "sections": [{"blocks": [{"headnig": "Setup"}]}],
            },
            "is not valid",
        ),
        (
            "document.schema.json",
            {
                "name": "a",
                "title": "t",
                "audience": "players",
                "sections": [{"blocks": [{"for_each": {"list": "l", "blocks": [{"arow": {}}]}}]}],
            },
            "is not valid",
        ),
        ("papers.schema.json", {"A4": {"width": "210mm", "height": "297mm"}}, "'A4'"),
        (
            "patterns.schema.json",
            {"thin": {"lines": {"angle": 0, "spacing": 4}}},
            "4 is not of type",
        ),
        (
            "deck.schema.json",
            {
                "backs": {},
                "cards": [{"id": "a", "count": 1, "layout": "l", "back": "b"}],
                "shapes": {"blob": {"circel": {}}},
            },
            "'circel' was unexpected",
        ),
    ],
)
def test_the_schemas_refuse_what_the_loaders_refuse(schema: str, data: object, error: str) -> None:
    with pytest.raises(jsonschema.ValidationError, match=error):
        jsonschema.validate(data, schema_of(SCHEMAS[schema]))


def test_every_kind_of_file_has_a_title_and_a_place() -> None:
    for kind in FILE_KINDS:
        schema = schema_of(kind)
        assert schema["title"] == kind.title and kind.files
