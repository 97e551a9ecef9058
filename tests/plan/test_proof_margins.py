"""Proof sheets (`build --proof`) keep every mark inside the printer-safe margin, their grid
of cards and labels centred on the page, asked of the plan of every shipped game's proof."""

from __future__ import annotations

import pytest

from shapes_print.errors import UserError
from shapes_print.geometry.primitives import Document, Use
from shapes_print.kit.contents import KitRequest
from shapes_print.kit.resolved import resolve_kit
from shapes_print.load.options import Part, PrintOptions
from shapes_print.pipeline import pipeline
from shapes_print.plan.kit import plan_kit
from shapes_print.units import mm
from tests.planboxes import Box, leaf_boxes, union

PROJECT = pipeline.load_project(pipeline.Sources(), [])
SAFE = mm(6.35)  # the outer 1/4 in of a sheet, which a home printer may not print
TOL = 1e-6


def _proof(game: str, paper: str) -> Document:
    loaded = PROJECT.games[game]
    resolved = resolve_kit(loaded, PROJECT.library, PROJECT.ctx, None)
    players = loaded.game.players.min
    (proof,) = plan_kit(resolved, KitRequest(game, players, paper, part=Part(proof=True)))
    return proof.document


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", sorted(PROJECT.games))
def test_a_proof_keeps_every_mark_inside_the_safe_margin_and_its_grid_centred(
    game: str, paper: str
) -> None:
    document = _proof(game, paper)
    fullest = max(sum(isinstance(i, Use) for i in p.items[0].items) for p in document.pages)
    for number, page in enumerate(document.pages):
        drawn = [pair for item in page.items for pair in leaf_boxes(item, document.symbols)]
        for item, (left, bottom, right, top) in drawn:
            inside = (left, bottom, page.width - right, page.height - top)
            assert min(inside) >= SAFE - TOL, (number, item, inside)
        cards = [box for item, box in drawn if isinstance(item, Use)]
        if len(cards) < fullest:
            continue
        columns, rows = len({box[0] for box in cards}), len({box[1] for box in cards})
        whole: Box = union([box for _, box in drawn])
        if len(cards) > columns:  # more than one row: the top row is full
            assert whole[0] == pytest.approx(page.width - whole[2], abs=0.01), number
        if len(cards) == columns * rows:  # every slot filled: the grid's height is all used
            top = max(box[3] for box in cards)
            assert page.height - top == pytest.approx(whole[1], abs=0.5), number


@pytest.mark.parametrize(("card_size", "paper"), [("tarot", "80x120mm"), (None, "60x80mm")])
def test_a_proof_the_paper_cannot_hold_is_said_at_the_paper(
    card_size: str | None, paper: str
) -> None:
    """A card and its label too big for the paper: the paper is too small (the card
    layout is not to blame, nor is a larger card the cure), said at --paper."""
    loaded = PROJECT.games["pass-and-pick"]
    resolved = resolve_kit(loaded, PROJECT.library, PROJECT.ctx, card_size)
    options, proof = PrintOptions(card_size=card_size), Part(proof=True)
    request = KitRequest("pass-and-pick", 4, paper, options=options, part=proof)
    with pytest.raises(UserError) as raised:
        plan_kit(resolved, request)
    assert raised.value.source is None
    assert raised.value.message.startswith(f"--paper {paper}: the proof sheet does not fit")
    assert raised.value.message.endswith("; use a larger paper")
