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


def test_a_set_that_extends_its_own_name_is_told_so_at_the_name(tmp_path: Path) -> None:
    # fr.yaml extending fr finds itself first (a name is looked for beside the file): not
    # a cycle to hunt for, but a file to rename.
    (tmp_path / "fr.yaml").write_text("extends: fr\n")
    with pytest.raises(UserError) as error:
        load_labels(str(tmp_path / "fr.yaml"), DEFAULT_LABELS)
    assert error.value.line() == (
        f"{os.fspath(tmp_path)}/fr.yaml:1:10: extends: 'fr' names this file itself (a name "
        "is looked for beside the file first); to extend the shipped fr, rename this file"
    )


def test_an_extends_cycle_names_its_files_at_the_name_closing_it(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("extends: b\n")
    (tmp_path / "b.yaml").write_text("title: B\nextends: [standard, a]\n")
    with pytest.raises(UserError) as error:
        load_labels(str(tmp_path / "a.yaml"), DEFAULT_LABELS)
    assert error.value.line() == (
        f"{os.fspath(tmp_path)}/b.yaml:2:21: label set 'extends' cycle: a.yaml -> b.yaml -> a.yaml"
    )
