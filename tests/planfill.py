"""How full a planned sheet page is, and what its top-level parts are, read off the plan:
no PDF is rendered.

A sheet page's content is its top-level groups (the furniture and a repeated header row are
artifacts); its ink goes down to the lowest point any of their items reaches. The page's text
area runs from the style's top margin down to its footer: the calibration footer on a file's
first page, the running foot's on the others (plan/sheets.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from functools import lru_cache

from shapes_print.geometry.primitives import (
    Artifact,
    Group,
    Image,
    Item,
    Line,
    Page,
    Path,
    PathOp,
    Rect,
    Symbol,
    Text,
    Use,
)
from shapes_print.load.printmodels import SheetStyle

# A line's ink above and below its baseline, as shares of its size (plan/paragraphs.py).
CAP, DESCENT = 0.75, 0.25
NOTHING = (float("inf"), float("-inf"))
# Each symbol's height by name: all a page's bounds need of its document's symbols, in a
# form a cache can key on.
Heights = tuple[tuple[str, float], ...]
# More sheet pages, and distinct top-level parts, than the plans of every shipped label set
# hold together (about 5,600 and 7,100).
PAGES_KEPT, PARTS_KEPT = 8192, 16384
OUTLINES_KEPT = 1024


def bounds(
    items: Iterable[Item], symbols: Mapping[str, Symbol], dy: float = 0.0, scale: float = 1.0
) -> tuple[float, float]:
    """The lowest and highest y the items reach, in the page's points (sheets do not
    rotate their content)."""
    return _bounds(items, {name: symbol.height for name, symbol in symbols.items()}, dy, scale)


def _bounds(
    items: Iterable[Item], heights: Mapping[str, float], dy: float, scale: float
) -> tuple[float, float]:
    """`bounds`, with each symbol's height by name (all a placed symbol's box needs)."""
    return _spanned(_placed(item, heights, dy, scale) for item in items)


def _placed(
    item: Item, heights: Mapping[str, float], dy: float, scale: float
) -> tuple[float, float]:
    """The lowest and highest y an item reaches on the page (NOTHING: none)."""
    if isinstance(item, Group):
        return _group_bounds(item, heights, dy, scale)
    if isinstance(item, Artifact):
        return _bounds(item.items, heights, dy, scale)
    lo, hi = _span(item, heights)
    return dy + lo * scale, dy + hi * scale


def _spanned(spans: Iterable[tuple[float, float]]) -> tuple[float, float]:
    """The lowest and highest y of the spans together, those reaching nothing left out."""
    low, high = NOTHING
    for lo, hi in spans:
        if lo <= hi:
            low, high = min(low, lo), max(high, hi)
    return low, high


def _span(item: Item, heights: Mapping[str, float]) -> tuple[float, float]:
    """The lowest and highest y a drawn item reaches in its own frame (NOTHING: none)."""
    if isinstance(item, Path):
        return _ys(item.ops)
    if isinstance(item, Text):
        return item.y - item.size * DESCENT, item.y + item.size * CAP
    if isinstance(item, Rect | Image):
        return item.y, item.y + item.h
    if isinstance(item, Line):
        return min(item.y1, item.y2), max(item.y1, item.y2)
    if isinstance(item, Use):  # its symbol's own box
        return item.y, item.y + heights[item.symbol]
    return NOTHING


def _group_bounds(
    group: Group, heights: Mapping[str, float], dy: float, scale: float
) -> tuple[float, float]:
    """A group's span on the page: its items', cut to its clip (a card drawn small shows
    nothing outside its box, as a placed symbol shows nothing outside its own)."""
    inner_dy, inner_scale = dy + group.dy * scale, scale * group.scale
    low, high = _bounds(group.items, heights, inner_dy, inner_scale)
    if group.clip:
        clip_low, clip_high = _ys(group.clip)
        low = max(low, inner_dy + clip_low * inner_scale)
        high = min(high, inner_dy + clip_high * inner_scale)
    return low, high


@lru_cache(maxsize=OUTLINES_KEPT)
def _ys(ops: tuple[PathOp, ...]) -> tuple[float, float]:
    """The lowest and highest y an outline's points reach (NOTHING: it has none): a few
    dozen outlines (rules, boxes, icons) are drawn tens of thousands of times."""
    ys = [op[-1] for op in ops if len(op) > 1]
    return (float(min(ys)), float(max(ys))) if ys else NOTHING


def content_bounds(
    page: Page, symbols: Mapping[str, Symbol]
) -> tuple[tuple[float, float], tuple[float, float]]:
    """The lowest and highest y a sheet page's content reaches, and its first part's, as
    `bounds` gives them: worked out once per run for each page, which several tests read."""
    return _content_bounds(page, tuple((name, symbol.height) for name, symbol in symbols.items()))


@lru_cache(maxsize=PAGES_KEPT)
def _content_bounds(
    page: Page, heights: Heights
) -> tuple[tuple[float, float], tuple[float, float]]:
    spans = [_part_bounds(part, heights) for part in content(page)]
    return _spanned(spans), _spanned(spans[:1])


@lru_cache(maxsize=PARTS_KEPT)
def _part_bounds(part: Group, heights: Heights) -> tuple[float, float]:
    """A top-level part's span on its page, worked out once for parts alike: a block is
    the same at every player count of a kit, on both sides of a player aid."""
    return _group_bounds(part, dict(heights), 0.0, 1.0)


def text_area(style: SheetStyle, page: Page, first: bool) -> tuple[float, float]:
    """The top and bottom of a sheet page's text area (points, y up)."""
    foot = style.footer_height if first else style.running_footer_height
    return page.height - style.margin, foot


def content(page: Page) -> list[Group]:
    """A sheet page's top-level parts, in reading order: its furniture left out."""
    return [item for item in page.items if isinstance(item, Group)]


def fill(style: SheetStyle, page: Page, symbols: Mapping[str, Symbol], first: bool) -> float:
    """The share of the page's text area its content takes, top down to its lowest ink."""
    top, bottom = text_area(style, page, first)
    (low, _), _ = content_bounds(page, symbols)
    if low == float("inf"):
        return 0.0
    return (top - low) / (top - bottom)


def has_square(page_items: tuple[Item, ...], side: float) -> bool:
    """Whether a page's furniture holds the inch square."""

    def squares(items: tuple[Item, ...]) -> Iterator[Rect]:
        for item in items:
            if isinstance(item, Group | Artifact):
                yield from squares(item.items)
            elif isinstance(item, Rect):
                yield item

    furniture = tuple(item for item in page_items if isinstance(item, Artifact))
    return any(abs(r.w - side) < 0.01 and abs(r.h - side) < 0.01 for r in squares(furniture))
