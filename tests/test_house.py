"""The house: every module in its stage's folder, no import loops, nothing reaching back up.

Read from the source with `ast` (tests/packageread.py), every import counts: at the top,
inside a function, or under `TYPE_CHECKING`. A merge that brings back a loop or an upward
import fails here, naming the file, the line and the import.
"""

from __future__ import annotations

import ast

import pytest

from tests.packageread import (
    MODULES,
    PACKAGE,
    Function,
    Import,
    every_import,
    functions_of,
    imported_test_modules,
    imports_of,
    may_import_a_test,
    module_state,
    pdfium_drawing,
    unbounded_memos,
)

# What every stage may import, each only those before it: errors and units, the limits
# table, the work done on files told to whoever listens, the one reader of outside files
# (with the record of what was read), a kit's fingerprint and this program's, what one
# build remembers, and the cache folder.
FOUNDATIONS = (
    "errors",
    "units",
    "limits",
    "workdone",
    "inputs",
    "fingerprints",
    "buildcache",
    "cachefolder",
)
ENTRY_POINTS = ("__init__", "__main__")
# The stages in pipeline order: each imports only the foundations and the stages before it.
STAGES = (
    "geometry",  # primitives, outlines, SVG path data: plain data in points
    "text",  # messages, words, fonts, fitting
    "braille",  # text into braille cells
    "load",  # YAML, pictures, spreadsheets -> typed models
    "kit",  # what one kit prints: its numbers, names, label set applied, contrast
    "plan",  # documents -> pages of placed primitives
    "render",  # pages -> PDF, SVG, PNG bytes
    "write",  # staging, manifest, catalogue
    "pipeline",  # the pipeline over a whole request, and previews
    "reference",  # JSON Schemas and docs/reference.md
    "commands",  # the command line: parse, call, report
)
MAX_LINES = 400
# The one module that draws a PDF's pages as pictures; pdfium's drawing calls belong to it.
RASTERISER = "shapes_print.render.raster"


def room(name: str) -> str:
    """The stage or foundation a module belongs to: the folder under shapes_print/, or the
    top-level module's own name."""
    return name.split(".")[1] if "." in name else name


def rank(name: str) -> int:
    """Foundations first (in their order), then the stages in pipeline order."""
    order = (*FOUNDATIONS, *STAGES)
    return order.index(room(name))


def test_nothing_lies_flat_at_the_top_but_entry_points_and_foundations() -> None:
    top = [p.stem for p in PACKAGE.glob("*.py")]
    strays = sorted(set(top) - {*FOUNDATIONS, *ENTRY_POINTS})
    assert not strays, f"modules at shapes_print/'s top that are not foundations: {strays}"
    folders = sorted(p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file())
    assert folders == sorted(STAGES), "every stage folder is declared in STAGES, in order"


def test_every_stage_says_what_it_takes_and_gives() -> None:
    for stage in STAGES:
        doc = ast.get_docstring(ast.parse((PACKAGE / stage / "__init__.py").read_text()))
        assert doc and "Input:" in doc and "Output:" in doc, f"{stage}/__init__.py docstring"


def test_no_import_reaches_back_up() -> None:
    upward = [
        str(found)
        for found in every_import()
        if room(found.importer) not in ENTRY_POINTS and rank(found.imported) > rank(found.importer)
    ]
    assert not upward, "imports from a later stage:\n" + "\n".join(upward)


def test_no_two_modules_import_each_other_however_far_round() -> None:
    graph: dict[str, list[Import]] = {name: [] for name in MODULES}
    for found in every_import():
        graph[found.importer].append(found)
    loops = []
    state: dict[str, int] = {}  # 1 on the current path, 2 done

    def visit(name: str, path: list[Import]) -> None:
        state[name] = 1
        for found in graph[name]:
            if state.get(found.imported) == 1:
                start = next(i for i, f in enumerate(path) if f.importer == found.imported)
                loops.append(" -> ".join(str(f) for f in [*path[start:], found]))
            elif found.imported not in state:
                visit(found.imported, [*path, found])
        state[name] = 2

    for name in MODULES:
        if name not in state:
            visit(name, [])
    assert not loops, "import loops:\n" + "\n".join(loops)


def test_one_rasteriser_draws_every_picture_of_a_page() -> None:
    """Previews, thumbnails, print-shop pictures and Tabletop Simulator sheets all come from
    render/raster.py, so they round, fill and encode alike: a second drawer fails here."""
    assert pdfium_drawing(RASTERISER), "the rasteriser itself is seen drawing"
    others = [found for name in MODULES if name != RASTERISER for found in pdfium_drawing(name)]
    assert not others, "pdfium drawn outside render/raster.py:\n" + "\n".join(others)


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_module_is_over_400_lines(name: str) -> None:
    lines = len(MODULES[name].read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{MODULES[name]} has {lines} lines; split it along its seams"


# The tests are held to the same length: a test module over 400 lines is split by subject,
# what two of its parts share put in a module of its own under tests/.
TESTS = PACKAGE.parent / "tests"


def test_no_test_module_is_over_400_lines() -> None:
    long = sorted(
        path.relative_to(PACKAGE.parent).as_posix()
        for path in TESTS.rglob("*.py")
        if len(path.read_text(encoding="utf-8").splitlines()) > MAX_LINES
    )
    assert not long, f"test modules over {MAX_LINES} lines; split them by subject: {long}"


# A test module shares nothing with another by being imported: pytest would collect the
# tests an import brings in twice, and one file's change would break the other's. What two
# share is in a plain module under tests/ (labelsets.py, newgame.py, ...).
def test_no_test_module_imports_another() -> None:
    texts = {path: path.read_text(encoding="utf-8") for path in sorted(TESTS.rglob("*.py"))}
    own = frozenset(path.stem for path in texts)
    importing = [
        f"{path.relative_to(PACKAGE.parent).as_posix()}:{found}"
        for path, text in texts.items()
        if may_import_a_test(text)
        for found in imported_test_modules(text, own)
    ]
    assert not importing, "share through a plain module under tests/:\n" + "\n".join(importing)


def test_the_test_import_check_sees_each_way_of_importing_a_test_module() -> None:
    own = frozenset({"test_atomic_output", "labelsets"})
    seen = "from tests.load.test_pictures import example\nfrom tests.write import test_hashes\n"
    seen += "import tests.plan.test_calibrate\nfrom .test_shapes import sampled\n"
    seen += "from test_atomic_output import snapshot\n"
    lines = [found.split(":")[0] for found in imported_test_modules(seen, own)]
    assert lines == ["1", "2", "3", "4", "5"]
    plain = "from tests.labelsets import SETS\nimport labelsets\nimport test_data\n"
    assert imported_test_modules(plain, own) == []
    parenthesised = "from tests.write import (\n    test_hashes,\n)\n"
    lines = [*seen.splitlines(), parenthesised]
    assert all(may_import_a_test(line) for line in lines), "each file is parsed"


def test_the_checks_see_an_upward_import_and_a_loop() -> None:
    """The rules above can fail: a made-up load -> plan import is upward, and a pair
    importing each other is a loop."""
    assert rank("shapes_print.plan.cards") > rank("shapes_print.load.models")
    assert rank("shapes_print.errors") < rank("shapes_print.geometry.primitives")
    assert room("shapes_print.pipeline.pipeline") == "pipeline"
    names = {found.imported for found in imports_of("shapes_print.commands.cli")}
    assert "shapes_print.pipeline.pipeline" in names, "imports inside functions are read too"


# A function does one thing that fits on a screen, in every module; and in these stages,
# what travels together travels as one named type (a context, a Struct), not as a long list
# of parameters (commands/ keeps one parameter per option).
SHORT_FUNCTION_STAGES = ("plan", "kit", "load")
MAX_FUNCTION_LINES = 60
MAX_PARAMETERS = 6  # self and cls aside; keyword-only ones count

FUNCTIONS = [function for name in MODULES for function in functions_of(name)]


def over_the_limits(functions: list[Function]) -> list[str]:
    """Each function over 60 lines (in any stage) or 6 parameters (in plan/, kit/ and
    load/), with its place and what to do."""
    found = []
    for function in functions:
        where = f"{function.path.relative_to(PACKAGE.parent)}:{function.line}: {function.name}"
        if function.lines > MAX_FUNCTION_LINES:
            found.append(
                f"{where} has {function.lines} lines: split it into functions that each do one thing"
            )
        stage = room(function.name.split(":")[0])
        if function.parameters > MAX_PARAMETERS and stage in SHORT_FUNCTION_STAGES:
            found.append(
                f"{where} takes {function.parameters} parameters: pass what travels together as "
                "one named type (the kit's KitContext, a Struct of its own), not one by one"
            )
    return found


def test_no_function_is_over_60_lines_or_6_parameters() -> None:
    over = over_the_limits(FUNCTIONS)
    assert not over, "functions over the house's limits:\n" + "\n".join(over)


def test_the_limits_see_a_long_function_and_a_long_parameter_list() -> None:
    """The rule above can fail: a made-up function of 61 lines and 7 parameters is named."""
    path = PACKAGE / "plan" / "kit.py"
    made_up = Function("shapes_print.plan.kit:made_up", path, 1, 61, 7)
    assert len(over_the_limits([made_up])) == 2
    assert FUNCTIONS, "the functions of plan/, kit/ and load/ are read"
    elsewhere = Function("shapes_print.render.pdf:made_up", path, 1, 61, 7)
    assert len(over_the_limits([elsewhere])) == 1  # any stage's length; plan/'s parameters


# The load/ modules that read files: each imports `inputs`, the one reader of outside files.
# Planning reads none of them: a kit's templates, pictures, icons and fonts are loaded (in
# load/ or kit/) before plan/ lays them out.
FILE_READERS = tuple(
    f"shapes_print.load.{name}"
    for name in (
        "content",
        "decks",
        "labelfiles",
        "labels",
        "listing",
        "pictures",
        "pofile",
        "press",
        "shapes",
        "spreadsheet",
        "svgfile",
        "templates",
        "yamlkept",
        "yamlsrc",
    )
)
INPUTS = "shapes_print.inputs"
# plan/ modules that still import a reader (or `inputs`), to be moved or given what they
# read already loaded: this list only shrinks.
PLAN_STILL_READS: set[tuple[str, str]] = set()
# plan/ modules that still make or keep load models (a `model_copy` of one, an entry in
# LoadedGame.drawn): to be made in load/ or kit/ and handed over. This list only shrinks.
PLAN_STILL_WRITES: set[str] = set()
PLAN_MODULES = sorted(name for name in MODULES if room(name) == "plan")


def test_the_file_readers_are_the_load_modules_that_import_inputs() -> None:
    readers = sorted(
        name
        for name in MODULES
        if room(name) == "load" and any(f.imported == INPUTS for f in imports_of(name))
    )
    assert readers == sorted(FILE_READERS), "FILE_READERS names every load/ module reading files"


def _reads(name: str) -> set[tuple[str, str]]:
    return {
        (name, found.imported)
        for found in imports_of(name)
        if found.imported == INPUTS or found.imported in FILE_READERS
    }


@pytest.mark.parametrize("name", PLAN_MODULES)
def test_planning_reads_no_file(name: str) -> None:
    reading = sorted(f"{n} imports {m}" for n, m in _reads(name) - PLAN_STILL_READS)
    assert not reading, (
        f"{reading}: plan/ lays out what load/ and kit/ have read; read it there (a resolved "
        "template, a picture read through inputs.py) and hand it to the planner in its context"
    )


def _writes(name: str) -> list[str]:
    """Where a module makes a load model anew (`model_copy`) or keeps something in one
    (`.drawn`, LoadedGame's memo): each as `line: what`."""
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    called = {id(node.func) for node in ast.walk(tree) if isinstance(node, ast.Call)}
    return [
        f"{node.lineno}: .{node.attr}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and (node.attr == "model_copy" or (node.attr == "drawn" and id(node) not in called))
    ]


@pytest.mark.parametrize("name", [n for n in PLAN_MODULES if n not in PLAN_STILL_WRITES])
def test_planning_writes_no_load_model(name: str) -> None:
    writes = _writes(name)
    assert not writes, (
        f"{MODULES[name]}: {writes}: a template resized, a layout changed or a memo kept in "
        "LoadedGame is loading; make it in load/ or kit/ and hand it to plan/ resolved"
    )


def test_the_known_planning_reads_and_writes_are_still_there() -> None:
    """A read or write moved out of plan/ leaves its list, so the lists shrink."""
    reads = {pair for name in PLAN_MODULES for pair in _reads(name)}
    assert not PLAN_STILL_READS - reads, sorted(PLAN_STILL_READS - reads)
    stale = sorted(name for name in PLAN_STILL_WRITES if not _writes(name))
    assert not stale, f"no longer writing load models, take them out of PLAN_STILL_WRITES: {stale}"


# Module-level tables that change as the program runs and are not caches, each with why it
# belongs to the process rather than to a build. Work a build would otherwise do again is
# kept in the build's cache (buildcache.py), carried in the contexts the stages read, or,
# for a function pure in its arguments, in a bounded functools.lru_cache. This list only
# shrinks.
MODULE_STATE = {
    "shapes_print.text.fonts._LOADED": "fonts by the name the plan gives them, which is "
    "made from their bytes: how a renderer finds a text's font, never stale",
    "shapes_print.load.yamlkept._PRUNED": "the cache folder pruned once per process",
    "shapes_print.write.forked._TASKS": "the batch under way, inherited by the workers it forks",
    "shapes_print.write.write._LOCK_HELD": "the build lock's descriptor while it is held",
}


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_module_keeps_a_cache_of_its_own(name: str) -> None:
    known = {key.rpartition(".")[2] for key in MODULE_STATE if key.rpartition(".")[0] == name}
    state = module_state(MODULES[name].read_text(encoding="utf-8"))
    kept = {what: line for what, line in state.items() if what not in known}
    path = MODULES[name].relative_to(PACKAGE.parent)
    assert not kept, (
        f"{path}: {', '.join(f'{what} (line {line})' for what, line in kept.items())} "
        "changes as the program runs, outliving the build that filled it: keep work a build "
        "would do again in its BuildCache (buildcache.py: a Region, carried in KitContext), "
        "or, for a function pure in its arguments, in a bounded functools.lru_cache"
    )


# Planning's memos are keyed by the documents it plans, which a `watch` or `serve` session
# makes without end: each lets go of the oldest past its bound.
def test_every_memo_of_planning_is_bounded() -> None:
    unbounded = [
        f"{MODULES[name].relative_to(PACKAGE.parent)}:{found}"
        for name in PLAN_MODULES
        for found in unbounded_memos(MODULES[name].read_text(encoding="utf-8"))
    ]
    assert PLAN_MODULES and not unbounded, f"give each a maxsize: {unbounded}"


def test_the_memo_check_sees_an_unbounded_memo() -> None:
    source = "@cache\ndef a(): ...\n@functools.lru_cache(maxsize=None)\ndef b(): ...\n"
    source += "@lru_cache(None)\ndef c(): ...\n@lru_cache(maxsize=4096)\ndef d(): ...\n"
    source += "@lru_cache\ndef e(): ...\n"
    assert unbounded_memos(source) == ["2: a", "4: b", "6: c"]


def test_the_known_module_state_is_still_there() -> None:
    """State taken out of a module leaves MODULE_STATE, so the list shrinks."""
    gone = []
    for key in MODULE_STATE:
        name, _, what = key.rpartition(".")
        if what not in module_state(MODULES[name].read_text(encoding="utf-8")):
            gone.append(key)
    assert not gone, f"no longer kept, take them out of MODULE_STATE: {gone}"


def test_the_state_check_sees_a_cache_and_passes_a_constant() -> None:
    """The rule above can fail: a dict filled by a function, a memo, a global and a mutable
    default are named; a constant table read by a function is not."""
    source = (
        "_SEEN: dict[str, int] = {}\n"
        "_MEMO = Memo(64)\n"
        "_NAMES = {'a': 1}\n"
        "_COUNT = 0\n"
        "def f(key, kept=[]):\n"
        "    global _COUNT\n"
        "    _SEEN[key] = _NAMES[key]\n"
        "    return _MEMO.keep(key, 1)\n"
    )
    assert set(module_state(source)) == {"_SEEN", "_MEMO", "_COUNT", "a default of f"}
