"""A page's running foot stands clear of the furniture under it: the print-and-play file
numbers its cover itself, after the cover's print line was placed, so the cover's foot must
have kept the foot's room, and large print's double-sided print line (four lines beside the
inch square) the taller first foot its style gives a double-sided document."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from shapes_print.geometry.primitives import Artifact, Group, Item, Page, Text
from shapes_print.pipeline import pipeline
from shapes_print.plan.pagenumbers import is_running_foot
from shapes_print.text.fonts import font_named

# Between the foot's lowest descender and the tops of the capitals under it: a tenth of
# the type's size, as between two lines set solid and then some.
CLEAR = 0.1


def _lines(item: Item, dx: float = 0.0, dy: float = 0.0) -> Iterator[tuple[Text, float, float]]:
    """Every line of text in an item, with where its group moved it."""
    if isinstance(item, Text):
        yield item, dx, dy
    elif isinstance(item, Group):
        assert item.angle == 0 and item.scale == 1, "a foot's furniture stands upright"
        for child in item.items:
            yield from _lines(child, dx + item.dx, dy + item.dy)
    elif isinstance(item, Artifact):
        for child in item.items:
            yield from _lines(child, dx, dy)


def _span(line: tuple[Text, float, float]) -> tuple[float, float, float, float]:
    """A line's left and right, its descenders' bottom and its capitals' top."""
    text, dx, dy = line
    font = font_named(text.font)
    width = font.width(text.text, text.size)
    left = text.x + dx - {"start": 0.0, "middle": width / 2, "end": width}[text.anchor]
    baseline = text.y + dy
    metrics = font.metrics
    bottom = baseline + metrics.descent / 1000 * text.size
    return left, left + width, bottom, baseline + metrics.cap_height / 1000 * text.size


def clearances(page: Page) -> list[float]:
    """Each gap, as a share of the foot's size, between a line of the running foot and a
    line of furniture under it that it stands over."""
    foot = [line for item in page.items if is_running_foot(item) for line in _lines(item)]
    under = [
        line
        for item in page.items
        if isinstance(item, Artifact) and item.kind == "Pagination" and not is_running_foot(item)
        for line in _lines(item)
    ]
    gaps = []
    for one in foot:
        left, right, bottom, _ = _span(one)
        for other in under:
            o_left, o_right, o_bottom, o_top = _span(other)
            if o_left < right and left < o_right and o_bottom < bottom:
                gaps.append((bottom - o_top) / one[0].size)
    return gaps


@pytest.mark.parametrize(
    ("labels", "paper"),
    [
        ("standard", "a4"),
        ("large-print", "a4"),
        ("large-print", "letter"),
        ("large-print-atkinson", "letter"),
    ],
)
def test_the_print_and_play_covers_foot_stands_clear_of_its_print_line(
    labels: str, paper: str
) -> None:
    project = pipeline.load_project(pipeline.Sources(), ["collect-3"], [labels])
    ((_, _, files),) = pipeline.plan_all(project, "4", paper)
    (compiled,) = (f for f in files if f.name.endswith("_print-and-play"))
    front = compiled.printed.pages[:3]  # the cover, and what follows it before the parts
    gaps = [gap for page in front for gap in clearances(page)]
    assert gaps, "the cover's foot stands over its print line"
    assert min(gaps) >= CLEAR, (labels, paper, min(gaps))
