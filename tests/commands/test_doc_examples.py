"""The README's and docs/'s examples run.

Docs cannot rot: every `shapes-print` line in a ```sh block of the README or a page of docs/
runs (in one temporary folder, so output lands there), and the walk-throughs are followed as
written, what each leaves checked as its page says.
"""

from __future__ import annotations

import re
import shlex
import shutil
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from shapes_print.commands.cli import main
from tests.docpages import PAGES, ROOT, blocks, follow_game_walk_through, steps
from tests.pdfread import sized_runs

# The set-up a page shows and CI runs itself: `make` (.ci/run) and installing the tool
# (tests/test_installed_tool.py installs the wheel as `pip install .` does).
SET_UP = {"make", "pip", "pipx"}

# These change the reader's shell set-up, so they are documented but never run here.
SHELL_SETUP = {"--install-completion", "--show-completion"}


@dataclass(frozen=True)
class Example:
    """Lines of one page a reader runs together: a command alone, or a walk-through's steps
    from the one that makes its folder or file (`cp -r`, `new`, `labels new`) on. Each runs
    in a folder of its own, so the page's commands run side by side and none waits for all."""

    page: Path
    steps: tuple[tuple[str, list[str] | str], ...]

    @property
    def id(self) -> str:
        kind, first = self.steps[0]
        return f"{self.page.stem}: {shlex.join(first) if isinstance(first, list) else kind}"


def made(step: tuple[str, list[str] | str]) -> str | None:
    """The folder or file a step makes for the steps after it to read, if any."""
    kind, words = step
    if kind == "write":  # a file the reader saves, which a command names by its path
        return str(words[0])
    if kind != "sh" or not isinstance(words, list):
        return None
    if words[:2] == ["cp", "-r"]:
        return words[3]
    if words[1:3] == ["labels", "new"]:
        return f"{words[3]}.yaml"
    if words[1] == "new" and "--content" in words:
        return words[words.index("--content") + 1]
    return None


def written_to(words: list[str]) -> str | None:
    """The folder a `build` or `preview` writes to: its --out, else output/."""
    if words[0] != "shapes-print" or words[1] not in ("build", "preview"):
        return None
    return words[words.index("--out") + 1] if "--out" in words else "output"


def read(step: tuple[str, list[str] | str]) -> set[str]:
    """What a step reads that an earlier step may have made: its words (its --out is where
    it writes), or the top folder of the file a walk-through edits or writes."""
    kind, words = step
    if kind == "edit":
        assert isinstance(words, str)
        return {words.splitlines()[0].removeprefix("# ").split("/")[0]}
    if kind == "write":
        return {words[0].split("/")[0]}
    assert isinstance(words, list)
    out = words.index("--out") + 1 if "--out" in words else -1
    return {word for i, word in enumerate(words) if i != out}


def page_examples(page: Path) -> list[Example]:
    """A page's lines as examples: a line joins the example that made what it reads (`verify
    FOLDER`, the last one that wrote FOLDER); any other line is an example of its own."""
    groups: list[list[tuple[str, list[str] | str]]] = []
    maker: dict[str, int] = {}  # a made folder or file (or a written folder): its example
    for step in steps(page):
        kind, words = step
        command = words if kind == "sh" and isinstance(words, list) else None
        if command is not None and (command[0] in SET_UP or SHELL_SETUP & set(command)):
            continue  # the set-up itself; CI runs it (.ci/run, tests/test_installed_tool.py)
        verify = command is not None and command[1] == "verify"
        reads = {command[2]} if command is not None and verify else read(step)
        owners = {maker[name] for name in reads if name in maker}
        assert len(owners) <= 1, f"{page.name}: {step} reads what two examples made"
        at = owners.pop() if owners else len(groups)
        if at == len(groups):
            groups.append([])
        groups[at].append(step)
        for name in (made(step), written_to(command) if command is not None else None):
            if name is not None:
                maker[name] = at
    return [Example(page, tuple(group)) for group in groups]


def examples() -> list[Example]:
    """Every page's examples, each run once: one the same as an earlier page's (the print
    shop page repeats the command reference's lines) would build the same files again."""
    found: list[Example] = []
    for page in PAGES:
        found += [e for e in page_examples(page) if all(e.steps != f.steps for f in found)]
    return found


def test_the_pages_show_the_shell_set_up_that_is_never_run() -> None:
    shown = {
        word for page in PAGES for kind, words in steps(page) if kind == "sh" for word in words
    }
    assert shown & SHELL_SETUP == SHELL_SETUP


# What an example leaves that its page says it does, checked after it ran: by what the
# example made (its first step's folder or file).
AFTERWARDS = {
    "my-content": lambda root: check_deck_walk_through(root / "my-output/pass-and-pick"),
    "my-labels.yaml": lambda root: check_labels_walk_through(root / "my-output/pass-and-pick"),
    "my-games": lambda root: check_game_walk_through(root / "my-output/my-game"),
    "my-translation": lambda root: check_translation_walk_through(root / "my-output/my-game"),
}


def test_each_check_of_what_a_walk_through_leaves_runs() -> None:
    made_first = {made(example.steps[0]) for example in examples()}
    assert set(AFTERWARDS) <= made_first


@pytest.mark.parametrize("example", examples(), ids=lambda example: example.id)
def test_the_examples_of_every_page_run(
    example: Example,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)  # default and relative --out folders land in tmp_path
    follow(example, tmp_path, capsys)
    check = AFTERWARDS.get(made(example.steps[0]) or "")
    if check is not None:
        check(tmp_path)


def check_deck_walk_through(kits: Path) -> None:
    """The deck walk-through's kit holds the diamond card it adds."""
    reader = PdfReader(kits / "a4/4-players/pass-and-pick_4p_a4_cards.pdf")
    assert len(reader.pages) == 6  # 24 cards: three sheets of nine, each with its backs
    assert "DIAMOND" in reader.pages[4].extract_text()


def check_labels_walk_through(kits: Path) -> None:
    """The label set walk-through's words and size are on its cards."""
    mine = kits / "my-labels/a4/4-players"
    faces = [
        " ".join(page.extract_text().split())
        for page in PdfReader(mine / "pass-and-pick_4p_a4_my-labels_cards.pdf").pages[::2]
    ]
    assert "BALL" in faces[0] and "PEAK" in faces[0] and "BOX" in faces[1]
    assert not any(word in " ".join(faces) for word in ("CIRCLE", "TRIANGLE", "SQUARE"))
    assert {
        run.size
        for run in sized_runs(mine / "pass-and-pick_4p_a4_my-labels_cards.pdf")[0]
        if "BALL" in run.text.split()  # a row's cards' words, each text ending in a space
    } == {32.0}
    assert (mine / "preview/contact-sheet.png").is_file()


def check_translation_walk_through(kits: Path) -> None:
    """The translation walk-through's one translated text is on the French kit's pages,
    and the English it replaces is not."""
    (sheets,) = (kits / "fr/a4/2-players").glob("*rules*.pdf")
    words = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(sheets).pages)
    assert "Mon jeu" in words and "My game" not in words


def follow(example: Example, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Run an example's commands and follow its walk-through in `tmp_path`."""
    page = example.page
    page_text = page.read_text()
    for kind, step in example.steps:
        if isinstance(step, str):
            follow_game_walk_through(tmp_path, step)
            continue
        if kind == "write":  # a file the reader saves as it is shown
            path, text = step
            (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
            (tmp_path / path).write_text(text)
            continue
        words = step
        if words[:2] == ["cp", "-r"]:
            shutil.copytree(ROOT / words[2], tmp_path / words[3])
            if words[3] == "my-content":
                follow_deck_walk_through(tmp_path / "my-content", page)
            continue
        where = page.relative_to(ROOT)
        assert words[0] == "shapes-print", f"{where} runs {words[0]!r}: teach this test about it"
        if "--out" in words:
            assert not Path(words[words.index("--out") + 1]).is_absolute()
        assert main(as_run(words)) == 0, f"{where}: {shlex.join(words)}\n{capsys.readouterr()}"
        if words[1] == "preview":
            check_pictures_listed(capsys.readouterr().out)
        if words[1:3] == ["check", "my-game"]:  # what the page says this check prints
            printed = capsys.readouterr().err
            said = re.findall(r"`(skipped\s[\w-]+\sfor\smy-game: [^`]*)`", page_text)
            assert said, f"{where}: say what `check my-game` prints"
            for line in said:
                assert " ".join(line.removesuffix("...").split()) in printed, (line, printed)
        if words[1:3] == ["labels", "new"]:
            follow_labels_walk_through(tmp_path / f"{words[3]}.yaml", page)


# Each command runs with its words as written; where what its page says of it holds with
# less work, options asking for less follow them. A `check` a page writes without
# `--players` plans every count on every paper under every set it names, three ways each
# (the check of a walk-through's game alone plans 247 kits):
# make print's work, which the shipped check does once per run for every shipped game
# (tests/shippedcheck.py). What the pages say of these checks, that they pass
# and the lines they print (a game's skips, for want of words or contrast), is the same at
# one kit, so each runs at one (ONE_KIT). A walk-through's `build` without `--paper` builds
# its game's every count on every paper; what its page says of the kit is read from the A4
# kits (AFTERWARDS), so it builds every count on A4 (ON_A4). The walk-through itself builds
# its game on Letter too (the large-print step), and tests/commands/test_new_game.py builds
# `new`'s game at every count on both papers.
ONE_KIT = ["--players", "4", "--paper", "a4"]
ON_A4 = ["--paper", "a4"]
# A `preview` a page writes without `--dpi` draws every page at 100 dpi, and encoding the
# PNGs is most of its time. What the pages say of a preview, every page a picture in the
# kit's preview/ folder with a contact sheet, holds at any dpi (tests/pipeline/
# test_preview.py reads the pictures at the size for theirs); the one example that names
# its dpi keeps it.
PREVIEW_DPI = ["--dpi", "30"]


def as_run(words: list[str]) -> list[str]:
    """A command's arguments as this test runs it: as written, with a `check` of every
    count at one kit (ONE_KIT), a `build` of every paper on A4 (ON_A4) and a preview's pages
    drawn small (PREVIEW_DPI)."""
    if words[1] == "check" and "--players" not in words and "--paper" not in words:
        return [*words[1:], *ONE_KIT]
    if words[1] == "build" and "--paper" not in words:
        return [*words[1:], *ON_A4]
    if words[1] == "preview" and "--dpi" not in words:
        return [*words[1:], *PREVIEW_DPI]
    return words[1:]


def check_pictures_listed(said: str) -> None:
    """A preview lists a picture of each page and a contact sheet, each written."""
    pictures = [Path(line) for line in said.splitlines() if line.endswith(".png")]
    assert any(path.name == "contact-sheet.png" for path in pictures), said
    assert len(pictures) > 1 and all(path.is_file() for path in pictures), said


def check_game_walk_through(kits: Path) -> None:
    """The kit the game walk-through ends with holds each of its edits."""
    two, four = (kits / f"a4/{n}-players/my-game_{n}p_a4" for n in (2, 4))
    assert len(PdfReader(f"{two}_cards.pdf").pages) == 4  # 15 cards for 2-3 players
    cards = PdfReader(f"{four}_cards.pdf")
    assert len(cards.pages) == 8  # 30 cards for 4-5: four sheets, each with its backs
    # Each page's running foot ("My game · suit cards · page 2 of 8") is its own line.
    first_backs, last_backs = (
        [
            line.strip()
            for line in cards.pages[n].extract_text().split("\n")
            if " · page " not in line
        ]
        for n in (1, 7)
    )
    assert sorted(first_backs) == ["SUNS"] * 9
    assert set(last_backs) == {"STARS"}
    host = " ".join(PdfReader(f"{four}_host-key.pdf").pages[0].extract_text().split())
    assert "10 suns, 10 moons, 10 stars 10 + 10 + 10 = 30" in host
    score = " ".join(PdfReader(f"{four}_score-sheet.pdf").pages[0].extract_text().split())
    assert "Dealer" in score and "Round 3: tricks won" in score
    # The comets, from the spreadsheet: their word under their picture (the SVG's orange and
    # sky blue, drawn as vectors), their back titled.
    comets = PdfReader(f"{four}_comets.pdf")
    assert len(comets.pages) == 2
    assert cards_text(comets, 0) == ["COMET", "COMET"] and cards_text(comets, 1) == ["COMETS"] * 2
    # Its count cell is a table by players: one comet for 2 or 3 players.
    assert cards_text(PdfReader(f"{two}_comets.pdf"), 0) == ["COMET"]
    page = pdfium.PdfDocument(f"{four}_comets.pdf")[0].render(scale=1).to_pil().convert("RGB")
    colours = {colour for _, colour in page.getcolors(1 << 20)}
    assert {(0xE6, 0x9F, 0x00), (0x56, 0xB4, 0xE9)} <= colours


def cards_text(reader: PdfReader, page: int) -> list[str]:
    """The page's lines that name comets (the sheet's ruler and print line left out)."""
    lines = reader.pages[page].extract_text().split("\n")
    return sorted(line.strip() for line in lines if "COMET" in line)


def follow_labels_walk_through(path: Path, page: Path) -> None:
    """Add the page's YAML to the end of the starter file, as the reader is told to."""
    (snippet,) = [b for b in blocks("yaml", page) if "CIRCLE" in b]
    text = path.read_text()
    assert text.endswith("\n")
    path.write_text(text + snippet)


def follow_deck_walk_through(content: Path, page: Path) -> None:
    """Add the page's YAML to the end of the copied deck, as the reader is told to."""
    (snippet,) = [b for b in blocks("yaml", page) if "diamond" in b]
    deck = content / "pass-and-pick" / "deck.yaml"
    text = deck.read_text()
    assert text.endswith("\n") and re.search(r"^cards:\n(  - .*\n|     .*\n)+\Z", text, re.M)
    deck.write_text(text + snippet)
