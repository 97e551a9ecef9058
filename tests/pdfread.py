"""Reading built PDFs back: form placements, text and pixels, the way a printer sees them."""

from __future__ import annotations

import ctypes
import functools
import io
import math
from dataclasses import dataclass, field
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from pypdf import PageObject, PdfReader
from pypdf.generic import ContentStream, DictionaryObject, IndirectObject, StreamObject

# Built files whose readings a process keeps, by their bytes: a kit's are a few hundred KB
# at most, so these hold some tens of MB.
FILES_KEPT = 64


@dataclass(frozen=True)
class Placement:
    """A form XObject drawn on a page at (x, y): one card face or back."""

    name: str
    x: float
    y: float


def placements(page: PageObject, reader: PdfReader) -> list[Placement]:
    """Forms placed by `q 1 0 0 1 x y cm /Name Do Q` in the page's own content, outside
    artifacts (a card's overrun past the grid is one: the card is the form placed as content).
    """
    found = []
    x = y = 0.0
    marked: list[bool] = []  # open marked-content sequences: is each an artifact?
    for operands, operator in ContentStream(page.get_contents(), reader).operations:
        if operator == b"cm":
            x, y = float(operands[4]), float(operands[5])
        elif operator in (b"BDC", b"BMC"):
            marked.append(str(operands[0]) == "/Artifact")
        elif operator == b"EMC":
            marked.pop()
        elif operator == b"Do" and not any(marked):
            found.append(Placement(str(operands[0]).removeprefix("/FormXob."), x, y))
    return found


def text(path: Path) -> list[str]:
    """Each page's text with runs of white space folded, as a reader would see the words.
    pypdf reads a file's text once per process for its bytes: tests of one kit read its
    sheets again and again."""
    return list(_text(path.read_bytes()))


@functools.lru_cache(maxsize=FILES_KEPT)
def _text(pdf: bytes) -> tuple[str, ...]:
    return tuple(" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(pdf)).pages)


# A built file as it stands: its path, the time it was last written and its size. A reading
# kept under it is the file's until the file is written again.
FileVersion = tuple[str, int, int]


def version(path: Path) -> FileVersion:
    """What a reading of `path` is kept under: the same file, unchanged since."""
    stat = path.stat()
    return str(path.resolve()), stat.st_mtime_ns, stat.st_size


def page_lines(path: Path) -> list[list[str]]:
    """Each page's text lines as drawn (a wrapped sentence is several lines).

    pdfium reads text inside the small card drawings far faster than pypdf does. Many tests
    read the same session-built kits, so each file is read once per process (`version`).
    """
    return [list(lines) for lines in _page_lines(version(path))]


@functools.lru_cache(maxsize=4096)
def _page_lines(file: FileVersion) -> tuple[tuple[str, ...], ...]:
    document = pdfium.PdfDocument(file[0])
    try:
        return tuple(tuple(page.get_textpage().get_text_range().splitlines()) for page in document)
    finally:
        document.close()


def page_texts(path: Path) -> list[str]:
    """Each page's text, whitespace folded so wrapped lines compare as sentences (pdfium)."""
    return [" ".join(" ".join(lines).split()) for lines in page_lines(path)]


def first_page_text(path: Path) -> str:
    """Page 1's text as `page_texts` folds it, the other pages left unread: pdfium's time
    goes in loading each page, and a card file has many."""
    document = pdfium.PdfDocument(path)
    try:
        return " ".join(document[0].get_textpage().get_text_range().split())
    finally:
        document.close()


@dataclass(frozen=True)
class Run:
    """A run of text as printed: its words, its size on paper, its font's name and, for the
    words of pictures (a card on a card sheet, cards drawn small: Figure elements of the
    structure tree, or marked `/Span << /Alt … >>` inside one), the pictures' alternate
    texts, outermost first; `layout`, whether it is inside an artifact (a reader skips it:
    furniture, or a picture the cell beside it names)."""

    text: str
    size: float
    font: str
    pictures: tuple[str, ...] = ()
    layout: bool = False

    @property
    def picture(self) -> str:
        """The alternate text of the innermost picture the run is in, or ""."""
        return self.pictures[-1] if self.pictures else ""


def figure_alts(path: Path) -> list[dict[int, str]]:
    """Each page's Figure elements' alternate texts by MCID, read from the ParentTree."""
    reader = PdfReader(path)
    tree = reader.trailer["/Root"].get("/StructTreeRoot")
    pages: list[dict[int, str]] = [{} for _ in reader.pages]
    if tree is None:
        return pages
    nums = tree["/ParentTree"]["/Nums"]
    for index, page in enumerate(reader.pages):
        key = page.get("/StructParents")
        if key is None:
            continue
        elements = nums[list(nums[::2]).index(key) * 2 + 1]
        for mcid, element in enumerate(elements):
            element = element.get_object()
            if element["/S"] == "/Figure":
                pages[index][mcid] = str(element.get("/Alt", ""))
    return pages


def sized_runs(path: Path, pictures: bool = True) -> list[list[Run]]:
    """Each page's text as runs of one printed size, font and picture, cut at line ends, card
    forms included; with `pictures` False, of one size and font (every run's pictures
    empty and none layout), for a check of sizes alone, which then reads no structure.

    The printed size is the `Tf` size times the scale of everything drawn around it: a
    card face drawn small on a sheet sets 24 pt and prints at a third of that, and a reader
    holds the paper, not the content stream. pdfium gives each character's `Tf` size
    (`FPDFText_GetFontSize`) and its text matrix times the CTM (`FPDFText_GetMatrix`),
    form XObjects included, about fifty times faster than pypdf's visitor: large-print
    checks read whole kits with it, some files twice, so a file is read once per process
    (`version`).
    """
    return [list(page) for page in _sized_runs(version(path), pictures)]


@functools.lru_cache(maxsize=FILES_KEPT)
def _sized_runs(file: FileVersion, pictures: bool) -> tuple[tuple[Run, ...], ...]:
    document = pdfium.PdfDocument(file[0])
    try:
        alts = figure_alts(Path(file[0])) if pictures else [{} for _ in range(len(document))]
        return tuple(
            _page_runs(page, _pictured(page, figures) if pictures else {})
            for page, figures in zip(document, alts, strict=True)
        )
    finally:
        document.close()


def _page_runs(
    page: pdfium.PdfPage, pictured: dict[int | None, tuple[tuple[str, ...], bool]]
) -> tuple[Run, ...]:
    """A page's runs (`sized_runs`), `pictured` its text objects in pictures or artifacts."""
    textpage = page.get_textpage()
    runs: list[Run] = []
    current: list[str] = []
    key: tuple[float, str, tuple[str, ...], bool] | None = None
    # A text object sets every character of it in one font at one size and scale: each is
    # asked of pdfium once per object (a character pdfium adds, a space or a line's end,
    # has none, and is asked of itself).
    # A kit's page sets thousands of characters: pdfium is asked of each with the text page's
    # own handle, and its object's address read off the pointer (`addressof`), each a
    # fraction of the time of the wrapped handle and of `ctypes.cast`.
    objects: dict[int, tuple[float, str, tuple[str, ...], bool]] = {}
    raw = textpage.raw
    for index in range(textpage.count_chars()):
        char = chr(pdfium_c.FPDFText_GetUnicode(raw, index))
        thing = pdfium_c.FPDFText_GetTextObject(raw, index)
        where = ctypes.addressof(thing.contents) if thing else None
        here = objects.get(where) if where else None
        if here is None:
            here = (
                round(_printed_size(textpage, index), 2),
                _font_name(textpage, index),
                *pictured.get(where, ((), False)),
            )
            if where:
                objects[where] = here
        if char in "\r\n" or here != key:
            if key and "".join(current).strip():
                runs.append(Run(" ".join("".join(current).split()), *key))
            current, key = [], (None if char in "\r\n" else here)
        if char not in "\r\n":
            current.append(char)
    if key and "".join(current).strip():
        runs.append(Run(" ".join("".join(current).split()), *key))
    return tuple(runs)


def _printed_size(textpage: pdfium.PdfTextPage, index: int) -> float:
    """The height of the character's em on paper: its `Tf` size times the length its
    matrix gives a unit upright (rotation leaves it alone, a scaled form shrinks it)."""
    matrix = pdfium_c.FS_MATRIX()
    pdfium_c.FPDFText_GetMatrix(textpage, index, ctypes.byref(matrix))
    return pdfium_c.FPDFText_GetFontSize(textpage, index) * math.hypot(matrix.c, matrix.d)


def _pictured(
    page: pdfium.PdfPage, figures: dict[int, str]
) -> dict[int | None, tuple[tuple[str, ...], bool]]:
    """The page's text objects inside pictures or artifacts, by address, with the pictures'
    alt texts (`figures`: the page's Figure elements by MCID) and whether an artifact holds
    them: found by walking the page's objects into the forms they place."""
    found: dict[int | None, tuple[tuple[str, ...], bool]] = {}

    def walk(thing: pdfium_c.FPDF_PAGEOBJECT, alts: tuple[str, ...], layout: bool) -> None:
        # Most objects, those inside a form, are marked by nothing: asked only that.
        if pdfium_c.FPDFPageObj_CountMarks(thing):
            alts = (*alts, *_mark_alts(thing, figures))
            layout = layout or _in_artifact(thing)
        kind = pdfium_c.FPDFPageObj_GetType(thing)
        if kind == pdfium_c.FPDF_PAGEOBJ_TEXT and (alts or layout):
            found[ctypes.addressof(thing.contents)] = (alts, layout)
        elif kind == pdfium_c.FPDF_PAGEOBJ_FORM:
            for index in range(pdfium_c.FPDFFormObj_CountObjects(thing)):
                walk(pdfium_c.FPDFFormObj_GetObject(thing, index), alts, layout)

    for index in range(pdfium_c.FPDFPage_CountObjects(page.raw)):
        walk(pdfium_c.FPDFPage_GetObject(page.raw, index), (), False)
    return found


def _in_artifact(thing: pdfium_c.FPDF_PAGEOBJECT) -> bool:
    """Whether one of the object's marks is an artifact's."""
    name = (ctypes.c_ushort * 32)()
    length = ctypes.c_ulong()
    for index in range(pdfium_c.FPDFPageObj_CountMarks(thing)):
        mark = pdfium_c.FPDFPageObj_GetMark(thing, index)
        named = pdfium_c.FPDFPageObjMark_GetName(
            mark, name, ctypes.sizeof(name), ctypes.byref(length)
        )
        if named and bytes(name)[: max(length.value - 2, 0)].decode("utf-16-le") == "Artifact":
            return True
    return False


def _mark_alts(thing: pdfium_c.FPDF_PAGEOBJECT, figures: dict[int, str]) -> list[str]:
    """The alt texts of the pictures this object's marks put it in: a mark whose MCID is a
    Figure's, or a mark with its own `/Alt` (a Span inside a picture).

    pdfium hands a string parameter back undecoded (a UTF-16 text string comes back as its
    bytes, byte-order mark and all), so the raw bytes are read and decoded here.
    """
    raw = (ctypes.c_ubyte * 4096)()
    length = ctypes.c_ulong()
    mcid = ctypes.c_int()
    alts = []
    for index in range(pdfium_c.FPDFPageObj_CountMarks(thing)):
        mark = pdfium_c.FPDFPageObj_GetMark(thing, index)
        if pdfium_c.FPDFPageObjMark_GetParamIntValue(mark, b"MCID", ctypes.byref(mcid)):
            if mcid.value in figures:
                alts.append(figures[mcid.value])
        elif pdfium_c.FPDFPageObjMark_GetParamBlobValue(
            mark, b"Alt", raw, len(raw), ctypes.byref(length)
        ):
            text = bytes(raw[: length.value])
            # A text string is UTF-16BE after its mark, or else PDFDocEncoding (Latin-1 here).
            alts.append(
                text[2:].decode("utf-16-be")
                if text.startswith(b"\xfe\xff")
                else text.decode("latin-1")
            )
    return alts


def _font_name(textpage: pdfium.PdfTextPage, index: int) -> str:
    buffer = ctypes.create_string_buffer(128)
    flags = ctypes.c_int()
    length = pdfium_c.FPDFText_GetFontInfo(
        textpage, index, buffer, len(buffer), ctypes.byref(flags)
    )
    return buffer.raw[: max(length - 1, 0)].decode("utf-8", "replace")


@dataclass
class Element:
    """A structure element read back: its type, kids in reading order, its marked content
    as (page index, MCID), and its alternate text, language and header scope; its
    expansion (/E) and replacement text (/ActualText), and `parts`, its kids and marked
    content together in reading order."""

    role: str
    number: int  # its object number
    kids: list[Element]
    marked: list[tuple[int, int]]
    alt: str = ""
    lang: str = ""
    scope: str = ""
    expansion: str = ""
    actual: str = ""
    parts: list[Element | tuple[int, int]] = field(default_factory=list)

    def walk(self) -> list[Element]:
        """This element and every element below it, in reading order."""
        return [self, *(element for kid in self.kids for element in kid.walk())]


def structure(reader: PdfReader) -> Element:
    """The structure tree's root element (Document), read with pypdf."""
    pages = {page.indirect_reference.idnum: index for index, page in enumerate(reader.pages)}
    root = reader.trailer["/Root"]["/StructTreeRoot"].raw_get("/K")

    def read(reference: IndirectObject) -> Element:
        found = reference.get_object()
        page = found.raw_get("/Pg") if "/Pg" in found else None
        kids = found.get("/K", [])
        element = Element(
            str(found["/S"])[1:],
            reference.idnum,
            [],
            [],
            str(found.get("/Alt", "")),
            str(found.get("/Lang", "")),
            str(found.get("/A", {}).get("/Scope", ""))[1:],
            str(found.get("/E", "")),
            str(found.get("/ActualText", "")),
        )
        for kid in kids if isinstance(kids, list) else [kids]:
            if isinstance(kid, int):
                element.marked.append((pages[page.idnum], int(kid)))
            elif isinstance(kid, IndirectObject):
                element.kids.append(read(kid))
            else:  # a marked-content reference to another page
                element.marked.append((pages[kid.raw_get("/Pg").idnum], int(kid["/MCID"])))
            element.parts.append(
                element.kids[-1] if isinstance(kid, IndirectObject) else element.marked[-1]
            )
        return element

    return read(root)


def content_with_resources(reader: PdfReader) -> list[tuple[bytes, DictionaryObject]]:
    """Every page's content and every form's, as bytes (for tests/pdfxread.operations), with
    the resources it names them from."""
    found = [(_content(page), _resources(page)) for page in reader.pages]
    for number in range(1, int(reader.trailer["/Size"])):
        thing = reader.get_object(IndirectObject(number, 0, reader))
        if isinstance(thing, StreamObject) and thing.get("/Subtype") == "/Form":
            found.append((thing.get_data(), _resources(thing)))
    return found


def _content(page: PageObject) -> bytes:
    contents = page.get_contents()
    return contents.get_data() if contents is not None else b""


def _resources(holder: PageObject | StreamObject) -> DictionaryObject:
    found = holder.get("/Resources")
    return found.get_object() if found is not None else DictionaryObject()
