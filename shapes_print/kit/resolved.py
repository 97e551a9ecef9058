"""Kit stage, the resolved kit: all a game's kit is planned from under one label set at one
card size, loaded before any of it is planned.

Input: a game with its label set applied, the library, the label set's drawing context and
the card size asked for (`--card-size`, None for the template's own). Output: a
`ResolvedKit`: the game's own drawing context (its shapes, icons, fonts and words over the
set's, kit/variant.py) holding every picture its cards and boards show (kit/pictures.py),
and the file names its kits write, claimed, with no host text routed into a players' file
(kit/audience.py). Planning (plan/kit.py) reads it and no file.
"""

from __future__ import annotations

from functools import partial

from msgspec import Struct
from msgspec.structs import replace

from shapes_print.buildcache import BuildCache, Pinned, Region
from shapes_print.kit.audience import check_audiences
from shapes_print.kit.context import DrawContext
from shapes_print.kit.pictures import kit_pictures
from shapes_print.kit.variant import kit_draw_context
from shapes_print.load.filenames import FileNames, claim_file_names
from shapes_print.load.loaded import Library, LoadedGame


class ResolvedKit(Struct, frozen=True, eq=False):
    """A game's kit resolved: the game, the library, the label set's drawing context
    (`base`: sheets planned for another flip are found by it), the game's own with its
    pictures, and the claimed file names."""

    loaded: LoadedGame
    library: Library
    base: DrawContext
    ctx: DrawContext
    names: FileNames


# Kits resolved, by the game, library and label set's context (pinned) and the card size.
RESOLVED: Region[Pinned[ResolvedKit]] = Region("resolved kits", partial(Pinned, 1024))


def resolve_kit(
    loaded: LoadedGame,
    library: Library,
    base: DrawContext,
    card_size: str | None,
    cache: BuildCache | None = None,
) -> ResolvedKit:
    """The game's kit under the label set drawing with `base`, its cards at `card_size`,
    made once in a build (its `cache`; without one, made afresh): every kit of the game at
    that size (each player count, paper and print setting) takes the same, so the drawings
    planned from it are shared, and the files it read are reported again to each kit as
    its own (buildcache.py's `Pinned`)."""
    cache = cache or BuildCache()
    made = partial(_resolved, loaded, library, base, card_size, cache)
    return cache.region(RESOLVED).made((loaded, library, base), card_size, made)


def _resolved(
    loaded: LoadedGame,
    library: Library,
    base: DrawContext,
    card_size: str | None,
    cache: BuildCache,
) -> ResolvedKit:
    ctx = kit_draw_context(loaded, base)
    ctx = replace(ctx, pictures=kit_pictures(loaded, library, ctx, card_size, cache))
    names = claim_file_names(loaded, library.guide, library.print_and_play)
    check_audiences(loaded, library)
    return ResolvedKit(loaded, library, base, ctx, names)
