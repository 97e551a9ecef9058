"""The example game `new` writes, in a project copy, and the commands run on it: shared by
the new-game tests (tests/commands/test_new_game*.py).
"""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
import yaml
from pypdf import PdfReader

from tests.project_copy import run

ROOT = Path(__file__).resolve().parents[1]
GAME = "my-game"
KIT = f"{GAME}/a4/{{n}}-players/{GAME}_{{n}}p_a4"

ORANGE = (0xE6, 0x9F, 0x00)  # the sun of the example's picture


def new(root: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> tuple[int, list[str], str]:
    return run(["new", *extra, "--content", str(root / "content")], capsys, root)


def sources(root: Path) -> list[str]:
    return ["--content", str(root / "content"), "--templates", str(root / "templates")]


# `make print` builds every count on A4 and Letter. Whether a game is built or skipped under
# a label set, and whether the shipped games still are, does not hang on the count or the
# paper: test_new_game's fixture builds make print's command for one kit of the example in
# each set, and the example's every count on both papers in the standard set alone
# (`every_count`).
ONE_KIT = {"--players": "4", "--paper": "a4"}


def text_of(pdf: Path) -> str:
    return " ".join(" ".join(page.extract_text().split()) for page in PdfReader(pdf).pages)


def assert_schemas_named(folder: Path, kinds: dict[str, str]) -> None:
    """Each file names its schema on line 1 by a path relative to itself, and passes it."""
    for name, kind in kinds.items():
        path = folder / name
        first = path.read_text().splitlines()[0]
        assert first.startswith("# yaml-language-server: $schema=../"), (name, first)
        schema = (path.parent / first.split("$schema=")[1]).resolve()
        assert schema == ROOT / f"schemas/{kind}.schema.json", name
        jsonschema.validate(yaml.safe_load(path.read_text()), json.loads(schema.read_text()))
