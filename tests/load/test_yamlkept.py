"""YAML files parsed before, kept in the cache folder by their bytes (load/yamlkept.py):
the Document kept is the Document parsed, a process that finds every file kept never
imports PyYAML, and an entry that is damaged, or a file that did not parse, is no entry.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from shapes_print.cachefolder import cache_folder
from shapes_print.errors import Source, UserError
from shapes_print.inputs import read_input
from shapes_print.load import yamlkept, yamlsrc
from shapes_print.load.defaults import DEFAULT_CONTENT, DEFAULT_LABELS, DEFAULT_TEMPLATES
from shapes_print.load.yamlparse import parse_yaml

SHIPPED = sorted(
    path
    for folder in (DEFAULT_CONTENT, DEFAULT_TEMPLATES, DEFAULT_LABELS)
    for path in folder.rglob("*.yaml")
)
# Every kind of value the parser gives: text, whole and other numbers (one past 64 bits),
# yes/no/null, a date (kept as text), whole-number keys, nesting and a message.
KINDS = """\
title: Caf\u00e9 \u2014 \u00e9t\u00e9
count: 3
price: 1.50
big: 123456789012345678901234567890
ratio: .inf
flag: yes
nothing: ~
when: 2024-05-01
1: one
nested: {list: [1, "2", [3.5, false]], empty: {}}
said: "{count} cards"
"""


def kept_again(path: Path, locale: str | None = "en") -> yamlsrc.Document | None:
    digest = read_input(path, 1 << 21, noted=False).sha256
    return yamlkept.kept_document(path, digest, locale)


@pytest.mark.parametrize("text", [KINDS, "a: [1, 2]\nb: {c: d}\n"])
def test_the_document_kept_is_the_document_parsed(tmp_path: Path, text: str) -> None:
    path = tmp_path / "kinds.yaml"
    path.write_text(text, encoding="utf-8")
    parsed = parse_yaml(path, path.read_bytes(), "en")
    digest = read_input(path, 1 << 21, noted=False).sha256
    yamlkept.keep_document(parsed, digest, "en")
    kept = kept_again(path)
    if "big" in text:  # past 64 bits: msgpack cannot hold it, so the file is not kept
        assert kept is None
        return
    assert kept is not None
    assert (kept.path, kept.data, kept.marks, kept.unquoted) == (
        parsed.path,
        parsed.data,
        parsed.marks,
        parsed.unquoted,
    )


def test_every_shipped_file_is_kept_as_parsed() -> None:
    assert len(SHIPPED) > 20
    for path in SHIPPED:
        parsed = parse_yaml(path, path.read_bytes(), None)
        digest = read_input(path, 1 << 21, noted=False).sha256
        yamlkept.keep_document(parsed, digest, None)
        kept = kept_again(path, None)
        assert kept is not None, path
        assert (kept.data, kept.marks, kept.unquoted) == (
            parsed.data,
            parsed.marks,
            parsed.unquoted,
        ), path
        assert [type(k) for k in kept.data] == [type(k) for k in parsed.data], path


def test_a_second_process_reads_kept_files_without_pyyaml(
    tmp_path: Path, own_cache_folder: Path
) -> None:
    path = tmp_path / "kinds.yaml"
    path.write_text(KINDS.replace("big: 123456789012345678901234567890\n", ""), "utf-8")
    script = (
        "import json, sys\n"
        "from pathlib import Path\n"
        "from shapes_print.load.yamlsrc import read_yaml\n"
        f"doc = read_yaml(Path({str(path)!r}))\n"
        "print(json.dumps(['yaml' in sys.modules, repr(doc.data), repr(doc.marks)]))\n"
    )
    env = {**os.environ, "XDG_CACHE_HOME": str(own_cache_folder)}
    runs = [
        json.loads(
            subprocess.run(
                [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
            ).stdout
        )
        for _ in range(2)
    ]
    assert [imported for imported, *_ in runs] == [True, False]
    assert runs[0][1:] == runs[1][1:]


def test_a_damaged_entry_is_no_entry_and_the_file_is_parsed_again(tmp_path: Path) -> None:
    """The entry is kept as a build keeps it (`keep_document`), then damaged; bytes no other
    test reads, so this process has not parsed them: `read_yaml` goes to the entry."""
    path = tmp_path / "game.yaml"
    path.write_text("id: my-game\ntitle: A damaged entry\n", encoding="utf-8")
    first = parse_yaml(path, path.read_bytes(), "en")
    yamlkept.keep_document(first, read_input(path, 1 << 21, noted=False).sha256, "en")
    (entry,) = cache_folder().glob("yaml-*.msgpack")
    damaged = bytearray(entry.read_bytes())
    damaged[-1] ^= 0xFF
    entry.write_bytes(bytes(damaged))
    assert kept_again(path) is None
    assert yamlsrc.read_yaml(path).data == first.data
    assert kept_again(path) is not None  # kept anew


def test_a_file_that_does_not_parse_is_never_kept(tmp_path: Path) -> None:
    """Each read parses the file again: a mistake is never remembered, in the process
    (functools caches keep no exception) or in the cache folder."""
    path = tmp_path / "broken.yaml"
    path.write_text("a: [1, 2\n", encoding="utf-8")
    for _ in range(2):
        with pytest.raises(UserError, match="YAML syntax error"):
            yamlsrc.read_yaml(path)
    assert list(cache_folder().glob("yaml-*")) == []


def test_the_same_bytes_in_two_folders_name_each_its_own_file(tmp_path: Path) -> None:
    """A copy of a game says what the game says, parsed once; each copy's places are its
    own, so a mistake in a copy is named in the copy."""
    first, second = tmp_path / "a" / "game.yaml", tmp_path / "b" / "game.yaml"
    for path in (first, second):
        path.parent.mkdir()
        path.write_text("id: copy\nplayers:\n  min: 2\n  max: x\n", encoding="utf-8")
    read = [yamlsrc.read_yaml(path) for path in (first, second)]
    assert [doc.source(("players", "max")) for doc in read] == [
        Source(first, 4, 3),
        Source(second, 4, 3),
    ]
    assert read[0].data == read[1].data and read[0].data is not read[1].data
