"""A card word longer than its braille zone's line is divided, as the braille code asks.

UEB (Rules of UEB 10.13) and the Spanish braille of the CBE divide a word that does not
fit its line between syllables, a hyphen ending the line, as many syllables on the line as
it holds, never leaving one letter alone, and a compound at its own hyphen alone; a word
with no such place that fits (one syllable) is still refused. The syllables are a hyphenation dictionary's for the label
set's language, as a word processor's; a set's own `hyphenation:` list wins over it
("tri-" / "angle"). A designer's game whose cards come from a spreadsheet, one of them a
"grasshopper" (11 cells, a zone of 9), checks and builds under the braille sets, its dots
"grasshop-" / "per" on the card and the word whole in the .brf. Its PNG picture, which
swell paper raises as an empty frame, gets a warning naming the card.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PIL import Image

from shapes_print.braille.cells import ascii_braille
from shapes_print.braille.codes import SPANISH, UEB, BrailleCode
from shapes_print.braille.translate import BrailleError, divisible, fill_lines
from shapes_print.commands.cli import main
from tests.brailledots import dots_of, planned, spelt, zones

GAME = "bug-hunt"
HYPHEN = "\u2824"
DECK = """\
backs:
  bug: {layout: picture-back, fields: {title: "BUGS", art: art/logo.svg, fill: "#000000",
        pattern: none, pattern_colour: "#000000", title_colour: "#FFFFFF"}}
cards: {from: bugs.csv}
"""
SHEET = """\
id,name,count,layout,back,art,label
ant,ants,1,picture,bug,art/ant.png,ANT
beetle,beetles,1,picture,bug,art/logo.svg,BEETLE
grasshopper,grasshoppers,1,picture,bug,art/logo.svg,GRASSHOPPER
"""
# The layout `picture` with its picture and word moved up: room for two lines of dots.
ROOM = {
    "box: [5mm, 8mm, 100% - 10mm, 55%]": "box: [5mm, 8mm, 100% - 10mm, 45%]",
    "box: [5mm, 70%, 100% - 10mm, 13.5%]": "box: [5mm, 56%, 100% - 10mm, 13.5%]",
}


def lines(
    text: str, width: int, hyphenation: tuple[str, ...] = (), code: BrailleCode = UEB
) -> list[str]:
    words = divisible(text, code, hyphenation, width)
    return [ascii_braille(line) for line in fill_lines(words, width, HYPHEN)]


def test_a_word_too_long_is_divided_between_syllables_as_many_as_the_line_holds() -> None:
    assert lines("grasshopper", 9) == ["GRASSHOP-", "PER"]
    assert lines("green caterpillar", 8) == ["GREEN", "CATER-", "PILLAR"]
    assert lines("grasshopper", 11) == ["GRASSHOPPER"]  # whole where it fits
    assert lines("a grasshopper", 13) == ["A GRASSHOPPER"]  # never to fill a line up


def test_a_compound_is_divided_at_its_own_hyphen_alone() -> None:
    assert lines("half-circle", 9) == ["HALF-", "CIRCLE"]
    with pytest.raises(BrailleError, match="does not fit a line of 9"):
        lines("grasshopper-like", 9)


def test_the_sets_own_list_wins_over_the_dictionary() -> None:
    assert lines("triangle", 6, ("tri-angle",)) == ["TRI-", "ANGLE"]
    assert lines("triangle", 6) == ["TRIAN-", "GLE"]
    # Whatever its case and the punctuation around it, as a sentence of a sheet writes it.
    assert lines("(Triangle.)", 10, ("tri-angle",)) == ['"<,TRI-', 'ANGLE4">']


def test_spanish_words_are_divided_by_a_spanish_dictionary() -> None:
    assert lines("saltamontes", 9, code=SPANISH) == ["SALTAMON-", "TES"]


@pytest.mark.parametrize(("word", "width"), [("strengths", 6), ("grasshopper", 4)])
def test_a_word_that_cannot_be_divided_into_pieces_that_fit_is_refused(
    word: str, width: int
) -> None:
    """One syllable has no place to divide; at 4 cells no syllable of grasshopper fits
    with its hyphen, and no piece is one letter."""
    with pytest.raises(BrailleError, match=f"does not fit a line of {width}"):
        lines(word, width)


# The checks plan every shipped set's kit of one count and paper: a card's face, its dots
# and the warning of its picture are the same in every kit of a set (each plans the same
# cards), and the two braille sets still both draw the ant the warning is said once for.
ONE_KIT = ("--players", "4", "--paper", "a4")


def bug_hunt(games: Path, room: bool = True) -> Path:
    """`new bug-hunt` with a deck of bugs from a spreadsheet: a PNG ant, an SVG beetle and
    grasshopper. With `room`, the layout `picture` leaves two lines of dots under the word
    (the picture and word moved up); as `new` writes it, one."""
    assert main(["new", GAME, "--content", str(games)]) == 0
    folder = games / GAME
    game = folder / "game.yaml"
    game.write_text(
        game.read_text().replace(
            "\ndeck: deck.yaml\n",
            '\ndeck: deck.yaml\nextra_decks: {bugs: {file: bugs.yaml, title: "bug cards"}}\n',
        )
    )
    (folder / "bugs.yaml").write_text(DECK)
    (folder / "bugs.csv").write_text(SHEET)
    Image.new("RGB", (900, 900), (200, 60, 40)).save(folder / "art/ant.png")
    if room:
        layouts = folder / "cards/my-cards.yaml"
        text = layouts.read_text()
        for old, new in ROOM.items():
            assert old in text
            text = text.replace(old, new)
        layouts.write_text(text)
    return games


@pytest.fixture(scope="module")
def content(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return bug_hunt(tmp_path_factory.mktemp("bugs") / "games")


def test_check_takes_the_grasshopper_and_warns_of_the_png_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    games = bug_hunt(tmp_path / "games")
    assert main(["check", "--content", str(games), "--jobs", "1", GAME, *ONE_KIT]) == 0
    out, err = capsys.readouterr()
    skips = [line for line in (out + err).splitlines() if line.startswith("skipped braille")]
    assert skips and not [line for line in skips if "grasshopper" in line], skips
    warned = [line for line in err.splitlines() if "ant.png" in line]
    assert len(warned) == 1, err  # one line, though both braille sets draw the ant
    # (braille-es skips the game after planning it: its cards' words have no Spanish)
    (line,) = warned
    assert line.startswith("warning: ") and "bugs.csv:2:6: card 'ant': picture art/ant.png" in line
    assert "swell paper" in line and "draw it as SVG" in line
    assert "beetle" not in err and "logo.svg" not in err  # an SVG picture rises as drawn


def test_the_build_warns_of_the_png_and_builds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    games = bug_hunt(tmp_path / "games")
    args = ["build", GAME, "--content", str(games), "--labels", "braille", "--players", "4"]
    out = tmp_path / "out"
    assert main([*args, "--paper", "a4", "--jobs", "1", "--out", str(out), "-q"]) == 0
    err = capsys.readouterr().err
    assert re.search(r"^warning: .*card 'ant': picture art/ant.png .*draw it as SVG", err, re.M)
    assert (out / GAME / "braille/a4/4-players" / f"{GAME}_4p_a4_braille_bugs.pdf").is_file()


def test_a_layout_with_room_for_one_line_still_refuses_a_word_that_needs_two(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The picture layout as `new` writes it leaves one line of dots: "grasshop-" / "per"
    does not fit it, and the set skips the game saying so."""
    games = bug_hunt(tmp_path / "games", room=False)
    assert main(["check", "--content", str(games), "--jobs", "1", GAME, *ONE_KIT]) == 0
    out, err = capsys.readouterr()
    (skipped,) = [line for line in (out + err).splitlines() if line.startswith("skipped braille ")]
    assert "card 'grasshopper'" in skipped
    assert "braille for 'grasshopper' needs 2 lines of 9 cells; its zone" in skipped


def test_the_cards_dots_divide_the_word_and_the_brf_lists_it_whole(content: Path) -> None:
    project, files = planned(content, GAME, "braille")
    style = project.ctx.style.braille
    assert style is not None
    faces = {card: (zone, face) for card, zone, face in zones(project, files, GAME, "bugs", None)}
    zone, face = faces["grasshopper"]
    assert spelt(dots_of(face), zone, style) == "GRASSHOP- PER"
    (brf,) = [f.document for f in files if f.name.endswith("_embosser")]
    lines = [line.strip() for page in brf.pages for line in page]  # type: ignore[union-attr]
    assert "GRASSHOPPER3 #A" in lines
