"""The `.brf` as BANA's Braille Formats lay it out: a heading never ends a braille page,
and its first line of text follows it on its page; each arrow's words are read once. Read
from the real embosser files of every game's braille and Spanish braille kits."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from shapes_print.braille.cells import ascii_braille
from shapes_print.braille.translate import code_for, translate
from shapes_print.pipeline import pipeline
from tests import braillechecks

GAMES = ("pass-and-pick", "shapes-the-game", "collect-3")
SETS = ("braille", "braille-es")
LOU = shutil.which("lou_translate")


@pytest.fixture(scope="module")
def embossed(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], Path]:
    out = tmp_path_factory.mktemp("brf")
    for labels in SETS:
        project = pipeline.load_project(pipeline.Sources(), list(GAMES), [labels])
        pipeline.build_project(project, pipeline.BuildOptions(players="4", paper="a4"), out)
    found = {(p.parts[-5], p.parts[-4]): p for p in out.rglob("*.brf")}
    assert len(found) == len(GAMES) * len(SETS)
    return found


def _pages(brf: Path) -> list[list[str]]:
    """Each page's body lines (its last line, the page number, left out)."""
    pages = brf.read_bytes().decode("ascii").split("\f")
    return [page.split("\r\n")[:-1][:-1] for page in pages]


@pytest.mark.parametrize("labels", SETS)
@pytest.mark.parametrize("game", GAMES)
def test_no_heading_ends_a_braille_page(
    embossed: dict[tuple[str, str], Path], game: str, labels: str
) -> None:
    headings = braillechecks.heading_lines(game, labels, "4", "a4", at_least=40)
    pages = _pages(embossed[(game, labels)])
    seen = 0
    for number, body in enumerate(pages, start=1):
        lines = [line.strip() for line in body]
        for index, line in enumerate(lines):
            if line not in headings:
                continue
            seen += 1
            after = [other for other in lines[index + 1 :] if other]
            text_after = [other for other in after if other not in headings]
            assert text_after, f"page {number}: heading {line!r} has no text after it on its page"
    assert seen >= 3


def _back_translated(brf: Path, table: str) -> list[str]:
    assert LOU is not None
    text = "\n".join(line for page in _pages(brf) for line in page if line.strip())
    run = subprocess.run(
        [LOU, "--backward", f"en-us-brf.dis,{table}"],
        input=text,
        capture_output=True,
        text=True,
        check=True,
    )
    return [" ".join(line.split()) for line in run.stdout.splitlines()]


def test_each_arrow_is_read_once(embossed: dict[tuple[str, str], Path]) -> None:
    """Pass and pick's three round arrows: the caption once, then the picture's direction
    once ("Arrow pointing left"), and no third reading of the direction word."""
    brf = embossed[("pass-and-pick", "braille")]
    text = " ".join(line.strip() for page in _pages(brf) for line in page)
    for caption in ("Round 1: pass this way", "Round 2: pass this way"):
        assert text.count(_brf(caption)) == 1, caption
    assert text.count(_brf("Arrow pointing left")) == 2  # rounds 1 and 3
    assert text.count(_brf("Arrow pointing right")) == 1  # round 2
    assert _brf("LEFT") not in text.split() and _brf("RIGHT") not in text.split()


def _brf(words: str) -> str:
    """Words as the .brf spells them in UEB grade 1: ASCII braille, a space between words."""
    return " ".join(ascii_braille(word) for word in translate(words, code_for("en")))


@pytest.mark.skipif(LOU is None, reason="lou_translate not found (apt-get install liblouis-bin)")
def test_liblouis_reads_each_arrow_once(embossed: dict[tuple[str, str], Path]) -> None:
    lines = _back_translated(embossed[("pass-and-pick", "braille")], "en-ueb-g1.ctb")
    whole = " ".join(lines).casefold()
    assert whole.count("round 1: pass this way") == 1
    assert whole.count("arrow pointing left") == 2
    assert "arrow pointing left: round" not in whole
