"""Card fields that nothing reads are typos: `colur:` beside a layout that reads `{colour}`.

A field is read when its card's (or back's) layout names it, in a `{placeholder}` or as an
element's `when:`, or when a sheet of the game names it (sheets may list the deck's fields).
"""

from __future__ import annotations

import string
from collections.abc import Iterator
from typing import Any

from shapes_print.errors import UserError, closest
from shapes_print.load.content import Library, LoadedGame
from shapes_print.load.models import Layout

# The names a text names, as `{name}` or `{name:filter}`. HOOK: when the text-template
# grammar lands (parsed once at load), take the names from its parsed placeholders instead.
_FORMATTER = string.Formatter()


def placeholder_names(text: str) -> set[str]:
    """The names `{name}`, `{name:filter}` in a text; none if it is not a template."""
    try:
        parts = list(_FORMATTER.parse(text))
    except ValueError:
        return set()
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in parts if name}


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _strings(item)


def layout_reads(layout: Layout) -> set[str]:
    """Every field a layout's elements name."""
    read: set[str] = set()
    for element in layout.elements:
        if element.when:
            read.add(element.when)
        for text in _strings(element.model_dump()):
            read |= placeholder_names(text)
    return read


def check_fields_are_read(loaded: LoadedGame, library: Library) -> None:
    """Every key under a card's or a back's `fields:` is read by something that prints."""
    template = library.templates.get(loaded.game.card_template)
    if template is None:
        return  # reported, with the known templates, where the cards are planned
    by_sheets: set[str] = set()
    for document in loaded.documents:
        for text in _strings(document.source.data):
            by_sheets |= placeholder_names(text)
    by_layout = {name: layout_reads(layout) for name, layout in template.layouts.items()}
    for deck in loaded.decks:
        parts = [
            (("cards", index), card.layout, card.fields)
            for index, card in zip(deck.origins, deck.deck.cards, strict=True)
        ]
        parts += [
            (("backs", name), back.layout, back.fields) for name, back in deck.deck.backs.items()
        ]
        for loc, layout, fields in parts:
            if layout not in by_layout:
                continue  # an unknown layout is reported where the card is drawn
            read = by_layout[layout] | by_sheets
            for key in fields:
                if key not in read:
                    close = closest(key, read)
                    raise UserError(
                        deck.source.source((*loc, "fields", key)),
                        f"field {key!r} is read by no layout or sheet (layout {layout!r} reads "
                        f"{', '.join(sorted(by_layout[layout])) or 'none'})",
                        f"did you mean {close!r}?" if close else "",
                    )
