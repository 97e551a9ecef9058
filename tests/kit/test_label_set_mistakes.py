"""A user's label set with mistakes: each named in one line at its place, never a crash."""

from __future__ import annotations

import re
import shutil
import tempfile
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from shapes_print.commands.cli import main
from shapes_print.errors import UserError
from shapes_print.geometry.primitives import (
    Text,
)
from shapes_print.load.defaults import DEFAULT_CONTENT, DEFAULT_LABELS
from shapes_print.pipeline import pipeline
from tests.ownlabelset import refusal_of_own_label_set


def copy_labels(tmp_path: Path, name: str) -> Path:
    """A shipped set's file and its catalogue (its words, if it has one), copied: the
    catalogue's path, else the file's."""
    shutil.copy(DEFAULT_LABELS / f"{name}.yaml", tmp_path / f"{name}.yaml")
    catalogue = DEFAULT_LABELS / f"{name}.po"
    if catalogue.is_file():
        shutil.copy(catalogue, tmp_path / catalogue.name)
        return tmp_path / catalogue.name
    return tmp_path / f"{name}.yaml"


def test_a_complete_label_set_names_the_missing_english_and_where_it_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    words = copy_labels(tmp_path, "es")
    entry = 'msgstr "Cartas apartadas sin mirar"'
    assert words.read_text().count(entry) == 1
    words.write_text(words.read_text().replace(entry, 'msgstr ""'))  # not translated yet
    es = tmp_path / "es.yaml"
    assert main(["check", "pass-and-pick", "--labels", str(es)]) == 2
    first = capsys.readouterr().err.splitlines()[0]
    sheets = (DEFAULT_CONTENT / "pass-and-pick/sheets.yaml").read_text().splitlines()
    line = next(i for i, t in enumerate(sheets, 1) if "Cards set aside unseen" in t)
    assert re.match(
        rf".*content/pass-and-pick/sheets\.yaml:{line}:\d+: label set 'es' .* has no text for "
        r"'Cards set aside unseen'",
        first,
    ), first


def test_label_set_mistakes_point_at_their_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    mine = tmp_path / "mine.yaml"
    elements = "extends: standard\ncards:\n  elements:\n    lable: {size: 30pt}\n"
    err = refusal_of_own_label_set(capsys, mine, elements)
    assert re.search(r"mine\.yaml:4:5: no card layout element is named 'lable'", err)
    err = refusal_of_own_label_set(capsys, mine, "extends: standard\nstyle:\n  body_size: big\n")
    assert re.search(r"mine\.yaml:3:3: body_size: .*big", err)
    err = refusal_of_own_label_set(capsys, mine, "extends: standrd\n")
    assert re.search(r"mine\.yaml:1:10: unknown label set 'standrd'", err)  # at the name
    err = refusal_of_own_label_set(capsys, mine, "extends: [es, standrd]\n")
    assert re.search(r"mine\.yaml:1:15: unknown label set 'standrd'", err)


def test_check_refuses_text_nothing_prints_and_games_that_do_not_exist(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A user's own set's texts are checked on whatever content it is given: here Pass and
    pick alone, whose host key prints "Cards in play"."""
    shutil.copytree(DEFAULT_CONTENT / "pass-and-pick", tmp_path / "content" / "pass-and-pick")
    content = ["--content", str(tmp_path / "content")]
    mine = tmp_path / "mine.yaml"
    texts = 'extends: standard\ntext:\n  "Cards in pley": "Cartes en jeu"\n'
    assert re.search(
        r"mine\.yaml:3:3: text 'Cards in pley' is not printed anywhere "
        r"\(did you mean 'Cards in play'\?\)",
        refusal_of_own_label_set(capsys, mine, texts, *content),
    )
    games = "extends: standard\ngames:\n  pass-and-pik: {cards: {circle: {label: RING}}}\n"
    assert re.search(
        r"mine\.yaml:3:3: no game 'pass-and-pik' in the content",
        refusal_of_own_label_set(capsys, mine, games, *content),
    )


@settings(max_examples=25, deadline=None)
@given(
    word=st.text(min_size=1, max_size=30).filter(lambda t: t.strip()),
    size=st.floats(min_value=0.5, max_value=200, allow_nan=False).map(lambda v: f"{v:.1f}pt"),
    ink=st.sampled_from(["#000000", "#333333", "#FFFF00", "not a colour"]),
)
def test_any_label_set_builds_or_fails_with_one_clean_line(word: str, size: str, ink: str) -> None:
    data = {
        "extends": "standard",
        "text": {"CIRCLE": word},
        "style": {"body_size": size, "ink": ink},
        "cards": {"elements": {"label": {"size": size}}},
    }
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "any.yaml"
        path.write_text(yaml.safe_dump(data, allow_unicode=True))
        try:
            planned = pipeline.load_project(pipeline.Sources(), ["pass-and-pick"], [str(path)])
            files = [
                f for _, _, kit_files in pipeline.plan_all(planned, "4", "a4") for f in kit_files
            ]
        except UserError as error:
            assert "\n" not in error.line() and error.line()
            return
    faces = [i for s in files[0].document.symbols.values() for i in s.items if isinstance(i, Text)]
    assert any(t.text == word.strip() or word.strip() in t.text for t in faces) or "\n" in word


def test_a_bad_colour_in_a_label_set_names_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shade = 'extends: standard\nstyle:\n  shade: "grey"\n'
    assert re.search(
        r"mine\.yaml:3:3: shade: colour must look like '#0072B2', got 'grey'",
        refusal_of_own_label_set(capsys, tmp_path / "mine.yaml", shade),
    )


def test_a_bad_colour_a_label_set_gives_a_card_names_the_label_set_not_the_deck(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The deck's `colour: "{colour}"` only passes the value on: a group's, a card's or a
    back's bad colour is fixed where the label set writes it."""
    assert main(["new", "my-game", "--content", str(tmp_path / "games")]) == 0
    capsys.readouterr()
    check = ("my-game", "--content", str(tmp_path / "games"))
    for kind, entry, value, shown in [
        ("groups", "sun", '{colour: "#GG0000"}', "card 'sun-1' shape fill.*'#GG0000'"),
        ("cards", "sun-1", "{colour: 12}", "card 'sun-1' shape fill.*'12'"),
        ("backs", "standard", '{fill: "#zzzzzz"}', "back 'standard' back fill.*'#zzzzzz'"),
    ]:
        mine = f"extends: standard\ngames:\n  my-game:\n    {kind}:\n      {entry}: {value}\n"
        err = refusal_of_own_label_set(capsys, tmp_path / "mine.yaml", mine, *check)
        assert re.fullmatch(rf"\S*mine\.yaml:5:\d+: my-game {shown}\n", err), err


def test_a_translated_word_too_long_for_its_card_names_the_label_set_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The deck only writes CIRCLE: the words to shorten are the label set's."""
    long = (
        'extends: standard\ntext:\n  "SQUARE": "SQ"\n  "CIRCLE": "A VERY VERY LONG CIRCLE WORD"\n'
    )
    assert re.fullmatch(
        r"\S*mine\.yaml:4:3: card 'circle', element 'label': text 'A VERY VERY LONG CIRCLE WORD' "
        r"does not fit its [\d.]+ x [\d.]+ mm box even at \d+ pt \(label set 'mine'\)\n",
        refusal_of_own_label_set(capsys, tmp_path / "mine.yaml", long, "pass-and-pick"),
    )


def test_a_missing_word_from_a_game_list_is_named_at_its_list_entry(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    words = copy_labels(tmp_path, "es")
    entry = 'msgid "left"\nmsgstr "izquierda"\n'
    assert words.read_text().count(entry) == 1
    words.write_text(words.read_text().replace(entry, ""))
    es = tmp_path / "es.yaml"
    assert main(["check", "pass-and-pick", "--labels", str(es)]) == 2
    first = capsys.readouterr().err.splitlines()[0]
    game = (DEFAULT_CONTENT / "pass-and-pick/game.yaml").read_text().splitlines()
    line = next(i for i, t in enumerate(game, 1) if "direction: left" in t)
    assert re.match(
        rf".*content/pass-and-pick/game\.yaml:{line}:\d+: .* has no text for 'left'", first
    ), first
