"""Reading a print-shop PDF as a PDF/X-4 preflight does: its objects, content streams and the
colours they paint, its XMP packet; and the CMYK the shipped profile makes of a colour.
Shared by the print-shop tests (tests/render/test_print_shop*.py).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from xml.etree import ElementTree

from PIL import Image, ImageCms
from pypdf import PdfReader
from pypdf.generic import ContentStream, DictionaryObject, IndirectObject, StreamObject

from shapes_print.load.defaults import DEFAULT_TEMPLATES

PROFILE = DEFAULT_TEMPLATES / "profiles" / "gracol-tr006-coated.icc"
CARDS = "pass-and-pick_4p_a4_cards-print-shop.pdf"

# Colour operators and what they set: fill or stroke.
FILL, STROKE = b"k", b"K"
RDF = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
XMP_NAMESPACES = {
    "pdf": "http://ns.adobe.com/pdf/1.3/",
    "xmp": "http://ns.adobe.com/xap/1.0/",
    "pdfxid": "http://www.npes.org/pdfx/ns/id/",
    "xmpMM": "http://ns.adobe.com/xap/1.0/mm/",
}


def every_dictionary(reader: PdfReader) -> Iterator[DictionaryObject]:
    """Every dictionary and stream object the file holds, by its number."""
    size = int(reader.trailer["/Size"])
    for number in range(1, size):
        found = reader.get_object(IndirectObject(number, 0, reader))
        if isinstance(found, DictionaryObject):
            yield found


def content_streams(reader: PdfReader) -> Iterator[ContentStream]:
    """Every content stream: each page's and each form XObject's."""
    for page in reader.pages:
        yield ContentStream(page.get_contents(), reader)
    for thing in every_dictionary(reader):
        if isinstance(thing, StreamObject) and thing.get("/Subtype") == "/Form":
            yield ContentStream(thing, reader)


def marks_painted(stream: ContentStream) -> Iterator[tuple[bytes, tuple[float, ...] | None]]:
    """Each text shown (`Tj`) and each path stroked, with the colour it is painted in (None
    where no colour was set in the stream); q and Q save and restore the colours."""
    fill: tuple[float, ...] | None = None
    stroke: tuple[float, ...] | None = None
    saved: list[tuple[tuple[float, ...] | None, tuple[float, ...] | None]] = []
    for operands, operator in stream.operations:
        if operator == FILL:
            fill = tuple(float(value) for value in operands)
        elif operator == STROKE:
            stroke = tuple(float(value) for value in operands)
        elif operator == b"q":
            saved.append((fill, stroke))
        elif operator == b"Q":
            fill, stroke = saved.pop()
        elif operator == b"Tj":
            yield b"Tj", fill
        elif operator in (b"S", b"B", b"B*"):
            yield b"S", stroke


# A content stream's tokens (PDF 7.2), each matched whole after its white space: a comment;
# an operand's token (group 1: a name, a hex string, a bracket, a literal string, its
# parentheses balanced two deep and backslash escapes, a number, true, false or null); an
# operator (group 2); or a byte none of these can start with (group 3: a string nested
# deeper, a stray ")").
_WHITE = b"\x00\t\n\f\r "
_REGULAR = rb"[^\x00\t\n\f\r ()<>\[\]{}/%]"
_LITERAL = rb"\((?:[^()\\]|\\.|\((?:[^()\\]|\\.)*\))*\)"
_OPERAND = (
    rb"/"
    + _REGULAR
    + rb"*|<[0-9A-Fa-f\x00\t\n\f\r ]*>|<<|>>|[\[\]{}]|"
    + _LITERAL
    + rb"|[0-9+\-.]"
    + _REGULAR
    + rb"*|(?:true|false|null)(?!"
    + _REGULAR
    + rb")"
)
_TOKENS = re.compile(
    rb"[\x00\t\n\f\r ]*(?:%[^\r\n]*|(" + _OPERAND + rb")|(" + _REGULAR + rb"+)|(.))",
    re.DOTALL,
)
Operation = tuple[list[bytes], bytes]


def operations(content: bytes) -> list[Operation]:
    """A content stream's operations, in order, as pypdf's ContentStream lists them: each
    operator with its operands' tokens (an array's or a dictionary's one by one, brackets
    too), read by one regular expression, several times faster than pypdf, which makes an
    object of every operand. What it cannot read is refused: an inline image (whose data
    no lexer can skip), a string nested more than two deep."""
    found: list[Operation] = []
    operands: list[bytes] = []
    for operand, operator, stray in _TOKENS.findall(content.rstrip(_WHITE)):
        if operand:
            operands.append(operand)
        elif operator:
            if operator == b"BI":
                raise ValueError("an inline image, which this reading cannot skip")
            found.append((operands, operator))
            operands = []
        elif stray:
            raise ValueError(f"a byte this reading cannot place: {stray!r}")
    return found


def operators(content: bytes) -> list[bytes]:
    """The operators of a content stream alone (`operations`): the tests that ask which
    operators stand where read a page in a tenth of pypdf's time."""
    return [operator for _, operator in operations(content)]


def name(token: bytes) -> str:
    """A name operand as pypdf reads it: its #-escapes undone, UTF-8, the slash kept."""
    return re.sub(rb"#([0-9A-Fa-f]{2})", lambda hex: bytes.fromhex(hex[1].decode()), token).decode()


def profile_cmyk(hex_colour: str) -> tuple[float, ...]:
    """What littleCMS makes of an sRGB colour in the shipped profile, as the files should."""
    transform = ImageCms.buildTransform(
        ImageCms.createProfile("sRGB"),
        ImageCms.getOpenProfile(str(PROFILE)),
        "RGB",
        "CMYK",
        renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
        flags=ImageCms.Flags.BLACKPOINTCOMPENSATION,
    )
    pixel = Image.new("RGB", (1, 1), hex_colour)
    converted = ImageCms.applyTransform(pixel, transform)
    assert converted is not None
    values = converted.getpixel((0, 0))
    assert isinstance(values, tuple)
    return tuple(round(value / 255, 4) for value in values)


def xmp_description(path: Path) -> ElementTree.Element:
    data = PdfReader(path).trailer["/Root"]["/Metadata"].get_object().get_data()
    (description,) = ElementTree.fromstring(data).iter(f"{{{RDF}}}Description")
    return description


def xmp_value(description: ElementTree.Element, prefix: str, name: str) -> str:
    found = description.find(f"{{{XMP_NAMESPACES[prefix]}}}{name}")
    assert found is not None, f"{prefix}:{name}"
    return found.text or ""
