"""The manifest is input too (issue 32): checked by its model before use; a damaged one is
reported in one line and the build goes on as if there were none, rebuilding; it never
sends a build to a file outside the output folder; kits and thumbnails deleted by hand
are made again."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from shapes_print.write import catalogue
from shapes_print.write.manifest import MANIFEST
from tests.project_copy import GAME, build_args, copy_project, run

KIT = ("--players", "3", "--paper", "a4", "--quiet")
FOLDER = f"{GAME}/a4/3-players"


@pytest.fixture
def built(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[Path, Path]:
    root = copy_project(tmp_path / "project")
    out = tmp_path / "out"
    assert run(build_args(root, out, *KIT), capsys, tmp_path)[0] == 0
    return root, out


def _first_entry(out: Path) -> tuple[dict[str, Any], str]:
    manifest = json.loads((out / MANIFEST).read_text())
    return manifest, next(iter(manifest["files"]))


def _damaged(out: Path, how: str) -> None:
    manifest, name = _first_entry(out)
    if how == "files-int":
        manifest = {"files": {"x/y.pdf": 5}}
    elif how == "list":
        manifest = [{"files": {"x": 5}}]
    elif how == "players-text":
        manifest["files"][name]["players"] = "four"
    elif how == "outside-entry":
        manifest["files"]["../outside/x.pdf"] = manifest["files"][name]
    elif how == "negative-bytes":
        manifest["files"][name]["bytes"] = -1
    (out / MANIFEST).write_text(json.dumps(manifest))


@pytest.mark.parametrize(
    ("how", "problem"),
    [
        ("files-int", "(files['x/y.pdf']: Expected `object`, got `int`)"),
        ("list", "(Expected `object`, got `array`)"),
        ("players-text", "'].players: Expected `str` matching regex '^[0-9]{1,3}\\\\Z'"),
        ("outside-entry", "files['../outside/x.pdf']: must be a kit folder's file"),
        ("negative-bytes", "'].bytes: Expected `int` >= 0"),
    ],
)
def test_a_damaged_manifest_is_one_warning_and_every_kit_is_built_again(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    built: tuple[Path, Path],
    how: str,
    problem: str,
) -> None:
    root, out = built
    (tmp_path / "outside").mkdir()
    # No PDF pdfium can open: a thumbnail drawn of it would end the build in an error.
    (tmp_path / "outside/x.pdf").write_bytes(b"%PDF-1.7 not ours")
    _damaged(out, how)
    status, lines, _ = run(build_args(root, out, *KIT), capsys, tmp_path)
    assert status == 0, lines
    assert len(lines) == 1 and lines[0].startswith(
        "warning: out/manifest.json: manifest is damaged ("
    )
    assert problem in lines[0] and lines[0].endswith("; every kit is built again")
    manifest = json.loads((out / MANIFEST).read_text())  # replaced by a good one
    assert all(name.startswith(f"{FOLDER}/") for name in manifest["files"])
    index = (out / "index.html").read_text()
    assert "../" not in index and "outside" not in index
    status, lines, _ = run(["verify", str(out)], capsys, tmp_path)
    assert status == 0, lines


def test_verify_says_a_damaged_manifest_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], built: tuple[Path, Path]
) -> None:
    _, out = built
    _damaged(out, "players-text")
    status, lines, _ = run(["verify", str(out)], capsys, tmp_path)
    assert status == 2
    assert len(lines) == 1 and lines[0].startswith("out/manifest.json: manifest is damaged (")


def test_a_manifest_that_is_a_fifo_or_a_link_out_is_no_manifest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], built: tuple[Path, Path]
) -> None:
    root, out = built
    (out / MANIFEST).unlink()
    os.mkfifo(out / MANIFEST)
    status, lines, _ = run(build_args(root, out, *KIT), capsys, tmp_path)
    assert status == 0
    assert lines == [
        "warning: out/manifest.json: is a FIFO (named pipe), not a file; every kit is built again"
    ]
    assert (out / MANIFEST).is_file()
    (out / MANIFEST).unlink()
    (out / MANIFEST).symlink_to("/dev/zero")
    status, lines, _ = run(build_args(root, out, *KIT), capsys, tmp_path)
    assert status == 0
    assert len(lines) == 1 and "leads out of its folder" in lines[0]
    assert (out / MANIFEST).is_file() and not (out / MANIFEST).is_symlink()


def test_kits_and_thumbnails_deleted_by_hand_are_made_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], built: tuple[Path, Path]
) -> None:
    root, out = built
    other = build_args(root, out, "--players", "4", "--paper", "a4", "--quiet")
    assert run(other, capsys, tmp_path)[0] == 0  # a second kit, left out of the next builds
    for folder in (out / GAME, out / catalogue.THUMBNAILS):
        for path in sorted(folder.rglob("*"), reverse=True):
            path.rmdir() if path.is_dir() else path.unlink()
        folder.rmdir()
    for _ in range(2):
        status, lines, _ = run(build_args(root, out, *KIT, "--jobs", "2"), capsys, tmp_path)
        assert status == 0, lines
        assert lines == []
    assert (out / FOLDER).is_dir()
    thumbnails = json.loads((out / catalogue.THUMBNAILS / catalogue.DOCUMENTS).read_text())
    assert thumbnails and all(
        (out / catalogue.THUMBNAILS / t["file"]).is_file() for t in thumbnails.values()
    )
