"""Every test on disk runs: no folder of the tests or the package has a name that pytest,
a linter or a packager passes over as a tool's output.

pytest's `norecursedirs` (its default holds `build` and `dist`) hid a whole folder of tests
for months; ruff and setuptools skip the same names in a package. The check reads pytest's
own setting, so a folder that pytest would not enter fails here, naming it.
"""

from __future__ import annotations

from fnmatch import fnmatch
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# Folder names that tools treat as output or environments by default: ruff's `exclude`,
# setuptools' flat-layout exclusions, pytest's own `norecursedirs` default.
TOOL_OUTPUT = ("build", "dist", "_build", "buck-out", "site-packages", "venv", "node_modules")


def skipped_by(path: Path, patterns: list[str]) -> str | None:
    """The pattern among `patterns` that one of `path`'s folders (below ROOT) matches."""
    for folder in path.relative_to(ROOT).parent.parts:
        for pattern in patterns:
            if fnmatch(folder, pattern):
                return pattern
    return None


def folders_of(top: str) -> list[Path]:
    return sorted(p for p in (ROOT / top).rglob("*") if p.is_dir() and "__pycache__" not in p.parts)


def test_pytest_enters_every_folder_that_holds_a_test(pytestconfig: pytest.Config) -> None:
    patterns = list(pytestconfig.getini("norecursedirs"))
    missed = [
        f"{path.relative_to(ROOT)} (pytest skips folders named {pattern!r})"
        for path in sorted((ROOT / "tests").rglob("test_*.py"))
        if (pattern := skipped_by(path, patterns)) is not None
    ]
    assert not missed, "tests that `make test` never runs:\n" + "\n".join(missed)


def test_the_testpaths_hold_every_test(pytestconfig: pytest.Config) -> None:
    paths = [ROOT / p for p in pytestconfig.getini("testpaths")]
    tests = sorted(ROOT.glob("**/test_*.py"))
    outside = [
        str(t.relative_to(ROOT))
        for t in tests
        if not any(t.is_relative_to(p) for p in paths) and ".venv" not in t.parts
    ]
    assert not outside


@pytest.mark.parametrize("top", ["shapes_print", "tests"])
def test_no_folder_is_named_as_a_tools_output(top: str) -> None:
    named = [str(p.relative_to(ROOT)) for p in folders_of(top) if p.name in TOOL_OUTPUT]
    assert not named, f"folders that tools skip as output: {named}"


def test_the_check_sees_a_skipped_folder(pytestconfig: pytest.Config) -> None:
    """The rule above can fail: a test in a `build` folder is one pytest would skip."""
    patterns = list(pytestconfig.getini("norecursedirs"))
    assert skipped_by(ROOT / "tests" / "build" / "test_x.py", patterns) == "build"
    assert skipped_by(ROOT / "tests" / "pipeline" / "test_x.py", patterns) is None
