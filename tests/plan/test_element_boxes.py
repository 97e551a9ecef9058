"""`preview --boxes`: each layout element's box drawn over the cards with its name, and the
texts set smaller than asked listed (plan/boxes.py, plan/textsizes.py).

Asked of the plan in memory, on the `new` game with a layout of its own written here: a
panel at a known place and a text too long for its size on one card of two.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from shapes_print.commands.cli import main
from shapes_print.geometry.primitives import Artifact, Document, Group, Item, Rect, Symbol, Text
from shapes_print.kit.resolved import resolve_kit
from shapes_print.load.options import Part, PrintOptions
from shapes_print.pipeline import pipeline
from shapes_print.pipeline.requests import Planned, kit_requests
from shapes_print.plan.boxes import (
    BLEED_COLOUR,
    BOX_COLOUR,
    LABEL_BACKING,
    SAFE_COLOUR,
    TRIM_COLOUR,
    ElementBox,
    overlay,
)
from shapes_print.plan.cardsheets import OVERRUN_PREFIX
from shapes_print.plan.kitcontext import kit_context
from shapes_print.plan.textsizes import shrunk_texts
from shapes_print.units import mm

GAME = "my-game"
LAYOUT = """\
  boxed:
    elements:
      - {kind: rect, name: panel, box: [10mm, 20mm, 30mm, 15mm], fill: "#EEEEEE"}
      - {kind: text, name: words, box: [5mm, 60%, 100% - 10mm, 10mm], text: "{words}",
         size: 20pt, min_size: 6pt}
      - {kind: text, name: corner, box: [5mm, 5mm, 10mm, 6mm], text: "A", size: 8pt, mirror: true}
      - {kind: rect, name: turned, box: [20mm, 40mm, 20mm, 6mm], fill: "#CCCCCC", rotate: 90}
"""
CARDS = """\
  - {id: short, count: 1, layout: boxed, back: standard, fields: {words: "Go"}}
  - {id: long, count: 1, layout: boxed, back: standard,
     fields: {words: "Twenty-four letters long"}}
"""
CARD = (mm(63.5), mm(88.9))  # the `new` game's cards are poker cards


@pytest.fixture(scope="module")
def content(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The `new` game with the layout `boxed` and two cards on it."""
    content = tmp_path_factory.mktemp("boxes") / "games"
    assert main(["new", GAME, "--content", str(content)]) == 0
    folder = content / GAME
    with (folder / "cards" / "my-cards.yaml").open("a", encoding="utf-8") as layouts:
        layouts.write(LAYOUT)
    with (folder / "deck.yaml").open("a", encoding="utf-8") as deck:
        deck.write(CARDS)
    return content


def _kit(content: Path, part: Part, printing: PrintOptions | None = None) -> Planned:
    project = pipeline.load_project(pipeline.Sources(content=content), [GAME])
    (kit,) = kit_requests(project, "2", "a4", options=printing, part=part)
    return kit


def _cards(kit: Planned) -> Document:
    (cards,) = [file.printed for file in kit.plan() if file.name.endswith("_cards")]
    return cards


def _overlay(face: Symbol) -> Artifact:
    last = face.items[-1]
    overlay = last.items[0] if isinstance(last, Group) else last  # a bleed moves it
    assert isinstance(overlay, Artifact) and overlay.kind == "Layout"
    return overlay


def _flat(items: tuple[Item, ...]) -> list[Item]:
    """The items, those in unmoved groups (an element's, unturned) in their place."""
    found: list[Item] = []
    for item in items:
        unmoved = isinstance(item, Group) and not (item.dx or item.dy or item.angle)
        found += _flat(item.items) if unmoved else [item]  # type: ignore[union-attr]
    return found


def _outlined(items: tuple[Item, ...], ink: object) -> list[tuple[float, float, float, float]]:
    return [
        (item.x, item.y, item.w, item.h)
        for item in _flat(items)
        if isinstance(item, Rect) and item.paint.stroke == ink
    ]


def _texts(items: tuple[Item, ...]) -> list[str]:
    return [item.text for item in _flat(items) if isinstance(item, Text)]


def test_each_element_box_is_drawn_where_the_layout_puts_it_with_its_name(content: Path) -> None:
    document = _cards(_kit(content, Part(boxes=True)))
    overlay = _overlay(document.symbols["face-long"])
    width, height = CARD
    panel = (mm(10), height - mm(20) - mm(15), mm(30), mm(15))  # y up from the bottom
    words = (mm(5), height * 0.4 - mm(10), width - mm(10), mm(10))
    boxes = _outlined(overlay.items, BOX_COLOUR)
    assert boxes[:2] == [pytest.approx(panel), pytest.approx(words)]
    safe = mm(5)  # poker's text_safe
    assert _outlined(overlay.items, SAFE_COLOUR) == [
        pytest.approx((safe, safe, width - 2 * safe, height - 2 * safe))
    ]
    assert not _outlined(overlay.items, BLEED_COLOUR)  # home sheets butt their cards
    names = _texts(overlay.items)
    assert names[0] == "panel"
    assert names[1].startswith("words ") and names[1].endswith("/20 pt")  # it shrank
    short = _overlay(document.symbols["face-short"]).items
    assert _texts(short) == ["panel", "words", "corner"]


def test_a_turned_or_mirrored_element_has_its_box_turned_as_it_is_drawn(content: Path) -> None:
    overlay = _overlay(_cards(_kit(content, Part(boxes=True))).symbols["face-short"])
    width, height = CARD
    corner = (mm(5), height - mm(5) - mm(6), mm(10), mm(6))
    turned = [item for item in _flat(overlay.items) if isinstance(item, Group)]
    # The mirrored copy's outline and name, turned about the card's centre; the turned
    # rectangle's, a quarter turn clockwise (anticlockwise -90 with y up) about its centre.
    mirrored = [g for g in turned if (g.angle, g.dx, g.dy) == (180, width, height)]
    assert [_outlined(g.items, BOX_COLOUR) for g in mirrored] == [[pytest.approx(corner)], []]
    assert _texts(mirrored[1].items) == ["corner"]
    quarter = [g for g in turned if g.angle == -90]
    assert _outlined(quarter[0].items, BOX_COLOUR) == [
        pytest.approx((mm(20), height - mm(40) - mm(6), mm(20), mm(6)))
    ]
    assert _texts(quarter[1].items) == ["turned"]
    assert "boxes" in _kit(content, Part(boxes=True)).folder


def test_without_boxes_the_cards_are_drawn_as_before(content: Path) -> None:
    plain = _cards(_kit(content, Part()))
    boxed = _cards(_kit(content, Part(boxes=True)))
    assert set(plain.symbols) == set(boxed.symbols)
    for name, symbol in plain.symbols.items():
        overrun = name.startswith(OVERRUN_PREFIX)  # the background past the cut: no boxes
        assert boxed.symbols[name].items[: None if overrun else -1] == symbol.items
        assert not any(isinstance(item, Artifact) and _texts(item.items) for item in symbol.items)
    assert list(plain.pages) == list(boxed.pages)


def test_a_print_shop_card_shows_its_bleed_edge_and_its_trimmed_edge(content: Path) -> None:
    kit = _kit(content, Part(boxes=True), PrintOptions(print_shop=True))
    document = next(f.printed for f in kit.plan() if f.name.endswith("_cards-print-shop"))
    overlay = _overlay(document.symbols["face-long"])
    (bleed_edge,) = _outlined(overlay.items, BLEED_COLOUR)
    bleed = mm(3)
    assert bleed_edge[0] == pytest.approx(-bleed, abs=0.3)  # just inside the drawing's edge
    assert _outlined(overlay.items, TRIM_COLOUR) == [pytest.approx((0, 0, *CARD))]


def test_the_texts_that_shrank_are_listed_with_the_sizes_asked(content: Path) -> None:
    kit = _kit(content, Part(boxes=True))
    resolved = resolve_kit(kit.loaded, kit.variant.library, kit.variant.ctx, None, kit.cache)
    shrunk = shrunk_texts(kit_context(resolved, kit.request, kit.cache))
    (words,) = [text for text in shrunk if text.element == "words"]
    assert (words.deck, words.asked, words.least, words.cards) == ("cards", 20, 6, 2)
    (long,) = words.smaller
    assert long.card == "long" and 6 <= long.size < 20


def test_preview_boxes_draws_the_cards_beside_the_kit_and_lists_what_shrank(
    content: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["preview", GAME, "--content", str(content), "--players", "2", "--paper", "a4"]
    assert main([*args, "--dpi", "40", "--out", str(tmp_path), "--boxes"]) == 0
    said = capsys.readouterr().out.splitlines()
    assert said[-1].startswith("boxes: blue, an element's box, its name at its top-left; green, ")
    folder = tmp_path / GAME / "a4" / "2-players-boxes"
    assert not (tmp_path / GAME / "a4" / "2-players").exists()  # never the kit's own folder
    pictures = sorted((folder / "preview").glob(f"{GAME}_2p_a4_cards_p*.png"))
    assert pictures and all(str(path) in said for path in pictures)
    assert main([*args, "--dpi", "40", "--out", str(tmp_path)]) == 0  # the kit, no boxes
    capsys.readouterr()
    plain = tmp_path / GAME / "a4" / "2-players" / "preview" / pictures[0].name
    with Image.open(pictures[0]) as boxed, Image.open(plain) as kit:
        assert boxed.size == kit.size and boxed.tobytes() != kit.tobytes()
    assert f"{folder}: card texts set smaller than asked, to fit their boxes:" in said
    (line,) = [line for line in said if "text 'words'" in line]
    assert line.startswith("  deck cards, text 'words': asked 20 pt, least 6 pt; smaller on 1")
    assert line.split(": ")[-1].startswith("long ") and line.endswith(" pt")


def test_names_of_narrow_boxes_side_by_side_do_not_cover_each_other() -> None:
    """A name runs on past a narrow box; the next box's name, where that one lies, goes a
    line lower in its own box, so both read (a card's corner: a number, a swatch, a word)."""
    font = pipeline.load_project(pipeline.Sources(), ["pass-and-pick"]).ctx.fonts.regular
    boxes = [
        ElementBox("number-corner", "text", (mm(5), mm(80), mm(6), mm(6))),
        ElementBox("number-corner-swatch", "shape", (mm(11.5), mm(80), mm(5), mm(6))),
        ElementBox("number-corner-word", "text", (mm(18), mm(80), mm(30), mm(6))),
    ]
    drawn = overlay(boxes, CARD, mm(3), 0.0, font)
    backings = [
        (item.x, item.y, item.w, item.h)
        for item in _flat(drawn.items)
        if isinstance(item, Rect) and item.paint.fill == LABEL_BACKING
    ]
    names = [text for text in _texts(drawn.items) if text.startswith("number")]
    assert names == ["number-corner", "number-corner-swatch", "number-corner-word"]
    assert len(backings) == 3
    for index, (x, y, w, h) in enumerate(backings):
        for ox, oy, ow, oh in backings[index + 1 :]:
            assert not (x < ox + ow and ox < x + w and y < oy + oh and oy < y + h)
    tops = [y + h for _, y, _, h in backings]
    assert tops[0] == tops[2] == mm(86)  # the wide one keeps its box's top-left
    assert tops[1] < mm(86)  # the swatch's name a line lower, inside its box
    assert tops[1] - (backings[1][3]) >= mm(80)
