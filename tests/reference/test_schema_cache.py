"""`schema` keeps its files in the user's cache folder; an entry that is not sound, or was
made by another program, is never used: the files are generated again, the same bytes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from shapes_print.commands.cli import main
from shapes_print.load.defaults import PROJECT
from shapes_print.reference import schemacache

SHIPPED = {path.name: path.read_text() for path in (PROJECT / "schemas").iterdir()}


def written(folder: Path) -> dict[str, str]:
    return {path.name: path.read_text() for path in folder.iterdir()}


def test_a_second_run_writes_the_same_files_from_the_entry(
    tmp_path: Path, own_cache_folder: Path
) -> None:
    assert main(["schema", "--out", str(tmp_path / "first")]) == 0
    entry = json.loads((own_cache_folder / "shapes-print" / schemacache.ENTRY).read_text())
    assert entry["key"] == schemacache.schemas_key()
    assert entry["files"] == SHIPPED
    assert main(["schema", "--out", str(tmp_path / "second")]) == 0
    assert written(tmp_path / "first") == written(tmp_path / "second") == SHIPPED


def _tampered(entry: dict[str, object], how: str) -> str:
    files = dict(entry["files"])  # type: ignore[call-overload]
    name = next(iter(files))
    if how == "cut short":
        return json.dumps(entry)[:1000]
    if how == "another program":
        return json.dumps({**entry, "key": "0" * 64})
    if how == "a path for a name":
        return json.dumps({**entry, "files": {**files, "../escaped.schema.json": files[name]}})
    if how == "a text that is not JSON":
        return json.dumps({**entry, "files": {**files, name: files[name][:-10]}})
    if how == "not a schema":
        return json.dumps({**entry, "files": {**files, name: json.dumps({"$schema": "x"})}})
    if how == "a file left out":
        return json.dumps({**entry, "files": {key: files[key] for key in list(files)[1:]}})
    assert how == "no files"
    return json.dumps({**entry, "files": {}})


HOWS = (
    "cut short",
    "another program",
    "a path for a name",
    "a text that is not JSON",
    "not a schema",
    "a file left out",
    "no files",
)


@pytest.mark.parametrize("how", HOWS)
def test_an_entry_not_sound_is_made_again(tmp_path: Path, own_cache_folder: Path, how: str) -> None:
    assert main(["schema", "--out", str(tmp_path / "first")]) == 0
    path = own_cache_folder / "shapes-print" / schemacache.ENTRY
    path.write_text(_tampered(json.loads(path.read_text()), how))
    assert main(["schema", "--out", str(tmp_path / "again")]) == 0
    assert written(tmp_path / "again") == SHIPPED
    assert not (tmp_path / "escaped.schema.json").exists()
    remade = json.loads(path.read_text())  # the entry was made again
    assert (remade["key"], remade["files"]) == (schemacache.schemas_key(), SHIPPED)


def test_a_cache_folder_that_cannot_be_written_costs_only_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "a-file").write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "a-file"))
    assert main(["schema", "--out", str(tmp_path / "out")]) == 0
    assert written(tmp_path / "out") == SHIPPED
