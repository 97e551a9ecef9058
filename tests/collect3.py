"""Collect 3's shipped content (its tasks and deck) and how its tests read a kit back: shared
by tests/plan/test_collect3*.py.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from shapes_print.load.conditions import parse_cards
from tests.pdfread import page_texts

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "content" / "collect-3"
TASKS = yaml.safe_load((GAME / "tasks.yaml").read_text(encoding="utf-8"))["tasks"]
DECK = yaml.safe_load((GAME / "deck.yaml").read_text(encoding="utf-8"))


def text_of(path: Path) -> str:
    return " ".join(page_texts(path))


def ids(cards: str) -> list[str]:
    return [f"{card['colour']}-{card['number']}" for card in parse_cards(cards)]
