"""Bug Hunt, a designer's game some label sets cannot take: `new`'s example with its sun
suit renamed `grasshopper`, whose card word 'GRASSHOPPER 1' fits the standard card but not
large print's 24 pt, nor braille's zone. What those sets say when they skip it is shared by
the tests of sets that skip a game and of a game's own file for a set
(tests/commands/test_unfit_label_sets.py, test_own_layout_overrides.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.project_copy import run

GAME = "bug-hunt"
# What `check` says as large print and braille each skip the game.
LARGE_PRINT = (
    f"skipped large-print for {GAME}: content/{GAME}/deck.yaml:22:32: card '{{suit}}-{{number}}' "
    f"(grasshopper-1), element 'label': text 'GRASSHOPPER 1' does not fit its 53.5 x 12.0 mm "
    f"box even at 24 pt; shorten it, or give the set this game's own words, or the element a larger box "
    f"(elements:), in "
    f"content/{GAME}/labels/large-print.yaml"
)
BRAILLE = (
    f"skipped braille for {GAME}: content/{GAME}/deck.yaml:22:32: card '{{suit}}-{{number}}' "
    f"(grasshopper-1), element 'shape-braille': braille for 'grasshopper 1' needs 2 lines "
    f"of 9 cells; its zone (53.5 x 10.0 mm) holds 1; this label set's braille fits none of "
    f"templates/card-sizes.yaml; shorten it, or give the set this game's own words, or the element a larger box "
    f"(elements:), in "
    f"content/{GAME}/labels/braille.yaml"
)


def her_game(root: Path, capsys: pytest.CaptureFixture[str], suit: str = "grasshopper") -> Path:
    """`new`'s example in `root/content`, its sun suit renamed `suit`."""
    content = root / "content"
    assert run(["new", GAME, "--content", str(content)], capsys, root)[0] == 0
    game = content / GAME / "game.yaml"
    game.write_text(game.read_text().replace("suit: sun,", f"suit: {suit},"))
    for labels in ("high-contrast", "colour-blind"):
        own = content / GAME / "labels" / f"{labels}.yaml"
        own.write_text(own.read_text().replace("  sun:", f"  {suit}:"))
    return content
