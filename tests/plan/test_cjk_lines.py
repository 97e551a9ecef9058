# ruff: noqa: RUF001 - the fullwidth punctuation of Chinese and Japanese is what this tests
"""Chinese and Japanese, written without spaces, break between characters as their
typesetting does (UAX #14): never before closing punctuation, small kana or the prolonged
sound mark, never after opening punctuation, and with no space in the text layer where a
line broke there. A run that cannot break and is wider than the column breaks between its
characters where it must, as any word too wide does.
The face is made here: every character one em wide (Latin half an em), so a line's
characters can be counted."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen

from shapes_print.geometry.primitives import Item, Text
from shapes_print.pipeline import pipeline
from shapes_print.text.fit import wrap_breaks
from shapes_print.text.fonts import Font, load_font
from shapes_print.text.markup import runs
from shapes_print.text.rich import rich_wrap
from tests.project_copy import copy_project

SIZE = 10.0
EM = SIZE  # a CJK character's width at SIZE
RULE = (
    "ディーラーの左隣のプレイヤーから時計回りに、カードを1枚ずつ配ります。"
    "「ジョーカー」（特別なカード）は取り除いてください。"
)
CHINESE = "中文的句子没有空格，所以需要在汉字之间断行。"
RICH = "各プレイヤーは**手札から1枚**のカードを選び、{icon:star}表向きに出します。"
# Characters no line starts with, and none ends with (UAX #14's CL, CP, NS, EX; OP).
NO_START = set("、。，．）」』！？ーァィゥェォッャュョ")
NO_END = set("（「『")


def _face(path: Path) -> Path:
    """A TTF covering Latin, general punctuation and the test's CJK text: CJK one em wide."""
    chars = {chr(c) for c in range(0x20, 0x250)} | set("–—‘’“”…•·→←↑↓★☆●○■□")
    chars |= set(RULE + CHINESE + RICH + "麻雀のルールはです")
    names = {ord(c): f"u{ord(c):04X}" for c in sorted(chars)}
    builder = FontBuilder(1000, isTTF=True)
    builder.setupGlyphOrder([".notdef", *names.values()])
    builder.setupCharacterMap(names)
    pen = TTGlyphPen(None)
    for x, y in ((100, 0), (100, 700), (400, 700), (400, 0)):
        (pen.lineTo if x != 100 or y else pen.moveTo)((x, y))
    pen.closePath()
    square = pen.glyph()
    builder.setupGlyf({".notdef": square, **{name: square for name in names.values()}})
    widths = {c: 1000 if c >= 0x2E80 else 250 if c == 32 else 500 for c in names}
    metrics = {name: (widths[c], 100) for c, name in names.items()}
    builder.setupHorizontalMetrics({".notdef": (500, 100), **metrics})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": "Test CJK", "styleName": "Regular"})
    builder.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200)
    builder.setupPost()
    builder.save(str(path))
    return path


@pytest.fixture(scope="module")
def face_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _face(tmp_path_factory.mktemp("cjk") / "cjk.ttf")


@pytest.fixture(scope="module")
def face(face_file: Path) -> Font:
    return load_font(face_file)


def _check_breaks(lines: list[str], width: float, face: Font) -> None:
    """No line wider than the column, none starting or ending where a break may not fall."""
    for line in lines:
        assert face.width(line, SIZE) <= width + 1e-6, line
    for before, after in pairwise(lines):
        assert before[-1] not in NO_END and after[0] not in NO_START, (before, after)


def test_a_japanese_sentence_fills_its_lines_character_by_character(face: Font) -> None:
    width = 12 * EM
    broken = wrap_breaks(RULE, face, SIZE, width)
    assert broken is not None
    lines = [line for line, _ in broken]
    assert lines == [
        "ディーラーの左隣のプレイ",
        "ヤーから時計回りに、カー",
        "ドを1枚ずつ配ります。",  # not "「ジョ": 「 ends no line, ョ starts none
        "「ジョーカー」（特別な",
        "カード）は取り除いてくだ",
        "さい。",
    ]
    assert "".join(lines) == RULE
    # No space where the line broke: the text layer reads the sentence as written.
    assert [spaced for _, spaced in broken] == [False] * len(lines)
    _check_breaks(lines, width, face)


def test_chinese_breaks_alike_and_keeps_punctuation_off_a_line_start(face: Font) -> None:
    width = 7 * EM
    broken = wrap_breaks(CHINESE, face, SIZE, width)
    assert broken is not None
    lines = [line for line, _ in broken]
    assert lines == ["中文的句子没有", "空格，所以需要", "在汉字之间断", "行。"]
    _check_breaks(lines, width, face)


def test_a_space_between_cjk_and_latin_words_is_still_a_word_break(face: Font) -> None:
    broken = wrap_breaks("Mahjong 麻雀のルール", face, SIZE, 6 * EM)
    assert broken == (("Mahjong 麻雀", False), ("のルール", False))
    broken = wrap_breaks("Mahjong 麻雀のルール", face, SIZE, 4 * EM)
    assert broken == (("Mahjong", True), ("麻雀の", False), ("ルール", False))


def test_rich_text_breaks_between_characters_across_faces_and_icons(face: Font) -> None:
    def faces(bold: bool, italic: bool) -> Font:
        return face

    lines = rich_wrap(runs(RICH), faces, SIZE, 9 * EM)
    assert lines is not None
    said = ["".join(piece.text or "★" for piece in line.pieces) for line in lines]
    assert said == ["各プレイヤーは手札", "から1枚のカードを", "選び、★表向きに出", "します。"]
    assert [line.space_after for line in lines] == [False] * 4
    assert all(line.width <= 9 * EM + 1e-6 for line in lines)


def test_a_run_that_cannot_break_is_still_too_wide(face: Font) -> None:
    """The prolonged sound mark never starts a line: twelve of them are one run."""
    assert wrap_breaks("カ" + "ー" * 12, face, SIZE, 10 * EM) is None
    assert rich_wrap(runs("**カ" + "ー" * 12 + "**"), lambda b, i: face, SIZE, 10 * EM) is None


def _texts(items: tuple[Item, ...] | list[Item]) -> list[Text]:
    found: list[Text] = []
    for item in items:
        if isinstance(item, Text):
            found.append(item)
        elif inner := getattr(item, "items", None):
            found += _texts(inner)
    return found


def _project(tmp_path: Path, face_file: Path, rule: str, title: str) -> Path:
    """Pass and pick with the face as its own, `rule` in its sheets, `title` on its backs."""
    game = "content/pass-and-pick"
    return copy_project(
        tmp_path,
        [
            (f"{game}/fonts/cjk.ttf", None, face_file.read_bytes()),
            (
                f"{game}/game.yaml",
                "deck: deck.yaml",
                "deck: deck.yaml\nfonts: {regular: fonts/cjk.ttf, bold: fonts/cjk.ttf}",
            ),
            (f"{game}/sheets.yaml", '"For 3–6 players. Plan for 12–18 minutes."', f'"{rule}"'),
            (f"{game}/deck.yaml", 'title: "Pass and pick shapes"', f'title: "{title}"'),
        ],
    )


def _cjk_lines(items: tuple[Item, ...] | list[Item]) -> list[Text]:
    return [t for t in _texts(items) if any(ord(c) >= 0x2E80 for c in t.text)]


def test_a_game_prints_its_japanese_rule_and_card_in_lines_that_fit(
    tmp_path: Path, face_file: Path
) -> None:
    """Planned in memory; the old wrap refused both: "a word ... is wider than the 180 mm
    column", and the back's title "does not fit its 43.5 x 28.4 mm box even at 10 pt"."""
    root = _project(tmp_path, face_file, RULE * 3, RULE[:25])
    sources = pipeline.Sources(root / "content", root / "templates")
    project = pipeline.load_project(sources, ["pass-and-pick"], ["standard"])
    ((_, _, files),) = pipeline.plan_all(project, "4", "a4")
    face = load_font(face_file)
    named = {file.name.rsplit("_", 1)[1]: file.printed for file in files}
    (page,) = [page for page in named["sheets"].pages if _cjk_lines(page.items)]
    rule = _cjk_lines(page.items)
    assert "".join(t.text for t in rule) == RULE * 3 and len(rule) > 3
    column = (210 - 2 * 15) / 25.4 * 72  # A4 less the sheets' margins
    assert all(face.width(t.text, t.size) <= column + 1e-6 for t in rule)
    assert [t.space_after for t in rule] == [False] * len(rule)
    # The back's title, centred in its 43.5 mm box: a space after its last line only, as
    # every card text has, so the card's texts do not run together.
    title = _cjk_lines(named["cards"].symbols["back-standard"].items)
    assert "".join(t.text for t in title) == RULE[:25] and len(title) > 1
    assert all(face.width(t.text, t.size) <= 43.5 / 25.4 * 72 + 1e-6 for t in title)
    assert [t.space_after for t in title] == [False] * (len(title) - 1) + [True]


def test_a_run_that_cannot_break_breaks_between_its_characters_where_it_must(
    tmp_path: Path, face_file: Path
) -> None:
    """UAX #14 breaks nowhere in "カーー…" (never before the prolonged sound mark): wider
    than the column, it breaks where it must, as any word too wide does (CSS's
    overflow-wrap: anywhere), not refused; every line fits, no space where it broke."""
    rule = "ルールは" + "カ" + "ー" * 60 + "です。"
    root = _project(tmp_path, face_file, rule, "カード")
    sources = pipeline.Sources(root / "content", root / "templates")
    project = pipeline.load_project(sources, ["pass-and-pick"], ["standard"])
    ((_, _, files),) = pipeline.plan_all(project, "4", "a4")
    face = load_font(face_file)
    (sheets,) = [file.printed for file in files if file.name.endswith("_sheets")]
    (page,) = [page for page in sheets.pages if _cjk_lines(page.items)]
    lines = _cjk_lines(page.items)
    assert "".join(t.text for t in lines) == rule and len(lines) > 1
    column = (210 - 2 * 15) / 25.4 * 72  # A4 less the sheets' margins
    assert all(face.width(t.text, t.size) <= column + 1e-6 for t in lines)
    assert [t.space_after for t in lines] == [False] * len(lines)
