"""What `build` and `list` print: plain logs off a terminal, a progress bar on one, tables."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from msgspec.structs import replace
from pypdf import PdfReader

from shapes_print.commands import report
from shapes_print.commands.cli import main
from shapes_print.kit.contents import KitRequest, kit_folder
from shapes_print.load.conditions import Size, describe
from shapes_print.load.defaults import DEFAULT_CONTENT, DEFAULT_LABELS, DEFAULT_TEMPLATES
from shapes_print.load.labels import shipped
from shapes_print.pipeline import games
from shapes_print.text.message import NoEntry
from shapes_print.write.write import BUILT, UP_TO_DATE, KitDone, Written

KITS = ["pass-and-pick/a4/3-players", "pass-and-pick/a4/4-players"]


@pytest.fixture(autouse=True)
def plain_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rich obeys these; a CI that sets them must not change what the tests see."""
    for name in ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE", "NO_COLOR"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("COLUMNS", "120")


def build(tmp_path: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> str:
    args = ["build", "pass-and-pick", "--players", "3-4", "--paper", "a4", "--out", str(tmp_path)]
    assert main([*args, *extra]) == 0
    return capsys.readouterr().out


def test_build_off_a_terminal_logs_plain_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = build(tmp_path, capsys)
    assert "\x1b" not in out
    assert "\r" not in out
    log = [line for line in out.splitlines() if line.startswith("[")]
    assert [line.split()[1] for line in log] == [f"{kit}:" for kit in KITS]
    assert log[0].startswith("[1/2] ") and log[1].startswith("[2/2] ")


def test_build_summary_counts_what_was_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = build(tmp_path, capsys)
    pdfs = sorted(tmp_path.glob("pass-and-pick/a4/*/*.pdf"))
    pages = sum(len(PdfReader(pdf).pages) for pdf in pdfs)
    size = sum(pdf.stat().st_size for pdf in pdfs)
    assert out.splitlines()[-1] == f"written to {tmp_path.resolve()}"
    footer = re.search(r"^2 kits +(\d+) +(\d+) +(\d+(?:\.\d)? [KM]B)$", out, re.MULTILINE)
    assert footer, out
    assert footer.groups() == (str(len(pdfs)), str(pages), report.size(size))
    for kit in KITS:
        kit_pdfs = [pdf for pdf in pdfs if str(pdf.parent).endswith(kit)]
        kit_pages = sum(len(PdfReader(pdf).pages) for pdf in kit_pdfs)
        assert re.search(rf"^{kit} +{len(kit_pdfs)} +{kit_pages} +\d", out, re.MULTILINE), out


def done(n: int, total: int) -> KitDone:
    files = (Written(Path(f"out/kit{n}/a.pdf"), 2, 3000, "", "players", f"kit{n}"),)
    return KitDone(f"kit{n}", files, n, total)


class Terminal(io.StringIO):
    """A stream that says it is a terminal, as a user's screen does."""

    def isatty(self) -> bool:
        return True


def test_progress_bar_on_a_terminal_nothing_with_quiet() -> None:
    for quiet, expect_bar in ((False, True), (True, False)):
        stream = Terminal()
        with report.build_progress(stream, quiet) as on_kit:
            for n in (1, 2):
                on_kit(done(n, 2))
        text = stream.getvalue()
        assert ("\x1b" in text) is expect_bar, text
        if quiet:
            assert text == ""


def test_plain_lines_off_a_terminal() -> None:
    stream = io.StringIO()
    with report.build_progress(stream, False) as on_kit:
        for n in (1, 2):
            on_kit(done(n, 2))
    assert stream.getvalue().splitlines() == [
        "[1/2] kit1: 1 file, 2 pages, 3 KB",
        "[2/2] kit2: 1 file, 2 pages, 3 KB",
    ]


def test_the_summary_counts_one_kit_as_a_kit() -> None:
    for kits, totals in ((1, "1 kit "), (2, "2 kits ")):
        stream = io.StringIO()
        written = [item for n in range(1, kits + 1) for item in done(n, kits).files]
        report.print_summary(stream, written, Path("out"))
        assert stream.getvalue().splitlines()[-2].startswith(totals)


def test_a_one_player_kit_folder_is_1_player() -> None:
    assert kit_folder(KitRequest("shapes-the-game", 1, "a4")) == "shapes-the-game/a4/1-player"
    assert kit_folder(KitRequest("shapes-the-game", 2, "a4", labels="es")) == (
        "shapes-the-game/es/a4/2-players"
    )


def test_sizes_read_as_people_read_them() -> None:
    assert report.size(0) == "0 KB"
    assert report.size(150 * 1024) == "150 KB"
    assert report.size(1024 * 1024 + 104858) == "1.1 MB"


def test_list_is_a_table_of_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a terminal, rich draws the table."""
    monkeypatch.setenv("COLUMNS", "200")  # wide enough that no cell wraps
    stream = Terminal()
    rows = report.game_rows(
        games.game_summaries(DEFAULT_CONTENT), games.paper_names(DEFAULT_TEMPLATES)
    )
    report.print_games(stream, rows)
    out = re.sub("\x1b\\[[0-9;]*m", "", stream.getvalue())  # without its colours
    assert BOX_CHARACTERS.search(out)
    header = next(line for line in out.splitlines() if "game" in line)
    assert re.findall(r"[a-z][a-z ]*[a-z]", header) == list(report.LIST_COLUMNS)
    row = next(line for line in out.splitlines() if "pass-and-pick" in line)
    assert [cell.strip() for cell in re.split(r"│", row)[1:-1]] == PASS_AND_PICK_ROW
    caption = " ".join(out[out.index("label sets (--labels):") :].split())
    assert caption == LABEL_SETS


PASS_AND_PICK_ROW = [
    "pass-and-pick",
    "Pass and pick shapes",
    "3-6",
    "cards, sheets, host-key",
    "a4, letter, a3, tabloid, legal",
]
LABEL_SETS = f"label sets (--labels): {', '.join(shipped(DEFAULT_LABELS))}"
BOX_CHARACTERS = re.compile("[\u2500-\u257f]")


def test_list_into_a_pipe_is_plain_columns(capsys: pytest.CaptureFixture[str]) -> None:
    """Off a terminal: no box characters, no colour, one line per game, columns aligned."""
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    assert not BOX_CHARACTERS.search(out) and "\x1b" not in out
    lines = out.splitlines()
    assert lines[0].split() == list(report.LIST_COLUMNS)
    row = next(line for line in lines if line.startswith("pass-and-pick "))
    starts = [lines[0].index(column) for column in report.LIST_COLUMNS]
    cells = [row[a:b].strip() for a, b in zip(starts, [*starts[1:], None], strict=True)]
    assert cells == PASS_AND_PICK_ROW
    assert lines[-1] == LABEL_SETS


def test_build_summary_into_a_pipe_has_no_box_characters(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = build(tmp_path, capsys)
    assert not BOX_CHARACTERS.search(out)


def test_one_is_singular_in_every_count_the_tool_words() -> None:
    assert describe(Size(size=1)) == "exactly 1 card"
    assert describe(Size(size=2)) == "exactly 2 cards"
    assert NoEntry("deal", 1).message() == "numbers.deal has no entry for 1 player"
    one = [Written(Path("out/kit/a.pdf"), 1, 10, "", "players", "kit", BUILT)]
    two_up = [replace(one[0], folder=f"k{n}", status=UP_TO_DATE) for n in (1, 2)]
    assert report.kit_counts(one) == "1 kit built"
    assert report.kit_counts(two_up) == "2 kits up to date"
    assert report.kit_counts(one + two_up[:1]) == "1 kit up to date, 1 built"


def test_quiet_prints_nothing_on_success_and_the_error_on_stderr(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["build", "pass-and-pick", "--players", "4", "--paper", "a4", "--out", str(tmp_path)]
    assert main([*args, "--quiet"]) == 0
    assert capsys.readouterr() == ("", "")
    assert main(["check", "pass-and-pick", *args[2:6], "--quiet"]) == 0  # one kit says it
    assert capsys.readouterr() == ("", "")
    assert main([*args, "--quiet", "--players", "9"]) == 2
    printed = capsys.readouterr()
    assert printed.out == ""
    assert printed.err == "--players 9: pass-and-pick is for 3-6 players\n"
