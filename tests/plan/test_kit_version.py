"""The print-and-play cover's last line: the kit's version and date as game.yaml gives
them, and the shapes-print release that made the file; never a file's time, so a build of
the same content prints the same bytes in every clone, whatever its files' times."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from shapes_print.commands.cli import main
from shapes_print.fingerprints import program
from shapes_print.geometry.primitives import Document
from shapes_print.pipeline import pipeline
from tests.planned import page_words
from tests.project_copy import copy_project

SHIPPED = 'version: "1.0"\ndate: "2026-12-06"\n'  # the shipped kit's, ours
VERSIONED = ("content/pass-and-pick/game.yaml", SHIPPED, 'version: "2.1"\ndate: 2026-11-30\n')
UNVERSIONED = ("content/pass-and-pick/game.yaml", SHIPPED, "")


def _cover(content: Path, labels: str = "standard") -> str:
    """The words of the cover of pass-and-pick's 3-player A4 print-and-play file."""
    project = pipeline.load_project(pipeline.Sources(content=content), ["pass-and-pick"], [labels])
    ((_, _, files),) = pipeline.plan_all(project, "3", "a4")
    (whole,) = [f.document for f in files if f.name.endswith("_print-and-play")]
    assert isinstance(whole, Document)
    return page_words(whole.pages[0], whole.symbols)


def test_the_cover_ends_with_the_kits_version_and_date(tmp_path: Path) -> None:
    root = copy_project(tmp_path, [VERSIONED])
    release = program()["shapes-print"]
    line = f"Version 2.1. Date: November 30, 2026. Made with shapes-print {release}."
    assert f"for the score sheet. {line}" in _cover(root / "content")  # the last words
    spanish = f"Versión 2.1. Fecha: 30 de noviembre de 2026. Hecho con shapes-print {release}."
    assert f"puntuación. {spanish}" in _cover(root / "content", "es")


def test_without_them_the_cover_names_only_the_release(tmp_path: Path) -> None:
    root = copy_project(tmp_path, [UNVERSIONED])
    words = _cover(root / "content")
    assert f"for the score sheet. Made with shapes-print {program()['shapes-print']}." in words
    assert "Version" not in words and "Date" not in words


@pytest.mark.parametrize("written", ["30/11/2026", "2026-02-30"])
def test_a_date_not_a_day_written_as_a_date_is_refused_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], written: str
) -> None:
    """Another way of writing it, or no day of the calendar (the cover writes it in words):
    one line at its place, exit 2."""
    game = "content/pass-and-pick/game.yaml"
    root = copy_project(tmp_path, [(game, 'date: "2026-12-06"', f"date: {written}")])
    lines = (root / game).read_text(encoding="utf-8").splitlines()
    line = lines.index(f"date: {written}") + 1
    args = ["check", "pass-and-pick", "--content", str(root / "content"), "--labels", "standard"]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert f"game.yaml:{line}:" in err and "date" in err and "Traceback" not in err


def test_building_twice_makes_the_same_bytes_whatever_the_files_times(tmp_path: Path) -> None:
    """A clone gives every file the time it was checked out: a second build after every
    input file is touched later makes the same print-and-play file, byte for byte."""
    root = copy_project(tmp_path / "project", [VERSIONED])
    built = []
    for n in range(2):
        if n:
            for path in root.rglob("*"):
                os.utime(path, (2_000_000_000, 2_000_000_000))
        out = tmp_path / f"out{n}"
        args = ["build", "pass-and-pick", "--players", "3", "--paper", "a4", "--out", str(out)]
        assert main([*args, "--content", str(root / "content"), "-q"]) == 0
        (whole,) = out.glob("**/*_print-and-play.pdf")
        built.append(whole.read_bytes())
    assert built[0] == built[1]
