"""The condition language, and the Collect 3 task list written in it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from itertools import combinations_with_replacement
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shapes_print.errors import Source, UserError
from shapes_print.load.conditions import FORMS, holds, parse_cards, parse_condition
from tests.yamlread import safe_load

ROOT = Path(__file__).resolve().parents[2]
TASKS = ROOT / "content" / "collect-3" / "tasks.yaml"
# The published Collect 3 rules, where the project keeps them beside this repository; the
# test that compares with them skips elsewhere (tests/test_self_contained.py exempts this).
RULES = ROOT.parent / "shared" / "rules" / "003_09499b5182aa2004.txt"
COLOURS = ("red", "blue", "green", "yellow")
# The task list's card attributes, as content/collect-3/game.yaml's card_notation spells them
# (the rules' "color").
TASK_ATTRIBUTES = ("color", "number")
NUMBERS = range(1, 7)
SRC = Source(Path("tasks.yaml"), 3, 5)


def load_tasks() -> list[dict]:
    return safe_load(TASKS.read_text(encoding="utf-8"))["tasks"]


def check(data: object, text: str, attributes: Sequence[str] = ("colour", "number")) -> bool:
    return holds(parse_condition(data, SRC), parse_cards(text, attributes))


# --- the task list ---------------------------------------------------------------------


def test_tasks_are_numbered_1_to_20_in_order() -> None:
    assert [t["number"] for t in load_tasks()] == list(range(1, 21))


def test_every_task_has_exactly_the_expected_keys() -> None:
    keys = {"number", "text", "short", "example", "condition", "near_miss", "near_miss_why"}
    for task in load_tasks():
        assert set(task) == keys, task["number"]
        assert isinstance(task["example"], list) and task["example"], task["number"]
        assert task["near_miss_why"].strip(), task["number"]
        assert task["short"].strip(), task["number"]


def test_task_14_keeps_both_printed_examples() -> None:
    task = load_tasks()[13]
    assert task["example"] == ["Red 2, Blue 4, Green 4", "Yellow 1, Red 3, Blue 5"]


@pytest.mark.parametrize("task", load_tasks(), ids=lambda t: f"task{t['number']}")
def test_examples_hold_and_near_miss_does_not(task: dict) -> None:
    condition = parse_condition(task["condition"], SRC)
    for example in task["example"]:
        assert holds(condition, parse_cards(example, TASK_ATTRIBUTES)) is True, example
    assert holds(condition, parse_cards(task["near_miss"], TASK_ATTRIBUTES)) is False
    assert task["near_miss"] not in task["example"]


@pytest.mark.parametrize("task", load_tasks(), ids=lambda t: f"task{t['number']}")
def test_cards_are_three_real_cards(task: dict) -> None:
    for text in [*task["example"], task["near_miss"]]:
        cards = parse_cards(text, TASK_ATTRIBUTES)
        assert len(cards) == 3, text
        for card in cards:
            assert card["color"] in COLOURS, text
            assert card["number"] in NUMBERS, text
        # The rules do not say the deck has copies, so no set relies on one.
        assert len({(c["color"], c["number"]) for c in cards}) == 3, text


@pytest.mark.parametrize("task", load_tasks(), ids=lambda t: f"task{t['number']}")
def test_every_condition_requires_three_cards(task: dict) -> None:
    assert {"size": 3} in task["condition"]["all"]


def test_text_and_examples_are_the_rules_own() -> None:
    if not RULES.exists():
        pytest.skip(f"rules not found at {RULES}")
    lines = RULES.read_text(encoding="utf-8").splitlines()
    for task in load_tasks():
        printed = f"{task['number']}. {task['text']}Example: {' or '.join(task['example'])}"
        # Word for word, in the rules' own spelling ("color").
        assert printed in lines, printed


# An independent reading of each task in plain Python over sorted numbers n and colours c,
# checked against the YAML condition on every 3-card set (copies included).
ORACLES: dict[int, Callable[[list[int], list[str]], bool]] = {
    1: lambda n, c: len(set(c)) == 1,
    2: lambda n, c: len(set(n)) == 2 and len(set(c)) == 2,
    3: lambda n, c: len(set(n)) == 1,
    4: lambda n, c: len(set(n)) == 1 and len(set(c)) == 3,
    5: lambda n, c: n[1] - n[0] == 2 and n[2] - n[1] == 2,
    6: lambda n, c: len(set(n)) == 2,
    7: lambda n, c: len(set(n)) == 2 and n[2] - n[0] == 1,
    8: lambda n, c: len(set(n)) == 3,
    9: lambda n, c: len(set(n)) == 3 and len(set(c)) == 3,
    10: lambda n, c: n == [n[0], n[0] + 1, n[0] + 2],
    11: lambda n, c: n == [n[0], n[0] + 1, n[0] + 2] and len(set(c)) == 1,
    12: lambda n, c: n == [n[0], n[0] + 1, n[0] + 2] and len(set(c)) == 3,
    13: lambda n, c: n == [n[0], n[0] + 1, n[0] + 2] and len(set(c)) == 2,
    14: lambda n, c: len({x % 2 for x in n}) == 1,
    15: lambda n, c: n[0] == 1 and 2 <= n[1] <= 5 and n[2] == 6 and len(set(c)) == 1,
    16: lambda n, c: len(set(c)) == 2 and len(set(n)) == 3,
    17: lambda n, c: len(set(n)) == 2 and len(set(c)) == 3,
    18: lambda n, c: sum(n) == 10,
    19: lambda n, c: sum(n) == 15,
    20: lambda n, c: sum(n) == 12,
}
DECK = [{"color": c, "number": n} for c in COLOURS for n in NUMBERS]
HANDS = list(combinations_with_replacement(DECK, 3))


@pytest.mark.parametrize("task", load_tasks(), ids=lambda t: f"task{t['number']}")
def test_condition_matches_plain_reading_on_every_hand(task: dict) -> None:
    condition = parse_condition(task["condition"], SRC)
    oracle = ORACLES[task["number"]]
    wrong = [
        hand
        for hand in HANDS
        if holds(condition, hand)
        != oracle(sorted(h["number"] for h in hand), [h["color"] for h in hand])
    ]
    assert wrong == []
    assert any(holds(condition, hand) for hand in HANDS)


def test_task_counts_on_distinct_cards_are_as_expected() -> None:
    # Spot numbers worked out by hand over the 2024 sets of three different cards.
    distinct = [h for h in HANDS if len({(c["color"], c["number"]) for c in h}) == 3]
    assert len(distinct) == 2024
    tasks = {t["number"]: parse_condition(t["condition"], SRC) for t in load_tasks()}
    count = Counter(n for n, cond in tasks.items() for h in distinct if holds(cond, h))
    assert count[1] == 4 * 20  # C(6,3) number sets per colour
    assert count[3] == 6 * 4  # C(4,3) colour sets per number
    assert count[11] == 4 * 4  # four runs per colour
    assert count[15] == 4 * 4  # four middle numbers per colour


# --- each form, true and false ---------------------------------------------------------

FORM_CASES = [
    ({"size": 3}, "Red 1, Red 2, Red 3", True),
    ({"size": 2}, "Red 1, Red 2, Red 3", False),
    ({"same": "colour"}, "Red 1, Red 2", True),
    ({"same": "colour"}, "Red 1, Blue 1", False),
    ({"distinct": "number"}, "Red 1, Red 2, Red 3", True),
    ({"distinct": "number"}, "Red 1, Blue 2, Red 2", False),
    ({"counts": {"of": "number", "are": [2, 1]}}, "Red 4, Blue 4, Red 6", True),
    ({"counts": {"of": "number", "are": [1, 2]}}, "Red 4, Blue 6, Red 4", True),
    ({"counts": {"of": "number", "are": [2, 1]}}, "Red 4, Blue 4, Red 4", False),
    ({"counts": {"of": "number", "are": [2, 1]}}, "Red 4, Blue 5, Red 6", False),
    ({"distinct_count": {"of": "colour", "equals": 2}}, "Red 2, Blue 3, Red 4", True),
    ({"distinct_count": {"of": "colour", "equals": 2}}, "Red 2, Blue 3, Green 4", False),
    ({"run": {"of": "number", "step": 1}}, "Red 5, Red 3, Red 4", True),
    ({"run": {"of": "number"}}, "Red 3, Red 4, Red 6", False),
    ({"run": {"of": "number", "step": 1}}, "Red 3, Red 4, Red 4", False),
    ({"run": {"of": "number", "step": 2}}, "Red 5, Red 1, Red 3", True),
    ({"run": {"of": "number", "step": 2}}, "Red 1, Red 2, Red 3", False),
    ({"sum": {"of": "number", "equals": 10}}, "Red 5, Red 3, Red 2", True),
    ({"sum": {"of": "number", "equals": 10}}, "Red 5, Red 3, Red 3", False),
    ({"spread": {"of": "number", "equals": 1}}, "Red 4, Red 4, Red 5", True),
    ({"spread": {"of": "number", "equals": 1}}, "Red 4, Red 4, Red 6", False),
    ({"includes": {"of": "number", "values": [1, 6]}}, "Red 6, Red 3, Red 1", True),
    ({"includes": {"of": "number", "values": [1, 6]}}, "Red 1, Red 3, Red 5", False),
    ({"includes": {"of": "colour", "values": ["red"]}}, "Red 1, Blue 3", True),
    ({"parity": {"of": "number"}}, "Red 2, Red 4, Red 4", True),
    ({"parity": {"of": "number"}}, "Red 1, Red 3, Red 5", True),
    ({"parity": {"of": "number"}}, "Red 1, Red 2, Red 3", False),
    ({"all": [{"size": 2}, {"same": "colour"}]}, "Red 1, Red 2", True),
    ({"all": [{"size": 2}, {"same": "colour"}]}, "Red 1, Blue 2", False),
    ({"any": [{"same": "colour"}, {"same": "number"}]}, "Red 1, Blue 1", True),
    ({"any": [{"same": "colour"}, {"same": "number"}]}, "Red 1, Blue 2", False),
    ({"not": {"same": "colour"}}, "Red 1, Blue 1", True),
    ({"not": {"same": "colour"}}, "Red 1, Red 2", False),
]


@pytest.mark.parametrize(("data", "text", "expected"), FORM_CASES)
def test_form(data: dict, text: str, expected: bool) -> None:
    assert check(data, text) is expected


def test_every_form_has_a_true_and_a_false_case() -> None:
    seen = {(next(iter(data)), expected) for data, _, expected in FORM_CASES}
    assert seen == {(form, b) for form in FORMS for b in (True, False)}


def test_forms_work_for_any_attributes() -> None:
    attributes = ("shape", "count")
    assert check({"same": "shape"}, "Star 2, Star 3", attributes) is True
    assert check({"sum": {"of": "count", "equals": 5}}, "Star 2, Moon 3", attributes) is True
    assert check({"distinct": "shape"}, "Star 2, Star 3", attributes) is False


def test_counts_stores_group_sizes_descending() -> None:
    condition = parse_condition({"counts": {"of": "number", "are": [1, 2]}}, SRC)
    assert condition.counts.are == [2, 1]


# --- card notation ---------------------------------------------------------------------


def test_parse_cards_reads_the_rules_notation() -> None:
    assert parse_cards("Red 2, Blue 4, Green 4") == [
        {"colour": "red", "number": 2},
        {"colour": "blue", "number": 4},
        {"colour": "green", "number": 4},
    ]
    assert parse_cards("Star 10", attributes=("shape", "count")) == [{"shape": "star", "count": 10}]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "cards: expected text such as 'Red 2, Blue 4', got ''"),
        ("Red 2, Blue", "cards: 'Blue' should have 2 words (colour, number), got 1"),
        ("Red 2 Blue 4", "cards: 'Red 2 Blue 4' should have 2 words (colour, number), got 4"),
        ("Red 2,, Blue 4", "cards: '' should have 2 words (colour, number), got 0"),
    ],
)
def test_bad_card_text_is_a_user_error(text: str, message: str) -> None:
    with pytest.raises(UserError) as caught:
        parse_cards(text, source=SRC)
    assert caught.value.message == message
    assert caught.value.line() == f"tasks.yaml:3:5: {message}"


# --- parse errors ----------------------------------------------------------------------

ALL_FORMS = ", ".join(FORMS)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"sames": "colour"}, f"unknown form 'sames'; forms are: {ALL_FORMS}"),
        (
            {"all": [{"size": 3}, {"sames": "colour"}]},
            f"unknown form 'sames' at all.1; forms are: {ALL_FORMS}",
        ),
        ({"counts": {"of": "n", "ar": [2, 1]}}, "unknown key 'ar' in counts; keys are: of, are"),
        (
            {"not": {"run": {"of": "n", "stp": 1}}},
            "unknown key 'stp' in not.run; keys are: of, step",
        ),
        ({"counts": {"of": "number"}}, "counts needs 'are'; keys are: of, are"),
        ({"size": "3"}, "size should be a valid integer, got '3'"),
        ({"parity": "number"}, "parity should be a mapping with keys: of; got 'number'"),
        ({"run": {"of": "number", "step": 0}}, "run.step should be greater than 0, got 0"),
        (
            {"includes": {"of": "number", "values": [1.5]}},
            "includes.values.0 should be a word or a whole number, got 1.5",
        ),
        ("same", "a condition is a one-key mapping such as {same: colour}, got str 'same'"),
        (
            {"same": "colour", "size": 3},
            "a condition is a one-key mapping such as {same: colour}, got 2 keys (same, size); "
            "to combine, use all: [...]",
        ),
    ],
)
def test_bad_condition_is_a_user_error(data: object, message: str) -> None:
    with pytest.raises(UserError) as caught:
        parse_condition(data, SRC)
    assert caught.value.message == f"condition: {message}"
    assert caught.value.source == SRC


def test_holds_reports_a_missing_or_non_numeric_attribute() -> None:
    with pytest.raises(UserError, match="sum needs whole numbers in 'colour', got 'red'"):
        check({"sum": {"of": "colour", "equals": 3}}, "Red 1")
    with pytest.raises(UserError, match="a card has no 'shape'"):
        check({"same": "shape"}, "Red 1")


_yaml_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 8) | st.sampled_from(["colour", "number", ""]),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.sampled_from([*FORMS, "of", "are", "equals", "step", "x"]), inner)
    ),
    max_leaves=12,
)


@given(_yaml_values)
def test_any_data_parses_or_gives_a_user_error(data: object) -> None:
    try:
        condition = parse_condition(data, SRC)
    except UserError as error:
        assert error.message.startswith("condition: ")
        return
    cards = parse_cards("Red 1, Blue 2, Red 4")
    try:
        assert holds(condition, cards) in (True, False)
    except UserError as error:  # e.g. an attribute the cards do not have
        assert error.message.startswith("condition: ")
