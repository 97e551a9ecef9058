"""Start-up stays light: a command loads only what it uses (timing belongs to `make bench`).

Each check runs a fresh interpreter, as a user's command does: this test process has long
imported everything. What it guards can regress silently: one import line moved back to the
top of a module costs every build the library's start-up, and nothing else would notice.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from shapes_print.defaults import PROJECT

# SVG output, previews and what draws on a terminal (rich): a plain PDF build piped to a
# log needs none of them.
NOT_FOR_A_PDF_BUILD = {"svgwrite", "pypdfium2", "rich", "typer.rich_utils"}


def _after(code: str) -> dict[str, list[str]]:
    """Run `code` in a fresh interpreter; the modules it loaded and the project's pydantic
    models whose validators were built."""
    report = """
import json, sys
from pydantic import BaseModel
def subclasses(cls):
    for sub in cls.__subclasses__():
        yield sub
        yield from subclasses(sub)
built = [m.__name__ for m in subclasses(BaseModel)
         if m.__module__.startswith("shapes_print") and m.__pydantic_complete__]
print(json.dumps({"modules": sorted(sys.modules), "built": sorted(built)}))
"""
    env = {**os.environ, "PYTHONPATH": str(PROJECT)}
    result = subprocess.run(
        [sys.executable, "-c", code + "\n" + report],
        capture_output=True, text=True, check=True, cwd=PROJECT, env=env,
    )
    return json.loads(result.stdout.splitlines()[-1])


def test_help_loads_neither_the_pipeline_nor_a_validator() -> None:
    """`--help` and shell completion (which runs the program on every Tab) stay light."""
    loaded = _after("from shapes_print.cli import main\nassert main(['build', '--help']) == 0")
    unused = {"shapes_print.pipeline", "shapes_print.load.models", "reportlab", "yaml", "svgwrite"}
    assert not unused & set(loaded["modules"])
    # Validators are built when a file is first validated, not when their module is imported.
    assert loaded["built"] == []


def test_a_pdf_build_loads_no_optional_library(tmp_path: Path) -> None:
    args = ["build", "pass-and-pick", "--players", "4", "--paper", "a4", "--out", str(tmp_path)]
    loaded = _after(f"from shapes_print.cli import main\nassert main({args!r}) == 0")
    assert not NOT_FOR_A_PDF_BUILD & set(loaded["modules"])
    assert "shapes_print.render.pdf" in loaded["modules"]
    written = list((tmp_path / "pass-and-pick" / "a4" / "4-players").iterdir())
    assert written and {path.suffix for path in written} == {".pdf"}
