"""`list`, `schema`, `new` and the plain forms of `build` and `check` read without typer
(commands/quick.py): the same options, calls, output and errors as typer's (commands/cli.py),
and anything else left to typer."""

from __future__ import annotations

import inspect
import json
import shutil
from pathlib import Path

import pytest
import typer

from shapes_print.commands import cli, entry
from shapes_print.commands.quick import QUICK, quick_call
from shapes_print.load.defaults import DEFAULT_CONTENT, DEFAULT_TEMPLATES


def _typer_options(command: str) -> set[str]:
    """The options typer's command takes, as cli.py declares them."""
    group = typer.main.get_command(cli.app)
    assert isinstance(group, typer.core.TyperGroup)
    return {
        name
        for param in group.commands[command].params
        for name in param.opts
        if name.startswith("--") and name != "--help"
    }


# What typer checks against a list of values, which the quick reading leaves to it.
LEFT_TO_TYPER = {"build": {"--flip"}}


def test_each_quick_command_takes_what_typer_declares() -> None:
    for name, command in QUICK.items():
        quick_options = {option for option in command.options() if option.startswith("--")}
        assert quick_options == _typer_options(name) - LEFT_TO_TYPER.get(name, set())


def _typer_call(args: list[str]) -> dict[str, object]:
    """The keywords typer calls the command's function with, lists as lists."""
    group = typer.main.get_command(cli.app)
    assert isinstance(group, typer.core.TyperGroup)
    params = group.commands[args[0]].make_context(args[0], list(args[1:])).params
    return {k: list(v) if isinstance(v, tuple | list) else v for k, v in params.items()}


def _quick_call(args: list[str]) -> dict[str, object]:
    """The keywords the quick reading calls the same function with, its defaults filled in
    and an empty list as typer gives it."""
    call = quick_call(args)
    assert call is not None, args
    bound = inspect.signature(call.func).bind(**call.keywords)
    bound.apply_defaults()
    lists = {"games", "labels"}
    return {k: (v or []) if k in lists else v for k, v in bound.arguments.items()}


@pytest.mark.parametrize(
    "args",
    [
        ["build"],
        ["build", "pass-and-pick", "--players", "4", "--paper", "a4", "-q"],
        ["build", "collect-3", "pass-and-pick", "--labels", "es", "--labels=braille,large-print"],
        ["build", "--players=all", "--paper", "a4,letter", "--labels", "all", "--jobs", "2"],
        ["build", "--out", "kits", "--content", "c", "--templates=t", "--json", "--force"],
        ["build", "--print-shop", "--format", "pdf,png", "--bleed", "2mm", "--card-size=bridge"],
        ["build", "--ink-saver", "--back-offset", "1mm,0.5mm", "--max-cards", "50"],
        ["build", "pass-and-pick", "--proof", "--deck", "cards", "--cards=red-1,wild"],
        ["check"],
        ["check", "pass-and-pick", "--labels", "es", "--strict", "--quiet", "--jobs=1"],
        ["check", "--content", "c", "--players", "3-5", "--paper", "letter", "--max-cards", "9"],
        ["check", "pass-and-pick", "--card-size", "70x100mm", "--labels", "braille"],
    ],
)
def test_a_plain_build_or_check_is_the_call_typer_makes(args: list[str]) -> None:
    assert _quick_call(args) == _typer_call(args)


def test_a_quick_build_writes_and_says_what_typer_s_build_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    kit = ["build", "pass-and-pick", "--players", "3", "--paper", "a4", "--labels", "es"]
    quick = _printed(entry.main, [*kit, "--out", str(tmp_path / "q"), "--json"], capsys)
    through_typer = _printed(cli.main, [*kit, f"--out={tmp_path / 't'}", "--json"], capsys)
    assert quick[0] == through_typer[0] == 0 and quick[2] == through_typer[2] == ""
    said = json.loads(quick[1])
    assert said == json.loads(through_typer[1].replace(str(tmp_path / "t"), str(tmp_path / "q")))
    made = sorted(p.relative_to(tmp_path / "q") for p in (tmp_path / "q").rglob("*.pdf"))
    assert Path("pass-and-pick/es/a4/3-players/pass-and-pick_3p_a4_es_cards.pdf") in made
    for name in made:
        assert (tmp_path / "q" / name).read_bytes() == (tmp_path / "t" / name).read_bytes()


def test_a_quick_check_says_what_typer_s_check_does(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["check", "pass-and-pick", "--labels", "standard", "--paper", "a4"]
    quick = _printed(entry.main, args, capsys)
    assert quick == _printed(cli.main, args, capsys)
    assert quick == (0, "ok: 1 game checked with 1 label set\n", "")


def _printed(
    run: object, args: list[str], capsys: pytest.CaptureFixture[str]
) -> tuple[int, str, str]:
    assert callable(run)
    status = run(args)
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize(
    "args",
    [
        ["list"],
        ["list", "--json"],
        ["list", "--content", str(DEFAULT_CONTENT), "--templates", str(DEFAULT_TEMPLATES)],
        ["list", f"--content={DEFAULT_CONTENT}", "--json", "--debug"],
    ],
)
def test_quick_list_prints_what_typer_s_list_prints(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert quick_call([a for a in args if a != "--debug"]) is not None
    quick = _printed(entry.main, args, capsys)
    through_typer = _printed(cli.main, args, capsys)
    assert quick == through_typer
    assert quick[0] == 0 and "pass-and-pick" in quick[1] and quick[2] == ""


def test_a_game_folder_elsewhere_is_listed_the_same(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shutil.copytree(DEFAULT_CONTENT / "pass-and-pick", tmp_path / "pass-and-pick")
    args = ["list", "--content", str(tmp_path), "--json"]
    status, out, _ = _printed(entry.main, args, capsys)
    assert status == 0 and '"id": "pass-and-pick"' in out and "collect-3" not in out
    assert _printed(cli.main, args, capsys)[1] == out


def test_quick_schema_writes_what_typer_s_schema_writes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    quick = _printed(entry.main, ["schema", "--out", str(tmp_path / "quick")], capsys)
    through_typer = _printed(cli.main, ["schema", f"--out={tmp_path / 'typer'}"], capsys)
    assert quick[0] == through_typer[0] == 0
    assert quick[1] == through_typer[1].replace("/typer/", "/quick/")
    written = sorted(path.name for path in (tmp_path / "quick").iterdir())
    assert "game.schema.json" in written
    for name in written:
        assert (tmp_path / "quick" / name).read_bytes() == (tmp_path / "typer" / name).read_bytes()


@pytest.mark.parametrize("start", [[], ["--from", "pass-and-pick"]])
def test_quick_new_writes_what_typer_s_new_writes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], start: list[str]
) -> None:
    quick = _printed(
        entry.main, ["new", *start, "my-game", "--content", str(tmp_path / "q")], capsys
    )
    through_typer = _printed(
        cli.main, ["new", "my-game", *start, f"--content={tmp_path / 't'}"], capsys
    )
    assert quick[0] == through_typer[0] == 0
    assert quick[1] == through_typer[1].replace(str(tmp_path / "t"), str(tmp_path / "q"))
    made = {p.relative_to(tmp_path / "q") for p in (tmp_path / "q").rglob("*")}
    assert Path("my-game/game.yaml") in made
    assert made == {p.relative_to(tmp_path / "t") for p in (tmp_path / "t").rglob("*")}
    # A second time, into the same folder: refused in one line, by either path.
    again = _printed(entry.main, ["new", "my-game", "--content", str(tmp_path / "q")], capsys)
    assert again[0] == 2 and again[1] == "" and len(again[2].splitlines()) >= 1


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["new"],
        ["new", "a", "b"],
        ["new", "-x"],
        ["new", "a", "--from"],
        ["schema", "--out", "a", "--out", "b"],
        ["build", "--flip", "short"],
        ["build", "--jobs", "0"],
        ["build", "--jobs", "two"],
        ["build", "--jobs", "\u00b2"],
        ["build", "--jobs", "1" * 10],  # typer takes it: more than any count means
        ["check", "--max-cards", "9" * 5000],  # past what int() reads: typer says so
        ["build", "--force=yes"],
        ["build", "-qf"],
        ["build", "--labels"],
        ["build", "--players", "4", "--players", "5"],
        ["build", "--back-offset", "-1mm,0mm"],
        ["build", "--help"],
        ["check", "--flip", "long"],
        ["list", "--help"],
        ["list", "--bogus"],
        ["list", "extra"],
        ["list", "--content"],
        ["list", "--content="],
        ["list", "--content", "--json"],
        ["list", "--json", "--json"],
        ["list", "--json=yes"],
        ["list", "--content", "a", "--content", "b"],
        ["list", "--", "--json"],
        ["list", "-h"],
    ],
)
def test_anything_else_is_left_to_typer(args: list[str]) -> None:
    assert quick_call(args) is None


def test_a_quick_mistake_is_one_line_and_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["list", "--content", str(tmp_path / "nowhere")]
    status, out, err = _printed(entry.main, args, capsys)
    assert (status, out) == (2, "")
    assert err == f"{tmp_path / 'nowhere'}: content folder not found\n"
    assert _printed(cli.main, args, capsys) == (status, out, err)


def test_a_usage_mistake_reaches_typer(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _printed(entry.main, ["list", "--bogus"], capsys)
    assert (status, out) == (2, "")
    assert err.splitlines() == [
        "usage: No such option: --bogus",
        "hint: shapes-print --help lists commands and options",
    ]
