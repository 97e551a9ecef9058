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

from shapes_print.commands import entry
from shapes_print.load.defaults import PROJECT

# SVG output, previews and what draws on a terminal (rich): a plain PDF build piped to a
# log needs none of them. pdfium draws the catalogue's thumbnail of each new PDF only.
NOT_FOR_A_PDF_BUILD = {"svgwrite", "rich", "typer.rich_utils"}


def _after(code: str) -> dict[str, list[str]]:
    """Run `code` in a fresh interpreter; the modules it loaded and the project's pydantic
    models whose validators were built (the modules counted before this reads them). Where
    the command never imported pydantic no model exists, so none is built: importing it
    only to look would cost each such run a tenth of a second."""
    report = """
import json, sys
modules = sorted(sys.modules)
def subclasses(cls):
    for sub in cls.__subclasses__():
        yield sub
        yield from subclasses(sub)
built = []
if "pydantic" in sys.modules:
    built = [m.__name__ for m in subclasses(sys.modules["pydantic"].BaseModel)
             if m.__module__.startswith("shapes_print") and m.__pydantic_complete__]
print(json.dumps({"modules": modules, "built": sorted(built)}))
"""
    env = {**os.environ, "PYTHONPATH": str(PROJECT)}
    result = subprocess.run(
        [sys.executable, "-c", code + "\n" + report],
        capture_output=True,
        text=True,
        check=True,
        cwd=PROJECT,
        env=env,
    )
    return json.loads(result.stdout.splitlines()[-1])


def test_help_loads_neither_the_pipeline_nor_a_validator() -> None:
    """`--help` and shell completion (which runs the program on every Tab) stay light."""
    loaded = _after(
        "from shapes_print.commands.cli import main\nassert main(['build', '--help']) == 0"
    )
    unused = {
        "shapes_print.pipeline.pipeline",
        "shapes_print.load.models",
        "reportlab",
        "yaml",
        "svgwrite",
    }
    assert not unused & set(loaded["modules"])
    # Validators are built when a file is first validated, not when their module is imported.
    assert loaded["built"] == []


# What none of the light commands may load: the pipeline and the PDF writer, pdfium, Babel
# (its locale data comes with it), the libraries of the model set, and the reportlab floor.
NOT_FOR_A_LIGHT_COMMAND = {
    "shapes_print.pipeline.pipeline",
    "shapes_print.pipeline.project",
    "shapes_print.render.pdf",
    "shapes_print.write.write",
    "shapes_print.load.content",
    "shapes_print.load.models",
    "shapes_print.load.labels",
    "pypdfium2",
    "babel",
    "fontTools",
    "reportlab",
    "svgwrite",
    "rich",  # off a terminal: help and tables are plain text
}


def _loaded_by(*args: str) -> dict[str, list[str]]:
    """What the command loads in a fresh interpreter, once it has succeeded."""
    return _after(f"from shapes_print.commands.cli import main\nassert main({list(args)!r}) == 0")


def test_help_and_list_load_no_model_and_no_writer() -> None:
    for args in (["--help"], ["list"], ["list", "--json"]):
        loaded = _loaded_by(*args)
        assert not NOT_FOR_A_LIGHT_COMMAND & set(loaded["modules"]), args
        assert loaded["built"] == [], args


def test_the_installed_command_lists_without_typer_or_pydantic(tmp_path: Path) -> None:
    """The entry point reads `list`, `new` and `schema` itself (commands/quick.py): typer
    would build a pydantic validator for each of their options, and importing pydantic
    costs more than `list` in all. (`schema` is kept in the cache folder from a first run,
    made here: which modules that run loads is test_schema_kept_from_an_earlier_run's.)"""
    assert entry.main(["schema", "--out", str(tmp_path / "first")]) == 0
    for args in (
        ["list"],
        ["list", "--json", "--content", str(PROJECT / "content")],
        ["new", "my-game", "--content", str(tmp_path / "content")],
        ["schema", "--out", str(tmp_path / "again")],
    ):
        loaded = _after(f"from shapes_print.commands.entry import main\nassert main({args!r}) == 0")
        unused = NOT_FOR_A_LIGHT_COMMAND | {"typer", "pydantic", "shapes_print.commands.cli"}
        assert not unused & set(loaded["modules"]), args
    # Whatever it does not read itself goes to typer.
    loaded = _after("from shapes_print.commands.entry import main\nassert main(['--help']) == 0")
    assert "shapes_print.commands.cli" in loaded["modules"]


def test_new_loads_no_model_and_no_writer(tmp_path: Path) -> None:
    loaded = _loaded_by("new", "my-game", "--content", str(tmp_path / "content"))
    assert (tmp_path / "content" / "my-game" / "game.yaml").is_file()
    assert not NOT_FOR_A_LIGHT_COMMAND & set(loaded["modules"])
    assert loaded["built"] == []


def test_schema_kept_from_an_earlier_run_loads_no_model(tmp_path: Path) -> None:
    """The first `schema` builds every model to write the files; the next takes them from
    the cache folder (reference/schemacache.py) the test's environment points at."""
    first = _loaded_by("schema", "--out", str(tmp_path / "first"))
    assert "shapes_print.load.models" in first["modules"]
    again = _loaded_by("schema", "--out", str(tmp_path / "again"))
    assert not NOT_FOR_A_LIGHT_COMMAND & set(again["modules"])
    assert again["built"] == []
    assert (tmp_path / "again" / "game.schema.json").read_bytes() == (
        tmp_path / "first" / "game.schema.json"
    ).read_bytes()


def test_a_pdf_build_loads_no_optional_library(tmp_path: Path) -> None:
    args = ["build", "pass-and-pick", "--players", "4", "--paper", "a4", "--out", str(tmp_path)]
    loaded = _after(f"from shapes_print.commands.cli import main\nassert main({args!r}) == 0")
    assert not NOT_FOR_A_PDF_BUILD & set(loaded["modules"])
    assert (
        "shapes_print.load.conditions" not in loaded["modules"]
    )  # pass-and-pick has no conditions
    assert "shapes_print.render.pdf" in loaded["modules"]
    written = list((tmp_path / "pass-and-pick" / "a4" / "4-players").iterdir())
    assert written and {path.suffix for path in written} == {".pdf"}
    # The same kit again: the same bytes, so every thumbnail is kept and pdfium not loaded.
    loaded = _after(f"from shapes_print.commands.cli import main\nassert main({args!r}) == 0")
    assert not (NOT_FOR_A_PDF_BUILD | {"pypdfium2"}) & set(loaded["modules"])


def test_over_two_processes_the_workers_draw_the_thumbnails_and_the_parent_loads_no_pdfium(
    tmp_path: Path,
) -> None:
    """Each worker draws the thumbnail of each new PDF it rendered, from its bytes: the
    parent process, which renders and draws none, never loads pdfium."""
    args = ["build", "pass-and-pick", "--players", "3-4", "--paper", "a4", "--jobs", "2"]
    code = f"from shapes_print.commands.cli import main\nassert main({[*args, '--out', str(tmp_path)]!r}) == 0"
    loaded = _after(code)
    assert "pypdfium2" not in loaded["modules"]
    manifest = json.loads((tmp_path / "manifest.json").read_text())["files"]
    pdfs = {entry["sha256"] for name, entry in manifest.items() if name.endswith(".pdf")}
    thumbnails = json.loads((tmp_path / "_thumbnails" / "documents.json").read_text())
    assert len(pdfs) > 1 and set(thumbnails) == pdfs
    assert all((tmp_path / "_thumbnails" / t["file"]).is_file() for t in thumbnails.values())


def _command(tmp_path: Path, before: str, *args: str) -> subprocess.CompletedProcess[str]:
    """The installed command's entry point, `entry.run`, in a fresh interpreter, with `before`
    run first and an exit handler that says whether the interpreter tore itself down."""
    code = f"""
import atexit, sys
atexit.register(print, "torn down")
{before}
from shapes_print.commands.entry import run
sys.argv = ["shapes-print", *{list(args)!r}]
run()
"""
    env = {**os.environ, "PYTHONPATH": str(PROJECT)}
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, env=env
    )


def test_the_command_exits_at_once_with_everything_written(tmp_path: Path) -> None:
    done = _command(
        tmp_path, "", "build", "pass-and-pick", "--players", "4", "--paper", "a4", "--out", "out"
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == f"written to {(tmp_path / 'out').resolve()}"  # flushed
    assert "torn down" not in done.stdout
    assert len(list((tmp_path / "out" / "pass-and-pick" / "a4" / "4-players").glob("*.pdf"))) == 6
    refused = _command(tmp_path, "", "build", "no-such-game", "--out", "out")
    assert (refused.returncode, refused.stdout) == (2, "")
    assert refused.stderr.startswith("unknown game 'no-such-game'")


def test_under_a_tracer_the_command_exits_as_usual(tmp_path: Path) -> None:
    """Coverage and profilers write their reports as the interpreter exits."""
    done = _command(tmp_path, "sys.settrace(lambda *_: None)", "list")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "torn down"
