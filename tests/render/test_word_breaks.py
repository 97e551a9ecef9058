"""Words stay apart where a line wraps: every break a wrap made at a space holds a space in
the text layer (a drawn space glyph at the line's end), so a screen reader reading the
structure (`pdfinfo -struct-text`) and a text extraction (`pdftotext`) get the words that
were laid out, for the sheets, host keys, guides and calibration sheet of several label
sets. pdfium, a Python dependency, reads the same text and always runs."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from shapes_print.pipeline import pipeline
from shapes_print.plan import paragraphs
from shapes_print.render.pdf.operators import show
from shapes_print.text.fit import wrap_breaks
from shapes_print.text.fonts import load_font
from tests import filecheck
from tests.pdfread import page_texts

SAMPLE = (
    ("collect-3", "standard"),
    ("collect-3", "es"),
    ("collect-3", "large-print"),
    ("pass-and-pick", "standard"),
    ("shapes-the-game", "large-print-atkinson"),
)
CARD_FILES = ("cards.pdf", "task-cards.pdf")


def _have(name: str) -> bool:
    try:
        filecheck.tool(name, filecheck.POPPLER)
    except filecheck.Skipped:
        return False
    return True


needs_pdfinfo = pytest.mark.skipif(
    not _have("pdfinfo"), reason=f"pdfinfo not found ({filecheck.POPPLER})"
)
needs_pdftotext = pytest.mark.skipif(
    not _have("pdftotext"), reason=f"pdftotext not found ({filecheck.POPPLER})"
)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[list[Path], set[str]]]:
    """The sample's non-card PDFs and the calibration sheet, with every text the layout
    wrapped over more than one line (recorded as it was set)."""
    out = tmp_path_factory.mktemp("words")
    wrapped: set[str] = set()
    set_lines = paragraphs._broken

    def recording(text: str, *rest: object) -> tuple[tuple[str, bool], ...] | None:
        lines = set_lines(text, *rest)  # type: ignore[arg-type]
        if lines is not None and len(lines) > 1:
            wrapped.add(text)
        return lines

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(paragraphs, "_broken", recording)
        # Plain paragraphs drawn before in this process are kept and not broken again:
        # start from none, so every paragraph of the sample is broken, and seen, here.
        paragraphs._plain.cache_clear()
        for game, labels in SAMPLE:
            project = pipeline.load_project(pipeline.Sources(), [game], [labels])
            options = pipeline.BuildOptions(players="4", paper="a4")
            pipeline.build_project(project, options, out)
    pipeline.calibrate(pipeline.Sources(), "a4", out / "calibration", "long", (0.0, 0.0))
    files = sorted(p for p in out.rglob("*.pdf") if not p.name.endswith(CARD_FILES))
    yield files, wrapped


def test_the_sample_holds_every_kind_of_non_card_file(built: tuple[list[Path], set[str]]) -> None:
    files, wrapped = built
    kinds = {path.name.rsplit("_", 1)[-1] for path in files}
    assert {"sheets.pdf", "host-key.pdf", "printing-guide.pdf"} <= kinds
    assert any("calibration" in path.name for path in files)
    assert len(wrapped) > 100  # paragraphs that wrapped: the breaks under test


# pdfinfo's reading of the sample's larger files (a print-and-play file holds its kit) takes
# most of a minute: each of these tests reads every SHARES-th file, and together all of them.
SHARES = 3


@needs_pdfinfo
@pytest.mark.parametrize("share", range(SHARES))
def test_a_screen_reader_hears_no_two_words_run_together(
    built: tuple[list[Path], set[str]], share: int
) -> None:
    joined = {path.name: filecheck.struct_text_joins(path) for path in built[0][share::SHARES]}
    assert {name: words for name, words in joined.items() if words} == {}


@needs_pdfinfo
@pytest.mark.parametrize("share", range(SHARES))
def test_the_words_drawn_in_pictures_stay_apart_in_the_structure(
    built: tuple[list[Path], set[str]], share: int
) -> None:
    """A card drawn on a sheet is a Figure: a reader says its Alt, but search, reflow and
    export to text read the words drawn in it, which must be the words written."""
    joined = {path.name: filecheck.figure_text_joins(path) for path in built[0][share::SHARES]}
    assert {name: words for name, words in joined.items() if words} == {}


@needs_pdfinfo
def test_a_cards_lines_and_texts_read_apart_in_its_picture(
    built: tuple[list[Path], set[str]],
) -> None:
    (kit,) = (p for p in built[0] if p.name == "collect-3_4p_a4_print-and-play.pdf")
    pictured = " ".join(" ".join(filecheck.figure_struct_text(kit)).split())
    assert "WILD ★ Counts as any one card in your Collect 3. If your Collect 3 uses" in pictured


@needs_pdfinfo
def test_each_wrapped_paragraph_reads_back_whole_in_the_structure(
    built: tuple[list[Path], set[str]],
) -> None:
    files, wrapped = built
    heard = {" ".join(text.split()) for path in files for text in filecheck.struct_text(path)}
    whole = " \n ".join(heard)
    missing = [text for text in wrapped if " ".join(text.split()) not in whole]
    assert missing == []
    assert "Host key: 4 players (keep away from players)" in heard


@needs_pdftotext
def test_extracted_text_holds_only_the_words_laid_out(
    built: tuple[list[Path], set[str]],
) -> None:
    joined = {path.name: filecheck.pdftotext_joins(path) for path in built[0]}
    assert {name: words for name, words in joined.items() if words} == {}


def test_pdfium_reads_a_space_where_each_line_wrapped(built: tuple[list[Path], set[str]]) -> None:
    """pdfium, which always runs: a host key's wrapped heading reads with its space."""
    (host_key,) = (p for p in built[0] if p.name == "collect-3_4p_a4_host-key.pdf")
    lines = filecheck.drawn_lines(host_key)
    assert "Host key: 4 players (keep away " in lines  # the break's space, drawn
    assert "awayfrom" not in " ".join(page_texts(host_key))


FONT = Path(__file__).resolve().parents[2] / "templates" / "fonts" / "DejaVuSans.ttf"


def test_a_wrap_says_which_breaks_fell_at_a_space() -> None:
    font = load_font(FONT)
    size = 12.0
    width = font.width("collect-3_4p_a4_", size) + 1
    broken = wrap_breaks(
        "see the file collect-3_4p_a4_task-cards.pdf\nnext line", font, size, width
    )
    assert broken == (
        ("see the file", True),
        ("collect-3_4p_a4_", False),  # a file name's parts: the name goes on
        ("task-cards.pdf", True),  # a new line: a break
        ("next line", False),  # the text's end
    )


def test_the_break_space_is_shown_but_does_not_move_a_centred_line() -> None:
    """The space is for the text layer only: a centred line sits where it sat without it."""
    font = load_font(FONT)
    plain = show((font.name, 10.0, "middle", "keep away", ""))
    spaced = show((font.name, 10.0, "middle", "keep away", " "))
    assert spaced.offset == plain.offset == 0.5 * font.width("keep away", 10.0)
    space = f"{font.glyphs[ord(' ')]:04X}"
    assert spaced.operators == plain.operators.replace("> Tj", f"{space}> Tj")
    assert spaced.glyphs[-1] == (font.glyphs[ord(" ")], ord(" "))
