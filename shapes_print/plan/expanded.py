"""A printed line's shorthand given the words a listener hears (text/hearing.py).

Input: a line of text as laid out, its font and the label set's hearing. Output: the same
line as pieces: each span a reader's software would misread ("1-3", "1.er") a Span group
whose expansion says its words (the PDF's /E), the words around it plain texts. Each piece
starts where its characters stood in the whole line (advance widths, as every line is
measured), so the page draws the same glyphs in the same places.
"""

from __future__ import annotations

from msgspec.structs import replace

from shapes_print.geometry.primitives import Group, Item, Text
from shapes_print.text.fonts import Font
from shapes_print.text.hearing import Hearing

# How far along its own width a line's anchor is.
_ANCHORED = {"start": 0.0, "middle": 0.5, "end": 1.0}


def expanded(line: Text, font: Font, hearing: Hearing) -> list[Item]:
    """The line, its shorthand in Spans of their own; the line itself when it has none.
    The line's break space (`space_after`) stays at its end."""
    spans = hearing.spans(line.text)
    if not spans:
        return [line]
    text, size = line.text, line.size
    left = line.x - font.width(text, size) * _ANCHORED[line.anchor]

    def piece(start: int, end: int) -> Text:
        at = left + font.width(text[:start], size)
        spaced = line.space_after and end == len(text)
        return replace(line, x=at, text=text[start:end], anchor="start", space_after=spaced)

    items: list[Item] = []
    at = 0
    for span in spans:
        if span.start > at:
            items.append(piece(at, span.start))
        items.append(Group((piece(span.start, span.end),), role="Span", expansion=span.words))
        at = span.end
    if at < len(text):
        items.append(piece(at, len(text)))
    return items
