"""A table's cell is drawn once at each width it is measured at (plan/cells.py)."""

from __future__ import annotations

from collections.abc import Sequence

from shapes_print.geometry.primitives import RGB, Item, Line
from shapes_print.plan.cells import OncePerWidth


def _rule(width: float) -> Line:
    return Line(0, 0, width, 0, RGB(0, 0, 0), 1.0)


class _Counted(OncePerWidth):
    """A cell as tall as its width, drawing one line, counting its drawings."""

    __slots__ = ("widths",)

    def __init__(self) -> None:
        super().__init__()
        self.widths: list[float] = []

    def draw(self, width: float) -> tuple[float, Sequence[Item]]:
        self.widths.append(width)
        return width, [_rule(width)]


def test_each_width_is_drawn_once_and_each_answer_is_a_list_of_its_own() -> None:
    cell = _Counted()
    answers = [cell(width) for width in (10.0, 20.0, 10.0, 30.0, 20.0, 30.0)]
    assert cell.widths == [10.0, 20.0, 30.0]
    assert [height for height, _ in answers] == [10.0, 20.0, 10.0, 30.0, 20.0, 30.0]
    assert [items for _, items in answers] == [[_rule(w)] for w in (10, 20, 10, 30, 20, 30)]
    answers[0][1].clear()  # a caller may change its list: the next answer is whole
    assert cell(10.0) == (10.0, [_rule(10.0)])
