"""The package's own modules read from their source with `ast`, as the house rules
(tests/test_house.py) ask of them: every import between them with its line, the functions
each defines with their length and parameters, where a module draws with pdfium, what it
keeps at its top that changes as it runs, and its memos with no bound; and the test modules
a test file imports.
"""

from __future__ import annotations

import ast
import functools
import re
from dataclasses import dataclass
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "shapes_print"

# A pdfium page drawn (by pypdfium2 or its raw renderer), its bitmap read.
DRAWING = ("render", "FPDF_RenderPageBitmap", "to_pil", "to_numpy")


@dataclass(frozen=True, slots=True)
class Import:
    importer: str
    imported: str
    line: int

    def __str__(self) -> str:
        path = module_path(self.importer).relative_to(PACKAGE.parent)
        return f"{path}:{self.line}: imports {self.imported}"


def module_name(path: Path) -> str:
    parts = path.with_suffix("").relative_to(PACKAGE.parent).parts
    return ".".join(parts).removesuffix(".__init__")


def module_path(name: str) -> Path:
    path = PACKAGE.parent.joinpath(*name.split("."))
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def imports_of(name: str) -> list[Import]:
    """The package's own modules `name` imports, each with its line."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets: list[str] = []
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, *([base] if base else [])])
            targets = [
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base
                for alias in node.names
            ]
        elif isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        found += [
            Import(name, target, node.lineno)
            for target in dict.fromkeys(targets)
            if target in MODULES and target != name
        ]
    return found


@functools.cache
def every_import() -> tuple[Import, ...]:
    """Every import between the package's modules: read when a test asks, so a worker
    that runs none of these tests does not parse the package."""
    return tuple(found for name in MODULES for found in imports_of(name))


def pdfium_drawing(name: str) -> list[str]:
    """Where a module that imports pypdfium2 draws a page or reads a bitmap: calls of
    `.render()`, `.FPDF_RenderPageBitmap()`, `.to_pil()` or `.to_numpy()` (any other
    module's `render` is its own)."""
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    imported = {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    } | {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    if not any(str(module).split(".")[0] == "pypdfium2" for module in imported):
        return []
    return [
        f"{module_path(name).relative_to(PACKAGE.parent)}:{node.lineno}: .{node.func.attr}()"
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in DRAWING
    ]


@dataclass(frozen=True, slots=True)
class Function:
    name: str  # module:qualified name
    path: Path
    line: int
    lines: int
    parameters: int

    def __str__(self) -> str:
        return self.name


def functions_of(name: str) -> list[Function]:
    """Every function and method `name` defines, however deep, with its length and the
    number of its parameters (self and cls aside)."""
    path, found = MODULES[name], []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                args = child.args
                named = [a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)]
                if prefix and named[:1] in (["self"], ["cls"]):
                    named = named[1:]
                count = len(named) + bool(args.vararg) + bool(args.kwarg)
                lines = (child.end_lineno or child.lineno) - child.lineno + 1
                qualified = f"{prefix}{child.name}"
                found.append(Function(f"{name}:{qualified}", path, child.lineno, lines, count))
                visit(child, f"{qualified}.")
            elif isinstance(child, ast.ClassDef):
                visit(child, f"{prefix}{child.name}.")

    visit(ast.parse(path.read_text(encoding="utf-8")), "")
    return found


def imported_test_modules(source: str, own: frozenset[str]) -> list[str]:
    """Each `test_*` module of ours the source imports, with its line: under `tests.`, by a
    relative import, or bare by its file name (`own`), as pytest's sys.path lets a test."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and (node.level or node.module):
            base = "." * node.level + (node.module or "")
            names = [base, *(f"{base}.{alias.name}" for alias in node.names)]
        else:
            continue
        ours = [n for n in names if n.startswith((".", "tests.")) or n.split(".")[0] in own]
        found += [
            f"{node.lineno}: {name}"
            for name in ours
            if any(part.startswith("test_") for part in name.split("."))
        ][:1]
    return found


# A line that may import a `test_*` module, alone or inside an import's parentheses.
_MAY_IMPORT_A_TEST = re.compile(r"^\s*(?:from|import)\b.*\btest_|^\s+test_\w+,?\s*$", re.M)


def may_import_a_test(source: str) -> bool:
    """Whether the source has a line that may import a `test_*` module: only such files
    need parsing (parsing every test file costs about 0.7 s of CPU)."""
    return _MAY_IMPORT_A_TEST.search(source) is not None


def unbounded_memos(source: str) -> list[str]:
    """Each function the source keeps a functools memo of with no bound, as `line: name`:
    `@cache`, or `@lru_cache(maxsize=None)` (a bare `@lru_cache` keeps 128)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for decorator in node.decorator_list:
            called = decorator.func if isinstance(decorator, ast.Call) else decorator
            memo = called.id if isinstance(called, ast.Name) else getattr(called, "attr", "")
            bounds = [
                *(decorator.args[:1] if isinstance(decorator, ast.Call) else []),
                *(k.value for k in getattr(decorator, "keywords", ()) if k.arg == "maxsize"),
            ]
            none = any(isinstance(b, ast.Constant) and b.value is None for b in bounds)
            if memo == "cache" or (memo == "lru_cache" and none):
                found.append(f"{node.lineno}: {node.name}")
    return found


# What makes a mutable table: a display, a comprehension, or a call to one of these.
_TABLES = (ast.Dict, ast.List, ast.Set, ast.DictComp, ast.ListComp, ast.SetComp)
_TABLE_TYPES = {"dict", "list", "set", "bytearray", "defaultdict", "OrderedDict", "deque"}
_TABLE_TYPES |= {"Counter", "WeakValueDictionary", "WeakKeyDictionary", "Memo", "SameMemo"}
_TABLE_TYPES |= {"Bounded", "Pinned"}
# The methods that change a table (and `keep`, the memos' own).
_CHANGES = {"append", "add", "clear", "extend", "insert", "pop", "popitem", "remove"}
_CHANGES |= {"discard", "setdefault", "update", "keep", "appendleft", "sort", "reverse"}


def _callee(node: ast.AST) -> str:
    if not isinstance(node, ast.Call):
        return ""
    func = node.func
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")


def _a_table(value: ast.AST | None) -> bool:
    return isinstance(value, _TABLES) or _callee(value) in _TABLE_TYPES


def module_state(source: str) -> dict[str, int]:
    """What a module's source keeps at its top that changes as it runs, by name with its
    line: a table made there (a dict, a list, a memo) that a function changes; any cache
    object made there (a BuildCache, whatever its name ends in Cache); a name a function
    rebinds (`global`); and a function's mutable default, kept from call to call."""
    tree = ast.parse(source)
    tables, found = {}, {}
    for node in tree.body:
        value = node.value if isinstance(node, ast.Assign | ast.AnnAssign) else None
        targets = node.targets if isinstance(node, ast.Assign) else [getattr(node, "target", None)]
        for target in targets:
            if isinstance(target, ast.Name) and _a_table(value):
                tables[target.id] = node.lineno
            if isinstance(target, ast.Name) and _callee(value).endswith("Cache"):
                found[target.id] = node.lineno
    for node in ast.walk(tree):
        if isinstance(node, ast.Global):
            found.update(dict.fromkeys(node.names, node.lineno))
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            defaults = [*node.args.defaults, *node.args.kw_defaults]
            if any(_a_table(default) for default in defaults):
                found[f"a default of {getattr(node, 'name', 'lambda')}"] = node.lineno
        changed = None
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store | ast.Del):
            changed = node.value
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", None) in _CHANGES:
            changed = node.func.value  # type: ignore[attr-defined]
        if isinstance(changed, ast.Name) and changed.id in tables:
            found[changed.id] = tables[changed.id]
    return found
