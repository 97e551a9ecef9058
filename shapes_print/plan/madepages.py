"""Plan stage, pages made when they are asked for, and what a file's running foot needs
to know of them.

A deck of 10,000 cards is thousands of pages: a document holds them as a sequence that
makes each page when it is asked for (`MadePages`). Card pages, fold sheets among them,
run into the margin a sheet keeps for its foot, so they say where their furniture leaves
room for one (`Imposed`). A file whose pages are given a foot keeps the pages without it
(`Footed`), for a file that counts them in its own numbering (the print-and-play file).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import overload

from shapes_print.geometry.primitives import Page
from shapes_print.plan.furniture import Stretch


class MadePages(Sequence[Page]):
    """Pages made when they are asked for: a subclass gives `len` and `page_at` (an index
    from 0 to len - 1); slices and negative indices work as for a list."""

    def page_at(self, index: int) -> Page:
        raise NotImplementedError

    @overload
    def __getitem__(self, index: int) -> Page: ...

    @overload
    def __getitem__(self, index: slice) -> list[Page]: ...

    def __getitem__(self, index: int | slice) -> Page | list[Page]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        pages = len(self)
        if not -pages <= index < pages:
            raise IndexError(f"page {index} of {pages}")
        return self.page_at(index % pages)


class Imposed(MadePages):
    """Cards imposed on paper, whose drawing and furniture take the margins: `free_margin`
    is the margin stretches its furniture leaves free, cut back clear of every card's
    drawing (its overrun past the cut included), the same on every page, front or back.
    A running foot goes there, on one line, as the print line does."""

    def free_margin(self) -> list[Stretch]:
        raise NotImplementedError


class Footed(MadePages):
    """Pages given a running foot: `plain` are the same pages without it, which a file
    that numbers them in its own count takes, so no page carries two."""

    plain: Sequence[Page]


def unfooted(pages: Sequence[Page]) -> Sequence[Page]:
    """A file's pages without the running foot it gave them."""
    return pages.plain if isinstance(pages, Footed) else pages
