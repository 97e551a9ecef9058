"""The Collect 3 kit, read back from the PDFs it builds (and, for duplex, from the plan):
the kits built once for these tests, and the kit planned for four; the numbers at every
player count are read from the words its sheets and host key print, as planned."""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from msgspec import Struct
from PIL import ImageStat
from pypdf import PdfReader

from shapes_print.geometry.primitives import Document, Item, Symbol, Use
from shapes_print.kit.contents import KitRequest
from shapes_print.kit.resolved import resolve_kit
from shapes_print.load.printmodels import Finest
from shapes_print.pipeline import pipeline
from shapes_print.plan.kit import plan_kit
from shapes_print.render.svg import page_svg
from shapes_print.units import parse_length
from tests.collect3 import DECK, TASKS, ids, text_of
from tests.drawnsmall import drawn_small
from tests.pdfread import page_texts
from tests.pdfread import placements as forms_placed
from tests.planned import page_words

# "Recommended winning score": 2-4 players 10, 5-6 players 15, 7+ players 20.
TARGET = {n: 10 if n <= 4 else 15 if n <= 6 else 20 for n in range(2, 11)}


@pytest.fixture(scope="module")
def kits(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The kits whose files the tests read: 2 and 4 players on A4, and the smallest and
    largest tables on Letter."""
    out = tmp_path_factory.mktemp("collect3")
    pipeline.build(pipeline.Sources(), ["collect-3"], pipeline.BuildOptions("2,4", "a4"), out)
    pipeline.build(pipeline.Sources(), ["collect-3"], pipeline.BuildOptions("2", "letter"), out)
    pipeline.build(pipeline.Sources(), ["collect-3"], pipeline.BuildOptions("10", "letter"), out)
    return out


def kit_file(kits: Path, players: int, name: str, paper: str = "a4") -> Path:
    folder = kits / "collect-3" / paper / f"{players}-players"
    return folder / f"collect-3_{players}p_{paper}_{name}.pdf"


@pytest.fixture(scope="module")
def printed() -> dict[str, str]:
    """The words of each player count's sheets and host key on A4, page after page, as
    planned: what a build renders (the same words as its PDFs' text, read back; compared)."""
    project = pipeline.load_project(pipeline.Sources(), ["collect-3"])
    return {
        file.name: " ".join(page_words(page, file.printed.symbols) for page in file.printed.pages)
        for _, _, files in pipeline.plan_all(project, "all", "a4")
        for file in files
        if file.name.endswith(("_sheets", "_host-key"))
    }


def words_of(printed: dict[str, str], players: int, name: str) -> str:
    return printed[f"collect-3_{players}p_a4_{name}"]


class Planned(Struct, frozen=True):
    """A kit planned in memory: its documents by file name, every card face by its name,
    and the finest marks its sheet style prints (what cards drawn small are drawn at)."""

    documents: dict[str, Document]
    faces: dict[str, Symbol]
    finest: Finest

    def small(self, items: Iterable[Item]) -> list[str]:
        """The card ids the items draw small, in order."""
        return [name.removeprefix("face-") for name in drawn_small(items, self.faces, self.finest)]


@pytest.fixture(scope="module")
def planned() -> Planned:
    """Collect 3 for 4 players on A4, planned."""
    project = pipeline.load_project(pipeline.Sources(), ["collect-3"])
    ((_, _, files),) = pipeline.plan_all(project, "4", "a4")
    documents = {f.name: f.document for f in files if isinstance(f.document, Document)}
    faces = {
        name: symbol
        for document in documents.values()
        for name, symbol in document.symbols.items()
        if name.startswith("face-")
    }
    return Planned(documents, faces, project.ctx.style.finest)


# ---- cards -----------------------------------------------------------------------------


def placements(path: Path) -> list[list[tuple[str, float, float]]]:
    """Per page, each placed card drawing (symbol name, x, y) as written in the PDF, its
    overrun past the grid (an artifact) left out."""
    reader = PdfReader(path)
    return [[(p.name, p.x, p.y) for p in forms_placed(page, reader)] for page in reader.pages]


def test_card_counts_per_face_and_per_back(kits: Path) -> None:
    pages = placements(kit_file(kits, 4, "cards"))
    faces = Counter(name for page in pages[0::2] for name, _, _ in page)
    backs = Counter(name for page in pages[1::2] for name, _, _ in page)
    numbers = {f"face-{c}-{n}": 3 for c in ("red", "blue", "green", "yellow") for n in range(1, 7)}
    assert faces == Counter(
        {**numbers, "face-wild": 4, "face-double-points": 2, "face-bomb": 2, "face-crown": 9}
    )
    assert backs == Counter({"back-number": 72, "back-action": 8, "back-crown": 9})
    assert len(pages) == 2 * -(-(72 + 8 + 9) // 9)  # a face and a back sheet per 9 cards


def test_three_back_designs_are_unlike(kits: Path) -> None:
    backs = DECK["backs"]
    assert {backs[b]["fields"]["fill"] for b in backs} == {"#1B2A49", "#E03C1E", "#009E73"}
    assert {backs[b]["fields"]["pattern"] for b in backs} == {"grid", "stripes", "dots"}


def test_every_back_is_behind_its_face_in_the_pdf(kits: Path) -> None:
    back_of = {f"face-{c['id']}": f"back-{c['back']}" for c in DECK["cards"] if "for_each" not in c}
    back_of.update(
        {
            f"face-{c}-{n}": "back-number"
            for c in ("red", "blue", "green", "yellow")
            for n in range(1, 7)
        }
    )
    for paper in ("a4", "letter"):
        players = 4 if paper == "a4" else 10
        reader = PdfReader(kit_file(kits, players, "cards", paper))
        width = float(reader.pages[0].mediabox.width)
        pages = placements(kit_file(kits, players, "cards", paper))
        card_w = 63.5 / 25.4 * 72
        for faces, backs in zip(pages[0::2], pages[1::2], strict=True):
            assert len(faces) == len(backs)
            by_place = {(round(x, 2), round(y, 2)): name for name, x, y in backs}
            for face, x, y in faces:
                mirrored = (round(width - x - card_w, 2), round(y, 2))
                assert by_place[mirrored] == back_of[face], (paper, face, x, y)


def test_task_cards_are_their_own_file_one_per_task(kits: Path) -> None:
    path = kit_file(kits, 4, "task-cards")
    pages = placements(path)
    faces = [name for page in pages[0::2] for name, _, _ in page]
    assert faces == [f"face-task-{n}" for n in range(1, 21)]
    assert {name for page in pages[1::2] for name, _, _ in page} == {"back-task"}
    text = text_of(path)
    for task in TASKS:
        assert f"TASK {task['number']}" in text
        assert " ".join(task["text"].split()) in text
        assert f"Example: {' or '.join(task['example'])}" in text
    deck = placements(kit_file(kits, 4, "cards"))
    assert not any(name.startswith("face-task") for page in deck for name, _, _ in page)


def test_a_task_card_draws_its_example_cards_small(planned: Planned) -> None:
    for task in TASKS:
        face = planned.faces[f"face-task-{task['number']}"]
        expected = [card for example in task["example"] for card in ids(example)]
        assert planned.small(face.items) == expected


# ---- numbers per player count -----------------------------------------------------------


@pytest.mark.parametrize("players", range(2, 11))
def test_numbers_for_each_player_count(printed: dict[str, str], players: int) -> None:
    crowns = players - 1
    sheets = words_of(printed, players, "sheets")
    assert f"Crowns in the center (1 fewer than players) {crowns}" in sheets
    recommended = f"Recommended winning score for {players} players (agree before play)"
    assert f"{recommended} {TARGET[players]}" in sheets
    crowns_words = "1 Crown" if crowns == 1 else f"{crowns} Crowns"
    assert f"put {crowns_words} face up" in sheets
    spare = 9 - crowns
    assert (
        "No Crown cards are left over."
        if spare == 0
        else "Set the other Crown card aside."
        if spare == 1
        else f"Set the other {spare} Crown cards aside."
    ) in sheets
    assert f"recommended winning score {TARGET[players]} Task Dealer" in sheets
    # The points ladder for C = players - 1, written out: C, C - 1, ..., 1.
    ladder = [
        f"{k}{'st' if k == 1 else 'nd' if k == 2 else 'rd' if k == 3 else 'th'} player to "
        f"claim a Crown +{crowns - k + 1}"
        for k in range(1, crowns + 1)
    ]
    for rung in ladder:
        assert rung in sheets
    assert f"{crowns + 1}th player to claim" not in sheets
    host = words_of(printed, players, "host-key")
    assert f"Crowns in play (C) {crowns}" in host
    assert f"Recommended winning score {TARGET[players]}" in host


@pytest.mark.parametrize("players", range(2, 11))
def test_score_sheet_has_a_column_per_player_and_enough_rounds(
    printed: dict[str, str], players: int
) -> None:
    crowns = players - 1
    # Rounds: while nobody has reached the target, each holds at most target - 1 points and a
    # round hands out C(C + 1)/2, so players * (target - 1) // that + 1 rounds must settle it;
    # the rows run on to the end of that turn of the deal, so every player deals as often.
    to_target = players * (TARGET[players] - 1) // (crowns * (crowns + 1) // 2) + 1
    rounds = -(-to_target // players) * players
    assert crowns * rounds >= TARGET[players]  # even the 1st Crown every round gets there
    sheets = words_of(printed, players, "sheets")
    heads = re.findall(r"Task Dealer ((?:P\d+ )+)", sheets)
    assert heads and all(head.split() == [f"P{k}" for k in range(1, players + 1)] for head in heads)
    for n in range(1, rounds + 1):
        dealer = (n - 1) % players + 1  # the dealer moves one seat to the right each round
        assert f"Round {n} P{dealer} " in sheets
    assert f"Round {rounds + 1} " not in sheets
    assert f"Round {rounds} P{players} " in sheets  # the last player deals the last round
    assert "Total" in sheets


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_longest_score_sheet_is_one_page(kits: Path, paper: str) -> None:
    """Two players need the most rows, 20: at rows of 9 mm they fit one page of either paper,
    so nobody turns the sheet over mid-game."""
    texts = page_texts(kit_file(kits, 2, "sheets", paper))
    with_sheet = [text for text in texts if "Task Dealer P1 P2" in text]
    assert len(with_sheet) == 1
    assert "Round 20 P2" in with_sheet[0] and "Total" in with_sheet[0]


# ---- task list and host key ---------------------------------------------------------------


def test_task_list_numbers_1_to_20_with_examples_drawn(kits: Path, planned: Planned) -> None:
    path = kit_file(kits, 4, "sheets")
    texts = page_texts(path)
    pages = [i for i, text in enumerate(texts) if "No. Task Example" in text]
    assert len(pages) >= 2  # 20 rows of small cards continue over pages
    text = " ".join(texts[i] for i in pages)
    positions = [text.index(" ".join(task["text"].split())) for task in TASKS]
    assert positions == sorted(positions)  # in the rules' order
    for task in TASKS:
        assert re.search(rf"(^|\D){task['number']} {re.escape(task['text'].split()[0])}", text)
    sheets = planned.documents["collect-3_4p_a4_sheets"]
    drawn = [card for i in pages for card in planned.small(sheets.pages[i].items)]
    # The page the list starts on may also hold the Action cards' table: only number cards
    # are the examples.
    drawn = [card for card in drawn if re.fullmatch(r"(red|blue|green|yellow)-[1-6]", card)]
    expected = [card for task in TASKS for example in task["example"] for card in ids(example)]
    assert drawn == expected
    assert sum(len(ids(example)) == 3 for task in TASKS for example in task["example"]) == 21


def test_host_key_has_condition_example_and_near_miss_and_stays_apart(
    kits: Path, planned: Planned
) -> None:
    folder = kit_file(kits, 4, "host-key").parent
    names = sorted(p.name for p in folder.glob("*.pdf"))
    files = (
        "cards",
        "host-key",
        "player-aid",
        "print-and-play",
        "printing-guide",
        "sheets",
        "task-cards",
    )
    assert names == [f"collect-3_4p_a4_{n}.pdf" for n in files]
    host = text_of(kit_file(kits, 4, "host-key"))
    for task in TASKS:
        assert f"Task {task['number']}: {' '.join(task['text'].split())}" in host
        assert " or ".join(task["example"]) in host
        assert f"{task['near_miss']}. {task['near_miss_why']}" in host
    assert "exactly 3 cards; all the same color" in host  # task 1's condition in words
    # The deck manifest lists cards by name as the rules write them, not by id, in two
    # groups of columns side by side: Red 1 starts the first, the card after page 1's first
    # column starts the second (14 rows at the 11.5 pt body: Green 3), each back named as
    # the sheets name it. Its text reads down the first column, then the second.
    assert "Card Back Copies Card Back Copies Red 1 navy back 3 Red 2 navy back 3" in host
    assert "Green 2 navy back 3 Green 3 navy back 3 Green 4" in host and "red-1" not in host
    assert "Double Points red back 2" in host and "Crown green back 9" in host
    key = planned.documents["collect-3_4p_a4_host-key"]
    drawn = [card for page in key.pages for card in planned.small(page.items)]
    # One row per Task: its printed example drawn small; its near miss in words, so that
    # 20 Tasks fit 5 pages.
    expected = [card for task in TASKS for e in task["example"] for card in ids(e)]
    assert drawn == expected
    assert len(PdfReader(kit_file(kits, 4, "host-key")).pages) <= 6
    for name in ("cards", "sheets", "task-cards"):
        player_text = text_of(kit_file(kits, 4, name))
        assert "near miss" not in player_text.lower() and "Host key" not in player_text


def test_svg_draws_the_small_cards_a_task_card_shows(planned: Planned) -> None:
    """The Task card's drawing holds its example's cards drawn small, as the PDF's does:
    their numbers and colour words (22 pt on a card, 5.2 pt on the Task card)."""
    document = planned.documents["collect-3_4p_a4_task-cards"]
    svg = page_svg(document, document.pages[0])
    task = svg[svg.index('<symbol id="face-task-1"') :]
    words = re.findall(r'aria-label="([^"]*)"', task[: task.index("</symbol>")])
    assert words[words.index("numbers).") + 1 :][:6] == ["2", "RED", "4", "RED", "5", "RED"]


def test_number_card_colours_are_distinct_in_pixels(kits: Path) -> None:
    """The panel beside the number disc, averaged over its pattern, differs card to card."""
    document = pdfium.PdfDocument(kit_file(kits, 4, "cards"))
    scale = 100 / 72
    mm = 72 / 25.4 * scale
    means = {}
    # 18 cards a colour, 9 a sheet: each colour starts on face sheet 0, 2, 4, 6 (pages 0, 4, ...).
    for colour, page in zip(("red", "blue", "green", "yellow"), (0, 4, 8, 12), strict=True):
        image = document[page].render(scale=scale).to_pil().convert("RGB")
        left = (image.width - 3 * 63.5 * mm) / 2
        top = (image.height - 3 * 88.9 * mm) / 2
        box = (int(left + 6 * mm), int(top + 20 * mm), int(left + 13 * mm), int(top + 55 * mm))
        means[colour] = ImageStat.Stat(image.crop(box)).mean
    names = list(means)
    for i, first in enumerate(names):
        for second in names[i + 1 :]:
            distance = sum((a - b) ** 2 for a, b in zip(means[first], means[second], strict=True))
            assert distance**0.5 > 60, (first, second, means)


def test_a_number_cards_texture_stays_inside_its_rounded_panel(kits: Path) -> None:
    """The first card's panel (templates/cards/collect-3.yaml `number-panel`: 5 mm in, 14 mm
    down, 2 mm corners, a 0.75 pt black outline) at 300 dpi: past the outline at each corner
    the card is bare, and the outline lies over the stripes along each side."""
    project = pipeline.load_project(pipeline.Sources(), ["collect-3"])
    loaded = project.games["collect-3"]
    resolved = resolve_kit(loaded, project.library, project.ctx, None)
    files = plan_kit(resolved, KitRequest("collect-3", 2, "a4"))
    sheet = next(f for f in files if f.name.endswith("_cards")).document.pages[0]
    first = next(item for item in sheet.items if isinstance(item, Use))
    card = project.library.templates["collect-3"].card
    mm, scale = parse_length("1mm"), 300 / 72
    left, top = first.x + 5 * mm, sheet.height - (first.y + card["height"]) + 14 * mm
    right, bottom = first.x + card["width"] - 5 * mm, top + card["height"] - 40.9 * mm
    image = pdfium.PdfDocument(kit_file(kits, 2, "cards"))[0].render(scale=scale).to_pil()
    pixel = image.convert("RGB").getpixel
    radius, outside = 2 * mm, 2 * mm + 0.75 / 2 + 1.5 / scale  # past the outline's outer edge
    for corner_x, corner_y, sx, sy in (
        (left, top, 1, 1),
        (right, top, -1, 1),
        (left, bottom, 1, -1),
        (right, bottom, -1, -1),
    ):
        centre = (corner_x + sx * radius, corner_y + sy * radius)
        for step_x in range(int(radius * scale)):
            for step_y in range(int(radius * scale)):
                x, y = corner_x + sx * step_x / scale, corner_y + sy * step_y / scale
                if math.dist((x, y), centre) > outside:
                    assert min(pixel((round(x * scale), round(y * scale)))) > 200, (x, y)
    for x, y in (((left + right) / 2, top), (right, (top + bottom) / 2)):
        assert max(pixel((round(x * scale), round(y * scale)))) < 80, (
            f"outline under stripes at {x, y}"
        )
