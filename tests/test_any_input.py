"""Random values into every kind of input a build reads: it exits 0 or 2, never 1.

A small game of picture cards holds one of each kind (YAML files: its game, deck, sheet,
card template, own words and a label set of the user's; a CSV or workbook deck, an SVG
and a PNG picture, a font of its own); the output folder holds a manifest from an
earlier build; the environment names the cache folder and a reproducible build's date.
Each example puts random values into one of them and builds the kit in-process: the
build either succeeds or refuses in one line (exit 2), and an exit 1 is a bug of ours.
Derandomized, with no example database, so every run (and CI) tries the same examples.
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image

from shapes_print.commands.cli import main
from shapes_print.load.defaults import DEFAULT_TEMPLATES
from tests.hostile_files import PNG_SIGNATURE, xlsx
from tests.tinygame import sheets

EXAMPLE = Path(__file__).parent / "example"
FONT = (DEFAULT_TEMPLATES / "fonts/DejaVuSans.ttf").read_bytes()
SHEETS = sheets(
    'heading: "{game_title}"',
    'text: "Deal {deal} cards to each player."',
    'table: {columns: [Card, Copies], rows_from: deck, row: ["{name}", "{count}"]}',
)
ROWS = [
    ["id", "name", "count", "layout", "back", "art", "label"],
    ["sun", "suns", "2", "picture", "standard", "art/sun.png", "SUN"],
    ["badge", "badges", "2", "picture", "standard", "art/badge.svg", "BADGE"],
]
# The game's YAML files: the example's, with a sheet of its numbers, text and a table, the
# user's label set, and the game's own words and colours for it.
GAME_LABELS = """\
text: {"Deal {deal} cards to each player.": "Deal {deal} cards to each of you."}
backs:
  standard: {fill: "#000000", pattern: none, pattern_colour: "#000000", title_colour: "#FFFFFF"}
"""
USER_LABELS = """\
extends: standard
title: Mine
style: {body_size: 15pt}
cards: {elements: {title: {size: 14pt}}}
"""
YAML_FILES = {
    "game.yaml": (EXAMPLE / "game.yaml").read_text(encoding="utf-8")
    + "documents: [sheets.yaml]\nnumbers: {deal: 3}\n",
    "deck.yaml": (EXAMPLE / "deck.yaml").read_text(encoding="utf-8"),
    "sheets.yaml": SHEETS,
    "cards/pictures.yaml": (EXAMPLE / "cards/pictures.yaml").read_text(encoding="utf-8"),
    "labels/mine.yaml": GAME_LABELS,
    "mine.yaml": USER_LABELS,
}
SETTINGS = settings(
    max_examples=6,
    deadline=None,  # the machine is shared: a slow example is no failure
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def _game(root: Path) -> Path:
    """The example game written under `root/content/pictures`: a sheet, two cards."""
    folder = root / "content" / "pictures"
    shutil.copytree(EXAMPLE, folder)
    (folder / "labels").mkdir()
    for name, text in YAML_FILES.items():
        (folder / name).write_text(text, encoding="utf-8")
    _rows(folder, ROWS)
    Image.new("RGBA", (40, 40), (230, 159, 0, 255)).save(folder / "art/sun.png")
    return folder


def _rows(folder: Path, rows: list[list[str]]) -> None:
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerows(rows)
    (folder / "cards.csv").write_text(buffer.getvalue(), encoding="utf-8")


def _leaves(data: Any, at: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The key path of every value in YAML's plain data, mappings and lists included."""
    yield at
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _leaves(value, (*at, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _leaves(value, (*at, index))


def _placed(data: Any, at: tuple[Any, ...], value: Any) -> Any:
    if not at:
        return value
    data[at[0]] = _placed(data[at[0]], at[1:], value)
    return data


YAML_PLACES = [
    (name, at) for name, text in YAML_FILES.items() for at in _leaves(yaml.safe_load(text)) if at
]

TEXT = st.text(max_size=30)
VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | TEXT,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXT, inner, max_size=3),
    max_leaves=6,
)
# Environment values: any text a variable can hold (no NUL, nothing unencodable).
ENVIRON = st.one_of(
    st.text(alphabet=st.characters(exclude_categories=("Cs",), exclude_characters="\x00")),
    st.text(alphabet="0123456789-+ .e_", max_size=24),
)


def _spliced(start: bytes) -> st.SearchStrategy[bytes]:
    """A real file's bytes cut somewhere, with random bytes put in or after."""
    return st.tuples(st.integers(0, len(start)), st.binary(max_size=256), st.booleans()).map(
        lambda cut: start[: cut[0]] + cut[1] + (start[cut[0] + len(cut[1]) :] if cut[2] else b"")
    )


# Each kind of input: what it draws, and how a drawn value goes into the game (its
# folder, the output folder and the environment); what it returns is added to the command.
Put = Callable[[Path, Path, pytest.MonkeyPatch, Any], list[str]]


def _yaml(folder: Path, out: Path, env: pytest.MonkeyPatch, drawn: Any) -> list[str]:
    (name, at), value = drawn
    path = folder / name
    data = _placed(yaml.safe_load(path.read_text(encoding="utf-8")), at, value)
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return []


def _csv(folder: Path, out: Path, env: pytest.MonkeyPatch, drawn: Any) -> list[str]:
    (row, column), value = drawn
    rows = [list(cells) for cells in ROWS]
    rows[row][column] = value
    _rows(folder, rows)
    return []


def _workbook(folder: Path, out: Path, env: pytest.MonkeyPatch, drawn: Any) -> list[str]:
    xlsx(folder / "cards.xlsx", label=escape(drawn))
    deck = folder / "deck.yaml"
    deck.write_text(deck.read_text().replace("{from: cards.csv}", "{from: cards.xlsx}"))
    return []


def _file(name: str) -> Put:
    def put(folder: Path, out: Path, env: pytest.MonkeyPatch, drawn: Any) -> list[str]:
        (folder / name).write_bytes(drawn)
        return []

    return put


def _font(folder: Path, out: Path, env: pytest.MonkeyPatch, drawn: Any) -> list[str]:
    (folder / "Face.ttf").write_bytes(drawn)
    with (folder / "game.yaml").open("a", encoding="utf-8") as game:
        game.write("fonts: {regular: Face.ttf}\n")
    return []


def _manifest(folder: Path, out: Path, env: pytest.MonkeyPatch, drawn: Any) -> list[str]:
    out.mkdir()
    (out / "manifest.json").write_bytes(drawn)
    return []


def _environ(folder: Path, out: Path, env: pytest.MonkeyPatch, drawn: Any) -> list[str]:
    """SOURCE_DATE_EPOCH as drawn; XDG_CACHE_HOME a folder of the drawn name, or a file,
    under the example's temporary folder (never one of this machine's own)."""
    epoch, cache, cache_file = drawn
    env.setenv("SOURCE_DATE_EPOCH", epoch)
    if cache_file:
        (folder / "cache").write_bytes(b"")
    name = "cache" if cache_file else cache.replace("/", "").strip(".") or "cache"
    env.setenv("XDG_CACHE_HOME", str(folder / name))
    return ["--print-shop"]  # its files are dated from SOURCE_DATE_EPOCH


SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9">{}</svg>'
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | TEXT,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXT, inner, max_size=3),
    max_leaves=12,
)
KINDS: dict[str, tuple[st.SearchStrategy[Any], Put]] = {
    "yaml": (st.tuples(st.sampled_from(YAML_PLACES), VALUES), _yaml),
    "csv": (st.tuples(st.tuples(st.integers(0, 2), st.integers(0, 6)), TEXT), _csv),
    "xlsx": (TEXT, _workbook),
    "svg": (
        st.one_of(
            st.binary(max_size=512),
            st.text(max_size=200).map(lambda t: SVG.format(t).encode()),
            st.text(alphabet="<>/=\"' pathrecldM0123456789.-", max_size=200).map(
                lambda t: SVG.format(t).encode()
            ),
        ),
        _file("art/badge.svg"),
    ),
    "png": (
        st.one_of(st.binary(max_size=512), st.binary(max_size=512).map(PNG_SIGNATURE.__add__)),
        _file("art/sun.png"),
    ),
    "font": (_spliced(FONT[:65536]), _font),
    "manifest": (
        st.one_of(st.binary(max_size=256), JSON.map(lambda v: json.dumps({"files": v}).encode())),
        _manifest,
    ),
    "environment": (st.tuples(ENVIRON, ENVIRON, st.booleans()), _environ),
}


def _build(root: Path, *extra: str) -> tuple[int, str]:
    """Build the game under `root` for 2 players on A4 in-process: its status and stderr."""
    folder = root / "content" / "pictures"
    args = ["build", "pictures", "--content", str(root / "content"), "--out", str(root / "out")]
    args += ["--labels", str(folder / "mine.yaml"), "--players", "2", "--paper", "a4"]
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        status = main([*args, "--quiet", *extra])
    return status, err.getvalue()


def test_the_game_as_written_builds(tmp_path: Path) -> None:
    """Every random value is put into a game that builds, so a refusal is the value's."""
    _game(tmp_path)
    status, said = _build(tmp_path)
    assert status == 0, said


@pytest.mark.parametrize("kind", KINDS)
@SETTINGS
@given(data=st.data())
def test_random_input_builds_or_is_refused_never_a_bug(kind: str, data: st.DataObject) -> None:
    strategy, put = KINDS[kind]
    drawn = data.draw(strategy)
    with tempfile.TemporaryDirectory() as tmp, pytest.MonkeyPatch.context() as env:
        root = Path(tmp)
        folder = _game(root)
        env.setenv("XDG_CACHE_HOME", str(root / "cache"))
        env.chdir(root)  # whatever a relative path a value names stays in the example's folder
        status, said = _build(root, *put(folder, root / "out", env, drawn))
    assert status in (0, 2), said
    assert "Traceback" not in said
