"""Samples of a built PDF's pages for the outside tools that read it slowly, chosen by what
the plan says is on them.

`pdfinfo -struct-text` draws a page again for every marked-content sequence on it, so a
sheet of tables with card pictures costs seconds; every wrapped line the layout sets is a
place a reader could hear two words as one. `chosen_pages` picks, across a sample's files,
each file's cheapest page and, for every kind of wrapped paragraph the plans hold (its
element's role, inside a picture or not, beside a Span or not, the file's language, its
fonts), the cheapest page holding one. `alike_pages` names the pages planned as a page
before them (a print shop's copies of a card), which a check reading page by page needs
read once. `pages_only` copies a PDF with some pages alone and its structure tree cut to
them, so the tool reads the built pages as built and nothing else.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from io import BytesIO
from pathlib import Path

from pypdf import PdfReader
from pypdf.generic import (
    ArrayObject,
    DictionaryObject,
    IndirectObject,
    NameObject,
    NumberObject,
)

from shapes_print.geometry.primitives import (
    Artifact,
    Document,
    Group,
    Item,
    Page,
    Symbol,
    Text,
    Use,
)


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


def page_cost(document: Document, index: int) -> int:
    """What reading the page's structure costs: a reader's software goes over everything
    the page draws (groups' and placed symbols' insides counted) again for each marked
    sequence on it (each element of the structure with words of its own)."""
    drawn, tagged = _counts(document.pages[index].items, document.symbols)
    return drawn * (tagged + 1)


def _counts(items: Sequence[Item], symbols: Mapping[str, Symbol]) -> tuple[int, int]:
    """How many things the items draw, and how many groups with a role they hold."""
    drawn = tagged = 0
    for item in items:
        inside: Sequence[Item] = ()
        if isinstance(item, Group | Artifact):
            inside = item.items
            tagged += isinstance(item, Group) and item.role is not None
        elif isinstance(item, Use):
            inside = symbols[item.symbol].items
        else:
            drawn += 1
        more_drawn, more_tagged = _counts(inside, symbols)
        drawn, tagged = drawn + more_drawn, tagged + more_tagged
    return drawn, tagged


def chosen_pages(
    plans: Mapping[Path, Document], wrapped: Mapping[Path, list[list[Wrapped]]]
) -> dict[Path, list[int]]:
    """Each file's pages to read (indexes): its cheapest, so that each file is read, and
    for every kind of wrapped paragraph (`wrapped`, page by page) the cheapest page of any
    file that holds one."""
    costs = {
        path: [page_cost(document, index) for index in range(len(document.pages))]
        for path, document in plans.items()
    }
    chosen = {path: {min(range(len(cost)), key=cost.__getitem__)} for path, cost in costs.items()}
    cheapest: dict[Kind, tuple[int, Path, int]] = {}
    for path, pages in wrapped.items():
        for index, found in enumerate(pages):
            for kind in {paragraph.kind for paragraph in found}:
                if kind not in cheapest or costs[path][index] < cheapest[kind][0]:
                    cheapest[kind] = (costs[path][index], path, index)
    for _, path, index in cheapest.values():
        chosen[path].add(index)
    return {path: sorted(pages) for path, pages in chosen.items()}


def alike_pages(document: Document) -> dict[int, int]:
    """Each page planned as a page before it (its index), with that page's: it is drawn as
    that page is (a print shop's copies of one card, its backs)."""
    first: dict[Page, int] = {}
    alike = {}
    for index, page in enumerate(document.pages):
        if first.setdefault(page, index) != index:
            alike[index] = first[page]
    return alike


def pages_only(source: Path, pages: Sequence[int], target: Path) -> Path:
    """A copy of the PDF with only `pages` (indexes), its structure tree cut to the
    elements on them, so a tool reading its structure meets no page that is not there.
    The copy is the file as built with an update after it (PDF 7.5.6) that gives its page
    tree those pages alone and its cut elements their kids left: every object the pages
    draw is the built file's, byte for byte."""
    reader = PdfReader(source)
    catalog = reader.trailer["/Root"]
    tree = catalog.raw_get("/Pages")
    node = tree.get_object()
    kept = [reader.pages[index] for index in pages]
    assert all(page.raw_get("/Parent") == tree for page in kept), "a page tree of one level"
    node[NameObject("/Kids")] = ArrayObject(page.indirect_reference for page in kept)
    node[NameObject("/Count")] = NumberObject(len(kept))
    changed = {tree.idnum: node}
    if "/StructTreeRoot" in catalog:
        on_kept = {page.indirect_reference.idnum for page in kept}
        _cut(catalog.raw_get("/StructTreeRoot"), None, _Cutting(on_kept, changed))
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(_updated(source.read_bytes(), reader, changed))
    return target


@dataclass
class _Cutting:
    """The object numbers of the pages kept, and each object changed by its number."""

    kept: set[int]
    changed: dict[int, DictionaryObject]


def _cut(reference: IndirectObject, page: IndirectObject | None, cutting: _Cutting) -> bool:
    """Keep the element's kids on kept pages (noting it changed where some are not);
    whether any is left."""
    element = reference.get_object()
    page = element.raw_get("/Pg") if "/Pg" in element else page
    kids = element.raw_get("/K") if "/K" in element else ArrayObject()
    kids = kids if isinstance(kids, list) else [kids]
    left = ArrayObject()
    for kid in kids:
        if isinstance(kid, IndirectObject):
            on_kept = _cut(kid, page, cutting)
        elif isinstance(kid, DictionaryObject):  # a marked-content or object reference
            on_kept = _on(kid.raw_get("/Pg") if "/Pg" in kid else page, cutting.kept)
        else:
            on_kept = _on(page, cutting.kept)
        if on_kept:
            left.append(kid)
    if len(left) < len(kids):
        element[NameObject("/K")] = left
        cutting.changed[reference.idnum] = element
    return bool(left)


def _on(page: IndirectObject | None, kept: set[int]) -> bool:
    return page is not None and page.idnum in kept


def _updated(built: bytes, reader: PdfReader, changed: dict[int, DictionaryObject]) -> bytes:
    """The built file with an update after it holding the changed objects, a cross-reference
    section for them and a trailer going back to the built file's."""
    (previous,) = re.findall(rb"startxref\s+(\d+)\s+%%EOF\s*$", built)
    out = bytearray(built if built.endswith(b"\n") else built + b"\n")
    offsets = {}
    for number, thing in sorted(changed.items()):
        offsets[number] = len(out)
        body = BytesIO()
        thing.write_to_stream(body)
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body.getvalue())
    section = len(out)
    out += b"xref\n"
    for number, offset in offsets.items():
        out += b"%d 1\n%010d 00000 n \n" % (number, offset)
    trailer = DictionaryObject(
        {NameObject(key): reader.trailer.raw_get(key) for key in reader.trailer if key != "/Prev"}
    )
    trailer[NameObject("/Prev")] = NumberObject(int(previous))
    body = BytesIO()
    trailer.write_to_stream(body)
    out += b"trailer\n%s\nstartxref\n%d\n%%%%EOF\n" % (body.getvalue(), section)
    return bytes(out)
