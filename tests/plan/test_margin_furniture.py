"""The scale check and print line in a page's margins, placed apart: the bands along the
foot and up a side meet in the corners, and what one holds the other must not cover."""

from __future__ import annotations

from shapes_print.geometry.primitives import Artifact, Group, Text
from shapes_print.pipeline import pipeline
from shapes_print.plan.furniture import margin_stretches, place_furniture

LETTER = (612.0, 792.0)
MARGIN = 42.52  # 15 mm
# A print line longer than the foot's band holds beside the ruler and the inch check, as
# long as a side is tall: it goes up a side, in one line.
FOOT = 56.0  # points: the band under a large print page's content
LINE = "Print at 100% / Actual size, headers and footers off; double-sided, flip on long edge"


def _box(group: Group, across: float, along: float) -> tuple[float, float, float, float]:
    """A placed group's box (left, bottom, right, top): along a side it stands turned."""
    if group.angle == 90:
        return (group.dx - across, group.dy, group.dx, group.dy + along)
    return (group.dx, group.dy, group.dx + along, group.dy + across)


def test_a_print_line_up_a_side_keeps_clear_of_the_ruler_in_its_corner() -> None:
    """A large print foot 56 pt tall holds the ruler (over its label's two lines) at its
    left, not the print line; the print line set up a side starts above the ruler, not over
    its label."""
    project = pipeline.load_project(pipeline.Sources(), ["pass-and-pick"], ["large-print"])
    ctx = project.variants[0].ctx
    f, font = ctx.sheets_furniture or ctx.style.furniture, ctx.fonts.regular
    bottom = f.safe_margin + f.furniture_gap + FOOT
    content = (MARGIN, bottom, LETTER[0] - MARGIN, LETTER[1] - MARGIN)
    stretches = margin_stretches(content, LETTER, [], [], f)
    ruler, _, line = place_furniture(stretches, font, f, LINE)
    assert isinstance(ruler, Artifact) and isinstance(line, Artifact)
    (ruler_group,) = ruler.items
    (line_group,) = line.items
    assert isinstance(ruler_group, Group) and isinstance(line_group, Group)
    (text,) = (item for item in line_group.items if isinstance(item, Text))
    assert line_group.angle == 90  # up a side, as the case to test asks
    span = max(f.ruler_length, font.width(f.ruler_label, f.text_size))
    left, low, right, high = _box(ruler_group, FOOT, span)
    a, b, c, d = _box(line_group, MARGIN, font.width(text.text, text.size))
    assert c <= left or a >= right or d <= low or b >= high, (
        (a, b, c, d),
        (left, low, right, high),
    )
