"""Each kit a build can make has a folder of its own, so no build deletes another's kit:
a kit at a card size other than the game's own sits under the size's name, as a label
set's kit sits under the set's name, and a proof or partial build sits beside the kit.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from shapes_print.commands.cli import main
from shapes_print.write.manifest import MANIFEST
from tests.command_lines import one_kit

GAME = "pass-and-pick"  # poker cards
KIT = f"{GAME}/a4/4-players"


def build(out: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> list[str]:
    """Build the game's four-player A4 kit into `out`; the kit folders the build names."""
    status = main([*one_kit(GAME, out), "--json", *extra])
    captured = capsys.readouterr()
    assert status == 0, captured.err
    return [kit["folder"] for kit in json.loads(captured.out)["kits"]]


def manifest_folders(out: Path) -> set[str]:
    files = json.loads((out / MANIFEST).read_text(encoding="utf-8"))["files"]
    return {name.rsplit("/", 1)[0] for name in files}


def test_two_card_sizes_in_one_output_folder_keep_both_kits(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert build(tmp_path, capsys, "--card-size", "tarot") == [f"{GAME}/tarot/a4/4-players"]
    assert build(tmp_path, capsys, "--card-size", "bridge") == [f"{GAME}/bridge/a4/4-players"]
    assert build(tmp_path, capsys) == [KIT]
    for folder in (f"{GAME}/tarot/a4/4-players", f"{GAME}/bridge/a4/4-players", KIT):
        assert any((tmp_path / folder).glob("*_cards.pdf")), folder
    assert manifest_folders(tmp_path) == {
        f"{GAME}/tarot/a4/4-players",
        f"{GAME}/bridge/a4/4-players",
        KIT,
    }
    catalogue = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert "4 players, tarot cards" in catalogue and "4 players, bridge cards" in catalogue


@pytest.mark.parametrize("size", ["poker", "63.5x88.9mm"])
def test_the_games_own_card_size_asked_for_is_the_games_own_kit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], size: str
) -> None:
    assert build(tmp_path, capsys, "--card-size", size) == [KIT]
    # Its files keep the kit's own names: a build without the option replaces them.
    names = {path.name for path in (tmp_path / KIT).iterdir()}
    assert f"{GAME}_4p_a4_cards.pdf" in names
    assert not any("poker" in name or "88.9" in name for name in names), names


def test_a_custom_card_size_has_a_folder_named_as_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert build(tmp_path, capsys, "--card-size", "60 x 90mm") == [f"{GAME}/60x90mm/a4/4-players"]


def test_a_proof_and_a_partial_build_go_beside_the_kit_never_over_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert build(tmp_path, capsys) == [KIT]
    whole = sorted(p.name for p in (tmp_path / KIT).iterdir())
    assert build(tmp_path, capsys, "--proof") == [f"{KIT}-proof"]
    assert build(tmp_path, capsys, "--deck", "cards") == [f"{KIT}-part"]
    assert sorted(p.name for p in (tmp_path / KIT).iterdir()) == whole
    assert [p.name for p in (tmp_path / f"{KIT}-proof").iterdir()] == [f"{GAME}_4p_a4_proof.pdf"]
    assert [p.name for p in (tmp_path / f"{KIT}-part").iterdir()] == [f"{GAME}_4p_a4_cards.pdf"]
    assert manifest_folders(tmp_path) == {KIT, f"{KIT}-proof", f"{KIT}-part"}
    # The whole kit is still up to date: nothing built over it.
    status = main([*one_kit(GAME, tmp_path), "--json"])
    kits = json.loads(capsys.readouterr().out)["kits"]
    assert status == 0 and [kit["status"] for kit in kits] == ["up-to-date"]
