"""How full a planned sheet page is, read off the plan: no PDF is rendered.

A sheet page's content is its top-level groups (the furniture and a repeated header row are
artifacts); its ink goes down to the lowest point any of their items reaches. The page's text
area runs from the style's top margin down to its footer: the calibration footer on a file's
first page, the running foot's on the others (plan/sheets.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from shapes_print.geometry.primitives import (
    Artifact,
    Group,
    Image,
    Item,
    Line,
    Page,
    Path,
    Rect,
    Symbol,
    Text,
    Use,
)
from shapes_print.load.printmodels import SheetStyle

DESCENT = 0.25  # a line's ink below its baseline, as a share of its size (plan/paragraphs.py)


def lowest(
    items: Iterable[Item], symbols: Mapping[str, Symbol], dy: float = 0.0, scale: float = 1.0
) -> float:
    """The lowest y any of the items reaches, in the page's points (inf for none)."""
    low = float("inf")
    for item in items:
        if isinstance(item, Group):
            low = min(low, lowest(item.items, symbols, dy + item.dy * scale, scale * item.scale))
        elif isinstance(item, Artifact):
            low = min(low, lowest(item.items, symbols, dy, scale))
        elif isinstance(item, Text):
            low = min(low, dy + (item.y - item.size * DESCENT) * scale)
        elif isinstance(item, Rect | Image):
            low = min(low, dy + item.y * scale)
        elif isinstance(item, Line):
            low = min(low, dy + min(item.y1, item.y2) * scale)
        elif isinstance(item, Path):
            ys = [op[-1] for op in item.ops if len(op) > 1]
            low = min(low, dy + min(ys, default=float("inf")) * scale)  # type: ignore[type-var]
        elif isinstance(item, Use):
            symbol = symbols[item.symbol]
            low = min(low, dy + item.y * scale + min(0.0, lowest(symbol.items, symbols)) * scale)
    return low


def text_area(style: SheetStyle, page: Page, first: bool) -> tuple[float, float]:
    """The top and bottom of a sheet page's text area (points, y up)."""
    foot = style.footer_height if first else style.running_footer_height
    return page.height - style.margin, foot


def fill(style: SheetStyle, page: Page, symbols: Mapping[str, Symbol], first: bool) -> float:
    """The share of the page's text area its content takes, top down to its lowest ink."""
    top, bottom = text_area(style, page, first)
    content = [item for item in page.items if not isinstance(item, Artifact)]
    low = lowest(content, symbols)
    if low == float("inf"):
        return 0.0
    return (top - low) / (top - bottom)
