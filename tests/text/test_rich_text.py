"""Rich text's markup and its lines: runs read once the placeholders are filled, wrapped
across faces and icons as one text, escapes and placeholders meaning what they did."""

from __future__ import annotations

from pathlib import Path

import pytest

from shapes_print.errors import UserError
from shapes_print.load.defaults import DEFAULT_TEMPLATES
from shapes_print.text.fit import wrap
from shapes_print.text.fonts import FontPair, load_font, package_font
from shapes_print.text.grammar import MessageError
from shapes_print.text.markup import Icon, Span, has_markup, is_plain, plain_text, runs
from shapes_print.text.message import fill
from shapes_print.text.rich import ICON_EM, rich_fit, rich_wrap

FONTS = DEFAULT_TEMPLATES / "fonts"


@pytest.fixture(scope="module")
def faces() -> FontPair:
    return FontPair(
        *(
            load_font(FONTS / name)
            for name in (
                "DejaVuSans.ttf",
                "DejaVuSans-Bold.ttf",
                "DejaVuSans-Oblique.ttf",
                "DejaVuSans-BoldOblique.ttf",
            )
        )
    )


def test_bold_italic_and_icons_are_runs_once_values_are_in() -> None:
    filled = fill("Gain {n} {icon:coin}, **draw** *one* ***now***", {"n": 2}, None)
    assert filled == "Gain 2 {icon:coin}, **draw** *one* ***now***"
    assert runs(filled) == (
        Span("Gain 2 "),
        Icon("coin", 7),
        Span(", "),
        Span("draw", bold=True),
        Span(" "),
        Span("one", italic=True),
        Span(" "),
        Span("now", bold=True, italic=True),
    )


def test_escapes_write_a_star_a_brace_and_a_backslash() -> None:
    filled = fill(r"5 \* 3, \{icon:coin\} and \\ but C:\x", {}, None)
    parsed = runs(filled)
    assert is_plain(parsed)
    assert plain_text(parsed, str) == r"5 * 3, {icon:coin} and \ but C:\x"


def test_placeholders_and_quoted_braces_stay_as_they_were() -> None:
    """`{name}` fills as before; a quoted brace is a brace, not the start of an icon."""
    filled = fill("'{'players'}' is {players}", {"players": 4}, None)
    assert filled == "{players} is 4"
    assert not has_markup(filled)
    assert runs("{players} is 4") == (Span("{players} is 4"),)


@pytest.mark.parametrize(
    ("text", "offset", "message"),
    [
        ("Take **two cards", 5, "'**' (bold) is never closed"),
        ("a *b", 2, "'*' (italic) is never closed"),
        ("gain {icon:Coin}", 5, "an icon is written {icon:NAME}"),
        ("gain {icon:coin", 5, "an icon is written {icon:NAME}"),
    ],
)
def test_a_mark_left_open_is_an_error_at_the_mark(text: str, offset: int, message: str) -> None:
    with pytest.raises(MessageError) as caught:
        runs(text)
    assert caught.value.offset == offset
    assert caught.value.message.startswith(message)


def test_an_unclosed_icon_in_a_message_is_the_message_grammars_error() -> None:
    with pytest.raises(Exception, match=r"'\{' of \{icon:\.\.\. is never closed"):
        fill("gain {icon:coin", {}, None)


def test_lines_break_across_faces_and_pieces_lie_end_to_end(faces: FontPair) -> None:
    parsed = runs("Gain 2 {icon:coin} and **draw** one card, *then* **pass**es left.")
    lines = rich_wrap(parsed, faces.pick, 10, 100)
    assert lines is not None
    assert [
        "".join(piece.text or f"[{piece.icon}]" for piece in line.pieces) for line in lines
    ] == ["Gain 2 [coin] and draw", "one card, then", "passes left."]
    for line in lines:
        assert line.width <= 100
        ends = [piece.x + piece.width for piece in line.pieces]
        assert [piece.x for piece in line.pieces[1:]] == pytest.approx(ends[:-1])
    # A word in two faces is one word: "pass" bold, "es" regular, on one line.
    last = lines[2].pieces
    assert (last[0].text, last[0].font) == ("pass", faces.bold)
    assert (last[1].text, last[1].font) == ("es left.", faces.regular)
    # The italic face sets *then*; the icon is one em wide.
    assert lines[1].pieces[1].font is faces.italic
    icon = lines[0].pieces[1]
    assert (icon.icon, icon.width) == ("coin", ICON_EM * 10)
    assert [line.space_after for line in lines] == [True, True, False]


def test_rich_text_shrinks_to_fit_like_plain_text(faces: FontPair) -> None:
    parsed = runs("**Gain** {icon:coin} {icon:coin} now")
    wide = rich_wrap(parsed, faces.pick, 12, None)
    assert wide is not None and len(wide) == 1
    fitted = rich_fit(
        parsed,
        faces.pick,
        (wide[0].width * 0.8, 20),
        12,
        6,
        wrap_lines=False,
        line_spacing=1.0,
        where=None,
        what="test",
    )
    assert fitted.size < 12 and fitted.lines[0].width <= wide[0].width * 0.8


def test_each_run_is_checked_against_its_own_face(faces: FontPair) -> None:
    """Atkinson Hyperlegible's italic (Latin only) refuses a Cyrillic letter that the
    upright DejaVu face around it has: a run is checked in the face it is set in."""
    atkinson = package_font(
        "package:fontpkg_atkinson_hyperlegible/files/AtkinsonHyperlegible-Italic.ttf", None
    )
    mixed = FontPair(faces.regular, faces.bold, load_font(atkinson))
    fitting = {
        "wrap_lines": True, "line_spacing": 1.0, "where": None, "what": "rule",
    }  # fmt: skip
    rich_fit(runs("\u0416 *ok*"), mixed.pick, (100, 100), 10, 10, **fitting)  # type: ignore[arg-type]
    with pytest.raises(UserError, match=r"rule: font AtkinsonHyperlegible-Italic.ttf has no glyph"):
        rich_fit(runs("*\u0416*"), mixed.pick, (100, 100), 10, 10, **fitting)  # type: ignore[arg-type]


def test_the_italic_face_falls_back_to_upright_without_one(faces: FontPair) -> None:
    upright = FontPair(faces.regular, faces.bold)
    assert upright.pick(False, True) is faces.regular
    assert upright.pick(True, True) is faces.bold
    assert faces.pick(True, True).path == Path(FONTS / "DejaVuSans-BoldOblique.ttf")


@pytest.mark.parametrize("space", ["\u00a0", "\u202f"])
def test_a_no_break_space_holds_its_words_on_one_line_plain_or_rich(
    faces: FontPair, space: str
) -> None:
    """French typography's narrow no-break space (U+202F, before ! and inside « ») holds as
    the no-break space does: at any width the sign never starts a line alone."""
    said = f"criez «{space}Trio{space}!{space}» et prenez une Couronne"
    held = f"«{space}Trio{space}!{space}»"
    for width in (60, 80, 100, 140):
        plain = wrap(said, faces.regular, 10, width)
        rich = rich_wrap(runs(said), faces.pick, 10, width)
        assert plain is not None and rich is not None
        assert any(held in line for line in plain), (width, plain)
        rich_lines = ["".join(piece.text or "" for piece in line.pieces) for line in rich]
        assert any(held in line for line in rich_lines), (width, rich_lines)
