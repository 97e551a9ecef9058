"""One cache per build (buildcache.py): regions made on first use, the next build given
only the regions keyed by content, entries found by the identity of what made them with
the files making them read reported again, and a region shared within a block alone."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from shapes_print.buildcache import Bounded, BuildCache, Pinned, Region
from shapes_print.inputs import note_digest, recording

BY_CONTENT: Region[Bounded[str, int]] = Region("by content", partial(Bounded, 2), carried=True)
BY_IDENTITY: Region[Pinned[list[str]]] = Region("by identity", partial(Pinned, 8))


def test_a_region_is_made_once_per_build_and_only_one_keyed_by_content_is_carried() -> None:
    build = BuildCache()
    assert build.region(BY_CONTENT) is build.region(BY_CONTENT)
    build.region(BY_CONTENT).keep("a", 1)
    build.region(BY_IDENTITY).made((object(),), (), list)
    rebuild = build.next()
    assert rebuild.region(BY_CONTENT) is build.region(BY_CONTENT)
    assert rebuild.region(BY_IDENTITY) is not build.region(BY_IDENTITY)
    assert len(rebuild.region(BY_IDENTITY)) == 0
    assert BuildCache().region(BY_CONTENT) == {}  # another build starts empty


def test_a_bounded_region_lets_go_of_everything_past_its_limit() -> None:
    kept = BuildCache().region(BY_CONTENT)
    for key, value in (("a", 1), ("b", 2), ("c", 3)):
        kept.keep(key, value)
    assert kept == {"c": 3}


def test_an_entry_is_found_by_what_made_it_and_reports_its_reads_again() -> None:
    pinned = BuildCache().region(BY_IDENTITY)
    deck, picture = object(), Path("art/circle.png")
    made: list[list[str]] = []

    def draw() -> list[str]:
        note_digest(picture, "f" * 64)  # a picture read while drawing
        made.append(["drawn"])
        return made[-1]

    with recording() as first:
        drawing = pinned.made((deck,), "poker", draw)
    with recording() as second:
        assert pinned.made((deck,), "poker", draw) is drawing
    assert first.files == second.files == {picture: "f" * 64}
    assert pinned.made((deck,), "mini", draw) is not drawing  # another key
    assert pinned.made((object(),), "poker", draw) is not drawing  # another deck
    assert len(made) == 3


def test_a_shared_region_lives_within_its_block_alone() -> None:
    build = BuildCache()
    assert build.shared(BY_IDENTITY) is None
    with build.sharing(BY_IDENTITY):
        shared = build.shared(BY_IDENTITY)
        assert shared is not None and build.shared(BY_IDENTITY) is shared
    assert build.shared(BY_IDENTITY) is None
