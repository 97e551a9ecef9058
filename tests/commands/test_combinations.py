"""Every combination works (issue 26, item 5): label set x content x command x card size x
output mode, an all-pairs selection in `make test`, the full product in `make matrix`.

Factors: every shipped label set and a user's own set that `extends:` it (`make test`
takes three of those, `OWN_PAIRED`; that each prints as its shipped set does is asked of
the plan in tests/kit/test_own_sets.py); each shipped game, the game `new` writes, a
`new --from` copy of a shipped game, and a folder holding one shipped game alone; check,
build and preview; the game's own card size and each size of templates/card-sizes.yaml;
home printing, --print-shop, --ink-saver and --format pdf,svg. `check` takes no card size
or output mode, `preview` no output mode: those cases are left out (tests/pairwise.py
covers every pair some valid case holds).

Each case is one command line, run in-process as a user runs it, at the game's fewest
players on A4. It ends in exit 0 with a kit that `verify` passes (the build has checked
every face and back for elements over each other, kit/room.py, on the way), or in a
clear refusal: exit 2 and one line naming a file or an option (a complete set lacking a
game's texts: one such line per text), never an internal error and never a collision,
which in shipped content is a bug. The refusals are the ones the label sets make by design
(`refusal`): any other is a failure, as is a success where one is due.
"""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

from shapes_print.commands.cli import main
from shapes_print.load.content import load_game
from shapes_print.load.defaults import DEFAULT_CONTENT, DEFAULT_LABELS, DEFAULT_TEMPLATES
from shapes_print.load.labels import load_labels, shipped
from tests.pairwise import Case, every_case, pairs_of, pairwise

SHIPPED_SETS = shipped(DEFAULT_LABELS)
OWN_PREFIX = "mine-"  # a user's own set over shipped set S is the file mine-S.yaml
LABELS = [*SHIPPED_SETS, *(f"{OWN_PREFIX}{name}" for name in SHIPPED_SETS)]
# Content: (folder under the fixture's root, or None for the shipped content; the game).
CONTENTS = {
    "shapes-the-game": (None, "shapes-the-game"),
    "pass-and-pick": (None, "pass-and-pick"),
    "collect-3": (None, "collect-3"),
    "new": ("new", "my-game"),
    "new-from": ("copied", "my-collect-3"),
    "alone": ("alone", "pass-and-pick"),
}
COPIED = "collect-3"  # the shipped game `new --from` copies
ALONE = "pass-and-pick"  # the shipped game alone in a folder
COMMANDS = ["check", "build", "preview"]
OWN_SIZE = "own"  # no --card-size: the size the game's template is written for
SIZES = [OWN_SIZE, *yaml.safe_load((DEFAULT_TEMPLATES / "card-sizes.yaml").read_text())]
MODES = {
    "home": [],
    "print-shop": ["--print-shop"],
    "ink-saver": ["--ink-saver"],
    "pdf-svg": ["--format", "pdf,svg"],
}
FACTORS = (LABELS, list(CONTENTS), COMMANDS, SIZES, list(MODES))
PREVIEW_DPI = "10"  # the fewest pixels preview draws: the pictures are made, not looked at

# The refusals the label sets make by design (docs/accessibility.md): a set that must
# translate every text refuses a game it has no words for, naming each text at its line;
# large print's 24 pt card words do not fit a mini card, and the one line says which;
# Spanish Shapes the Game's braille names need more lines than a mini card's zone holds,
# and the line names the sizes that do fit.
# The sets that refuse a game lacking their words (`complete: true`): es, braille-es, fr.
COMPLETE = {name for name in SHIPPED_SETS if load_labels(name, DEFAULT_LABELS).spec.complete}
LARGE_PRINT = {"large-print", "large-print-atkinson"}
NO_WORDS = "is complete but has no text for"
TOO_SMALL = re.compile(r"does not fit its [\d.]+ x [\d.]+ mm box even at 24 pt")
NO_BRAILLE_ROOM = re.compile(r"needs \d+ lines of 6 cells; .* fits every card at --card-size ")

# A refusal's line: `path:line:col: message` (or `path: message`), or an option's.
NAMED = re.compile(r"^(\S+\.(yaml|yml|csv|svg|png|jpg)(:\d+:\d+)?|--[a-z-]+( [^:]+)?): \S")
COLLISION = re.compile(r" overlaps .* by \d+\.\d mm|off (its|the) card")


def valid(case: Case) -> bool:
    """`check` writes nothing (no size or output mode); `preview` draws a home kit."""
    _, _, command, size, mode = (FACTORS[f][i] for f, i in enumerate(case))
    if command == "check":
        return size == OWN_SIZE and mode == "home"
    return command == "build" or mode == "home"


# A user's own set over each shipped set prints what that set prints, page by page
# (tests/kit/test_own_sets.py, asked of the plan). The all-pairs selection takes three of
# them through every content, command, size and mode: over the standard set, over a set
# that brings font files of its own, and over a complete translation in braille.
OWN_PAIRED = {f"{OWN_PREFIX}{name}" for name in ("standard", "large-print-atkinson", "braille-es")}


def paired(case: Case) -> bool:
    """A valid case in a label set the all-pairs selection takes (every shipped one and
    `OWN_PAIRED`); `make matrix` takes every set of one's own."""
    labels = FACTORS[0][case[0]]
    return valid(case) and (not labels.startswith(OWN_PREFIX) or labels in OWN_PAIRED)


@dataclass(frozen=True)
class Combination:
    """One case: a value of each factor, by name (a user's own set is `mine-<set>`)."""

    labels: str
    content: str
    command: str
    size: str
    mode: str

    @property
    def id(self) -> str:
        return "-".join((self.command, self.labels, self.content, self.size, self.mode))


def _named(cases: list[Case]) -> list[Combination]:
    """The generator's value indices as the factors' names."""
    return [Combination(*(FACTORS[f][i] for f, i in enumerate(case))) for case in cases]


# The two output modes that draw every page again (an SVG of each, a PNG of each) cost a
# case several times a plain build, and most on the games with the most cards. The
# all-pairs selection asks them of those games once each, in the standard set at the game's
# own size, and of a refused case never (a refusal draws nothing): every pair of values some
# valid case holds is still held by a chosen case (`test_the_selection_holds_every_pair`).
DRAWN_AGAIN = {"preview", "pdf-svg"}
MOST_CARDS = {"collect-3", "new-from"}


def affordable(case: Case) -> bool:
    """A case the all-pairs selection may choose."""
    if not paired(case):
        return False
    (named,) = _named([case])
    if named.command not in DRAWN_AGAIN and named.mode not in DRAWN_AGAIN:
        return True
    if refusal(named) is not None:
        return False
    return named.content not in MOST_CARDS or (named.labels, named.size) == ("standard", OWN_SIZE)


SIZES_OF = [len(values) for values in FACTORS]
# The full product: `make matrix` (deselected by the `matrix` marker otherwise).
MATRIX = _named(every_case(SIZES_OF, valid))


@dataclass(frozen=True)
class World:
    """The folders the cases read: content made by `new`, label sets of one's own."""

    root: Path
    players: dict[str, int]  # each content's game's fewest players

    def content(self, name: str) -> Path:
        folder, _ = CONTENTS[name]
        return DEFAULT_CONTENT if folder is None else self.root / folder

    def labels(self, name: str) -> str:
        own = self.root / "labels" / f"{name}.yaml"
        return str(own) if name.startswith(OWN_PREFIX) else name


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> World:
    """The `new` game, a `new --from` copy, one shipped game alone, and for each shipped
    set a file of one's own that extends it, as a user would make them."""
    root = tmp_path_factory.mktemp("combinations")
    assert main(["new", "my-game", "--content", str(root / "new")]) == 0
    assert main(["new", "my-collect-3", "--from", COPIED, "--content", str(root / "copied")]) == 0
    shutil.copytree(DEFAULT_CONTENT / ALONE, root / "alone" / ALONE)
    (root / "labels").mkdir()
    for name in SHIPPED_SETS:
        (root / "labels" / f"{OWN_PREFIX}{name}.yaml").write_text(
            f'extends: {name}\ndescription: "My own {name} set, as a user writes it"\n',
            encoding="utf-8",
        )
    found = World(root, {})
    for name, (_, game) in CONTENTS.items():
        found.players[name] = load_game(found.content(name) / game).game.players.min
    return found


def argv(case: Combination, world: World, out: Path) -> list[str]:
    """The case's command line, as a user would type it."""
    _, game = CONTENTS[case.content]
    args = [case.command, game, "--content", str(world.content(case.content))]
    args += ["--labels", world.labels(case.labels)]
    args += ["--players", str(world.players[case.content]), "--paper", "a4"]
    if case.command == "check":
        return args
    args += ["--out", str(out)]
    args += [] if case.size == OWN_SIZE else ["--card-size", case.size]
    if case.command == "preview":
        return [*args, "--dpi", PREVIEW_DPI]
    return [*args, "--quiet", *MODES[case.mode]]


def refusal(case: Combination) -> re.Pattern[str] | None:
    """What the case must be refused with (every line of it), or None: it must succeed."""
    shipped_set = case.labels.removeprefix(OWN_PREFIX)
    if shipped_set in COMPLETE and case.content == "new":
        return re.compile(re.escape(NO_WORDS))
    if shipped_set in LARGE_PRINT and case.size == "mini":
        return TOO_SMALL
    if shipped_set == "braille-es" and case.content == "shapes-the-game" and case.size == "mini":
        return NO_BRAILLE_ROOM
    return None


def run_case(
    case: Combination, world: World, out: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(argv(case, world, out))
    err = capsys.readouterr().err
    assert "internal error" not in err and "Traceback" not in err, err
    expected = refusal(case)
    if expected is not None:
        assert status == 2, err
        _refused(err.splitlines(), expected)
        assert not list(out.rglob("*.pdf")), "a refused kit left files behind"
        return
    assert (status, err) == (0, ""), err
    if case.command == "check":
        return
    _, game = CONTENTS[case.content]
    kit = out / game
    assert list(kit.rglob("*cards*.pdf")), f"no cards PDF under {kit}"
    if case.mode == "pdf-svg":
        assert list(kit.rglob("*_cut.svg")), f"no cutting-machine SVG under {kit}"
    if case.command == "preview":
        assert list(kit.rglob("preview/contact-sheet.png")), f"no contact sheet under {kit}"
    assert main(["verify", str(out)]) == 0, capsys.readouterr().err


def _refused(lines: list[str], expected: re.Pattern[str]) -> None:
    """A clear refusal: one line naming its file or option, then at most one hint; a
    complete set lacking a game's texts names each text on a line of its own."""
    named = lines[:-1] if lines and lines[-1].startswith("hint: ") else lines
    assert named, "exit 2 without a word"
    for line in named:
        assert NAMED.match(line), f"a refusal that names no file or option: {line}"
        assert not COLLISION.search(line), f"shipped layouts drawn over each other: {line}"
        assert expected.search(line), f"refused for another reason: {line}"
    assert len(named) == 1 or expected.pattern == re.escape(NO_WORDS), named


CHOSEN = pairwise(SIZES_OF, affordable)
PAIRWISE = _named(CHOSEN)


def test_the_selection_holds_every_pair() -> None:
    """Choosing among affordable cases loses no pair of values a paired case holds."""
    held = {pair for case in every_case(SIZES_OF, paired) for pair in pairs_of(case)}
    assert {pair for case in CHOSEN for pair in pairs_of(case)} == held


@pytest.mark.parametrize("case", PAIRWISE, ids=lambda case: case.id)
def test_a_pairwise_combination_builds_or_refuses_in_one_line(
    case: Combination, world: World, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run_case(case, world, tmp_path / "out", capsys)


@pytest.mark.matrix
@pytest.mark.parametrize("case", MATRIX, ids=lambda case: case.id)
def test_every_combination_builds_or_refuses_in_one_line(
    case: Combination, world: World, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run_case(case, world, tmp_path / "out", capsys)
