"""Tagged PDF: the structure tree a reader's software follows, built while the pages are drawn.

Input: the elements the pen opens as it meets roles in the plan (a heading, a table row, a
card on a sheet), and the marked-content ids (MCIDs) it gives each run of their content,
numbered per page in drawing order. Output: one StructElem object per element (its type,
parent, page, kids and, where it has them, alternate text, language and a header cell's
scope), written once it is complete; when the file closes, the StructTreeRoot over the
Document element and the ParentTree (a number tree: a page's `/StructParents` -> the
element of each of its MCIDs, by MCID).

Content order is reading order: the plan lays a page out in the order a person reads it, so
an element's kids come in the order they are drawn. Every name is a standard structure type
(PDF 14.8.4), so no RoleMap is needed.
"""

from __future__ import annotations

from functools import lru_cache

import pydyf
from msgspec import Struct, field

from shapes_print.render.pdf.objects import PdfFile, reference, text_string

# A Figure's StructElem up to its alternate text, as `%` fills it in: its object number,
# parent, page and MCID.
_FIGURE = b"%d 0 obj\n<< /Type /StructElem /S /Figure /P %d 0 R /Pg %d 0 R /K [%d]"
# A header cell heads its column in a table's header rows, its row anywhere else (HTML's rule
# for a <th> without a scope).
_COLUMN_HEADS = "THead"


class Said(Struct, frozen=True, gc=False):
    """What an element says beyond its content: its alternate text (a picture's words, an
    icon's), its language where not the document's, and its expansion (a printed range or
    abbreviation as a listener hears it)."""

    alt: str = ""
    lang: str = ""
    expansion: str = ""


# An element holds words, numbers and its last kid, never its parent, so it is never part of
# a reference cycle: elements (and what they say) are made out of the garbage collector's
# sight (gc=False), a file makes tens of thousands.
class Element(Struct, eq=False, gc=False):
    """A structure element while it may still grow: its type, its object number and its
    parent's, its kids so far in reading order (each as its K array writes it: an
    element's reference, an MCID on its own page, a marked-content reference to another),
    and `last`, its last kid while that kid is an element (the only one that may go on)."""

    role: str
    number: int
    parent: int
    parent_role: str = ""
    kids: list[str] = field(default_factory=list)
    last: Element | None = None
    said: Said = field(default_factory=Said)
    scope: str = ""
    page: int = 0  # the page object of its first marked content (0: none yet)


class StructureTree:
    """The elements of one file under its Document element, and the MCIDs of each page.

    An element is written as soon as nothing more can be added to it (its parent has taken
    a kid after it), so a deck of 10,000 cards, 20,000 Figures, keeps none in memory."""

    def __init__(self, file: PdfFile) -> None:
        self.file = file
        self.number = file.reserve()  # the StructTreeRoot's
        self.root = Element("Document", file.reserve(), self.number)
        self.pages: list[tuple[int, list[int]]] = []  # page object, element of each MCID
        self.page = 0  # the current page's object and the element of each of its MCIDs
        self.marked: list[int] = []

        # The end of each Figure of the current page, while they are all it tags, directly
        # under the Document (a card sheet): a page like it is tagged again with `pictures`.
        self.figures: list[bytes] | None = []

    def begin_page(self, page: int) -> None:
        """Content from now on is on the page object numbered `page`."""
        self.page, self.marked = page, []
        self.pages.append((page, self.marked))
        self.figures = []

    def page_figures(self) -> tuple[bytes, ...] | None:
        """What `pictures` needs to tag a page like the current one again, if it can."""
        return None if self.figures is None else tuple(self.figures)

    def element(self, role: str, parent: Element, said: Said, continues: bool = False) -> Element:
        """A new element under `parent`, or, if it `continues`, the parent's last kid where
        that is an element of the same role (a table going on over a page break)."""
        self.figures = None
        last = parent.last
        if continues and last is not None and last.role == role:
            return last
        self._close_last(parent)
        scope = ""
        if role == "TH":
            scope = "Column" if parent.parent_role == _COLUMN_HEADS else "Row"
        number = self.file.reserve()
        made = Element(role, number, parent.number, parent.role, [], None, said, scope)
        parent.kids.append(f"{number} 0 R")
        parent.last = made
        return made

    def picture(self, parent: Element, alt: str) -> int:
        """A Figure under `parent` that is one marked sequence and nothing more (a card
        placed on a page): complete at once, so written at once; its MCID. The fast path of
        a card sheet, which has one for every card."""
        number = self.file.reserve()
        self._close_last(parent)
        parent.kids.append(f"{number} 0 R")
        marked = self.marked
        mcid = len(marked)
        marked.append(number)
        end = _alt(alt)
        self.file.write_whole(number, _FIGURE % (number, parent.number, self.page, mcid) + end)
        if self.figures is not None:
            if parent is self.root:
                self.figures.append(end)
            else:
                self.figures = None
        return mcid

    def pictures(self, figures: tuple[bytes, ...]) -> None:
        """The current page's Figures under the Document, as `page_figures` gave them for a
        page drawn before (the same cards again): numbered and written together."""
        root, file = self.root, self.file
        self._close_last(root)
        first = file.reserve_run(len(figures))
        numbers = range(first, first + len(figures))
        root.kids.extend([f"{number} 0 R" for number in numbers])
        mcids = range(len(self.marked), len(self.marked) + len(figures))
        self.marked.extend(numbers)
        parent, page = root.number, self.page
        file.write_run(
            first,
            [
                _FIGURE % (number, parent, page, mcid) + end
                for number, mcid, end in zip(numbers, mcids, figures, strict=True)
            ],
        )
        if self.figures is not None:
            self.figures.extend(figures)

    def mark(self, element: Element) -> int:
        """The next MCID of the current page, for a run of `element`'s content."""
        self.figures = None
        marked = self.marked
        mcid = len(marked)
        marked.append(element.number)
        self._close_last(element)
        page = self.page
        if not element.page:
            element.page = page
        if element.page == page:
            element.kids.append(str(mcid))
        else:
            element.kids.append(f"<< /Type /MCR /Pg {page} 0 R /MCID {mcid} >>")
        return mcid

    def _close_last(self, element: Element) -> None:
        """A kid comes after `element`'s last: that one can no longer grow, so it is written."""
        last = element.last
        if last is not None:
            self._close(last)
            element.last = None

    def _close(self, element: Element) -> None:
        """Write an element that can no longer grow, and its last kid first."""
        self._close_last(element)
        self.file.write_whole(element.number, _element(element))

    def write(self) -> int:
        """The rest of the elements, the ParentTree and the StructTreeRoot; the root's
        object number."""
        self._close(self.root)
        nums = " ".join(
            f"{index} [{_references(marked)}]" for index, (_, marked) in enumerate(self.pages)
        )
        parent_tree = self.file.add(pydyf.Dictionary({"Nums": f"[{nums}]"}))
        tree = pydyf.Dictionary({
            "Type": "/StructTreeRoot",
            "K": reference(self.root.number),
            "ParentTree": reference(parent_tree),
            "ParentTreeNextKey": len(self.pages),
        })  # fmt: skip
        self.file.write(self.number, tree.data)
        return self.number


@lru_cache(maxsize=1024)
def _attributes(role: str, said: Said, scope: str) -> str:
    """What follows an element's kids: its alternate text, language, expansion and header
    scope (formatted once per build for each kind: a deck's cards share a few alts)."""
    parts = [""]
    alt = said.alt
    if alt:
        parts.append(f"/Alt {text_string(alt)}")
    if alt and role == "Span":  # an icon in a line: its words stand in for its drawing
        parts.append(f"/ActualText {text_string(alt)}")
    if said.lang:
        parts.append(f"/Lang {text_string(said.lang)}")
    if said.expansion:
        parts.append(f"/E {text_string(said.expansion)}")
    if scope:
        parts.append(f"/A << /O /Table /Scope /{scope} >>")
    return " ".join(parts)


@lru_cache(maxsize=1024)
def _alt(alt: str) -> bytes:
    """The end of a picture's element: its alternate text, the end of its object."""
    return f"{_attributes('Figure', Said(alt), '')} >>\nendobj\n".encode("ascii")


def _references(numbers: list[int]) -> str:
    """Objects by number, as a PDF array's references (`12 0 R 13 0 R`)."""
    return f"{' 0 R '.join(map(str, numbers))} 0 R" if numbers else ""


def _element(element: Element) -> bytes:
    """A StructElem object: its kids are element references, MCIDs on its own page (the
    page of its first marked content) and marked-content references on any other."""
    page = element.page
    on_page = f" /Pg {page} 0 R" if page else ""
    attributes = _attributes(element.role, element.said, element.scope)
    return (
        f"{element.number} 0 obj\n<< /Type /StructElem /S /{element.role} /P {element.parent} 0 R"
        f"{on_page} /K [{' '.join(element.kids)}]{attributes} >>\nendobj\n"
    ).encode("ascii")
