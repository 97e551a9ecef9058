"""The reference a designer reads instead of the source: JSON Schemas for every kind of file
(schemas/), docs/reference.md, both generated from the models and kept current here."""

from __future__ import annotations

import json
import os
import re
import typing
from pathlib import Path

import jsonschema
import pytest
from pydantic import BaseModel, TypeAdapter

from shapes_print.commands.cli import main
from shapes_print.kit.contents import TEXT_VALUES
from shapes_print.load.cardmodels import CardTemplate, Element
from shapes_print.load.content import parse_blocks
from shapes_print.load.defaults import DEFAULT_LABELS, PROJECT
from shapes_print.load.labels import load_labels
from shapes_print.load.models import BLOCK_TYPES
from shapes_print.load.shapes import PatternDef, ShapeDef
from shapes_print.load.yamlsrc import Document, deep_merge
from shapes_print.reference import document as reference
from shapes_print.reference.schemas import FILE_KINDS, SCHEMAS, reference_words, schema_of
from shapes_print.text.grammar import FILTERS, parse
from shapes_print.text.markup import plain_text, runs
from shapes_print.text.message import Style, render
from tests.yamlread import safe_load

FIRST_LINE = re.compile(r"# yaml-language-server: \$schema=(\S+)")


def shipped_kinds() -> dict[Path, str]:
    """Every shipped YAML file and the schema it must name, found the way the loaders find
    them: by what game.yaml points at, and by the fixed names in templates/."""
    kinds: dict[Path, str] = {}
    for game in sorted((PROJECT / "content").iterdir()):
        spec = safe_load((game / "game.yaml").read_text())
        kinds[game / "game.yaml"] = "game"
        for deck in [spec["deck"], *(e["file"] for e in spec.get("extra_decks", {}).values())]:
            kinds[game / deck] = "deck"
        kinds.update({game / name: "document" for name in spec.get("documents", [])})
        for entry in spec.get("lists", {}).values():
            if isinstance(entry, dict) and "file" in entry:
                kinds[game / entry["file"].partition("#")[0]] = "list"
        kinds.update({path: "game-labels" for path in (game / "labels").glob("*.yaml")})
        kinds.update({path: "card-template" for path in (game / "cards").glob("*.yaml")})
    templates = PROJECT / "templates"
    kinds.update({path: "card-template" for path in (templates / "cards").glob("*.yaml")})
    for name in ("papers", "card-sizes", "print", "shapes", "patterns"):
        kinds[templates / f"{name}.yaml"] = name
    kinds[templates / "sheet.yaml"] = "sheet-style"
    printing = safe_load((templates / "print.yaml").read_text())
    for document in (printing["guide"], printing["print_and_play"]):
        kinds[templates / document] = "document"
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
    # No shipped game has label files of its own: the files `new` writes name that schema
    # (tests/commands/test_new_game.py).
    named = {f"{kind}.schema.json" for kind in kinds.values()} | {"game-labels.schema.json"}
    assert named == set(SCHEMAS)
    for path, kind in kinds.items():
        match = FIRST_LINE.fullmatch(path.read_text().splitlines()[0])
        assert match, f"{path}: the first line does not name its schema"
        expected = os.path.relpath(PROJECT / "schemas" / f"{kind}.schema.json", path.parent)
        assert match.group(1) == expected, path
        schema = json.loads((path.parent / match.group(1)).read_text())
        jsonschema.validate(safe_load(path.read_text()), schema)


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


def test_docs_reference_is_what_make_reference_writes() -> None:
    assert (PROJECT / "docs/reference.md").read_text() == reference.render(), (
        "docs/reference.md is out of date: run make reference"
    )


def every_model() -> list[type[BaseModel]]:
    found = [model for kind in FILE_KINDS for model in reference.models_in(kind.data)]
    found += [model for value in BLOCK_TYPES.values() for model in reference.models_in(value)]
    found += [*reference.models_in(ShapeDef), *reference.models_in(PatternDef)]
    return [model for model in dict.fromkeys(found) if model.model_fields]


def test_every_key_of_every_file_says_what_it_is_and_the_page_shows_it() -> None:
    words = reference_words()["fields"]
    page = (PROJECT / "docs/reference.md").read_text()
    models = [model for model in every_model() if model is not PatternDef]
    for model in models:
        assert set(words.get(model.__name__, {})) == set(model.model_fields), (
            f"shapes_print/reference.yaml: fields: {model.__name__}: one entry per key"
        )
        for name in model.model_fields:
            assert f"| `{name}` |" in page
    assert set(words) == {model.__name__ for model in models}, "words for a model none uses"
    # An editor shows the same words as the page.
    game = schema_of(SCHEMAS["game.schema.json"])
    assert game["properties"]["source"]["description"] == words["Game"]["source"]


def test_every_block_kind_element_kind_name_and_filter_has_an_example_that_works() -> None:
    words = reference_words()
    assert list(words["blocks"]) == list(BLOCK_TYPES)
    for kind, entry in words["blocks"].items():
        data = safe_load(entry["example"])
        assert list(data) == [kind]
        doc = Document(Path("reference.yaml"), {"blocks": [data]}, {}, {})
        (block,) = parse_blocks(doc, [data], ("blocks",))
        assert block.kind == kind
        if kind == "for_each":
            assert [child.kind for child in block.children] == ["subheading"]
    element_kinds = typing.get_args(Element.model_fields["kind"].annotation)
    assert tuple(words["elements"]) == element_kinds
    for kind, entry in words["elements"].items():
        element = Element.model_validate(safe_load(entry["example"]))
        assert element.kind == kind
    standard = load_labels("standard", DEFAULT_LABELS).spec
    style = Style(ordinal=parse(standard.ordinal or ""))
    for entry in [*words["names"], *words["filters"], *words["grammar"]]:
        assert render(parse(entry["example"]), entry["values"], style) == entry["prints"], entry
    for entry in words["markup"]:
        filled = render(parse(entry["example"]), entry["values"], style)
        assert plain_text(runs(filled), str) == entry["prints"], entry
    assert [entry["name"] for entry in words["filters"]] == [*FILTERS, "join:SEP"]
    named = " ".join(entry["name"] for entry in words["names"])
    for name in (*TEXT_VALUES, "players", "deck_size", "count_<group>", "_back", "n", "column"):
        assert name in named, f"built-in name {name} is not in the reference"
    assert "## source: citing the rules" in (PROJECT / "docs/reference.md").read_text()


def test_every_kind_of_file_says_what_it_is_and_its_example_loads() -> None:
    words = reference_words()["files"]
    assert list(words) == [kind.schema for kind in FILE_KINDS]
    templates = {
        path.stem: safe_load(path.read_text())
        for path in (PROJECT / "templates/cards").glob("*.yaml")
    }
    examples = 0
    for kind in FILE_KINDS:
        assert schema_of(kind)["description"] == words[kind.schema]["text"]
        if "example" not in words[kind.schema]:
            continue
        data = safe_load(words[kind.schema]["example"])
        jsonschema.validate(data, schema_of(kind))
        if kind.data is None:
            continue
        if "extends" in data and kind.data is CardTemplate:  # as the loader merges it
            data = deep_merge(templates[data["extends"]], data)
        TypeAdapter(kind.data).validate_python(data)
        examples += 1
    assert examples >= 9
