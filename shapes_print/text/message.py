"""The text-template grammar: every `{placeholder}` a user writes, parsed once into a small tree.

Input: a text from YAML (content, templates or a label set). Output: a `Message`, a tuple of
nodes, which `render` fills with a kit's values in a locale. Nothing here is Python's
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
    '{'  '}'    ICU quoting: an apostrophe before { } (or # in a branch) quotes up to the
    ''          next apostrophe; two apostrophes are one. Any other apostrophe is text.

Names are letters, digits and _, starting with a letter or _ (`{0}`, `{}`, `{a.b}` and
`{a[0]}` are refused). A `MessageError` carries the offset in the text that it is about,
so the caller can name the placeholder's file, line and column.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from functools import cache, lru_cache
from typing import Any, Literal

from babel import Locale
from babel.numbers import format_decimal

from shapes_print.errors import Source, UserError, closest

CASES: dict[str, Callable[[str], str]] = {
    "upper": str.upper,
    "lower": str.lower,
    "title": str.title,
}
FILTERS = (*CASES, "ordinal", "join")
ENGLISH = "en"  # the language content YAML is written in
CATEGORIES = ("zero", "one", "two", "few", "many", "other")
KINDS = ("plural", "selectordinal", "select")
_QUOTABLE = "{}#'"


@dataclass(frozen=True, slots=True)
class NoEntry:
    """A per-player-range number that has no entry for this player count."""

    name: str
    players: int

    def message(self) -> str:
        return f"numbers.{self.name} has no entry for {counted(self.players, 'player', 'players')}"


class MessageError(Exception):
    """A mistake in a message, at `offset` (0-based) in its text."""

    def __init__(self, offset: int, message: str, hint: str = "") -> None:
        super().__init__(message)
        self.offset = offset
        self.message = message
        self.hint = hint


@dataclass(frozen=True, slots=True)
class Text:
    text: str


@dataclass(frozen=True, slots=True)
class Hash:
    """`#` in a plural branch: the number being counted."""

    start: int


@dataclass(frozen=True, slots=True)
class Field:
    """`{name}` or `{name:filter}` (`argument`: the SEP of `join:SEP`)."""

    name: str
    filter: str | None
    argument: str | None
    start: int


@dataclass(frozen=True, slots=True)
class Branch:
    key: str  # a CLDR category, or "=N" for an exact number
    nodes: tuple[Node, ...]
    start: int


@dataclass(frozen=True, slots=True)
class Select:
    """`{name, plural, ...}`, `{name, selectordinal, ...}` or `{name, select, ...}`."""

    name: str
    kind: Literal["plural", "selectordinal", "select"]
    branches: tuple[Branch, ...]
    start: int


Node = Text | Hash | Field | Select


@dataclass(frozen=True, slots=True)
class Message:
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
            else:
                chars.append(ch)
                self.at += 1
        flush()
        return tuple(out)

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


@cache
def _locale(code: str) -> Locale:
    return Locale.parse(code)


def categories(locale: str, kind: str) -> tuple[str, ...]:
    """The CLDR categories a locale has for plural or selectordinal, `other` last."""
    rule = _locale(locale).plural_form if kind == "plural" else _locale(locale).ordinal_form
    return (*sorted(rule.tags - {"other"}, key=CATEGORIES.index), "other")


def check_locale(message: Message, locale: str) -> None:
    """Every branch category must be one the locale has (English plurals have no `few`)."""
    for select in _selects(message.nodes):
        if select.kind == "select":
            continue  # its branches are the kit's words, the same in every language
        known = categories(locale, select.kind)
        for branch in select.branches:
            if not branch.key.startswith("=") and branch.key not in known:
                close = closest(branch.key, known)
                hint = f"did you mean {close!r}?" if close else ""
                raise MessageError(
                    branch.start,
                    f"{select.kind} category {branch.key!r} does not exist in {locale!r} "
                    f"(it has {', '.join(known)}, and =N for an exact number)",
                    hint,
                )


def _selects(nodes: tuple[Node, ...]) -> list[Select]:
    found: list[Select] = []
    for node in nodes:
        if isinstance(node, Select):
            found.append(node)
            for branch in node.branches:
                found += _selects(branch.nodes)
    return found


@dataclass(frozen=True, slots=True)
class Style:
    """How values are written in one label set: the locale of the text being filled (an
    untranslated English original stays English), its words, and the set's `ordinal:`
    message with the set's own locale."""

    locale: str = ENGLISH
    word: Callable[[str], str] = str
    ordinal: Message | None = None
    ordinal_locale: str = ENGLISH


def render(message: Message, values: Mapping[str, Any], style: Style) -> str:
    """The message with its values put in; a name not in `values` is an error."""
    return "".join(_render(message.nodes, values, style, None))


def _render(
    nodes: tuple[Node, ...], values: Mapping[str, Any], style: Style, count: int | None
) -> list[str]:
    out: list[str] = []
    for node in nodes:
        if isinstance(node, Text):
            out.append(node.text)
        elif isinstance(node, Hash):
            out.append("#" if count is None else str(count))  # outside a plural: a #
        elif isinstance(node, Field):
            out.append(_field(node, _value(node.name, node.start, values), style))
        elif node.kind == "select":
            word = _value(node.name, node.start, values)
            chosen = next((b for b in node.branches if b.key == word), None)
            other = next(b for b in node.branches if b.key == "other")
            out += _render((chosen or other).nodes, values, style, count)
        else:
            number = _value(node.name, node.start, values)
            if isinstance(number, bool) or not isinstance(number, int):
                raise MessageError(
                    node.start, f"{{{node.name}, {node.kind}}} needs a whole number, got {number!r}"
                )
            branch = _choose(node, number, style.locale)
            out += _render(branch.nodes, values, style, number)
    return out


def _value(name: str, at: int, values: Mapping[str, Any]) -> Any:
    if name not in values:
        close = closest(name, values)
        hint = f"did you mean {{{close}}}?" if close else f"known: {', '.join(sorted(values))}"
        raise MessageError(at, f"unknown name {{{name}}}", hint)
    value = values[name]
    if isinstance(value, NoEntry):
        hint = "limit this text to those players with 'players:'"
        raise MessageError(at, f"{value.message()} ({hint})")
    return value


def _field(node: Field, value: Any, style: Style) -> str:
    if node.filter == "join":
        items = value if isinstance(value, (list, tuple)) else [value]
        separator = style.word(node.argument) if node.argument is not None else ", "
        return separator.join(_word(item, style) for item in items)
    if isinstance(value, (list, tuple)):
        raise MessageError(
            node.start, f"{{{node.name}}} is a list: write {{{node.name}:join}} or :join:SEP"
        )
    if node.filter == "ordinal":
        if isinstance(value, bool) or not isinstance(value, int):
            raise MessageError(node.start, f"{{{node.name}:ordinal}} needs a whole number")
        if style.ordinal is None:
            raise MessageError(node.start, "the label set has no ordinal: message for :ordinal")
        return render(style.ordinal, {"n": value}, Style(style.ordinal_locale, style.word))
    text = _word(value, style)
    return CASES[node.filter](text) if node.filter else text


def _word(value: Any, style: Style) -> str:
    if isinstance(value, str):
        return style.word(value)
    if isinstance(value, float | Decimal):
        return decimal(value, style.locale)
    return str(value)


def decimal(number: float | Decimal, locale: str, signed: bool = False) -> str:
    """A number with a fraction as the locale writes it (0.118, es 0,118), grouping and all:
    a Decimal keeps the digits it was written with (1.50 stays 1.50, es 1,50); a float
    is rounded to three places (3.0000000001 mm is 3 mm). `signed`: +1,2 as well as -0,5."""
    if isinstance(number, Decimal):
        places = max(0, -int(number.as_tuple().exponent))
        pattern = "#,##0." + "0" * places if places else "#,##0"
    else:
        pattern = "#,##0.###"
    if signed:
        pattern = f"+{pattern};-{pattern}"
    return format_decimal(number, pattern, locale=_locale(locale))


def _choose(select: Select, number: int, locale: str) -> Branch:
    exact = f"={number}"
    for branch in select.branches:
        if branch.key == exact:
            return branch
    rule = _locale(locale).plural_form if select.kind == "plural" else _locale(locale).ordinal_form
    category = rule(number)
    fallback = select.branches[-1]
    for branch in select.branches:
        if branch.key == category:
            return branch
        if branch.key == "other":
            fallback = branch
    return fallback


def position(lines: list[str], line: int, column: int, text: str, offset: int) -> tuple[int, int]:
    """Line and column (1-based) in a file of `text[offset]`, for a text written at `line`,
    `column`: its placeholder is searched from there (escapes and folding move it about).
    Where it cannot be found, the text's own place."""
    begin = text.rfind("{", 0, offset + 1)
    begin = max(begin if begin >= 0 else offset, text.rfind("\n", 0, offset) + 1)
    end = min(e if (e := text.find(c, offset + 1)) >= 0 else len(text) for c in "}\n")
    snippet = text[begin : max(end + 1, offset + 1)].rstrip("\n")
    for number in range(line, len(lines) + 1):
        found = lines[number - 1].find(snippet, column - 1 if number == line else 0)
        if found >= 0:
            return number, found + 1 + offset - begin
    return line, column


def place(where: Source | None, text: str, offset: int) -> Source | None:
    """The file, line and column of `text[offset]`, for a text written at `where`."""
    if where is None or not where.line:
        return where
    try:
        lines = where.path.read_text(encoding="utf-8").splitlines()
    except OSError:
        return where
    line, column = position(lines, where.line, where.column or 1, text, offset)
    return Source(where.path, line, column)


PLAIN = Style()


def fill(
    template: str, values: Mapping[str, Any], where: Source | None, style: Style = PLAIN
) -> str:
    """`template` with its placeholders filled; a mistake is the YAML author's, at `where`."""
    try:
        return render(parse(template), values, style)
    except MessageError as error:
        raise UserError(place(where, template, error.offset), error.message, error.hint) from None


def counted(number: int, one: str, other: str) -> str:
    """'1 kit', '2 kits': a count and its noun in English, for the command line's words."""
    return fill(f"{{n, plural, one {{# {one}}} other {{# {other}}}}}", {"n": number}, None)
