"""Plan stage, sheet pages: a sheet document laid on its pages, and its pages with their feet.

Input: a document's content placed on its pages (plan/sheets.py's `lay_sheets`), each
page's size (a score sheet too wide for the paper upright is laid on it turned) and the
draw context. Output: the pages of one file that prints it: the running foot on every
page, the print line on every page, the scale check on the file's first page (none on a
player aid's), each placed by its own page's size; a document printed once per player
numbered copy by copy, or two to a sheet where a one-page copy fits half of one. The layout does not
depend on the feet, so one layout serves every file that prints the document: its own, and
the print-and-play file with its own print line and the scale check on its cover only.
"""

from __future__ import annotations

from functools import lru_cache

from msgspec import Struct, field

from shapes_print.errors import Source
from shapes_print.geometry.primitives import Artifact, Group, Item, Page
from shapes_print.kit.context import DrawContext
from shapes_print.load.printmodels import Furniture
from shapes_print.plan.dashes import dashed
from shapes_print.plan.flow import Placed, grouped
from shapes_print.plan.foottitle import sheet_names
from shapes_print.plan.furniture import (
    foot_height,
    margin_stretches,
    place_furniture,
    place_text,
    running_foot,
)
from shapes_print.text.fonts import Font
from shapes_print.text.words import Said


class Foot(Struct, frozen=True):
    """What a page's running foot says: the game's and the document's names, the page's
    number and how many pages the document has."""

    names: tuple[str, str]
    page: int
    pages: int


class LaidPage(Struct, frozen=True):
    """A page's boxes as placed, and the page's size: the paper upright, or turned. A page
    used at the table during play (nothing but score sheets and arrows) has `at_table`:
    the number of the block it opens with, which the next pages of the same score sheet
    share; None for a page that is read."""

    placed: list[Placed]
    size: tuple[float, float]
    at_table: int | None = None


class LaidSheets(Struct, frozen=True):
    """A sheet document's boxes placed on each of its pages (the first holding less where
    `scale` says: its foot has the scale check), the paper it is printed on (upright), and
    whether it is one page that fits half a sheet. A player aid is laid with no scale
    check (`scale` False): a copy kept at hand is read, not measured.

    Each page's content is grouped once, where it stands (`_content`): its own file, the
    print-and-play file and `check`'s other flip print the same layout under other feet."""

    ctx: DrawContext
    page: tuple[float, float]
    laid: tuple[LaidPage, ...]
    half: bool
    scale: bool = True
    # (page index, top) -> that page's boxes as groups there.
    _grouped: dict[tuple[int, float], tuple[Group, ...]] = field(default_factory=dict)

    @property
    def copy_pages(self) -> int:
        """The pages one printed copy takes: its own; a sheet where copies print two to one
        (the pages a copy's sheet takes, shared with the next copy)."""
        return 1 if self.half else len(self.laid)

    def pages(
        self,
        print_line: str,
        names: tuple[str, str] | None = None,
        copies: int = 1,
        scale: bool = True,
    ) -> list[Page]:
        """The document's pages with `print_line` on each, the scale check (ruler and inch
        square) on the first where it was laid for one and `scale` says (a part of a file
        that has it already, the print-and-play file's, has it not: its first page keeps
        the room it would take), and a running foot on every page: `names` (the game's and
        the document's) and the page's number (none where `names` is None: a part of a file
        that numbers its own pages, the print-and-play file's cover). A document printed
        `copies` times (a player aid, one per player) is numbered copy by copy; one that
        fits half a page prints two to a sheet."""
        if self.half:
            return self._two_up(print_line, names, copies)
        style = self.ctx.style
        pages = []
        for copy in range(copies):
            for number, laid in enumerate(self.laid, start=1):
                width, height = laid.size
                checked = self.scale and scale and copy == 0 and number == 1  # a file's first
                bottom = style.footer_height if checked else style.running_footer_height
                foot = None if names is None else Foot(names, number, len(self.laid))
                furniture = self._furniture(print_line, bottom, foot, checked, laid.size)
                content = self._content(number - 1, height - style.margin)
                pages.append(Page(width, height, (*content, *furniture)))
        return pages

    def _two_up(self, print_line: str, names: tuple[str, str] | None, copies: int) -> list[Page]:
        """`copies` of a one-page document, two to a sheet: one under the top margin, one a
        margin under a dashed cut line across the sheet's middle; no scale check (a copy
        kept at hand is read, not measured: `_half_room`), each half its own foot (page 1
        of 1: cut apart, each is the document), the upper's as high above the cut as the
        lower's above the sheet's edge (the half's room leaves it that)."""
        style = self.ctx.style
        width, height = self.page
        f = style.furniture
        left, right = style.margin, width - style.margin
        cut = dashed((left, height / 2), (right, height / 2), f.mark_colour, f.mark_width)
        pages = []
        for sheet in range(0, copies, 2):
            halves = [height - style.margin, height / 2 - style.margin][: copies - sheet]
            items: list[Item] = [group for top in halves for group in self._content(0, top)]
            bottom = style.running_footer_height
            foot = None if names is None else Foot(names, 1, 1)
            if len(halves) == 2:
                items.append(Artifact(tuple(cut), "Layout"))
                if foot is not None:
                    items.append(self._foot(foot, height / 2 + bottom, width))
            items += self._furniture(print_line, bottom, foot, False, self.page)
            pages.append(Page(width, height, tuple(items)))
        return pages

    def _content(self, index: int, top: float) -> tuple[Group, ...]:
        """Page `index`'s boxes as groups, its top at `top` and its left at the margin."""
        key = (index, top)
        found = self._grouped.get(key)
        if found is None:
            margin = self.ctx.style.margin
            found = self._grouped[key] = tuple(grouped(self.laid[index].placed, margin, top))
        return found

    def _furniture(
        self,
        print_line: str,
        bottom: float,
        foot: Foot | None,
        scale: bool,
        page: tuple[float, float],
    ) -> list[Item]:
        """A page of size `page`'s furniture under its content (which ends at `bottom`): its
        running foot (where it has one), and beneath it the print line, with the scale check
        where `scale` says (a file's first page: a sheet is printed for its scale once; a
        card sheet's cut depends on it on every page, plan/cardsheets.py)."""
        ctx = self.ctx
        style = ctx.style
        f = ctx.sheets_furniture or style.furniture
        left, right = style.margin, page[0] - style.margin
        placed: list[Item] = []
        if foot is not None:
            placed.append(self._foot(foot, bottom, page[0]))
        bottom -= foot_height(f)  # a page numbered by the file it is in has its foot later
        margin = _Margin((left, bottom, right, page[1] - style.margin), page, print_line, scale)
        return [*placed, *_margins(f, ctx.fonts.regular, margin, ctx.furniture_source)]

    def _foot(self, foot: Foot, bottom: float, width: float) -> Item:
        """The running foot under content that ends at `bottom` on a page `width` wide, on
        every page, a document's only page too (a loose page still says what it is and that
        it is all)."""
        ctx = self.ctx
        style, where, font = ctx.style, ctx.furniture_source, ctx.fonts.regular
        f = ctx.sheets_furniture or style.furniture
        width -= 2 * style.margin

        def said(names: tuple[str, str], page: int) -> str:
            values = {"game": Said(names[0]), "document": Said(names[1]), "page": page}
            values["pages"] = foot.pages
            return ctx.words.fill(f.running_foot, values, where)

        def widest(title: str, document: str) -> str:
            """The document's widest foot, its last page's: it decides how names are cut."""
            return said((title, document), foot.pages)

        names = sheet_names(widest, foot.names, (font, f, width))
        span = (style.margin, style.margin + width)
        return running_foot(said(names, foot.page), span, bottom, font, f, where)


class _Margin(Struct, frozen=True):
    """A page's margin furniture as placed: the box its content leaves (left, bottom,
    right, top), the page, the print line, and whether the scale check is on it."""

    box: tuple[float, float, float, float]
    page: tuple[float, float]
    print_line: str
    scale: bool


@lru_cache(maxsize=1024)
def _margins(f: Furniture, font: Font, margin: _Margin, where: Source | None) -> tuple[Item, ...]:
    """A page's margin furniture (scale check, print line), placed once for all that
    places it: the pages of a batch on one paper print the same."""
    stretches = margin_stretches(margin.box, margin.page, [], [], f)
    stretches.sort(key=lambda s: (s.vertical, s.y))
    if margin.scale:
        return tuple(place_furniture(stretches, font, f, margin.print_line, where))
    return (place_text(stretches, font, f, margin.print_line, where),)


def is_turned(page: Page, paper: tuple[float, float]) -> bool:
    """Whether a page is the paper turned (landscape on portrait paper): a printer turns
    it to fit, one way or the other as its driver chooses."""
    return (page.height, page.width) == paper != (page.width, page.height)
