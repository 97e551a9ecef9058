"""A content stream as the pen writes it: its operators, the fonts and forms they name, the
graphics state they leave, and the resource dictionary of the page or form that holds it.
"""

from __future__ import annotations

from msgspec import Struct, field

from shapes_print.render.pdf.fonts import FileFonts
from shapes_print.render.pdf.objects import (
    numbers,
    reference,
)

# Paint operator by (fill, stroke): even-odd fill, as the plan's holes expect.
PATH_PAINT = {(False, False): "n", (True, False): "f*", (False, True): "S", (True, True): "B*"}
RECT_PAINT = {(False, False): "n", (True, False): "f", (False, True): "S", (True, True): "B"}
# Form XObjects are named after their symbol under this prefix (`/FormXob.face-circle`).
FORM_PREFIX = "FormXob."


# Out of the garbage collector's sight (gc=False): it holds operators and a width only, and
# every group drawn starts a new one.
class GraphicsState(Struct, gc=False):
    """What the PDF graphics state currently holds; None means unknown, so set it."""

    fill: str | None = None  # the colour operators last written
    stroke: str | None = None
    width: float | None = None


class DrawnPage(Struct, frozen=True):
    """A page's content in this file: its compressed operators and the resources they
    name, and, when its only elements are pictures under the Document, how to tag a copy
    (StructureTree.page_figures)."""

    packed: bytes
    resources: str
    figures: tuple[bytes, ...] | None
    see_through: bool = False


class Stream(Struct):
    """A page's or form's operators, and the fonts, forms and graphics states they name;
    `see_through` once anything drawn in it (or in a form it places) is transparent."""

    operators: list[str] = field(default_factory=list)
    fonts: set[str] = field(default_factory=set)
    forms: dict[str, int] = field(default_factory=dict)
    states: dict[str, int] = field(default_factory=dict)
    see_through: bool = False


def form_placement(name: str, x: float, y: float) -> str:
    """A symbol's form drawn with its origin at (x, y)."""
    shown = f"/{FORM_PREFIX}{name} Do"
    return f"q 1 0 0 1 {numbers(x, y)} cm {shown} Q" if x or y else shown


def resources(stream: Stream, fonts: FileFonts) -> str:
    """The resource dictionary of a page or form: the fonts, forms and states it names."""
    parts = []
    if stream.states:
        named = " ".join(
            f"/{name} {reference(number)}" for name, number in sorted(stream.states.items())
        )
        parts.append(f"/ExtGState << {named} >>")
    if stream.fonts:
        named = " ".join(f"/{name} {fonts.reference(name)}" for name in sorted(stream.fonts))
        parts.append(f"/Font << {named} >>")
    if stream.forms:
        placed = " ".join(
            f"/{FORM_PREFIX}{name} {reference(number)}"
            for name, number in sorted(stream.forms.items())
        )
        parts.append(f"/XObject << {placed} >>")
    return f"<< {' '.join(parts)} >>"
