"""Rich text set in lines: runs of several faces and icons, wrapped, fitted and shrunk as one.

Input: a text's runs (text/markup.py), the faces to set them in (`Faces`: bold and italic to
a font) and a box. Output: lines of pieces, each piece words in one face or an icon, with its
offset from the line's start, for the plan to place. Words are measured as plain text is
(text/fit.py): advance widths without kerning, so a piece's width is the sum of its
characters' and pieces laid end to end land where one run of the same words would. A word
may span faces (`**gain**s`); a line breaks only at white space (the no-break space holds),
or between Chinese or Japanese characters (text/breaks.py); a word wider than a sheet's
column even so, between any two of its characters where it must.
An icon is as wide as the em of the line (`ICON_EM`) and stands on the face's descent.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from msgspec import Struct

from shapes_print.errors import Source, UserError, quoted
from shapes_print.text.breaks import CJK, cjk_units, overflow_spans
from shapes_print.text.fit import NO_BREAK, SHRINK_STEP
from shapes_print.text.fonts import Font
from shapes_print.text.markup import Icon, Run, Span

Faces = Callable[[bool, bool], Font]
# An icon's advance and height, in ems of the line it stands in: the em box of its run.
ICON_EM = 1.0
# White space a line may break at (not the no-break spaces), a new line, or words.
_PIECES = re.compile(r"\n|[^\S\u00a0\u202f\n]+|[^\s]+|[\u00a0\u202f]+")
Style = tuple[bool, bool]  # bold, italic
Atom = tuple[str, Style] | Icon


class Piece(Struct, frozen=True):
    """Words in one face, or an icon (`icon` its name, `start` its offset in the text),
    `x` points from the start of its line; `font` is the face (an icon's: the face of the
    words around it, whose descent it stands on)."""

    x: float
    width: float
    text: str
    font: Font
    icon: str = ""
    start: int = -1


class RichLine(Struct, frozen=True):
    """A line's pieces and width; `space_after` as in text/fit.py's `wrap_breaks`."""

    pieces: tuple[Piece, ...]
    width: float
    space_after: bool


class RichFitted(Struct, frozen=True):
    size: float
    lines: tuple[RichLine, ...]
    leading: float

    @property
    def height(self) -> float:
        return self.leading * (len(self.lines) - 1) + self.size


class _Word(Struct, frozen=True):
    # The face of the space before it; None: none (first of its paragraph, or a character
    # of Chinese or Japanese that a line may break before).
    glue: Style | None
    atoms: tuple[Atom, ...]


def _paragraphs(parsed: tuple[Run, ...]) -> list[list[_Word]]:
    """The runs as paragraphs of words, each word its atoms in order."""
    paragraphs: list[list[_Word]] = [[]]
    atoms: list[Atom] = []
    glue: Style | None = None

    def end_word() -> None:
        nonlocal atoms
        for index, unit in enumerate(_units(tuple(atoms)) if atoms else ()):
            paragraphs[-1].append(_Word(glue if paragraphs[-1] and not index else None, unit))
        atoms = []

    for run in parsed:
        if isinstance(run, Icon):
            atoms.append(run)
            continue
        style = (run.bold, run.italic)
        for piece in _PIECES.findall(run.text):
            if piece == "\n":
                end_word()
                paragraphs.append([])
            elif piece.isspace() and not NO_BREAK.intersection(piece):
                end_word()
                glue = style
            elif atoms and not isinstance(atoms[-1], Icon) and atoms[-1][1] == style:
                atoms[-1] = (atoms[-1][0] + piece, style)
            else:
                atoms.append((piece, style))
    end_word()
    return paragraphs


def _units(atoms: tuple[Atom, ...]) -> list[tuple[Atom, ...]]:
    """A word's atoms in the parts a line may break between with no space (Chinese and
    Japanese: text/breaks.py); else the word whole."""
    text = _text_of(atoms)
    if not CJK.search(text):
        return [atoms]
    parts: list[tuple[Atom, ...]] = []
    start = 0
    for unit in cjk_units(text):
        parts.append(tuple(_cut(atoms, start, start + len(unit))))
        start += len(unit)
    return parts


def _text_of(atoms: tuple[Atom, ...]) -> str:
    """The atoms' text, an icon standing as U+FFFC, an object."""
    return "".join("\ufffc" if isinstance(atom, Icon) else atom[0] for atom in atoms)


def _cut(atoms: tuple[Atom, ...], start: int, end: int) -> Iterator[Atom]:
    """The atoms' characters from `start` to `end` (an icon one character)."""
    at = 0
    for atom in atoms:
        length = 1 if isinstance(atom, Icon) else len(atom[0])
        low, high = max(start, at), min(end, at + length)
        if low < high:
            yield atom if isinstance(atom, Icon) else (atom[0][low - at : high - at], atom[1])
        at += length


def check_faces(parsed: tuple[Run, ...], faces: Faces, where: Source | None, what: str) -> None:
    """Every run's characters must be in its face (text/fonts.py's check)."""
    for run in parsed:
        if isinstance(run, Span):
            faces(run.bold, run.italic).check(run.text, where, what)


def rich_wrap(
    parsed: tuple[Run, ...],
    faces: Faces,
    size: float,
    width: float | None,
    anywhere: bool = False,
) -> tuple[RichLine, ...] | None:
    """Greedy wrap across runs (`width` None: a line per paragraph); None when a single
    word is wider than the box. With `anywhere`, such a word breaks between its characters
    where it must (`_broken`, as text/fit.py's `wrap_breaks` does), and the wrap is None
    only where one character is wider."""

    def atom_width(atom: Atom) -> float:
        return ICON_EM * size if isinstance(atom, Icon) else faces(*atom[1]).width(atom[0], size)

    lines: list[RichLine] = []
    for paragraph in _paragraphs(parsed):
        current: list[_Word] = []
        used = 0.0
        words = paragraph
        if anywhere and width is not None:
            words = [piece for word in paragraph for piece in _broken(word, width, atom_width)]
        for word in words:
            wide = sum(map(atom_width, word.atoms))
            glue = faces(*word.glue).width(" ", size) if word.glue and current else 0.0
            if not current or width is None or used + glue + wide <= width + 1e-9:
                current.append(word)
                used += glue + wide
            elif wide > width + 1e-9:
                return None
            else:
                lines.append(_line(current, faces, size, word.glue is not None))
                current, used = [word], wide
        if current and width is not None and used > width + 1e-9:
            return None
        lines.append(_line(current, faces, size, True))
    last = lines[-1]
    lines[-1] = RichLine(last.pieces, last.width, False)
    return tuple(lines)


def _broken(word: _Word, width: float, atom_width: Callable[[Atom], float]) -> list[_Word]:
    """A word wider than `width` in pieces as wide as a line holds, a character at least,
    joined by no space; the first keeps the space before the word. Else the word whole."""
    if sum(map(atom_width, word.atoms)) <= width + 1e-9:
        return [word]

    def wide(low: int, high: int) -> float:
        return sum(map(atom_width, _cut(word.atoms, low, high)))

    spans = overflow_spans(_text_of(word.atoms), lambda low, high: wide(low, high) <= width + 1e-9)
    return [
        _Word(word.glue if index == 0 else None, tuple(_cut(word.atoms, low, high)))
        for index, (low, high) in enumerate(spans)
    ]


def _line(words: list[_Word], faces: Faces, size: float, space_after: bool) -> RichLine:
    """A line's words as pieces: neighbouring words in one face (and the spaces between
    them) one piece, as a plain line is one text."""
    merged: list[Atom] = []
    for index, word in enumerate(words):
        atoms = list(word.atoms)
        if index and word.glue is not None:
            atoms.insert(0, (" ", word.glue))
        for atom in atoms:
            last = merged[-1] if merged else None
            if isinstance(atom, Icon) or last is None or isinstance(last, Icon):
                merged.append(atom)
            elif last[1] == atom[1]:
                merged[-1] = (last[0] + atom[0], atom[1])
            else:
                merged.append(atom)
    pieces: list[Piece] = []
    x = 0.0
    for atom in merged:
        if isinstance(atom, Icon):
            wide = ICON_EM * size
            pieces.append(Piece(x, wide, "", faces(atom.bold, atom.italic), atom.name, atom.start))
        else:
            font = faces(*atom[1])
            wide = font.width(atom[0], size)
            pieces.append(Piece(x, wide, atom[0], font))
        x += wide
    return RichLine(tuple(pieces), x, space_after)


def rich_fit(
    parsed: tuple[Run, ...],
    faces: Faces,
    box: tuple[float, float],
    size: float,
    min_size: float,
    *,
    wrap_lines: bool,
    line_spacing: float,
    where: Source | None,
    what: str,
) -> RichFitted:
    """The largest size from `size` down to `min_size` at which the runs fit the box."""
    width, height = box
    check_faces(parsed, faces, where, what)
    trial = size
    while trial >= min_size - 1e-9:
        leading = trial * line_spacing
        lines = rich_wrap(parsed, faces, trial, width if wrap_lines else None)
        if lines is not None:
            fitted = RichFitted(trial, lines, leading)
            widest = max(line.width for line in lines)
            if widest <= width + 1e-6 and fitted.height <= height + 1e-6:
                return fitted
        trial -= SHRINK_STEP
    words = "".join(run.text if isinstance(run, Span) else f"{{icon:{run.name}}}" for run in parsed)
    raise UserError(
        where,
        f"{what}: text {quoted(words)} does not fit its {width / 72 * 25.4:.1f} x "
        f"{height / 72 * 25.4:.1f} mm box even at {min_size:g} pt",
    )
