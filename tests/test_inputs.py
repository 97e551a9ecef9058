"""The one reader of outside files (`read_input`) and safe error lines (`shown`), issue 32."""

from __future__ import annotations

import ast
import hashlib
import os
import threading
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shapes_print.errors import Source, UserError, quoted, shown
from shapes_print.inputs import read_input, recording

PACKAGE = Path(__file__).resolve().parents[1] / "shapes_print"


def test_a_regular_file_is_read_once_and_noted_by_its_digest(tmp_path: Path) -> None:
    path = tmp_path / "a.txt"
    path.write_bytes(b"hello")
    with recording() as read:
        file = read_input(path, 5)
    assert file.data == b"hello"
    assert read.files == {path: file.sha256}


def test_a_large_file_read_again_is_compared_by_its_bytes(tmp_path: Path) -> None:
    """A font-sized file read again with the same bytes is the file read before, SHA-256
    and all; changed in place, same size, one byte, it is its new bytes and digest."""
    path = tmp_path / "font.ttf"
    before = bytes(range(256)) * 1024  # 256 KiB
    path.write_bytes(before)
    first = read_input(path, len(before))
    assert read_input(path, len(before)) is first
    after = before[:-1] + b"\x00"
    path.write_bytes(after)
    with recording() as read:
        changed = read_input(path, len(after))
    assert changed.data == after and changed != first
    assert read.files == {path: hashlib.sha256(after).hexdigest()} == {path: changed.sha256}


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda p: os.mkfifo(p), "is a FIFO (named pipe), not a file"),
        (lambda p: p.mkdir(), "is a folder, not a file"),
        (lambda p: p.symlink_to("/dev/zero"), "leads out of its folder"),
        (lambda p: p.symlink_to(p.parent.parent / "outside.txt"), "leads out of its folder"),
        (lambda p: p.write_bytes(b"x" * 11), "is 11 bytes, over the limit of 10 bytes for a file"),
        (lambda p: None, "file not found"),
        (lambda p: p.symlink_to(p), "cannot be read"),
    ],
)
def test_anything_but_a_regular_file_within_its_limit_is_one_line(
    tmp_path: Path, make, message: str
) -> None:
    folder = tmp_path / "inside"
    folder.mkdir()
    (tmp_path / "outside.txt").write_text("outside")
    path = folder / "input"
    make(path)
    with pytest.raises(UserError) as error:
        read_input(path, 10)
    line = error.value.line()
    assert line.startswith(f"{path}: ") and message in line, line
    assert "\n" not in line


def test_a_link_to_a_device_inside_an_allowed_root_is_still_refused(tmp_path: Path) -> None:
    """`/dev/zero` reached with /dev as the root: the open file is checked, not its name."""
    with pytest.raises(UserError, match="is a device, not a file"):
        read_input(Path("/dev/zero"), 10, root=Path("/dev"))


def test_a_link_inside_its_folder_is_read(tmp_path: Path) -> None:
    (tmp_path / "real.txt").write_text("real")
    (tmp_path / "link.txt").symlink_to("real.txt")
    assert read_input(tmp_path / "link.txt", 10).data == b"real"


def test_a_file_growing_while_it_is_read_stops_at_the_limit(tmp_path: Path) -> None:
    """A FIFO is refused; a regular file can still grow after its size was checked: the
    reading itself stops one byte past the limit."""
    path = tmp_path / "growing"
    path.write_bytes(b"")
    stop = threading.Event()

    def grow() -> None:
        with path.open("ab") as handle:
            while not stop.is_set():
                handle.write(b"x" * 65536)
                handle.flush()

    writer = threading.Thread(target=grow)
    writer.start()
    try:
        while path.stat().st_size < 1 << 20:
            pass
        with pytest.raises(UserError, match="over the limit of 512 KiB"):
            read_input(path, 1 << 19)
    finally:
        stop.set()
        writer.join()


def test_the_place_and_the_name_as_written_go_in_the_message(tmp_path: Path) -> None:
    where = Source(tmp_path / "deck.yaml", 3, 5)
    with pytest.raises(UserError) as error:
        read_input(tmp_path / "art/x.png", 10, where, what="picture", shown="art/x.png")
    assert error.value.line() == f"{tmp_path}/deck.yaml:3:5: picture art/x.png: not found"


UNSAFE_CATEGORIES = {"Cc", "Zl", "Zp", "Cs"}


@settings(max_examples=300, deadline=None)
@given(name=st.text(), message=st.text())
def test_an_error_line_never_carries_a_control_character(name: str, message: str) -> None:
    line = UserError(Source(Path(name.replace("\0", "") or "x"), 2, 3), message).line()
    for ch in line:
        if ch != "\n":
            assert unicodedata.category(ch) not in UNSAFE_CATEGORIES, repr(ch)
            assert not "\u202a" <= ch <= "\u202e" and not "\u2066" <= ch <= "\u2069"
    assert "\n" not in str(Source(Path(name.replace("\0", "") or "x")))


def test_escapes_are_readable() -> None:
    assert shown("x\x1b[31mRED\x1b]0;t\x07.csv") == "x\\x1b[31mRED\\x1b]0;t\\x07.csv"
    assert shown("SUN \u202e1\u2028") == "SUN \\u202e1\\u2028"
    assert shown("Größe ♥ 5") == "Größe ♥ 5"


def test_a_quoted_text_shows_its_no_break_spaces_as_spaces_and_names_them() -> None:
    """A translation's no-break spaces are on purpose: an error line quotes the text as it
    reads, naming them, not as Python's escapes ('papier\\xa0ordinaire')."""
    assert quoted("papier\u00a0ordinaire") == "'papier ordinaire' (with a no-break space)"
    assert quoted("50\u00a0mm\u202f: vérifiez") == (
        "'50 mm : vérifiez' (with a no-break space and a narrow no-break space)"
    )
    assert quoted("plain words") == "'plain words'"


# Reading outside files goes through read_input: nothing else opens a file the user named.
RAW_READS = {"read_bytes", "read_text", "open"}
# Modules that read no user input with these: their own package data, output they wrote,
# or an input already bounded by read_input (the manifest's files by `sha256`).
ALLOWED = {
    "inputs.py",  # the reader itself
    "fingerprints.py",  # hashing this program's own source
    "text/message.py",  # a YAML file's line again, for a message, after it was read
    "load/press.py",  # the print-shop colour profile shipped with the package
    "render/pdf/pdfx.py",  # likewise
    "reference/schemas.py",  # the shipped words list
    "pipeline/preview.py",  # a PDF this build wrote
    "commands/serve.py",  # a preview picture this build wrote
    "commands/newgame.py",  # the shipped example game, and files of the staging copy
    "write/manifest.py",  # output files, opened after their kind was checked (lstat)
    "write/catalogue.py",  # thumbnails and documents.json: output
    "write/thumbnail.py",  # a thumbnail it writes, of a PDF this build wrote
    "write/write.py",  # output
    "write/create.py",  # writes new files
    "write/swap.py",
    "write/uptodate.py",
    "load/sheetbounds.py",  # the parts of a workbook already in memory
    "load/formulas.py",  # likewise: a sheet part of the workbook read_input gave
}


def _in_memory(call: ast.Call) -> bool:
    """`Image.open(io.BytesIO(data))`: bytes read_input gave, opened as a file."""
    first = call.args[0] if call.args else None
    return isinstance(first, ast.Call) and ast.unparse(first.func).endswith("BytesIO")


def test_no_module_but_the_reader_opens_an_outside_file_itself() -> None:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        name = path.relative_to(PACKAGE).as_posix()
        if name in ALLOWED:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            called = isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute | ast.Name)
            if called:
                attribute = node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id
                if (attribute in RAW_READS or attribute == "from_path") and not _in_memory(node):
                    found.append(f"{name}:{node.lineno}: {attribute}(")
    assert found == []


def test_no_module_imports_a_package_a_label_set_names() -> None:
    """importlib's finders import a dotted name's parent (running its code): the package's
    code never uses them; `package:` fonts come from importlib.metadata."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [f"{node.module}.{alias.name}" for alias in node.names]
            for imported in names:
                if (
                    imported.startswith(
                        ("importlib.util", "importlib.import_module", "importlib.resources")
                    )
                    or imported == "importlib"
                ):
                    found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}: {imported}")
            if isinstance(node, ast.Attribute) and node.attr in (
                "import_module",
                "find_spec",
                "__import__",
            ):
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}: {node.attr}")
    assert found == []
