"""Collect 3's cards, each question asked of a kit or plan of its own: backs on the mirrored
slot, enough crowns, every card size, and a broken example caught by check."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from shapes_print.commands.cli import main
from shapes_print.geometry.primitives import Use
from shapes_print.kit.contents import KitRequest
from shapes_print.kit.resolved import resolve_kit
from shapes_print.load.options import PrintOptions
from shapes_print.pipeline import pipeline
from shapes_print.plan.imposition import fit_grid
from shapes_print.plan.kit import plan_kit
from shapes_print.plan.minis import small_copy
from shapes_print.units import parse_size
from tests.collect3 import DECK, GAME, TASKS, ids
from tests.drawnsmall import small_groups
from tests.planned import PAGE_SETS
from tests.shippedcheck import ShippedSets


def test_backs_land_on_the_mirrored_slot_in_the_plan() -> None:
    project = pipeline.load_project(pipeline.Sources(), ["collect-3"])
    loaded = project.games["collect-3"]
    resolved = resolve_kit(loaded, project.library, project.ctx, None)
    files = plan_kit(resolved, KitRequest("collect-3", 7, "letter"))
    cards = next(f for f in files if f.name.endswith("_cards")).document
    back_of = {card.id: card.back for card in loaded.deck.cards}
    template = project.library.templates["collect-3"]
    page = cards.pages[0]
    card = (template.card["width"], template.card["height"])
    trimmed = template.trim_line is not None
    grid = fit_grid(page.width, page.height, *card, project.ctx.style.furniture, trimmed)
    mixed = 0
    for front, back in zip(cards.pages[0::2], cards.pages[1::2], strict=True):
        faces = [item for item in front.items if isinstance(item, Use)]
        backs = [item for item in back.items if isinstance(item, Use)]
        for slot, (face, behind) in enumerate(zip(faces, backs, strict=True)):
            assert (face.x, face.y) == grid.face_origin(slot)
            assert (behind.x, behind.y) == grid.back_origin(slot, "long")
            assert behind.symbol == f"back-{back_of[face.symbol.removeprefix('face-')]}"
        mixed += len({b.symbol for b in backs}) > 1
    assert mixed >= 1  # at least one sheet holds more than one back design


def test_enough_crowns_for_the_largest_table() -> None:
    crown = next(card for card in DECK["cards"] if card.get("id") == "crown")
    assert crown["count"] == 10 - 1


# ---- check catches broken content ------------------------------------------------------


def broken_copy(tmp_path: Path, old: str, new: str) -> tuple[Path, int]:
    """A copy of the content with one line of tasks.yaml changed; returns it and that line."""
    content = tmp_path / "content"
    shutil.copytree(GAME, content / "collect-3")
    tasks = content / "collect-3" / "tasks.yaml"
    lines = tasks.read_text(encoding="utf-8").splitlines(keepends=True)
    line = next(i for i, text in enumerate(lines, start=1) if old in text)
    lines[line - 1] = lines[line - 1].replace(old, new)
    tasks.write_text("".join(lines), encoding="utf-8")
    return content, line


@pytest.mark.parametrize(
    ("old", "new", "says"),
    [
        ('["Blue 3, Green 3, Yellow 3"]', '["Blue 3, Green 3, Yellow 4"]', "does not satisfy"),
        ('near_miss: "Red 2, Red 4, Blue 5"', 'near_miss: "Red 2, Red 4, Red 6"', "satisfies"),
        ('"Yellow 1, Red 3, Blue 5"]', '"Yellow 1, Red 3, Blue 6"]', "does not satisfy"),
        ('["Red 1, Blue 3, Green 5"]', '["Red 1, Blue 3, Purple 5"]', "no card 'purple-5'"),
    ],
)
def test_a_broken_example_fails_check_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], old: str, new: str, says: str
) -> None:
    content, line = broken_copy(tmp_path, old, new)
    assert main(["check", "collect-3", "--content", str(content)]) == 2
    error = capsys.readouterr().err.strip().splitlines()
    tasks = content / "collect-3" / "tasks.yaml"
    assert error[0].startswith(f"{tasks}:{line}:")
    assert says in error[0]


@pytest.mark.parametrize("labels", PAGE_SETS)
def test_the_real_content_passes_check(shipped: ShippedSets, labels: str) -> None:
    """The shipped check (every game, collect-3 among them) passes in every label set, and
    names no file of it."""
    said = shipped.said(labels)
    assert said.status == 0, said.err
    assert "ok: 3 games checked" in said.out
    assert "collect-3" not in said.err


@pytest.mark.parametrize("size", ["bridge", "mini", "tarot", "square", "50x70mm"])
def test_every_card_size_builds_the_cards_and_task_cards(size: str) -> None:
    """Layouts are card-relative: the whole deck, small task examples included, fits."""
    project = pipeline.load_project(pipeline.Sources(), ["collect-3"])
    loaded = project.games["collect-3"]
    request = KitRequest("collect-3", 4, "a4", options=PrintOptions(card_size=size))
    resolved = resolve_kit(loaded, project.library, project.ctx, size)
    files = {f.name: f.document for f in plan_kit(resolved, request)}
    tasks = files[f"collect-3_4p_a4_{size}_task-cards"]
    width, height = parse_size(size) if "x" in size else project.library.card_sizes[size]
    face = tasks.symbols["face-task-14"]
    assert (face.width, face.height) == pytest.approx((width, height))
    # Its two examples' six cards drawn small (on mini and square cards too small for their
    # numbers, which its Example line says in words).
    faces, finest = files[f"collect-3_4p_a4_{size}_cards"].symbols, project.ctx.style.finest
    examples = [card for example in TASKS[13]["example"] for card in ids(example)]
    drawn = small_groups(face.items)
    assert [group.items for group in drawn] == [
        small_copy(faces[f"face-{card}"], group.scale, faces, finest).items
        for group, card in zip(drawn, examples, strict=True)
    ]
