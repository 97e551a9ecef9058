"""Label sets' colours: every text and shape meets its set's contrast, high contrast is
black and white, colour-blind cards name their colour and carry a pattern."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from shapes_print.geometry.primitives import (
    RGB,
    Artifact,
    Group,
    Item,
    Line,
    Rect,
    Text,
)
from shapes_print.geometry.primitives import Path as PathItem
from shapes_print.kit.contrast import pairs
from shapes_print.pipeline import pipeline
from tests.labelsets import GAMES, SHIPPED, covers, kit, project
from tests.ownlabelset import refusal_of_own_label_set
from tests.pdfread import text


@pytest.mark.parametrize("labels", SHIPPED)
def test_every_text_and_shape_meets_its_contrast(labels: str) -> None:
    (variant,) = pipeline.load_project(pipeline.Sources(), [], [labels]).variants
    found = pairs(variant.library, variant.games)
    strict = labels == "high-contrast"
    # Every face and back of every deck of every game the set covers is among the pairs
    # (nothing skipped by accident), Collect 3's task cards included.
    assert set(variant.games) == set(covers(labels))
    seen = {" ".join(pair.what.split(" ")[:3]) for pair in found}
    for game_id, loaded in variant.games.items():
        for deck in loaded.decks:
            assert {f"{game_id} card {card.id!r}" for card in deck.deck.cards} <= seen
            assert {f"{game_id} back {back!r}" for back in deck.deck.backs} <= seen
    for pair in found:
        least = 7.0 if strict else (4.5 if pair.kind == "text" else 3.0)
        assert pair.ratio >= least, f"{labels}: {pair}"


def test_wcag_ratio_matches_known_values() -> None:
    def ratio(first: str, second: str) -> float:
        return RGB.parse(first).contrast(RGB.parse(second))

    assert ratio("#000000", "#FFFFFF") == pytest.approx(21.0)
    assert ratio("#777777", "#FFFFFF") == pytest.approx(4.48, abs=0.01)  # the classic near miss
    assert ratio("#F0E442", "#FFFFFF") == pytest.approx(1.32, abs=0.01)  # yellow: weak on white


def colours(item: Item) -> Iterator[str]:
    if isinstance(item, Group | Artifact):
        for child in item.items:
            yield from colours(child)
    elif isinstance(item, (PathItem, Rect)):
        yield from (c.hex for c in (item.paint.fill, item.paint.stroke) if c)
    elif isinstance(item, (Line, Text)):
        yield item.colour.hex


@pytest.mark.parametrize("game", GAMES)
def test_high_contrast_draws_black_and_white_only_with_2pt_outlines(game: str) -> None:
    planned = project("high-contrast", game)
    seen: set[str] = set()
    for _, _, files in pipeline.plan_all(planned, "4", "a4"):
        for kit_file in files:
            items = [
                *(i for page in kit_file.document.pages for i in page.items),
                *(i for s in kit_file.document.symbols.values() for i in s.items),
            ]
            for item in items:
                seen |= set(colours(item))
    assert seen == {"#000000", "#FFFFFF"}
    used = {game.game.card_template for game in planned.games.values()}
    for template in (t for t in planned.library.templates.values() if t.id in used):
        shapes = [e for lay in template.layouts.values() for e in lay.elements if e.kind == "shape"]
        assert shapes and all(e.stroke and e.stroke_width >= 2.0 for e in shapes), template.id
    for pair in pairs(planned.library, planned.games):
        assert pair.ratio >= 7.0, pair


def test_a_label_set_below_its_contrast_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    grey = 'extends: standard\nstyle:\n  ink: "#999999"\n'
    err = refusal_of_own_label_set(capsys, tmp_path / "grey.yaml", grey, "pass-and-pick")
    assert "sheet text: #999999 on #FFFFFF has contrast 2.85:1, below 4.5:1 for text" in err


def test_colour_blind_cards_name_their_colour_and_carry_a_pattern(labelled: Path) -> None:
    cards = kit(labelled, "colour-blind") / "pass-and-pick_6p_a4_colour-blind_cards.pdf"
    faces = " ".join(text(cards)[::2])
    for word in ("SKY BLUE", "ORANGE", "BLUISH GREEN"):
        assert word in faces
    deck = project("colour-blind").games["pass-and-pick"].deck
    patterns = [card.fields["pattern"] for card in deck.cards]
    assert "none" not in patterns and len(set(patterns)) == len(patterns)
