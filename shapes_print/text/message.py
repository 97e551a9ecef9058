"""Messages filled in: a parsed `Message` and a kit's values into the words a page prints.

Input: a `Message` (text/grammar.py), the values of one kit and a `Style` (the label set's
locale, ordinal message and translation). Output: the text, with plurals, ordinals and
numbers in the locale's forms (CLDR, through Babel), and `place`, which turns an offset in
a message into the file, line and column it was written at.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from decimal import Decimal
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any, TypeGuard

from msgspec import Struct

from shapes_print.cachefolder import cached, keep
from shapes_print.errors import Source, UserError, closest
from shapes_print.fingerprints import code_digest
from shapes_print.text.grammar import (
    CASES,
    CATEGORIES,
    Branch,
    Field,
    Hash,
    IconMark,
    Message,
    MessageError,
    Node,
    Select,
    Text,
    parse,
)

if TYPE_CHECKING:
    from babel import Locale
    from babel.plural import PluralRule

ENGLISH = "en"  # the language content YAML is written in


class NoEntry(Struct, frozen=True):
    """A per-player-range number that has no entry for this player count."""

    name: str
    players: int

    def message(self) -> str:
        return f"numbers.{self.name} has no entry for {counted(self.players, 'player', 'players')}"


@cache
def _locale(code: str) -> Locale:
    """Babel's CLDR data for a locale, read on first use: the commands that fill no message
    (`list`, `new`, `--help`) never import Babel."""
    from babel import Locale

    return Locale.parse(code)


# The cache entry of plural rules (inputs.cached), and what an entry may weigh.
PLURALS = "plurals.json"
_PLURALS_BYTES = 1 << 20


@cache
def _rule(locale: str, kind: str) -> PluralRule:
    """The locale's CLDR rule for `plural` or `selectordinal`. Babel keeps it with the
    rest of the locale's data, which it reads whole (about 100 M instructions, a tenth
    of a small build); the rules (a few lines a locale) are kept in the user's cache
    folder, keyed by Babel's version and this program, and read from there next time."""
    import babel
    from babel.plural import PluralRule

    key = hashlib.sha256(f"{babel.__version__}:{code_digest()}".encode()).hexdigest()
    held = cached(PLURALS, key, _PLURALS_BYTES)
    rules = held if isinstance(held, dict) else {}
    entry = rules.get(locale)
    if not _sound_rules(entry):
        data = _locale(locale)
        entry = {"plural": data.plural_form.rules, "selectordinal": data.ordinal_form.rules}
        keep(PLURALS, key, {**rules, locale: entry})
    return PluralRule(entry[kind])


def _sound_rules(entry: object) -> TypeGuard[dict[str, dict[str, str]]]:
    """A cache entry for a locale: each kind's rules, category to CLDR condition."""
    return isinstance(entry, dict) and all(
        isinstance(entry.get(kind), dict)
        and all(isinstance(k, str) and isinstance(v, str) for k, v in entry[kind].items())
        for kind in ("plural", "selectordinal")
    )


def categories(locale: str, kind: str) -> tuple[str, ...]:
    """The CLDR categories a locale has for plural or selectordinal, `other` last."""
    rule = _rule(locale, "plural" if kind == "plural" else "selectordinal")
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


class Style(Struct, frozen=True):
    """How values are written in one label set: the locale of the text being filled (an
    untranslated English original stays English), its words, and the set's `ordinal:`
    message with the set's own locale."""

    locale: str = ENGLISH
    word: Callable[[str], str] = str
    ordinal: Message | None = None
    ordinal_locale: str = ENGLISH


def render(message: Message, values: Mapping[str, Any], style: Style) -> str:
    """The message with its values put in; a name not in `values` is an error."""
    if len(message.nodes) == 1 and isinstance(message.nodes[0], Text):
        return message.nodes[0].text  # most texts are plain: nothing to put in
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
        elif isinstance(node, IconMark):
            out.append(node.written)
        elif isinstance(node, Field):
            out.append(_field(node, _value(node.name, node.start, values), style))
        elif node.kind == "select":
            word = _value(node.name, node.start, values)
            if isinstance(word, int | Decimal) and not isinstance(word, bool):
                word = str(word)  # a spreadsheet's 1 picks the branch `1 {Ace}`
            chosen = next((b for b in node.branches if b.key == word), None)
            other = next(b for b in node.branches if b.key == "other")
            out += _render((chosen or other).nodes, values, style, count)
        else:
            number = _value(node.name, node.start, values)
            if isinstance(number, bool) or not isinstance(number, int):
                raise MessageError(
                    node.start,
                    f"{{{node.name}, {node.kind}}} needs a whole number, got "
                    f"{number if isinstance(number, Decimal) else repr(number)}",
                    value=node.name,
                )
            branch = _choose(node, number, style.locale)
            out += _render(branch.nodes, values, style, number)
    return out


def _value(name: str, at: int, values: Mapping[str, Any]) -> Any:
    if name not in values:
        close = closest(name, values)
        hint = f"did you mean {{{close}}}?" if close else f"known: {', '.join(sorted(values))}"
        raise MessageError(at, f"unknown name {{{name}}}", hint, value=name)
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
            node.start,
            f"{{{node.name}}} is a list: write {{{node.name}:join}} or :join:SEP",
            value=node.name,
        )
    if node.filter == "ordinal":
        if isinstance(value, bool) or not isinstance(value, int):
            raise MessageError(
                node.start, f"{{{node.name}:ordinal}} needs a whole number", value=node.name
            )
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
    from babel.numbers import format_decimal

    return format_decimal(number, pattern, locale=_locale(locale))


def long_date(iso: str, locale: str) -> str:
    """A date written 2026-12-06 as its language writes it in words ("December 6, 2026",
    "6 de diciembre de 2026"): a reader hears digits and dashes as a sum."""
    from datetime import date

    from babel.dates import format_date

    return format_date(date.fromisoformat(iso), "long", locale=_locale(locale))


def _choose(select: Select, number: int, locale: str) -> Branch:
    exact = f"={number}"
    for branch in select.branches:
        if branch.key == exact:
            return branch
    category = _category(locale, "plural" if select.kind == "plural" else "selectordinal", number)
    fallback = select.branches[-1]
    for branch in select.branches:
        if branch.key == category:
            return branch
        if branch.key == "other":
            fallback = branch
    return fallback


@lru_cache(maxsize=4096)
def _category(locale: str, kind: str, number: int) -> str:
    """The CLDR category of `number` in the locale's rule for `kind`, worked out once: every
    kit fills the same few counts (players, pages, cards) into its messages."""
    return str(_rule(locale, kind)(number))


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
    """The file, line and column of `text[offset]`, for a text written at `where`. A
    spreadsheet's cell that holds the text is the place; a workbook (.xlsx, .ods: a zip,
    whose headers always hold a NUL byte, which no text input may) has no text to search."""
    if where is None or not where.line:
        return where
    if (cell := where.holding(text)) is not None:
        return cell
    try:
        data = where.path.read_bytes()
    except OSError:
        return where
    if b"\0" in data:
        return where
    lines = data.decode("utf-8", errors="replace").splitlines()
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
        cell = where.field(error.value) if where is not None and error.value else None
        if cell is not None and error.value not in values:  # a spreadsheet's empty cell
            raise UserError(
                cell,
                f"column {error.value!r} is empty, and this card's text {{{error.value}}} needs it",
                f"fill the cell in, or draw the element only on cards that have one: when: {error.value}",
            ) from None
        at = cell or place(where, template, error.offset)  # a value's own cell, or the text
        raise UserError(at, error.message, error.hint) from None


def counted(number: int, one: str, other: str) -> str:
    """'1 kit', '2 kits': a count and its noun in English, for the command line's words."""
    return fill(f"{{n, plural, one {{# {one}}} other {{# {other}}}}}", {"n": number}, None)
