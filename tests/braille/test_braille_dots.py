"""The braille dots on every card of every game, size and braille set: inside a zone kept
clear of other ink, or the size refused by name where the braille has no room."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from shapes_print.errors import UserError
from shapes_print.geometry.primitives import (
    Artifact,
    Symbol,
)
from shapes_print.geometry.primitives import Path as Drawn
from shapes_print.kit.contents import KitRequest
from shapes_print.kit.resolved import resolve_kit
from shapes_print.load.cardmodels import card_box
from shapes_print.load.options import PrintOptions
from shapes_print.pipeline import pipeline
from shapes_print.plan.cardfile import card_template
from shapes_print.plan.kit import plan_kit
from tests.braillesets import GAMES, MM, ink_boxes

SIZES = ("poker", "bridge", "mini", "tarot", "square")  # templates/card-sizes.yaml
BRAILLE_SETS = ("braille", "braille-es")
# Where a set's braille truly has no room: "amarillo semicírculo" is 20 cells, five lines of a
# mini card's 6; the build refuses and names the sizes that work.
REFUSED = {("shapes-the-game", "mini", "braille-es"): "poker, bridge, tarot, square"}


def braille_zones(
    game: str, size: str | None = None, labels: str = "braille"
) -> Iterator[tuple[str, tuple[float, float, float, float], Symbol]]:
    """Each card face with its braille zone (y up, card points) and its drawing."""
    project = pipeline.load_project(pipeline.Sources(), [game], [labels])
    loaded = project.games[game]
    template = card_template(loaded, project.library, size)
    request = KitRequest(
        game, loaded.game.players.min, "a4", options=PrintOptions(size), labels=labels
    )
    files = plan_kit(resolve_kit(loaded, project.library, project.ctx, size), request)
    faces = {  # as the cards file prints them (on swell paper: black line art)
        name: s
        for f in files
        if f.name.endswith("cards") and isinstance(f.document, pipeline.Document)
        for name, s in f.document.symbols.items()
        if name.startswith("face-")
    }
    height = template.card["height"]
    for deck in loaded.decks:
        for card in deck.deck.cards:
            zone = next(e for e in template.layouts[card.layout].elements if e.kind == "braille")
            x, top, w, h = card_box(zone, template)
            yield card.id, (x, height - top - h, x + w, height - top), faces[f"face-{card.id}"]


@pytest.mark.parametrize("labels", BRAILLE_SETS)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", GAMES)
def test_every_card_has_its_dots_inside_a_zone_clear_of_other_ink(
    game: str, size: str, labels: str
) -> None:
    """At every card size the standard set builds: the braille zone is laid out per size."""
    if (game, size, labels) in REFUSED:
        sizes = f"fits every card at --card-size {REFUSED[game, size, labels]}$"
        with pytest.raises(UserError, match=sizes):
            list(braille_zones(game, size, labels))
        return
    seen = 0
    for card, (x0, y0, x1, y1), face in braille_zones(game, size, labels):
        dots = [
            i
            for i in face.items
            if isinstance(i, Artifact)
            and isinstance(i.items[0], Drawn)
            and i.items[0].paint.fill is not None
            and len(i.items[0].ops) % 6 == 0
            and i.items[0].ops[1][0] == "C"
        ]
        assert len(dots) == 1, card
        dx0, dy0, dx1, dy1 = next(ink_boxes(dots))
        assert x0 - 1e-6 <= dx0 and dx1 <= x1 + 1e-6 and y0 - 1e-6 <= dy0 and dy1 <= y1 + 1e-6, card
        others = [i for i in face.items if i is not dots[0]]
        for bx0, by0, bx1, by1 in ink_boxes(others):
            overlaps = bx0 < x1 and bx1 > x0 and by0 < y1 and by1 > y0
            assert not overlaps, (
                f"{card}: ink at {bx0 / MM:.1f},{by0 / MM:.1f} mm in the braille zone"
            )
        seen += 1
    assert seen > 0
