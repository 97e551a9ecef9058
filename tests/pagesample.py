"""A sample of a built PDF's pages for the outside tools that read it slowly, chosen by what
the plan says is on them.

`pdfinfo -struct-text` draws a page again for every marked-content sequence on it, so a
sheet of tables with card pictures costs seconds; every wrapped line the layout sets is a
place a reader could hear two words as one. `chosen_pages` picks, across a sample's files,
each file's first page and a page for every kind of wrapped line the plan holds (its
element's role, whether inside a picture, whether beside a Span, the file's language): the
cheapest page of each kind. `pages_only` copies a PDF with those pages alone and its
structure tree cut to them, so the tool reads the built page as built and nothing else.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from pypdf import PdfWriter
from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject, NameObject

from shapes_print.geometry.primitives import Artifact, Document, Group, Item, Symbol, Text, Use


@dataclass(frozen=True)
class Kind:
    """What a wrapped paragraph is, as a reader's software meets it: the role of the
    element it is in, whether a picture (Figure) holds it, whether a Span (a range's
    expansion) stands in it, its file's language, and the fonts its lines are set in (whose
    glyphs the reader maps back to words)."""

    role: str
    pictured: bool
    spanned: bool
    lang: str
    fonts: tuple[str, ...] = ()


@dataclass(frozen=True)
class Wrapped:
    """A paragraph the layout set over more than one line: its words and its kind."""

    text: str
    kind: Kind


def wrapped_paragraphs(document: Document, index: int) -> list[Wrapped]:
    """Every paragraph of the planned page set over more than one line, the cards its
    pictures place (symbols) included, artifacts (a running foot, print furniture) left
    out: they are not in the structure."""
    around = Kind("", False, False, document.lang)
    return list(_wrapped(document.pages[index].items, around, document.symbols))


def _wrapped(
    items: Sequence[Item], around: Kind, symbols: Mapping[str, Symbol]
) -> Iterator[Wrapped]:
    paragraph = _Paragraph()
    for item in items:
        pieces = _pieces(item)
        if isinstance(item, Group | Use) and not pieces:
            yield from paragraph.wrapped(around)
            paragraph = _Paragraph()
            yield from _inside(item, around, symbols)
        for piece in pieces:
            if not paragraph.goes_on(piece):
                yield from paragraph.wrapped(around)
                paragraph = _Paragraph()
            paragraph.add(piece, spanned=isinstance(item, Group))
    yield from paragraph.wrapped(around)


@dataclass
class _Paragraph:
    """The paragraph being read: its lines so far, the fonts they are set in, whether a
    Span stands in it, and its last text."""

    lines: list[str] = field(default_factory=list)
    fonts: set[str] = field(default_factory=set)
    spanned: bool = False
    last: Text | None = None

    def goes_on(self, piece: Text) -> bool:
        """Whether the text is of this paragraph: on its last line, or on the next where
        the layout wrapped the last."""
        return self.last is None or piece.y == self.last.y or self.last.space_after

    def add(self, piece: Text, spanned: bool) -> None:
        if self.last is None or piece.y != self.last.y:
            self.lines.append("")
        self.lines[-1] += piece.text
        self.fonts.add(piece.font)
        self.spanned |= spanned
        self.last = piece

    def wrapped(self, around: Kind) -> Iterator[Wrapped]:
        """The paragraph, where it is set over more than one line."""
        if len(self.lines) > 1:
            kind = replace(around, spanned=self.spanned, fonts=tuple(sorted(self.fonts)))
            yield Wrapped(" ".join(" ".join(self.lines).split()), kind)


def _inside(item: Group | Use, around: Kind, symbols: Mapping[str, Symbol]) -> Iterator[Wrapped]:
    """The wrapped paragraphs of a group (its role the paragraphs') or a placed symbol (a
    picture where it says what it shows)."""
    if isinstance(item, Use):
        symbol = symbols[item.symbol]
        pictured = around.pictured or bool(symbol.alt)
        yield from _wrapped(symbol.items, replace(around, pictured=pictured), symbols)
        return
    pictured = around.pictured or item.role == "Figure" or bool(item.alt)
    inner = replace(around, role=item.role or around.role, pictured=pictured)
    yield from _wrapped(item.items, inner, symbols)


def _pieces(item: Item) -> list[Text]:
    """A line's texts: a Text, or a Span's."""
    if isinstance(item, Text):
        return [item]
    if isinstance(item, Group) and item.role == "Span":
        return [t for t in item.items if isinstance(t, Text)]
    return []


def drawn_items(items: Sequence[Item], symbols: Mapping[str, Symbol]) -> int:
    """How many things a page draws, groups' and placed symbols' insides counted: what a
    reader's software goes over again for each marked sequence, the cost of reading it."""
    count = 0
    for item in items:
        if isinstance(item, Group | Artifact):
            count += drawn_items(item.items, symbols)
        elif isinstance(item, Use):
            count += drawn_items(symbols[item.symbol].items, symbols)
        else:
            count += 1
    return count


def chosen_pages(plans: Mapping[Path, Document]) -> dict[Path, list[int]]:
    """Each file's pages to read (indexes): its first, and for every kind of wrapped
    paragraph in any file the cheapest page that holds one."""
    chosen = {path: {0} for path in plans}
    cheapest: dict[Kind, tuple[int, Path, int]] = {}
    for path, document in plans.items():
        for index, page in enumerate(document.pages):
            cost = drawn_items(page.items, document.symbols)
            for wrapped in wrapped_paragraphs(document, index):
                if wrapped.kind not in cheapest or cost < cheapest[wrapped.kind][0]:
                    cheapest[wrapped.kind] = (cost, path, index)
    for _, path, index in cheapest.values():
        chosen[path].add(index)
    return {path: sorted(pages) for path, pages in chosen.items()}


def pages_only(source: Path, pages: Sequence[int], target: Path) -> Path:
    """A copy of the PDF with only `pages` (indexes), its structure tree cut to the
    elements on them: a tool reading its structure meets no page that is not there."""
    writer = PdfWriter(clone_from=source)
    kept = {writer.pages[index].indirect_reference.idnum for index in pages}
    for index in reversed(range(len(writer.pages))):
        if index not in pages:
            writer.remove_page(index)
    tree = writer.root_object["/StructTreeRoot"].get_object()
    tree.pop("/ParentTree", None)
    _cut(tree, None, kept)
    target.parent.mkdir(parents=True, exist_ok=True)
    writer.write(target)
    return target


def _cut(element: DictionaryObject, page: IndirectObject | None, kept: set[int]) -> bool:
    """Keep the element's kids on kept pages; whether any is left."""
    page = element.raw_get("/Pg") if "/Pg" in element else page
    kids = element.get("/K")
    if kids is None:
        return False
    left = ArrayObject()
    for kid in kids if isinstance(kids, list) else [kids]:
        if isinstance(kid, IndirectObject):
            if _cut(kid.get_object(), page, kept):
                left.append(kid)
        elif isinstance(kid, DictionaryObject):  # a marked-content or object reference
            if kid.raw_get("/Pg").idnum in kept if "/Pg" in kid else _on(page, kept):
                left.append(kid)
        elif _on(page, kept):
            left.append(kid)
    element[NameObject("/K")] = left
    return bool(left)


def _on(page: IndirectObject | None, kept: set[int]) -> bool:
    return page is not None and page.idnum in kept
