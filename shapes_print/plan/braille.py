"""Braille on a card: a text's Grade 1 cells drawn as filled circles in a zone of the card.

Input: the cells in lines that fit the zone (kit/braillefit.py), the zone (a box in card
points, y up) and the dots' sizes (`BrailleStyle`). Output: one filled path of circles,
every dot inside the zone, lines from the zone's top-left corner, so swell paper raises
them and nothing else there.
"""

from __future__ import annotations

from shapes_print.braille.cells import raised
from shapes_print.geometry.outlines import ellipse_ops
from shapes_print.geometry.primitives import Artifact, Item, Paint, Path, PathOp
from shapes_print.kit.braillefit import Box
from shapes_print.load.printmodels import BrailleStyle


def braille_dots(lines: list[str], box: Box, style: BrailleStyle) -> list[Item]:
    """Every raised dot as a filled circle: dot 1 of the first cell touches the zone's
    top-left corner. The dots repeat the card's words, so a reader's software skips them."""
    x, y, _, height = box
    radius = style.dot_diameter / 2
    ops: list[PathOp] = []
    for row, line in enumerate(lines):
        top = y + height - radius - row * style.line_spacing
        for column, braille in enumerate(line):
            left = x + radius + column * style.cell_spacing
            for dot in raised(braille):
                across, down = divmod(dot - 1, 3)
                centre = (left + across * style.dot_spacing, top - down * style.dot_spacing)
                ops.extend(ellipse_ops(*centre, radius, radius))
    if not ops:
        return []
    return [Artifact((Path(tuple(ops), Paint(fill=style.colour)),), "Layout", raised=True)]
