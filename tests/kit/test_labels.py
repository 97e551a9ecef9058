"""Label sets: every shipped one builds, holds its contrast and sizes, and says its words."""

from __future__ import annotations

import json
import re
import shutil
import tempfile
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path
from typing import NamedTuple

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from shapes_print.commands.cli import main
from shapes_print.errors import UserError
from shapes_print.geometry.primitives import (
    BLACK,
    RGB,
    Artifact,
    Document,
    Group,
    Item,
    Line,
    Page,
    Rect,
    Symbol,
    Text,
    Use,
)
from shapes_print.geometry.primitives import Path as PathItem
from shapes_print.kit.contrast import pairs
from shapes_print.load import defaults
from shapes_print.load.defaults import DEFAULT_CONTENT, DEFAULT_LABELS
from shapes_print.load.labels import load_labels, shipped
from shapes_print.load.options import PrintOptions
from shapes_print.pipeline import pipeline
from shapes_print.pipeline.games import game_summaries
from shapes_print.plan.cardfile import card_symbols, card_template
from shapes_print.render.pdf import write_pdf
from shapes_print.text.fit import wrap
from tests.command_lines import one_kit
from tests.pdfread import Run, page_lines, page_texts, sized_runs, text
from tests.planned import KitWords

SHIPPED = shipped(DEFAULT_LABELS)
# Pass and pick's fewest and most players.
COUNTS = (3, 6)
# The paper and count of the Pass and pick kit `labelled` builds under every set (its most
# players on A4, tests/conftest.py), and of the kit at the other end of both, as planned.
WRITTEN, PLANNED = ("a4", 6), ("letter", 3)
KINDS = ("cards", "host-key", "player-aid", "print-and-play", "printing-guide", "sheets")
GAMES = [game.id for game in game_summaries(DEFAULT_CONTENT)]


def kit(out: Path, labels: str, paper: str = "a4", players: int = 6) -> Path:
    middle = "" if labels == "standard" else f"{labels}/"
    return out / f"pass-and-pick/{middle}{paper}/{players}-players"


def test_the_issue_s_label_sets_ship() -> None:
    assert {"standard", "large-print", "high-contrast", "colour-blind", "es"} <= set(SHIPPED)
    assert SHIPPED[0] == "standard"


@pytest.mark.parametrize("labels", SHIPPED)
def test_every_shipped_label_set_builds_every_kit(labelled: Path, labels: str) -> None:
    """Pass and pick under each set, its most players on A4, writes every file under its
    set's name, and the manifest says each file's set and count. Every count on both papers
    is planned under every set (`planned_every_set`, read by the page tests,
    tests/plan/test_page_keeps.py) and written in the standard set (`pass_and_pick`,
    tests/plan/test_pass_and_pick.py)."""
    manifest = json.loads((labelled / "manifest.json").read_text())["files"]
    suffix = "" if labels == "standard" else f"_{labels}"
    paper, count = WRITTEN
    folder = kit(labelled, labels, paper, count)
    names = sorted(p.name for p in folder.glob("*.pdf"))
    assert names == [f"pass-and-pick_{count}p_{paper}{suffix}_{kind}.pdf" for kind in KINDS]
    for name in names:
        entry = manifest[f"{folder.relative_to(labelled)}/{name}"]
        assert entry["labels"] == labels and entry["players"] == str(count)


@pytest.mark.parametrize("labels", SHIPPED)
def test_every_shipped_label_set_names_a_kit_at_the_other_ends(
    planned_words: list[KitWords], labels: str
) -> None:
    """Pass and pick's fewest players on Letter, as planned under each set, names its
    folder and files as the written kit does its own."""
    suffix = "" if labels == "standard" else f"_{labels}"
    paper, count = PLANNED
    (planned,) = (
        words
        for words in planned_words
        if (words.game, words.labels, words.paper, words.players)
        == ("pass-and-pick", labels, paper, count)
    )
    assert Path(planned.folder) == kit(Path(), labels, paper, count)
    assert sorted(planned.files) == [
        f"pass-and-pick_{count}p_{paper}{suffix}_{kind}" for kind in KINDS
    ]


def covers(labels: str) -> list[str]:
    """The games a shipped label set is for (`covers:`, default every game)."""
    games = list(pipeline.load_project(pipeline.Sources()).games)
    return load_labels(labels, DEFAULT_LABELS).spec.covers or games


def test_every_game_builds_with_every_shipped_label_set(labelled: Path) -> None:
    games = pipeline.load_project(pipeline.Sources()).games
    assert len(games) == 3
    for labels in SHIPPED:
        assert covers(labels) == list(games), labels
        middle = "" if labels == "standard" else f"{labels}/"
        for game in games:
            assert list((labelled / game / middle).glob("*/*-players/*.pdf")), (game, labels)


def test_a_label_set_asked_for_on_a_game_it_does_not_cover_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A user's set for the games it has words for so far: another game is an error, not a
    # kit half in the set's words and half in English.
    mine = tmp_path / "mine.yaml"
    mine.write_text("extends: standard\ncovers: [pass-and-pick, collect-3]\n")
    out = tmp_path / "out"
    args = ["build", "shapes-the-game", "--labels", str(mine), "--players", "3", "--out", str(out)]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert (
        err
        == "label set 'mine' does not cover game 'shapes-the-game' (it covers: pass-and-pick, collect-3)\n"
    )
    assert not out.exists()
    mine.write_text("extends: standard\ncovers: [pass-and-pick, shapes-the-gaem]\n")
    assert main(["check", "--labels", str(mine)]) == 2
    assert re.search(
        r"mine\.yaml:2:\d+: no game 'shapes-the-gaem' in the content", capsys.readouterr().err
    )


def test_a_label_set_patches_a_card_group_then_single_cards() -> None:
    planned = project("high-contrast", "shapes-the-game")
    cards = {card.id: card.fields for card in planned.games["shapes-the-game"].deck.cards}
    assert cards["red-arch"]["colour"] == "#FFFFFF" and cards["red-arch"]["pattern"] == "stripes"
    assert (
        cards["yellow-step"]["pattern"] == "horizontal"
        and cards["yellow-step"]["colour_word"] == "YELLOW"
    )
    assert cards["stop-turn"]["colour"] == "#000000"


def project(labels: str, game: str = "pass-and-pick") -> pipeline.Project:
    return pipeline.load_project(pipeline.Sources(), [game], [labels])


@pytest.mark.parametrize("labels", SHIPPED)
def test_every_text_and_shape_meets_its_contrast(labels: str) -> None:
    (variant,) = pipeline.load_project(pipeline.Sources(), [], [labels]).variants
    found = pairs(variant.library, variant.games)
    strict = labels == "high-contrast"
    # Every face and back of every deck of every game the set covers is among the pairs
    # (nothing skipped by accident), Collect 3's task cards included.
    assert set(variant.games) == set(covers(labels))
    seen = {" ".join(pair.what.split(" ")[:3]) for pair in found}
    for game_id, loaded in variant.games.items():
        for deck in loaded.decks:
            assert {f"{game_id} card {card.id!r}" for card in deck.deck.cards} <= seen
            assert {f"{game_id} back {back!r}" for back in deck.deck.backs} <= seen
    for pair in found:
        least = 7.0 if strict else (4.5 if pair.kind == "text" else 3.0)
        assert pair.ratio >= least, f"{labels}: {pair}"


def test_wcag_ratio_matches_known_values() -> None:
    def ratio(first: str, second: str) -> float:
        return RGB.parse(first).contrast(RGB.parse(second))

    assert ratio("#000000", "#FFFFFF") == pytest.approx(21.0)
    assert ratio("#777777", "#FFFFFF") == pytest.approx(4.48, abs=0.01)  # the classic near miss
    assert ratio("#F0E442", "#FFFFFF") == pytest.approx(1.32, abs=0.01)  # yellow: weak on white


def colours(item: Item) -> Iterator[str]:
    if isinstance(item, Group | Artifact):
        for child in item.items:
            yield from colours(child)
    elif isinstance(item, (PathItem, Rect)):
        yield from (c.hex for c in (item.paint.fill, item.paint.stroke) if c)
    elif isinstance(item, (Line, Text)):
        yield item.colour.hex


@pytest.mark.parametrize("game", GAMES)
def test_high_contrast_draws_black_and_white_only_with_2pt_outlines(game: str) -> None:
    planned = project("high-contrast", game)
    seen: set[str] = set()
    for _, _, files in pipeline.plan_all(planned, "4", "a4"):
        for kit_file in files:
            items = [
                *(i for page in kit_file.document.pages for i in page.items),
                *(i for s in kit_file.document.symbols.values() for i in s.items),
            ]
            for item in items:
                seen |= set(colours(item))
    assert seen == {"#000000", "#FFFFFF"}
    used = {game.game.card_template for game in planned.games.values()}
    for template in (t for t in planned.library.templates.values() if t.id in used):
        shapes = [e for lay in template.layouts.values() for e in lay.elements if e.kind == "shape"]
        assert shapes and all(e.stroke and e.stroke_width >= 2.0 for e in shapes), template.id
    for pair in pairs(planned.library, planned.games):
        assert pair.ratio >= 7.0, pair


def test_a_label_set_below_its_contrast_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    mine = tmp_path / "grey.yaml"
    mine.write_text('extends: standard\nstyle:\n  ink: "#999999"\n')
    assert main(["check", "pass-and-pick", "--labels", str(mine)]) == 2
    err = capsys.readouterr().err
    assert "sheet text: #999999 on #FFFFFF has contrast 2.85:1, below 4.5:1 for text" in err


def test_colour_blind_cards_name_their_colour_and_carry_a_pattern(labelled: Path) -> None:
    cards = kit(labelled, "colour-blind") / "pass-and-pick_6p_a4_colour-blind_cards.pdf"
    faces = " ".join(text(cards)[::2])
    for word in ("SKY BLUE", "ORANGE", "BLUISH GREEN"):
        assert word in faces
    deck = project("colour-blind").games["pass-and-pick"].deck
    patterns = [card.fields["pattern"] for card in deck.cards]
    assert "none" not in patterns and len(set(patterns)) == len(patterns)


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
                r".*deck\.yaml:\d+:\d+: card '[a-z0-9{}-]+'( \([a-z0-9-]+\))?, element '[a-z-]+': "
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
    assert re.fullmatch(
        r".*content/pass-and-pick/deck\.yaml:\d+:\d+: card 'triangle', element 'label': text "
        r"'TRIANGLE' does not fit its 34\.0 x 12\.0 mm box even at 24 pt \(label set 'large-print'\)\n",
        capsys.readouterr().err,
    )
    assert not list(tmp_path.iterdir())


SPANISH_CHECK = [
    "Cards",
    "Round",
    "players",
    "CIRCLE",
    "TRIANGLE",
    "SQUARE",
    "Score",
    "Name",
    "Print",
    "ruler",
    "left",
    "right",
    "shuffle",
    "Host",
    "deck",
    "pass",
    "Points",
]


class NoEnglish(NamedTuple):
    """What a translated Pass and pick kit must print instead of the English: words of its
    own, its host key's PDF title, and phrases of its printing guide."""

    labels: str
    english: tuple[str, ...]
    words: tuple[str, ...]
    title: str
    guide: tuple[str, ...]


SPANISH = NoEnglish(
    "es",
    tuple(SPANISH_CHECK),
    ("CÍRCULO", "TRIÁNGULO", "Preparación", "dueño", "IZQUIERDA", "Ronda 3"),
    # The game's name has a colon of its own: its titles join with a dash (es.po, msgctxt).
    "Formas: pase y elija \u2013 hoja del anfitrión para 6 jugadores",
    (
        "Cómo imprimir Formas: pase y elija (6 jugadores, A4)",
        "girar por el borde largo",
        "host-key.pdf (solo anfitrión)",
        "mida su regla de 50 mm",
        "cartulina",
    ),
)
# French prints "Points", "Score" and "TRIANGLE" as English does: they are French words too.
FRENCH = NoEnglish(
    "fr",
    tuple(w for w in SPANISH_CHECK if w not in {"Points", "Score", "TRIANGLE"}),
    # The cover's list of parts names each as the PDF's title does: a narrow no-break space
    # before the colon (here folded to a space, as every white space is).
    (
        "CERCLE",
        "CARRÉ",
        "mise en place pour",
        "propriétaire",
        "GAUCHE",
        "Manche 3",
        "Formes à passer : feuilles de table pour",
    ),
    "Formes à passer\u202f: fiche de l\u2019hôte pour 6 joueurs",
    (
        "Comment imprimer Formes à passer (6 joueurs, A4)",
        "retournement sur le bord long",
        "host-key.pdf (hôte seulement)",
        "mesurez sa règle de 50",
        "papier cartonné",
    ),
)


# German prints "Name" as English does: it is a German word too.
GERMAN = NoEnglish(
    "de",
    tuple(w for w in SPANISH_CHECK if w != "Name"),
    ("KREIS", "QUADRAT", "Vorbereitung für", "gehören", "LINKS", "Runde 3"),
    "Formen reihum: Spielleiterblatt für 6 Spieler",
    (
        "So druckst du Formen reihum (6 Spieler, A4)",
        "an der langen Kante spiegeln",
        "host-key.pdf (nur Spielleitung)",
        "miss sein Lineal (50",
        "Karton",
    ),
)


@pytest.mark.parametrize("expected", [SPANISH, FRENCH, GERMAN], ids=lambda e: e.labels)
def test_a_translated_kit_has_no_english_left(
    labelled: Path, planned_words: list[KitWords], expected: NoEnglish
) -> None:
    kits = [
        words
        for words in planned_words
        if (words.game, words.labels, words.players)
        in {("pass-and-pick", expected.labels, n) for n in COUNTS}
    ]
    assert {(words.paper, words.players) for words in kits} == {
        (paper, n) for paper in ("a4", "letter") for n in COUNTS
    }
    for planned in kits:
        # The guide names the kit's files, and the start all their names share.
        words = re.sub(r"\S+(\.(pdf|svg)\b|_(?!\S))", "", planned.words())
        left = [w for w in expected.english if re.search(rf"\b{w}\b", words)]
        assert not left, (planned.paper, planned.players, left)
        for word in expected.words:
            assert word in words, word
    host_key = f"pass-and-pick_6p_a4_{expected.labels}_host-key.pdf"
    title = PdfReader(kit(labelled, expected.labels) / host_key).metadata.title
    assert title == expected.title
    (six,) = (planned for planned in kits if (planned.paper, planned.players) == ("a4", 6))
    guide = " ".join(six.file("_printing-guide"))
    for phrase in expected.guide:
        assert phrase in guide, phrase


def english_lines(folder: Path, name: str) -> set[str]:
    """The lines of a kit that are English prose: three words or more of three letters.

    A game's name is a name in every language (Spanish prints "Shapes the Game" as is), so
    its words do not count towards the three.
    """
    return {
        line.strip()
        for pdf in folder.glob("*.pdf")
        for lines in page_lines(pdf)
        for line in lines
        if len(re.findall(r"(?<![-\w])[A-Za-z]{3,}(?![-\w])", line.replace(name, ""))) >= 3
    }


def test_shapes_the_game_in_spanish_has_accents_on_cards_and_sheets_and_no_english(
    tmp_path: Path,
) -> None:
    for labels in ("standard", "es"):
        assert main(one_kit("shapes-the-game", tmp_path, "--quiet", "--labels", labels)) == 0
    spanish = tmp_path / "shapes-the-game/es/a4/4-players"
    cards = " ".join(page_texts(spanish / "shapes-the-game_4p_a4_es_cards.pdf"))
    for word in (
        "ROJO",
        "AMARILLO",
        "SEMICÍRCULO",
        "CUÑA",
        "ESCALÓN",
        "COMODÍN",
        "DETENER TURNO",
        "DESPEJAR TABLERO",
        "Juegue cualquier pieza blanca",
        "Shapes the Game",
    ):
        assert word in cards, word
    sheet = " ".join(page_texts(spanish / "shapes-the-game_4p_a4_es_main-game.pdf"))
    for phrase in (
        "Shapes the Game: juego principal",
        "Preparación",
        "Coloque la base negra sobre una superficie firme.",
        "Retire las 2 cartas «Despejar tablero» y las 2 cartas «Detener turno».",
        "Eliminación",
        "COMODÍN para usted: puede elegir cualquier pieza blanca.",
    ):
        assert phrase in sheet, phrase
    # Classic is the variant's name, not "traditional": its rules are the Classic variant's.
    classic = " ".join(page_texts(spanish / "shapes-the-game_4p_a4_es_classic.pdf"))
    assert "las reglas de la variante Clásico no lo dicen" in classic
    assert "reglas clásicas" not in classic
    host = " ".join(page_texts(spanish / "shapes-the-game_4p_a4_es_host-key.pdf"))
    assert "Qué retirar en cada variante" in host and "Selección de cartas" in host
    # No line of English prose from the standard kit is left anywhere in the Spanish one.
    english = english_lines(tmp_path / "shapes-the-game/a4/4-players", "Shapes the Game")
    assert len(english) > 100 and any(
        "Place the black base on a sturdy surface." in line for line in english
    )
    words = " ".join(" ".join(page_texts(pdf)) for pdf in spanish.glob("*.pdf"))
    assert [line for line in english if line in words] == []
    assert not re.search(
        r"\b(WILD|STOP TURN|CLEAR THE BOARD|RED|GREEN|BLUE|YELLOW|HALF-CIRCLE)\b", words
    )


def copy_labels(tmp_path: Path, name: str) -> Path:
    """A shipped set's file and its catalogue (its words, if it has one), copied: the
    catalogue's path, else the file's."""
    shutil.copy(DEFAULT_LABELS / f"{name}.yaml", tmp_path / f"{name}.yaml")
    catalogue = DEFAULT_LABELS / f"{name}.po"
    if catalogue.is_file():
        shutil.copy(catalogue, tmp_path / catalogue.name)
        return tmp_path / catalogue.name
    return tmp_path / f"{name}.yaml"


def test_a_complete_label_set_names_the_missing_english_and_where_it_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    words = copy_labels(tmp_path, "es")
    entry = 'msgstr "Cartas apartadas sin mirar"'
    assert words.read_text().count(entry) == 1
    words.write_text(words.read_text().replace(entry, 'msgstr ""'))  # not translated yet
    es = tmp_path / "es.yaml"
    assert main(["check", "pass-and-pick", "--labels", str(es)]) == 2
    first = capsys.readouterr().err.splitlines()[0]
    sheets = (DEFAULT_CONTENT / "pass-and-pick/sheets.yaml").read_text().splitlines()
    line = next(i for i, t in enumerate(sheets, 1) if "Cards set aside unseen" in t)
    assert re.match(
        rf".*content/pass-and-pick/sheets\.yaml:{line}:\d+: label set 'es' .* has no text for "
        r"'Cards set aside unseen'",
        first,
    ), first


def test_label_set_mistakes_point_at_their_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    mine = tmp_path / "mine.yaml"
    mine.write_text("extends: standard\ncards:\n  elements:\n    lable: {size: 30pt}\n")
    assert main(["check", "--labels", str(mine)]) == 2
    assert re.search(
        r"mine\.yaml:4:5: no card layout element is named 'lable'", capsys.readouterr().err
    )
    mine.write_text("extends: standard\nstyle:\n  body_size: big\n")
    assert main(["check", "--labels", str(mine)]) == 2
    assert re.search(r"mine\.yaml:3:3: body_size: .*big", capsys.readouterr().err)
    mine.write_text("extends: standrd\n")
    assert main(["check", "--labels", str(mine)]) == 2
    assert "unknown label set 'standrd'" in capsys.readouterr().err


RULER_LABEL = "50 mm: check with a ruler"  # where each page's print furniture begins


def uncommented(starter: str) -> str:
    """The starter with its common changes taken out of their comments, as a user does."""
    lines = starter.split("# Common changes", 1)[1].splitlines()[1:]
    return starter + "".join(line.removeprefix("# ") + "\n" for line in lines)


def test_labels_new_writes_a_short_starter_whose_examples_change_nothing_until_edited(
    tmp_path: Path,
) -> None:
    (tmp_path / "english.yaml").write_text("extends: standard\n")
    args = ["labels", "new", "copy", "--from", str(tmp_path / "english.yaml")]
    assert main([*args, "--out", str(tmp_path)]) == 0
    starter = (tmp_path / "copy.yaml").read_text()
    assert len(starter.splitlines()) < 30  # every top-level key a line, the examples a few
    first, _, third = starter.splitlines()[:3]
    schema = first.removeprefix("# yaml-language-server: $schema=")
    assert not Path(schema).is_absolute()
    assert (tmp_path / schema).resolve() == defaults.PROJECT / "schemas/labels.schema.json"
    reference = third.split(": ", 1)[1].removesuffix(" (Label set).")
    assert (tmp_path / reference).resolve() == defaults.PROJECT / "docs/reference.md"
    data = yaml.safe_load(starter)
    assert data == {
        "extends": "english",
        "description": "copy: english, changed",
        "locale": "en",
    }
    # Every example, uncommented, is a valid change at the value printed now.
    edited = tmp_path / "edited.yaml"
    edited.write_text(uncommented(starter))
    changes = yaml.safe_load(edited.read_text())
    assert set(changes) == {"extends", "description", "locale", "text", "style", "cards", "games"}
    assert changes["style"] == {"body_size": "11.5pt"}  # the value printed now
    assert changes["cards"]["elements"]["label"]["size"] == "22pt"
    out = tmp_path / "out"
    assert main(one_kit("pass-and-pick", out, "--quiet")) == 0
    assert main(one_kit("pass-and-pick", out, "--quiet", "--labels", str(edited))) == 0
    for kind in ("cards", "sheets", "host-key"):
        plain = out / f"pass-and-pick/a4/4-players/pass-and-pick_4p_a4_{kind}.pdf"
        copied = out / f"pass-and-pick/edited/a4/4-players/pass-and-pick_4p_a4_edited_{kind}.pdf"
        assert plain.read_bytes() == copied.read_bytes()


def test_labels_new_from_a_translation_shows_its_words_and_language(tmp_path: Path) -> None:
    assert main(["labels", "new", "es2", "--from", "es", "--out", str(tmp_path)]) == 0
    starter = (tmp_path / "es2.yaml").read_text()
    assert yaml.safe_load(starter)["locale"] == "es"
    assert yaml.safe_load(starter)["extends"] == "es"
    assert '#   "Collect 3": "Reúne 3"\n' in starter


def test_check_refuses_text_nothing_prints_and_games_that_do_not_exist(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A user's own set's texts are checked on whatever content it is given: here Pass and
    pick alone, whose host key prints "Cards in play"."""
    shutil.copytree(DEFAULT_CONTENT / "pass-and-pick", tmp_path / "content" / "pass-and-pick")
    content = ["--content", str(tmp_path / "content")]
    mine = tmp_path / "mine.yaml"
    mine.write_text('extends: standard\ntext:\n  "Cards in pley": "Cartes en jeu"\n')
    assert main(["check", "--labels", str(mine), *content]) == 2
    assert re.search(
        r"mine\.yaml:3:3: text 'Cards in pley' is not printed anywhere "
        r"\(did you mean 'Cards in play'\?\)",
        capsys.readouterr().err,
    )
    mine.write_text("extends: standard\ngames:\n  pass-and-pik: {cards: {circle: {label: RING}}}\n")
    assert main(["check", "--labels", str(mine), *content]) == 2
    assert re.search(
        r"mine\.yaml:3:3: no game 'pass-and-pik' in the content", capsys.readouterr().err
    )


@settings(max_examples=25, deadline=None)
@given(
    word=st.text(min_size=1, max_size=30).filter(lambda t: t.strip()),
    size=st.floats(min_value=0.5, max_value=200, allow_nan=False).map(lambda v: f"{v:.1f}pt"),
    ink=st.sampled_from(["#000000", "#333333", "#FFFF00", "not a colour"]),
)
def test_any_label_set_builds_or_fails_with_one_clean_line(word: str, size: str, ink: str) -> None:
    data = {
        "extends": "standard",
        "text": {"CIRCLE": word},
        "style": {"body_size": size, "ink": ink},
        "cards": {"elements": {"label": {"size": size}}},
    }
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "any.yaml"
        path.write_text(yaml.safe_dump(data, allow_unicode=True))
        try:
            planned = pipeline.load_project(pipeline.Sources(), ["pass-and-pick"], [str(path)])
            files = [
                f for _, _, kit_files in pipeline.plan_all(planned, "4", "a4") for f in kit_files
            ]
        except UserError as error:
            assert "\n" not in error.line() and error.line()
            return
    faces = [i for s in files[0].document.symbols.values() for i in s.items if isinstance(i, Text)]
    assert any(t.text == word.strip() or word.strip() in t.text for t in faces) or "\n" in word


def test_a_bad_colour_in_a_label_set_names_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    mine = tmp_path / "mine.yaml"
    mine.write_text('extends: standard\nstyle:\n  shade: "grey"\n')
    assert main(["check", "--labels", str(mine)]) == 2
    assert re.search(
        r"mine\.yaml:3:3: shade: colour must look like '#0072B2', got 'grey'",
        capsys.readouterr().err,
    )


def test_a_missing_word_from_a_game_list_is_named_at_its_list_entry(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    words = copy_labels(tmp_path, "es")
    entry = 'msgid "left"\nmsgstr "izquierda"\n'
    assert words.read_text().count(entry) == 1
    words.write_text(words.read_text().replace(entry, ""))
    es = tmp_path / "es.yaml"
    assert main(["check", "pass-and-pick", "--labels", str(es)]) == 2
    first = capsys.readouterr().err.splitlines()[0]
    game = (DEFAULT_CONTENT / "pass-and-pick/game.yaml").read_text().splitlines()
    line = next(i for i, t in enumerate(game, 1) if "direction: left" in t)
    assert re.match(
        rf".*content/pass-and-pick/game\.yaml:{line}:\d+: .* has no text for 'left'", first
    ), first


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
