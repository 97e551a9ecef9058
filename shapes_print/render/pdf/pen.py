"""The pen: plan items as content-stream operators, with the graphics state they need
(marked content for the structure tree is added by its page pen, render/pdf/marked.py).

Input: a page's or a symbol's items (geometry/primitives.py). Output: the operators
of its content stream, and what they name (fonts, forms), for the page or form to list.

Speed, which is most of why this is not a general PDF library:
- colours and line widths are only set when they change (the state starts unknown in
  each group and form, so a group's operators depend on the group alone); a colour is
  written as the file's colour space says (render/pdf/colour.py), and a group's
  operators are kept per space;
- a group is drawn once per build: its operators (text included, since text is written
  as glyph ids, the same in every file) are kept and copied wherever it comes again; a
  large clipped one (a pattern fill of thousands of dots) becomes a form of its own,
  compressed once per build and placed by reference in every file that shows it;
- a symbol becomes a form XObject the first time a file places it, so a file holds only
  the drawings it uses, each once;
- an outline's operators and a text's glyph ids are worked out once per build
  (render/pdf/operators.py keeps what the build shares);
- a page object that comes again in a file (the plan gives sheets of the same cards as
  one page) is copied when its only elements are pictures under the Document: its
  compressed operators and resources as they were, its Figures numbered anew in one
  write; a picture's marked placement is formatted once per file for each MCID and place.
A copied group lists what it names (fonts, symbols, pictures, shared fills) as drawing it
would have, so the symbols it places are written into each file the first time it shows them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from math import cos, radians, sin
from typing import TypeVar

from shapes_print.buildcache import BuildCache
from shapes_print.geometry.outlines import rounded_rect_ops
from shapes_print.geometry.primitives import (
    Artifact,
    Colour,
    Group,
    Image,
    Item,
    Line,
    Paint,
    Path,
    Picture,
    RasterPicture,
    Rect,
    Symbol,
    Text,
    Use,
)
from shapes_print.render.pdf.colour import DEVICE_RGB, ColourSpace
from shapes_print.render.pdf.fonts import FileFonts
from shapes_print.render.pdf.images import placement, write_raster
from shapes_print.render.pdf.objects import (
    Memo,
    PdfFile,
    SameMemo,
    deflated,
    numbers,
    text_string,
)
from shapes_print.render.pdf.operators import (
    DRAWN,
    FORMS,
    GROUPS_KEPT,
    OVERPRINT,
    SHARED_FORM_MIN,
    Drawn,
    Named,
    SharedForm,
    Shown,
    StateUse,
    TextKey,
    opacity_state,
    path_ops,
    shared_form,
    show,
)
from shapes_print.render.pdf.streams import (
    FORM_PREFIX,
    PATH_PAINT,
    RECT_PAINT,
    GraphicsState,
    Stream,
    form_placement,
    resources,
)
from shapes_print.render.pdf.tags import StructureTree

M = TypeVar("M")


def in_space(memos: dict[str, M], space: ColourSpace, make: Callable[[], M]) -> M:
    """The memo of a build cache's region for what is drawn in `space` (its colour
    operators are that space's), made on its first use."""
    memo = memos.get(space.name)
    if memo is None:
        memo = memos[space.name] = make()
    return memo


class Pen:
    """Draws plan items into the streams of one file, remembering the graphics state it
    set; writes each symbol's form into the file the first time a stream places it, and
    the pages' elements into the file's structure tree."""

    def __init__(
        self,
        file: PdfFile,
        fonts: FileFonts,
        symbols: dict[str, Symbol],
        tree: StructureTree,
        cache: BuildCache,
        space: ColourSpace = DEVICE_RGB,
    ) -> None:
        self.file = file
        self.cache = cache
        self.fonts = fonts
        self.symbols = symbols
        self.tree = tree
        # A placed picture's marked operators, by its MCID, symbol and place.
        self.figures: Memo[tuple[int, str, float, float], str] = Memo(GROUPS_KEPT)
        self.space = space
        self.drawn = in_space(cache.region(DRAWN), space, partial(SameMemo, GROUPS_KEPT))
        self.forms_drawn = in_space(cache.region(FORMS), space, partial(SameMemo, GROUPS_KEPT))
        self.forms: dict[str, int] = {}  # symbols and shared fills written in this file
        self.states: dict[str, int] = {}  # graphics states written in this file
        self.see_through: set[str] = set()  # forms of this file that draw transparently
        self.texts: set[TextKey] = set()  # shown in this file: their glyphs are noted
        self.state = GraphicsState()
        self.stream = Stream()
        self.used: list[Named] = []  # texts, symbols, pictures and shared forms, in order
        self._emit = self.stream.operators.append

    def start(self, stream: Stream) -> None:
        """Draw into `stream` from now on, from an unknown graphics state."""
        self.stream = stream
        self.state = GraphicsState()
        self.used = []
        self._emit = stream.operators.append

    def draw_all(self, items: Iterable[Item]) -> None:
        for item in items:
            self.draw(item)

    def draw(self, item: Item) -> None:
        if isinstance(item, Use):
            self._place(item.symbol, item.x, item.y)
        elif isinstance(item, Rect):
            paint = self._paint(item.paint)
            if item.radius:
                outline = path_ops(rounded_rect_ops(item.x, item.y, item.w, item.h, item.radius))
                self._emit(f"{outline} {PATH_PAINT[paint]}")
            else:
                self._emit(f"{numbers(item.x, item.y, item.w, item.h)} re {RECT_PAINT[paint]}")
        elif isinstance(item, Line):
            self._stroke(item.colour, item.width)
            self._emit(f"{numbers(item.x1, item.y1)} m {numbers(item.x2, item.y2)} l S")
        elif isinstance(item, Path):
            paint = self._paint(item.paint)
            if item.paint.cap == "round":  # set for this path only: butt stays the rule
                self._emit(f"1 J {path_ops(item.ops)} {PATH_PAINT[paint]} 0 J")
            else:
                self._emit(f"{path_ops(item.ops)} {PATH_PAINT[paint]}")
        elif isinstance(item, Text):
            self._fill(item.colour)
            self._text(item)
        elif isinstance(item, Group):
            if item.alt:  # a picture (or an icon) inside a picture, a form or an artifact
                self._emit(f"/Span << /Alt {text_string(item.alt)} >> BDC")
                self._group(item)
                self._emit("EMC")
            else:
                self._group(item)
        elif isinstance(item, Artifact):
            self.draw_all(item.items)  # inside a picture or a form: part of it
        elif isinstance(item, Image):
            self._picture(item)

    def _fill(self, colour: Colour) -> None:
        operator = self.space.fill(colour)
        if self.state.fill != operator:
            self.state.fill = operator
            self._emit(operator)

    def _stroke(self, colour: Colour, width: float) -> None:
        state = self.state
        operator = self.space.stroke(colour)
        if state.stroke != operator:
            state.stroke = operator
            self._emit(operator)
        if state.width != width:
            state.width = width
            self._emit(f"{numbers(width)} w")

    def _paint(self, paint: Paint) -> tuple[bool, bool]:
        if paint.fill:
            self._fill(paint.fill)
        if paint.stroke:
            self._stroke(paint.stroke, paint.stroke_width)
        return bool(paint.fill), bool(paint.stroke)

    def _text(self, item: Text) -> None:
        key = TextKey(item.font, item.size, item.anchor, item.text, " " if item.space_after else "")
        shown = show(key)
        self._use_text(key, shown)
        x = item.x - shown.offset
        shown_text = f"BT {numbers(x, item.y)} Td {shown.operators} ET"
        if item.unseen_width:  # invisible (render mode 3), squeezed to its width (Tz)
            natural = shown.font.width(item.text, item.size)
            squeeze = 100 * item.unseen_width / natural if natural else 100
            shown_text = f"BT 3 Tr {numbers(squeeze)} Tz {numbers(x, item.y)} Td {shown.operators} 100 Tz 0 Tr ET"
        if self.state.fill is not None and self.state.fill == self.space.overprinted:
            self._use_state(OVERPRINT)  # set and undone around the text alone
            shown_text = f"q /{OVERPRINT.name} gs {shown_text} Q"
        self._emit(shown_text)

    def _use_state(self, state: StateUse) -> None:
        """List a graphics state for the stream, written into this file the first time."""
        number = self.states.get(state.name)
        if number is None:
            number = self.states[state.name] = self.file.reserve()
            self.file.write(number, state.entries.encode("ascii"))
        self.stream.states[state.name] = number
        self.stream.see_through |= state.see_through
        self.used.append(state)

    def _use_text(self, key: TextKey, shown: Shown) -> None:
        """List the text's font for the stream and its glyphs for the file."""
        self.stream.fonts.add(shown.font.name)
        self.used.append(key)
        if key not in self.texts:
            self.texts.add(key)
            self.fonts.use(shown.font, shown.glyph_set)

    def _place(self, name: str, x: float, y: float) -> None:
        """Place a symbol's form, defined in this file the first time."""
        self._use_symbol(name)
        self._emit(form_placement(name, x, y))

    def _use_symbol(self, name: str) -> None:
        """List a symbol's form for the stream, drawing it into this file the first time."""
        number = self.forms.get(name)
        if number is None:
            number = self.forms[name] = self._define(self.symbols[name])
        self.stream.forms[name] = number
        self.stream.see_through |= name in self.see_through
        self.used.append(name)

    def _picture(self, image: Image) -> None:
        """A picture's XObject, written into this file the first time it shows one, then
        placed."""
        self._use_picture(image.picture)
        clip = f"{path_ops(image.clip)} W n " if image.clip else ""
        self._emit(f"q {clip}{placement(image)} /{FORM_PREFIX}{image.picture.name} Do Q")

    def _use_picture(self, picture: Picture) -> None:
        """List a picture for the stream, written into this file the first time (an image,
        render/pdf/images.py; SVG art, a form drawn like a symbol)."""
        number = self.forms.get(picture.name)
        if number is None:
            if isinstance(picture, RasterPicture):
                number = write_raster(self.file, picture)
            else:
                art = Symbol(picture.name, picture.width, picture.height, picture.items)
                number = self._define(art)
            self.forms[picture.name] = number
        self.stream.forms[picture.name] = number
        self.stream.see_through |= picture.name in self.see_through
        self.used.append(picture)

    def _define(self, symbol: Symbol) -> int:
        """A symbol drawn into a form XObject of its own, written at once; the stream
        being drawn is kept aside meanwhile. Its operators depend on its items alone, so
        a symbol drawn before in the build is copied: what it names listed as drawing it
        did (a form it places written first), its compressed operators as they were."""
        outer, state, used = self.stream, self.state, self.used
        form = Stream()
        self.start(form)
        known = self.forms_drawn.find(symbol.items)
        if known is None:
            self.draw_all(symbol.items)
            operators = "\n".join(form.operators).encode("ascii")
            drawn = Drawn((), tuple(dict.fromkeys(self.used)), deflated(operators))
            known = self.forms_drawn.keep(symbol.items, drawn)
        else:
            for use in known.uses:
                self._use(use)
        if form.see_through:  # the page placing it is a transparency group (write_pdf)
            self.see_through.add(symbol.name)
        self.stream, self.state, self.used = outer, state, used
        self._emit = outer.operators.append
        return self._write_form((0, 0, symbol.width, symbol.height), form, known.packed)

    def _write_form(self, box: tuple[float, ...], form: Stream, packed: bytes = b"") -> int:
        number = self.file.reserve()
        head = {
            "Type": "/XObject",
            "Subtype": "/Form",
            "BBox": f"[{numbers(*box)}]",
            "Resources": resources(form, self.fonts),
        }
        data = packed or deflated("\n".join(form.operators).encode("ascii"))
        self.file.stream(number, head, data)
        return number

    def _transform(self, group: Group) -> None:
        """Open the group's graphics state: moved, turned, scaled and clipped as it says."""
        self._emit(f"q 1 0 0 1 {numbers(group.dx, group.dy)} cm")
        if group.angle:
            c, s = cos(radians(group.angle)), sin(radians(group.angle))
            self._emit(f"{numbers(c, s, -s, c)} 0 0 cm")
        if group.scale != 1.0:
            self._emit(f"{numbers(group.scale)} 0 0 {numbers(group.scale)} 0 0 cm")
        if group.clip:
            self._emit(f"{path_ops(group.clip)} W* n")
        if group.opacity < 1:
            state = opacity_state(group.opacity)
            self._use_state(state)
            self._emit(f"/{state.name} gs")

    def _group(self, group: Group) -> None:
        """A group drawn unmarked. Its operators depend only on the group (its state starts
        unknown; forms and fonts are named, not numbered), so a group seen before in the
        build is copied, not redrawn, and what it names is listed (and written into this
        file) in the order drawing it did; a large clipped one without text or forms is
        placed as a shared form."""
        known = self.drawn.find(group)
        if isinstance(known, SharedForm):
            self._place_shared(known)
            return
        if known is not None:
            self.stream.operators.extend(known.operators)
            for use in known.uses:
                self._use(use)
            return
        code = self.stream.operators
        start, first_use = len(code), len(self.used)
        saved, self.state = self.state, GraphicsState()
        self._transform(group)
        self.draw_all(group.items)
        self._emit("Q")
        self.state = saved
        drawn = code[start:]
        uses = tuple(dict.fromkeys(self.used[first_use:]))
        if group.clip and not uses and sum(map(len, drawn)) >= SHARED_FORM_MIN:
            del code[start:]
            form = shared_form(group, "\n".join(drawn))
            self.drawn.keep(group, form)
            self._place_shared(form)
        else:
            self.drawn.keep(group, Drawn(tuple(drawn), uses))

    def _use(self, use: Named) -> None:
        """What a copied group names, listed as drawing it would."""
        if isinstance(use, TextKey):  # the most of them: lines of text
            self._use_text(use, show(use))
        elif isinstance(use, str):
            self._use_symbol(use)
        elif isinstance(use, SharedForm):
            self._use_shared(use)
        elif isinstance(use, StateUse):
            self._use_state(use)
        else:
            self._use_picture(use)

    def _place_shared(self, form: SharedForm) -> None:
        self._use_shared(form)
        self._emit(f"/{FORM_PREFIX}{form.name} Do")

    def _use_shared(self, form: SharedForm) -> None:
        """List a shared form for the stream, writing this file's copy the first time."""
        number = self.forms.get(form.name)
        if number is None:
            number = self.forms[form.name] = self._write_form(form.box, Stream(), form.packed)
        self.stream.forms[form.name] = number
        self.used.append(form)
