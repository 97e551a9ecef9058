"""Hostile or careless input: refused in bounded memory, with one clear line."""

from __future__ import annotations

import json
import tracemalloc
from pathlib import Path

import pytest

from shapes_print.errors import UserError
from shapes_print.limits import MAX_VALUES
from shapes_print.load.yamlsrc import read_yaml
from shapes_print.pipeline import pipeline
from shapes_print.text.fonts import Font
from shapes_print.workdone import listening_to_work
from shapes_print.write.manifest import MANIFEST
from tests.project_copy import build_args, copy_project, run

# Nine levels of ten aliases: 10**9 strings once expanded.
LAUGHS = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
    f"{name}: &{name} [{', '.join([f'*{below}'] * 10)}]\n"
    for below, name in zip("abcdefgh", "bcdefghi", strict=True)
)


def test_billion_laughs_is_refused_in_bounded_memory(tmp_path: Path) -> None:
    # Expanding the aliases would need gigabytes; refusing them before expansion needs a few
    # megabytes, so the memory bound (not a clock, which a busy machine skews) is the guard.
    path = tmp_path / "laughs.yaml"
    path.write_text(LAUGHS)
    tracemalloc.start()
    with pytest.raises(UserError, match=f"more than {MAX_VALUES} values"):
        read_yaml(path)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 20 * 1024 * 1024


def test_too_many_values_are_refused_without_any_alias(tmp_path: Path) -> None:
    """Only aliases can make a file hold more than it writes, so an alias-free file skips
    the expanded-size walk, but one that writes more than the limit is still refused."""
    path = tmp_path / "long.yaml"
    path.write_text("a: [" + ", ".join(["1"] * MAX_VALUES) + "]\n")
    with pytest.raises(UserError, match=rf"long\.yaml:1:4: holds more than {MAX_VALUES} values"):
        read_yaml(path)
    path.write_text(
        "a: [" + ", ".join(["1"] * (MAX_VALUES - 3)) + "]\n"
    )  # the root, `a` and the list count
    assert len(read_yaml(path).data["a"]) == MAX_VALUES - 3


def test_deep_nesting_is_refused_before_the_recursive_composer(tmp_path: Path) -> None:
    path = tmp_path / "deep.yaml"
    path.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(UserError, match=r"deep\.yaml:1:65: nested deeper than 64 levels"):
        read_yaml(path)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "!!python/object/new:os.system [ls]",
            "tag 'tag:yaml.org,2002:python/object/new:os.system'",
        ),
        ("a: !!python/name:os.system ''", "tag 'tag:yaml.org,2002:python/name:os.system'"),
        ("a: !!set {x, y}", "tag 'tag:yaml.org,2002:set'"),
        ("a: !local 3", "tag '!local'"),
        ("? [a, b]\n: c", "mapping keys must be plain words"),
        ("a: &x [*x]", "an alias refers to itself"),
    ],
)
def test_unsafe_yaml_constructs_are_refused(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "x.yaml"
    path.write_text(text)
    with pytest.raises(UserError, match=message):
        read_yaml(path)


def test_a_number_of_thousands_of_digits_is_one_line_at_its_place(tmp_path: Path) -> None:
    """Python refuses to read a whole number of more than 4,300 digits (a ValueError, which
    reached the user as an internal error); it is refused where it is written."""
    path = tmp_path / "game.yaml"
    path.write_text("id: x\nrounds: " + "9" * 5000 + "\n")
    with pytest.raises(UserError) as refused:
        read_yaml(path)
    assert refused.value.line() == f"{path}:2:9: a number of 5,000 digits is too long to read"


def test_card_limit_is_configurable(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = copy_project(tmp_path)
    out = tmp_path / "out"
    status, lines, _ = run(build_args(root, out, "--max-cards", "10"), capsys, tmp_path)
    assert status == 2
    assert lines == [
        "content/pass-and-pick/deck.yaml:13:37: the deck reaches 12 cards here, over the limit of 10",
        "hint: a larger deck needs --max-cards",
    ]
    assert not out.exists()
    args = build_args(root, out, "--max-cards", "18", "--players", "3", "--paper", "a4")
    assert run(args, capsys, tmp_path)[0] == 0


def test_symlink_out_of_the_game_folder_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = copy_project(tmp_path / "project")
    secret = tmp_path / "secret.yaml"
    secret.write_text("cards: []\n")
    deck = root / "content/pass-and-pick/deck.yaml"
    deck.unlink()
    deck.symlink_to(secret)
    status, lines, _ = run(build_args(root, tmp_path / "out"), capsys, tmp_path)
    assert status == 2
    assert lines == [
        "project/content/pass-and-pick/game.yaml:11:1: 'deck.yaml' points outside the game folder "
        "project/content/pass-and-pick"
    ]


def test_game_names_on_the_command_line_cannot_climb(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = copy_project(tmp_path)
    args = build_args(root, tmp_path / "out")
    status, lines, _ = run([args[0], "../templates", *args[1:]], capsys, tmp_path)
    assert status == 2
    assert len(lines) == 1 and lines[0].startswith("unknown game '../templates' (known: ")


@pytest.mark.parametrize(
    ("args", "first_line"),
    [
        (["build", "--bogus"], "usage: No such option: --bogus (Possible options: --jobs, --out)"),
        (["frobnicate"], "usage: No such command 'frobnicate'."),
        (["build", "--players"], "usage: Option '--players' requires an argument."),
        (
            ["check", "--max-cards", "0"],
            "usage: Invalid value for '--max-cards': Input should be greater than or equal to 1",
        ),
    ],
)
def test_usage_errors_are_one_line_and_exit_2(
    args: list[str], first_line: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, lines, _ = run(args, capsys, tmp_path)
    assert status == 2
    assert lines == [first_line, "hint: shapes-print --help lists commands and options"]


def test_no_arguments_prints_help(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, lines, stdout = run([], capsys, tmp_path)
    assert (status, lines) == (0, [])
    assert "build" in stdout and "verify" in stdout


def test_game_folder_linked_from_outside_content_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = copy_project(tmp_path / "project")
    outside = tmp_path / "outside"
    (root / "content/pass-and-pick").rename(outside)
    (root / "content/pass-and-pick").symlink_to(outside, target_is_directory=True)
    status, lines, _ = run(build_args(root, tmp_path / "out"), capsys, tmp_path)
    assert status == 2
    assert lines == [
        "project/content/pass-and-pick: 'pass-and-pick/game.yaml' points outside the content folder "
        "project/content"
    ]


def test_a_font_cut_short_is_named_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Cut inside its tables, a font is refused naming the file and the table that ends early."""
    root = copy_project(tmp_path)
    font = root / "templates/fonts/DejaVuSans.ttf"
    font.write_bytes(font.read_bytes()[:1000])
    status, lines, _ = run(build_args(root, tmp_path / "out"), capsys, tmp_path)
    assert status == 2
    assert lines == [
        "templates/fonts/DejaVuSans.ttf: not a usable TrueType font: not a TrueType file "
        "(unexpected end of 'cmap' table data: expected 7056 bytes but got 0 at offset 48896)"
    ]


def test_list_on_a_folder_without_games_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = copy_project(tmp_path)
    (tmp_path / "empty").mkdir()
    args = ["list", "--content", str(tmp_path / "empty"), "--templates", str(root / "templates")]
    status, lines, _ = run(args, capsys, tmp_path)
    assert (status, lines) == (2, ["empty: no games here: a game is a folder holding a game.yaml"])


def test_schema_out_naming_a_file_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "a-file").write_text("")
    status, lines, _ = run(["schema", "--out", str(tmp_path / "a-file")], capsys, tmp_path)
    assert status == 2
    assert lines == ["a-file: is in the way: something else already has this name; move it away"]


def test_a_paper_named_twice_is_built_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = copy_project(tmp_path)
    out = tmp_path / "out"
    args = build_args(root, out, "--players", "3", "--paper", "a4,a4", "--quiet")
    assert run(args, capsys, tmp_path)[0] == 0
    assert [p.name for p in (out / "pass-and-pick").iterdir()] == ["a4"]


def test_verify_never_reads_a_file_the_manifest_names_outside_its_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The manifest is checked against its model first: a name outside the folder makes it
    damaged, and no file it names is opened."""
    root = copy_project(tmp_path / "project")
    out = tmp_path / "out"
    assert run(build_args(root, out, "--players", "3", "--paper", "a4"), capsys, tmp_path)[0] == 0
    secret = tmp_path / "secret.txt"
    secret.write_text("not for verify")
    manifest = json.loads((out / MANIFEST).read_text())
    entry = next(iter(manifest["files"].values()))
    manifest["files"]["../secret.txt"] = entry
    manifest["files"]["../../../../../../etc/passwd"] = entry
    (out / MANIFEST).write_text(json.dumps(manifest))
    with listening_to_work() as work:
        status, lines, _ = run(["verify", str(out)], capsys, tmp_path)
    assert status == 2
    assert lines == [
        "out/manifest.json: manifest is damaged (files['../secret.txt']: must be a kit "
        "folder's file, a relative path inside the output folder); rebuild to replace it"
    ]
    assert work.of("hashed") == []  # no file it lists is opened, inside or out
    assert work.of("read") == [out / MANIFEST]


def test_labels_new_writes_only_inside_its_out_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = copy_project(tmp_path)
    folder = tmp_path / "lbl"
    args = ["labels", "new", "../escape", "--out", str(folder)]
    args += ["--content", str(root / "content"), "--templates", str(root / "templates")]
    status, lines, _ = run(args, capsys, tmp_path)
    assert status == 2
    assert lines == [
        "label set name '../escape' may only use letters, digits, - and _ (it names a .yaml "
        "file; or give the new file's path, ending in .yaml)"
    ]
    assert not (tmp_path / "escape.yaml").exists() and not folder.exists()


@pytest.mark.parametrize("command", ["preview", "calibrate"])
def test_other_commands_keep_output_out_of_the_input_folders(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = copy_project(tmp_path)
    args = [command, *(["pass-and-pick"] if command == "preview" else [])]
    args += ["--templates", str(root / "templates"), "--out", str(root / "templates" / "x")]
    status, lines, _ = run(args, capsys, tmp_path)
    assert status == 2
    assert lines == [
        "templates/x: --out is inside the templates folder templates; build into a folder of "
        "its own, such as output"
    ]
    assert not (root / "templates" / "x").exists()


def test_a_font_beside_a_label_set_is_used_and_kept_to_its_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A "TrueType file beside the label set" (docs/accessibility.md) is found, never by `..`."""
    root = copy_project(tmp_path / "project")
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "Mine.ttf").write_bytes((root / "templates/fonts/DejaVuSans-Bold.ttf").read_bytes())
    labels = mine / "mine.yaml"
    labels.write_text("extends: standard\nstyle:\n  fonts:\n    regular: Mine.ttf\n")
    args = ["check", "pass-and-pick", "--content", str(root / "content")]
    args += ["--templates", str(root / "templates"), "--labels", str(labels)]
    assert run(args, capsys, tmp_path)[:2] == (0, [])
    project = pipeline.load_project(
        pipeline.Sources(root / "content", root / "templates"), ["pass-and-pick"], [str(labels)]
    )
    assert project.ctx.fonts.regular.path == (mine / "Mine.ttf").resolve()
    labels.write_text(
        "extends: standard\nstyle:\n  fonts:\n    regular: ../project/templates/fonts/DejaVuSans.ttf\n"
    )
    status, lines, _ = run(args, capsys, tmp_path)
    assert status == 2
    assert lines == [
        "mine/mine.yaml:4:5: '../project/templates/fonts/DejaVuSans.ttf' points outside the "
        "label set folder mine"
    ]


def test_a_label_set_font_put_beside_it_or_changed_since_is_read_as_it_is_now(
    tmp_path: Path,
) -> None:
    """A set's fonts are found once while their files say the same (kit/variant.py): a font
    put beside the set since the last load is the one used, and one changed in place is
    read as its new bytes."""
    root = copy_project(tmp_path / "project")
    shipped, mine = root / "templates" / "fonts", tmp_path / "mine"
    (mine / "fonts").mkdir(parents=True)
    labels = mine / "mine.yaml"
    labels.write_text("extends: standard\nstyle:\n  fonts:\n    regular: fonts/DejaVuSans.ttf\n")
    sources = pipeline.Sources(root / "content", root / "templates")

    def regular() -> Font:
        project = pipeline.load_project(sources, ["pass-and-pick"], [str(labels)])
        return project.ctx.fonts.regular

    assert regular().data == (shipped / "DejaVuSans.ttf").read_bytes()
    for face in ("DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf"):
        (mine / "fonts" / "DejaVuSans.ttf").write_bytes((shipped / face).read_bytes())
        assert regular().data == (shipped / face).read_bytes()


def test_the_card_limit_counts_every_deck_of_a_kit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Collect 3 prints 89 number cards and 20 task cards: 109 cards in one kit."""
    args = ["check", "collect-3", "--labels", "standard", "--max-cards", "100"]
    status, lines, _ = run(args, capsys, tmp_path)
    assert status == 2
    assert lines[0].endswith(
        "content/collect-3/task-cards.yaml:12:5: the kit's decks reach 101 cards here, "
        "over the limit of 100"
    )
    assert run([*args[:-1], "109"], capsys, tmp_path)[0] == 0


def test_a_preview_too_large_to_draw_is_refused_before_building(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    args = ["preview", "pass-and-pick", "--paper", "2000x2000mm", "--dpi", "600"]
    status, lines, _ = run([*args, "--out", str(out)], capsys, tmp_path)
    assert status == 2
    assert lines == [
        "--dpi: a 2000x2000mm page at 600 dpi is 2,231,995,536 pixels, over the limit of "
        "100,000,000; ask for fewer dots per inch"
    ]
    assert not out.exists()


@pytest.mark.parametrize("players", ["5-9", "7", "0", "2-4", "7+"])
def test_players_outside_the_game_are_refused_naming_its_range(
    players: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = copy_project(tmp_path)
    out = tmp_path / "out"
    status, lines, _ = run(build_args(root, out, "--players", players), capsys, tmp_path)
    assert (status, lines) == (2, [f"--players {players}: pass-and-pick is for 3-6 players"])
    assert not out.exists()


def test_players_from_a_count_up_run_to_the_game_s_most(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = copy_project(tmp_path)
    out = tmp_path / "out"
    args = build_args(root, out, "--players", "5+", "--paper", "a4", "--quiet")
    assert run(args, capsys, tmp_path)[0] == 0
    assert sorted(p.name for p in (out / "pass-and-pick/a4").iterdir()) == [
        "5-players",
        "6-players",
    ]


@pytest.mark.parametrize(
    "args",
    [
        ["build", "--players", "3", "--content", "loop"],
        ["build", "--players", "3", "--templates", "loop"],
        ["build", "--players", "3", "--labels", "loop"],
        ["build", "--players", "3", "--out", "loop"],
        ["calibrate", "--out", "loop"],
        ["preview", "pass-and-pick", "--out", "loop"],
    ],
)
def test_a_loop_of_links_given_as_a_folder_is_one_line_naming_its_option(
    args: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each option's path is refused where it is first resolved, never as Python 3.11's
    RuntimeError (an internal error)."""
    (tmp_path / "loop").symlink_to(tmp_path / "back")
    (tmp_path / "back").symlink_to(tmp_path / "loop")
    status, lines, _ = run([*args[:-1], str(tmp_path / args[-1])], capsys, tmp_path)
    assert (status, lines) == (2, [f"{args[-1]}: {args[-2]} is a loop of symbolic links"])
