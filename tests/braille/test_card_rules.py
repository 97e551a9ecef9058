"""A card that says what it does (a text of its layout `role: rule`) is listed in the
kit's .brf with its rule, as printed and in the set's language: a blind player reads
"stop turn: 2" and what the card does, not its name alone."""

from __future__ import annotations

import re

import pytest

from shapes_print.braille.cells import ascii_braille
from shapes_print.braille.codes import SPANISH, UEB
from shapes_print.braille.translate import translate
from shapes_print.kit.contents import KitRequest
from shapes_print.kit.resolved import resolve_kit
from shapes_print.pipeline import pipeline
from shapes_print.plan.embosser import EmbosserFile
from shapes_print.plan.embosserkit import listed_cards
from shapes_print.plan.kit import plan_kit
from tests.braillesets import BLANK

STOP_TURN = "Play any time. The current player discards the cards not yet played"


@pytest.mark.parametrize(("labels", "code"), [("braille", UEB), ("braille-es", SPANISH)])
def test_a_rule_cards_rule_is_listed_with_it_in_the_brf(labels: str, code: str) -> None:
    game = "shapes-the-game"
    project = pipeline.load_project(pipeline.Sources(), [game], [labels])
    loaded = project.games[game]
    (deck,) = listed_cards(loaded, project.library, project.ctx, None, 4)
    stop = next(card for card in loaded.deck.cards if card.id == "stop-turn")
    printed = " ".join(project.ctx.words.fill(str(stop.fields["rule"]), stop.fields, None).split())
    assert (labels == "braille") == printed.startswith(STOP_TURN), printed
    # Listed with its name and count; every card whose face prints a rule has it, and only
    # those: the wild cards and the two rule cards.
    ((name, count),) = [(name, count) for name, count, rule, *_ in deck if rule == printed]
    assert count == "2" and sum(bool(card.rule) for card in deck) == 3
    resolved = resolve_kit(loaded, project.library, project.ctx, None)
    files = plan_kit(resolved, KitRequest(game, 4, "a4", labels=labels))
    (brf,) = [f.document for f in files if isinstance(f.document, EmbosserFile)]
    # The card's line, then its rule two cells in on the next.
    card = ascii_braille(BLANK.join(translate(f"{name}: 2", code)))
    first = ascii_braille(BLANK.join(translate(" ".join(printed.split()[:3]), code)))
    # A page's last line, its page number alone, may fall between them.
    numbers = re.compile(r" +#[A-J]+")
    lines = [line for page in brf.pages for line in page if not numbers.fullmatch(line)]
    at = lines.index(card)
    assert lines[at + 1].startswith("  " + first), lines[at : at + 2]
