"""Pages drawn with marked content, for the structure tree (`tags`).

Marked content, for the structure tree (`tags`): on a page, a group with a role becomes an
element, and each run of content directly inside an element is one marked-content sequence
with the next MCID of the page (`/TD <</MCID 3>> BDC ... EMC`); an artifact is `/Artifact
BDC ... EMC`. Sequences never nest: everything inside a picture (a Figure), an artifact or a
symbol's form is drawn as part of it, unmarked, except that a picture inside one keeps its
words as a `/Span <</Alt ...>>` (a task card's example cards). That unmarked drawing is what
the build's cache keeps, so a group's operators never hold an MCID.

A page's operators hold MCIDs, but those are numbered per page, so they too depend on the
page alone (its items, the colour space, and the alternate text of the symbols it places
as pictures): a page drawn once in the build is copied into every other file that shows
it (a rule page under every player count and paper), its structure elements opened and
what it names listed in the order drawing it did, so each file's objects are numbered as
if it had been drawn there.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from itertools import repeat

from msgspec import Struct

from shapes_print.buildcache import BuildCache, Region
from shapes_print.geometry.primitives import Artifact, Group, Item, Page, Symbol, Use
from shapes_print.render.pdf.colour import DEVICE_RGB, ColourSpace
from shapes_print.render.pdf.fonts import FileFonts
from shapes_print.render.pdf.objects import PdfFile, SameMemo, deflated
from shapes_print.render.pdf.operators import Named
from shapes_print.render.pdf.pen import Pen, in_space
from shapes_print.render.pdf.streams import (
    DrawnPage,
    GraphicsState,
    Stream,
    form_placement,
    resources,
)
from shapes_print.render.pdf.tags import Element, Said, StructureTree

# Pages a file keeps drawn to copy when the same page object comes again.
PAGES_KEPT = 64
# Distinct pages the build keeps drawn (all of `make print` has a few thousand; a page
# keeps its compressed operators, a few kilobytes).
BUILD_PAGES_KEPT = 4096


# Steps hold numbers, names and words only, so none is ever part of a reference cycle: they
# are made out of the garbage collector's sight (gc=False), a step for every element and
# marked sequence of every page drawn.
class Opened(Struct, frozen=True, gc=False):
    """An element opened under the page's element numbered `parent` (0: the Document)."""

    parent: int
    role: str
    said: Said
    continues: bool


class Run(Struct, frozen=True, gc=False):
    """A marked-content sequence of the page's element numbered `element`."""

    element: int


class Pictured(Struct, frozen=True, gc=False):
    """A picture (a card on a sheet) under the page's element numbered `parent`."""

    parent: int
    alt: str


Step = Opened | Run | Pictured


class RecordedPage(Struct, frozen=True):
    """A page as drawn once in the build: its compressed operators, what they name in
    drawing order, and its structure steps, each after as many names as `listed` gives
    for it; valid in a file whose symbols of these names have these alternate texts."""

    packed: bytes
    names: tuple[Named, ...]
    steps: tuple[Step, ...]
    listed: tuple[int, ...]
    alts: frozenset[tuple[str, str]]


# Pages drawn, by colour space, then items: keyed by the plan's items themselves, so what
# one build drew is carried to the next.
PAGES: Region[dict[str, SameMemo[tuple[Item, ...], tuple[RecordedPage, ...]]]] = Region(
    "pdf pages", dict, True
)


class PagePen(Pen):
    """A pen for a file's pages: each page's elements into the file's structure tree, each
    run of their content one marked sequence, and a page object that comes again copied."""

    def __init__(
        self,
        file: PdfFile,
        fonts: FileFonts,
        symbols: dict[str, Symbol],
        tree: StructureTree,
        cache: BuildCache,
        space: ColourSpace = DEVICE_RGB,
    ) -> None:
        super().__init__(file, fonts, symbols, tree, cache, space)
        # Groups holding elements or artifacts, with the alternate texts that said so.
        self.structural: dict[Group, tuple[bool, dict[str, str]]] = {}
        # Each symbol's name with its alternate text: a page drawn before is valid here
        # if the alternate texts it read are among them.
        self.alts = frozenset((name, symbol.alt) for name, symbol in symbols.items())
        self.pages: dict[int, tuple[Page, DrawnPage]] = {}  # the last pages drawn, by id
        # While a page is drawn: the alternate texts it read, its structure steps with how
        # many names it had listed before each, and the number of each element it opened
        # (the Document 0).
        self.consulted: dict[str, str] = {}
        self.steps: list[Step] = []
        self.used_before: list[int] = []
        self.elements: dict[Element, int] = {}
        self.opened = 0

    def page(self, number: int, page: Page) -> DrawnPage:
        """A page's content, marked for the structure tree (the page's object is numbered
        `number`). A page object drawn before in this file whose only elements were its
        pictures (a card sheet of the same cards again) is copied: the same operators and
        resources, its Figures numbered anew. A page drawn before in the build is replayed."""
        known = self.pages.get(id(page))
        if known is not None and known[0] is page:
            drawn = known[1]
            assert drawn.figures is not None
            self.tree.begin_page(number)
            self.tree.pictures(drawn.figures)
            return drawn
        stream = Stream()
        self.start(stream)
        self.tree.begin_page(number)
        made = partial(SameMemo, BUILD_PAGES_KEPT)
        drawn_pages = in_space(self.cache.region(PAGES), self.space, made)
        candidates = drawn_pages.find(page.items) or ()
        recorded = self._recorded(candidates)
        if recorded is None:
            recorded = self._record(page)
            drawn_pages.keep(page.items, (*candidates, recorded))
        else:
            self._replay(recorded)
        figures = self.tree.page_figures()
        packed = recorded.packed
        drawn = DrawnPage(packed, resources(stream, self.fonts), figures, stream.see_through)
        if drawn.figures is not None:
            if len(self.pages) >= PAGES_KEPT:
                self.pages.clear()
            self.pages[id(page)] = (page, drawn)  # the page kept with it: its id stays its own
        return drawn

    def _recorded(self, candidates: tuple[RecordedPage, ...]) -> RecordedPage | None:
        """The page drawn before whose pictures have this file's alternate texts."""
        alts = self.alts
        for candidate in candidates:
            if candidate.alts <= alts:
                return candidate
        return None

    def _record(self, page: Page) -> RecordedPage:
        """Draw the page, noting its structure steps and the alternate texts it read."""
        self.consulted, self.elements = {}, {self.tree.root: 0}
        self.steps, self.used_before = [], []
        self.opened = 0
        self._tagged(page.items, self.tree.root)
        packed = deflated("\n".join(self.stream.operators).encode("ascii"))
        # Each name once, where it came first (listing it again changes nothing), and each
        # step after as many of them as came before it.
        used, first = self.used, dict[Named, None]()
        listed, counted = [], 0
        for before in self.used_before:  # in drawing order, so never fewer
            if before != counted:
                first.update(zip(used[counted:before], repeat(None)))
                counted = before
            listed.append(len(first))
        first.update(zip(used[counted:], repeat(None)))
        alts = frozenset(self.consulted.items())
        return RecordedPage(packed, tuple(first), tuple(self.steps), tuple(listed), alts)

    def _replay(self, recorded: RecordedPage) -> None:
        """A page drawn before: its elements and marks made again in this file's tree,
        and what it names listed, in the order drawing it did."""
        tree, names = self.tree, recorded.names
        elements = [tree.root]
        listed = 0
        for at, step in zip(recorded.listed, recorded.steps, strict=True):
            for name in names[listed:at]:
                self._use(name)
            listed = at
            if isinstance(step, Run):
                tree.mark(elements[step.element])
            elif isinstance(step, Pictured):
                tree.picture(elements[step.parent], step.alt)
            else:
                parent = elements[step.parent]
                elements.append(tree.element(step.role, parent, step.said, step.continues))
        for name in names[listed:]:
            self._use(name)

    def _alt(self, name: str) -> str:
        """A symbol's alternate text, noted as read for the page."""
        alt = self.consulted[name] = self.symbols[name].alt
        return alt

    def _mark(self, element: Element) -> int:
        self.used_before.append(len(self.used))
        self.steps.append(Run(self.elements[element]))
        return self.tree.mark(element)

    def _open(self, group: Group, tag: str, parent: Element) -> Element:
        continues = group.continues
        said = Said(group.alt, group.lang, group.expansion)
        self.used_before.append(len(self.used))
        self.steps.append(Opened(self.elements[parent], tag, said, continues))
        element = self.tree.element(tag, parent, said, continues)
        self.opened += 1
        self.elements[element] = self.opened
        return element

    def _tagged(self, items: Iterable[Item], element: Element) -> None:
        """Items inside `element`: each run of its own content one marked-content sequence,
        closed before an element or artifact among them."""
        open_ = False
        for item in items:
            if isinstance(item, Use) and self._alt(item.symbol):
                if open_:  # a card placed on a card sheet: its own picture
                    self._emit("EMC")
                    open_ = False
                self._figure(item, element)
            elif isinstance(item, Group | Artifact) and self._is_structural(item):
                if open_:
                    self._emit("EMC")
                    open_ = False
                self._structure(item, element)
            else:
                if not open_:
                    self._emit(f"/{element.role} <</MCID {self._mark(element)}>> BDC")
                    open_ = True
                self.draw(item)
        if open_:
            self._emit("EMC")

    def _figure(self, item: Use, parent: Element) -> None:
        """A symbol with words placed on a page (a card on a card sheet): a Figure of its
        own, one marked sequence. Its operators depend on its MCID and place only, so they
        are formatted once per file for each."""
        alt = self.symbols[item.symbol].alt
        self.used_before.append(len(self.used))
        self.steps.append(Pictured(self.elements[parent], alt))
        mcid = self.tree.picture(parent, alt)
        self._use_symbol(item.symbol)
        key = (mcid, item.symbol, item.x, item.y)
        marked = self.figures.get(key)
        if marked is None:
            placed = form_placement(item.symbol, item.x, item.y)
            marked = self.figures.keep(key, f"/Figure <</MCID {mcid}>> BDC\n{placed}\nEMC")
        self._emit(marked)

    def _is_structural(self, item: Item) -> bool:
        """True for an artifact, a picture, a group with a role, or a group holding one."""
        if isinstance(item, Artifact):
            return True
        if isinstance(item, Use):
            return bool(self._alt(item.symbol))
        if not isinstance(item, Group):
            return False
        known = self.structural.get(item)
        if known is None:
            outer, self.consulted = self.consulted, {}
            structural = item.tag is not None or any(map(self._is_structural, item.items))
            known = self.structural[item] = (structural, self.consulted)
            self.consulted = outer
        self.consulted.update(known[1])
        return known[0]

    def _structure(self, item: Item, parent: Element) -> None:
        """An artifact, or a group that is (or holds) elements, under `parent`."""
        if isinstance(item, Artifact):
            self._emit(f"/Artifact << /Type /{item.kind} >> BDC")
            self.draw_all(item.items)
            self._emit("EMC")
            return
        assert isinstance(item, Group)
        tag = item.tag
        element = parent
        if tag is not None:
            element = self._open(item, tag, parent)
            if tag == "Figure" or not any(map(self._is_structural, item.items)):
                # All of it one sequence, unmarked inside.
                self._emit(f"/{tag} <</MCID {self._mark(element)}>> BDC")
                self._group(item)
                self._emit("EMC")
                return
        saved, self.state = self.state, GraphicsState()
        self._transform(item)
        self._tagged(item.items, element)
        self._emit("Q")
        self.state = saved
