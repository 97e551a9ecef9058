"""A print-shop file's date: its newest input's, or SOURCE_DATE_EPOCH's, in Info and XMP
alike; a SOURCE_DATE_EPOCH that is no date stops the build in one line."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from shapes_print.commands.cli import main
from shapes_print.load.defaults import DEFAULT_LABELS
from shapes_print.load.options import PrintOptions
from shapes_print.pipeline import pipeline
from tests.pdfxread import CARDS, xmp_description, xmp_value
from tests.project_copy import copy_project

# Input files' times in a dated copy of the project: most files, and the newest.
OLD, NEWEST = 1_600_000_000, 1_700_000_000


def _dated_copy(root: Path) -> pipeline.Sources:
    """The project copied with every file last changed at OLD and one at NEWEST."""
    copy_project(root)
    shutil.copytree(DEFAULT_LABELS, root / "labels")
    for path in root.rglob("*"):
        os.utime(path, (OLD, OLD))
    os.utime(root / "content" / "pass-and-pick" / "deck.yaml", (NEWEST, NEWEST))
    return pipeline.Sources(root / "content", root / "templates", root / "labels")


def _dates(folder: Path) -> tuple[str, str]:
    """A kit's cards file's Info CreationDate and XMP CreateDate."""
    info = PdfReader(folder / CARDS).trailer["/Info"].get_object()
    return str(info["/CreationDate"]), xmp_value(
        xmp_description(folder / CARDS), "xmp", "CreateDate"
    )


def test_a_print_shop_file_is_dated_by_its_newest_input(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    sources = _dated_copy(tmp_path / "project")
    asked = pipeline.BuildOptions("4", "a4", "long", PrintOptions(print_shop=True))
    pipeline.build(sources, ["pass-and-pick"], asked, tmp_path / "out")
    folder = tmp_path / "out" / "pass-and-pick" / "a4" / "4-players"
    assert _dates(folder) == ("D:20231114221320Z", "2023-11-14T22:13:20Z")  # NEWEST


def test_source_date_epoch_dates_a_print_shop_file_over_its_inputs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1500000000")
    sources = _dated_copy(tmp_path / "project")
    asked = pipeline.BuildOptions("4", "a4", "long", PrintOptions(print_shop=True))
    pipeline.build(sources, ["pass-and-pick"], asked, tmp_path / "out")
    folder = tmp_path / "out" / "pass-and-pick" / "a4" / "4-players"
    assert _dates(folder) == ("D:20170714024000Z", "2017-07-14T02:40:00Z")


@pytest.mark.parametrize("epoch", ["abc", "1e3", ":", "-5", "99999999999999999", "9" * 5000])
def test_a_source_date_epoch_that_is_no_date_stops_the_build_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, epoch: str
) -> None:
    """Found by tests/test_any_input.py: int() of the variable, or its date past the year
    9999, stopped a print-shop build with an internal error."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", epoch)
    out = tmp_path / "out"
    args = ["build", "pass-and-pick", "--players", "3", "--paper", "a4", "--print-shop"]
    status = main([*args, "--deck", "cards", "--out", str(out), "--quiet"])
    assert status == 2
    assert capsys.readouterr().err == (
        f"SOURCE_DATE_EPOCH: {epoch[:40]!r} is not a date: write whole seconds since "
        "1970-01-01 UTC, as `date +%s` prints them\n"
    )
    assert not out.exists()
