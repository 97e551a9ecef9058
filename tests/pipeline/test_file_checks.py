"""`make check-files` under pytest: the same checks (tests/filecheck.py) over a sample of
every kind of file, Collect 3 in four label sets, built once for this file. A check whose
tool is missing is skipped, naming the tool, so `pytest -rs` lists what was not checked.
A kit's sheets, player aid and cards are read in its print-and-play file, which draws them
again, and not a second time in their own files (filecheck.in_print_and_play; the test
`test_a_print_and_play_file_holds_every_tagged_line_of_its_players_files` holds why), and a
print-shop kit's fronts and backs files in its cards file (filecheck.one_side).

Words stay apart where a line wraps, too: every paragraph the layout wrapped while building
the sample (recorded as it was set) reads back whole in the structure a screen reader
hears (`pdfinfo -struct-text`, the same reading the words-apart check takes, so each file is
read once), and pdfium, a Python dependency, reads a wrapped heading with its space."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from pypdf import PageObject, PdfReader

from shapes_print.pipeline import pipeline
from shapes_print.plan import paragraphs
from tests import filecheck
from tests.pdfread import page_texts

LABELS = ("standard", "es", "large-print", "braille")
# Beside filecheck's sample: a game in a second large-print face, its paragraphs wrapped at
# other widths.
EXTRA = (("shapes-the-game", "large-print-atkinson"),)


@dataclass(frozen=True)
class Sample:
    """The sample's files, and every text the layout wrapped over more than one line."""

    files: list[Path]
    wrapped: set[str]


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> Sample:
    out = tmp_path_factory.mktemp("check-files")
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
        filecheck.build_sample(out, LABELS)
        for game, labels in EXTRA:
            project = pipeline.load_project(pipeline.Sources(), [game], [labels])
            options = pipeline.BuildOptions(players="4", paper="a4")
            pipeline.build_project(project, options, out)
    return Sample(filecheck.sample_files(out), wrapped)


def test_the_sample_holds_every_kind_of_file(sample: Sample) -> None:
    for check in filecheck.CHECKS:
        assert any(check.applies(path) for path in sample.files), check.name
    kinds = {path.name.rsplit("_", 1)[-1] for path in sample.files}
    assert {"sheets.pdf", "host-key.pdf", "printing-guide.pdf"} <= kinds
    assert any("calibration" in path.name for path in sample.files)
    assert len(sample.wrapped) > 100  # paragraphs that wrapped: the breaks under test


# pdfinfo -struct-text reads every sheet, key and guide of the sample (about 30 s on a busy
# 2-core machine): three tests share its files, every third each, all of them between them
# (for the words outside pictures and inside them alike); Ghostscript separates every page
# of the print-shop files into plates, and pdfium sizes every run of text of every PDF: two
# tests share each.
SHARES = {
    "words apart (pdfinfo -struct-text)": 3,
    "words apart in pictures (pdfinfo -struct-text)": 3,
    "black areas in black ink alone (separations)": 2,
    "no text smaller than the finest": 2,
}


def shared_checks() -> list[object]:
    """Each check once, or in its SHARES of the files that it applies to."""
    cases: list[object] = []
    for check in filecheck.CHECKS:
        count = SHARES.get(check.name, 1)
        for share in range(count):
            name = check.name if count == 1 else f"{check.name} {share + 1}/{count}"
            cases.append(pytest.param(check, share, count, id=name))
    return cases


def test_every_shared_check_is_a_check() -> None:
    assert set(SHARES) <= {check.name for check in filecheck.CHECKS}


@pytest.mark.parametrize(("check", "share", "count"), shared_checks())
def test_the_files_pass(sample: Sample, check: filecheck.Check, share: int, count: int) -> None:
    files = [path for path in sample.files if check.applies(path)][share::count]
    outcome = filecheck.run_check(check, files)
    if outcome.skipped:
        pytest.skip(str(outcome.skipped))
    assert outcome.files and outcome.problems == []


def test_a_print_and_play_file_holds_every_tagged_line_of_its_players_files(
    sample: Sample,
) -> None:
    """Why the checks read a kit's sheets, player aid and cards in its print-and-play file
    and not in their own files too (filecheck.in_print_and_play): every line of tagged
    content each of them draws (what the structure reads, a card's words in its picture
    too) is a line of tagged content there. Only their artifacts are not: their running
    feet and print furniture, which every host key and guide draws alike. Read with
    pdfium, in about two seconds for the whole sample."""
    held = [path for path in sample.files if filecheck.in_print_and_play(path)]
    kinds = {path.name.rsplit("_", 1)[-1] for path in held}
    assert {"sheets.pdf", "player-aid.pdf", "cards.pdf", "task-cards.pdf"} <= kinds
    for path in held:
        (whole,) = path.parent.glob(f"*{filecheck.OWN_FILES[0]}")
        assert filecheck.tagged_lines(path) <= filecheck.tagged_lines(whole), path.name


def test_a_print_shop_file_of_one_side_draws_pages_of_its_cards_file(sample: Sample) -> None:
    """Why the checks of what is drawn read a print-shop kit's fronts and backs in its
    cards file alone (filecheck.one_side): each page of the fronts file is the same content
    drawing the same pictures as a front of the cards file (every other page, from the
    first), and the backs file's as a back."""
    one_side = [path for path in sample.files if filecheck.one_side(path)]
    assert {path.stem.rsplit("-", 1)[-1] for path in one_side} == {"fronts", "backs"}
    for path in one_side:
        stem, side = path.stem.rsplit("-", 1)
        pages = PdfReader(path).pages
        whole = PdfReader(path.with_name(f"{stem}.pdf")).pages[side == "backs" :: 2]
        assert len(pages) == len(whole), path.name
        for page, same in zip(pages, whole, strict=True):
            assert page.get_contents().get_data() == same.get_contents().get_data(), path.name
            assert _forms(page) == _forms(same), path.name


def _forms(page: PageObject) -> dict[str, bytes]:
    """The page's pictures (form XObjects) by name, each its drawing."""
    forms = page["/Resources"].get("/XObject", {})
    return {name: forms[name].get_object().get_data() for name in forms}


def test_each_wrapped_paragraph_reads_back_whole_in_the_structure(sample: Sample) -> None:
    """After the words-apart check above, which read each file's structure already. A file's
    runs are read on from one to the next, as a reader hears them: pdfinfo breaks a
    paragraph's text where an inline Span (a range's expansion) stands, so a paragraph with
    one reads back in pieces, each piece with its own spaces."""
    files = [path for path in sample.files if filecheck.non_card(path)]
    heard = [" ".join("".join(filecheck.struct_text(path)).split()) for path in files]
    whole = "\n".join(heard)
    missing = [text for text in sample.wrapped if " ".join(text.split()) not in whole]
    assert missing == []
    assert "Host key: 4 players (keep away from players)" in whole


def test_a_cards_lines_and_texts_read_apart_in_its_picture(sample: Sample) -> None:
    """A card drawn on a sheet is a Figure: search, reflow and export to text read the words
    drawn in it, which must be the words written, apart where a line wrapped."""
    (kit,) = (p for p in sample.files if p.name == "collect-3_4p_a4_print-and-play.pdf")
    pictured = " ".join(" ".join(filecheck.figure_struct_text(kit)).split())
    assert "WILD ★ Counts as any one card in your Collect 3. If your Collect 3 uses" in pictured


def test_pdfium_reads_a_space_where_each_line_wrapped(sample: Sample) -> None:
    """pdfium, which always runs: a host key's wrapped heading reads with its space."""
    (host_key,) = (
        p
        for p in sample.files
        if p.name == "collect-3_4p_a4_host-key.pdf" and "shop" not in p.parts
    )
    lines = filecheck.drawn_lines(host_key)
    assert "Host key: 4 players (keep away " in lines  # the break's space, drawn
    assert "awayfrom" not in " ".join(page_texts(host_key))


def test_a_missing_tool_is_a_skip_that_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(filecheck.shutil, "which", lambda _: None)
    (check,) = [c for c in filecheck.CHECKS if c.name == "words apart (pdfinfo -struct-text)"]
    outcome = filecheck.run_check(check, [Path("any_host-key.pdf")])
    assert outcome.skipped == filecheck.Skipped("pdfinfo", filecheck.POPPLER)
    assert outcome.line().endswith("skipped, pdfinfo not found (apt-get install poppler-utils)")


def test_a_problem_is_reported_with_its_file(tmp_path: Path) -> None:
    """A check that finds something names the file and fails the command."""
    (tmp_path / "x_host-key.pdf").write_bytes(b"")
    failing = filecheck.Check("always", "any", lambda _: True, lambda _: ["broken"])
    outcome = filecheck.run_check(failing, [tmp_path / "x_host-key.pdf"])
    assert outcome.problems == ["x_host-key.pdf: broken"]
    assert "1 problems in 1 files: x_host-key.pdf: broken" in outcome.line()
