"""A card's braille dots read back from its plan (tests/braille/test_own_layouts.py,
test_word_division.py): a kit planned under a braille set, each face of a deck with its
braille zone, the raised dots on a face, and those dots read back into cells.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from shapes_print.braille.cells import ascii_braille
from shapes_print.geometry.primitives import Artifact, Symbol
from shapes_print.geometry.primitives import Path as Drawn
from shapes_print.kit.braillezone import ZONE_NAME
from shapes_print.kit.contents import KitRequest
from shapes_print.kit.decktemplate import card_template
from shapes_print.kit.resolved import resolve_kit
from shapes_print.load.cardmodels import card_box
from shapes_print.load.options import PrintOptions
from shapes_print.load.printmodels import BrailleStyle
from shapes_print.pipeline import pipeline
from shapes_print.plan.kit import KitFile, plan_kit


def planned(
    content: Path, game: str, labels: str, size: str | None = None
) -> tuple[pipeline.Project, list[KitFile]]:
    """A game's 4-player A4 kit planned under a label set, at a card size, with its project."""
    project = pipeline.load_project(pipeline.Sources(content=content), [game], [labels])
    request = KitRequest(game, 4, "a4", options=PrintOptions(size), labels=labels)
    resolved = resolve_kit(project.games[game], project.library, project.ctx, size)
    return project, plan_kit(resolved, request)


def dots_of(face: Symbol) -> Drawn:
    """The one raised drawing on a card face: its braille dots."""
    (dots,) = [i for i in face.items if isinstance(i, Artifact) and i.raised]
    assert isinstance(dots.items[0], Drawn)
    return dots.items[0]


def centres(dots: Drawn, style: BrailleStyle) -> Iterator[tuple[float, float]]:
    """Each dot's centre: a circle is six path operations, from its rightmost point."""
    for at in range(0, len(dots.ops), 6):
        _, x, y = dots.ops[at]
        yield float(x) - style.dot_diameter / 2, float(y)


def spelt(dots: Drawn, zone: tuple[float, float, float, float], style: BrailleStyle) -> str:
    """The dots read back into cells, lines joined by a blank: dot 1 of the first cell
    touches the zone's top-left corner (x, top: card points, y up)."""
    left, top = zone[0] + style.dot_diameter / 2, zone[3] - style.dot_diameter / 2
    lines: dict[int, dict[int, int]] = {}
    for x, y in centres(dots, style):
        line = round((top - y) // (style.line_spacing - 1e-3))
        cell = round((x - left) // (style.cell_spacing - 1e-3))
        across = round((x - left - cell * style.cell_spacing) / style.dot_spacing)
        down = round((top - y - line * style.line_spacing) / style.dot_spacing)
        assert across in (0, 1) and down in (0, 1, 2), (x, y)
        cells = lines.setdefault(line, {})
        cells[cell] = cells.get(cell, 0) | 1 << (across * 3 + down)
    return " ".join(
        ascii_braille("".join(chr(0x2800 + cells.get(i, 0)) for i in range(max(cells) + 1)))
        for _, cells in sorted(lines.items())
    )


def zones(
    project: pipeline.Project, files: list[KitFile], game: str, deck_name: str, size: str | None
) -> Iterator[tuple[str, tuple[float, float, float, float], Symbol]]:
    """Each face of a deck with its braille zone (card points, y up: x0, y0, x1, y1)."""
    loaded = project.games[game]
    (deck,) = [d for d in loaded.decks if d.name == deck_name]
    template = card_template(loaded, project.library, size, deck)
    symbols = {
        name: symbol
        for f in files
        if isinstance(f.document, pipeline.Document)
        for name, symbol in f.document.symbols.items()
    }
    height = template.card["height"]
    for card in deck.deck.cards:
        (zone,) = [e for e in template.layouts[card.layout].elements if e.kind == "braille"]
        assert zone.name == ZONE_NAME and not zone.text  # the set's, spelling the card's words
        x, top, w, h = card_box(zone, template)
        yield card.id, (x, height - top - h, x + w, height - top), symbols[f"face-{card.id}"]
