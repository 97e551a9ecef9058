"""Plan stage, print-shop side: a deck's pages for a shop (one card a page with its bleed,
`print_shop_pages`) and the files a shop's uploader takes besides the interleaved cards
file.

Input: the print-shop cards document of a deck (each face followed by its back) and the
deck's cards in order. Output: a fronts-only and a backs-only document (some shops take
one file per side), and for each the names of its pages as pictures, one PNG per card
side, so that `--format png` gives an uploader files it pairs by name:
`<stem>_<file>_007_circle_front.png` and `..._007_circle_back.png` are the seventh card's
two sides. The number comes first so that a name sort is the deck's order, and the only
difference between a card's two names is `front` or `back`, which is how bulk uploaders
(and a person) match a face to its back.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from msgspec import Struct
from msgspec.structs import replace

from shapes_print.geometry.primitives import Box, Document, Page, Use
from shapes_print.load.filenames import SIDES, Side
from shapes_print.plan.cardsheets import CardGeometry, CardOrder, cut_path


class Pictures(Struct, frozen=True):
    """A document's pages as pictures: one file name (without `.png`) per page, and how
    many pixels an inch of the page becomes."""

    names: tuple[str, ...]
    dpi: int


def side_documents(document: Document, titles: Mapping[Side, str]) -> dict[Side, Document]:
    """The interleaved document's fronts and its backs, each a one-sided file of its own
    titled as `titles` gives its side (the label set's words)."""
    pages = list(document.pages)
    return {
        side: replace(document, title=titles[side], pages=pages[index::2], duplex="none")
        for index, side in enumerate(SIDES)
    }


def side_pictures(file_stem: str, cards: Sequence[str], side: Side, dpi: int) -> Pictures:
    """The picture names of one side's pages, in the deck's order (`cards`: each card's
    id, once per copy)."""
    digits = max(3, len(str(len(cards))))
    return Pictures(
        tuple(
            f"{file_stem}_{number:0{digits}d}_{card}_{side}"
            for number, card in enumerate(cards, start=1)
        ),
        dpi,
    )


def print_shop_pages(order: CardOrder, card: CardGeometry, bleed: float) -> list[Page]:
    """One card per page, symbols drawn with their bleed; each face followed by its back."""
    width, height = card.width + 2 * bleed, card.height + 2 * bleed
    trim = Box(bleed, bleed, bleed + card.width, bleed + card.height)
    media = Box(0.0, 0.0, width, height)
    cut = (cut_path(bleed, bleed, card),)
    pages: list[Page] = []
    for face, back in order:
        pages.append(Page(width, height, (Use(face, 0.0, 0.0),), trim=trim, bleed=media, cuts=cut))
        pages.append(Page(width, height, (Use(back, 0.0, 0.0),), trim=trim, bleed=media))
    return pages
