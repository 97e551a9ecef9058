"""`make check-files` under pytest: the same checks (tests/filecheck.py) over a sample of
every kind of file, Collect 3 in four label sets, built once for this file. A check whose
tool is missing is skipped, naming the tool, so `pytest -rs` lists what was not checked.
A kit's sheets, player aid and cards are read in its print-and-play file, which draws them
again, and not a second time in their own files (filecheck.in_print_and_play; the test
`test_a_print_and_play_file_holds_every_tagged_line_of_its_players_files` holds why), and a
print-shop kit's fronts and backs files in its cards file (filecheck.one_side).

The sample's plans come from the build (its kit listener, `listening_to_kits`) and say
what is on each page. The checks that read page by page read a page planned as one
before it once (a print shop's copies of a card); the checks that read with poppler read
each sheet, key and guide's pages that between them hold every kind of wrapped paragraph
the plans hold (`tests/pagesample.py`; tests below hold both).

Words stay apart where a line wraps, too: every paragraph the plan wraps on those pages
reads back whole in the structure a screen reader hears (`pdfinfo -struct-text`, the same
reading the words-apart check takes, so each file is read once), and pdfium, a Python
dependency, reads a wrapped heading with its space."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from msgspec import structs
from pypdf import PageObject, PdfReader

from shapes_print.geometry.primitives import Document
from shapes_print.kit.variant import make_variant
from shapes_print.load.labels import STANDARD, load_labels
from shapes_print.load.options import named_size
from shapes_print.pipeline import pipeline
from shapes_print.pipeline.requests import Planned, listening_to_kits
from shapes_print.plan.kit import KitFile
from tests import filecheck, outsidetools, pagesample, wordchecks
from tests.pagesample import Wrapped
from tests.pdfread import page_texts

LABELS = ("standard", "es", "large-print", "braille")
# Beside filecheck's sample: a game in a second large-print face, its paragraphs wrapped at
# other widths.
EXTRA = (("shapes-the-game", "large-print-atkinson"),)


@dataclass(frozen=True)
class Sample:
    """The sample's files; the same with each page planned as one before it left out, in a
    folder of their own, for the checks that read page by page, and those pages (each
    with the page it is planned as); the files poppler reads for its sheets, keys and guides (each one's
    chosen pages alone, `pagesample.chosen_pages`), each with the paragraphs its plan
    wrapped over more than one line on those pages; and every wrapped paragraph of the
    sheets, keys and guides, all their pages."""

    files: list[Path]
    distinct: list[Path]
    alike: dict[Path, dict[int, int]]
    read: dict[Path, list[Wrapped]]
    every_wrapped: list[Wrapped]


# Poppler reads the card whose words the test of words in pictures looks for, and the host
# key's wrapped title that the test of wrapped paragraphs looks for.
WILD = "WILD ★ Counts as any one card in your Collect 3. If your Collect 3 uses"
HOST_KEY = "Host key: 4 players (keep away from players)"
MUST_READ = (
    ("collect-3_4p_a4_print-and-play.pdf", WILD),
    ("collect-3_4p_a4_host-key.pdf", HOST_KEY),
)


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> Sample:
    out = tmp_path_factory.mktemp("check-files")
    built = _built(out)
    files = filecheck.sample_files(out)
    # A document may make its pages as they are asked for: they are made once more here.
    plans = {path: structs.replace(built[path], pages=list(built[path].pages)) for path in built}
    alike = {path: pagesample.alike_pages(plan) for path, plan in plans.items()}
    distinct = tmp_path_factory.mktemp("distinct-pages")
    for path in files:
        _distinct(path, plans.get(path), alike.get(path, {}), distinct / path.relative_to(out))
    read = {path: plan for path, plan in plans.items() if filecheck.non_card(path)}
    wrapped = {
        path: [pagesample.wrapped_paragraphs(plan, i) for i in range(len(plan.pages))]
        for path, plan in read.items()
    }
    chosen = _chosen(read, wrapped)
    pages = tmp_path_factory.mktemp("chosen-pages")
    return Sample(
        files,
        filecheck.sample_files(distinct),
        {path: pages for path, pages in alike.items() if pages},
        {
            pagesample.pages_only(path, chosen[path], pages / path.relative_to(out)): [
                paragraph for i in chosen[path] for paragraph in wrapped[path][i]
            ]
            for path in read
        },
        [paragraph for found in wrapped.values() for page in found for paragraph in page],
    )


def _distinct(path: Path, plan: Document | None, alike: dict[int, int], copy: Path) -> None:
    """The file at `copy` with its pages planned as one before them left out, or itself
    (linked) where it has none."""
    if plan is not None and alike:
        pagesample.pages_only(path, sorted(set(range(len(plan.pages))) - set(alike)), copy)
    else:
        copy.parent.mkdir(parents=True, exist_ok=True)
        os.link(path, copy)


def _chosen(
    read: dict[Path, Document], wrapped: dict[Path, list[list[Wrapped]]]
) -> dict[Path, list[int]]:
    """The pages poppler reads (`pagesample.chosen_pages`), with those of MUST_READ."""
    chosen = pagesample.chosen_pages(read, wrapped)
    for name, text in MUST_READ:
        for path in (path for path in read if path.name == name):
            pages = enumerate(wrapped[path])
            chosen[path].append(next(i for i, found in pages if _holds(found, text)))
    return chosen


def _built(out: Path) -> dict[Path, Document]:
    """Build the sample into `out`: every PDF's plan, by its path."""
    plans: dict[Path, Document] = {}

    def planned(kit: Planned, files: list[KitFile]) -> None:
        folder = out / "shop" / kit.folder if kit.request.options.print_shop else out / kit.folder
        for file in files:
            if isinstance(file.document, Document):
                plans[folder / f"{file.name}.pdf"] = file.document

    with listening_to_kits(planned):
        filecheck.build_sample(out, LABELS)
        for game, labels in EXTRA:
            project = pipeline.load_project(pipeline.Sources(), [game], [labels])
            options = pipeline.BuildOptions(players="4", paper="a4")
            pipeline.build_project(project, options, out)
    (calibration,) = (out / "calibration").rglob("*.pdf")
    plans[calibration] = _calibration_plan()
    return plans


def _calibration_plan() -> Document:
    """The sample's calibration sheet as `filecheck.build_sample` plans it."""
    sources = pipeline.Sources()
    variant = make_variant(sources.templates, {}, load_labels(STANDARD, sources.labels))
    size = named_size("a4", variant.library.papers, "--paper")
    return pipeline.plan_calibration(variant, "a4", size, "long", (0.0, 0.0))


def _holds(wrapped: list[Wrapped], text: str) -> bool:
    return any(paragraph.text.startswith(text) for paragraph in wrapped)


def test_the_sample_holds_every_kind_of_file(sample: Sample) -> None:
    for check in filecheck.CHECKS:
        assert any(check.applies(path) for path in sample.files), check.name
    kinds = {path.name.rsplit("_", 1)[-1] for path in sample.files}
    assert {"sheets.pdf", "host-key.pdf", "printing-guide.pdf"} <= kinds
    assert any("calibration" in path.name for path in sample.files)
    assert len(sample.every_wrapped) > 400  # paragraphs that wrapped: the breaks under test


def test_the_pages_poppler_reads_hold_every_kind_of_wrapped_paragraph(sample: Sample) -> None:
    """Poppler reads each sheet, key and guide's chosen pages alone (`pagesample`): between
    them they hold a wrapped paragraph of every kind the whole sample's plan holds (a
    heading's, a cell's, a list item's, one beside a Span, one in a picture, in English
    and Spanish), which the words-apart checks and the test of wrapped paragraphs below
    read back."""
    read = [wrapped for found in sample.read.values() for wrapped in found]
    kinds = {wrapped.kind for wrapped in read}
    assert kinds == {wrapped.kind for wrapped in sample.every_wrapped}
    assert {"H2", "P", "TD", "LBody"} <= {kind.role for kind in kinds}
    assert {"en", "es"} <= {kind.lang for kind in kinds}
    assert any(kind.spanned for kind in kinds) and any(kind.pictured for kind in kinds)
    assert len(read) > 40


# Ghostscript separates every page of the print-shop files into plates, and pdfium sizes
# every run of text of every PDF: two tests share each.
SHARES = {
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
    names = {check.name for check in filecheck.CHECKS}
    assert set(SHARES) | POPPLER_READS | PAGE_BY_PAGE <= names


# The checks that read with poppler read a sheet, key or guide's chosen pages alone.
POPPLER_READS = {
    "words apart (pdfinfo -struct-text)",
    "words apart in pictures (pdfinfo -struct-text)",
    "words apart (pdftotext)",
}


# The checks that read each page on its own read a page planned as one before it once.
PAGE_BY_PAGE = {
    "no line thinner than the finest",
    "no text smaller than the finest",
    "Ghostscript renders CMYK",
    "black areas in black ink alone (separations)",
    "swell fronts line art",
    "swell fronts no grey (pdfium)",
    "swell fronts no grey (Ghostscript)",
    "swell fronts no grey area (pdfium, anti-aliased)",
}


@pytest.mark.parametrize(("check", "share", "count"), shared_checks())
def test_the_files_pass(sample: Sample, check: filecheck.Check, share: int, count: int) -> None:
    files = sample.files
    if check.name in POPPLER_READS:
        files = list(sample.read)
    elif check.name in PAGE_BY_PAGE:
        files = sample.distinct
    files = [path for path in files if check.applies(path)][share::count]
    outcome = filecheck.run_check(check, files)
    if outcome.skipped:
        pytest.skip(str(outcome.skipped))
    assert outcome.files and outcome.problems == []


def test_a_page_planned_as_another_is_drawn_as_it_is(sample: Sample) -> None:
    """Why the checks that read page by page read a page planned as one before it once
    (`Sample.distinct`): its content draws the same (its marked sequences' numbers aside)
    with the same pictures. A print shop's cards file repeats each copy of a card and
    every back: of 178 pages of Collect 3's, 31 are read."""
    for path, alike in sample.alike.items():
        pages = PdfReader(path).pages
        for index, first in alike.items():
            assert _drawing(pages[index]) == _drawing(pages[first]), (path.name, index)
            assert _forms(pages[index]) == _forms(pages[first]), (path.name, index)
    (shop,) = (p for p in sample.alike if p.name.endswith("high-contrast_cards-print-shop.pdf"))
    assert len(sample.alike[shop]) == 178 - 31
    copies = {path.name: path for path in sample.distinct}
    assert len(PdfReader(copies[shop.name]).pages) == 31


def _drawing(page: PageObject) -> bytes:
    return re.sub(rb"/MCID \d+", b"", page.get_contents().get_data())


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
        assert wordchecks.tagged_lines(path) <= wordchecks.tagged_lines(whole), path.name


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
    heard = _heard(sample, wordchecks.struct_text)
    for (path, wrapped), words in zip(sample.read.items(), heard, strict=True):
        missing = [found.text for found in wrapped if not found.kind.pictured]
        assert [text for text in missing if text not in words] == [], path.name
    assert sum(not found.kind.pictured for found in _all(sample)) > 30
    assert any(HOST_KEY in words for words in heard)


def _all(sample: Sample) -> list[Wrapped]:
    return [found for wrapped in sample.read.values() for found in wrapped]


def _heard(sample: Sample, runs: Callable[[Path], list[str]]) -> list[str]:
    """The runs of each file poppler reads, each run's spaces kept, white space made one."""
    return [" ".join(" ".join(runs(path)).split()) for path in sample.read]


def test_a_cards_lines_and_texts_read_apart_in_its_picture(sample: Sample) -> None:
    """A card drawn on a sheet is a Figure: search, reflow and export to text read the words
    drawn in it, which must be the words written, apart where a line wrapped: the Wild
    card's, and every wrapped paragraph in a picture on the pages poppler reads."""
    pictured = _heard(sample, wordchecks.figure_struct_text)
    for (path, wrapped), words in zip(sample.read.items(), pictured, strict=True):
        missing = [found.text for found in wrapped if found.kind.pictured]
        assert [text for text in missing if text not in words] == [], path.name
        if path.name == "collect-3_4p_a4_print-and-play.pdf":
            assert WILD in words
    assert sum(found.kind.pictured for found in _all(sample)) > 5


def test_pdfium_reads_a_space_where_each_line_wrapped(sample: Sample) -> None:
    """pdfium, which always runs: a host key's wrapped heading reads with its space."""
    (host_key,) = (
        p
        for p in sample.files
        if p.name == "collect-3_4p_a4_host-key.pdf" and "shop" not in p.parts
    )
    lines = wordchecks.drawn_lines(host_key)
    assert "Host key: 4 players (keep away " in lines  # the break's space, drawn
    assert "awayfrom" not in " ".join(page_texts(host_key))


def test_a_missing_tool_is_a_skip_that_names_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # a folder with no tools in it
    (check,) = [c for c in filecheck.CHECKS if c.name == "words apart (pdfinfo -struct-text)"]
    outcome = filecheck.run_check(check, [Path("any_host-key.pdf")])
    assert outcome.skipped == outsidetools.Skipped("pdfinfo", outsidetools.POPPLER)
    assert outcome.line().endswith("skipped, pdfinfo not found (apt-get install poppler-utils)")


def test_a_problem_is_reported_with_its_file(tmp_path: Path) -> None:
    """A check that finds something names the file and fails the command."""
    (tmp_path / "x_host-key.pdf").write_bytes(b"")
    failing = filecheck.Check("always", "any", lambda _: True, lambda _: ["broken"])
    outcome = filecheck.run_check(failing, [tmp_path / "x_host-key.pdf"])
    assert outcome.problems == ["x_host-key.pdf: broken"]
    assert "1 problems in 1 files: x_host-key.pdf: broken" in outcome.line()
