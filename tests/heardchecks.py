"""What a screen reader hears of a built PDF, element by element in its structure: shorthand
heard as written, empty header cells, a picture's words said twice.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

from pypdf import PdfReader

from tests.pdfread import Element, FileVersion, structure, version
from tests.wordchecks import marked_texts


def structure_of(path: Path) -> Element:
    """The file's structure tree (tests/pdfread.structure), read once per file and process:
    the checks of what a reader hears each walk it, and none changes it."""
    return _structure(version(path))


@functools.lru_cache(maxsize=1024)
def _structure(file: FileVersion) -> Element:
    return structure(PdfReader(file[0]))


@dataclass(frozen=True)
class Heard:
    """One thing a screen reader says: the role of what says it, its words, the object
    number of the element holding it and of the table row holding it (0: none)."""

    role: str
    words: str
    parent: int
    row: int


def heard(path: Path) -> list[tuple[str, str, int]]:
    """What a screen reader says, element by element in reading order, as (role, words, the
    object number of the element holding it): a Figure's alternate text (not the words
    drawn in it), any other element's own text, the spans in its lines (an icon, a range)
    said in their place as their replacement text or expansion says."""
    return [(said.role, said.words, said.parent) for said in heard_in_rows(path)]


def heard_in_rows(path: Path) -> list[Heard]:
    """`heard`, each with the table row it is read in."""
    texts = marked_texts(path)
    said: list[Heard] = []

    def spoken(element: Element) -> str:
        if element.actual or element.expansion:
            return element.actual or element.expansion
        parts = [
            spoken(part) if isinstance(part, Element) else texts.get(part, "")
            for part in element.parts
            if not isinstance(part, Element) or part.role == "Span"
        ]
        return " ".join("".join(parts).split())

    def walk(element: Element, parent: int, row: int) -> None:
        if element.role == "Figure":
            said.append(Heard("Figure", element.alt, parent, row))
            return
        own = spoken(element)
        if own:
            said.append(Heard(element.role, own, parent, row))
        for kid in element.kids:
            if kid.role != "Span":
                walk(kid, element.number, element.number if element.role == "TR" else row)

    root = structure_of(path)
    walk(root, root.number, 0)
    return said


# What a reader's software says wrongly or not at all: a range of numbers ("dash"), numbers
# between slashes ("slash"), a Spanish ordinal's abbreviation ("uno punto er"), signs.
MISREAD = re.compile(
    r"\d\s*[-\u2013/]\s*\d|\d\.(?:er|\u00ba|\u00aa)(?!\w)|[\u2605\u265b\u2192\u00d7]"
)


def misheard(path: Path) -> list[str]:
    """What a reader says of the file where print's shorthand is heard as it is written."""
    return [f"{role}: {words!r}" for role, words, _ in heard(path) if MISREAD.search(words)]


def empty_header_cells(path: Path) -> list[str]:
    """Header cells (TH) with no words: a reader announces a heading for every cell of its
    row or column, so an empty one (a score sheet's corner) heads them with silence. Each
    is named by the words of the header cells around it."""
    texts = marked_texts(path)
    problems = []
    for element in structure_of(path).walk():
        cells = [kid for kid in element.kids if kid.role in ("TH", "TD")]
        heads = [" ".join(texts.get(key, "") for key in kid.marked).strip() for kid in cells]
        for cell, words in zip(cells, heads, strict=True):
            if cell.role == "TH" and not words and not any(k.role == "Figure" for k in cell.walk()):
                problems.append(f"an empty header cell in the row {' | '.join(heads)!r}")
    return problems


def repeated_readings(path: Path) -> list[tuple[str, str]]:
    """A picture's alternate text and the words read next to it in the same element (its
    table cell, its section), where one says the other again: a caption naming the cards
    the Alt named, an arrow's caption or direction word; or the words of the next cell of
    its row, where they open with what the Alt said ("Wild", "Wild card: if your...")."""
    repeats = []
    for one, other in pairwise(heard_in_rows(path)):
        if (one.role == "Figure") == (other.role == "Figure"):
            continue  # two cards on a card sheet, two paragraphs: not a picture and its words
        first, second = one.words, other.words
        if (one.parent == other.parent and (_within(first, second) or _within(second, first))) or (
            one.role == "Figure" and one.row and one.row == other.row and _opens(first, second)
        ):
            repeats.append((first, second))
    return repeats


def _opens(part: str, whole: str) -> bool:
    """Whether `whole` opens with `part`'s words (case and punctuation aside)."""
    small = [word.strip(":,.;") for word in part.casefold().split()]
    large = [word.strip(":,.;") for word in whole.casefold().split()]
    return bool(small) and large[: len(small)] == small


def _within(part: str, whole: str) -> bool:
    """Whether `part`'s words stand together, in order, in `whole` (case aside)."""
    small, large = part.casefold().split(), whole.casefold().split()
    return bool(small) and any(
        large[i : i + len(small)] == small for i in range(len(large) - len(small) + 1)
    )
