"""Reading built PDFs back: form placements, text and pixels, the way a printer sees them."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pypdf import PageObject, PdfReader
from pypdf.generic import ContentStream


@dataclass(frozen=True)
class Placement:
    """A form XObject drawn on a page at (x, y): one card face or back."""

    name: str
    x: float
    y: float


def placements(page: PageObject, reader: PdfReader) -> list[Placement]:
    """Forms placed by `q 1 0 0 1 x y cm /Name Do Q` in the page's own content."""
    found = []
    x = y = 0.0
    for operands, operator in ContentStream(page.get_contents(), reader).operations:
        if operator == b"cm":
            x, y = float(operands[4]), float(operands[5])
        elif operator == b"Do":
            found.append(Placement(str(operands[0]).removeprefix("/FormXob."), x, y))
    return found


def text(path: Path) -> list[str]:
    """Each page's text with runs of white space folded, as a reader would see the words."""
    return [" ".join(page.extract_text().split()) for page in PdfReader(path).pages]
