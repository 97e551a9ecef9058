"""Operators worked out once per build: outlines, lines of text, shared fills and drawn groups.

Input: plan items (geometry/primitives.py). Output: their content-stream operators, kept
for the whole build (every file of every kit redraws the same card faces, cells and labels),
so the pen (render/pdf/pen.py) copies them instead of formatting them again. Nothing here
depends on the file being written: text is written as the font's own glyph ids, and a
shared fill is named after its bytes.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from itertools import repeat
from math import ceil, cos, floor, radians, sin
from struct import pack
from typing import TypeAlias

from msgspec import Struct

from shapes_print.buildcache import Region
from shapes_print.geometry.outlines import extent
from shapes_print.geometry.primitives import Group, Item, PathOp, Picture
from shapes_print.render.pdf.objects import SameMemo, deflated, numbers
from shapes_print.text.fonts import Font, font_named

# A path operation's PDF operator after its numbers, written where each %s stands.
OPERATION_FORMAT = {"M": "%s %s m", "L": "%s %s l", "C": "%s %s %s %s %s %s c", "Z": "h"}
# A clipped, text-free group whose operators reach this many characters (a pattern fill)
# becomes a form shared by the build; below it, a form's own object costs more than it saves.
SHARED_FORM_MIN = 4096
# Groups and lines of text the build keeps drawn: a tagged sheet caches each cell, label
# and paragraph of its pages (its tables and lists are drawn around them), several
# thousand over `make print`; each is a few small strings.
GROUPS_KEPT = 8192
# Bits of a code point (the last is U+10FFFF), below its glyph id in a `shown_glyph`.
CODE_BITS = 21


class TextKey(Struct, frozen=True, cache_hash=True, gc=False):
    """A line of text as `show` works it out: its font, size, anchor, text and unmeasured
    tail. Its hash is worked out once: a key is looked up again in every file a group or
    page naming it is copied into."""

    font: str
    size: float
    anchor: str
    text: str
    tail: str


class Shown(Struct, frozen=True):
    """A line of text worked out once per build: how far its anchor moves it left, its
    font and show operators, and the glyphs it shows (glyph id, code point), in order and
    as a set, each glyph and code point one number (`shown_glyph`): a file's fonts gather
    each text's set, and a union of sets of numbers, sorted, is quick."""

    font: Font
    offset: float
    operators: str
    glyphs: tuple[tuple[int, int], ...]
    glyph_set: frozenset[int]


class SharedForm(Struct, frozen=True):
    """A group drawn as a form XObject, made once per build: its name (from its bytes,
    so the same in every file), box and compressed operators. Each file writes its own
    copy the first time it shows it."""

    name: str
    box: tuple[int, int, int, int]
    packed: bytes


class StateUse(Struct, frozen=True):
    """An extended graphics state a stream sets by name (`/GS.op gs`), and its entries."""

    name: str
    entries: str
    see_through: bool = False


def opacity_state(opacity: float) -> StateUse:
    """What draws at `opacity` (0 to 1): the stroking and filling alpha (PDF 11.3.7.2),
    named by its thousandths so one state serves every group of that opacity."""
    alpha = f"{opacity:.3f}".rstrip("0").rstrip(".")
    return StateUse(
        f"GS.a{round(opacity * 1000)}", f"<< /Type /ExtGState /CA {alpha} /ca {alpha} >>", True
    )


# Black text's overprint (PDF 8.6.7): both plates' overprint on, nonzero overprint mode, so
# the black ink alone prints and the colours under it stay.
OVERPRINT = StateUse("GS.op", "<< /Type /ExtGState /OP true /op true /OPM 1 >>")

# What a group's operators name, for the file to hold: a line of text (its font and glyphs),
# a symbol's form (by name), a picture, a shared form, a graphics state.
Named: TypeAlias = TextKey | SharedForm | str | Picture | StateUse


class Drawn(Struct, frozen=True):
    """A group's operators, and what they name (texts, symbols by name, pictures, shared
    forms) in the order they first come (for the file's fonts and forms, which are numbered
    in that order: a group copied numbers them as drawing it did)."""

    operators: tuple[str, ...]
    uses: tuple[Named, ...]
    packed: bytes = b""  # a symbol's form: its operators compressed (`operators` empty)


# Groups drawn, by the colour space they were drawn in (their colour operators are that
# space's), then the group; and symbols drawn as forms, by colour space, then items. Keyed
# by the plan's items themselves, whose operators depend on nothing else, so what one
# build drew is carried to the next (a `watch` rebuild draws only what an edit changed).
DRAWN: Region[dict[str, SameMemo[Group, Drawn | SharedForm]]] = Region("pdf groups", dict, True)
FORMS: Region[dict[str, SameMemo[tuple[Item, ...], Drawn]]] = Region("pdf forms", dict, True)


@lru_cache(maxsize=256)
def path_ops(ops: tuple[PathOp, ...]) -> str:
    """An outline as PDF operators; remembered, since every file of a kit redraws its
    card faces. A pattern is thousands of marks on a few hundred distinct coordinates, and
    formatting a number is most of the cost, so each distinct one is formatted once."""
    values = [value for op in ops for value in op[1:]]
    distinct = list(dict.fromkeys(values))
    written = dict(zip(distinct, numbers(*distinct).split(), strict=True))
    return " ".join([OPERATION_FORMAT[op[0]] for op in ops]) % tuple(
        map(written.__getitem__, values)
    )


def shared_form(group: Group, operators: str) -> SharedForm:
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
    packed = deflated(operators.encode("ascii"))
    name = f"fill-{hashlib.sha256(b'%r' % (box,) + packed).hexdigest()[:12]}"
    return SharedForm(name, box, packed)


@lru_cache(maxsize=GROUPS_KEPT)
def show(key: TextKey) -> Shown:
    """A line of text as glyph ids in hex, with its font and size set; its tail (a word
    break's space) is shown after it but not measured, so it does not move the anchor.
    Worked out once while it is used: every file of every kit shows the same labels."""
    name, size, anchor, text, tail = key.font, key.size, key.anchor, key.text, key.tail
    font = font_named(name)
    codes = [*map(ord, text + tail)]
    glyph_ids = [*map(font.glyphs.get, codes, repeat(0))]
    ids = tuple(zip(glyph_ids, codes, strict=True))
    offset = 0.0
    if anchor != "start":
        width = font.width(text, size)
        offset = 0.5 * width if anchor == "middle" else width
    hex_ids = pack(f">{len(glyph_ids)}H", *glyph_ids).hex().upper()  # four digits a glyph
    operators = f"/{name} {numbers(size)} Tf <{hex_ids}> Tj"
    return Shown(font, offset, operators, ids, frozenset(map(shown_glyph, glyph_ids, codes)))


def shown_glyph(glyph: int, code: int) -> int:
    """A glyph id and the code point it shows as one number, in the same order as the pair."""
    return glyph << CODE_BITS | code
