"""A label set that cannot take a designer's game skips it, as Spanish does when it has no
words for it, rather than stopping `check` or `--labels all` at the first such set.

The game is `new`'s example with one suit renamed `grasshopper`: its card word 'GRASSHOPPER
1' fits the standard card, not large print's 24 pt, and its 11 braille cells, divided, need
two of the braille zone's lines of 9 where the example's layout holds one. Asked for by name, the set still stops with the one line.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from shapes_print.load.defaults import DEFAULT_LABELS
from shapes_print.load.labels import load_labels, shipped
from tests.bughunt import BRAILLE, GAME, LARGE_PRINT, her_game
from tests.project_copy import run

# The translated sets: each lacks the game's words and skips it for that, but braille-es
# (braille over es), which cannot take it for braille's reason first.
TRANSLATED = [
    name
    for name in shipped(DEFAULT_LABELS)
    if load_labels(name, DEFAULT_LABELS).locale != "en" and name != "braille-es"
]
# Skipped: large print in either face and braille (too big), braille-es, the translations.
SKIPS = 4 + len(TRANSLATED)


def test_a_plain_check_skips_each_set_that_cannot_take_the_game_and_says_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    content = her_game(tmp_path, capsys)
    status, lines, out = run(["check", "--content", str(content)], capsys, tmp_path)
    assert status == 0, lines
    assert LARGE_PRINT in lines and BRAILLE in lines
    assert LARGE_PRINT.replace("large-print", "large-print-atkinson") in lines
    # braille-es is braille over es: it cannot take the game for braille's reason.
    assert any(line.startswith(f"skipped braille-es for {GAME}: ") for line in lines)
    # How many texts each line counts, tests/commands/test_new_game.py holds to check --strict.
    untranslated = r"skipped {} for {}: \d+ texts have no \w+ \(check --strict lists them\)"
    for name in TRANSLATED:
        assert any(re.fullmatch(untranslated.format(name, GAME), line) for line in lines), lines
    assert len(lines) == SKIPS, lines
    assert out == f"ok: 1 game checked with {len(shipped(DEFAULT_LABELS))} label sets\n"
    # The same with the game named, and with --labels all.
    for args in (["check", GAME], ["check", "--labels", "all"]):
        status, again, _ = run([*args, "--content", str(content)], capsys, tmp_path)
        assert (status, again) == (0, lines)
    # The check kept the skipped group; named, the set plans it again and stops.
    status, named, _ = run(
        ["check", GAME, "--labels", "large-print", "--content", str(content)], capsys, tmp_path
    )
    assert status == 2 and len(named) == 1 and "does not fit" in named[0]


def test_a_set_asked_for_by_name_or_strict_stops_at_what_it_cannot_take(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    content = her_game(tmp_path, capsys)
    for labels, why in (("large-print", LARGE_PRINT), ("braille", BRAILLE)):
        status, lines, _ = run(
            ["check", "--labels", labels, "--content", str(content)], capsys, tmp_path
        )
        assert status == 2
        assert len(lines) == 1 and lines[0].startswith(f"content/{GAME}/deck.yaml:")
        # The same mistake as the skip line's, the set named after it where it does not say.
        assert lines[0].removesuffix(f" (label set {labels!r})") in why
    status, lines, _ = run(["check", "--strict", "--content", str(content)], capsys, tmp_path)
    assert status == 2 and lines and not any(line.startswith("skipped") for line in lines)


def test_build_labels_all_builds_the_sets_that_take_the_game_and_lists_the_others(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    content = her_game(tmp_path, capsys)
    out = tmp_path / "out"
    args = ["build", "--labels", "all", "--players", "4", "--paper", "a4", "--quiet"]
    status, lines, _ = run([*args, "--content", str(content), "--out", str(out)], capsys, tmp_path)
    assert status == 0, lines
    assert LARGE_PRINT in lines and BRAILLE in lines and len(lines) == SKIPS, lines
    built = sorted(p.name for p in (out / GAME).iterdir() if p.is_dir())
    assert built == ["a4", "colour-blind", "high-contrast"]
    # Asked for by name, the set stops the build with the one line, and writes nothing.
    named = ["build", "--labels", "large-print", "--players", "4", "--paper", "a4"]
    status, lines, _ = run(
        [*named, "--content", str(content), "--out", str(tmp_path / "named")], capsys, tmp_path
    )
    assert status == 2 and len(lines) == 1 and "does not fit" in lines[0]
    assert not (tmp_path / "named" / GAME).exists()


def test_a_game_the_standard_set_cannot_take_still_stops(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    content = her_game(tmp_path, capsys, suit="grasshopperlongerthanthecard")
    status, lines, _ = run(["check", "--content", str(content)], capsys, tmp_path)
    assert status == 2
    assert len(lines) == 1 and "does not fit" in lines[0] and "(label set" not in lines[0]
    assert not any(line.startswith("skipped") for line in lines)


def test_a_letter_braille_has_no_sign_for_says_to_write_it_otherwise_not_a_size(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """No card size or larger box gives Þ a sign (UEB writes it; our table has none): the
    line says only what helps."""
    content = her_game(tmp_path, capsys)
    deck = content / GAME / "deck.yaml"
    deck.write_text(deck.read_text().replace('"{suit:upper} {number}"', '"NOVA ÞÅ"'))
    why = (
        f"content/{GAME}/deck.yaml:22:32: card '{{suit}}-{{number}}' (grasshopper-1), element "
        "'shape-braille': braille for 'nova þå': Unified English Braille, Grade 1 has no sign here "
        "for the letter 'þ' in 'þå'; write it another way in the card's words, or give the set "
        "this game's own words"
    )
    check = ["check", GAME, "--content", str(content)]
    status, lines, _ = run([*check, "--labels", "braille"], capsys, tmp_path)
    assert (status, lines) == (2, [f"{why} (label set 'braille')"])
    status, lines, _ = run(check, capsys, tmp_path)
    own = f"content/{GAME}/labels/braille.yaml"
    assert status == 0 and f"skipped braille for {GAME}: {why}, in {own}" in lines, lines
