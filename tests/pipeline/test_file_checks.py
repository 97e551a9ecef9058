"""`make check-files` under pytest: the same checks (tests/filecheck.py) over a sample of
every kind of file, Collect 3 in four label sets. A check whose tool is missing is skipped,
naming the tool, so `pytest -rs` lists what was not checked."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import filecheck

LABELS = ("standard", "es", "large-print", "braille")


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    return filecheck.build_sample(tmp_path_factory.mktemp("check-files"), LABELS)


def test_the_sample_holds_every_kind_of_file(sample: list[Path]) -> None:
    for check in filecheck.CHECKS:
        assert any(check.applies(path) for path in sample), check.name


# pdfinfo -struct-text reads every sheet, key and guide of the sample (about 30 s on a busy
# 2-core machine): three tests share its files, every third each, all of them between them
# (for the words outside pictures and inside them alike); Ghostscript separates every page
# of the print-shop files into plates, and pdfium sizes every run of text of every PDF: two
# tests share each.
SHARES = {
    "words apart (pdfinfo -struct-text)": 3,
    "words apart in pictures (pdfinfo -struct-text)": 3,
    "black areas in black ink alone (separations)": 2,
    "no text smaller than the finest": 2,
}


def shared_checks() -> list[object]:
    """Each check once, or in its SHARES of the files that it applies to."""
    cases: list[object] = []
    for check in filecheck.CHECKS:
        count = SHARES.get(check.name, 1)
        for share in range(count):
            name = check.name if count == 1 else f"{check.name} {share + 1}/{count}"
            cases.append(pytest.param(check, share, count, id=name))
    return cases


def test_every_shared_check_is_a_check() -> None:
    assert set(SHARES) <= {check.name for check in filecheck.CHECKS}


@pytest.mark.parametrize(("check", "share", "count"), shared_checks())
def test_the_files_pass(sample: list[Path], check: filecheck.Check, share: int, count: int) -> None:
    files = [path for path in sample if check.applies(path)][share::count]
    outcome = filecheck.run_check(check, files)
    if outcome.skipped:
        pytest.skip(str(outcome.skipped))
    assert outcome.files and outcome.problems == []


def test_a_missing_tool_is_a_skip_that_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(filecheck.shutil, "which", lambda _: None)
    (check,) = [c for c in filecheck.CHECKS if c.name == "words apart (pdfinfo -struct-text)"]
    outcome = filecheck.run_check(check, [Path("any_host-key.pdf")])
    assert outcome.skipped == filecheck.Skipped("pdfinfo", filecheck.POPPLER)
    assert outcome.line().endswith("skipped, pdfinfo not found (apt-get install poppler-utils)")


def test_a_problem_is_reported_with_its_file(tmp_path: Path) -> None:
    """A check that finds something names the file and fails the command."""
    (tmp_path / "x_host-key.pdf").write_bytes(b"")
    failing = filecheck.Check("always", "any", lambda _: True, lambda _: ["broken"])
    outcome = filecheck.run_check(failing, [tmp_path / "x_host-key.pdf"])
    assert outcome.problems == ["x_host-key.pdf: broken"]
    assert "1 problems in 1 files: x_host-key.pdf: broken" in outcome.line()
