"""Foundation: what one build remembers, in one object made for it.

Input: work a build would otherwise do again (a card deck drawn for every kit of a game, a
sheet block every player count sets alike, a group every file of every kit draws). Output:
that work, found again by what it was made from. A `BuildCache` is made once per build by
pipeline/ and carried in the contexts the stages read (plan/kitcontext.py's `KitContext`,
the writer's batch), never held by a module, so two builds in one process, or a test that
builds twice, share nothing stale.

It holds named regions, each declared once where it is used (`Region`): a constant naming
the region and making its store on first use. Two kinds:

- by identity (the default): keyed by the ids of objects this build made (a loaded game, a
  template, a block), each entry holding those objects, so no id it is found by is reused
  while it is kept (`Pinned`). A `watch` or `--serve` rebuild loads its input afresh, so
  these are no use to it and `next` leaves them behind;
- carried (`carried=True`): keyed by content (the values drawn, bytes digests, file stamps
  checked when used), so the key is the fingerprint: what one build made is still right
  for the next, and `next` hands it on.

A store is bounded: past its limit it starts afresh (`Bounded`, `Pinned`). What is written
never depends on what a cache holds, only how soon. A function pure in its arguments (a
text's width by font and text) keeps a `functools.lru_cache` instead.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from typing import Any, Generic, TypeVar

from msgspec import Struct

from shapes_print.inputs import InputFiles, recording, reported_again

K = TypeVar("K")
V = TypeVar("V")
S = TypeVar("S")


class Region(Struct, Generic[S], frozen=True):
    """A region of the build cache: its name, how to make its store, and whether its
    entries are keyed by content and so carried to the next build (`BuildCache.next`)."""

    name: str
    store: Callable[[], S]
    carried: bool = False


class BuildCache:
    """The regions one build has filled, by name."""

    def __init__(self, carried: dict[str, Any] | None = None) -> None:
        self._stores: dict[str, Any] = dict(carried or {})
        self._carried: set[str] = set(self._stores)

    def region(self, region: Region[S]) -> S:
        """The region's store, made on first use."""
        store = self._stores.get(region.name)
        if store is None:
            store = self._stores[region.name] = region.store()
            if region.carried:
                self._carried.add(region.name)
        return store

    @contextmanager
    def sharing(self, region: Region[S]) -> Iterator[None]:
        """Within the block, `shared(region)` is a store of its own; outside it, None: for
        work that is taken again only within a part of the build (`check`'s group of kits),
        which would elsewhere only hold memory."""
        self._stores[region.name] = region.store()
        try:
            yield
        finally:
            del self._stores[region.name]

    def shared(self, region: Region[S]) -> S | None:
        """The region's store while a `sharing` block holds it, else None."""
        return self._stores.get(region.name)

    def next(self) -> BuildCache:
        """A cache for the next build (a `watch` rebuild): the carried regions alone."""
        return BuildCache({name: self._stores[name] for name in self._carried})


class Bounded(dict[K, V]):
    """A region's entries, let go of all at once past `limit` (what is written never
    depends on what is kept, only how soon)."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def keep(self, key: K, value: V) -> V:
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value


class Pinned(Generic[V]):
    """Entries found by the identity of what they were made from (`pins`, by id, and a
    key of values), each holding its pins so no id is reused while it is kept, and the
    files making it read (a card's picture), reported again to whatever records when it
    is taken: a kit that takes a drawing another kit made records that read as its own."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._entries: dict[Hashable, tuple[tuple[object, ...], V, InputFiles]] = {}

    def made(self, pins: tuple[object, ...], key: Hashable, make: Callable[[], V]) -> V:
        """`make()`, or what it gave before for the same pins and key."""
        full = (*map(id, pins), key)
        found = self._entries.get(full)
        if found is not None and all(a is b for a, b in zip(found[0], pins, strict=True)):
            reported_again(found[2])
            return found[1]
        with recording() as read:
            made = make()
        if len(self._entries) >= self.limit:
            self._entries.clear()
        self._entries[full] = (pins, made, read)
        return made

    def __len__(self) -> int:
        return len(self._entries)
