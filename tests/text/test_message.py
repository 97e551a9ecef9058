"""The message grammar (shapes_print/text/grammar.py, text/message.py): placeholders, filters, plural and ordinal
messages chosen by CLDR, in English and Spanish, through the kits' own texts."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from shapes_print.errors import Source, UserError
from shapes_print.load.defaults import DEFAULT_CONTENT, DEFAULT_LABELS
from shapes_print.load.labels import load_labels
from shapes_print.load.yamlsrc import read_yaml
from shapes_print.text.grammar import Field, Hash, MessageError, Select, Text, parse
from shapes_print.text.message import Style, decimal, fill, render
from shapes_print.text.words import Said, Words
from tests.pdfread import text
from tests.project_copy import build_args, copy_project, run

HERE = Source(Path("game.yaml"), 1, 1)


def _written(path: Path, begins: str) -> str:
    """The one text in a content file that begins with `begins`, exactly as written."""
    found: list[str] = []

    def walk(value: object) -> None:
        if isinstance(value, str) and value.startswith(begins):
            found.append(value)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(read_yaml(path).data)
    assert len(found) == 1, found
    return found[0]


COLLECT_3 = DEFAULT_CONTENT / "collect-3" / "sheets.yaml"
PASS_AND_PICK = DEFAULT_CONTENT / "pass-and-pick" / "sheets.yaml"
COLLECT_3_DECK = DEFAULT_CONTENT / "collect-3" / "deck.yaml"


def _words(labels: str) -> Words:
    return load_labels(labels, DEFAULT_LABELS).words()


@pytest.mark.parametrize(
    ("labels", "n", "crowns", "spare"),
    [
        ("standard", 0, "put 0 Crowns", "No Crown cards are left over."),
        (
            "standard",
            1,
            "put 1 Crown face up in the center, where everyone can reach it.",
            "Set the other Crown card aside.",
        ),
        (
            "standard",
            2,
            "put 2 Crowns face up in the center, where everyone can reach them.",
            "Set the other 2 Crown cards aside.",
        ),
        ("standard", 21, "put 21 Crowns", "Set the other 21 Crown cards aside."),
        ("es", 0, "ponga 0 Coronas", "No sobra ninguna carta de Corona."),
        (
            "es",
            1,
            "ponga 1 Corona boca arriba en el centro, donde todos la alcancen.",
            "Aparte la otra carta de Corona.",
        ),
        (
            "es",
            2,
            "ponga 2 Coronas boca arriba en el centro, donde todos las alcancen.",
            "Aparte las otras 2 cartas de Corona.",
        ),
        ("es", 21, "ponga 21 Coronas", "Aparte las otras 21 cartas de Corona."),
        # French counts 0 with 1 (CLDR's `one`): "0 Couronne"; the spare's =0 says it apart.
        ("fr", 0, "posez 0 Couronne face", "Il ne reste aucune carte Couronne."),
        (
            "fr",
            1,
            "posez 1 Couronne face visible au centre, à portée de tous.",
            "Mettez de côté l\u2019autre carte Couronne.",
        ),
        ("fr", 2, "posez 2 Couronnes face", "Mettez de côté les 2 autres cartes Couronne."),
        ("fr", 21, "posez 21 Couronnes face", "Mettez de côté les 21 autres cartes Couronne."),
        ("de", 0, "Lege 0 Kronen offen", "Es bleiben keine Kronenkarten übrig."),
        ("de", 1, "Lege 1 Krone offen in die Mitte", "Lege die übrige Kronenkarte beiseite."),
        ("de", 2, "Lege 2 Kronen offen", "Lege die 2 übrigen Kronenkarten beiseite."),
        ("de", 21, "Lege 21 Kronen offen", "Lege die 21 übrigen Kronenkarten beiseite."),
    ],
)
def test_the_crowns_sentence_agrees_at_0_1_2_and_21(
    labels: str, n: int, crowns: str, spare: str
) -> None:
    template = _written(COLLECT_3, "Place the Crowns:")
    said = _words(labels).fill(template, {"crowns": n, "crowns_spare": n}, HERE)
    assert crowns in said
    assert said.endswith(spare)


@pytest.mark.parametrize(
    ("labels", "n", "expected"),
    [
        ("standard", 0, "Pass and pick shapes: setup for 0 players"),
        ("standard", 1, "Pass and pick shapes: setup for 1 player"),
        ("standard", 2, "Pass and pick shapes: setup for 2 players"),
        ("standard", 21, "Pass and pick shapes: setup for 21 players"),
        ("es", 0, "Formas: pase y elija. Preparación para 0 jugadores"),
        ("es", 1, "Formas: pase y elija. Preparación para 1 jugador"),
        ("es", 2, "Formas: pase y elija. Preparación para 2 jugadores"),
        ("es", 21, "Formas: pase y elija. Preparación para 21 jugadores"),
        ("fr", 0, "Formes à passer\u202f: mise en place pour 0 joueur"),
        ("fr", 1, "Formes à passer\u202f: mise en place pour 1 joueur"),
        ("fr", 2, "Formes à passer\u202f: mise en place pour 2 joueurs"),
        ("fr", 21, "Formes à passer\u202f: mise en place pour 21 joueurs"),
        ("de", 0, "Formen reihum: Vorbereitung für 0 Spieler"),
        ("de", 1, "Formen reihum: Vorbereitung für 1 Spieler"),
        ("de", 2, "Formen reihum: Vorbereitung für 2 Spieler"),
        ("de", 21, "Formen reihum: Vorbereitung für 21 Spieler"),
    ],
)
def test_player_counts_agree_at_0_1_2_and_21(labels: str, n: int, expected: str) -> None:
    template = _written(PASS_AND_PICK, "Pass and pick shapes: setup for")
    assert _words(labels).fill(template, {"players": n}, HERE) == expected


@pytest.mark.parametrize(
    ("labels", "n", "expected"),
    [
        ("standard", 0, "Deal 3 cards to each player. No cards are set aside."),
        ("standard", 1, "Deal 3 cards to each player. Place the unused card aside unseen."),
        ("standard", 2, "Deal 3 cards to each player. Place the 2 unused cards aside unseen."),
        ("standard", 21, "Deal 3 cards to each player. Place the 21 unused cards aside unseen."),
        ("es", 0, "Reparta 3 cartas a cada jugador. No se aparta ninguna carta."),
        ("es", 1, "Reparta 3 cartas a cada jugador. Aparte sin mirar la carta que no se usa."),
        ("es", 2, "Reparta 3 cartas a cada jugador. Aparte sin mirar las 2 cartas que no se usan."),
        (
            "es",
            21,
            "Reparta 3 cartas a cada jugador. Aparte sin mirar las 21 cartas que no se usan.",
        ),
        ("fr", 0, "Distribuez 3 cartes à chaque joueur. Aucune carte n\u2019est mise de côté."),
        (
            "fr",
            1,
            "Distribuez 3 cartes à chaque joueur. "
            "Mettez de côté la carte inutilisée sans la regarder.",
        ),
        (
            "fr",
            2,
            "Distribuez 3 cartes à chaque joueur. "
            "Mettez de côté les 2 cartes inutilisées sans les regarder.",
        ),
        ("de", 0, "Gib jedem Spieler 3 Karten. Es werden keine Karten beiseitegelegt."),
        ("de", 1, "Gib jedem Spieler 3 Karten. Lege die unbenutzte Karte ungesehen beiseite."),
        ("de", 2, "Gib jedem Spieler 3 Karten. Lege die 2 unbenutzten Karten ungesehen beiseite."),
    ],
)
def test_cards_set_aside_say_so_at_zero(labels: str, n: int, expected: str) -> None:
    template = _written(PASS_AND_PICK, "Deal {deal, plural")
    assert _words(labels).fill(template, {"deal": 3, "set_aside": n}, HERE) == expected


SOLITAIRE = DEFAULT_CONTENT / "shapes-the-game" / "solitaire.yaml"


@pytest.mark.parametrize(
    ("n", "penalty", "wild"),
    [
        (1, "reste 1 punto al valor", "1 carta COMODÍN,"),
        (2, "reste 2 puntos al", "2 cartas COMODÍN,"),
    ],
)
def test_spanish_points_and_wild_cards_agree_with_their_count(
    n: int, penalty: str, wild: str
) -> None:
    """Spanish printed "reste 2 punto" and "10 COMODÍN": a count takes its noun, in the plural."""
    spanish = _words("es")
    said = spanish.fill(_written(COLLECT_3, "Wild card: if your"), {"wild_penalty": n}, HERE)
    assert penalty in said
    counts = {"deck_size": 54, "colour_cards": 40, "count_stop_turn": 2}
    components = _written(SOLITAIRE, "Printed in this kit")
    filled = spanish.fill(components, {**counts, "count_clear_the_board": 2, "count_wild": n}, HERE)
    assert wild in filled


def test_a_join_of_placeholders_alone_is_punctuated_by_the_label_set() -> None:
    """A file's title, "{game}: {document}", has no words of its own, yet French sets a
    narrow no-break space before its colon: the set is asked for it, and a complete set
    lacking it names it as any missing text."""
    join, values = "{game}: {document}", {"game": Said("Trio"), "document": Said("aide")}
    french = Words(text={join: "{game}\u202f: {document}"}, locale="fr")
    assert french.fill(join, values, HERE) == "Trio\u202f: aide"
    assert Words().fill(join, values, HERE) == "Trio: aide"
    lacking = Words(name="de", complete=True, missing={})
    assert lacking.fill(join, values, HERE) == "Trio: aide"
    assert lacking.missing == {join: HERE}
    assert Words().fill("{n} + {m}", {"n": 1, "m": 2}, HERE) == "1 + 2"  # no sign to set


def test_french_ordinals_are_1er_for_a_masculine_noun_and_1re_for_a_feminine_one() -> None:
    """fr.yaml's `ordinal:` writes the masculine (1er joueur, 2e, 11e, 21e); a Crown, a
    feminine noun, is written 1re by its own message on the Crown card."""
    french = _words("fr")
    said = [
        french.fill("{n:ordinal} player to claim a Crown", {"n": n}, HERE) for n in (1, 2, 11, 21)
    ]
    assert [line.split()[0] for line in said] == ["1er", "2e", "11e", "21e"]
    assert said[0] == "1er joueur à prendre une Couronne"
    crown = french.fill(_written(COLLECT_3_DECK, "Complete the Task"), {}, HERE)
    assert "1re Couronne\u202f: C" in crown


def test_german_ordinals_are_a_number_and_a_full_stop_whatever_the_number() -> None:
    """de.yaml's `ordinal:` writes every number the same way (1. Spieler, 2., 11., 21.), its
    noun kept on the line by a no-break space; the Crown card writes its ordinals as words
    (Erste Krone), as German readers say them."""
    german = _words("de")
    said = [
        german.fill("{n:ordinal} player to claim a Crown", {"n": n}, HERE) for n in (1, 2, 11, 21)
    ]
    assert [line.split("\u00a0")[0] for line in said] == ["1.", "2.", "11.", "21."]
    assert said[0] == "1.\u00a0Spieler, der eine Krone nimmt"
    crown = german.fill(_written(COLLECT_3_DECK, "Complete the Task"), {}, HERE)
    assert "Erste Krone: C\u00a0Punkte, zweite: C\u00a0-\u00a01" in crown


def test_a_spanish_feminine_ordinal_is_its_own_message() -> None:
    words = Words(text={"{n:ordinal} Crown": "{n, selectordinal, other {#.ª}} Corona"}, locale="es")
    assert [words.fill("{n:ordinal} Crown", {"n": n}, HERE) for n in (1, 3)] == [
        "1.ª Corona",
        "3.ª Corona",
    ]


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
