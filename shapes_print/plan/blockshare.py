"""Plan stage, sheets: a block drawn once for every kit that would draw it the same.

Input: one sheet block, the column it is set in, the values its words are filled from and
the kit's `SheetInputs`. Output: the block's boxes, as its drawer makes them. Kits of one
game under one label set for other player counts (and `check`'s other settings) draw most
blocks of their sheets alike: a rule, a heading, a table of cards reads no value that the
player count changes. A block is drawn again only when something it may read differs:
the column (its context's parts, width, room, arrow height; words and cards read only its
width); for a block that may draw cards, the kit's card faces and print-shop flag; for a
score sheet, the player count; the list a table is made from; and each value whose name
opens a brace in a text of the block or in the label set's words for one, with the values
the texts of those name in turn. An `across` table (`Regrouped`) is shared whole: it lays
its rows out again for each page from what it was drawn from, which is the same for every
kit that shares it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from decimal import Decimal
from functools import partial
from typing import Any

from msgspec.structs import astuple
from pydantic import BaseModel

from shapes_print.buildcache import Bounded, BuildCache, Region
from shapes_print.errors import Source
from shapes_print.load.loaded import Block
from shapes_print.load.models import CardsCell, TableBlock
from shapes_print.plan.cells import SheetInputs
from shapes_print.plan.flow import Box
from shapes_print.plan.paragraphs import Column
from shapes_print.plan.tables import Regrouped, Roomed
from shapes_print.text.words import Words

Drawn = list[Box] | Regrouped
Shared = tuple[dict[str, Any], Any, Drawn | Roomed]  # the values read, the faces kept, the drawing
Draw = Callable[[Column, Any, Mapping[str, Any], SheetInputs, Source], Drawn | Roomed]
# A name a text may read: the first word inside a brace, `{players}`, `{players, plural, ...`,
# and a branch's first word too (`select`'s `{Red}`): more names than read do no harm.
_NAME = re.compile(r"\{\s*([A-Za-z_][A-Za-z0-9_]*)")
_ABSENT = object()
# Blocks whose drawers never read the kit's card faces or print-shop flag, so a print-shop
# kit draws them as a home kit does: words alone (plan/blocks.py) and score sheets
# (plan/scores.py); a table is one when no cell of it is a cards cell (`_alike_for_a_shop`).
_NO_CARDS = frozenset(
    {"heading", "subheading", "text", "steps", "bullets", "facts", "arrow", "score_sheet"}
)
# Blocks whose drawers read no more of their column than its context and width: words and
# cards, and tables and facts, which leave the breaks that weigh a page's room to their
# drawing's `Roomed.at`; never an arrow's height (an arrow is as tall as its column says;
# a score sheet fills its pages). Drawn at the same width, they are the same in a column
# of any room, on A4 as on Letter.
_WIDTH_ONLY = frozenset(
    {"heading", "subheading", "text", "steps", "bullets", "cards", "table", "facts"}
)
# (block, column, kit inputs) by identity -> what pins those ids, then each drawing with
# the values it was drawn from; a build draws a few thousand distinct blocks.
DRAWN: Region[Bounded[tuple[object, ...], tuple[tuple[object, ...], list[Shared]]]] = Region(
    "blocks drawn", partial(Bounded, 4096)
)
# (block, words) by identity -> what pins them, and the names the block's texts may read.
NAMES: Region[Bounded[tuple[int, int], tuple[tuple[object, ...], frozenset[str] | None]]] = Region(
    "names blocks read", partial(Bounded, 4096)
)


def draw_block(
    draw: Draw, block: Block, col: Column, values: Mapping[str, Any], inputs: SheetInputs
) -> Drawn:
    """`draw`'s boxes for the block, drawn afresh only if no kit drew it from the same."""
    names = _names(block, col.ctx.words, inputs.cache)
    if names is None:
        return _laid(draw(col, block.value, values, inputs, block.source), col.room)
    pins = (block, *astuple(col.ctx))  # the block and its context's parts, in order
    plain = _alike_for_a_shop(block)
    players = inputs.players if block.kind == "score_sheet" else 0
    column: tuple[float | None, ...] = (col.width, col.room, col.arrow_height, col.opening_room)
    if block.kind in _WIDTH_ONLY:
        column = column[:1]
    key = (*map(id, pins), *column, not plain and inputs.shop, players)
    read = _read(block, values, inputs, names, plain)
    kept = inputs.cache.region(DRAWN)
    # An entry found holds its pins, so no other object has their ids: they are these.
    entry = kept.get(key)
    if entry is not None:
        for seen, _, drawn in entry[1]:
            if seen == read:
                return _laid(drawn, col.room)
    drawn = draw(col, block.value, values, inputs, block.source)
    if entry is None:
        entry = kept.keep(key, (pins, []))
    entry[1].append((read, inputs.faces, drawn))  # the faces kept, so their ids stay theirs
    return _laid(drawn, col.room)


def _laid(drawn: Drawn | Roomed, room: float) -> Drawn:
    """A drawing's boxes in a column of `room` (a table's made for it, once), in a list of
    the caller's own."""
    if isinstance(drawn, Roomed):
        drawn = drawn.at(room)
    return drawn if isinstance(drawn, Regrouped) else list(drawn)


def _alike_for_a_shop(block: Block) -> bool:
    """Whether the block never draws cards, so a print-shop kit draws it as a home kit does:
    words alone, a score sheet, or a table none of whose cells is a cards cell."""
    table = block.value
    if not isinstance(table, TableBlock):
        return block.kind in _NO_CARDS
    return not any(isinstance(cell, CardsCell) for row in (*table.rows, table.row) for cell in row)


def _read(
    block: Block,
    values: Mapping[str, Any],
    inputs: SheetInputs,
    names: frozenset[str],
    plain: bool,
) -> dict[str, Any]:
    """The values (and lists) the block may read: those its texts name, and those that
    the texts of the named values name in turn; of each item of the list its rows are
    made from, the same (a row's words are filled from the item over the values)."""
    read = _named(names, values)
    table = getattr(block.value, "rows_from", None)
    if isinstance(table, str):
        items = inputs.lists.get(table)
        read[f"list:{table}"] = (
            _ABSENT if items is None else [_named(names, item, values) for item in items]
        )
    if not plain:
        read["faces:"] = [(card, id(face)) for card, face in inputs.faces.items()]
    return read


def _named(names: frozenset[str], *layers: Mapping[str, Any]) -> dict[str, Any]:
    """Each name's value (from the first layer holding it), and those of the names the
    texts of those values name in turn."""
    read: dict[str, Any] = {}
    waiting = list(names)
    while waiting:
        name = waiting.pop()
        if name in read:
            continue
        value = next((layer[name] for layer in layers if name in layer), _ABSENT)
        read[name] = value
        if isinstance(value, str):
            waiting += _NAME.findall(value)
    return read


def _names(block: Block, words: Words, cache: BuildCache) -> frozenset[str] | None:
    """Every name-like word of the block's texts and of the label set's words for them;
    None for a block holding something else than texts, numbers and models of them."""
    key = (id(block), id(words))
    kept_names = cache.region(NAMES)
    found = kept_names.get(key)
    if found is not None and found[0][0] is block and found[0][1] is words:
        return found[1]
    names = {"n"}
    kept: frozenset[str] | None
    try:
        for text in _texts((block.value, [child.value for child in block.children])):
            names.update(_NAME.findall(text))
            translated = words.text.get(text)
            if isinstance(translated, str):
                names.update(_NAME.findall(translated))
        kept = frozenset(names)
    except TypeError:
        kept = None
    return kept_names.keep(key, ((block, words), kept))[1]


def _texts(value: Any) -> Iterator[str]:
    """Every text in a block's value, however deep; TypeError at anything else than texts,
    numbers, models, mappings and sequences of them."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, BaseModel):
        for item in value.__dict__.values():
            yield from _texts(item)
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield from _texts(key)
            yield from _texts(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _texts(item)
    elif not isinstance(value, (int, float, Decimal)) and value is not None:
        raise TypeError(f"a block holding {type(value).__name__}")
