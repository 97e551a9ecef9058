"""Table cells of sheets: words and small card pictures, each drawn at its column's width.

Input: a cell's model (text, or a cards cell naming cards of the deck), the values its words
are filled from and the `Column` it is set in. Output: a `Cell`, drawing the cell at a width
into its height and items (top at y = 0), for `tables` to measure. Small cards are drawn
from the deck's faces, each as it prints at its size (plan/minis.py); with picture words
(large print) they are a picture whose words print beneath them; for a print shop, or where
a card's sign (an Action card's "★") would not print at that size, they are their words
alone. `natural_width` is the
width a cell takes unbroken: tables share their width by it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from msgspec import Struct, field
from msgspec.structs import replace

from shapes_print.buildcache import BuildCache
from shapes_print.errors import Source, UserError, known_names
from shapes_print.geometry.primitives import Artifact, Group, Item, Paint, Rect, Symbol
from shapes_print.load.models import CardsCell
from shapes_print.plan.minis import (
    MINI_GAP,
    card_id_lines,
    picture,
    shared_small_copy,
    shows_its_sign,
)
from shapes_print.plan.paragraphs import Column, Setting, paragraph, paragraph_items
from shapes_print.plan.tables import Cell, Drawn
from shapes_print.text.fit import wrap

# The space before a number in a run of card names ("Yellow 1"): a line may not break there.
_BEFORE_NUMBER = re.compile(r" (?=\d)")
# The least share of its column a cell breaks a word too wide for it in (`_in_cell`).
WIDE_CELL = 0.5


class SheetInputs(Struct):
    """What a document's text may refer to, and the card drawings minis are made from;
    `shop`: a print-shop kit's, whose cards drawn small print as their words alone (their
    lines and words would be too fine for a press); and the build's cache, where blocks
    other kits drew alike are found (plan/blockshare.py; an empty one unless a kit's).
    """

    values: Mapping[str, Any]
    lists: Mapping[str, Sequence[Mapping[str, Any]]]
    faces: Mapping[str, Symbol]
    players: int
    print_line: str
    shop: bool = False
    cache: BuildCache = field(default_factory=BuildCache)


def cell_text(
    col: Column, text: str, where: Source, bold: bool = False, size: float | None = None
) -> Cell:
    return _TextCell(col, text, Setting(size or col.ctx.style.body_size, bold), where)


class _AtWidth(Struct, frozen=True, gc=False):
    """A cell drawn at one width. Untracked by the garbage collector: it holds numbers and
    a tuple of plan items, which are untracked, so no reference cycle runs through it."""

    width: float
    height: float
    items: tuple[Item, ...]


class OncePerWidth:
    """A cell drawn once at each width (its `draw`): a table measures its cells at each of
    its trial columns' widths, many more than once (tiers of least widths that share out
    the same columns, an `across` table's rows laid out again for its pages). One object
    holding its drawings, not closures over a dict: a build keeps its tables' cells, and
    every object it keeps is one more for each garbage collection to walk. Most cells are
    drawn at one width: the first drawing is in slots of its own, any other in `others`."""

    __slots__ = ("first", "height", "items", "others")

    def __init__(self) -> None:
        self.first: float | None = None
        self.height = 0.0
        self.items: tuple[Item, ...] = ()
        self.others: tuple[_AtWidth, ...] = ()

    def __call__(self, width: float) -> Drawn:
        if self.first == width:
            return self.height, list(self.items)
        for other in self.others:
            if other.width == width:
                return other.height, list(other.items)
        height, made = self.draw(width)
        if self.first is None:
            self.first, self.height, self.items = width, height, tuple(made)
        else:
            self.others = (*self.others, _AtWidth(width, height, tuple(made)))
        return height, list(made)

    def draw(self, width: float) -> tuple[float, Sequence[Item]]:
        raise NotImplementedError


class _TextCell(OncePerWidth):
    """A cell of words: a paragraph at the column's width."""

    __slots__ = ("col", "setting", "text", "where")

    def __init__(self, col: Column, text: str, setting: Setting, where: Source) -> None:
        super().__init__()
        self.col, self.text, self.setting, self.where = col, text, setting, where

    def draw(self, width: float) -> tuple[float, Sequence[Item]]:
        """The paragraph at `width`: in a cell at least `WIDE_CELL` of the column wide, a
        word too wide even so breaks where it must (a one-word game title); a narrower
        one refuses it, as a page too small for its table (its shares stand) says."""
        setting = _in_cell(self.col, self.setting, width)
        return paragraph_items(self.col, self.text, setting, width, self.where)


def _in_cell(col: Column, setting: Setting, width: float) -> Setting:
    """The setting of a paragraph in a cell `width` wide: one at least `WIDE_CELL` of its
    column wide breaks a word too wide for it (`Setting.overflow`), a narrower one not."""
    return replace(setting, overflow=width >= WIDE_CELL * col.width)


def card_cell(
    col: Column,
    cell: CardsCell,
    values: Mapping[str, Any],
    inputs: SheetInputs,
    where: Source,
    beside: str = "",
) -> Cell:
    """Small cards in a cell, a picture of what its `alt` (or its text) names; `beside`, the
    words of the next cell of its row. Where those open with the picture's name ("Wild",
    "Wild card: if your..."), the picture is layout: a reader says the name once."""
    return _CardsDrawing(col, cell, values, inputs, where, beside)


class _CardsDrawing(OncePerWidth):
    """A cards cell (`card_cell`), drawn at a width."""

    __slots__ = ("beside", "cell", "col", "inputs", "values", "where")

    def __init__(
        self,
        col: Column,
        cell: CardsCell,
        values: Mapping[str, Any],
        inputs: SheetInputs,
        where: Source,
        beside: str,
    ) -> None:
        super().__init__()
        self.col, self.cell, self.values = col, cell, values
        self.inputs, self.where, self.beside = inputs, where, beside

    def draw(self, width: float) -> Drawn:
        col, cell, values, inputs, where = self.col, self.cell, self.values, self.inputs, self.where
        style = col.ctx.style
        items: list[Item] = []
        lines = _faces(cell, values, inputs, where)
        if _in_words(lines, col, inputs):
            return _cards_in_words(col, cell, values, lines, width, where)
        # The faces by their symbols' names, as a face placing another (a Task's example)
        # names it.
        symbols = {face.name: face for face in inputs.faces.values()}
        # Wide cards (square, landscape sizes) shrink so the widest line still fits its cell.
        across = _across(lines)
        mini = min(style.mini_card_height, width / across)
        gap = mini * MINI_GAP
        outline = Paint(stroke=style.rule_colour, stroke_width=0.5)
        height = -gap
        for faces in lines:
            height += gap
            x = 0.0
            for face in faces:
                scale = mini / face.height
                drawn = shared_small_copy(face, scale, symbols, style.finest, inputs.cache)
                items.append(replace(drawn, dx=x, dy=-height - mini))
                items.append(Rect(x, -height - mini, face.width * scale, mini, outline))
                x += face.width * scale + gap
            height += mini
        words = col.ctx.words.fill(cell.text, values, where) if cell.text else ""
        alt = col.ctx.words.fill(cell.alt, values, where) if cell.alt else words
        # With picture words, the cell's text names the cards, or `alt` does beneath them;
        # without, the cards are still a picture of what `alt` names.
        if style.picture_words:
            figure = picture(items, alt, cell.cards, where)
            words = words or _unbroken_names(alt, col, width)
        else:
            figure = Group(tuple(items), alt=alt, role="Figure")
        if words and _same_words(words, alt):  # the caption names them: the Alt need not
            figure = replace(figure, alt=col.ctx.words.fill(style.captioned_alt, values, where))
        items = [replace(figure, alt=col.ctx.words.hearing.heard(figure.alt))]
        if words:
            here = col.ctx.words.place_of(cell.text or cell.alt, where)
            text_height, text_items = paragraph(
                col, words, _in_cell(col, Setting(style.body_size), width), width, here
            )
            items.append(Group(tuple(text_items), dy=-height - style.table_padding, role="P"))
            height += style.table_padding + text_height
        if _opens(alt, self.beside):  # nothing inside layout is marked: the picture says nothing
            return height, [Artifact((replace(figure, alt="", role=None), *items[1:]), "Layout")]
        return height, items


def _opens(name: str, words: str) -> bool:
    """Whether `words` open with `name`'s words (case and punctuation aside)."""
    small = [word.strip(":,.;") for word in name.casefold().split()]
    large = [word.strip(":,.;") for word in words.casefold().split()]
    return bool(small) and large[: len(small)] == small


def _faces(
    cell: CardsCell, values: Mapping[str, Any], inputs: SheetInputs, where: Source
) -> list[list[Symbol]]:
    """The faces a cards cell shows, line by line."""
    lines = []
    for line in card_id_lines(cell.cards, values, where):
        faces = []
        for card_id in line:
            face = inputs.faces.get(card_id)
            if face is None:
                known = known_names(card_id, inputs.faces)
                raise UserError(where, f"no card {card_id!r} in the deck (known: {known})")
            faces.append(face)
        lines.append(faces)
    return lines


def _in_words(lines: list[list[Symbol]], col: Column, inputs: SheetInputs) -> bool:
    """Whether a cards cell names its cards in words at body size, not in small copies: for
    a press (their lines and words too fine for it), or where a card drawn at the style's
    height would not print its sign (an Action card's "★" at a look-up card's 8 mm), so
    that its copy would show nothing of which card it is. Cards whose picture is drawn (a
    shape) or whose sign prints there (a number card's number) are drawn."""
    style = col.ctx.style
    height = style.mini_card_height
    return inputs.shop or not all(
        shows_its_sign(face, height, style.finest) for faces in lines for face in faces
    )


def _across(lines: list[list[Symbol]]) -> float:
    """The widest line of small cards, in card heights."""
    return max(sum(f.width / f.height for f in fs) + MINI_GAP * (len(fs) - 1) for fs in lines)


def natural_width(
    col: Column,
    cell: str | CardsCell,
    values: Mapping[str, Any],
    inputs: SheetInputs,
    where: Source,
    bold: bool = False,
) -> float:
    """The width a filled cell takes with nothing broken, padding and rules included: its
    words on one line, or its small cards at full size (their words beneath on one line)."""
    style = col.ctx.style
    font = col.ctx.fonts.pick(bold)
    words = cell if isinstance(cell, str) else ""
    cards = 0.0
    if isinstance(cell, CardsCell):
        lines = _faces(cell, values, inputs, where)
        fill = col.ctx.words.fill
        words = fill(cell.text, values, where) if cell.text else ""
        in_words = _in_words(lines, col, inputs)
        if in_words or style.picture_words:
            words = words or (fill(cell.alt, values, where) if cell.alt else "")
        if not in_words:
            cards = _across(lines) * style.mini_card_height
    width = max((font.width(line, style.body_size) for line in words.split("\n")), default=0.0)
    return max(cards, width) + 2 * style.table_padding + 1


def cards_width(
    col: Column, cell: CardsCell, values: Mapping[str, Any], inputs: SheetInputs, where: Source
) -> float:
    """The width a cards cell's small cards take at their full size, padding and rules
    included: the least its column may be (one in words has none)."""
    lines = _faces(cell, values, inputs, where)
    if _in_words(lines, col, inputs):
        return 0.0
    across = _across(lines)
    return across * col.ctx.style.mini_card_height + 2 * col.ctx.style.table_padding + 1


def _cards_in_words(
    col: Column,
    cell: CardsCell,
    values: Mapping[str, Any],
    lines: list[list[Symbol]],
    width: float,
    where: Source,
) -> Drawn:
    """A cards cell in words (`_in_words`): the words that name its cards (its text, else
    its alt, else the cards' names) as one paragraph."""
    words = col.ctx.words
    text = words.fill(cell.text, values, where) if cell.text else ""
    if not text and cell.alt:
        text = _unbroken_names(words.fill(cell.alt, values, where), col, width)
    if not text:
        text = ", ".join(face.name.removeprefix("face-") for line in lines for face in line)
    setting = _in_cell(col, Setting(col.ctx.style.body_size), width)
    height, items = paragraph(col, text, setting, width, where)
    return height, [Group(tuple(items), role="P")]


def _same_words(printed: str, alt: str) -> bool:
    """Whether a caption says what a picture's Alt says, spaces of any kind aside."""
    return printed.replace("\u00a0", " ").split() == alt.replace("\u00a0", " ").split()


def _unbroken_names(alt: str, col: Column, width: float) -> str:
    """A picture's caption names cards between commas ("Red 1, Green 5"); a name breaking
    over two lines ("Green" / "5") would read as two cards, so a run between commas does not
    break; one wider than the cell ("Green 4 or Yellow 1") breaks, but not before a number,
    so each name ending in one ("Yellow 1") stays whole."""
    font, size = col.ctx.fonts.regular, col.ctx.style.body_size

    def held(run: str) -> str:
        unbroken = run.replace(" ", "\u00a0")
        if wrap(f"{unbroken},", font, size, width) is not None:  # with the comma it carries
            return unbroken
        return _BEFORE_NUMBER.sub("\u00a0", run)

    caption = ", ".join(held(run) for run in alt.split(", "))
    return caption if wrap(caption, font, size, width) is not None else alt


def filled_cell(
    col: Column,
    cell: str | CardsCell,
    values: Mapping[str, Any],
    inputs: SheetInputs,
    where: Source,
    beside: str = "",
) -> Cell:
    """A filled cell: text as it is, a cards cell drawn from the deck's faces (`beside`:
    the words of the next cell of its row)."""
    if isinstance(cell, CardsCell):
        return card_cell(col, cell, values, inputs, where, beside)
    return cell_text(col, cell, where)


def two_line_width(col: Column, title: str) -> float:
    """The least width a column header's words need to take two lines at most, padding and
    rules included: a header of four lines over a narrow column (large print's "Action card
    in front of you") reads as a list of words, not a name."""
    style = col.ctx.style
    font, size = col.ctx.fonts.bold, style.body_size
    words = title.split()
    widest = min(
        (
            max(font.width(" ".join(words[:k]), size), font.width(" ".join(words[k:]), size))
            for k in range(1, len(words))
        ),
        default=font.width(title, size),
    )
    return widest + 2 * style.table_padding + 1
