"""Lists, generated cards and text filters: the general engine pieces Collect 3 is built from."""

from __future__ import annotations

from pathlib import Path

import pytest

from shapes_print.errors import Source, UserError
from shapes_print.load.conditions import describe, parse_condition
from shapes_print.load.defaults import DEFAULT_LABELS
from shapes_print.load.labels import load_labels
from shapes_print.load.lists import ListOrigin, expand_deck, prepare_list
from shapes_print.load.models import CardNotation, Deck, ListFile
from shapes_print.load.validate import validate
from shapes_print.load.values import compute_list
from shapes_print.load.yamlsrc import read_yaml
from shapes_print.text.message import fill
from shapes_print.text.words import Words

HERE = Source(Path("game.yaml"), 1, 1)
NOTATION = CardNotation(attributes=["colour", "number"], id="{colour}-{number}")


@pytest.mark.parametrize(
    ("labels", "n", "text"),
    [
        ("standard", 1, "1st"),
        ("standard", 2, "2nd"),
        ("standard", 3, "3rd"),
        ("standard", 4, "4th"),
        ("standard", 11, "11th"),
        ("standard", 12, "12th"),
        ("standard", 13, "13th"),
        ("standard", 21, "21st"),
        ("standard", 22, "22nd"),
        ("standard", 111, "111th"),
        ("es", 1, "1.er"),
        ("es", 2, "2.º"),
        ("es", 3, "3.er"),
        ("es", 4, "4.º"),
        ("es", 11, "11.º"),
        ("es", 13, "13.er"),
        ("es", 21, "21.er"),
    ],
)
def test_ordinal_forms_come_from_the_label_set(labels: str, n: int, text: str) -> None:
    words = load_labels(labels, DEFAULT_LABELS).words()
    assert words.fill("{n:ordinal}", {"n": n}, HERE) == text


def test_the_ordinal_message_is_checked_at_its_line_and_column(tmp_path: Path) -> None:
    mine = tmp_path / "mine.yaml"
    cases = {
        'ordinal: "{n, selectordinal, one {#st}}"': (
            r"mine\.yaml:3:11: \{n, selectordinal, \.\.\.\} needs an 'other \{\.\.\.\}' branch"
        ),
        'ordinal: "{x}th"': r"mine\.yaml:3:11: unknown name \{x\}",
        'ordinal: "{n, selectordinal, one {#.er} few {#.º} other {#.º}}"': (
            r"mine\.yaml:3:41: selectordinal category 'few' does not exist in 'es'"
        ),
    }
    for line, error in cases.items():
        mine.write_text(f"extends: standard\nlocale: es\n{line}\n")
        with pytest.raises(UserError, match=error):
            load_labels(str(mine), DEFAULT_LABELS)


def test_ordinal_without_a_message_is_an_error_not_a_guess() -> None:
    with pytest.raises(UserError, match="the label set has no ordinal: message"):
        fill("{n:ordinal}", {"n": 1}, HERE)


def test_join_writes_a_list_out() -> None:
    assert fill("{x:join}", {"x": ["a", "b"]}, HERE) == "a, b"
    assert fill("{x:join: or }", {"x": ["Red 2", "Blue 4"]}, HERE) == "Red 2 or Blue 4"
    assert fill("{x:join: or }", {"x": "alone"}, HERE) == "alone"


def test_join_with_words_says_each_item_and_the_separator() -> None:
    words = Words(text={"Red 2": "Rojo 2", "Blue 4": "Azul 4", " or ": " o "})
    assert words.fill("{x:join: or }", {"x": ["Red 2", "Blue 4"]}, HERE) == "Rojo 2 o Azul 4"


def test_computed_list_is_a_ladder() -> None:
    ladder = compute_list("crowns", {"points": "crowns - n + 1"}, {"crowns": 3}, HERE)
    assert ladder == [{"n": 1, "points": 3}, {"n": 2, "points": 2}, {"n": 3, "points": 1}]
    dealers = compute_list(5, {"seat": "(n - 1) % players + 1"}, {"players": 2}, HERE)
    assert [row["seat"] for row in dealers] == [1, 2, 1, 2, 1]


def test_computed_list_names_an_unknown_number() -> None:
    with pytest.raises(UserError, match="unknown number 'crowns'"):
        compute_list("crowns", {}, {}, HERE)


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "file.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_for_each_makes_one_card_per_combination(tmp_path: Path) -> None:
    doc = read_yaml(
        write(
            tmp_path,
            (
                "backs: {b: {layout: back}}\n"
                "cards:\n"
                "  - {id: joker, count: 2, layout: x, back: b}\n"
                "  - {for_each: [colours, numbers], id: '{colour}-{number}', count: 3, layout: x,\n"
                "     back: b, fields: {label: '{colour:upper} {number}', size: 4}}\n"
            ),
        )
    )
    lists = {
        "colours": [{"colour": "red"}, {"colour": "blue"}],
        "numbers": [{"number": 1}, {"number": 2}],
    }
    deck, origins = expand_deck(validate(Deck, doc), lists, doc)
    assert [card.id for card in deck.cards] == ["joker", "red-1", "red-2", "blue-1", "blue-2"]
    assert origins == (0, 1, 1, 1, 1)
    assert deck.cards[2].fields == {"label": "RED 2", "size": 4}
    assert {card.count for card in deck.cards[1:]} == {3}


def test_a_generated_id_that_is_not_an_identifier_points_at_its_line(tmp_path: Path) -> None:
    doc = read_yaml(
        write(
            tmp_path,
            (
                "backs: {b: {layout: back}}\n"
                "cards:\n"
                "  - for_each: words\n"
                "    id: 'card {word}'\n"
                "    count: 1\n    layout: x\n    back: b\n"
            ),
        )
    )
    with pytest.raises(UserError) as caught:
        expand_deck(validate(Deck, doc), {"words": [{"word": "One"}]}, doc)
    assert caught.value.line().startswith(f"{doc.path}:4:")
    assert "'card One'" in caught.value.message


def test_for_each_names_an_unknown_list(tmp_path: Path) -> None:
    doc = read_yaml(
        write(
            tmp_path,
            (
                "backs: {b: {layout: back}}\ncards:\n"
                "  - {for_each: nope, id: x, count: 1, layout: x, back: b}\n"
            ),
        )
    )
    with pytest.raises(UserError, match="no list named 'nope'"):
        expand_deck(validate(Deck, doc), {}, doc)


def test_a_list_file_gains_card_ids_and_condition_words(tmp_path: Path) -> None:
    doc = read_yaml(
        write(
            tmp_path,
            (
                "tasks:\n"
                "  - {example: ['Red 2, Red 4', 'Blue 1, Blue 3'], miss: 'Red 2, Blue 2',\n"
                "     rule: {all: [{size: 2}, {same: colour}]}}\n"
            ),
        )
    )
    spec = ListFile(file="file.yaml#tasks", cards=["example", "miss"], conditions=["rule"])
    [item] = prepare_list(spec, ListOrigin(doc, ("tasks",)), NOTATION)
    assert item["example_cards"] == [["red-2", "red-4"], ["blue-1", "blue-3"]]
    assert item["miss_cards"] == ["red-2", "blue-2"]
    assert item["rule_text"] == "exactly 2 cards; all the same colour"


def test_a_bad_card_in_a_list_file_points_at_its_line(tmp_path: Path) -> None:
    doc = read_yaml(write(tmp_path, "tasks:\n  - {example: 'Red 2'}\n  - {example: 'Red'}\n"))
    spec = ListFile(file="file.yaml#tasks", cards=["example"])
    with pytest.raises(UserError) as caught:
        prepare_list(spec, ListOrigin(doc, ("tasks",)), NOTATION)
    assert caught.value.line().startswith(f"{doc.path}:3:")


@pytest.mark.parametrize(
    ("condition", "words"),
    [
        ({"counts": {"of": "number", "are": [1, 2]}}, "cards grouped by number: exactly 2 + 1"),
        ({"run": {"of": "number", "step": 2}}, "number values in a row, each 2 more than the last"),
        (
            {"any": [{"sum": {"of": "n", "equals": 10}}, {"not": {"parity": {"of": "n"}}}]},
            "either (n values add up to 10) or (not (n values all even or all odd))",
        ),
        ({"includes": {"of": "number", "values": [1, 6]}}, "number values include 1 and 6"),
    ],
)
def test_describe_reads_a_condition_in_words(condition: dict, words: str) -> None:
    assert describe(parse_condition(condition, HERE)).startswith(words)
