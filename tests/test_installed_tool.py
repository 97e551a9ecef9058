"""The tool installs as a wheel and works from any folder (issue 30): `pip install .` (or
pipx) gives a `shapes-print` that builds the shipped games, carried inside the package, from
an empty folder into ./output, and finds a folder of one's own games there as ./content.

The wheel is built from a copy of the checkout without build isolation (setuptools is a test
extra), by the build backend pyproject.toml names, as pip calls it, and installed into a
fresh venv that borrows this environment's dependencies, so nothing is downloaded. A command
given a folder, else ./content, else the shipped one is checked in-process too.
"""

from __future__ import annotations

import os
import shutil
import site
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest
from pypdf import PdfReader

from shapes_print.load.defaults import DEFAULT_CONTENT, DEFAULT_TEMPLATES, chosen_folders

ROOT = Path(__file__).resolve().parents[1]
# What a checkout's top folder holds that a wheel is not built from (shapes_print/pipeline/ is).
NOT_SOURCE = {".git", ".venv", "output", "build", "shapes_print.egg-info", ".pytest_cache"}
TIMEOUT = 300


def _run(args: list[str | Path], cwd: Path, env: dict[str, str]) -> str:
    done = subprocess.run(
        [str(arg) for arg in args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )
    assert done.returncode == 0, f"{args}: {done.stdout}{done.stderr}"
    return done.stdout + done.stderr


def _not_source(folder: str, names: list[str]) -> set[str]:
    return NOT_SOURCE & set(names) if Path(folder) == ROOT else {"__pycache__"} & set(names)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """A fresh venv with the wheel of this checkout installed, and the environment to run
    it in (no PYTHONPATH: the installed package, not the checkout, must answer)."""
    work = tmp_path_factory.mktemp("install")
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    shutil.copytree(ROOT, work / "source", ignore=_not_source)
    # The wheel as pip builds it without isolation, from the backend pyproject.toml names,
    # called directly: pip's own start and its pass for the metadata alone were two thirds
    # of the time, and the backend says all that is read below.
    built = _run([sys.executable, "-c", BUILD_WHEEL, "../wheels"], work / "source", env)
    # Every shipped folder is packaged on purpose (setup.py): setuptools says none is not.
    assert "would be ignored" not in built, built[built.find("would be ignored") - 400 :][:800]
    (wheel,) = (work / "wheels").glob("shapes_print-*.whl")
    _run([sys.executable, "-m", "venv", "--without-pip", "venv"], work, env)
    venv = work / "venv"
    purelib = sysconfig.get_path("purelib", vars={"base": venv, "platbase": venv})
    # The dependencies, from this environment's folders, after the venv's own.
    Path(purelib, "dependencies.pth").write_text("\n".join(site.getsitepackages()) + "\n")
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "--quiet"]
    _run([*pip, "--python", venv / "bin/python", "install", "--no-deps", wheel], work, env)
    return venv, env


# PEP 517's build_wheel of the backend the checkout's pyproject.toml names, into argv[1].
BUILD_WHEEL = """
import importlib, sys, tomllib
with open("pyproject.toml", "rb") as file:
    backend = tomllib.load(file)["build-system"]["build-backend"]
print(importlib.import_module(backend).build_wheel(sys.argv[1]))
"""


@pytest.mark.install
def test_the_wheel_builds_the_shipped_games_from_an_empty_folder(
    installed: tuple[Path, dict[str, str]], tmp_path: Path
) -> None:
    venv, env = installed
    shipped = _run([venv / "bin/python", "-c", SHIPPED_AT], tmp_path, env).strip()
    assert Path(shipped).is_relative_to(venv) and Path(shipped).name == "shipped"
    listed = _run([venv / "bin/shapes-print", "list"], tmp_path, env)
    assert all(game in listed for game in ("pass-and-pick", "collect-3", "shapes-the-game"))
    args = ["build", "pass-and-pick", "--players", "3", "--paper", "a4"]
    _run([venv / "bin/shapes-print", *args], tmp_path, env)
    cards = tmp_path / "output/pass-and-pick/a4/3-players/pass-and-pick_3p_a4_cards.pdf"
    assert len(PdfReader(cards).pages) >= 2  # a sheet of faces and its backs


@pytest.mark.install
def test_the_installed_tool_writes_a_new_game_in_dot_content_and_builds_it_from_there(
    installed: tuple[Path, dict[str, str]], tmp_path: Path
) -> None:
    venv, env = installed
    said = _run([venv / "bin/shapes-print", "new", "my-game"], tmp_path, env)
    assert (tmp_path / "content/my-game/game.yaml").is_file()
    assert said.splitlines()[-1] == "then: shapes-print preview my-game"  # ./content is found
    _run([venv / "bin/shapes-print", "build", "--players", "2", "--paper", "a4"], tmp_path, env)
    output = tmp_path / "output"
    assert (output / "my-game/a4/2-players/my-game_2p_a4_cards.pdf").is_file()
    assert not (output / "pass-and-pick").exists()  # ./content, not the shipped games


SHIPPED_AT = "from shapes_print.load.defaults import SHIPPED; print(SHIPPED)"


def test_a_folder_given_wins_then_the_current_folders_own_then_the_shipped_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert chosen_folders(None, None) == (DEFAULT_CONTENT, DEFAULT_TEMPLATES)
    (tmp_path / "content").mkdir()
    assert chosen_folders(None, None) == (Path("content"), DEFAULT_TEMPLATES)
    (tmp_path / "templates").mkdir()
    assert chosen_folders(None, None) == (Path("content"), Path("templates"))
    assert chosen_folders(tmp_path / "a", tmp_path / "b") == (tmp_path / "a", tmp_path / "b")
