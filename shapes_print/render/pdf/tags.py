"""Tagged PDF: the structure tree a reader's software follows, built while the pages are drawn.

Input: the elements the pen opens as it meets roles in the plan (a heading, a table row, a
card on a sheet), and the marked-content ids (MCIDs) it gives each run of their content,
numbered per page in drawing order. Output, when the file closes: one StructElem object per
element (its type, parent, page, kids and, where it has them, alternate text, language and
a header cell's scope), the StructTreeRoot over the Document element, and the ParentTree
(a number tree: a page's `/StructParents` -> the element of each of its MCIDs, by MCID).

Content order is reading order: the plan lays a page out in the order a person reads it, so
an element's kids come in the order they are drawn. Every name is a standard structure type
(PDF 14.8.4), so no RoleMap is needed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pydyf

from shapes_print.render.pdf.objects import PdfFile, reference, text_string

# A header cell heads its column in a table's header rows, its row anywhere else (HTML's rule
# for a <th> without a scope).
_COLUMN_HEADS = "THead"


@dataclass(frozen=True, slots=True)
class Marked:
    """One marked-content sequence: the page it is on (0 first) and its MCID there."""

    page: int
    mcid: int


@dataclass(eq=False, slots=True)
class Element:
    """A structure element: its type, where it sits, and its kids in reading order."""

    role: str
    parent: Element | None
    kids: list[Element | Marked] = field(default_factory=list)
    alt: str = ""
    lang: str = ""
    number: int = 0  # its object number, given when the file closes


class StructureTree:
    """The elements of one file, under its Document element, and the MCIDs of each page."""

    def __init__(self) -> None:
        self.root = Element("Document", None)
        self.elements: list[Element] = [self.root]
        self.pages: list[list[Element]] = []  # per page, the element of each MCID

    def begin_page(self) -> None:
        self.pages.append([])

    def element(
        self, role: str, parent: Element, alt: str = "", lang: str = "", continues: bool = False
    ) -> Element:
        """A new element under `parent`, or, if it `continues`, the parent's last kid where
        that is an element of the same role (a table going on over a page break)."""
        if continues and parent.kids:
            last = parent.kids[-1]
            if isinstance(last, Element) and last.role == role:
                return last
        made = Element(role, parent, alt=alt, lang=lang)
        parent.kids.append(made)
        self.elements.append(made)
        return made

    def mark(self, element: Element) -> int:
        """The next MCID of the current page, for a run of `element`'s content."""
        page = self.pages[-1]
        mcid = len(page)
        page.append(element)
        element.kids.append(Marked(len(self.pages) - 1, mcid))
        return mcid

    def write(self, file: PdfFile, pages: list[int]) -> int:
        """Every element, the ParentTree and the StructTreeRoot; the root's object number.
        `pages` are the page objects' numbers, in order."""
        root_number = file.reserve()
        for element in self.elements:
            element.number = file.reserve()
        for element in self.elements:
            parent = element.parent.number if element.parent else root_number
            file.write(element.number, _element(element, parent, pages))
        nums = " ".join(
            f"{index} [{' '.join(reference(e.number) for e in marked)}]"
            for index, marked in enumerate(self.pages)
        )
        parent_tree = file.add(pydyf.Dictionary({"Nums": f"[{nums}]"}))
        tree = pydyf.Dictionary({
            "Type": "/StructTreeRoot",
            "K": reference(self.root.number),
            "ParentTree": reference(parent_tree),
            "ParentTreeNextKey": len(self.pages),
        })  # fmt: skip
        file.write(root_number, tree.data)
        return root_number


def _element(element: Element, parent: int, pages: list[int]) -> bytes:
    """A StructElem: its kids are element references, MCIDs on its own page (the page of
    its first marked content) and marked-content references on any other."""
    marked = [kid for kid in element.kids if isinstance(kid, Marked)]
    page = marked[0].page if marked else None
    kids = []
    for kid in element.kids:
        if isinstance(kid, Element):
            kids.append(reference(kid.number))
        elif kid.page == page:
            kids.append(str(kid.mcid))
        else:
            kids.append(f"<< /Type /MCR /Pg {reference(pages[kid.page])} /MCID {kid.mcid} >>")
    parts = [f"/Type /StructElem /S /{element.role} /P {reference(parent)}"]
    if page is not None:
        parts.append(f"/Pg {reference(pages[page])}")
    parts.append(f"/K [{' '.join(kids)}]")
    if element.alt:
        parts.append(f"/Alt {text_string(element.alt)}")
    if element.lang:
        parts.append(f"/Lang {text_string(element.lang)}")
    if element.role == "TH":
        row = element.parent
        heads = row is not None and row.parent is not None and row.parent.role == _COLUMN_HEADS
        parts.append(f"/A << /O /Table /Scope /{'Column' if heads else 'Row'} >>")
    return f"<< {' '.join(parts)} >>".encode("ascii")
