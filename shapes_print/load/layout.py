"""Layout sanity checked at load: every element of a card layout lies on its card.

A box off the card draws nothing (a shape just vanishes) or draws over the next card on
the sheet. A `bleed` element may run on into the print-shop bleed, and no further.
"""

from __future__ import annotations

from collections.abc import Callable

from shapes_print.errors import Source, UserError
from shapes_print.load.cardmodels import CardTemplate

_SLACK = 0.01  # points: boxes written as `100% - 5mm` land a rounding error off the edge


def check_boxes(
    template: CardTemplate, bleed: float, where: Callable[[str, int], tuple[Source, str]]
) -> None:
    """Every element box of every layout inside the card (a bleed element: its bleed);
    `where(layout, index)` is where the element gets its place (its box, or the label
    set's change that moved it) and words naming that change, if any."""
    width, height = template.card["width"], template.card["height"]
    for layout_name, layout in template.layouts.items():
        for index, element in enumerate(layout.elements):
            x, y, w, h = element.drawn(width, height)
            room = (bleed if element.bleed else 0.0) + _SLACK
            if min(x, y) < -room or x + w > width + room or y + h > height + room:
                edge = f" or its {_mm(bleed):.1f} mm bleed" if element.bleed else ""
                at, moved = where(layout_name, index)
                named = f" ({element.name!r})" if moved and element.name else ""
                raise UserError(
                    at,
                    f"layouts.{layout_name}.elements.{index}.box{named}: reaches off the "
                    f"{_mm(width):.1f} x {_mm(height):.1f} mm card{edge} "
                    f"(x {_mm(x):.1f} to {_mm(x + w):.1f} mm, y {_mm(y):.1f} to {_mm(y + h):.1f} mm)"
                    f"{moved}; keep it on the card",
                )


def _mm(points: float) -> float:
    return points * 25.4 / 72
