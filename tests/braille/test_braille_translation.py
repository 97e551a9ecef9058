"""The braille label set's translations, cell by cell, and where its lines divide words."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from shapes_print.braille.cells import ascii_braille
from shapes_print.braille.codes import SPANISH, UEB
from shapes_print.braille.translate import (
    BrailleError,
    NoSign,
    divisible,
    fill_lines,
    translate,
)
from shapes_print.errors import UserError
from shapes_print.kit.braillefit import braille_lines
from shapes_print.load.cardmodels import card_box
from shapes_print.pipeline import pipeline
from shapes_print.plan.cardfile import card_template
from shapes_print.plan.cardtext import braille_text
from tests.braillesets import BLANK
from tests.outsidetools import LIBLOUIS, tool

ROOT = Path(__file__).resolve().parents[2]

# Known translations, cell by cell from the codes' own tables (UEB 2013 sections 4, 6, 7, 8;
# CBE signografía básica), in North American ASCII braille.
KNOWN_UEB = {
    "circle": "CIRCLE",
    "TRIANGLE": ",,TRIANGLE",  # 8: capitalised word
    "Red 2": ",RED #B",  # 8: capital letter; 6: numeric indicator, digits a-j
    "CLEAR THE BOARD": ",,,CLEAR THE BOARD,'",  # 8: capitals passage and terminator
    "3a": "#C;A",  # 5.2: grade 1 symbol indicator before a-j after a number
    "1st": "#AST",  # s is no digit: no indicator
    "ABCs": ",,ABC,'S",  # 8: terminator inside a word
    "3\u20136 players.": "#C,-#F PLAYERS4",  # 7: en dash, full stop
    "(4 players x 3)": '"<#D PLAYERS X #C">',  # 7: round parentheses
    "1.5": "#A4E",  # 6: a full stop inside a number
    "Äpfel Straße": ",^3APFEL ,STRA.!E",  # 4.2: a modifier before its letter; the sharp s
    "ÜBER": ",,^3UBER",  # 8 and 4.2: the capitalised word sign before the modifier
    "déjà vu": "D^/EJ^*A VU",  # 4.2: acute, grave
    "Øl Łódź ħ": ",@*OL ,@*L^/OD^/Z @3H",  # 4.2: oblique stroke, horizontal stroke
    "Æbler œuvre": ",A,^6EBLER O^6EUVRE",  # 4.2: ligature, a capital sign for each letter
    "π ΑΒΓ 3β": ".P ,,.A.B.G #C.B",  # 4.5: Greek letters; no grade 1 indicator for β
}
KNOWN_SPANISH = {
    "círculo": "CIRCULO".replace("I", "/", 1),  # í is dots 34, the NABCC slash
    "CÍRCULO": ".." + "C/RCULO",  # a word in capitals: 46 46
    "¿Qué?": "5.Q%!5".replace("%", "U"),  # ¿ ? 26; é 2346
    "año": "A]O",  # ñ 12456
    "Ronda 3: pasar": ".RONDA #C3 PASAR",
}


def _ascii(text: str, code) -> str:
    return ascii_braille(BLANK.join(translate(text, code)))


@pytest.mark.parametrize(("text", "expected"), KNOWN_UEB.items())
def test_ueb_grade_1_known_translations(text: str, expected: str) -> None:
    assert _ascii(text, UEB) == expected


@pytest.mark.parametrize(("text", "expected"), KNOWN_SPANISH.items())
def test_spanish_grade_1_known_translations(text: str, expected: str) -> None:
    assert _ascii(text, SPANISH) == expected


def test_a_character_without_a_sign_is_named() -> None:
    with pytest.raises(BrailleError, match="U\\+2605"):
        translate("★", UEB)
    # UEB writes no Chinese: the letter is refused, named, whatever accents it now knows.
    with pytest.raises(NoSign, match="has no sign here for the letter '中' in '中文'"):
        translate("Spiel 中文", UEB)


def test_every_accented_letter_ueb_writes_matches_liblouis() -> None:
    """Each letter the UEB table writes with a modifier (UEB 4.2: an accent, a stroke), the
    sharp s and the Greek letters, small and capital and in a word in capitals, as
    liblouis's en-ueb-g1 writes it."""
    lou = tool("lou_translate", LIBLOUIS)
    accented = [letter for letter in UEB.letters if not "a" <= letter <= "z"]
    assert {"ä", "ö", "ü", "ß", "é", "è", "â", "ñ", "ç", "å", "č", "ā"} <= set(accented)
    # A capital ß is ẞ; ǰ, ẗ, ẘ and ẙ have no capital letter of their own to compare.
    capitals = [letter.upper() for letter in accented if len(letter.upper()) == 1]
    texts = [*accented, *capitals, *(f"{c}{c}" for c in capitals), "Äpfel Straße ÄPFEL"]
    wrong = _unlike_liblouis(lou, texts)
    assert not wrong, wrong[:5]


def test_stroked_ligatured_and_greek_letters_match_liblouis() -> None:
    """Each letter UEB 4.2 writes with a stroke or as a ligature and each Greek letter (UEB
    4.5), small and capital, in a word in capitals and in words, as liblouis's en-ueb-g1
    writes it."""
    lou = tool("lou_translate", LIBLOUIS)
    letters = [*"øłⱥȼⱦɇđħŧɨƶǥƀɉɍɏ", *UEB.ligatures, *"αβγδεζηθικλμνξοπρςστυφχψω"]
    capitals = [letter.upper() for letter in letters if letter != "ς"]  # its capital is Σ
    words = ["Æbler ÆRØ ærø Œuvre Sœur Łódź Ωmega 3β 3ø Ĳssel", "ΑΒΓ ΔΕΖ ΗΘΙ πr"]
    texts = [*letters, *capitals, *(f"{c}{c}" for c in capitals), *words]
    wrong = _unlike_liblouis(lou, texts)
    assert not wrong, wrong[:5]


def _unlike_liblouis(lou: str, texts: list[str]) -> list[tuple[str, str, str]]:
    """Each text whose UEB Grade 1 cells differ from liblouis's en-ueb-g1 (text, ours,
    liblouis's)."""
    done = subprocess.run(
        [lou, "--forward", "unicode.dis,en-ueb-g1.ctb"],
        input="\n".join(texts) + "\n",
        capture_output=True,
        text=True,
        check=True,
    )
    ours = [BLANK.join(translate(text, UEB)) for text in texts]
    theirs = done.stdout.splitlines()
    return [(t, o, lib) for t, o, lib in zip(texts, ours, theirs, strict=True) if o != lib]


def test_lines_divide_only_at_spaces_and_a_words_own_hyphen() -> None:
    lines = fill_lines(translate("yellow half-circle", UEB), 9, "\u2824")
    assert [ascii_braille(line) for line in lines] == ["YELLOW", "HALF-", "CIRCLE"]
    with pytest.raises(BrailleError, match="does not fit"):
        fill_lines(translate("cylindrical", UEB), 9, "\u2824")


def test_a_word_the_hyphenation_list_divides_breaks_only_there_and_only_when_too_long() -> None:
    def lines(text: str, width: int) -> list[str]:
        words = divisible(text, UEB, ["cyl-in-der", "tri-an-gle"], width)
        return [ascii_braille(line) for line in fill_lines(words, width, "\u2824")]

    assert lines("yellow cylinder", 6) == ["YELLOW", "CYLIN-", "DER"]
    assert lines("triangle", 6) == ["TRIAN-", "GLE"]
    assert lines("yellow cylinder", 8) == ["YELLOW", "CYLINDER"]  # whole where it fits
    assert lines("red cylinder", 9) == ["RED", "CYLINDER"]  # never to fill a line up
    with pytest.raises(BrailleError, match="does not fit"):
        fill_lines(divisible("strengths", UEB, ["cyl-in-der"], 5), 5, "\u2824")


def _zone_lines(game: str, size: str, card_id: str) -> list[str]:
    """The lines of ASCII braille a card's braille zone holds at a card size."""
    project = pipeline.load_project(pipeline.Sources(), [game], ["braille"])
    loaded, style = project.games[game], project.ctx.style.braille
    assert style is not None
    template = card_template(loaded, project.library, size)
    ((card, index),) = [
        (card, index)
        for card, index in zip(loaded.decks[0].deck.cards, loaded.decks[0].origins, strict=True)
        if card.id == card_id
    ]
    elements = template.layouts[card.layout].elements
    zone = next(e for e in elements if e.kind == "braille")
    where = loaded.decks[0].source.source(("cards", index))
    fields = {"id": card.id, **card.fields}
    text = braille_text(zone, elements, fields, project.ctx, where, card.id)
    box = card_box(zone, template)
    lines = braille_lines(text, project.ctx.words.locale, box, style, where, card.id)
    return [ascii_braille(line) for line in lines]


def test_a_mini_card_divides_words_where_the_accessibility_page_says() -> None:
    """docs/accessibility.md: a mini card's 6 cells divide "tri-angle" and "cyl-inder"."""
    page = " ".join((ROOT / "docs/accessibility.md").read_text().split())
    assert 'A mini card\'s 6 cells divide "tri-angle" and "cyl-inder"' in page
    assert _zone_lines("pass-and-pick", "mini", "triangle") == ["TRI-", "ANGLE"]
    assert _zone_lines("shapes-the-game", "mini", "red-cylinder") == ["RED", "CYL-", "INDER"]
    assert _zone_lines("pass-and-pick", "poker", "triangle") == ["TRIANGLE"]  # whole where it fits


def test_a_size_the_card_sizes_do_not_name_is_a_clean_error(tmp_path: Path) -> None:
    own = tmp_path / "tiny.yaml"
    own.write_text("extends: braille\ncards:\n  sizes:\n    minuscule: {elements: {}}\n")
    with pytest.raises(UserError, match="no card size is named 'minuscule'") as raised:
        pipeline.load_project(pipeline.Sources(), ["pass-and-pick"], [str(own)])
    assert raised.value.source and raised.value.source.line == 4


def test_a_braille_set_in_a_language_with_no_code_is_refused_at_its_locale(tmp_path: Path) -> None:
    """No card size gives German braille a code: the line names the set's locale: and what
    to write there, and blames no card size."""
    own = tmp_path / "bde.yaml"
    own.write_text("extends: [braille, de]\nlocale: de\n")
    with pytest.raises(UserError) as raised:
        pipeline.load_project(pipeline.Sources(), ["pass-and-pick"], [str(own)])
    error = raised.value
    assert error.source and (error.source.path, error.source.line) == (own, 2)
    assert error.message == (
        "locale: no braille code for the language 'de' (known: en, es), and this label set "
        "draws braille (style: braille:)"
    )
    assert "locale braille is written in here: en, es" in error.hint
