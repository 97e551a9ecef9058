"""Rich text in the plan: a sheet paragraph's runs as texts in their faces, one after
another on the baseline, and its icon a Span-tagged drawing one em square on the descent."""

from __future__ import annotations

from pathlib import Path

import pytest
from msgspec.structs import replace

from shapes_print.errors import Source, UserError
from shapes_print.geometry.primitives import Group, Text
from shapes_print.geometry.primitives import Path as Figure
from shapes_print.kit.context import DrawContext
from shapes_print.kit.variant import make_variant
from shapes_print.load.defaults import DEFAULT_LABELS, DEFAULT_TEMPLATES
from shapes_print.load.labels import load_labels
from shapes_print.plan.paragraphs import CAP, Column, Setting, paragraph, paragraph_lines
from shapes_print.text.fonts import font_named

WHERE = Source(Path("rules.yaml"), 3, 9)
SIZE = 14.0


@pytest.fixture(scope="module")
def ctx() -> DrawContext:
    return make_variant(DEFAULT_TEMPLATES, {}, load_labels("standard", DEFAULT_LABELS)).ctx


def test_runs_are_texts_in_their_faces_and_the_icon_an_em_square_on_the_descent(
    ctx: DrawContext,
) -> None:
    column = Column(ctx, 400.0, 600.0)
    _, items = paragraph(
        column, "Gain 2 {icon:coin} and **draw** *one*.", Setting(SIZE), 400.0, WHERE
    )
    fonts = ctx.fonts
    texts = [item for item in items if isinstance(item, Text)]
    assert [(t.text, t.font) for t in texts] == [
        ("Gain 2 ", fonts.regular.name),
        (" and ", fonts.regular.name),
        ("draw", fonts.bold.name),
        (" ", fonts.regular.name),
        ("one", fonts.italic.name),  # type: ignore[union-attr]
        (".", fonts.regular.name),
    ]
    baseline = -SIZE * CAP
    assert {t.y for t in texts} == {baseline}
    (icon,) = [item for item in items if isinstance(item, Group)]
    assert (icon.role, icon.alt, icon.tag) == ("Span", "coin", "Span")
    # The icon follows "Gain 2 " and the next words follow it, one em further on.
    gain = fonts.regular.width("Gain 2 ", SIZE)
    assert (icon.dx, icon.dy) == pytest.approx((gain, baseline))
    assert texts[1].x == pytest.approx(gain + SIZE)
    disc, unseen = icon.items
    assert isinstance(disc, Figure)
    # Its name is in the text layer, unseen, squeezed into the icon's em.
    assert isinstance(unseen, Text)
    assert (unseen.text, unseen.x, unseen.y, unseen.unseen_width) == ("coin", 0, 0, SIZE)
    xs = [v for op in disc.ops for v in op[1::2]]
    ys = [v for op in disc.ops for v in op[2::2]]
    descent = fonts.regular.metrics.descent / 1000 * SIZE
    assert (min(xs), max(xs)) == pytest.approx((0, SIZE), abs=1e-6)
    assert (min(ys), max(ys)) == pytest.approx((descent, descent + SIZE), abs=1e-6)
    # The shipped coin: orange with a black outline; a label set may restyle it.
    assert disc.paint.fill is not None and disc.paint.fill.hex == "#E69F00"


def test_a_high_contrast_set_restyles_the_shipped_coin() -> None:
    contrast = make_variant(DEFAULT_TEMPLATES, {}, load_labels("high-contrast", DEFAULT_LABELS))
    column = Column(contrast.ctx, 400.0, 600.0)
    _, items = paragraph(column, "{icon:coin}", Setting(SIZE), 400.0, WHERE)
    (icon,) = items
    assert isinstance(icon, Group)
    disc, _ = icon.items
    assert isinstance(disc, Figure)
    assert (disc.paint.fill.hex, disc.paint.stroke.hex) == ("#FFFFFF", "#000000")  # type: ignore[union-attr]
    assert disc.paint.stroke_width == 1.5


def test_a_paragraph_breaks_across_runs_and_keeps_its_word_breaks(ctx: DrawContext) -> None:
    text = "Take **one** card and {icon:star} then " * 6
    lines = paragraph_lines(Column(ctx, 200.0, 600.0), text.strip(), Setting(SIZE), 200.0, WHERE)
    assert len(lines) > 2
    for line in lines[:-1]:
        last = line.items[-1]
        assert isinstance(last, Text) and last.space_after
    for line in lines:
        ends = [
            item.x + font_named(item.font).width(item.text, SIZE)
            if isinstance(item, Text)
            else item.dx + SIZE  # type: ignore[union-attr]
            for item in line.items
        ]
        assert max(ends) <= 200.0 + 1e-6


def test_escapes_alone_leave_the_text_plain(ctx: DrawContext) -> None:
    column = Column(ctx, 400.0, 600.0)
    _, items = paragraph(column, r"Score 2 \* 3", Setting(SIZE), 400.0, WHERE)
    assert [(i.text, i.font) for i in items if isinstance(i, Text)] == [
        ("Score 2 * 3", ctx.fonts.regular.name)
    ]


def test_a_game_icon_replaces_the_shipped_one_of_its_name(ctx: DrawContext) -> None:
    star = replace(
        ctx.icons["star"], style=ctx.icons["star"].style.model_copy(update={"shape": "heart"})
    )
    mine = replace(ctx, icons={**ctx.icons, "coin": star})
    _, items = paragraph(Column(mine, 400.0, 600.0), "{icon:coin}", Setting(SIZE), 400.0, WHERE)
    (icon,) = items
    assert isinstance(icon, Group)
    drawn, _ = icon.items
    assert isinstance(drawn, Figure)
    expected = mine.shapes.outline(
        "heart", 0, ctx.fonts.regular.metrics.descent / 1000 * SIZE, SIZE, SIZE
    )
    assert drawn.ops == expected


WORD = "Supercalifragilisticexpialidocious"


@pytest.mark.parametrize("text", [f"{WORD}: wins", f"a **{WORD}** wins"])
def test_a_word_breaks_between_its_characters_only_where_it_must(
    ctx: DrawContext, text: str
) -> None:
    """A word wider than the column breaks between its characters, plain or rich, each line
    within the column; a column narrower than one character still refuses it."""
    fonts = {font.name: font for font in (ctx.fonts.regular, ctx.fonts.bold)}
    for drawn in (
        paragraph(Column(ctx, 60.0, 600.0), text, Setting(SIZE), 60.0, WHERE)[1],
        [
            item
            for box in paragraph_lines(Column(ctx, 60.0, 600.0), text, Setting(SIZE), 60.0, WHERE)
            for item in box.items
        ],
    ):
        texts = [item for item in drawn if isinstance(item, Text)]
        assert WORD in "".join(t.text for t in texts) and len(texts) > 3
        assert all(t.x + fonts[t.font].width(t.text, t.size) <= 60.0 + 1e-6 for t in texts)
    with pytest.raises(UserError, match="is wider than the 0 mm column"):
        paragraph(Column(ctx, 1.0, 600.0), text, Setting(SIZE), 1.0, WHERE)
    with pytest.raises(UserError, match="is wider than the 0 mm column"):
        paragraph_lines(Column(ctx, 1.0, 600.0), text, Setting(SIZE), 1.0, WHERE)
