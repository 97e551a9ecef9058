"""Load stage, shared: a YAML file's bytes parsed by PyYAML into a Document, safely.

PyYAML's composer gives nodes with marks; we build plain Python data from them ourselves,
so only the safe tags are accepted, duplicate keys are caught, and every mapping key and
list item can be traced back to its place in the file. Hostile files are refused before
they cost much: nesting depth is checked on the event stream (the composer recurses, so a
deep file would otherwise exhaust the stack), and the size a file would have with every
alias expanded is counted once per node before anything is built ("billion laughs").
Imported only when a file must be parsed (load/yamlsrc.py): importing PyYAML compiles its
reader's pattern, about 20 ms of a build whose files were all parsed before.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml
from yaml.constructor import SafeConstructor
from yaml.events import AliasEvent, CollectionEndEvent, CollectionStartEvent, ScalarEvent
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from shapes_print.errors import Source, UserError
from shapes_print.limits import MAX_DEPTH, MAX_TEXT, MAX_VALUES
from shapes_print.load.yamldoc import Document, Loc
from shapes_print.load.yamlhints import syntax_hint
from shapes_print.text.characters import BIDI_CONTROL, character_problem
from shapes_print.text.grammar import MessageError, parse
from shapes_print.text.message import check_locale, position

_TIMESTAMP = "tag:yaml.org,2002:timestamp"
_MERGE = "tag:yaml.org,2002:merge"
_INT = "tag:yaml.org,2002:int"
_DECIMAL = re.compile(r"^[-+]?(0|[1-9][0-9]*)$")
_STR = "tag:yaml.org,2002:str"
_SEQ = "tag:yaml.org,2002:seq"
_MAP = "tag:yaml.org,2002:map"
# Half of a UTF-16 pair: no character alone, and no file or PDF can hold it. YAML's reader
# refuses one written as it is; an escape in double quotes (`"\uD800"`) makes one.
_SURROGATE = re.compile("[\ud800-\udfff]")
# libyaml's parser when PyYAML has it: the same nodes and marks, about 8 times faster.
FAST_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _Builder:
    """Plain data from composed nodes. Each value's place is recorded by whoever holds it:
    a list its items, a mapping its keys (a value is placed where its key is written)."""

    def __init__(
        self, path: Path, loader: yaml.SafeLoader, lines: list[str], locale: str | None
    ) -> None:
        self.path = path
        self.loader = loader
        self.marks: dict[Loc, Source] = {}
        self.lines = lines
        self.locale = locale
        self.unquoted: dict[Loc, str] = {}

    def source(self, node: Node) -> Source:
        mark = node.start_mark
        return Source(self.path, mark.line + 1, mark.column + 1)

    def build(self, node: Node, loc: Loc, depth: int) -> Any:
        if depth > MAX_DEPTH:
            raise UserError(self.source(node), f"nested deeper than {MAX_DEPTH} levels")
        if isinstance(node, ScalarNode):
            value = self.scalar(node)
            if not isinstance(value, str) and not node.style:  # plain: None, or '' in libyaml
                self.unquoted[loc] = node.value
            return self.message(value, node, self.locale)
        if isinstance(node, SequenceNode):
            if node.tag != _SEQ:
                raise UserError(self.source(node), f"tag {node.tag!r} is not allowed here")
            items = []
            for index, item in enumerate(node.value):
                item_loc = (*loc, index)
                self.marks[item_loc] = self.source(item)
                items.append(self.build(item, item_loc, depth + 1))
            return items
        if isinstance(node, MappingNode):
            if node.tag != _MAP:
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
                if depth + 1 > MAX_DEPTH:
                    raise UserError(self.source(key_node), f"nested deeper than {MAX_DEPTH} levels")
                key = self.message(self.scalar(key_node), key_node, "en")
                if not isinstance(key, (str, int)) or isinstance(key, bool):
                    raise UserError(self.source(key_node), f"key {key!r} must be a word")
                if key in written:
                    raise UserError(self.source(key_node), f"duplicate key {key!r}")
                if index >= first_written:
                    written.add(key)
                key_loc = (*loc, key)
                self.marks[key_loc] = self.source(key_node)
                result[key] = self.build(value_node, key_loc, depth + 1)
            return result
        raise UserError(self.source(node), "unsupported YAML node")

    def message(self, value: Any, node: ScalarNode, locale: str | None) -> Any:
        """Text with braces is a message (text/grammar.py): parsed now, so a mistake in
        a placeholder is reported at its own line and column before anything is built.
        Keys are English (a label set's `text:` keys); values are in `locale` (None: a label
        set, whose locale is known once its `extends` chain is read)."""
        if isinstance(value, str) and ("{" in value or "}" in value):
            try:
                parsed = parse(value)
                if locale:
                    check_locale(parsed, locale)
            except MessageError as error:
                mark = node.start_mark
                line, column = position(
                    self.lines, mark.line + 1, mark.column + 1, value, error.offset
                )
                raise UserError(
                    Source(self.path, line, column), error.message, error.hint
                ) from None
        return value

    def scalar(self, node: ScalarNode) -> Any:
        if len(node.value) > MAX_TEXT:  # one text past it is pasted by mistake, or hostile
            raise UserError(self.source(node), f"text is longer than {MAX_TEXT:,} characters")
        if BIDI_CONTROL.search(node.value):  # YAML's reader refused the rest already
            raise UserError(self.source(node), str(character_problem(node.value)))
        if node.style == '"' and (half := _SURROGATE.search(node.value)):
            raise UserError(
                self.source(node),
                f"\\u{ord(half.group()):04X} is half of a UTF-16 surrogate pair, not a character: "
                "write the character itself, or its \\U escape of eight digits",
            )
        if node.tag == _STR:  # most values: the constructor would return the text as it is
            return node.value
        if node.tag == _TIMESTAMP:
            return node.value  # dates stay text: nothing we print needs a date type
        constructor = SafeConstructor.yaml_constructors.get(node.tag)
        if constructor is None:
            raise UserError(self.source(node), f"tag {node.tag!r} is not allowed here")
        try:
            value = constructor(self.loader, node)
        except ValueError:  # a whole number of thousands of digits, past what Python reads
            raise UserError(
                self.source(node), f"a number of {len(node.value):,} digits is too long to read"
            ) from None
        if node.tag == _INT and not _DECIMAL.match(node.value):
            # YAML 1.1 reads 010 as 8, 0x10 as 16 and 1:30 as 90: never what was meant
            raise UserError(
                self.source(node),
                f"{node.value} is read as the number {value}; write {value}, "
                f'or "{node.value}" in quotes if it is text',
            )
        return value


def _byte_source(path: Path, raw: bytes, offset: int) -> Source:
    """Line and column (in bytes) of a byte offset, for files we refuse before decoding."""
    line_start = raw.rfind(b"\n", 0, offset) + 1
    return Source(path, raw.count(b"\n", 0, offset) + 1, offset - line_start + 1)


def _check_events(path: Path, text: str, loader_class: type[yaml.SafeLoader]) -> bool:
    """Refuse deep nesting, and say whether the file may hold more than MAX_VALUES values
    once its aliases are expanded (only aliases multiply them). Both are read from the event
    stream, which PyYAML produces without recursion."""
    loader = loader_class(text)
    depth = 0
    nodes = 0
    aliases = False
    try:
        while (event := loader.get_event()) is not None:
            if isinstance(event, CollectionStartEvent):
                nodes += 1
                depth += 1
                if depth > MAX_DEPTH:
                    mark = event.start_mark
                    where = Source(path, mark.line + 1, mark.column + 1) if mark else Source(path)
                    raise UserError(where, f"nested deeper than {MAX_DEPTH} levels")
            elif isinstance(event, CollectionEndEvent):
                depth -= 1
            elif isinstance(event, ScalarEvent):
                nodes += 1
            elif isinstance(event, AliasEvent):
                aliases = True
    finally:
        loader.dispose()
    return aliases or nodes > MAX_VALUES


def _expanded_size(path: Path, root: Node) -> None:
    """Count the values the file would hold with every alias expanded, each node once."""
    sizes: dict[int, int] = {}
    visiting: set[int] = set()

    def size(node: Node) -> int:
        key = id(node)
        if key in sizes:
            return sizes[key]
        if key in visiting:
            mark = node.start_mark
            where = Source(path, mark.line + 1, mark.column + 1)
            raise UserError(where, "an alias refers to itself")
        visiting.add(key)
        children: list[Node] = []
        if isinstance(node, SequenceNode):
            children = node.value
        elif isinstance(node, MappingNode):
            children = [part for pair in node.value for part in pair]
        total = 1 + sum(size(child) for child in children)
        visiting.discard(key)
        sizes[key] = total
        if total > MAX_VALUES:
            mark = node.start_mark
            where = Source(path, mark.line + 1, mark.column + 1)
            raise UserError(where, f"holds more than {MAX_VALUES} values once aliases are expanded")
        return total

    size(root)


def parse_yaml(path: Path, raw: bytes, locale: str | None) -> Document:
    """The file's bytes as a Document, or UserError with its place and a plain explanation."""
    if b"\x00" in raw:
        where = _byte_source(path, raw, raw.index(b"\x00"))
        raise UserError(where, "is a binary file, expected YAML text")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        bad = raw[error.start : error.start + 1].hex().upper()
        where = _byte_source(path, raw, error.start)
        message = f"is not UTF-8 text (byte 0x{bad}); save the file as UTF-8"
        raise UserError(where, message) from None
    try:
        return parse_with(FAST_LOADER, path, text, locale)
    except yaml.YAMLError:
        pass  # libyaml's messages are terser: the pure-Python parser says what is wrong
    try:
        return parse_with(yaml.SafeLoader, path, text, locale)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        where = Source(path, mark.line + 1, mark.column + 1) if mark else Source(path)
        problem = error.problem or error.context or "invalid YAML"
        hint = syntax_hint(problem, text, mark.line if mark else -1)
        raise UserError(where, f"YAML syntax error: {problem}", hint) from None
    except yaml.reader.ReaderError as error:
        character = (
            f"U+{error.character:04X}"
            if isinstance(error.character, int)
            else repr(error.character)
        )
        where = _byte_source(path, raw, len(text[: error.position].encode("utf-8")))
        raise UserError(where, f"has a character YAML does not allow ({character})") from None


def parse_with(
    loader_class: type[yaml.SafeLoader], path: Path, text: str, locale: str | None
) -> Document:
    """The text as a Document by one of PyYAML's parsers: `parse_yaml` tries FAST_LOADER,
    then the pure-Python SafeLoader, whose messages say more; both give the same Document."""
    may_grow = _check_events(path, text, loader_class)
    loader = loader_class(text)
    try:
        node = loader.get_single_node()
        if node is None:
            raise UserError(Source(path, 1, 1), "file is empty")
        if may_grow:
            _expanded_size(path, node)
        builder = _Builder(path, loader, text.splitlines(), locale)
        builder.marks[()] = builder.source(node)
        data = builder.build(node, (), 0)
        return Document(path, data, builder.marks, builder.unquoted)
    finally:
        loader.dispose()
