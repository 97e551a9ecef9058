"""`new` and `labels new` given hostile names, paths and planted links (issue 32): names
of letters, digits, `-` and `_` only; a label set's path only inside `--out`; `--from`
copies regular files only; nothing is ever written through a link; an existing name is
refused, as before."""

from __future__ import annotations

from pathlib import Path

import pytest

from shapes_print.load import defaults
from tests.project_copy import copy_project, run

SCHEMA = "schemas/labels.schema.json"


def _entries(folder: Path) -> list[str]:
    return sorted(str(path.relative_to(folder)) for path in folder.rglob("*"))


@pytest.mark.parametrize(
    "name", ["evil\n", "a/b", "..", "../up", "ümlaut", "x y", "", "a" * 65, "dot.ted"]
)
def test_new_refuses_a_name_that_is_not_letters_digits_and_dashes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    root = copy_project(tmp_path / "project")
    before = _entries(tmp_path)
    status, lines, _ = run(["new", name, "--content", str(root / "content")], capsys, tmp_path)
    assert status == 2 and len(lines) == 1
    assert lines[0].startswith(f"game id {name!r} may only use a-z, 0-9 and -")
    assert _entries(tmp_path) == before


@pytest.mark.parametrize("name", ["evil\n", "a/b", "..", "x.y", "ümlaut", ""])
def test_labels_new_refuses_a_name_that_is_not_letters_digits_dashes_and_underscores(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    out = tmp_path / "labels"
    status, lines, _ = run(["labels", "new", name, "--out", str(out)], capsys, tmp_path)
    assert status == 2 and len(lines) == 1
    assert lines[0].startswith(f"label set name {name!r} may only use letters, digits, - and _")
    assert not out.exists()


def test_labels_new_takes_capitals_and_underscores(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "labels"
    status, lines, _ = run(["labels", "new", "My_Set-2", "--out", str(out)], capsys, tmp_path)
    assert (status, lines) == (0, [])
    assert _entries(out) == ["My_Set-2.yaml"]


@pytest.mark.parametrize(
    ("given", "written"),
    [
        ("./mine/gd.yaml", "mine/gd.yaml"),
        ("gd.yml", "gd.yml"),
        ("{out}/a/b/gd.yaml", "a/b/gd.yaml"),
    ],
)
def test_labels_new_writes_a_set_at_the_path_given_named_by_its_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], given: str, written: str
) -> None:
    """As `--labels` names a set by its path, so does `labels new`: the file at that path
    from `--out` (folders made on the way), the set named by its file name."""
    out = tmp_path / "labels"
    command = ["labels", "new", given.format(out=out), "--out", str(out)]
    status, lines, said = run(command, capsys, tmp_path)
    assert (status, lines, _entries(out)[-1]) == (0, [], written)
    starter = (out / written).read_text()
    assert starter.splitlines()[1].startswith("# Label set 'gd': what it changes in 'standard'")
    schema = starter.splitlines()[0].removeprefix("# yaml-language-server: $schema=")
    assert ((out / written).parent / schema).resolve() == defaults.PROJECT / SCHEMA
    assert said.strip().endswith(written)


@pytest.mark.parametrize(
    ("given", "line"),
    [
        ("../up.yaml", "'../up.yaml' is not a path inside the --out folder labels"),
        ("mine/../../up.yaml", "'mine/../../up.yaml' is not a path inside the --out folder labels"),
        ("/etc/up.yaml", "'/etc/up.yaml' is not a path inside the --out folder labels"),
        ("mine/x.y.yaml", "label set name 'x.y' may only use letters, digits, - and _"),
        ("linked/up.yaml", "labels/linked: is a link: new files are never written through one"),
        ("a-file/up.yaml", "labels/a-file: is in the way"),
    ],
)
def test_labels_new_refuses_a_path_outside_out_or_through_a_link_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], given: str, line: str
) -> None:
    out, elsewhere = tmp_path / "labels", tmp_path / "elsewhere"
    elsewhere.mkdir()
    out.mkdir()
    (out / "linked").symlink_to(elsewhere)
    (out / "a-file").write_text("mine\n")
    before = _entries(tmp_path)
    status, lines, _ = run(["labels", "new", given, "--out", str(out)], capsys, tmp_path)
    assert status == 2 and len(lines) == 1 and lines[0].startswith(line), lines
    assert _entries(tmp_path) == before


@pytest.mark.parametrize("dangling", [True, False])
def test_labels_new_never_writes_through_a_link_where_its_file_goes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], dangling: bool
) -> None:
    out, target = tmp_path / "labels", tmp_path / "elsewhere.yaml"
    out.mkdir()
    if not dangling:
        target.write_text("mine\n")
    (out / "x.yaml").symlink_to(target)
    status, lines, _ = run(["labels", "new", "x", "--out", str(out)], capsys, tmp_path)
    assert status == 2
    assert lines == ["labels/x.yaml: already exists; choose another name or move it away"]
    assert target.exists() != dangling
    assert dangling or target.read_text() == "mine\n"


def test_labels_new_for_a_game_never_writes_through_a_linked_labels_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = copy_project(tmp_path / "project")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (root / "content/pass-and-pick/labels").symlink_to(elsewhere)
    folders = ["--content", str(root / "content"), "--templates", str(root / "templates")]
    command = ["labels", "new", "es", "--game", "pass-and-pick", *folders]
    status, lines, _ = run(command, capsys, tmp_path)
    assert status == 2
    assert lines == [
        "project/content/pass-and-pick/labels: is a link: new files are never written through one"
    ]
    assert list(elsewhere.iterdir()) == []


@pytest.mark.parametrize("to", ["/etc/hostname", "../../outside.txt", "../pass-and-pick/deck.yaml"])
def test_new_from_refuses_a_game_holding_a_link_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], to: str
) -> None:
    root = copy_project(tmp_path / "project")
    (tmp_path / "outside.txt").write_text("not for the copy\n")
    (root / "content/pass-and-pick/art").mkdir()
    (root / "content/pass-and-pick/art/stolen.txt").symlink_to(to)
    before = _entries(tmp_path)
    command = ["new", "copy", "--from", "pass-and-pick", "--content", str(root / "content")]
    status, lines, _ = run(command, capsys, tmp_path)
    assert status == 2
    assert lines == [
        "project/content/pass-and-pick/art/stolen.txt: is a link: --from copies regular files only"
    ]
    assert _entries(tmp_path) == before


def test_new_from_copies_every_regular_file_byte_for_byte(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = copy_project(tmp_path / "project")
    art = root / "content/pass-and-pick/art"
    art.mkdir()
    (art / "noise.bin").write_bytes(bytes(range(256)) * 10)
    command = ["new", "copy", "--from", "pass-and-pick", "--content", str(root / "content")]
    assert run(command, capsys, tmp_path)[0] == 0
    original, copy = root / "content/pass-and-pick", root / "content/copy"
    assert set(_entries(copy)) >= set(_entries(original))  # and labels/ for the shipped sets
    assert (copy / "art/noise.bin").read_bytes() == (art / "noise.bin").read_bytes()
    assert (copy / "deck.yaml").read_bytes() == (original / "deck.yaml").read_bytes()


@pytest.mark.parametrize("given", ["fr", "sets/fr.yaml"])
def test_labels_new_refuses_a_set_named_as_the_shipped_set_it_extends(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], given: str
) -> None:
    """`extends: fr` in a new fr.yaml would find the file itself (a name is looked for beside
    the file first): refused, a name to give instead said, nothing written."""
    out = tmp_path / "labels"
    status, lines, _ = run(
        ["labels", "new", given, "--from", "fr", "--out", str(out)], capsys, tmp_path
    )
    assert status == 2 and lines[0].startswith("a new label set named 'fr' cannot extend 'fr'")
    assert lines[1:] == ["hint: give it another name, such as fr-mine"]
    assert not out.exists() or not list(out.rglob("*.yaml"))
    assert (
        run(["labels", "new", "fr-mine", "--from", "fr", "--out", str(out)], capsys, tmp_path)[0]
        == 0
    )
