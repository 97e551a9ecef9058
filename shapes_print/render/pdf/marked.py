"""Pages drawn with marked content, for the structure tree (`tags`).

Marked content, for the structure tree (`tags`): on a page, a group with a role becomes an
element, and each run of content directly inside an element is one marked-content sequence
with the next MCID of the page (`/TD <</MCID 3>> BDC ... EMC`); an artifact is `/Artifact
BDC ... EMC`. Sequences never nest: everything inside a picture (a Figure), an artifact or a
symbol's form is drawn as part of it, unmarked, except that a picture inside one keeps its
words as a `/Span <</Alt ...>>` (a task card's example cards). That unmarked drawing is what
the build-wide cache keeps, so a group's operators never hold an MCID.
"""

from __future__ import annotations

from collections.abc import Iterable

from shapes_print.geometry.primitives import Artifact, Group, Item, Page, Use
from shapes_print.render.pdf.objects import deflated
from shapes_print.render.pdf.pen import Pen
from shapes_print.render.pdf.streams import (
    DrawnPage,
    GraphicsState,
    Stream,
    form_placement,
    resources,
)
from shapes_print.render.pdf.tags import Element

# Pages a file keeps drawn to copy when the same page object comes again.
PAGES_KEPT = 64


class PagePen(Pen):
    """A pen for a file's pages: each page's elements into the file's structure tree, each
    run of their content one marked sequence, and a page object that comes again copied."""

    def page(self, number: int, page: Page) -> DrawnPage:
        """A page's content, marked for the structure tree (the page's object is numbered
        `number`). A page object drawn before in this file whose only elements were its
        pictures (a card sheet of the same cards again) is copied: the same operators and
        resources, its Figures numbered anew."""
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
        self._tagged(page.items, self.tree.root)
        packed = deflated("\n".join(stream.operators).encode("ascii"))
        figures = self.tree.page_figures()
        drawn = DrawnPage(packed, resources(stream, self.fonts), figures, stream.see_through)
        if drawn.figures is not None:
            if len(self.pages) >= PAGES_KEPT:
                self.pages.clear()
            self.pages[id(page)] = (page, drawn)  # the page kept with it: its id stays its own
        return drawn

    def _tagged(self, items: Iterable[Item], element: Element) -> None:
        """Items inside `element`: each run of its own content one marked-content sequence,
        closed before an element or artifact among them."""
        open_ = False
        symbols = self.symbols
        for item in items:
            if isinstance(item, Use) and symbols[item.symbol].alt:
                if open_:  # a card placed on a card sheet: its own picture
                    self._emit("EMC")
                    open_ = False
                self._figure(item, element)
            elif self._is_structural(item):
                if open_:
                    self._emit("EMC")
                    open_ = False
                self._structure(item, element)
            else:
                if not open_:
                    self._emit(f"/{element.role} <</MCID {self.tree.mark(element)}>> BDC")
                    open_ = True
                self.draw(item)
        if open_:
            self._emit("EMC")

    def _figure(self, item: Use, parent: Element) -> None:
        """A symbol with words placed on a page (a card on a card sheet): a Figure of its
        own, one marked sequence. Its operators depend on its MCID and place only, so they
        are formatted once per file for each."""
        mcid = self.tree.picture(parent, self.symbols[item.symbol].alt)
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
            return bool(self.symbols[item.symbol].alt)
        if not isinstance(item, Group):
            return False
        known = self.structural.get(item)
        if known is None:
            known = item.tag is not None or any(map(self._is_structural, item.items))
            self.structural[item] = known
        return known

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
            element = self.tree.element(tag, parent, item.alt, item.lang, item.continues)
            if tag == "Figure" or not any(map(self._is_structural, item.items)):
                # All of it one sequence, unmarked inside.
                self._emit(f"/{tag} <</MCID {self.tree.mark(element)}>> BDC")
                self._group(item)
                self._emit("EMC")
                return
        saved, self.state = self.state, GraphicsState()
        self._transform(item)
        self._tagged(item.items, element)
        self._emit("Q")
        self.state = saved
