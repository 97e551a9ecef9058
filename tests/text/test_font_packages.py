"""`package:` fonts come from an installed distribution's record of its files, never from
importing a module: a label set from a stranger must not run code (issue 32)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from shapes_print.errors import UserError
from shapes_print.text.fonts import load_font, package_font

ATKINSON = "package:fontpkg_atkinson_hyperlegible/files/AtkinsonHyperlegible-Regular.ttf"
ROOT = Path(__file__).resolve().parents[2]


def test_a_recorded_font_is_found_by_either_spelling_of_its_distribution() -> None:
    by_module = package_font(ATKINSON, None)
    by_name = package_font(ATKINSON.replace("fontpkg_atkinson_", "fontpkg-atkinson-"), None)
    assert by_module == by_name and by_module.name == "AtkinsonHyperlegible-Regular.ttf"
    assert "Atkinson" in load_font(by_module).metrics.family


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("package:this.x/f.ttf", "font package 'this.x' is not installed (pip install this-x)"),
        ("package:nosuchpkg.sub/x.ttf", "font package 'nosuchpkg.sub' is not installed"),
        ("package:shapes_print/../../../../etc/passwd", "'..', '\\' and absolute paths"),
        ("package:shapes_print//etc/passwd", "'..', '\\' and absolute paths"),
        ("package:/etc/passwd", "write it as package:DISTRIBUTION/path/file.ttf"),
        ("package:fontpkg_atkinson_hyperlegible/nope.ttf", "has no file 'nope.ttf' (it has: "),
    ],
)
def test_a_bad_package_font_is_one_line_and_imports_nothing(spec: str, message: str) -> None:
    before = set(sys.modules)
    with pytest.raises(UserError) as error:
        package_font(spec, None)
    assert message in error.value.line() and "\n" not in error.value.line()
    assert set(sys.modules) == before


def _evil_folder(folder: Path) -> Path:
    """Modules a downloaded game could carry, each leaving a marker if it is ever imported."""
    marker = folder / "RAN"
    for name in ("csv", "typer", "yaml", "zipfile", "PIL", "evil", "this"):
        (folder / f"{name}.py").write_text(f"open({str(marker)!r}, 'a').write({name!r})\n")
    return marker


def test_python_m_imports_nothing_from_the_working_folder(tmp_path: Path) -> None:
    marker = _evil_folder(tmp_path)
    labels = tmp_path / "evil-set.yaml"
    labels.write_text(
        "extends: standard\nstyle:\n  fonts:\n    regular: 'package:evil.x/f.ttf'\n"
        "    bold: 'package:this.x/f.ttf'\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    listed = subprocess.run(
        [sys.executable, "-m", "shapes_print", "list"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    built = subprocess.run(
        [sys.executable, "-m", "shapes_print", "build", "pass-and-pick", "--players", "3",
         "--paper", "a4", "--labels", str(labels), "--out", str(tmp_path / "out")],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert listed.returncode == 0, listed.stderr
    assert built.returncode == 2
    assert built.stderr.splitlines()[0].endswith(
        "font package 'evil.x' is not installed (pip install evil-x)"
    )
    assert "Beautiful is better" not in built.stdout + built.stderr
    assert not marker.exists()
