"""`extends: ./base.yaml` is the file beside the label set that names it, from whatever
folder the command runs in (issue 32); a path leaving that folder is refused."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from shapes_print.errors import UserError
from shapes_print.load.defaults import DEFAULT_LABELS
from shapes_print.load.labels import load_labels


def test_a_path_in_extends_is_looked_for_beside_the_file_naming_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sets = tmp_path / "sets"
    (sets / "parts").mkdir(parents=True)
    (sets / "parts/base.yaml").write_text("extends: standard\ndescription: the base\n")
    (sets / "mine.yaml").write_text("extends: ./parts/base.yaml\nlocale: en\n")
    elsewhere = tmp_path / "elsewhere"
    (elsewhere / "parts").mkdir(parents=True)
    (elsewhere / "parts/base.yaml").write_text("extends: standard\ndescription: a decoy\n")
    monkeypatch.chdir(elsewhere)
    labels = load_labels(str(sets / "mine.yaml"), DEFAULT_LABELS)
    assert labels.spec.description == "the base"
    assert [doc.path for doc, _ in labels.source.layers][:2] == [
        (sets / "mine.yaml").resolve(),
        (sets / "parts/base.yaml").resolve(),
    ]


@pytest.mark.parametrize(
    ("ref", "message"),
    [
        ("../outside.yaml", "extends: '../outside.yaml' points outside the label set's folder"),
        ("/etc/passwd.yaml", "extends: '/etc/passwd.yaml': name a label set, or a file beside"),
    ],
)
def test_a_path_in_extends_stays_in_the_label_sets_folder(
    tmp_path: Path, ref: str, message: str
) -> None:
    (tmp_path / "outside.yaml").write_text("extends: standard\n")
    sets = tmp_path / "sets"
    sets.mkdir()
    (sets / "mine.yaml").write_text(f"extends: {ref!r}\n")
    with pytest.raises(UserError) as error:
        load_labels(str(sets / "mine.yaml"), DEFAULT_LABELS)
    line = error.value.line()
    # At the name, inside its quotes: `extends: '../outside.yaml'`.
    assert line.startswith(f"{os.fspath(sets)}/mine.yaml:1:11: {message}"), line
