"""SHAPES_PRINT_JOBS, the default of `--jobs` (load/defaults.chosen_jobs): the processes
`build` and `check` share their work between when the command line does not say, read the
same on the quick command line (commands/quick.py) and typer's (commands/cli.py), and a
value that is no count said in one line, as a bad `--jobs` is."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from shapes_print.commands import cli, entry
from shapes_print.load.defaults import JOBS_VARIABLE, chosen_jobs
from shapes_print.pipeline.requests import Planned, listening_to_kits
from shapes_print.plan.kit import KitFile

CORES = os.cpu_count() or 1
PATHS = {"quick": entry.main, "typer": cli.main}
# Two kits to build, two groups (a label set's game) to check: worth sharing out.
KIT = ["pass-and-pick", "--paper", "a4"]
ASKED = {
    "build": ["build", *KIT, "--players", "3,4", "--labels", "standard"],
    "check": ["check", *KIT, "--players", "3", "--labels", "standard,es"],
}


class HeardHere:
    """The kits planned in this process (pipeline/requests.py): a forked worker's are its own."""

    def __init__(self) -> None:
        self.kits: list[str] = []

    def take(self, kit: Planned, files: list[KitFile]) -> None:
        self.kits.append(kit.folder)


@pytest.fixture
def heard_here() -> Iterator[HeardHere]:
    heard = HeardHere()
    with listening_to_kits(heard.take):
        yield heard


@pytest.mark.parametrize("command", ["build", "check"])
@pytest.mark.parametrize("path", ["quick", "typer"])
def test_the_variable_sets_the_default_and_jobs_on_the_line_wins(
    path: str,
    command: str,
    heard_here: HeardHere,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Over two processes every kit is planned in a worker, none here; in one process (the
    variable's 1, or `--jobs 1` on the line over its 2), each is planned here. Each run has
    a cache folder of its own, so none takes what another planned."""
    heard = {}
    for run, variable, jobs in (("two", "2", []), ("one", "1", []), ("line", "2", ["--jobs", "1"])):
        monkeypatch.setenv(JOBS_VARIABLE, variable)
        monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / run / "cache"))
        out = ["--out", str(tmp_path / run / "out")] if command == "build" else []
        assert PATHS[path]([*ASKED[command], *out, *jobs, "--quiet"]) == 0
        heard[run], heard_here.kits = heard_here.kits, []
    assert capsys.readouterr() == ("", "")
    assert heard["two"] == []
    assert "pass-and-pick/a4/3-players" in heard["one"] and len(set(heard["one"])) == 2
    assert heard["line"] == heard["one"]


@pytest.mark.parametrize("command", ["build", "check"])
@pytest.mark.parametrize("path", ["quick", "typer"])
@pytest.mark.parametrize("value", ["0", "-1", "two", "\u00b2", "1.5", "1" * 10, "9" * 5000])
def test_a_variable_that_is_no_count_is_one_line_and_status_2(
    path: str,
    command: str,
    value: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Said before any work, shown as far as a line holds it; `--jobs` given does not
    read it."""
    monkeypatch.setenv(JOBS_VARIABLE, value)
    asked = [command, "--content", str(tmp_path / "nowhere")]
    assert PATHS[path](asked) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (
        f"{JOBS_VARIABLE}: {value[:40]!r} is not a number of processes: write a whole number "
        "from 1 (at most nine digits), or unset it for one per core\n"
    )
    assert PATHS[path]([*asked, "--jobs", "1"]) == 2
    assert capsys.readouterr().err == f"{tmp_path / 'nowhere'}: content folder not found\n"


@pytest.mark.parametrize(
    ("value", "jobs"), [(None, CORES), ("", CORES), (" ", CORES), (" 3 ", 3), ("007", 7)]
)
def test_an_empty_variable_is_unset_and_spaces_round_a_count_are_read_past(
    value: str | None, jobs: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    if value is None:
        monkeypatch.delenv(JOBS_VARIABLE)
    else:
        monkeypatch.setenv(JOBS_VARIABLE, value)
    assert chosen_jobs(None) == jobs
    assert chosen_jobs(5) == 5
