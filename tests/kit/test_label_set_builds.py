"""Label sets: every shipped one builds every kit and names it, covers its games, and
patches a game's cards."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from shapes_print.commands.cli import main
from shapes_print.pipeline import pipeline
from tests.labelsets import SHIPPED, covers, kit, project
from tests.shippedcheck import ShippedSets

# The paper and count of the Pass and pick kit `labelled` builds under every set (its most
# players on A4, tests/conftest.py), and of the kit at the other end of both, as planned.
WRITTEN, PLANNED = ("a4", 6), ("letter", 3)
KINDS = ("cards", "host-key", "player-aid", "print-and-play", "printing-guide", "sheets")


def test_the_issue_s_label_sets_ship() -> None:
    assert {"standard", "large-print", "high-contrast", "colour-blind", "es"} <= set(SHIPPED)
    assert SHIPPED[0] == "standard"


@pytest.mark.parametrize("labels", SHIPPED)
def test_every_shipped_label_set_builds_every_kit(labelled: Path, labels: str) -> None:
    """Pass and pick under each set, its most players on A4, writes every file under its
    set's name, and the manifest says each file's set and count. Every count on both papers
    is planned under every set (`shipped.planned`, read by the page tests,
    tests/plan/test_page_keeps.py) and written in the standard set (`pass_and_pick`,
    tests/plan/test_pass_and_pick.py)."""
    manifest = json.loads((labelled / "manifest.json").read_text())["files"]
    suffix = "" if labels == "standard" else f"_{labels}"
    paper, count = WRITTEN
    folder = kit(labelled, labels, paper, count)
    names = sorted(p.name for p in folder.glob("*.pdf"))
    assert names == [f"pass-and-pick_{count}p_{paper}{suffix}_{kind}.pdf" for kind in KINDS]
    for name in names:
        entry = manifest[f"{folder.relative_to(labelled)}/{name}"]
        assert entry["labels"] == labels and entry["players"] == str(count)


@pytest.mark.parametrize("labels", SHIPPED)
def test_every_shipped_label_set_names_a_kit_at_the_other_ends(
    shipped: ShippedSets, labels: str
) -> None:
    """Pass and pick's fewest players on Letter, as planned under each set, names its
    folder and files as the written kit does its own."""
    suffix = "" if labels == "standard" else f"_{labels}"
    paper, count = PLANNED
    (planned,) = (
        words
        for words in shipped.planned(labels).words
        if (words.game, words.paper, words.players) == ("pass-and-pick", paper, count)
    )
    assert Path(planned.folder) == kit(Path(), labels, paper, count)
    assert sorted(planned.files) == [
        f"pass-and-pick_{count}p_{paper}{suffix}_{kind}" for kind in KINDS
    ]


def test_every_game_builds_with_every_shipped_label_set(labelled: Path) -> None:
    games = pipeline.load_project(pipeline.Sources()).games
    assert len(games) == 3
    for labels in SHIPPED:
        assert covers(labels) == list(games), labels
        middle = "" if labels == "standard" else f"{labels}/"
        for game in games:
            assert list((labelled / game / middle).glob("*/*-players/*.pdf")), (game, labels)


def test_a_label_set_asked_for_on_a_game_it_does_not_cover_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A user's set for the games it has words for so far: another game is an error, not a
    # kit half in the set's words and half in English.
    mine = tmp_path / "mine.yaml"
    mine.write_text("extends: standard\ncovers: [pass-and-pick, collect-3]\n")
    out = tmp_path / "out"
    args = ["build", "shapes-the-game", "--labels", str(mine), "--players", "3", "--out", str(out)]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert (
        err
        == "label set 'mine' does not cover game 'shapes-the-game' (it covers: pass-and-pick, collect-3)\n"
    )
    assert not out.exists()
    mine.write_text("extends: standard\ncovers: [pass-and-pick, shapes-the-gaem]\n")
    assert main(["check", "--labels", str(mine)]) == 2
    assert re.search(
        r"mine\.yaml:2:\d+: no game 'shapes-the-gaem' in the content", capsys.readouterr().err
    )


def test_a_label_set_patches_a_card_group_then_single_cards() -> None:
    planned = project("high-contrast", "shapes-the-game")
    cards = {card.id: card.fields for card in planned.games["shapes-the-game"].deck.cards}
    assert cards["red-arch"]["colour"] == "#FFFFFF" and cards["red-arch"]["pattern"] == "stripes"
    assert (
        cards["yellow-step"]["pattern"] == "horizontal"
        and cards["yellow-step"]["colour_word"] == "YELLOW"
    )
    assert cards["stop-turn"]["colour"] == "#000000"
