"""Card fields that nothing reads are typos: `colur:` beside a layout that reads `{colour}`.

A field is read when its card's (or back's) layout names it, in a `{placeholder}` or as an
element's `when:`, or when a sheet of the game names it (sheets may list the deck's fields);
a back's `look` is read by a sheet that names `{<back>_back}` (`back_look_name`).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from shapes_print.errors import UserError, closest
from shapes_print.load.base import Scalar
from shapes_print.load.cardmodels import Layout
from shapes_print.load.loaded import ByIdentity, Library, LoadedDocument, LoadedGame
from shapes_print.text.grammar import MessageError, parse

# A back's field that says how it looks ("green back"), for sentences about the back.
BACK_LOOK = "look"
# The deck list's field for each card's back's look (a host key's manifest: "red back").
CARD_BACK_LOOK = "back_look"


def back_look_name(back_id: str) -> str:
    """The value a sentence names a back's look by: `crown` -> `{crown_back}`."""
    return f"{back_id.replace('-', '_')}_back"


def placeholder_names(text: str) -> set[str]:
    """The names a text's placeholders and plural messages name (syntax was checked as the
    file was read; a text that is not a message names none)."""
    try:
        return parse(text).names()
    except MessageError:
        return set()


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _strings(item)


def layout_reads(layout: Layout) -> frozenset[str]:
    """Every field a layout's elements name."""
    return _layout_reads(ByIdentity.of(layout))


@lru_cache(maxsize=1024)
def _layout_reads(layout: ByIdentity[Layout]) -> frozenset[str]:
    """Once for each layout: a command's every label set, and a process's every command,
    asks of the same layouts (the library `yamlsrc.remembered` keeps)."""
    read: set[str] = set()
    for element in layout.thing.elements:
        if element.when:
            read.add(element.when)
        for text in _strings(element.model_dump()):
            if "{" in text:  # a text without one names nothing
                read |= placeholder_names(text)
    return frozenset(read)


@lru_cache(maxsize=256)
def _sheet_reads(document: ByIdentity[LoadedDocument]) -> frozenset[str]:
    """Every field a sheet document's texts name, once for each document."""
    return frozenset().union(*map(placeholder_names, _strings(document.thing.source.data)))


def check_fields_are_read(loaded: LoadedGame, library: Library) -> None:
    """Every key under a card's or a back's `fields:` is read by something that prints."""
    by_sheets = frozenset().union(*(_sheet_reads(ByIdentity.of(d)) for d in loaded.documents))
    for deck in loaded.decks:
        template = loaded.card_template(library, deck)
        if template is None:
            continue  # reported, with the known templates, where the cards are planned
        by_layout: dict[str, frozenset[str]] = {}  # the layouts its cards and backs use, as met
        parts: list[tuple[tuple[str, int | str], str, dict[str, Scalar]]] = [
            (("cards", index), card.layout, card.fields)
            for index, card in zip(deck.origins, deck.deck.cards, strict=True)
        ]
        parts += [
            (("backs", name), back.layout, back.fields) for name, back in deck.deck.backs.items()
        ]
        for loc, layout, fields in parts:
            if layout not in template.layouts:
                continue  # an unknown layout is reported where the card is drawn
            if layout not in by_layout:
                by_layout[layout] = layout_reads(template.layouts[layout])
            read = by_layout[layout] | by_sheets | _back_reads(deck.source.data, loc)
            named = {back_look_name(str(loc[1])), CARD_BACK_LOOK}
            if loc[0] == "backs" and named & by_sheets:
                read = read | {BACK_LOOK}
            for key in fields:
                if key not in read:
                    close = closest(key, read)
                    raise UserError(
                        deck.source.source((*loc, "fields", key)),
                        f"field {key!r} is read by no layout or sheet (layout {layout!r} reads "
                        f"{', '.join(sorted(by_layout[layout])) or 'none'})",
                        f"did you mean {close!r}?" if close else "",
                    )


def _back_reads(data: Any, loc: tuple[str, int | str]) -> set[str]:
    """The fields a card's `back:` template names as written (`back: "{suit}"`)."""
    if loc[0] != "cards":
        return set()
    back = data["cards"][loc[1]].get("back")
    return placeholder_names(back) if isinstance(back, str) else set()
