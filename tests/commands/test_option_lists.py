"""Lists everywhere (issue 26, item 4): `--players 3,5` and `2-4,6` as `--paper a4,letter`
is, papers in any case, `--labels a,b` as well as repeated, on build, check and preview;
`new --from` a shipped game into a folder of one's own."""

from __future__ import annotations

from pathlib import Path

import pytest

from shapes_print.commands.cli import main
from shapes_print.commands.watch import watched_folders
from shapes_print.load.defaults import DEFAULT_LABELS
from shapes_print.load.labels import shipped
from shapes_print.pipeline.project import Sources
from tests.project_copy import run


def kit_folders(out: Path, game: str) -> list[str]:
    """The kit folders a build wrote, as `[labels/][card size/]paper/N-players`."""
    return sorted(
        folder.parent.relative_to(out / game).as_posix()
        for folder in (out / game).rglob("*_cards.pdf")
    )


def test_players_and_papers_as_lists_build_exactly_those_kits(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["build", "pass-and-pick", "--players", "3,5", "--paper", "A4,letter,a4"]
    status, lines, _ = run([*args, "--out", str(tmp_path), "--quiet"], capsys, tmp_path)
    assert (status, lines) == (0, [])
    assert kit_folders(tmp_path, "pass-and-pick") == [
        "a4/3-players",
        "a4/5-players",
        "letter/3-players",
        "letter/5-players",
    ]
    assert (tmp_path / "pass-and-pick/a4/5-players/pass-and-pick_5p_a4_cards.pdf").is_file()


def test_a_size_is_named_without_spaces_and_a_known_size_by_its_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A size written with spaces names no folder or file with a space, and the same paper
    or card written as its sides goes by the templates' name: one paper, one folder."""
    papers = "210 x 297mm,A4,300 X 400mm"
    args = ["build", "pass-and-pick", "--players", "3", "--paper", papers, "--out", str(tmp_path)]
    assert run([*args, "--card-size", "63 x 88 mm", "--quiet"], capsys, tmp_path)[0] == 0
    # 63x88mm is not poker (63.5 x 88.9 mm), Pass and pick's own: a folder of its own.
    assert kit_folders(tmp_path, "pass-and-pick") == [
        "63x88mm/300x400mm/3-players",
        "63x88mm/a4/3-players",
    ]
    kit = tmp_path / "pass-and-pick/63x88mm/300x400mm/3-players"
    cards = kit / "pass-and-pick_3p_300x400mm_63x88mm_cards.pdf"
    assert cards.is_file()
    assert not [path for path in tmp_path.rglob("*") if " " in path.name]
    args = [
        "build",
        "pass-and-pick",
        "--players",
        "3",
        "--paper",
        "8.5x11in",
        "--out",
        str(tmp_path),
    ]
    # A known size given by measure is named by its name (2.25 x 3.5 in is bridge); the
    # game's own (poker, 63.5 x 88.9 mm) is the game's own kit, its names as without it.
    assert run([*args, "--card-size", "2.25x3.5in", "--quiet"], capsys, tmp_path)[0] == 0
    bridge = tmp_path / "pass-and-pick/bridge/letter/3-players"
    assert (bridge / "pass-and-pick_3p_letter_bridge_cards.pdf").is_file()
    assert run([*args, "--card-size", "63.5x88.9mm", "--quiet"], capsys, tmp_path)[0] == 0
    own = tmp_path / "pass-and-pick/letter/3-players"
    assert (own / "pass-and-pick_3p_letter_cards.pdf").is_file()


def test_ranges_and_single_counts_mix_in_one_list(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["build", "shapes-the-game", "--players", "2-4,6", "--paper", "a4"]
    assert run([*args, "--out", str(tmp_path), "--quiet"], capsys, tmp_path)[0] == 0
    assert kit_folders(tmp_path, "shapes-the-game") == [f"a4/{n}-players" for n in (2, 3, 4, 6)]


@pytest.mark.parametrize(
    ("players", "message"),
    [
        ("3,9", "--players 9: pass-and-pick is for 3-6 players"),
        ("3,5-8", "--players 5-8: pass-and-pick is for 3-6 players"),
        ("3,x", "--players: player range 'x' must look like '3-6', '7+' or '4'"),
        ("3,6-4", "--players: player range '6-4' runs backwards: write '4-6'"),
    ],
)
def test_a_count_the_game_does_not_have_is_named_alone(
    players: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["build", "pass-and-pick", "--players", players, "--out", str(tmp_path)]
    status, lines, _ = run(args, capsys, tmp_path)
    assert (status, lines) == (2, [message])
    assert not (tmp_path / "pass-and-pick").exists()


def test_labels_as_a_list_build_each_set(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["build", "pass-and-pick", "--labels", "es,large-print", "--labels", "braille"]
    args += ["--players", "3", "--paper", "a4", "--out", str(tmp_path), "--quiet"]
    assert run(args, capsys, tmp_path)[:2] == (0, [])
    assert kit_folders(tmp_path, "pass-and-pick") == [
        f"{labels}/a4/3-players" for labels in ("braille", "es", "large-print")
    ]


def test_check_and_preview_take_the_same_lists(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["check", "pass-and-pick", "--players", "3,5", "--paper", "A4", "--labels", "es,braille"]
    status, lines, out = run(args, capsys, tmp_path)
    assert (status, lines, out) == (0, [], "ok: 1 game checked with 2 label sets\n")
    assert run([*args[:2], "--players", "3,9"], capsys, tmp_path)[:2] == (
        2,
        ["--players 9: pass-and-pick is for 3-6 players"],
    )
    args = ["preview", "pass-and-pick", "--players", "3,5", "--paper", "A4", "--dpi", "10"]
    status, lines, out = run([*args, "--out", str(tmp_path)], capsys, tmp_path)
    assert (status, lines) == (0, [])
    folders = {Path(line).parent.relative_to(tmp_path).as_posix() for line in out.splitlines()}
    assert folders == {f"pass-and-pick/a4/{n}-players/preview" for n in (3, 5)}


def test_new_from_a_shipped_game_into_a_folder_of_ones_own(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    content = tmp_path / "my-games"
    assert main(["new", "my-game", "--content", str(content)]) == 0
    status, lines, _ = run(
        ["new", "my-pp", "--from", "pass-and-pick", "--content", str(content)], capsys, tmp_path
    )
    assert (status, lines) == (0, [])
    assert "id: my-pp" in (content / "my-pp/game.yaml").read_text()
    # With the shipped set's colours for it, as a copy within the shipped content gets.
    assert (content / "my-pp/labels/high-contrast.yaml").is_file()
    # Every set takes it, es among them: a check plans the kit a build of each set writes,
    # and says so of each set that would skip it.
    args = ["check", "my-pp", "--content", str(content), "--labels", "all", "--players", "3"]
    status, lines, said = run([*args, "--paper", "a4"], capsys, tmp_path)
    assert (status, lines) == (0, [])
    assert said == f"ok: 1 game checked with {len(shipped(DEFAULT_LABELS))} label sets\n"
    status, lines, _ = run(
        ["new", "x", "--from", "nope", "--content", str(content)], capsys, tmp_path
    )
    assert status == 2
    assert lines == [
        "--from: no game 'nope' in my-games or the shipped games "
        "(games: collect-3, my-game, my-pp, pass-and-pick, shapes-the-game)"
    ]


def test_a_label_set_file_whose_name_holds_a_comma_is_taken_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    mine = tmp_path / "mine,big.yaml"
    mine.write_text("extends: large-print\n")
    other = tmp_path / "other" / "theirs.yaml"
    other.parent.mkdir()
    other.write_text("extends: standard\n")
    args = ["check", "pass-and-pick", "--players", "3", "--paper", "a4", "--labels", str(mine)]
    status, lines, out = run(args, capsys, tmp_path)
    assert (status, lines, out) == (0, [], "ok: 1 game checked with 1 label set\n")
    # And preview --watch watches the folder of each file a list names.
    folders = watched_folders(Sources(), "pass-and-pick", [f"{mine},{other}"])
    assert other.parent.resolve() in folders
