"""Numbers that depend on the player count, computed from YAML, never from code.

A game's `numbers` are whole numbers, small arithmetic expressions over other numbers
(`deck_size - deal * players`), or tables by player range (`{"2-4": 10, "7+": 20}`).
Text in YAML names them as `{in_play}` (text/grammar.py is the grammar that does).

A table need not cover every count the game allows (a variant's deal may exist for 2-4
players only): outside its ranges the number is `NoEntry`, and only printing it, or
computing with it, is an error. Sections filtered to the variant's players never do.

Each number counts something (cards dealt, rounds, points), so it must come to 0 or more
for every count; every step of an expression stays within MAX_NUMBER, and every mistake,
a division by zero or max() of one value, is one line at the number's place.
"""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable, Collection, Mapping, Sequence
from functools import lru_cache

from shapes_print.errors import Source, UserError, known_names
from shapes_print.limits import MAX_EXPRESSION_DEPTH, MAX_LIST_ITEMS, MAX_NUMBER, MAX_PLAYERS
from shapes_print.load.yamldoc import Loc
from shapes_print.text.message import NoEntry, counted

_OPERATORS: dict[type, Callable[[int, int], int]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.FloorDiv: operator.floordiv,
    ast.Mod: operator.mod,
}
# The operators that divide, whose right side may not come to zero.
_DIVIDING = (ast.FloorDiv, ast.Mod)
_FUNCTIONS: dict[str, Callable[..., int]] = {"min": min, "max": max}


class _Undefined(Exception):
    """Raised inside an expression that refers to a NoEntry number."""

    def __init__(self, missing: NoEntry) -> None:
        super().__init__(missing.message())


# How a range open at its top ends: `7+`, or `7-` as a person reads it (not `7`, which the
# range once read it as): from 7 to the most players.
OPEN_ENDS = ("+", "-", "\N{EN DASH}")


def player_range(text: str, where: Source | None) -> tuple[int, int]:
    """'3-6' -> (3, 6); '7+' or '7-' -> (7, the most players a game may have); '4' -> (4, 4)."""
    text = str(text).replace("\N{EN DASH}", "-").strip()
    try:
        if text.endswith(OPEN_ENDS):
            return int(text[:-1]), MAX_PLAYERS
        low, _, high = text.partition("-")
        first, last = int(low), int(high or low)
    except ValueError:
        raise UserError(where, f"player range {text!r} must look like '3-6', '7+' or '4'") from None
    if first > last:
        raise UserError(where, f"player range {text!r} runs backwards: write '{last}-{first}'")
    return first, last


def _parse(text: str, where: Source, what: str) -> ast.expr:
    """An expression's tree, no deeper than MAX_EXPRESSION_DEPTH: deeper would exhaust
    Python's stack in its parser or in `_evaluate`. `what` names it in that message; a
    SyntaxError is left to the caller, whose message says what it is."""
    tree = _tree(text)
    if tree is None:
        raise UserError(
            where,
            f"{what} nests more than {MAX_EXPRESSION_DEPTH} levels deep; "
            "give parts of it numbers of their own",
        )
    return tree


@lru_cache(maxsize=4096)
def _tree(text: str) -> ast.expr | None:
    """`_parse`'s tree, None where it nests too deep; parsed once per process for the same
    text: every kit of a game evaluates the same expressions again, a list's for each of
    its items (the trees are only read)."""
    try:
        tree = ast.parse(text, mode="eval").body
    except RecursionError:
        return None
    return None if _depth(tree) > MAX_EXPRESSION_DEPTH else tree


def _depth(tree: ast.expr) -> int:
    """How many levels deep an expression nests (`a + b + c` is three), without recursing."""
    deepest, stack = 0, [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        deepest = max(deepest, depth)
        stack += [
            (sub, depth + 1) for sub in ast.iter_child_nodes(node) if isinstance(sub, ast.expr)
        ]
    return deepest


def _evaluate(node: ast.expr, values: Mapping[str, int | NoEntry], where: Source | None) -> int:
    """The node's value, refused past MAX_NUMBER at every step: products of products
    would otherwise grow without end, and no table game needs such numbers."""
    value = _value(node, values, where)
    if abs(value) > MAX_NUMBER:
        raise UserError(
            where,
            f"{ast.unparse(node)!r} goes past {MAX_NUMBER:,}, the largest number a game may use",
        )
    return value


def _value(node: ast.expr, values: Mapping[str, int | NoEntry], where: Source | None) -> int:
    if isinstance(node, ast.Constant) and type(node.value) is int:  # not True or False
        return node.value
    if isinstance(node, ast.Name):
        if node.id not in values:
            known = known_names(node.id, sorted(values))
            raise UserError(where, f"unknown number {node.id!r} (known: {known})")
        value = values[node.id]
        if isinstance(value, NoEntry):
            raise _Undefined(value)
        return value
    if isinstance(node, ast.BinOp) and type(node.op) in _OPERATORS:
        left = _evaluate(node.left, values, where)
        right = _evaluate(node.right, values, where)
        if isinstance(node.op, _DIVIDING) and right == 0:
            raise UserError(where, f"division by zero in {ast.unparse(node)!r}")
        return _OPERATORS[type(node.op)](left, right)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return -_evaluate(node.operand, values, where)
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in _FUNCTIONS
    ):
        return _call(node, node.func.id, values, where)
    raise UserError(
        where,
        "expressions may use whole numbers, names, + - * // %, min() and max(), "
        f"not {ast.unparse(node)!r}",
    )


def _call(
    node: ast.Call, name: str, values: Mapping[str, int | NoEntry], where: Source | None
) -> int:
    """min() or max() of two values or more, each a whole number: Python's own would take
    one (a list) or none, and fail with a TypeError the user cannot read."""
    if node.keywords:
        raise UserError(where, f"{name}() takes values only, not {ast.unparse(node.keywords[0])!r}")
    if len(node.args) < 2:
        got = len(node.args)
        raise UserError(
            where, f"{name}() takes at least two values, got {got}: {ast.unparse(node)!r}"
        )
    return _FUNCTIONS[name](_evaluate(arg, values, where) for arg in node.args)


def compute_numbers(
    specs: Mapping[str, int | str | Mapping[str, int]],
    given: Mapping[str, int],
    source_of: Callable[[str], Source],
    built_in: Collection[str] = (),
) -> dict[str, int | NoEntry]:
    """All numbers for one player count, each evaluated after those it refers to.

    None may take the name of a value given (`players`, `deck_size`) or of another
    `built_in` one, which it would silently replace."""
    values: dict[str, int | NoEntry] = dict(given)
    players = given["players"]
    for name, spec in specs.items():
        where = source_of(name)
        if name in given or name in built_in:
            raise UserError(
                where,
                f"numbers.{name}: {name!r} is a value every kit gives; call this number "
                "something else",
            )
        if isinstance(spec, bool):
            raise UserError(where, f"{name}: expected a number, got {spec!r}")
        if isinstance(spec, int):
            values[name] = spec
        elif isinstance(spec, str):
            try:
                values[name] = evaluate(spec, values, where, name)
            except _Undefined:
                values[name] = NoEntry(name, players)
        else:
            entry = by_players(spec, players, where)
            values[name] = NoEntry(name, players) if entry is None else entry
    return values


def check_counts(
    specs: Mapping[str, int | str | Mapping[str, int]],
    values: Mapping[str, int | NoEntry],
    source_of: Callable[[Loc], Source],
) -> None:
    """Each number of the game, as computed for this count, is a count (`_count`);
    `source_of(("deal", "2-3"))` is where it or its entry is written. Checked after the
    game's constraints, whose own words ('in_play <= deck_size') say better what went wrong."""
    players = _players(values)
    for name, spec in specs.items():
        value = values[name]
        if isinstance(value, NoEntry):
            continue
        written: int | str
        if isinstance(spec, Mapping):
            key = table_key(spec, players, None)
            assert key is not None  # a table without this count's entry gave NoEntry
            written, where = spec[key], source_of((name, key))
        else:
            written, where = spec, source_of((name,))
        _count(f"numbers.{name}", written, value, values, where, MAX_NUMBER)


def _count(
    what: str,
    spec: str | int,
    value: int,
    values: Mapping[str, int | NoEntry],
    where: Source,
    most: int,
) -> int:
    """`value`, if from 0 to `most`: a game's numbers and a list's length count cards,
    rounds and points, and below 0 the rules would print "after -3 rounds". For an
    expression, the message says what it came to for this player count, and from what."""
    if 0 <= value <= most:
        return value
    bound = "at least 0" if value < 0 else f"at most {most:,}"
    if isinstance(spec, int):
        raise UserError(where, f"{what}: must be {bound}, got {value:,}")
    players = counted(_players(values), "player", "players")
    named = _named(ast.parse(spec, mode="eval").body, values)
    came_from = f"{spec!r} comes to {value:,} for {players}" + (f" ({named})" if named else "")
    raise UserError(where, f"{what}: {came_from}; it must be {bound}")


def evaluate(
    expression: str | int, values: Mapping[str, int | NoEntry], where: Source, name: str
) -> int:
    """One whole number from a number or an expression such as `crowns - n + 1`."""
    if isinstance(expression, int) and not isinstance(expression, bool):
        return expression
    try:
        tree = _parse(str(expression), where, f"{name}: expression")
    except SyntaxError:
        raise UserError(where, f"{name}: cannot read expression {expression!r}") from None
    return _evaluate(tree, values, where)


def compute_list(
    count: str | int,
    fields: Mapping[str, str | int],
    values: Mapping[str, int | NoEntry],
    where: Source,
) -> list[dict[str, int]]:
    """`count` items numbered `n` from 1; each field an expression over the numbers and `n`."""
    try:
        total = _count(
            "count", count, evaluate(count, values, where, "count"), values, where, MAX_LIST_ITEMS
        )
        return [
            {
                "n": n,
                **{
                    key: evaluate(spec, {**values, "n": n}, where, key)
                    for key, spec in fields.items()
                },
            }
            for n in range(1, total + 1)
        ]
    except _Undefined as missing:
        raise UserError(where, str(missing)) from None


_COMPARISONS: dict[type, Callable[[int, int], bool]] = {
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
}


def check_constraints(
    constraints: Sequence[str],
    values: Mapping[str, int | NoEntry],
    source_of: Callable[[int], Source],
) -> None:
    """Each constraint (`in_play <= deck_size`) must hold, or the YAML cannot be played.

    A constraint naming a number the game leaves undefined for this count does not apply.
    """
    for index, text in enumerate(constraints):
        where = source_of(index)
        try:
            tree = _parse(text, where, "constraint")
        except SyntaxError:
            raise UserError(where, f"cannot read constraint {text!r}") from None
        if not isinstance(tree, ast.Compare) or not all(
            type(op) in _COMPARISONS for op in tree.ops
        ):
            raise UserError(where, f"constraint {text!r} must compare numbers, as in 'a <= b'")
        try:
            sides = [_evaluate(side, values, where) for side in (tree.left, *tree.comparators)]
        except _Undefined:
            continue
        pairs = zip(tree.ops, sides, sides[1:], strict=False)
        if not all(_COMPARISONS[type(op)](a, b) for op, a, b in pairs):
            shown = _named(tree, values)
            players = counted(_players(values), "player", "players")
            raise UserError(where, f"{text!r} fails for {players} ({shown})")


def _named(tree: ast.expr, values: Mapping[str, int | NoEntry]) -> str:
    """The numbers an expression names, with their values: "deck_size = 15, in_play = 6"
    (a function's name, `min`, is none of them)."""
    functions = {id(call.func) for call in ast.walk(tree) if isinstance(call, ast.Call)}
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and id(n) not in functions}
    return ", ".join(f"{name} = {values[name]}" for name in sorted(names))


def _players(values: Mapping[str, int | NoEntry]) -> int:
    """The player count: the one number that always has an entry."""
    players = values["players"]
    assert isinstance(players, int)
    return players


def table_key(table: Mapping[str, int], players: int, where: Source | None) -> str | None:
    """The key of a table by player range (`{"2-4": 10, "7+": 20}`) that holds one count,
    if any: where its entry is written."""
    for key in table:
        low, high = player_range(key, where)
        if low <= players <= high:
            return key
    return None


def by_players(table: Mapping[str, int], players: int, where: Source | None) -> int | None:
    """The entry of a table by player range for one count, if any."""
    key = table_key(table, players, where)
    return None if key is None else table[key]
