"""Where built sheets break their pages: arrows together, no lone list item, a table's
closing sentences with it, score sheets on their own page, a one-page host key."""

from __future__ import annotations

from pathlib import Path

import pytest

from shapes_print.pipeline import pipeline
from tests.pdfread import page_texts

KITS = [
    ("pass-and-pick", 3, "letter", "standard"),
    ("pass-and-pick", 3, "a4", "large-print"),
    ("pass-and-pick", 4, "a4", "es"),
    ("collect-3", 4, "a4", "large-print"),
]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("page-flow")
    for game, players, paper, labels in KITS:
        project = pipeline.load_project(pipeline.Sources(), [game], [labels])
        options = pipeline.BuildOptions(players=str(players), paper=paper)
        pipeline.build_project(project, options, out)
    return out


def kit_file(out: Path, game: str, players: int, paper: str, labels: str, name: str) -> Path:
    folder = out / game / ("" if labels == "standard" else labels) / paper / f"{players}-players"
    part = "" if labels == "standard" else f"_{labels}"
    return folder / f"{game}_{players}p_{paper}{part}_{name}.pdf"


@pytest.mark.parametrize("kit", KITS[:3])
def test_pass_and_pick_arrows_share_a_page_and_score_sheets_start_one(
    built: Path, kit: tuple[str, int, str, str]
) -> None:
    pages = page_texts(kit_file(built, *kit, "sheets"))
    arrows = "pass this way" if kit[3] != "es" else "pasar hacia aquí"
    with_arrows = [i for i, page in enumerate(pages) if arrows in page]
    assert len(with_arrows) == 1 and pages[with_arrows[0]].count(arrows) == 3
    sheet = "Score sheet" if kit[3] != "es" else "Hoja de puntuación"
    first = next(i for i, page in enumerate(pages) if sheet in page)
    assert pages[first].startswith(sheet)  # nothing above the score sheets on their page
    closing = "Add your three round scores" if kit[3] != "es" else "Sume sus puntos"
    (closed,) = [page for page in pages if closing in page]
    assert "Scoring table" in closed or "Tabla de puntuación" in closed


@pytest.mark.parametrize(
    ("kit", "item"),
    [
        (KITS[2], "5. Muestre sus cartas guardadas"),
        (KITS[3], "5. Seating"),
    ],
)
def test_a_list_never_leaves_one_item_alone_on_a_page(
    built: Path, kit: tuple[str, int, str, str], item: str
) -> None:
    pages = page_texts(kit_file(built, *kit, "sheets"))
    (page,) = [page for page in pages if item in page]
    assert f"4. {page.split('4. ', 1)[-1]}" in page and "4. " in page  # item 4 with it


def test_pass_and_pick_letter_host_key_is_one_page(built: Path) -> None:
    pages = page_texts(kit_file(built, *KITS[0], "host-key"))
    assert len(pages) == 1
    assert "If a card moves too early" in pages[0] and "Circle, circle, square" in pages[0]
