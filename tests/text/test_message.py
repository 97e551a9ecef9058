"""The message grammar (shapes_print/text/grammar.py, text/message.py): placeholders, filters, plural and ordinal
messages chosen by CLDR, the tree a message parses into, its mistakes refused at their place."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from shapes_print.errors import UserError
from shapes_print.load.defaults import DEFAULT_LABELS
from shapes_print.load.labels import load_labels
from shapes_print.text.grammar import Field, Hash, MessageError, Select, Text, parse
from shapes_print.text.message import Style, decimal, fill, render
from shapes_print.text.words import Words
from tests.messageplace import HERE
from tests.pdfread import text
from tests.project_copy import build_args, copy_project, run


def test_label_sets_name_their_locale_and_extends_inherits_it() -> None:
    assert load_labels("standard", DEFAULT_LABELS).locale == "en"
    assert load_labels("es", DEFAULT_LABELS).locale == "es"
    assert load_labels("large-print-atkinson", DEFAULT_LABELS).locale == "en"


def test_a_message_is_parsed_into_a_small_tree() -> None:
    message = parse("{n, plural, =0 {No cards} one {# card of {who:upper}} other {# cards}}!")
    select, bang = message.nodes
    assert isinstance(select, Select) and select.kind == "plural"
    assert [branch.key for branch in select.branches] == ["=0", "one", "other"]
    assert select.branches[1].nodes == (
        Hash(31),
        Text(" card of "),
        Field("who", "upper", None, 41),
    )
    assert bang == Text("!")
    assert parse("{x:join: or }").nodes == (Field("x", "join", " or ", 0),)


def test_nested_placeholders_and_quotes() -> None:
    values = {"n": 2, "who": "ann", "x": ["a", "b"]}
    assert fill("{n, plural, other {# for {who:title} ({x:join: or })}}", values, HERE) == (
        "2 for Ann (a or b)"
    )
    # ICU quoting: a brace in apostrophes is text; any other apostrophe is text as written.
    assert fill("'{'n'}' is {n}; the player's #", values, HERE) == "{n} is 2; the player's #"


def test_a_select_picks_the_branch_named_by_the_kit_or_other() -> None:
    """ICU's select: the printing guide's steps differ between home and print-shop kits."""
    text = (
        "{kit, select, print_shop {Send {n, plural, one {# file} other {# files}}} other {Print}} #"
    )
    assert fill(text, {"kit": "print_shop", "n": 2}, HERE) == "Send 2 files #"
    assert fill(text, {"kit": "home", "n": 2}, HERE) == "Print #"
    assert fill("{kit, select, home {} other {x}}", {"kit": "home"}, HERE) == ""
    # a number (a spreadsheet's or a YAML deck's) picks the branch it is written as
    rank = "{rank, select, 1 {Ace} 11 {Jack} other {#}}"
    assert [fill(rank, {"rank": n}, HERE) for n in (1, 11, 5, "1")] == ["Ace", "Jack", "#", "Ace"]
    assert parse(text).names() == {"kit", "n"}


@pytest.mark.parametrize(
    ("number", "locale", "written"),
    [
        (3.0000000000000004, "en", "3"),
        (0.11811023622047245, "en", "0.118"),
        (0.11811023622047245, "es", "0,118"),
        (3.175, "es", "3,175"),
        (Decimal("1.50"), "en", "1.50"),
        (Decimal("1.50"), "es", "1,50"),
        (Decimal("12"), "es", "12"),
    ],
)
def test_a_decimal_number_is_written_in_the_locale(
    number: float | Decimal, locale: str, written: str
) -> None:
    """A decimal comma in Spanish; a Decimal (a number as a YAML file writes it) keeps its
    digits, a float (a length worked out in points) is rounded to three places."""
    assert decimal(number, locale) == written
    assert render(parse("{x} mm"), {"x": number}, Style(locale)) == f"{written} mm"


@pytest.mark.parametrize(
    ("text", "offset", "message"),
    [
        ("{kit, select, home {x}}", 0, "needs an 'other {...}' branch"),
        ("{kit, select, =1 {x} other {y}}", 14, "a branch starts with a word"),
        ("Deal {game_title.__class__}", 16, "'.' after {game_title"),
        ("{game_title[0]}", 11, "'[' after {game_title"),
        ("{0} cards", 1, "a placeholder starts with a name"),
        ("{} cards", 0, "empty placeholder {}"),
        ("{rounds:shout}", 8, "unknown filter 'shout'"),
        ("{rounds:upper:x}", 13, "only join takes an argument"),
        ("{n, plurl, other {x}}", 4, "unknown message kind 'plurl'"),
        ("{n, plural, one {x} one {y} other {z}}", 20, "branch 'one' is written twice"),
        ("{n, plural, one {x}", 0, "is never closed"),
        ("a } b", 2, "'}' closes no '{'"),
    ],
)
def test_mistakes_are_refused_at_their_offset(text: str, offset: int, message: str) -> None:
    with pytest.raises(MessageError) as caught:
        parse(text)
    assert caught.value.offset == offset
    assert message in caught.value.message


def test_fill_names_only_the_values_given_with_a_did_you_mean() -> None:
    with pytest.raises(UserError, match=r"unknown name \{plyers\}") as caught:
        fill("for {plyers} players", {"players": 3}, HERE)
    assert caught.value.hint == "did you mean {players}?"
    with pytest.raises(UserError, match=r"is a list: write \{x:join\}"):
        fill("{x}", {"x": ["a"]}, HERE)
    with pytest.raises(UserError, match=r"\{n, plural\} needs a whole number"):
        fill("{n, plural, other {#}}", {"n": "three"}, HERE)


def test_a_translation_with_a_category_its_locale_lacks_is_refused_at_its_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """English has no `many`; Spanish does (CLDR), but has no `two`."""
    mine = tmp_path / "mine.yaml"
    english = "Score sheet: {players, plural, one {# player} other {# players}}"
    mine.write_text(
        "extends: es\n"
        "text:\n"
        f'  "{english}": "Hoja: {{players, plural, one {{# jugador}} two {{# jugadores}} '
        'other {# jugadores}}"\n'
    )
    root = copy_project(tmp_path)
    args = ["check", "pass-and-pick", "--content", str(root / "content")]
    status, lines, _ = run([*args, "--labels", str(mine)], capsys, tmp_path)
    assert status == 2
    assert lines == [
        "mine.yaml:3:112: plural category 'two' does not exist in 'es' "
        "(it has one, many, other, and =N for an exact number)"
    ]


def test_the_designing_guides_example_reads_as_it_says() -> None:
    readme = (Path(__file__).resolve().parents[2] / "docs/designing.md").read_text()
    (block,) = re.findall(r"```yaml\n(text:\n.*?selectordinal.*?)```", readme, re.S)
    text = yaml.safe_load(block)["text"]
    english = Words(ordinal=parse("{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}"))
    spanish = load_labels("es", DEFAULT_LABELS).words()
    spanish.text = text
    crowns, aside, ordinal, feminine = text
    for words, expected in (
        (english, ["put 1 Crown face up", "No cards are set aside.", "21st", "1st Crown"]),
        (spanish, ["ponga 1 Corona boca arriba", "No se aparta", "21.er", "1.ª Corona"]),
    ):
        said = [
            words.fill(crowns, {"crowns": 1}, HERE),
            words.fill(aside, {"set_aside": 0}, HERE),
            words.fill(ordinal, {"n": 21}, HERE),
            words.fill(feminine, {"n": 1}, HERE),
        ]
        assert all(part in line for part, line in zip(expected, said, strict=True)), said


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="{}#:,'= nabxjoinupperthrlsc0123", max_size=40))
def test_any_text_is_a_message_or_one_refusal_never_python(text: str) -> None:
    """Whatever a user writes parses to a tree that fills, or is refused with an offset in
    the text: never a Python error, never Python's own formatting."""
    values = {"n": 2, "a": "x", "b": ["p", "q"]}
    try:
        said = fill(text, values, HERE)
    except UserError as error:
        assert error.message
        return
    if "'" not in text:  # only ICU quoting prints a brace
        assert "{" not in said and "}" not in said


def test_a_card_field_number_prints_as_the_deck_file_writes_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`label: 1.50` is a number to YAML; the card prints 1.50 (es: 1,50), not 1.5, and an
    unquoted 2.0 stays 2.0: the digits the designer wrote, in the label set's locale."""
    deck = "content/pass-and-pick/deck.yaml"
    root = copy_project(
        tmp_path,
        [(deck, "label: CIRCLE", "label: 1.50"), (deck, "label: SQUARE", "label: 2.0")],
    )
    out = tmp_path / "out"
    args = build_args(root, out, "--players", "3", "--paper", "a4")
    for labels, circle, square in (("standard", "1.50", "2.0"), ("es", "1,50", "2,0")):
        status, lines, _ = run([*args, "--labels", labels], capsys, tmp_path)
        assert status == 0, lines
        (cards,) = out.rglob(f"*_3p_a4{'' if labels == 'standard' else '_es'}_cards.pdf")
        # Each page's running foot ("… · page 2 of 6", "… · página 2 de 6") numbers the page.
        words = " ".join(re.sub(r"· \w+ \d+ \w+ \d+", "", t) for t in text(cards)).split()
        assert circle in words and square in words, (labels, words)
        assert "1.5" not in words and "2" not in words
