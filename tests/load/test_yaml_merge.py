"""YAML merge keys: a key written next to `<<: *anchor` overrides the merged one."""

from __future__ import annotations

from pathlib import Path

import pytest

from shapes_print.errors import UserError
from shapes_print.load.yamlsrc import read_yaml


def read(tmp_path: Path, text: str) -> object:
    path = tmp_path / "data.yaml"
    path.write_text(text)
    return read_yaml(path).data


def test_written_keys_override_merged_ones(tmp_path: Path) -> None:
    data = read(tmp_path, "base: &b {a: 1, b: 2}\nchild: {<<: *b, b: 3, c: 4}\n")
    assert data == {"base": {"a": 1, "b": 2}, "child": {"a": 1, "b": 3, "c": 4}}


def test_a_key_written_twice_is_still_an_error(tmp_path: Path) -> None:
    with pytest.raises(UserError) as caught:
        read(tmp_path, "base: &b {a: 1}\nchild:\n  <<: *b\n  b: 3\n  b: 4\n")
    assert caught.value.line().endswith("data.yaml:5:3: duplicate key 'b'")
