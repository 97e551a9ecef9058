"""Plan stage, proof sheet: one of each card face and back of a kit's decks, each labelled
with its id and the line of the file that writes it, to check a deck before printing it.

Input: a loaded game with the label set applied, its drawing context, the decks and cards
asked for, and the paper. Output: a one-sided document on plain paper: no duplex, no
bleed, cards at their size in a grid with a gap, an outline round each so a white card
shows its edge, each deck starting on a page of its own.
"""

from __future__ import annotations

from collections.abc import Collection
from pathlib import Path

from msgspec import Struct

from shapes_print.errors import Source, UserError
from shapes_print.geometry.outlines import rounded_rect_ops
from shapes_print.geometry.primitives import (
    Artifact,
    Document,
    Group,
    Item,
    Page,
    Paint,
    Text,
    Use,
)
from shapes_print.geometry.primitives import (
    Path as PathItem,
)
from shapes_print.kit.decktemplate import card_template
from shapes_print.load.cardmodels import CardTemplate
from shapes_print.load.models import LoadedDeck
from shapes_print.load.places import card_place
from shapes_print.plan.cardfile import Symbols, card_symbols
from shapes_print.plan.furniture import LINE_SPACING
from shapes_print.plan.kitcontext import KitContext
from shapes_print.units import POINTS_PER_UNIT


class Proofed(Struct, frozen=True):
    """One card side on the proof: its symbol and the two lines under it."""

    symbol: str
    label: str
    where: str

    def line(self) -> str:
        return f"{self.label}  {self.where}"

    def lines(self) -> tuple[str, str]:
        return self.label, self.where


def written_at(where: Source, folder: Path) -> str:
    """`deck.yaml:12`, `cards.csv:5`: the file (from the game's folder) and its line."""
    try:
        path = where.path.relative_to(folder).as_posix()
    except ValueError:
        path = where.path.name
    return f"{path}:{where.line}" if where.line else path


def deck_sides(
    deck: LoadedDeck, faces: Symbols, backs: Symbols, cards: Collection[str], folder: Path
) -> list[Proofed]:
    """The deck's distinct faces (only `cards`, when some are named), then the backs they
    use, in deck order, each labelled."""
    model = deck.deck
    chosen = [
        (card, position)
        for position, card in enumerate(model.cards)
        if not cards or card.id in cards
    ]
    sides = [
        Proofed(f"face-{card.id}", card.id, written_at(card_place(deck, position), folder))
        for card, position in chosen
        if f"face-{card.id}" in faces
    ]
    used = dict.fromkeys(card.back for card, _ in chosen)
    sides += [
        Proofed(
            f"back-{back}", f"back {back}", written_at(deck.source.source(("backs", back)), folder)
        )
        for back in model.backs
        if back in used and f"back-{back}" in backs
    ]
    return sides


class _Proofed(Struct, frozen=True):
    """One deck's part of a proof: its labelled sides, their drawings and its template."""

    sides: list[Proofed]
    symbols: Symbols
    template: CardTemplate


def plan_proof(kit: KitContext) -> Document:
    """The proof of the decks the kit's part names (every deck when none is), one page or
    more each, each deck's cards at its own card size."""
    loaded, library, ctx, part = kit.loaded, kit.library, kit.ctx, kit.request.part
    shown: Symbols = {}
    chosen: list[_Proofed] = []
    for deck in loaded.decks:  # every deck drawn, in order: a later one may show earlier faces
        template = card_template(loaded, library, kit.options.card_size, deck, kit.cache)
        faces, backs = card_symbols(loaded, template, ctx, deck, shown, kit.cache)
        if not part.decks or deck.name in part.decks:
            sides = deck_sides(deck, faces, backs, part.cards, loaded.folder)
            chosen.append(_Proofed(sides, faces | backs, template))
        shown = {**shown, **faces}
    font = ctx.fonts.regular
    for text in (text for deck in chosen for side in deck.sides for text in side.lines()):
        font.check(text, None, "proof label")
    pages: list[Page] = []
    drawn: Symbols = {}
    for proofed in chosen:
        drawn |= {side.symbol: proofed.symbols[side.symbol] for side in proofed.sides}
        pages += _deck_pages(kit, proofed)
    return Document(kit.game_title, pages, drawn, "none", ctx.words.locale)


def _deck_pages(kit: KitContext, proofed: _Proofed) -> list[Page]:
    """One deck's proof pages: its sides in a grid, each labelled under its card."""
    settings, furniture = kit.library.printing.proof, kit.ctx.style.furniture
    size = max(settings.label_size, kit.ctx.style.min_size)
    font, paper, sides, template = kit.ctx.fonts.regular, kit.page, proofed.sides, proofed.template
    width, height = template.card["width"], template.card["height"]
    # One line under each card ("red-2  deck.yaml:36"), or two where one is too wide.
    lines = 1 if all(font.width(side.line(), size) <= width for side in sides) else 2
    band = size + (lines - 1) * size * LINE_SPACING
    # The last row's label reaches past its cell: half a gap down to its first line, and
    # the font's descent below its last.
    tail = settings.gap / 2 - font.metrics.descent / 1000 * size
    grid = _grid(paper, (width, height + band), settings.gap, furniture.safe_margin, tail)
    if grid is None:  # the paper's to blame, not the card layout's: said at --paper
        mm = POINTS_PER_UNIT["mm"]
        raise UserError(
            None,
            f"--paper {kit.request.paper}: the proof sheet does not fit the paper (a "
            f"{width / mm:.1f} x {height / mm:.1f} mm card and its label do not fit on "
            f"{paper[0] / mm:.0f} x {paper[1] / mm:.0f} mm paper inside its margins); "
            "use a larger paper",
        )
    outline = Paint(stroke=furniture.mark_colour, stroke_width=settings.line_width)
    pages: list[Page] = []
    per_page = grid.columns * grid.rows
    for start in range(0, len(sides), per_page):
        items: list[Item] = []
        for slot, side in enumerate(sides[start : start + per_page]):
            row, column = divmod(slot, grid.columns)
            x = grid.left + column * grid.step[0]
            y = grid.top - row * grid.step[1] - height
            ops = rounded_rect_ops(x, y, width, height, template.corner_radius)
            items += [Use(side.symbol, x, y), Artifact((PathItem(ops, outline),), "Layout")]
            said = (side.line(),) if lines == 1 else side.lines()
            label: list[Item] = []  # a paragraph of its own, so a reader hears it after the card
            for number, line in enumerate(said):
                fitted = min(size, size * width / max(font.width(line, size), 1e-9))
                at = y - settings.gap / 2 - size * (1 + number * LINE_SPACING)
                label.append(Text(x, at, line, font.name, fitted, furniture.mark_colour))
            items.append(Group(tuple(label), role="P"))
        pages.append(Page(paper[0], paper[1], (Group(tuple(items)),)))
    return pages


class _ProofGrid(Struct, frozen=True):
    """Cells `step` apart, `columns` by `rows`, the first's top-left corner at (left, top)."""

    columns: int
    rows: int
    step: tuple[float, float]
    left: float
    top: float


def _grid(
    paper: tuple[float, float],
    cell: tuple[float, float],
    gap: float,
    margin: float,
    tail: float,
) -> _ProofGrid | None:
    """Cells `gap` apart, the last row's label reaching `tail` past its cell, as many as fit
    inside the margins, centred on the page."""
    step = (cell[0] + gap, cell[1] + gap)
    columns = int((paper[0] - 2 * margin + gap) // step[0])
    rows = int((paper[1] - 2 * margin + gap - tail) // step[1])
    if columns < 1 or rows < 1:
        return None
    width, height = columns * step[0] - gap, rows * step[1] - gap + tail
    return _ProofGrid(columns, rows, step, (paper[0] - width) / 2, (paper[1] + height) / 2)
