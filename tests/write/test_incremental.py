"""Incremental builds: a kit whose inputs and files are unchanged is left as it is (same inode,
same modification time); an edit rebuilds exactly the kits that read the edited file; a
changed option, a deleted or altered output file, or --force rebuilds.

Each test builds from its own copy of the project (tests/project_copy.py), so edits never
touch the repository; the tests that start from a built project copy one built once for the
module (content, templates and output), so each pays only for the builds it asks about.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
import shutil
from pathlib import Path

import pytest

from shapes_print.commands.cli import main
from shapes_print.inputs import read_input, recording
from shapes_print.write.manifest import MANIFEST
from tests.incrementalbuild import GAMES, build, built_json
from tests.pictureexample import GAME as PICTURES
from tests.pictureexample import build_args as picture_build_args
from tests.pictureexample import example
from tests.project_copy import copy_project


def stamps(out: Path) -> dict[str, tuple[int, int]]:
    """Every kit file's inode and modification time (ns), by path under `out`."""
    return {
        path.relative_to(out).as_posix(): (path.stat().st_ino, path.stat().st_mtime_ns)
        for path in sorted(out.rglob("*.pdf"))
        if not path.relative_to(out).parts[0].startswith((".", "_"))
    }


def rewritten(before: dict[str, tuple[int, int]], after: dict[str, tuple[int, int]]) -> set[str]:
    """The kit folders with any file written anew (or added, or gone)."""
    names = set(before) | set(after)
    return {name.rsplit("/", 1)[0] for name in names if before.get(name) != after.get(name)}


@pytest.fixture(scope="module")
def built_once(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the project and its first build (four kits), made once for the module."""
    root = copy_project(tmp_path_factory.mktemp("built"))
    report = io.StringIO()
    with contextlib.redirect_stdout(report):
        build(root)
    first = json.loads(report.getvalue())
    assert (first["built"], first["up_to_date"]) == (4, 0)
    return root


@pytest.fixture
def project(tmp_path: Path, built_once: Path) -> Path:
    """A copy of the built project of the test's own: its files are new (new inodes), the
    manifest and the fingerprints it records the same, so the kits are up to date there."""
    return Path(shutil.copytree(built_once, tmp_path / "project", symlinks=True))


def kits(*games: str) -> set[str]:
    return {f"{game}/a4/{n}-players" for game in games for n in (3, 4)}


def test_an_unchanged_build_leaves_every_file_untouched(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = project / "out"
    before = stamps(out)
    manifest = (out / MANIFEST).read_bytes()
    build(project)
    report = built_json(capsys)
    assert (report["built"], report["up_to_date"]) == (0, 4)
    assert {kit["status"] for kit in report["kits"]} == {"up-to-date"}
    assert stamps(out) == before
    assert (out / MANIFEST).read_bytes() == manifest


def test_editing_one_games_file_rebuilds_only_that_games_kits(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = project / "out"
    before = stamps(out)
    deck = project / "content" / "pass-and-pick" / "deck.yaml"
    deck.write_text(deck.read_text().replace("label: CIRCLE", "label: RING"))
    build(project)
    report = built_json(capsys)
    assert (report["built"], report["up_to_date"]) == (2, 2)
    assert rewritten(before, stamps(out)) == kits("pass-and-pick")
    built = {kit["folder"] for kit in report["kits"] if kit["status"] == "built"}
    assert built == kits("pass-and-pick")


def test_editing_a_shared_template_rebuilds_every_kit_that_reads_it(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = project / "out"
    before = stamps(out)
    style = project / "templates" / "sheet.yaml"
    style.write_text(style.read_text() + "\n# an edit that changes no page\n")
    build(project)
    assert built_json(capsys)["built"] == 4
    assert rewritten(before, stamps(out)) == kits(*GAMES)


def test_editing_a_label_set_rebuilds_its_kits_only(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The set's kits of one game beside both games' standard kits: the edit rebuilds the
    set's kits, and the standard kits of that game and of the other stay as they were."""
    root = project  # its standard kits built already
    labels = root / "labels"
    labels.mkdir()
    (labels / "big.yaml").write_text("extends: large-print\n", encoding="utf-8")
    sets, game = ("standard", str(labels / "big.yaml")), ("pass-and-pick",)
    build(root, labels=sets, games=game)
    assert built_json(capsys)["built"] == 2
    before = stamps(root / "out")
    big = {kit.replace("/a4/", "/big/a4/") for kit in kits(*game)}
    assert {name.rsplit("/", 1)[0] for name in before} == kits(*GAMES) | big
    (labels / "big.yaml").write_text("extends: large-print\n# edited\n", encoding="utf-8")
    build(root, labels=sets, games=game)
    assert built_json(capsys)["built"] == 2
    assert rewritten(before, stamps(root / "out")) == big


def test_a_changed_option_rebuilds(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = project / "out"
    before = stamps(out)
    build(project, "--back-offset", "1mm,0mm")
    assert built_json(capsys)["built"] == 4
    assert rewritten(before, stamps(out)) == kits(*GAMES)
    build(project, "--back-offset", "1mm,0mm")
    assert built_json(capsys)["up_to_date"] == 4


def test_force_rebuilds_everything(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = project / "out"
    before = stamps(out)
    build(project, "--force")
    report = built_json(capsys)
    assert (report["built"], report["up_to_date"]) == (4, 0)
    after = stamps(out)
    assert all(after[name][0] != before[name][0] for name in before)  # every file is new


@pytest.mark.parametrize("damage", ["delete", "alter"])
def test_a_deleted_or_altered_output_file_rebuilds_its_kit(
    project: Path, capsys: pytest.CaptureFixture[str], damage: str
) -> None:
    out = project / "out"
    victim = next((out / "shapes-the-game" / "a4" / "3-players").glob("*_host-key.pdf"))
    if damage == "delete":
        victim.unlink()
    else:
        victim.write_bytes(victim.read_bytes().replace(b"%%EOF", b"%%EOX"))
    before = stamps(out)
    build(project)
    report = built_json(capsys)
    assert (report["built"], report["up_to_date"]) == (1, 3)
    assert rewritten(before, stamps(out)) == {"shapes-the-game/a4/3-players"}
    assert main(["verify", str(out)]) == 0


def test_a_new_file_a_game_reads_rebuilds_its_kits(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file the game did not read before (here a new sheet document) is an input too."""
    out = project / "out"
    game = project / "content" / "pass-and-pick" / "game.yaml"
    text = game.read_text()
    listed = "documents: [sheets.yaml, host-key.yaml]"
    assert listed in text
    (game.parent / "notes.yaml").write_text(
        (game.parent / "host-key.yaml").read_text().replace("name: host-key", "name: notes"),
        encoding="utf-8",
    )
    game.write_text(text.replace(listed, "documents: [sheets.yaml, host-key.yaml, notes.yaml]"))
    before = stamps(out)
    build(project)
    assert built_json(capsys)["built"] == 2
    assert rewritten(before, stamps(out)) == kits("pass-and-pick")


def test_bytes_do_not_depend_on_jobs_or_on_what_was_skipped(
    project: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A kit rebuilt beside skipped ones has the bytes of a fresh build with one job (of
    the rebuilt game alone: the skipped kits' bytes are not the question)."""
    deck = project / "content" / "pass-and-pick" / "deck.yaml"
    deck.write_text(deck.read_text().replace("label: CIRCLE", "label: RING"))
    build(project, "--jobs", "2")
    assert built_json(capsys)["built"] == 2
    fresh = tmp_path / "fresh"
    fresh.mkdir()
    os.rename(project / "out", fresh / "previous")
    build(project, "--jobs", "1", games=("pass-and-pick",))
    capsys.readouterr()
    compared = set()
    for path in sorted((project / "out").rglob("*.pdf")):
        name = path.relative_to(project / "out")
        if name.parts[0].startswith("_"):
            continue
        assert path.read_bytes() == (fresh / "previous" / name).read_bytes(), name
        compared.add(name.parent.as_posix())
    assert compared == kits("pass-and-pick")


def test_a_file_read_through_the_inputs_mechanism_counts_for_every_recording(
    tmp_path: Path,
) -> None:
    """How a new kind of input (an image a card shows) joins a kit's inputs: read at load
    with `read_input`, it is noted for the game being loaded and for any wider recording."""
    picture = tmp_path / "picture.png"
    picture.write_bytes(b"not really a picture")
    read_input(picture, 100)  # outside any recording: read, noted nowhere
    with recording() as project, recording() as game:
        assert read_input(picture, 100).data == b"not really a picture"
    digest = hashlib.sha256(b"not really a picture").hexdigest()
    assert game.files == project.files == {picture: digest}
    assert game.named({"content": tmp_path}) == {"content/picture.png": digest}


def test_a_changed_picture_or_spreadsheet_rebuilds_the_kit_that_shows_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A card's picture is read with the kit (kit/resolved.py), its deck's spreadsheet at
    load: both are inputs, so a redrawn picture or an edited row rebuilds the kit."""
    root = example(tmp_path)
    args = [*picture_build_args(root, root / "out"), "--json"]

    def statuses() -> list[str]:
        assert main(args) == 0, capsys.readouterr().err
        return [kit["status"] for kit in json.loads(capsys.readouterr().out)["kits"]]

    assert statuses() == ["built"]
    assert statuses() == ["up-to-date"]
    sun = root / PICTURES / "art" / "sun.png"
    sun.write_bytes(sun.read_bytes() + b"\0")  # the same picture, other bytes: still an edit
    assert statuses() == ["built"]
    assert statuses() == ["up-to-date"]
    rows = root / PICTURES / "cards.csv"
    rows.write_text(rows.read_text().replace("SUN\n", "SUNNY\n", 1), encoding="utf-8")
    assert statuses() == ["built"]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_changed_picture_rebuilds_every_kit_that_shows_it_not_only_the_first(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], jobs: str
) -> None:
    """The kits at each player count take the resolved kit (its pictures read) and the
    card drawings the first one made: each still records the pictures read with them, so
    each is rebuilt when one changes."""
    root = example(tmp_path)
    args = [*picture_build_args(root, root / "out"), "--json", "--jobs", jobs]
    args[args.index("--players") + 1] = "2-4"

    def statuses() -> list[str]:
        assert main(args) == 0, capsys.readouterr().err
        return [kit["status"] for kit in json.loads(capsys.readouterr().out)["kits"]]

    assert statuses() == ["built"] * 3
    sun = root / PICTURES / "art" / "sun.png"
    sun.write_bytes(sun.read_bytes() + b"\0")
    assert statuses() == ["built"] * 3
    assert statuses() == ["up-to-date"] * 3


def own_font(root: Path) -> Path:
    """The example game given a font of its own, read as its kits are planned."""
    game = root / PICTURES
    (game / "fonts").mkdir()
    shutil.copyfile(root / "templates/fonts/DejaVuSans.ttf", game / "fonts/own.ttf")
    with (game / "game.yaml").open("a", encoding="utf-8") as yaml:
        yaml.write("fonts:\n  regular: fonts/own.ttf\n")
    return root


@pytest.mark.parametrize("changed", ["art/sun.png", "fonts/own.ttf"])
def test_a_copied_project_checks_its_own_pictures_and_fonts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], changed: str
) -> None:
    """The files a kit reads as it is planned are named from the build's folders, as its
    fingerprint names its files, and looked at in the folders of the build that asks: a
    copy of the project with a changed picture rebuilds into the same output, and one
    whose font is no font stops at it, never finding the original's files unchanged."""
    first = own_font(example(tmp_path / "first"))
    out = tmp_path / "out"
    assert main([*picture_build_args(first, out), "-q"]) == 0, capsys.readouterr().err
    copy = Path(shutil.copytree(first, tmp_path / "copy"))
    edited = copy / PICTURES / changed
    edited.write_bytes(
        b"not a font" if changed.startswith("fonts/") else edited.read_bytes() + b"\0"
    )
    status = main([*picture_build_args(copy, out), "--json"])
    captured = capsys.readouterr()
    if changed.startswith("fonts/"):
        assert status == 2
        last = captured.err.splitlines()[-1]
        assert last.startswith(f"{edited}: not a usable TrueType font"), captured.err
    else:
        assert status == 0, captured.err
        assert [kit["status"] for kit in json.loads(captured.out)["kits"]] == ["built"]


def test_a_moved_project_is_still_up_to_date(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A moved project's kits, whose pictures and fonts are read as they are planned,
    stay up to date: the manifest names those files from the build's folders, not by
    where they were."""
    first = own_font(example(tmp_path / "first"))
    out = tmp_path / "out"
    assert main([*picture_build_args(first, out), "-q"]) == 0, capsys.readouterr().err
    moved = first.rename(tmp_path / "moved")
    assert main([*picture_build_args(moved, out), "--json"]) == 0, capsys.readouterr().err
    assert [kit["status"] for kit in json.loads(capsys.readouterr().out)["kits"]] == ["up-to-date"]
    entries = json.loads((out / MANIFEST).read_text(encoding="utf-8"))["files"]
    assert {name for entry in entries.values() for name in entry["reads"]} == {
        f"{PICTURES}/art/{name}" for name in ("sun.png", "moon.jpg", "badge.svg")
    } | {f"{PICTURES}/fonts/own.ttf"}
