"""A small condition language for "does this set of cards satisfy a task", written as data.

Input: a condition as loaded from YAML (a one-key mapping such as `{same: colour}`) and cards as
mappings of attribute name to value. Output: a typed `Condition` and a yes/no answer. Nothing
here knows a game: every form names the attribute it looks at, so any deck can use it.
"""

from collections import Counter
from collections.abc import Mapping, Sequence
from functools import cache
from itertools import pairwise
from typing import Annotated, Any

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    NonNegativeInt,
    PositiveInt,
    Tag,
    TypeAdapter,
    ValidationError,
)

from shapes_print.errors import Source, UserError
from shapes_print.text.message import counted

Card = Mapping[str, object]
Attr = Annotated[str, Field(min_length=1)]
Value = str | int


class _Model(BaseModel):
    # strict: `size: "3"` is a mistake to report, not a string to coerce. defer_build: the
    # forms are built into the one validator below, when a game first has a condition.
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, defer_build=True)


class Of(_Model):
    of: Attr


class OfEquals(Of):
    equals: int


class CountsArgs(Of):
    # A multiset of group sizes: [1, 2] and [2, 1] mean the same, so keep one spelling.
    are: Annotated[
        list[PositiveInt], Field(min_length=1), AfterValidator(lambda a: sorted(a, reverse=True))
    ]


class RunArgs(Of):
    step: PositiveInt = 1


class IncludesArgs(Of):
    values: Annotated[list[Value], Field(min_length=1)]


class Same(_Model):
    same: Attr


class Distinct(_Model):
    distinct: Attr


class Counts(_Model):
    counts: CountsArgs


class DistinctCount(_Model):
    distinct_count: OfEquals


class Run(_Model):
    run: RunArgs


class Sum(_Model):
    sum: OfEquals


class Spread(_Model):
    spread: OfEquals


class Includes(_Model):
    includes: IncludesArgs


class Parity(_Model):
    parity: Of


class Size(_Model):
    size: NonNegativeInt


class All(_Model):
    all: Annotated[list["Condition"], Field(min_length=1)]


class AnyOf(_Model):
    any: Annotated[list["Condition"], Field(min_length=1)]


class Not(_Model):
    not_: "Condition" = Field(alias="not")


_LEAVES = (Same, Distinct, Counts, DistinctCount, Run, Sum, Spread, Includes, Parity, Size)
# Each form's name is its model's only key (by alias for `not`), so the YAML key picks the model.
_FORMS: dict[str, type[_Model]] = {
    field.alias or name: model
    for model in (*_LEAVES, All, AnyOf, Not)
    for name, field in model.model_fields.items()
}
FORMS: tuple[str, ...] = tuple(_FORMS)


def _form_of(data: Any) -> str | None:
    """The discriminator: a condition is tagged by its only key."""
    if isinstance(data, BaseModel):
        return next(k for k, v in _FORMS.items() if type(data) is v)
    if isinstance(data, Mapping) and len(data) == 1:
        key = next(iter(data))
        return key if key in _FORMS else None
    return None


Condition = Annotated[
    Annotated[Same, Tag("same")]
    | Annotated[Distinct, Tag("distinct")]
    | Annotated[Counts, Tag("counts")]
    | Annotated[DistinctCount, Tag("distinct_count")]
    | Annotated[Run, Tag("run")]
    | Annotated[Sum, Tag("sum")]
    | Annotated[Spread, Tag("spread")]
    | Annotated[Includes, Tag("includes")]
    | Annotated[Parity, Tag("parity")]
    | Annotated[Size, Tag("size")]
    | Annotated[All, Tag("all")]
    | Annotated[AnyOf, Tag("any")]
    | Annotated[Not, Tag("not")],
    Discriminator(_form_of),
]


@cache
def _adapter() -> TypeAdapter[Any]:
    """The validator, built on first use: a build whose games have no conditions never pays."""
    return TypeAdapter(Condition)


_SHAPE = "a condition is a one-key mapping such as {same: colour}"


def parse_condition(data: object, source: Source) -> Condition:
    """Validate YAML data into a Condition, or raise one UserError saying what to fix."""
    try:
        return _adapter().validate_python(data)
    except ValidationError as exc:
        # An unknown key usually explains a missing one (a typo), so report it first.
        error = min(exc.errors(), key=lambda e: e["type"] != "extra_forbidden")
        raise UserError(source, f"condition: {_explain(error)}") from None


def _explain(error: Mapping[str, Any]) -> str:
    """One pydantic error as a sentence in the terms of the YAML, saying where it is."""
    loc = [str(p) for p in error["loc"]]
    # Drop the union's tags: each form's tag is followed by a field of the same name, and a
    # value's type name (str, int) by nothing the user wrote.
    path = [p for i, p in enumerate(loc) if loc[i + 1 : i + 2] != [p] and p not in ("str", "int")]
    where, given, kind = ".".join(path) or "condition", error.get("input"), error["type"]
    if kind == "union_tag_not_found":
        return _explain_shape(given, where)
    if kind == "extra_forbidden":
        return f"unknown key {path[-1]!r} in {'.'.join(path[:-1])}; keys are: {_keys(path[:-1])}"
    if kind == "missing":
        return f"{'.'.join(path[:-1])} needs {path[-1]!r}; keys are: {_keys(path[:-1])}"
    if kind == "model_type":
        return f"{where} should be a mapping with keys: {_keys(path)}; got {given!r}"
    if loc[-1] in ("str", "int"):
        return f"{where} should be a word or a whole number, got {given!r}"
    message = error["msg"]
    for noun in ("Input ", "List ", "String "):
        message = message.removeprefix(noun)
    return f"{where} {message}, got {given!r}"


def _explain_shape(given: object, where: str) -> str:
    at = "" if where == "condition" else f" at {where}"
    if not isinstance(given, Mapping):
        return f"{_SHAPE}{at}, got {type(given).__name__} {given!r}"
    if len(given) != 1:
        keys = ", ".join(map(str, given)) or "none"
        return f"{_SHAPE}{at}, got {len(given)} keys ({keys}); to combine, use all: [...]"
    return f"unknown form {next(iter(given))!r}{at}; forms are: {', '.join(FORMS)}"


def _keys(path: list[str]) -> str:
    """The keys the arguments of the form at the end of `path` accept, e.g. "of, are"."""
    form = _FORMS.get(path[-1]) if path else None
    field = form.model_fields.get(path[-1]) if form else None
    args = field.annotation if field else None
    if isinstance(args, type) and issubclass(args, BaseModel):
        return ", ".join(args.model_fields)
    return "see the list of forms"


def holds(condition: Condition, cards: Sequence[Card]) -> bool:
    """True when the cards, taken as an unordered set, satisfy the condition."""
    match condition:
        case Size(size=n):
            return len(cards) == n
        case Same(same=attr):
            return len(set(_values(cards, attr))) <= 1
        case Distinct(distinct=attr):
            values = _values(cards, attr)
            return len(set(values)) == len(values)
        case Counts(counts=args):
            sizes = sorted(Counter(_values(cards, args.of)).values(), reverse=True)
            return sizes == args.are
        case DistinctCount(distinct_count=args):
            return len(set(_values(cards, args.of))) == args.equals
        case Run(run=args):
            numbers = sorted(_numbers(cards, args.of, "run"))
            return all(b - a == args.step for a, b in pairwise(numbers))
        case Sum(sum=args):
            return sum(_numbers(cards, args.of, "sum")) == args.equals
        case Spread(spread=args):
            numbers = _numbers(cards, args.of, "spread")
            return bool(numbers) and max(numbers) - min(numbers) == args.equals
        case Includes(includes=args):
            return set(args.values) <= set(_values(cards, args.of))
        case Parity(parity=args):
            return len({n % 2 for n in _numbers(cards, args.of, "parity")}) <= 1
        case All(all=parts):
            return all(holds(part, cards) for part in parts)
        case AnyOf(any=parts):
            return any(holds(part, cards) for part in parts)
        case Not(not_=part):
            return not holds(part, cards)
    raise TypeError(f"not a condition: {condition!r}")


def describe(condition: Condition) -> str:
    """The condition in plain words, one clause per form, so a host can read the exact rule."""
    match condition:
        case Size(size=n):
            return f"exactly {counted(n, 'card', 'cards')}"
        case Same(same=attr):
            return f"all the same {attr}"
        case Distinct(distinct=attr):
            return f"no two share a {attr}"
        case Counts(counts=args):
            groups = " + ".join(str(size) for size in args.are)
            return f"cards grouped by {args.of}: exactly {groups}"
        case DistinctCount(distinct_count=args):
            return f"exactly {args.equals} different {args.of} values"
        case Run(run=args):
            return f"{args.of} values in a row, each {args.step} more than the last (any order)"
        case Sum(sum=args):
            return f"{args.of} values add up to {args.equals}"
        case Spread(spread=args):
            return f"highest {args.of} minus lowest is {args.equals}"
        case Includes(includes=args):
            return f"{args.of} values include {' and '.join(map(str, args.values))}"
        case Parity(parity=args):
            return f"{args.of} values all even or all odd"
        case All(all=parts):
            return "; ".join(describe(part) for part in parts)
        case AnyOf(any=parts):
            return "either " + " or ".join(f"({describe(part)})" for part in parts)
        case Not(not_=part):
            return f"not ({describe(part)})"
    raise TypeError(f"not a condition: {condition!r}")


def _values(cards: Sequence[Card], attr: str) -> list[object]:
    for card in cards:
        if attr not in card:
            have = ", ".join(card) or "nothing"
            raise UserError(None, f"condition: a card has no {attr!r} (it has {have})")
    return [card[attr] for card in cards]


def _numbers(cards: Sequence[Card], attr: str, form: str) -> list[int]:
    values = _values(cards, attr)
    for value in values:
        if not isinstance(value, int) or isinstance(value, bool):
            message = f"condition: {form} needs whole numbers in {attr!r}, got {value!r}"
            raise UserError(None, message)
    return values  # type: ignore[return-value]  # checked just above


def parse_cards(
    text: str, attributes: Sequence[str] = ("colour", "number"), source: Source | None = None
) -> list[dict[str, Value]]:
    """Read the rules' notation, e.g. "Red 2, Blue 4", into cards: words lower-cased, digits int.

    Each comma-separated card has one word per attribute, in the order of `attributes`.
    """
    if not isinstance(text, str) or not text.strip():
        raise UserError(source, f"cards: expected text such as 'Red 2, Blue 4', got {text!r}")
    cards: list[dict[str, Value]] = []
    for item in text.split(","):
        words = item.split()
        if len(words) != len(attributes):
            raise UserError(
                source,
                f"cards: {item.strip()!r} should have {len(attributes)} words "
                f"({', '.join(attributes)}), got {len(words)}",
            )
        cards.append({a: _word(w) for a, w in zip(attributes, words, strict=True)})
    return cards


def _word(word: str) -> Value:
    return int(word) if word.isdecimal() and word.isascii() else word.lower()
