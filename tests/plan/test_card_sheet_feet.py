"""The running foot of card sheets, in the margin the sheet's furniture leaves free: clear
of every card's drawing, its overrun past the grid included (a back's navy runs 2 mm past
the cut, so a duplex slip shows no paper), on a front and on a back; clear of the cut
marks, fold line, ruler, inch check and print line; and on one line, as its template is,
not wrapped against the ruler's end.

The print-and-play file's card sheets carry the file's count ("game · print and play · page
7 of 38"); a cards file, a token deck's, a task-card deck's and a deck's fold sheets
(`--fold`) carry their own ("game · cards · page 3 of 12"), at the same place on every page,
a mirrored back's too; a board's tiles carry theirs under the board; a print shop's pages,
one card each, carry none. Asked of the plan in
memory: every shipped game's kit, standard and large print (its template's two lines), A4
and Letter (whose margins are the grid's sides), and `new`'s game with its coins and a
board, at its own card size and at mini's."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from shapes_print.commands.cli import main
from shapes_print.geometry.primitives import Artifact, Document, Group, Item, Page, Text
from shapes_print.load.filenames import FOLD
from shapes_print.load.options import PrintOptions
from shapes_print.load.printmodels import Furniture
from shapes_print.pipeline import pipeline
from shapes_print.plan.cardsheets import is_cards_file
from shapes_print.plan.kit import KitFile
from tests.planboxes import Box, leaf_boxes, overlap

LABELS = ("standard", "large-print")
PLAYERS = "3"  # a count every shipped game is played at; the sheets' grid is the same at all
CLEAR = 0.5  # points: the foot keeps at least this far from what it must not touch
NUMBERED = re.compile(r"\d+\D+\d+$")
GAME = "my-game"  # `new`'s game: a deck of cards and a deck of coins (tokens)
BOARD = """\
boards:
  map: {title: "the map", picture: art/logo.svg, width: 400mm, height: 300mm, overlap: 10mm,
        alt: "the map"}
"""


class Sheets:
    """One print-and-play file's card-sheet pages, and the lines its foot's template has."""

    def __init__(self, name: str, document: Document, cards: set[str], lines: int) -> None:
        self.name, self.document, self.lines = name, document, lines
        marks = document.bookmarks
        self.pages: list[int] = []
        for mark, after in zip(marks, [*marks[1:], None], strict=True):
            if mark.title in cards:
                stop = after.page if after is not None else len(document.pages)
                self.pages.extend(range(mark.page, stop))


@dataclass(frozen=True)
class Own:
    """A file whose pages carry its own running foot: a cards, tokens, fold or board file,
    with its label set's furniture and the foot's template."""

    labels: str
    name: str
    document: Document
    furniture: Furniture


@dataclass
class Planned:
    compiled: list[Sheets]
    own: list[Own]


def _own_files(labels: str, furniture: Furniture, files: list[KitFile]) -> list[Own]:
    """A kit's cards files (home sheets), fold sheets and boards."""
    found = []
    for file in files:
        document = file.document
        if not isinstance(document, Document) or file.name.endswith("_print-and-play"):
            continue
        if is_cards_file(document) or file.name.endswith((FOLD, "_map")):
            found.append(Own(labels, file.name, document, furniture))
    return found


def _plan(planned: Planned, sources: pipeline.Sources, games: list[str], options: PrintOptions):
    for labels in LABELS if games == [] else ("standard",):
        project = pipeline.load_project(sources, games, [labels])
        furniture = project.variants[0].ctx.style.furniture
        lines = furniture.running_foot.count("\n") + 1
        players = PLAYERS if games == [] else "2"
        for _, _, kit in pipeline.plan_all(project, players, "a4,letter", "long", options):
            cards = {f.printed.title for f in kit if is_cards_file(f.printed)}
            planned.own += _own_files(labels, furniture, kit)
            for file in kit:
                if file.name.endswith("_print-and-play") and options.card_size is None:
                    planned.compiled.append(Sheets(file.name, file.printed, cards, lines))


@pytest.fixture(scope="module")
def planned(tmp_path_factory: pytest.TempPathFactory) -> Planned:
    found = Planned([], [])
    _plan(found, pipeline.Sources(), [], PrintOptions(fold=True))
    content = tmp_path_factory.mktemp("feet") / "games"
    assert main(["new", GAME, "--content", str(content)]) == 0
    game = content / GAME / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + BOARD, encoding="utf-8")
    sources = pipeline.Sources(content=Path(content))
    for size in (None, "mini"):
        _plan(found, sources, [GAME], PrintOptions(card_size=size, fold=True))
    return found


def _is_foot(item: Item) -> bool:
    words = " ".join(t.text for t in _texts(item))
    return isinstance(item, Artifact) and item.kind == "Pagination" and bool(NUMBERED.search(words))


def _texts(item: Item) -> list[Text]:
    if isinstance(item, Text):
        return [item]
    if isinstance(item, Group | Artifact):
        return [t for inner in item.items for t in _texts(inner)]
    return []


class Parts:
    """A page's feet (each foot's lines' boxes and words), its drawing (cards, their
    overrun, a board's picture) and its other furniture (marks, trim and fold lines,
    ruler, inch check, print line, a tile's names)."""

    def __init__(self, page: Page, document: Document) -> None:
        symbols = document.symbols
        self.feet = [item for item in page.items if _is_foot(item)]
        self.drawn: list[Box] = []
        self.furniture: list[Box] = []
        for item in page.items:
            if item in self.feet:
                continue
            boxes = [box for _, box in leaf_boxes(item, symbols)]
            if not isinstance(item, Artifact) or item.kind == "Background":
                self.drawn.extend(boxes)
            else:
                self.furniture.extend(boxes)
        self.lines = [[box for _, box in leaf_boxes(foot, symbols)] for foot in self.feet]
        self.words = [" ".join(t.text for t in _texts(foot)) for foot in self.feet]


def _clear(where: str, parts: Parts) -> list[str]:
    """What a page's foot touches that it must not."""
    wrong = []
    foot = parts.lines[0]
    if any(overlap(line, box, CLEAR) for line in foot for box in parts.drawn):
        wrong.append(f"{where}: the foot is on a card's drawing")
    if any(overlap(line, box, CLEAR) for line in foot for box in parts.furniture):
        wrong.append(f"{where}: the foot touches other furniture")
    return wrong


def test_a_card_sheets_foot_stands_clear_of_the_cards_and_the_furniture_on_one_line(
    planned: Planned,
) -> None:
    wrong: list[str] = []
    for sheets in planned.compiled:
        assert sheets.pages, sheets.name
        for index in sheets.pages:
            where = f"{sheets.name} page {index + 1}"
            parts = Parts(sheets.document.pages[index], sheets.document)
            if len(parts.feet) != 1:
                wrong.append(f"{where}: {len(parts.feet)} feet")
                continue
            wrong += _clear(where, parts)
            if len(parts.lines[0]) > sheets.lines:
                wrong.append(f"{where}: the foot takes {len(parts.lines[0])} lines")
    assert not wrong, "\n".join(wrong[:20]) + f"\n({len(wrong)} in all)"


def _said(own: Own, page: int, pages: int, lines: int) -> str:
    """The foot `own`'s page should carry on its `lines`, read as one: large print's two
    lines, where they stand on one in a card sheet's margin, parted by the feet's " · "
    as the standard foot is; on lines of their own, read on from one to the next."""
    game, document = own.document.title.split(": ", 1)
    template = own.furniture.running_foot.replace("\n", " · " if lines == 1 else " ")
    values = {"game": game, "document": document, "page": page, "pages": pages}
    return template.format(**values)


def test_every_page_of_a_cards_fold_or_board_file_carries_its_own_foot_clear_of_all_else(
    planned: Planned,
) -> None:
    """One foot a page, "game · document · page i of N" in the set's words, clear of every
    card and its overrun, every mark and piece of furniture, inside the printer-safe
    margin, on one line where it stands beside the cards, and where it stands on the
    file's first page on every page after, a back's too (a back is mirrored; its foot is
    not)."""
    kinds = {"cards", "task-cards", "coins", "fold", "map"}
    seen: set[str] = set()
    wrong: list[str] = []
    for own in planned.own:
        pages = own.document.pages
        first: tuple[float, float] | None = None
        seen |= {kind for kind in kinds if own.name.endswith(kind)}
        for index, page in enumerate(pages):
            where = f"{own.labels} {own.name} page {index + 1}"
            parts = Parts(page, own.document)
            lines = len(parts.lines[0]) if parts.lines else 0
            said = _said(own, index + 1, len(pages), lines)
            if parts.words != [said]:
                wrong.append(f"{where}: feet {parts.words}, not {said!r}")
                continue
            wrong += _clear(where, parts)
            left, bottom, right, top = parts.lines[0][0]
            safe = own.furniture.safe_margin - CLEAR
            if min(left, bottom, page.width - right, page.height - top) < safe:
                wrong.append(f"{where}: the foot is in the printer's dead zone")
            at = (round(left, 1), round(bottom, 1))
            if first is not None and at != first:
                wrong.append(f"{where}: the foot at {at}, on page 1 at {first}")
            first = first or at
    assert seen == kinds, f"planned no {kinds - seen} file"
    assert not wrong, "\n".join(wrong[:20]) + f"\n({len(wrong)} in all)"


def test_a_print_shops_pages_carry_no_running_foot(tmp_path: Path) -> None:
    """One card a page with its bleed is a picture for a shop's press, not a page a person
    reads: its cards file and its fronts and backs files have no foot."""
    content = tmp_path / "games"
    assert main(["new", GAME, "--content", str(content)]) == 0
    project = pipeline.load_project(pipeline.Sources(content=content), [GAME], ["standard"])
    shop = PrintOptions(print_shop=True)
    ((_, _, kit),) = pipeline.plan_all(project, "2", "a4", "long", shop)
    shops = [f for f in kit if isinstance(f.document, Document) and is_cards_file(f.document)]
    assert len(shops) >= 3  # cards, coins, and each one's fronts and backs
    footed = [f.name for f in shops for page in f.printed.pages if Parts(page, f.printed).feet]
    assert not footed, footed
