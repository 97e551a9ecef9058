"""Cards drawn small (a table's examples, a Task card's, the host key's) as they print: no
line thinner than the sheet style's `finest.line` and no word smaller than its
`finest.text`. A card too small for a word draws without it; the picture's alternate text
still says what the cards are. Asked of the plan, in memory."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

import pytest
from msgspec import Struct

from shapes_print.geometry.primitives import (
    BLACK,
    WHITE,
    Artifact,
    Document,
    Group,
    Image,
    Item,
    Line,
    Paint,
    Path,
    Rect,
    Symbol,
    Text,
    Use,
    VectorPicture,
)
from shapes_print.load.options import PrintOptions
from shapes_print.load.printmodels import Finest
from shapes_print.pipeline import pipeline
from shapes_print.plan.minis import small_copy

FINEST = Finest(line="0.25pt", text="5pt")  # type: ignore[arg-type]


class Mark(Struct, frozen=True):
    """A line or a word as it prints: its width or type size on the paper."""

    kind: str  # "line" or "text"
    size: float
    text: str = ""


def printed(
    items: Iterable[Item], symbols: Mapping[str, Symbol], scale: float = 1.0
) -> Iterator[Mark]:
    """Every stroke's width and every word's size as printed, through groups' scales, the
    symbols they place and the pictures they show."""
    for item in items:
        if isinstance(item, Text):
            yield Mark("text", item.size * scale, item.text)
        elif isinstance(item, Line):
            yield Mark("line", item.width * scale)
        elif isinstance(item, Path | Rect) and item.paint.stroke:
            yield Mark("line", item.paint.stroke_width * scale)
        elif isinstance(item, Group):
            yield from printed(item.items, symbols, scale * item.scale)
        elif isinstance(item, Artifact):
            yield from printed(item.items, symbols, scale)
        elif isinstance(item, Use):
            yield from printed(symbols[item.symbol].items, symbols, scale)
        elif isinstance(item, Image) and isinstance(item.picture, VectorPicture):
            picture = item.picture
            fit = min(item.w / picture.width, item.h / picture.height)
            yield from printed(picture.items, symbols, scale * fit)


def finest_problems(document: Document, finest: Finest) -> list[Mark]:
    """The lines and words of a document's pages finer than `finest`."""
    return [
        mark
        for page in document.pages
        for mark in printed(page.items, document.symbols)
        if mark.size < (finest.line if mark.kind == "line" else finest.text) - 1e-9
    ]


def _card(name: str, items: tuple[Item, ...]) -> Symbol:
    return Symbol(name, 180.0, 252.0, items)


SEVEN = _card(
    "face-seven",
    (
        Rect(0, 0, 180, 252, Paint(fill=WHITE, stroke=BLACK, stroke_width=0.5)),
        Text(90, 126, "7", "regular", 66, BLACK),
        Text(10, 10, "SEVEN", "regular", 9, BLACK),
        Line(0, 20, 180, 20, BLACK, 2.0),
        Group((Use("face-one", 0, 0),), dx=10, dy=200, scale=0.5),
    ),
)
ONE = _card(
    "face-one",
    (
        Text(90, 126, "1", "regular", 40, BLACK),
        Path((("M", 0, 0), ("L", 9, 9)), Paint(stroke=BLACK, stroke_width=1.0)),
    ),
)
FACES = {SEVEN.name: SEVEN, ONE.name: ONE}


def test_a_card_drawn_small_widens_its_thin_lines_and_leaves_out_its_small_words() -> None:
    """At a fifth of its size a card's 0.5 pt outline would print 0.1 pt and its 9 pt word
    1.8 pt: the outline prints 0.25 pt, the word is left out, its 66 pt number stays (13.2
    pt), and a 2 pt line (0.4 pt) is as it was. The card it shows at half its own size
    (a tenth in all) is drawn the same way, not placed as it is."""
    scale = 0.2
    drawn = small_copy(SEVEN, scale, FACES, FINEST)
    marks = list(printed((drawn,), {}))
    assert sorted((m.kind, round(m.size, 6), m.text) for m in marks) == [
        ("line", 0.25, ""),  # the outline
        ("line", 0.25, ""),  # the small card's own line, 0.1 pt
        ("line", 0.4, ""),
        ("text", 13.2, "7"),
    ]
    assert not any(isinstance(item, Use) for item in _walk(drawn.items))


def test_a_card_drawn_large_enough_is_drawn_as_it_is() -> None:
    assert small_copy(ONE, 1.0, FACES, FINEST).items == ONE.items


def _walk(items: Iterable[Item]) -> Iterator[Item]:
    for item in items:
        yield item
        if isinstance(item, Group | Artifact):
            yield from _walk(item.items)


@pytest.fixture(scope="module")
def planned() -> dict[str, tuple[Finest, list[tuple[str, Document]]]]:
    """Collect 3 (Task cards with examples, host key, sheets) and Pass and pick (scoring
    examples) for 4 players on A4, at home: standard, large print, braille (swell-paper
    fronts) and drafts (`--ink-saver`, fills outlined). Each kit's finest marks and the
    documents it prints."""
    drafts = PrintOptions(ink_saver=True)
    kits = {}
    for game, labels, options in (
        ("collect-3", "standard", PrintOptions()),
        ("collect-3", "large-print", PrintOptions()),
        ("collect-3", "braille", PrintOptions()),
        ("collect-3", "standard", drafts),
        ("pass-and-pick", "standard", PrintOptions()),
    ):
        project = pipeline.load_project(pipeline.Sources(), [game], [labels])
        documents = [
            (kit_file.name, kit_file.document)
            for _, _, files in pipeline.plan_all(project, "4", "a4", "long", options)
            for kit_file in files
            if isinstance(kit_file.document, Document)
        ]
        draft = " drafts" if options.ink_saver else ""
        kits[f"{game} {labels}{draft}"] = (project.ctx.style.finest, documents)
    return kits


def test_the_finest_marks_are_the_sheet_styles(
    planned: dict[str, tuple[Finest, list[tuple[str, Document]]]],
) -> None:
    """templates/sheet.yaml owns the numbers: 0.25 pt lines and 5 pt words."""
    assert {finest for finest, _ in planned.values()} == {FINEST}


def test_nothing_a_home_kit_prints_is_finer_than_the_finest_marks(
    planned: dict[str, tuple[Finest, list[tuple[str, Document]]]],
) -> None:
    """Every file of the kits: cards (a Task card's example cards), sheets and host keys
    (their tables' examples), the player aid and the print-and-play file. Once they drew
    lines down to 0.051 pt and words down to 0.94 pt; a draft's or a swell-paper card's
    outlines, drawn inside a card drawn small, print as wide as they do outside it."""
    found = {}
    for kit, (finest, documents) in planned.items():
        for name, document in documents:
            finer = finest_problems(document, finest)
            if finer:
                least = min(finer, key=lambda mark: mark.size)
                found[f"{kit}: {name}"] = (
                    f"{len(finer)} marks, {least.kind} {least.text!r} at {least.size:.3f} pt"
                )
    assert found == {}


def test_an_example_too_small_for_its_words_still_says_them(
    planned: dict[str, tuple[Finest, list[tuple[str, Document]]]],
) -> None:
    """Collect 3's sheets show each Task's example as cards drawn small: the colour words
    under each card's number are left out, but the number stays, and the picture's
    alternate text names the cards."""
    _, documents = planned["collect-3 standard"]
    sheets = dict(documents)["collect-3_4p_a4_sheets"]
    figures = {
        item.alt: item
        for page in sheets.pages
        for item in _walk(page.items)
        if isinstance(item, Group) and item.role == "Figure"
    }
    example = figures["Red 2, Red 4, Red 5"]
    words = [mark.text for mark in printed((example,), sheets.symbols) if mark.kind == "text"]
    assert words == ["2", "4", "5"]
