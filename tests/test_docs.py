"""The README's examples run, and its pictures match what `make docs` draws today.

Docs cannot rot: every `shapes-print` line in a ```sh block runs (in a temporary folder, so
output lands there), the deck walk-through is followed as written, and the committed
pictures are compared with a fresh render from the Makefile's own `docs` recipe.
"""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat
from pypdf import PdfReader

from shapes_print.cli import main
from tests.pdfread import sized_runs

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
MAKEFILE = ROOT / "Makefile"
FENCE = re.compile(r"^```(\w+)\n(.*?)^```", re.MULTILINE | re.DOTALL)
# These change the reader's shell set-up, so they are documented but never run here.
SHELL_SETUP = {"--install-completion", "--show-completion"}
PICTURE_LIMIT = 300 * 1024
# Mean difference per channel (0-255) still counted as the same picture: a newer pdfium may
# anti-alias an edge differently, while a changed layout differs by far more.
SAME_PICTURE = 1.0


def blocks(language: str) -> list[str]:
    return [m.group(2) for m in FENCE.finditer(README.read_text()) if m.group(1) == language]


def sh_lines() -> list[list[str]]:
    lines = (shlex.split(line, comments=True) for b in blocks("sh") for line in b.splitlines())
    return [words for words in lines if words]


def test_readme_opens_with_pictures_and_keeps_the_two_set_up_commands() -> None:
    text = README.read_text()
    intro = text[: text.index("## ")]
    assert 'src="docs/cards.png"' in intro and 'src="docs/score-sheet.png"' in intro
    assert sh_lines()[:2] == [["make", "print"], ["make", "test"]]


def test_readme_examples_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)  # default and relative --out folders land in tmp_path
    skipped: set[str] = set()
    for words in sh_lines():
        if words[0] == "make":
            continue  # the set-up itself; CI runs it (.ci/run)
        if words[:2] == ["cp", "-r"]:
            shutil.copytree(ROOT / words[2], tmp_path / words[3])
            if words[3] == "my-content":
                follow_deck_walk_through(tmp_path / "my-content")
            continue
        assert words[0] == "shapes-print", f"README runs {words[0]!r}: teach this test about it"
        if SHELL_SETUP & set(words):
            skipped |= SHELL_SETUP & set(words)
            continue
        if "--out" in words:
            assert not Path(words[words.index("--out") + 1]).is_absolute()
        assert main(words[1:]) == 0, f"{shlex.join(words)}\n{capsys.readouterr()}"
        if words[1:3] == ["labels", "new"]:
            follow_labels_walk_through(tmp_path / f"{words[3]}.yaml")
    assert skipped == SHELL_SETUP
    cards = tmp_path / "my-output/pass-and-pick/a4/4-players/pass-and-pick_4p_a4_cards.pdf"
    reader = PdfReader(cards)
    assert len(reader.pages) == 6  # 24 cards: three sheets of nine, each with its backs
    assert "DIAMOND" in reader.pages[4].extract_text()
    mine = tmp_path / "my-output/pass-and-pick/my-labels/a4/4-players"
    faces = [
        " ".join(page.extract_text().split())
        for page in PdfReader(mine / "pass-and-pick_4p_a4_my-labels_cards.pdf").pages[::2]
    ]
    assert "BALL" in faces[0] and "PEAK" in faces[0] and "BOX" in faces[1]
    assert not any(word in " ".join(faces) for word in ("CIRCLE", "TRIANGLE", "SQUARE"))
    assert {
        run.size
        for run in sized_runs(mine / "pass-and-pick_4p_a4_my-labels_cards.pdf")[0]
        if run.text == "BALL"
    } == {32.0}
    assert (mine / "preview/contact-sheet.png").is_file()


def follow_labels_walk_through(path: Path) -> None:
    """Add the README's YAML to the end of the starter file, as the reader is told to."""
    (snippet,) = [b for b in blocks("yaml") if "CIRCLE" in b]
    text = path.read_text()
    assert text.endswith("\n")
    path.write_text(text + snippet)


def follow_deck_walk_through(content: Path) -> None:
    """Add the README's YAML to the end of the copied deck, as the reader is told to."""
    (snippet,) = [b for b in blocks("yaml") if "diamond" in b]
    deck = content / "pass-and-pick" / "deck.yaml"
    text = deck.read_text()
    assert text.endswith("\n") and re.search(r"^cards:\n(  - .*\n|     .*\n)+\Z", text, re.M)
    deck.write_text(text + snippet)


def docs_recipe() -> tuple[list[str], list[tuple[str, str]], str]:
    """The `make docs` preview command, its copies (from, to) and the preview folder."""
    makefile = MAKEFILE.read_text()
    folder = re.search(r"^DOCS_PREVIEW := (.+)$", makefile, re.M)
    recipe = re.search(r"^docs:.*\n((?:\t.*\n)+)", makefile, re.M)
    assert folder and recipe
    lines = [shlex.split(line) for line in recipe.group(1).splitlines()]
    (command,) = [words for words in lines if words[0].endswith("/shapes-print")]
    copies = [(words[1], words[2]) for words in lines if words[0] == "cp"]
    return command[1:], copies, folder.group(1)


def test_readme_pictures_are_small_and_current(tmp_path: Path) -> None:
    args, copies, folder = docs_recipe()
    out = args[args.index("--out") + 1]
    args[args.index("--out") + 1] = str(tmp_path)
    assert main(args) == 0
    fresh_folder = tmp_path / Path(folder).relative_to(out)
    assert sorted(target for _, target in copies) == ["docs/cards.png", "docs/score-sheet.png"]
    for source, target in copies:
        committed = ROOT / target
        assert committed.stat().st_size < PICTURE_LIMIT
        fresh = fresh_folder / Path(source).name
        with Image.open(committed) as old, Image.open(fresh) as new:
            assert old.size == new.size, f"{target} is out of date: run make docs"
            diff = ImageStat.Stat(ImageChops.difference(old.convert("RGB"), new.convert("RGB")))
            assert max(diff.mean) < SAME_PICTURE, f"{target} is out of date: run make docs"


def test_readme_states_every_limit_as_limits_py_does() -> None:
    from shapes_print.limits import LIMITS

    text = README.read_text()
    for limit in LIMITS:
        assert f"| {limit.what} | {limit.most} |" in text
