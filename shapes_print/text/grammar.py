"""The text-template grammar: every `{placeholder}` a user writes, parsed once into a small tree.

Input: a text from YAML (content, templates or a label set). Output: a `Message`, a tuple of
nodes, which `text.message.render` fills with a kit's values in a locale. Nothing here is Python's
`str.format`: a name is looked up in the values given and nowhere else, and a filter comes
from `FILTERS`, so no text can reach an attribute, an index or a format specifier.

    text        any characters but { and }; inside a plural branch, # is the number
    {name}      a value: a number, a word (translated by the label set) or a list
    {name:f}    the value through a filter: upper, lower, title, ordinal (the label set's
                `ordinal:` message), join (a list as "a, b, c") or join:SEP ("a or b")
    {name, plural, =0 {No cards} one {# card} other {# cards}}
    {name, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}
                one branch by the number: an exact `=N` first, then the CLDR category of
                the locale (Babel's plural_form / ordinal_form); `other` is required.
                Branches are messages: they may hold placeholders and plurals of their own.
    {name, select, print_shop {Send ...} other {Print ...}}
                one branch by a word the kit gives (the branch named as the value is, else
                `other`): what differs between kinds of kit, in one message to translate.
    {icon:NAME} an icon, passed through as written for the markup (text/markup.py), which
                also reads **bold**, *italic* and the escapes \\* \\{ \\} \\\\ once values are in;
                `\\{` and `\\}` here are text, so it reaches the markup as written
    '{'  '}'    ICU quoting: an apostrophe before { } (or # in a branch) quotes up to the
    ''          next apostrophe; two apostrophes are one. Any other apostrophe is text.

Names are letters, digits and _, starting with a letter or _ (`{0}`, `{}`, `{a.b}` and
`{a[0]}` are refused). A `MessageError` carries the offset in the text that it is about,
so the caller can name the placeholder's file, line and column.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Literal

from msgspec import Struct

from shapes_print.errors import closest

CASES: dict[str, Callable[[str], str]] = {
    "upper": str.upper,
    "lower": str.lower,
    "title": str.title,
}
FILTERS = (*CASES, "ordinal", "join")
CATEGORIES = ("zero", "one", "two", "few", "many", "other")
KINDS = ("plural", "selectordinal", "select")
_QUOTABLE = "{}#'"
# An icon in a text: `{icon:` and a name (text/markup.py reads it after filling).
ICON_OPEN = "{icon:"
# Characters that are text wherever they stand: none opens a quote, an escape, a
# placeholder or a branch's end, nor is a plural's `#`.
_ORDINARY = re.compile(r"[^'\\{}#]+")


class MessageError(Exception):
    """A mistake in a message, at `offset` (0-based) in its text; `value`: the name of the
    value filled in that is at fault (a plural's text), when the mistake is that value's."""

    def __init__(self, offset: int, message: str, hint: str = "", value: str = "") -> None:
        super().__init__(message)
        self.offset = offset
        self.message = message
        self.hint = hint
        self.value = value


class Text(Struct, frozen=True):
    text: str


class Hash(Struct, frozen=True):
    """`#` in a plural branch: the number being counted."""

    start: int


class Field(Struct, frozen=True):
    """`{name}` or `{name:filter}` (`argument`: the SEP of `join:SEP`)."""

    name: str
    filter: str | None
    argument: str | None
    start: int


class Branch(Struct, frozen=True):
    key: str  # a CLDR category, or "=N" for an exact number
    nodes: tuple[Node, ...]
    start: int


class Select(Struct, frozen=True):
    """`{name, plural, ...}`, `{name, selectordinal, ...}` or `{name, select, ...}`."""

    name: str
    kind: Literal["plural", "selectordinal", "select"]
    branches: tuple[Branch, ...]
    start: int


class IconMark(Struct, frozen=True):
    """`{icon:NAME}`: kept as written in the filled text, for the markup to read."""

    written: str
    start: int


Node = Text | Hash | Field | Select | IconMark


class Message(Struct, frozen=True):
    text: str
    nodes: tuple[Node, ...]

    def literal(self) -> str:
        """The words outside placeholders (branches included): what a translator translates."""
        return "".join(_literals(self.nodes))

    def names(self) -> set[str]:
        """Every value the message names, in placeholders and plural selectors alike."""
        return _names(self.nodes)


def _names(nodes: tuple[Node, ...]) -> set[str]:
    found: set[str] = set()
    for node in nodes:
        if isinstance(node, Field):
            found.add(node.name)
        elif isinstance(node, Select):
            found.add(node.name)
            for branch in node.branches:
                found |= _names(branch.nodes)
    return found


def _literals(nodes: tuple[Node, ...]) -> list[str]:
    out: list[str] = []
    for node in nodes:
        if isinstance(node, Text):
            out.append(node.text)
        elif isinstance(node, Select):
            for branch in node.branches:
                out += _literals(branch.nodes)
    return out


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.at = 0

    def fail(self, message: str, at: int | None = None, hint: str = "") -> MessageError:
        return MessageError(self.at if at is None else at, message, hint)

    def peek(self) -> str:
        return self.text[self.at] if self.at < len(self.text) else ""

    def spaces(self) -> None:
        while self.peek().isspace():
            self.at += 1

    def nodes(self, in_branch: bool) -> tuple[Node, ...]:
        """Text and placeholders up to the end, or up to the `}` that closes a branch."""
        out: list[Node] = []
        chars: list[str] = []

        def flush() -> None:
            if chars:
                out.append(Text("".join(chars)))
                chars.clear()

        while self.at < len(self.text):
            ch = self.text[self.at]
            if ch == "'":
                chars.append(self.quoted(in_branch))
            elif ch == "\\" and self.text[self.at + 1 : self.at + 2] in ("{", "}", "\\"):
                chars.append(self.text[self.at : self.at + 2])  # the markup's escape
                self.at += 2
            elif self.text.startswith(ICON_OPEN, self.at):
                flush()
                out.append(self.icon())
            elif ch == "{":
                flush()
                out.append(self.placeholder())
            elif ch == "}":
                if in_branch:
                    break
                raise self.fail("'}' closes no '{'", hint="write '}' (in apostrophes) for a brace")
            elif ch == "#" and in_branch:
                flush()
                out.append(Hash(self.at))
                self.at += 1
            else:  # a run of what is only text, at once: most of a message is
                end = run.end() if (run := _ORDINARY.match(self.text, self.at)) else self.at + 1
                chars.append(self.text[self.at : end])
                self.at = end
        flush()
        return tuple(out)

    def icon(self) -> IconMark:
        """`{icon:NAME}` as written (its name is checked once values are in)."""
        start = self.at
        end = self.text.find("}", start)
        if end < 0:
            raise self.fail("'{' of {icon:... is never closed", start)
        self.at = end + 1
        return IconMark(self.text[start : self.at], start)

    def quoted(self, in_branch: bool) -> str:
        """ICU quoting: `''` is one apostrophe; `'{...'` is literal text up to the next `'`."""
        following = self.text[self.at + 1 : self.at + 2]
        if following == "'":
            self.at += 2
            return "'"
        if not following or following not in _QUOTABLE or (following == "#" and not in_branch):
            self.at += 1
            return "'"
        end = self.text.find("'", self.at + 1)
        if end < 0:
            raise self.fail("a quote (') before a brace is never closed")
        literal = self.text[self.at + 1 : end]
        self.at = end + 1
        return literal

    def name(self, start: int) -> str:
        begin = self.at
        if not (self.peek().isalpha() or self.peek() == "_"):
            if self.peek() == "}":
                raise self.fail(
                    "empty placeholder {}: write a name inside, such as {players}", start
                )
            got = self.peek() or "the end of the text"
            raise self.fail(f"a placeholder starts with a name (a letter or _), got {got!r}")
        while self.peek().isalnum() or self.peek() == "_":
            self.at += 1
        return self.text[begin : self.at]

    def placeholder(self) -> Node:
        start = self.at
        self.at += 1
        self.spaces()
        name = self.name(start)
        self.spaces()
        ch = self.peek()
        if ch == "}":
            self.at += 1
            return Field(name, None, None, start)
        if ch == ":":
            return self.filtered(name, start)
        if ch == ",":
            return self.select(name, start)
        if not ch:
            raise self.fail(f"'{{' of {{{name} is never closed", start)
        raise self.fail(
            f"{ch!r} after {{{name}: a placeholder is {{name}}, {{name:filter}} "
            f"or {{name, plural, ...}}"
        )

    def keyword(self, known: tuple[str, ...], refusal: Callable[[str], str], otherwise: str) -> str:
        """A word from `known` (a filter, a message kind, a category), or a did-you-mean."""
        begin = self.at
        while self.peek().isalpha():
            self.at += 1
        word = self.text[begin : self.at]
        if word not in known:
            close = closest(word, known)
            hint = f"did you mean {close!r}?" if close else otherwise
            raise self.fail(refusal(word or self.peek() or "the end of the text"), begin, hint)
        return word

    def filtered(self, name: str, start: int) -> Field:
        self.at += 1
        word = self.keyword(
            FILTERS,
            lambda got: f"unknown filter {got!r} in {{{name}:{got}}}",
            f"filters: {', '.join(FILTERS)}, join:SEP",
        )
        argument = None
        if self.peek() == ":" and word == "join":
            end = self.text.find("}", self.at)
            opens = self.text.find("{", self.at)
            if end < 0 or 0 <= opens < end:
                raise self.fail(f"'{{' of {{{name}:join:... is never closed", start)
            argument = self.text[self.at + 1 : end]
            self.at = end
        if self.peek() != "}":
            if not self.peek():
                raise self.fail(f"'{{' of {{{name}:{word} is never closed", start)
            raise self.fail(
                f"{self.peek()!r} after {{{name}:{word}: only join takes an argument (join:SEP)"
            )
        self.at += 1
        return Field(name, word, argument, start)

    def select(self, name: str, start: int) -> Select:
        self.at += 1
        self.spaces()
        kind = self.keyword(
            KINDS,
            lambda got: f"unknown message kind {got!r} in {{{name}, {got}, ...}}",
            "write plural, selectordinal or select",
        )
        self.spaces()
        if self.peek() != ",":
            raise self.fail(f"expected ',' after {{{name}, {kind}")
        self.at += 1
        branches: list[Branch] = []
        while True:
            self.spaces()
            if self.peek() == "}":
                self.at += 1
                break
            if not self.peek():
                raise self.fail(f"'{{' of {{{name}, {kind}, ...}} is never closed", start)
            branches.append(self.branch(name, kind, [b.key for b in branches]))
        if not any(b.key == "other" for b in branches):
            raise self.fail(f"{{{name}, {kind}, ...}} needs an 'other {{...}}' branch", start)
        return Select(name, kind, tuple(branches), start)  # type: ignore[arg-type]

    def branch(self, name: str, kind: str, seen: list[str]) -> Branch:
        begin = self.at
        if kind == "select":
            while self.peek().isalnum() or self.peek() == "_":
                self.at += 1
            key = self.text[begin : self.at]
            if not key:
                got = self.peek() or "the end of the text"
                raise self.fail(
                    f"{got!r} in {{{name}, select, ...}}: a branch starts with a word", begin
                )
        elif self.peek() == "=":
            self.at += 1
            while self.peek().isdigit():
                self.at += 1
            key = self.text[begin : self.at]
            if key == "=":
                raise self.fail("'=' must be followed by a whole number, as in =0", begin)
        else:
            key = self.keyword(
                CATEGORIES,
                lambda got: (
                    f"{got!r} in {{{name}, {kind}, ...}} is not a plural category "
                    f"({', '.join(CATEGORIES)}) or =N"
                ),
                "",
            )
        if key in seen:
            raise self.fail(f"branch {key!r} is written twice", begin)
        self.spaces()
        if self.peek() != "{":
            raise self.fail(f"expected '{{' after {key!r}: branches look like one {{# card}}")
        self.at += 1
        nodes = self.nodes(in_branch=True)
        if self.peek() != "}":
            raise self.fail(f"the branch {key} {{... is never closed", begin)
        self.at += 1
        return Branch(key, nodes, begin)


@lru_cache(maxsize=8192)
def parse(text: str) -> Message:
    """The message tree of a text; each distinct text is parsed once."""
    parser = _Parser(text)
    return Message(text, parser.nodes(in_branch=False))
