"""Large print: its sizes hold on every page and card, its lines break where they may."""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path

import pytest

from shapes_print.commands.cli import main
from shapes_print.errors import UserError
from shapes_print.geometry.primitives import (
    BLACK,
    Artifact,
    Document,
    Group,
    Item,
    Page,
    Symbol,
    Text,
    Use,
)
from shapes_print.load.options import PrintOptions
from shapes_print.pipeline import pipeline
from shapes_print.plan.cardfile import card_symbols, card_template
from shapes_print.render.pdf import write_pdf
from shapes_print.text.fit import wrap
from tests.command_lines import one_kit
from tests.labelsets import GAMES, project
from tests.pdfread import Run, page_lines, sized_runs

# The print furniture's words, as strings: a wrapped line of it is a part of one of them.
FURNITURE = (
    "Print at 100% / Actual size, headers and footers off; double-sided, flip on long edge",
    "Print at 100% / Actual size, headers and footers off; one-sided",
    "50 mm: check with a ruler 1 in",
)


def furniture(line: str) -> bool:
    """A line of the print furniture, however it wraps: two or more of its words in a row
    (a lone "5" or "1" at 6 pt is no furniture line but a word printed too small)."""
    return len(line.split()) >= 2 and any(f" {line} " in f" {words} " for words in FURNITURE)


LARGE = ["large-print", "large-print-atkinson"]


def _card_and_sheet_pages(pdf: Path) -> list[tuple[Path, bool, list[list]]]:
    """A file's card pages and its sheet pages, each with its runs (furniture left out).

    A cards file is card pages (task cards are cards too); the print-and-play file holds
    both, a card page being one whose every word is in a card's picture, but for its page
    furniture (the file's running foot).
    """
    pages = [[run for run in page if not furniture(run.text)] for page in sized_runs(pdf)]
    if pdf.name.endswith("cards.pdf"):
        return [(pdf, True, pages)]
    if not pdf.name.endswith("print-and-play.pdf"):
        return [(pdf, False, pages)]
    card = [page for page in pages if page and all(run.pictures or run.layout for run in page)]
    return [(pdf, True, card), (pdf, False, [page for page in pages if page not in card])]


@pytest.mark.parametrize("labels", LARGE)
@pytest.mark.parametrize("game", GAMES)
def test_large_print_sizes_hold_on_the_page(labelled: Path, labels: str, game: str) -> None:
    """Read back from the PDFs at the size they print: card words 24 pt+, sheet text 18 pt+,
    headings 22 pt+ bold.

    One kit per game, A4 and the most players (the widest score sheet): sizes come from the
    label set, not the count. The print furniture (ruler label, print line) stays small in
    the margin: it is for the printer's settings, not the game, and 18 pt would not fit a
    card sheet's margin. Cards drawn small are pictures of the cards, marked as such with
    their words as alternate text: their own words print at a third of their size, so a
    sheet writes those words right after the picture at 18 pt, and a card's pictures are
    written out on the player sheets it points to (the Task list). On a card sheet each
    card is itself a picture (its words its alternate text): its own words are in that one
    picture, cards drawn small on it in a picture inside.
    """
    (folder,) = [
        max(labelled.glob(f"{game}/{labels}/a4/*-players"), key=lambda f: int(f.name.split("-")[0]))
    ]
    pdfs = sorted(folder.glob("*.pdf"))
    assert len(pdfs) >= 4
    card_pictures: set[str] = set()
    captioned = project(labels, game).ctx.style.captioned_alt
    for pdf, cards, pages in (part for file in pdfs for part in _card_and_sheet_pages(file)):
        least, own = (24.0, 1) if cards else (18.0, 0)
        assert all(len(r.pictures) >= own or r.layout for page in pages for r in page), pdf.name
        # Words inside layout are not the page's to read: furniture, or the small cards of a
        # picture whose name the cell beside it prints at full size (Action cards).
        runs = [
            run for page in pages for run in page if len(run.pictures) == own and not run.layout
        ]
        assert runs and min(run.size for run in runs) >= least, (
            pdf.name,
            min(runs, key=lambda r: r.size),
        )
        if least == 24.0:
            card_pictures |= {
                run.picture for page in pages for run in page if len(run.pictures) > own
            }
        else:
            for alt, drawn, after in (
                named for page in pages for named in _pictures_and_the_words_after(page, least)
            ):
                # A picture says the names it shows, written after it; or its caption names
                # them, and its Alt says only what it is; or its own words print at full
                # size (an arrow's direction word).
                readable = alt in after or (alt == captioned and after) or drawn >= least
                assert readable, (pdf.name, alt, after)
        if least == 18.0:  # every sheet, host key and guide opens with its heading
            heading = runs[0]
            assert heading.size >= 22 and "Bold" in heading.font, (pdf.name, heading)
        if pdf.name.endswith("_sheets.pdf") and game == "collect-3":
            # Nothing clipped: the Task list's narrow "No." column widens to its 18 pt word,
            # and ten players' columns stand in one score table across the turned paper.
            cells = [run.text for run in runs]
            assert "No." in cells and "20" in cells
            assert all(f"P{n}" in cells for n in range(1, 11)) and cells.count("Round 1") == 1
    if card_pictures:  # Collect 3's task cards show their example as cards
        sheets = next(pdf for pdf in pdfs if pdf.name.endswith("_sheets.pdf"))
        written = " ".join(
            run.text
            for page in sized_runs(sheets)
            for run in page
            if not run.picture and run.size >= 18
        )
        assert {alt for alt in card_pictures if alt not in written} == set()
    assert card_pictures or game != "collect-3"


@pytest.mark.parametrize("labels", LARGE)
def test_large_print_captions_keep_each_card_name_on_one_line(labelled: Path, labels: str) -> None:
    """ "Green" ending one line and "5" starting the next would read as two cards."""
    sheets = sorted(labelled.glob(f"collect-3/{labels}/a4/*-players/*_sheets.pdf"))[0]
    lines = [line.strip() for page in page_lines(sheets) for line in page]
    assert any(re.search(r"\bGreen\s5\b", line) for line in lines)  # captions are there to check
    split = [
        (a, b)
        for a, b in pairwise(lines)
        if re.search(r"\b(Red|Blue|Green|Yellow)$", a) and re.match(r"\d", b)
    ]
    assert split == []


def test_a_no_break_space_never_breaks_a_line() -> None:
    font = project("standard").ctx.fonts.regular
    width = font.width("Red 1, Blue 3,", 18)
    assert wrap("Red 1, Blue 3, Green 5", font, 18, width) == ("Red 1, Blue 3,", "Green 5")
    assert wrap("Red 1, Blue 3, Green\u00a05", font, 18, width + font.width(" Green", 18)) == (
        "Red 1, Blue 3,",
        "Green\u00a05",
    )


def _pictures_and_the_words_after(
    page: list[Run], least: float
) -> Iterator[tuple[str, float, str]]:
    """Each picture on a page, the smallest size its own words print at, and the words at
    `least` or more that follow it, up to the next picture: what a reader finds beside or
    beneath it, its table cell and row."""
    starts = [
        i
        for i, run in enumerate(page)
        if run.picture and (i == 0 or page[i - 1].picture != run.picture)
    ]
    for start, end in pairwise([*starts, len(page)]):
        after = [run.text for run in page[start:end] if not run.picture and run.size >= least]
        drawn = min(run.size for run in page[start:end] if run.picture == page[start].picture)
        yield page[start].picture, drawn, " ".join(" ".join(after).split())


def test_sized_runs_read_the_size_text_prints_at_and_the_picture_it_is_in(tmp_path: Path) -> None:
    """A known case: 24 pt text as set, in a group scaled by a half, turned a quarter, and in
    a card face placed at a quarter inside a picture, reads back as 24, 12, 24 and 6 pt."""
    font = project("standard").ctx.fonts.regular.name
    face = Symbol("face-a", 100, 100, (Text(10, 10, "FACE", font, 24, BLACK),))
    items = (
        Text(50, 700, "SET", font, 24, BLACK),
        Group((Text(0, 0, "HALF", font, 24, BLACK),), dx=50, dy=600, scale=0.5),
        Group((Text(0, 0, "TURNED", font, 24, BLACK),), dx=300, dy=500, angle=90),
        Group((Group((Use("face-a", 0, 0),), dx=50, dy=300, scale=0.25),), alt="Bomb → 0"),
    )
    pdf = tmp_path / "known.pdf"
    with pdf.open("wb") as out:
        write_pdf(Document("known", [Page(595, 842, items)], {"face-a": face}), out)
    read = {run.text: (run.size, run.picture) for run in sized_runs(pdf)[0]}
    assert read == {
        "SET": (24.0, ""),
        "HALF": (12.0, ""),
        "TURNED": (24.0, ""),
        "FACE": (6.0, "Bomb → 0"),
    }


def _text_sizes(items: tuple[Item, ...]) -> Iterator[float]:
    for item in items:
        if isinstance(item, Group | Artifact):
            yield from _text_sizes(item.items)
        elif isinstance(item, Text):
            yield item.size


@pytest.mark.parametrize("labels", LARGE)
@pytest.mark.parametrize("game", GAMES)
def test_large_print_cards_hold_24pt_at_every_card_size_that_can(labels: str, game: str) -> None:
    """Large print's boxes are card-relative: every named size draws every card of every deck
    with its words at 24 pt or more, except mini, whose 34 mm of text width holds no 24 pt
    word (TRIANGLE, YELLOW) or short rule: it stops with one line naming the card, text and box."""
    planned = project(labels, game)
    loaded = planned.games[game]
    sizes = list(planned.library.card_sizes)
    assert {"poker", "bridge", "tarot", "square", "mini"} <= set(sizes)
    for size in sizes:
        template = card_template(loaded, planned.library, size)
        if size == "mini":
            with pytest.raises(UserError) as refused:
                card_symbols(loaded, template, planned.ctx)
            assert re.fullmatch(
                # The deck's words, or large print's own shorter ones (Collect 3's rules)
                r".*(deck|labels/large-print)\.yaml:\d+:\d+: card '[a-z0-9{}-]+'( \([a-z0-9-]+\))?, "
                r"element '[a-z-]+': "
                r"text '[^']+' "
                r"does not fit its 34\.0 x [\d.]+ mm box even at 24 pt",
                refused.value.line(),
            )
            continue
        earlier = None
        for deck in loaded.decks:  # Collect 3's task cards show the deck's faces
            faces, backs = card_symbols(loaded, template, planned.ctx, deck=deck, earlier=earlier)
            earlier = {**(earlier or {}), **faces}
            sizes_drawn = [
                size
                for symbol in [*faces.values(), *backs.values()]
                for size in _text_sizes(symbol.items)
            ]
            assert sizes_drawn and min(sizes_drawn) >= 24, (size, deck.name)


def test_large_print_on_mini_cards_is_one_line_naming_card_text_and_box(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = one_kit("pass-and-pick", tmp_path, "--labels", "large-print", "--card-size", "mini")
    assert main(args) == 2
    # Said at the option: the shipped game's deck is no file of the user's to edit.
    assert re.fullmatch(
        r"--card-size mini: the shipped pass-and-pick deck does not fit a 44\.0 x 63\.0 mm card "
        r"\(card 'triangle', element 'label': text 'TRIANGLE' does not fit its 34\.0 x 12\.0 mm "
        r"box even at 24 pt\); ask a larger card size, or give the game a card layout of its "
        r"own \(label set 'large-print'\)\n",
        capsys.readouterr().err,
    )
    assert not list(tmp_path.iterdir())


def texts(item: Item) -> Iterator[Text]:
    if isinstance(item, Group | Artifact):
        for child in item.items:
            yield from texts(child)
    elif isinstance(item, Text):
        yield item


def test_a_file_name_too_wide_for_large_print_breaks_after_an_underscore() -> None:
    """The print-shop file names of Collect 3 are wider than the guide's File column can be
    at 18 pt: they break after a hyphen (or an underscore), not anywhere."""
    planned = project("large-print", "collect-3")
    ((_, _, files),) = pipeline.plan_all(planned, "4", "a4", "long", PrintOptions(print_shop=True))
    runs = [t for page in files[-1].document.pages for item in page.items for t in texts(item)]
    name = "task-cards-print-shop-fronts.pdf"
    # The name's lines, each a run: it starts a run and the runs after it complete it.
    at = next(
        i
        for i in range(len(runs) - 2)
        if "".join(run.text for run in runs[i : i + 3]).startswith(name)
    )
    parts = [run.text for run in runs[at : at + 3]]
    assert parts[0].endswith(("_", "-")) and parts[1].endswith(("_", "-")), parts
    assert all(run.size >= 18 for run in runs[at : at + 3])
