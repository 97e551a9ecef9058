"""Ink saver: a transform over planned primitives for draft prints, the same for every game.

Fills become outlines in the fill's colour; backs keep only a tint of their colours. Text
that would be too pale to read against the now mostly white paper is printed in black.
"""

from __future__ import annotations

from dataclasses import replace

from shapes_print.load.models import InkSaver
from shapes_print.primitives import Group, Item, Line, Page, Paint, Path, Rect, Symbol, Text

WHITE = (1.0, 1.0, 1.0)
BLACK = "#000000"


def _rgb(colour: str) -> tuple[float, float, float]:
    return tuple(int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))  # type: ignore[return-value]


def _luminance(colour: str) -> float:
    """WCAG relative luminance of a '#RRGGBB' colour."""
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in _rgb(colour)]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast_with_white(colour: str) -> float:
    return 1.05 / (_luminance(colour) + 0.05)


def tint(colour: str, strength: float) -> str:
    """The colour mixed with white, keeping `strength` (0-1) of it."""
    mixed = (1 - strength * (1 - c) for c in _rgb(colour))
    return "#" + "".join(f"{round(c * 255):02X}" for c in mixed)


class _Transform:
    def __init__(self, settings: InkSaver, pale: bool) -> None:
        self.settings = settings
        self.pale = pale

    def colour(self, colour: str | None) -> str | None:
        return tint(colour, self.settings.back_tint) if colour and self.pale else colour

    def paint(self, paint: Paint) -> Paint:
        if self.pale:
            return replace(paint, fill=self.colour(paint.fill), stroke=self.colour(paint.stroke))
        if not paint.fill:
            return paint
        if paint.stroke:
            return replace(paint, fill=None)
        return Paint(stroke=paint.fill, stroke_width=self.settings.outline_width)

    def item(self, item: Item) -> Item:
        if isinstance(item, Path | Rect):
            return replace(item, paint=self.paint(item.paint))
        if isinstance(item, Line):
            return replace(item, colour=self.colour(item.colour) or item.colour)
        if isinstance(item, Text):
            readable = contrast_with_white(item.colour) >= self.settings.min_text_contrast
            return item if readable else replace(item, colour=BLACK)
        if isinstance(item, Group):
            return replace(item, items=tuple(self.item(child) for child in item.items))
        return item


def save_ink_symbol(symbol: Symbol, settings: InkSaver, pale: bool) -> Symbol:
    """A card drawing for draft prints: outlined, or pale (for backs)."""
    transform = _Transform(settings, pale)
    return replace(symbol, items=tuple(transform.item(item) for item in symbol.items))


def save_ink_page(page: Page, settings: InkSaver) -> Page:
    transform = _Transform(settings, pale=False)
    return replace(page, items=tuple(transform.item(item) for item in page.items))
