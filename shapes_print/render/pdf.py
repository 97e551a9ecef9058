"""PDF backend (reportlab): vector paths, embedded TTF text, one form XObject per symbol.

`invariant=1` makes the bytes depend only on the plan, so two builds are identical. The
viewer is asked for actual size and long-edge duplex; the printed ruler stays because not
every viewer honours the request.

Speed: shapes, lines and rectangles are written as PDF operators directly (reportlab's
per-call state bookkeeping cost more than the drawing), colours and line styles are only
set when they change, a group drawn before in the file (the ruler on every card sheet) is
copied, and a symbol becomes a form the first time a page places it, so a file holds only
the drawings it uses. Pages are drawn as they come from the plan.

Across files: a group's operators depend only on the group when it holds no text (text
bytes depend on each file's font subset), so they are remembered for the whole build. A
large one, a pattern fill of thousands of marks, becomes a form of its own, encoded and
compressed once per build and copied into every file that shows it, since every file of
every kit shows the same card faces again.

Writing: each page goes to the file as soon as it is drawn (`_File`), and what pages share
(forms, font subsets, the page tree) at the end, so memory does not grow with pages. Every
form (symbols and shared fills alike) is written by one writer, `_Form`, with the keys
reportlab's PDFFormXObject gives a form; every page by `_Page` and `_PageStream`, with the
bytes reportlab would write. Resource dictionaries and media boxes are shared, and streams
(forms, pages, font subsets) are compressed once per build by content.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import chain
from math import ceil, cos, floor, radians, sin
from typing import BinaryIO, TypeVar
from zlib import compress

from reportlab import rl_config
from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.pdfbase import pdfdoc
from reportlab.pdfbase.pdfdoc import (
    PDFArray,
    PDFDictionary,
    PDFDocument,
    PDFIndirectObject,
    PDFName,
    PDFObject,
    PDFObjectReference,
    PDFPage,
    PDFResourceDictionary,
    PDFStream,
    PDFTrailer,
    PDFTrueTypeFont,
    PDFZCompress,
    pdfdocEnc,
    xObjectName,
)
from reportlab.pdfbase.pdfmetrics import Font, getFont
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from shapes_print.primitives import (
    Document,
    Group,
    Item,
    Line,
    Paint,
    Path,
    PathOp,
    Rect,
    Symbol,
    Text,
    Use,
)
from shapes_print.shapes import KAPPA, extent

# Binary (Flate only) content streams: ASCII85 makes them a quarter larger and slower.
rl_config.useA85 = 0

_DUPLEX = {"long": "DuplexFlipLongEdge", "short": "DuplexFlipShortEdge", "none": "Simplex"}
# Paint operator by (fill, stroke): even-odd fill, as the plan's holes expect.
_PATH_PAINT = {(False, False): "n", (True, False): "f*", (False, True): "S", (True, True): "B*"}
# A path operation's PDF operator after its numbers, written where each %s stands.
_OPERATION = {"M": "%s %s m", "L": "%s %s l", "C": "%s %s %s %s %s %s c", "Z": "h"}
_RECT_PAINT = {(False, False): "n", (True, False): "f", (False, True): "S", (True, True): "B"}
# reportlab's leading for a font size (unused by one-line text, but written in its bytes).
_LEADING = 1.2
# A clipped, text-free group whose operators reach this many characters (a pattern fill)
# becomes a form shared by the build; below it, a form's own object costs more than it saves.
_SHARED_FORM_MIN = 4096
# Entries each build-wide memo below keeps before it lets its memory go: all of `make
# print` has about a hundred groups (fifteen shared forms, 0.4 MB), 330 distinct streams
# and a dozen widths arrays.
_MEMO_LIMIT = 512
# The header's second line: a comment of bytes past 127 tells transfer programs the file is
# binary (PDF 1.7, 7.5.2); these are the ones reportlab writes.
_BINARY_MARK = b"%\223\214\213\236 ReportLab Generated PDF document (opensource)\n"
_PRINTABLE_ASCII = re.compile("[ -~]*")
# The ASCII characters PDFDocEncoding has no code for.
_NOT_PDFDOC = re.compile("[\x18-\x1f]")
K = TypeVar("K")
V = TypeVar("V")


@dataclass(slots=True)
class _State:
    """What the PDF graphics state currently holds; None means unknown, so set it."""

    fill: str | None = None
    stroke: str | None = None
    width: float | None = None


def _rgb(hex_colour: str) -> str:
    value = int(hex_colour[1:], 16)
    return fp_str((value >> 16) / 255, ((value >> 8) & 255) / 255, (value & 255) / 255)


@lru_cache(maxsize=256)
def _path_ops(ops: tuple[PathOp, ...]) -> str:
    """An outline as PDF operators; remembered, since every file of a kit redraws its
    card faces. A pattern is thousands of marks on a few hundred distinct coordinates, and
    formatting a number is most of the cost, so each distinct one is formatted once."""
    numbers = [number for op in ops for number in op[1:]]
    distinct = set(numbers)
    written = dict(zip(distinct, fp_str(*distinct).split(), strict=True))
    return " ".join([_OPERATION[op[0]] for op in ops]) % tuple(map(written.__getitem__, numbers))


def _round_rect(x: float, y: float, w: float, h: float, r: float) -> tuple[PathOp, ...]:
    """A rectangle with quarter-circle corners (radius clamped to half the shorter side)."""
    r = min(r, w / 2, h / 2)
    k = r * (1 - KAPPA)
    x1, y1 = x + w, y + h
    return (
        ("M", x + r, y), ("L", x1 - r, y), ("C", x1 - k, y, x1, y + k, x1, y + r),
        ("L", x1, y1 - r), ("C", x1, y1 - k, x1 - k, y1, x1 - r, y1),
        ("L", x + r, y1), ("C", x + k, y1, x, y1 - k, x, y1 - r),
        ("L", x, y + r), ("C", x, y + k, x + k, y, x + r, y), ("Z",),
    )  # fmt: skip


def _places_symbols(items: Iterable[Item]) -> bool:
    return any(
        isinstance(item, Use) or (isinstance(item, Group) and _places_symbols(item.items))
        for item in items
    )


def _file_independent(items: Iterable[Item]) -> bool:
    """Drawn the same in every file: no text (encoded per file's font subset), no symbols."""
    return not any(
        isinstance(item, (Text, Use))
        or (isinstance(item, Group) and not _file_independent(item.items))
        for item in items
    )


class _Form(PDFObject):
    """A form XObject written in one go: the dictionary reportlab's PDFFormXObject would
    write (same keys) around a stream compressed beforehand, with a resource object that
    may be shared. Formatting each form's dictionaries object by object was most of the
    time spent saving a file."""

    __RefOnly__ = 1

    def __init__(
        self, box: tuple[float, float, float, float], data: bytes, resources: PDFObject
    ) -> None:
        self.box = box
        self.data = data
        self.resources = resources

    def format(self, document: object) -> bytes:
        head = (
            f"<< /BBox [ {fp_str(*self.box)} ] /Filter [ /FlateDecode ] /FormType 1 "
            f"/Length {len(self.data)} /Matrix [ 1 0 0 1 0 0 ] /Resources "
        )
        return b"".join((
            head.encode("ascii"), self.resources.format(document),
            b" /Subtype /Form /Type /XObject >>\nstream\n", self.data, b"\nendstream\n",
        ))  # fmt: skip


@dataclass(frozen=True, slots=True)
class _SharedForm:
    """A group drawn as a form XObject, made once per build: its box and compressed
    operators. Each file registers its own `_Form` of it, since reportlab names and
    numbers a registered object for one document only."""

    box: tuple[int, int, int, int]
    data: bytes


def _shared_form(group: Group, operators: str) -> _SharedForm:
    """The group's operators as a compressed form; its box is the group's clip, moved,
    scaled and turned as the group is, widened to whole points, so the form draws exactly
    what the group drew."""
    assert group.clip is not None
    left, bottom, right, top = extent(group.clip)
    c, s = (cos(radians(group.angle)), sin(radians(group.angle))) if group.angle else (1.0, 0.0)
    k = group.scale
    xs, ys = [], []
    for x, y in ((left, bottom), (right, bottom), (left, top), (right, top)):
        xs.append(group.dx + k * (c * x - s * y))
        ys.append(group.dy + k * (s * x + c * y))
    box = (floor(min(xs)), floor(min(ys)), ceil(max(xs)), ceil(max(ys)))
    return _SharedForm(box, compress(operators.encode("ascii")))


def _text_string(text: str) -> str:
    """A PDF text string in ASCII whatever the words: UTF-16BE with its byte-order mark, in hex."""
    return "<" + ("\ufeff" + text).encode("utf-16-be").hex().upper() + ">"


def _pdfdoc(text: str) -> bytes:
    """`pdfdocEnc(text)`, as reportlab encodes a form's operators: PDFDocEncoding agrees
    with ASCII but for the control characters 24 to 31 it lacks, and its charmap codec is a
    thousand times slower than ASCII's (half a millisecond for a card face)."""
    if text.isascii() and not _NOT_PDFDOC.search(text):
        return text.encode("ascii")
    return pdfdocEnc(text)


def _deflated(content: str | bytes) -> bytes:
    """Content compressed exactly as reportlab's Flate filter does it, remembered for the
    build: every file of every kit embeds the same font subsets and symbols again (all of
    `make print`: 768 font streams, 12 distinct; 1,231 page streams, 298 distinct)."""
    data = _DEFLATED.get(content)
    if data is None:
        data = _DEFLATED.keep(content, PDFZCompress.encode(content))
    return data


def _flate(stream: PDFStream) -> None:
    """Give a stream reportlab would compress its compressed content instead: a stream
    whose dictionary names its Filter is written as it is (PDFStream.format), with the
    same keys, so the bytes are the same."""
    stream.content = _deflated(stream.content)
    stream.dictionary["Filter"] = PDFArray([PDFName(PDFZCompress.pdfname)])


def _font_objects(doc: PDFDocument) -> None:
    """Make the font subsets' objects now, as reportlab's save would first thing, so their
    streams (a subset of a font file and its character map) are compressed from the cache
    and their glyph widths (a number each) formatted once per build."""
    for font in doc.delayedFonts:
        font.addObjects(doc)
    doc.delayedFonts = []
    for thing in doc.idToObject.values():
        if (
            isinstance(thing, PDFStream)
            and thing.filters == [PDFZCompress]
            and "Filter" not in thing.dictionary
        ):
            _flate(thing)
        elif isinstance(thing, PDFTrueTypeFont):
            widths = tuple(thing.Widths.sequence)
            formatted = _WIDTHS.get(widths)
            if formatted is None:
                formatted = _WIDTHS.keep(widths, _Formatted(thing.Widths))
            thing.Widths = formatted


class _PageStream(PDFObject):
    """A page's content stream, compressed from the build's cache, written in one go with
    the dictionary reportlab's PDFStream gives it (the same bytes)."""

    __RefOnly__ = 1

    def __init__(self, data: bytes) -> None:
        self.data = data

    def format(self, document: object) -> bytes:
        head = f"<<\n/Filter [ /FlateDecode ] /Length {len(self.data)}\n>>\nstream\n"
        return b"".join((head.encode("ascii"), self.data, b"endstream\n"))


class _Formatted(PDFObject):
    """An object formatted once however many pages name it (one holding references, to
    this file's objects, is never shared between files)."""

    def __init__(self, inner: PDFObject) -> None:
        self.inner = inner
        self.data: bytes | None = None

    def format(self, document: object) -> bytes:
        if self.data is None:
            self.data = pdfdoc.format(self.inner, document)
        return self.data


# What a file's pages and forms share, formatted once: resource dictionaries by the forms
# they name and whether images are used, media boxes by size, the empty transition.
SharedKey = tuple[str, tuple[str, ...], int] | tuple[str, float, float] | tuple[str]
# A shared fill's resources: operators only (no text, no forms), the same in every file.
_FILL_RESOURCES = _Formatted(PDFDictionary({"ProcSet": PDFArray([PDFName("PDF")])}))


def _resources(
    xobjects: PDFDictionary | None, images: int, shared: dict[SharedKey, _Formatted]
) -> _Formatted:
    """The resource dictionary reportlab builds for a page or form placing `xobjects`, one
    object per set of forms placed, so a 1,000-page deck formats it once instead of 1,000
    times, and the symbol forms that place nothing share the plain pages' one."""
    key = ("resources", tuple(sorted(xobjects.dict)) if xobjects else (), images)
    resources = shared.get(key)
    if resources is None:
        inner = PDFResourceDictionary()
        inner.basicFonts()
        if images:
            inner.allProcs()
        if xobjects:
            inner.XObject = xobjects
        resources = shared[key] = _Formatted(inner)
    return resources


class _Page(PDFPage):
    """A page dictionary written as reportlab's PDFCatalog.format writes it (the same keys,
    order, references and line breaks), without building a PDFName, a copied dictionary
    and a bytes conversion per key of every page: that was a third of saving a deck."""

    def format(self, document: PDFDocument) -> bytes:
        self.check_format(document)
        values = {}
        for key, default in self.__Defaults__.items():
            value = getattr(self, key, default)
            if value is not None:
                values[key] = value
        for key in self.__NoDefault__:
            value = getattr(self, key, None)
            if value is not None:
                values[key] = value
        for key in self.__Refs__:  # in reportlab's order: object numbers are given here
            if key in values:
                values[key] = document.Reference(values[key])
        entries = [
            _name(key) + b" " + pdfdoc.format(values[key], document) for key in sorted(values)
        ]
        for index in reversed(range(6, len(entries), 6)):  # reportlab breaks every 6 entries
            entries.insert(index, b"\n ")
        return b"<<\n" + b" ".join(entries) + b"\n>>"


@cache
def _name(key: str) -> bytes:
    return pdfdocEnc(PDFName(key))


def _finish_page(page: PDFPage, shared: dict[SharedKey, _Formatted]) -> None:
    """Give a page the values reportlab would make for it at save, made once and shared
    where pages agree (a deck's sheets all do): its resources, media box and (empty)
    transition, and its content stream compressed from the build's cache; and have it
    written by `_Page`."""
    page.__class__ = _Page
    if not (page.ExtGState or page._colorsUsed or page._shadingUsed):  # else reportlab's own
        page.Resources = _resources(page.XObjects, page.hasImages, shared)
    media = ("media", page.pagewidth, page.pageheight)
    if media not in shared:
        shared[media] = _Formatted(PDFArray([0, 0, page.pagewidth, page.pageheight]))
    page.MediaBox = shared[media]
    if page.Trans is not None and not page.Trans.dict:
        page.Trans = shared.setdefault(("transition",), _Formatted(page.Trans))
    if page.compression:
        page.Contents = _PageStream(_deflated(page.stream))


class _Memo(dict[K, V]):
    """What a build (this process) has made once and reuses; the bytes written never
    depend on what is here, so letting it all go past `_MEMO_LIMIT` entries is safe."""

    def keep(self, key: K, value: V) -> V:
        if len(self) >= _MEMO_LIMIT:
            self.clear()
        self[key] = value
        return value


# Text-free groups drawn so far: their operators, or a shared form for a large clipped one.
_DRAWN: _Memo[Group, list[str] | _SharedForm] = _Memo()
# Compressed streams by their content.
_DEFLATED: _Memo[str | bytes, bytes] = _Memo()
# Font subsets' widths arrays, formatted (numbers only, so the same bytes in every file).
_WIDTHS: _Memo[tuple[float, ...], _Formatted] = _Memo()


class _Pen:
    """Draws plan items onto one canvas, remembering the graphics state it has set."""

    def __init__(self, canvas: Canvas, symbols: dict[str, Symbol]) -> None:
        self.canvas = canvas
        self.symbols = symbols
        self.defined: set[str] = set()
        self.state = _State()
        self.saved: list[_State] = []
        self.colours: dict[str, str] = {}
        self.groups: dict[Group, list[str]] = {}
        self.shared: dict[_SharedForm, str] = {}  # shared forms in this file, by name
        self.formatted: dict[SharedKey, _Formatted] = {}
        self.texts: dict[tuple[str, float, str, str], tuple[float, str]] = {}
        self.placements: dict[Use, str] = {}
        self.readable: dict[str, bool] = {}  # by font: printable ASCII codes as itself

        self._emit = canvas.addLiteral

    def _push(self) -> None:
        """Keep the state aside and start from an unknown one, as a group or form does:
        its operators then depend on it alone."""
        self.saved.append(self.state)
        self.state = _State()

    def _pop(self) -> None:
        self.state = self.saved.pop()

    def _colour(self, hex_colour: str) -> str:
        rgb = self.colours.get(hex_colour)
        if rgb is None:
            rgb = self.colours[hex_colour] = _rgb(hex_colour)
        return rgb

    def _fill(self, colour: str) -> None:
        if self.state.fill != colour:
            self.state.fill = colour
            self._emit(f"{self._colour(colour)} rg")

    def _stroke(self, colour: str, width: float) -> None:
        state = self.state
        if state.stroke != colour:
            state.stroke = colour
            self._emit(f"{self._colour(colour)} RG")
        if state.width != width:
            state.width = width
            self._emit(f"{fp_str(width)} w")

    def _paint(self, paint: Paint) -> tuple[bool, bool]:
        if paint.fill:
            self._fill(paint.fill)
        if paint.stroke:
            self._stroke(paint.stroke, paint.stroke_width)
        return bool(paint.fill), bool(paint.stroke)

    def form(self, name: str) -> None:
        """Define a symbol as a form XObject, as reportlab's beginForm/endForm would (the
        page being drawn is kept aside meanwhile), registered once it is drawn."""
        symbol = self.symbols[name]
        self.defined.add(name)
        canvas = self.canvas
        outer = canvas._code, canvas._formsinuse
        canvas._code, canvas._formsinuse = [], []
        self._push()
        self.draw_all(symbol.items)
        self._pop()
        code, used = canvas._code, canvas._formsinuse
        canvas._code, canvas._formsinuse = outer
        doc = canvas._doc
        resources = _resources(doc.xobjDict(used) if used else None, 1, self.formatted)
        data = _deflated(_pdfdoc("\n".join((canvas._preamble, *code))))
        doc.Reference(
            _Form((0, 0, symbol.width, symbol.height), data, resources), xObjectName(name)
        )

    def draw_all(self, items: Iterable[Item]) -> None:
        for item in items:
            self.draw(item)

    def draw(self, item: Item) -> None:
        if isinstance(item, Use):
            if item.symbol not in self.defined:
                self.form(item.symbol)
            self._place(item)
        elif isinstance(item, Rect):
            paint = self._paint(item.paint)
            if item.radius:
                outline = _path_ops(_round_rect(item.x, item.y, item.w, item.h, item.radius))
                self._emit(f"{outline} {_PATH_PAINT[paint]}")
            else:
                self._emit(f"{fp_str(item.x, item.y, item.w, item.h)} re {_RECT_PAINT[paint]}")
        elif isinstance(item, Line):
            self._stroke(item.colour, item.width)
            self._emit(f"{fp_str(item.x1, item.y1)} m {fp_str(item.x2, item.y2)} l S")
        elif isinstance(item, Path):
            paint = self._paint(item.paint)
            if item.paint.cap == "round":  # set for this path only: butt stays the rule
                self._emit(f"1 J {_path_ops(item.ops)} {_PATH_PAINT[paint]} 0 J")
            else:
                self._emit(f"{_path_ops(item.ops)} {_PATH_PAINT[paint]}")
        elif isinstance(item, Text):
            self._fill(item.colour)
            self._text(item)
        elif isinstance(item, Group):
            self._group(item)

    def _place(self, use: Use) -> None:
        """Place a form as canvas.doForm does (listed as used by the page), with the
        operators written once per file for each form and place: a deck's sheets put the
        same faces in the same slots again and again."""
        operators = self.placements.get(use)
        if operators is None:
            shown = f"/{xObjectName(use.symbol)} Do"
            moved = use.x or use.y
            operators = f"q 1 0 0 1 {fp_str(use.x, use.y)} cm\n{shown}\nQ" if moved else shown
            self.placements[use] = operators
        self._emit(operators)
        self.canvas._formsinuse.append(use.symbol)

    def _text(self, item: Text) -> None:
        """One line of text as reportlab's drawString writes it (the same bytes), without
        its text object and state bookkeeping. The characters are encoded in this file's
        font subsets, which is why text is never shared between files; within a file a
        string, once encoded, keeps its codes, so a repeated one (a column heading on every
        sheet) is encoded and measured once."""
        key = (item.font, item.size, item.anchor, item.text)
        known = self.texts.get(key)
        if known is None:
            known = self.texts[key] = self._shown(item)
        offset, shown = known
        x = item.x - offset if item.anchor != "start" else item.x
        self._emit(f"BT 1 0 0 1 {fp_str(x, item.y)} Tm {shown} T* ET")

    def _shown(self, item: Text) -> tuple[float, str]:
        """How far the anchor moves the line left, and its font and show operators."""
        font = getFont(item.font)
        doc = self.canvas._doc
        offset = 0.0
        if item.anchor != "start":
            width = font.stringWidth(item.text, item.size)
            offset = 0.5 * width if item.anchor == "middle" else width
        size = fp_str(item.size)
        leading = fp_str(item.size * _LEADING)
        shown = []
        current = -1
        for subset, encoded in self._split(font, item.text):
            if subset != current:
                shown.append(f"{font.getSubsetInternalName(subset, doc)} {size} Tf {leading} TL")
                current = subset
            shown.append(f"({escapePDF(encoded)}) Tj")
        return offset, " ".join(shown)

    def _split(self, font: Font | TTFont, text: str) -> list[tuple[int, bytes]]:
        """`font.splitString(text, doc)`: the text in this file's subsets of the font, as
        (subset, codes). reportlab walks it character by character; printable ASCII skips
        the walk where the file's first subset codes it as itself (reportlab's readable
        ASCII, checked once per font and file), since it then comes out unchanged."""
        doc = self.canvas._doc
        if isinstance(font, TTFont) and _PRINTABLE_ASCII.fullmatch(text):
            readable = self.readable.get(font.fontName)
            if readable is None:
                assignments = font._assignState(doc).assignments
                readable = all(assignments.get(code) == code for code in range(32, 127))
                self.readable[font.fontName] = readable
            if readable:
                return [(0, text.encode("ascii"))] if text else []
        return font.splitString(text, doc)

    def _group(self, group: Group) -> None:
        """A group's operators depend only on the group (its state starts unknown), so a
        group seen before in this file, such as a sheet's ruler, is copied, not redrawn;
        one without text is remembered across files, a large clipped one as a shared form.
        Groups that place symbols are always drawn: placing also lists the form as used."""
        code = self.canvas._code  # reportlab's stream of the page or form being drawn
        known = self.groups.get(group)
        if known is None:
            known = _DRAWN.get(group)
        if isinstance(known, _SharedForm):
            self._place_shared(known)
            return
        if known is not None:
            code.extend(known)
            return
        start = len(code)
        self._push()
        if group.alt:
            self._emit(f"/Figure << /Alt {_text_string(group.alt)} >> BDC")
        self._emit(f"q 1 0 0 1 {fp_str(group.dx, group.dy)} cm")
        if group.angle:
            c, s = cos(radians(group.angle)), sin(radians(group.angle))
            self._emit(f"{fp_str(c, s, -s, c)} 0 0 cm")
        if group.scale != 1.0:
            self._emit(f"{fp_str(group.scale)} 0 0 {fp_str(group.scale)} 0 0 cm")
        if group.clip:
            self._emit(f"{_path_ops(group.clip)} W* n")
        self.draw_all(group.items)
        self._emit("Q EMC" if group.alt else "Q")
        self._pop()
        if _places_symbols(group.items):
            return
        drawn = code[start:]
        if not _file_independent(group.items):
            self.groups[group] = drawn
            return
        if group.clip and sum(map(len, drawn)) >= _SHARED_FORM_MIN:
            del code[start:]
            self._place_shared(_DRAWN.keep(group, _shared_form(group, "\n".join(drawn))))
        else:
            _DRAWN.keep(group, drawn)

    def _place_shared(self, form: _SharedForm) -> None:
        """Place a shared form, adding this file's copy of it the first time."""
        name = self.shared.get(form)
        if name is None:
            name = self.shared[form] = f"fill-{len(self.shared) + 1}"
            self.canvas._doc.Reference(
                _Form(form.box, form.data, _FILL_RESOURCES), xObjectName(name)
            )
        self._place(Use(name, 0.0, 0.0))


class _File:
    """A PDF written while it is drawn: the header first, each page (its dictionary and
    content stream) as soon as it is finished, and at the end what the pages share (forms,
    font subsets, the page tree, the catalogue) and the cross-reference table. A reader
    finds each object by its offset, in whatever order objects stand, so a file of any
    length holds none of its written pages in memory: memory stays flat in pages."""

    def __init__(self, out: BinaryIO, doc: PDFDocument) -> None:
        self.out = out
        self.doc = doc
        self.size = 0
        self.offsets: dict[int, int] = {}  # object number -> where it starts in the file
        major, minor = doc._pdfVersion
        self._add(f"%PDF-{major}.{minor}\n".encode("ascii") + _BINARY_MARK)

    def _add(self, data: bytes) -> int:
        start = self.size
        self.out.write(data)
        self.size += len(data)
        return start

    def _write(self, name: str) -> None:
        doc = self.doc
        number = doc.idToObjectNumberAndVersion[name][0]
        self.offsets[number] = self._add(PDFIndirectObject(name, doc.idToObject[name]).format(doc))

    def page(self, page: PDFPage) -> None:
        """Write a finished page, then its content stream (registered as the page is
        written); the page tree keeps only a reference to the page."""
        doc = self.doc
        name = page.__InternalName__
        self._write(name)
        stream = page.Contents.__InternalName__
        self._write(stream)
        del doc.idToObject[name], doc.idToObject[stream]  # neither is named by object again
        doc.Pages.pages[-1] = PDFObjectReference(name)

    def close(self, canvas: Canvas) -> None:
        """Write the rest as reportlab's save would make it, then the table of offsets
        and the trailer."""
        doc = self.doc
        _font_objects(doc)
        doc.info.invariant = doc.invariant
        doc.info.digest(doc.signature)
        catalog, info = doc.Reference(doc.Catalog), doc.Reference(doc.info)
        doc.Outlines.prepare(doc, canvas)
        if doc.Outlines.ready < 0:
            doc.Catalog.Outlines = None
        number = 0
        while number < doc.objectcounter:  # writing an object may register more
            number += 1
            if number not in self.offsets:
                self._write(doc.numberToId[number])
        count = doc.objectcounter
        table = ["xref", f"0 {count + 1}", "0000000000 65535 f "]
        table += [f"{self.offsets[number]:010d} 00000 n " for number in range(1, count + 1)]
        start = self._add(("\n".join(table) + "\n").encode("ascii"))
        self._add(
            PDFTrailer(start, Size=count + 1, Root=catalog, Info=info, ID=doc.ID()).format(doc)
        )


def write_pdf(document: Document, out: BinaryIO) -> int:
    """Render every page of the document to `out` as one PDF; return the page count."""
    pages = iter(document.pages)
    first = next(pages)
    canvas = Canvas(
        out,
        pagesize=(first.width, first.height),
        invariant=1,
        pdfVersion=(1, 7),
        initialFontName=document.font,
    )
    canvas.setTitle(document.title)
    canvas.setAuthor("shapes-print")
    canvas.setCreator("shapes-print")
    canvas.setViewerPreference("PrintScaling", "None")
    canvas.setViewerPreference("Duplex", _DUPLEX[document.duplex])
    canvas.setViewerPreference("DisplayDocTitle", "true")
    pen = _Pen(canvas, document.symbols)
    file = _File(out, canvas._doc)
    pages_made = canvas._doc.Pages.pages
    count = 0
    for page in chain((first,), pages):
        canvas.setPageSize((page.width, page.height))
        if page.trim:
            canvas.setTrimBox((page.trim.llx, page.trim.lly, page.trim.urx, page.trim.ury))
        if page.bleed:
            canvas.setBleedBox((page.bleed.llx, page.bleed.lly, page.bleed.urx, page.bleed.ury))
        pen.state = _State()
        pen.draw_all(page.items)
        canvas.showPage()
        _finish_page(pages_made[-1], pen.formatted)
        file.page(pages_made[-1])
        count += 1
    file.close(canvas)
    return count
