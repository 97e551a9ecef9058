"""Safe YAML reading that keeps each value's file, line and column.

PyYAML's composer gives nodes with marks; we build plain Python data from them ourselves,
so only the safe tags are accepted, duplicate keys are caught, alias bombs are bounded, and
every mapping key and list item can be traced back to its place in the file.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.constructor import SafeConstructor
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from shapes_print.errors import Source, UserError

MAX_FILE_BYTES = 2 * 1024 * 1024
MAX_VALUES = 200_000
MAX_DEPTH = 64

_TIMESTAMP = "tag:yaml.org,2002:timestamp"
_MERGE = "tag:yaml.org,2002:merge"

Loc = tuple[str | int, ...]


@dataclass(slots=True)
class Document:
    """Plain data from one YAML file plus the source of every value by its path of keys."""

    path: Path
    data: Any
    marks: dict[Loc, Source] = field(default_factory=dict)

    def source(self, loc: Loc = ()) -> Source:
        """The closest known place for a path of keys (falls back to its parents)."""
        loc = tuple(loc)
        while loc:
            if loc in self.marks:
                return self.marks[loc]
            loc = loc[:-1]
        return self.marks.get((), Source(self.path, 1, 1))


class _Builder:
    def __init__(self, path: Path, loader: yaml.SafeLoader) -> None:
        self.path = path
        self.loader = loader
        self.marks: dict[Loc, Source] = {}
        self.count = 0

    def source(self, node: Node) -> Source:
        mark = node.start_mark
        return Source(self.path, mark.line + 1, mark.column + 1)

    def build(self, node: Node, loc: Loc, depth: int) -> Any:
        self.count += 1
        if self.count > MAX_VALUES:
            raise UserError(self.source(node), f"more than {MAX_VALUES} values (alias bomb?)")
        if depth > MAX_DEPTH:
            raise UserError(self.source(node), f"nested deeper than {MAX_DEPTH} levels")
        self.marks[loc] = self.source(node)
        if isinstance(node, ScalarNode):
            if node.tag == _TIMESTAMP:
                return node.value  # dates stay text: nothing we print needs a date type
            constructor = SafeConstructor.yaml_constructors.get(node.tag)
            if constructor is None:
                raise UserError(self.source(node), f"tag {node.tag!r} is not allowed here")
            return constructor(self.loader, node)
        if isinstance(node, SequenceNode):
            return [self.build(item, (*loc, i), depth + 1) for i, item in enumerate(node.value)]
        if isinstance(node, MappingNode):
            if node.tag != "tag:yaml.org,2002:map":
                raise UserError(self.source(node), f"tag {node.tag!r} is not allowed here")
            # flatten_mapping puts keys merged in by `<<: *anchor` first and the keys written
            # here after them: a written key may override a merged one, as YAML specifies,
            # but a key written twice is still a mistake.
            written_count = sum(1 for key_node, _ in node.value if key_node.tag != _MERGE)
            self.loader.flatten_mapping(node)
            first_written = len(node.value) - written_count
            result: dict[Any, Any] = {}
            written: set[Any] = set()
            for index, (key_node, value_node) in enumerate(node.value):
                if not isinstance(key_node, ScalarNode):
                    raise UserError(self.source(key_node), "mapping keys must be plain words")
                key = self.build(key_node, (*loc, "<key>"), depth + 1)
                if not isinstance(key, (str, int)) or isinstance(key, bool):
                    raise UserError(self.source(key_node), f"key {key!r} must be a word")
                if key in written:
                    raise UserError(self.source(key_node), f"duplicate key {key!r}")
                if index >= first_written:
                    written.add(key)
                result[key] = self.build(value_node, (*loc, key), depth + 1)
                self.marks[(*loc, key)] = self.source(key_node)
            self.marks.pop((*loc, "<key>"), None)
            return result
        raise UserError(self.source(node), "unsupported YAML node")


def read_yaml(path: Path) -> Document:
    """Read one YAML file, or raise UserError with its place and a plain explanation."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise UserError(Source(path), "file not found") from None
    except IsADirectoryError:
        raise UserError(Source(path), "is a folder, expected a YAML file") from None
    except OSError as error:
        raise UserError(Source(path), f"cannot read: {error.strerror}") from None
    if len(raw) > MAX_FILE_BYTES:
        raise UserError(Source(path), f"file is larger than {MAX_FILE_BYTES // 1024} KiB")
    if b"\x00" in raw:
        raise UserError(Source(path), "is a binary file, expected YAML text")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise UserError(Source(path), f"is not UTF-8 text (byte {error.start})") from None
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            raise UserError(Source(path, 1, 1), "file is empty")
        builder = _Builder(path, loader)
        data = builder.build(node, (), 0)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        where = Source(path, mark.line + 1, mark.column + 1) if mark else Source(path)
        problem = error.problem or error.context or "invalid YAML"
        if "\t" in problem or "tab" in problem:
            problem = "tabs are not allowed for indentation; use spaces"
        raise UserError(where, f"YAML syntax error: {problem}") from None
    finally:
        loader.dispose()
    return Document(path, data, builder.marks)
