"""Input a user can write never ends in an internal error (exit 1): each is one line at its
place and exit 2 (issue 45)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.hostile_files import xlsx
from tests.pictureexample import ROWS, build_args, example
from tests.project_copy import build_args as project_build_args
from tests.project_copy import copy_project, run

REPO = Path(__file__).resolve().parents[2]
GAME = "content/pictures"
# The example's titles in Spanish, its cards' words not.
ES = "text: {Pictures: Imágenes, Picture cards: Cartas, picture cards: cartas}\n"


def refused(root: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> list[str]:
    """The build's stderr but its warnings (paths from the copy's root and the repository),
    once it exits 2 with no kit written."""
    code, lines, _ = run(build_args(root, root / "out", "--quiet", *extra), capsys, root)
    assert code == 2, lines
    assert not (root / "out").exists() or not any((root / "out").rglob("*.pdf"))
    return [line.replace(f"{REPO}/", "") for line in lines if not line.startswith("warning:")]


def command_args(root: Path, command: str) -> list[str]:
    """`build` of the example kit, or `check` of every game in the copy."""
    if command == "build":
        return build_args(root, root / "out")
    return [command, "--content", str(root / "content"), "--templates", str(root / "templates")]


def deck_in(root: Path, label: str, kind: str) -> None:
    """The example's sun labelled `label`, its deck read from cards.`kind`."""
    if kind == "csv":
        example(root, ROWS.replace(",SUN\n", f",{label}\n"))
        return
    example(root)
    xlsx(root / GAME / "cards.xlsx", label=label)
    deck = root / GAME / "deck.yaml"
    deck.write_text(deck.read_text().replace("{from: cards.csv}", "{from: cards.xlsx}"))


@pytest.mark.parametrize("kind", ["xlsx", "csv"])
def test_an_unknown_icon_in_a_spreadsheet_cell_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    """Named at the cell that writes it, the label's in column 7, in a workbook as in a CSV."""
    deck_in(tmp_path, "{icon:nope}", kind)
    assert refused(tmp_path, capsys)[0] == (
        f"{GAME}/cards.{kind}:2:7: unknown icon 'nope' in {{icon:nope}}"
    )


@pytest.mark.parametrize("kind", ["xlsx", "csv"])
def test_an_empty_cell_a_layout_needs_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    """Its one line names the empty cell, the label's in column 7."""
    deck_in(tmp_path, "", kind)
    assert refused(tmp_path, capsys)[0] == (
        f"{GAME}/cards.{kind}:2:7: column 'label' is empty, and this card's text {{label}} needs it"
    )


@pytest.mark.parametrize("kind", ["xlsx", "csv"])
def test_a_spreadsheet_deck_under_a_spanish_label_set_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    """The Spanish set lacks the sun's label, which the spreadsheet's cell in column 7 wrote."""
    deck_in(tmp_path, "SUN", kind)
    (tmp_path / GAME / "labels").mkdir()
    (tmp_path / GAME / "labels/es.yaml").write_text(ES, encoding="utf-8")
    assert refused(tmp_path, capsys, "--labels", "es")[0] == (
        f"{GAME}/cards.{kind}:2:7: label set 'es' (labels/es.yaml) is complete but has no "
        "text for 'SUN'"
    )


SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="{box}">{body}</svg>'
SQUARE = '<rect width="1" height="1"/>'


@pytest.mark.parametrize(
    ("box", "body", "message"),
    [
        (
            "0 0 1e-320 1e-320",
            SQUARE,
            "has no size a page can hold (9.99989e-321 x 9.99989e-321): give the <svg> a "
            "viewBox or a width and height of at least 1e-09 either way",
        ),
        (
            "0 0 9 9",
            '<path d="M0 0L1e308 0L0 1z"/>',
            "path data: number 1e308 is out of range (at character 6)",
        ),
        (
            "0 0 9 9",
            f'<g transform="scale(1e300)">{SQUARE}</g>',
            "number 1e300 is out of range (at most 1e+09 either way)",
        ),
        ("0 0 1e999 1e999", SQUARE, "number 1e999 is out of range (at most 1e+09 either way)"),
    ],
    ids=["tiny-view-box", "far-path", "huge-scale", "infinite-view-box"],
)
def test_an_svg_picture_of_extreme_numbers_is_one_line_at_its_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], box: str, body: str, message: str
) -> None:
    """Each number is in range alone, or refused as out of it; a view box of 1e-320 is a size,
    and the scale placing it on a page would be infinite."""
    example(tmp_path)
    (tmp_path / GAME / "art/badge.svg").write_text(SVG.format(box=box, body=body))
    assert refused(tmp_path, capsys) == [f"{GAME}/cards.csv:4:6: picture art/badge.svg: {message}"]


@pytest.mark.parametrize("command", ["build", "check"])
def test_a_lone_surrogate_escaped_in_yaml_is_one_line_at_the_value(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    """`"\\uD800"` reads as half of a pair, which no file can be written with."""
    example(tmp_path)
    game = tmp_path / GAME / "game.yaml"
    game.write_text(game.read_text().replace("title: Picture cards", 'title: "My \\uD800 game"'))
    args = command_args(tmp_path, command)
    code, lines, _ = run(args, capsys, tmp_path)
    assert code == 2
    assert lines == [
        f"{GAME}/game.yaml:4:8: \\uD800 is half of a UTF-16 surrogate pair, not a character: "
        "write the character itself, or its \\U escape of eight digits"
    ]


@pytest.mark.parametrize("command", ["build", "check"])
def test_a_cache_folder_in_a_loop_of_links_is_passed_over(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    command: str,
) -> None:
    """The cache only saves time: one that cannot be used, as one that cannot be written,
    costs the time and never the command."""
    example(tmp_path)
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "a"))
    # One label set is enough: the cache folder is looked up, and passed over, before any.
    args = [*command_args(tmp_path, command), "--labels", "standard", "--quiet"]
    code, lines, _ = run(args, capsys, tmp_path)
    assert code == 0, lines
    assert not [line for line in lines if not line.startswith(("warning:", "skipped"))]


def test_an_open_player_range_runs_to_the_games_most(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`3-` reads as `3+` does, from 3 to the example's 4, not as 3 alone."""
    example(tmp_path)
    args = build_args(tmp_path, tmp_path / "out", "--quiet", "--players", "3-")
    code, lines, _ = run(args, capsys, tmp_path)
    assert code == 0, lines
    kits = sorted(path.name for path in (tmp_path / "out/pictures/a4").iterdir())
    assert kits == ["3-players", "4-players"]


def test_an_open_player_range_past_the_games_most_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    example(tmp_path)
    assert refused(tmp_path, capsys, "--players", "5-") == [
        "--players 5-: pictures is for 2-4 players"
    ]


@pytest.mark.parametrize("command", ["build", "check"])
def test_a_player_aid_of_the_host_key_is_one_line_at_its_document(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    """The aid is printed in the players' files: the host key's answers may not go there."""
    game = "content/pass-and-pick/game.yaml"
    parts = '["Each round: pick, lock, pass", "Scoring table"]'
    routed = [
        (game, "document: sheets.yaml", "document: host-key.yaml"),
        (game, parts, '["Scoring key"]'),  # a part the host key has
    ]
    copy_project(tmp_path, routed)
    args = project_build_args(tmp_path, tmp_path / "out", "--players", "4", "--paper", "a4")
    if command == "check":  # the same game, content and templates
        args = ["check", *args[1:6]]
    code, lines, _ = run(args, capsys, tmp_path)
    assert code == 2
    text = (tmp_path / game).read_text(encoding="utf-8").splitlines()
    line = next(at for at, said in enumerate(text, 1) if "document: host-key.yaml" in said)
    assert lines == [
        f"{game}:{line}:3: player_aid: host-key.yaml is the host's (audience: host); a player aid is "
        "printed for the players, so it reprints a document of theirs"
    ]
    assert not (tmp_path / "out").exists()
