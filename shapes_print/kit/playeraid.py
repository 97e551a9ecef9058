"""Kit stage, player aid: the turn, the scoring and the end of a game, one for each player.

Input: a game's `player_aid` (the document and the headings it reprints), the kit's loaded
documents and player count. Output: a sheet document of one copy of the aid's blocks, the
rules' own text reused (nothing is written twice); the kit prints it once per player
(plan/kitsheets.py's `copies`), in the draw context `aid_context` gives.
A part is a heading or subheading and the blocks after it, up to the next page break or
heading (for a heading), or the next page break, heading or subheading (for a subheading);
a part given with `only` keeps its heading (or the `heading` it gives instead) and only
those kinds of its blocks, its tables in `across` groups of their columns where it says.
Where a copy does not fit one side, its `spare` parts are left out, first to last, each
with a line in its place saying where it is in the rules. The aid's own heading is its
title (H1), and each part a section of it: the part's heading, a heading or a subheading
in the document, is tagged H2, and a subheading within a heading's part H3 (`Block.level`;
printed at its kind's size), so the outline nests them under the title.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from functools import partial

from msgspec import Struct
from msgspec.structs import replace

from shapes_print.buildcache import BuildCache, Pinned, Region
from shapes_print.errors import Source, UserError
from shapes_print.kit.context import DrawContext
from shapes_print.load.aidmodels import AidPart
from shapes_print.load.loaded import Block, LoadedDocument, LoadedGame
from shapes_print.load.printmodels import SheetStyle
from shapes_print.load.values import player_range
from shapes_print.text.words import composed

# How the aid's own blocks are made: `Pinned.made` of the build's AID_BLOCKS, so that every
# player count's aid holds the same block, found by its id (plan/blockshare.py).
Made = Callable[[tuple[object, ...], Hashable, Callable[[], Block]], Block]

_ENDS = {
    "heading": ("heading", "page_break"),
    "subheading": ("heading", "subheading", "page_break"),
}
# A heading's level in its document by its kind (H1, H2): in the aid, a part's heading is
# one under the aid's title, whatever its kind, and the part's subheadings one under that.
_RANKS = {"heading": 1, "subheading": 2}
_PART_LEVEL = 2


def _part(blocks: Sequence[Block], title: str) -> range | None:
    """Where the part headed `title` as the YAML writes it lies among the blocks, or None
    where no heading says it (compared composed: an accent typed on its own is the same)."""
    title = composed(title)
    for start, block in enumerate(blocks):
        heading = block.kind in ("heading", "subheading") and isinstance(block.value, str)
        if heading and composed(block.value) == title:
            end = next(
                (i for i in range(start + 1, len(blocks)) if blocks[i].kind in _ENDS[block.kind]),
                len(blocks),
            )
            return range(start, end)
    return None


def _across(blocks: Sequence[Block], part: range, across: int, made: Made) -> dict[int, Block]:
    """The part's tables set in `across` groups of their columns (an aid part's `across`),
    by their places among the blocks."""
    return {
        at: made((blocks[at],), ("across", across), partial(_set_across, blocks[at], across))
        for at in part
        if blocks[at].kind == "table"
    }


def _set_across(table: Block, across: int) -> Block:
    """A table block set in `across` groups of its columns."""
    return replace(table, value=table.value.model_copy(update={"across": across}))


def _kept(blocks: Sequence[Block], part: range, only: Sequence[str] | None) -> list[int]:
    """The blocks of a part a player aid takes: its heading, and the rest of its blocks, or
    only those of the kinds `only` names."""
    return [at for at in part if only is None or at == part.start or blocks[at].kind in only]


def _table(blocks: Sequence[Block], header: str) -> range | None:
    """Where the table whose first column is headed `header` lies among the blocks, or None."""
    found = (at for at, block in enumerate(blocks) if block.kind == "table")
    return next((range(at, at + 1) for at in found if blocks[at].value.columns[0] == header), None)


def _levels(blocks: Sequence[Block], part: range, levels: dict[int, int]) -> None:
    """The level in the aid of each heading of a part, by its place, added to `levels`:
    its own heading's one under the title, a subheading under that (a part inside one
    named before it keeps the level it has there)."""
    top = _RANKS[blocks[part.start].kind]
    for at in part:
        rank = _RANKS.get(blocks[at].kind)
        if rank is not None:
            levels.setdefault(at, _PART_LEVEL + rank - top)


def _at_level(block: Block, level: int | None, made: Made) -> Block:
    """The block, as a heading tagged at `level` (`made` once for the game) where its kind
    tags it at another; as it is otherwise (a spare part's line in a heading's place)."""
    rank = _RANKS.get(block.kind)
    if level is None or rank is None or rank == level:
        return block
    return made((block,), ("level", level), partial(replace, block, level=level))


def _found(part: range | None, where: Source, missing: str) -> range:
    """The part found, or an error at `where` saying what is `missing`."""
    if part is None:
        raise UserError(where, f"player_aid: {missing}")
    return part


def player_aid(
    loaded: LoadedGame, players: int, made: Made, spared: int = 0
) -> LoadedDocument | None:
    """One copy of the game's player aid for `players`, or None (no `player_aid`, or none
    of its document's sections is for this many players); its first `spared` spare parts
    left out, each with its line in its place. Its own blocks (headings, tables set
    across, spare parts' lines) are `made` once for the game, whatever the count."""
    aid = loaded.game.player_aid
    if aid is None:
        return None
    where = loaded.source.source(("player_aid", "document"))
    doc = next((d for d in loaded.documents if d.source.path.name == aid.document), None)
    if doc is None:
        raise UserError(where, f"player_aid: {aid.document!r} is not one of the game's documents")
    blocks = [
        block
        for filter_, section in doc.sections
        if filter_ is None
        or player_range(filter_, doc.source.source())[0]
        <= players
        <= player_range(filter_, doc.source.source())[1]
        for block in section
    ]
    if not blocks:
        return None
    taken: dict[int, None] = {}  # a part inside one named before it is printed once
    own: dict[int, Block] = {}  # a part's own heading and tables, by the document's places
    levels: dict[int, int] = {}  # its headings' levels in the aid, by the same
    for index, named in enumerate(aid.parts):
        title, only = (named, None) if isinstance(named, str) else (named.part, named.only)
        named_at = loaded.source.source(("player_aid", "parts", index))
        missing = f"{aid.document} has no heading or subheading {title!r}"
        part = _found(_part(blocks, title), named_at, missing)
        if isinstance(named, AidPart) and named.heading is not None:
            at = ("player_aid", "parts", index, "heading")
            kind, place = blocks[part.start].kind, loaded.source.source(at)
            own[part.start] = made(
                (loaded,), (*at, kind), partial(Block, kind, named.heading, place)
            )
        if isinstance(named, AidPart) and named.across is not None:
            own |= _across(blocks, part, named.across, made)
        taken |= dict.fromkeys(_kept(blocks, part, only))
        _levels(blocks, part, levels)
    _leave_out(loaded, blocks, spared, (taken, own), made)
    one = [_at_level(own.get(at, blocks[at]), levels.get(at), made) for at in taken]
    place = loaded.source.source(("player_aid", "heading"))
    heading = made((loaded,), "heading", partial(Block, "heading", aid.heading, place))
    spec = doc.spec.model_copy(update={"name": "player-aid", "title": aid.title})
    return replace(doc, spec=spec, sections=((None, (heading, *one)),))


def _leave_out(
    loaded: LoadedGame,
    blocks: Sequence[Block],
    spared: int,
    chosen: tuple[dict[int, None], dict[int, Block]],
    made: Made,
) -> None:
    """The aid's first `spared` spare parts left out of the blocks it has taken, each's
    line (`made` once for the game) put among its own blocks at its first block's place;
    every spare part checked. `chosen`: the blocks taken, and its own blocks by place."""
    taken, own = chosen
    aid = loaded.game.player_aid
    if aid is None:
        return
    for index, spare in enumerate(aid.spare):
        at: tuple[str | int, ...] = ("player_aid", "spare", index)
        where = loaded.source.source(at)
        found = _part(blocks, spare.part) or _table(blocks, spare.part)
        missing = f"{aid.document} has no heading, subheading or table headed {spare.part!r}"
        left = [block for block in _found(found, where, missing) if block in taken]
        if not left:
            raise UserError(where, f"player_aid: spare {spare.part!r} is in none of its parts")
        if index < spared:
            line = partial(Block, "text", spare.line, loaded.source.source((*at, "line")))
            own[left[0]] = made((loaded,), at, line)
            for block in left[1:]:
                del taken[block]


# Player aids made, by the game (pinned) and player count; the blocks of their own, by the
# game or the block they set across (pinned) and their place in the game's YAML.
AID_BLOCKS: Region[Pinned[Block]] = Region("player aid blocks", partial(Pinned, 1024))
AIDS: Region[Pinned[LoadedDocument | None]] = Region("player aids", partial(Pinned, 1024))


def kit_player_aid(
    loaded: LoadedGame, players: int, cache: BuildCache, spared: int = 0
) -> LoadedDocument | None:
    """`player_aid`, made once for the game, player count and parts spared in a build: the
    same document each time, so another kit's sheets share its pages and its blocks'
    drawings."""
    made = cache.region(AID_BLOCKS).made
    region = cache.region(AIDS)
    return region.made(
        (loaded,), (players, spared), lambda: player_aid(loaded, players, made, spared)
    )


# A sheet style's player aid styles, made once for each sheet style, so the kits of a build
# that share a label set share their aids' drawings too (plan/blockshare.py).
AID_STYLES: Region[Pinned[SheetStyle]] = Region("player aid styles", partial(Pinned, 64))


# The aid style's keys that are not a sheet style's to take: how it is printed.
_PRINTED = {"keep_table", "compact"}


class AidWay(Struct, frozen=True):
    """How a player aid is set: as a look-up card (`compact`, two to a sheet), and with its
    tables kept whole only as the aid's `keep_table` says (`split`)."""

    compact: bool = False
    split: bool = False


PAGED = AidWay()  # in its own type, its tables kept whole where they fit a page


def aid_style(style: SheetStyle, way: AidWay = PAGED) -> SheetStyle:
    """A sheet style as a player aid takes it: each of its `player_aid` keys (pictures of
    cards, gaps), then of its look-up card's where `way` is `compact` (type, margins), in
    place of the sheet style's of the same name; with its tables kept whole only as the
    aid's `keep_table` says where `way` is `split`."""
    aid = style.player_aid
    update = aid.model_dump(exclude=_PRINTED, exclude_none=True)
    if way.compact and aid.compact is not None:
        update |= aid.compact.model_dump()
    if way.split:
        update["keep_table"] = aid.keep_table
    return style.model_copy(update=update)


def aid_context(ctx: DrawContext, cache: BuildCache, way: AidWay = PAGED) -> DrawContext:
    """The context a player aid is drawn in: its sheets' with the aid's own style
    (`aid_style`)."""
    made = cache.region(AID_STYLES).made((ctx.style,), way, lambda: aid_style(ctx.style, way))
    return replace(ctx, style=made)
