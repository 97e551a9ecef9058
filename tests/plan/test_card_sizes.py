"""One layout for every card size: boxes relative to the card, text inside the 5 mm inset."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shapes_print.buildcache import BuildCache
from shapes_print.errors import UserError
from shapes_print.geometry.primitives import Artifact, Group, Item, Path, Text
from shapes_print.pipeline import pipeline
from shapes_print.plan.cardfile import card_symbols, card_template, drawn_sides
from shapes_print.plan.cards import CardDrawing
from shapes_print.units import LengthError, mm, parse_card_length, parse_size

# Every game whose layouts are written relative to the card; each must draw at every size.
SIZED_GAMES = ["pass-and-pick", "shapes-the-game"]
PROJECT = pipeline.load_project(pipeline.Sources(), SIZED_GAMES)
GAME = PROJECT.games["pass-and-pick"]
LIBRARY = PROJECT.library


def test_card_lengths_are_lengths_or_shares_of_the_card() -> None:
    assert parse_card_length("5mm") == pytest.approx((0.0, mm(5)))
    assert parse_card_length("45%") == pytest.approx((0.45, 0.0))
    assert parse_card_length("100% - 10mm") == pytest.approx((1.0, -mm(10)))
    assert parse_card_length("50% + 2pt") == pytest.approx((0.5, 2.0))
    for bad in ("100% -", "half", "10", "%"):
        with pytest.raises(LengthError):
            parse_card_length(bad)
    assert parse_size("63x88mm") == pytest.approx((mm(63), mm(88)))
    assert parse_size("8.5X11in") == pytest.approx((612, 792))
    for bad in ("63x88", "63mm", "0x88mm", "axbmm"):
        with pytest.raises(LengthError):
            parse_size(bad)


def _texts(items: tuple[Item, ...], dx: float = 0.0, dy: float = 0.0) -> list[tuple[float, float]]:
    found = []
    for item in items:
        if isinstance(item, Text):
            found.append((item.x + dx, item.y + dy))
        elif isinstance(item, Group) and item.angle == 0:
            found += _texts(item.items, dx + item.dx, dy + item.dy)
        elif isinstance(item, Artifact):
            found += _texts(item.items, dx, dy)
    return found


# Shapes the Game's cards carry more words than a 50 mm square holds at readable sizes, so
# it is held to the named sizes (and a near-poker custom one); Pass and Pick to all of them.
SIZES = [*LIBRARY.card_sizes, "63x88mm"]
GAME_SIZES = [("pass-and-pick", size) for size in [*SIZES, "50x50mm"]] + [
    ("shapes-the-game", size) for size in SIZES
]


@pytest.mark.parametrize(("game", "size"), GAME_SIZES)
def test_every_size_draws_every_card_with_text_inside_the_safe_inset(size: str, game: str) -> None:
    loaded = PROJECT.games[game]
    template = card_template(loaded, LIBRARY, size)
    faces, backs = card_symbols(loaded, template, PROJECT.ctx)
    inset = template.text_safe
    assert inset == pytest.approx(mm(5))
    for symbol in [*faces.values(), *backs.values()]:
        assert (symbol.width, symbol.height) == (template.card["width"], template.card["height"])
        texts = _texts(symbol.items)
        assert texts  # every card carries its word
        for x, y in texts:  # anchor points of unturned text lie inside the inset
            assert inset - 1e-6 <= x <= symbol.width - inset + 1e-6
            assert inset - 1e-6 <= y <= symbol.height - inset + 1e-6


def test_a_text_box_in_the_inset_is_refused_with_its_card() -> None:
    template = card_template(GAME, LIBRARY, None)
    shape = template.layouts["shape"]
    moved = shape.elements[2].model_copy(update={"box": ((0.0, mm(2)), *shape.elements[2].box[1:])})
    layouts = {
        **template.layouts,
        "shape": shape.model_copy(update={"elements": [*shape.elements[:2], moved]}),
    }
    broken = template.model_copy(update={"layouts": layouts})
    with pytest.raises(
        UserError, match=r"comes closer than 5\.0 mm to the edge of a 63\.5 x 88\.9 mm card"
    ):
        card_symbols(GAME, broken, PROJECT.ctx)


def test_print_shop_symbols_grow_by_the_bleed_and_backgrounds_reach_it() -> None:
    template = card_template(GAME, LIBRARY, None)
    bleed = LIBRARY.printing.bleed
    assert bleed == pytest.approx(mm(3))
    _, backs = drawn_sides(
        GAME, GAME.decks[0], CardDrawing(template, bleed), PROJECT.ctx, BuildCache()
    )
    back = backs["back-standard"]
    assert (back.width, back.height) == pytest.approx((mm(63.5 + 6), mm(88.9 + 6)))
    (moved,) = back.items
    assert isinstance(moved, Group) and (moved.dx, moved.dy) == (bleed, bleed)
    background = moved.items[0]  # filled first, its pattern clipped to the same outline
    assert isinstance(background, Path)
    xs = [value for op in background.ops for value in op[1::2]]
    ys = [value for op in background.ops for value in op[2::2]]
    assert (min(xs), min(ys), max(xs), max(ys)) == pytest.approx(
        (-bleed, -bleed, mm(63.5) + bleed, mm(88.9) + bleed)
    )
    panel = moved.items[2]  # the title panel is not marked `bleed` and stays where it was
    assert panel.x == pytest.approx(mm(8))  # type: ignore[union-attr]


@settings(max_examples=25, deadline=None)
@given(st.floats(10, 150), st.floats(10, 150))
def test_any_custom_size_draws_or_fails_cleanly(width: float, height: float) -> None:
    try:
        template = card_template(GAME, LIBRARY, f"{width:.2f}x{height:.2f}mm")
        card_symbols(GAME, template, PROJECT.ctx)
    except UserError as error:
        assert "\n" not in error.line()


@pytest.mark.parametrize("size", SIZES)
def test_spanish_shapes_the_game_fits_every_size_its_english_does(size: str) -> None:
    """Spanish words are longer (COMODÍN for WILD): each still fits its box at every size."""
    spanish = pipeline.load_project(pipeline.Sources(), ["shapes-the-game"], ["es"]).variants[0]
    loaded = spanish.games["shapes-the-game"]
    faces, _ = card_symbols(loaded, card_template(loaded, spanish.library, size), spanish.ctx)
    words = {text.text for symbol in faces.values() for text in _all_texts(symbol.items)}
    assert {"COMODÍN", "SEMICÍRCULO", "CUÑA"} <= words


def _all_texts(items: tuple[Item, ...]) -> list[Text]:
    found: list[Text] = []
    for item in items:
        if isinstance(item, Text):
            found.append(item)
        elif isinstance(item, Group | Artifact):
            found += _all_texts(item.items)
    return found
