"""Collect 3's look-up card (its player aid two to a sheet) says which Action card each row
of its Action table is about: the row's first cell prints the card's sign (its deck's
`symbol`, "★") or its name (the cell's `alt`, "Wild") at `finest.text` or larger, where
a small copy at the look-up card's 8 mm printed only the card's outline and red band, its
sign left out as too small to read. Read from the plans of every English label set's aids
(tests/planned.py), A4 and Letter, every player count."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from shapes_print.geometry.primitives import Artifact, Group, Item, Text
from tests.planned import ENGLISH_SETS, PlannedSheets
from tests.shippedcheck import ShippedSets

PLAYERS_IN_NAME = re.compile(r"_(\d+)p_")
CONTENT = Path(__file__).parents[2] / "content" / "collect-3"


def _walk(data: Any) -> Iterator[dict[str, Any]]:
    """Every mapping in a YAML document, nested ones too."""
    if isinstance(data, dict):
        yield data
        data = list(data.values())
    if isinstance(data, list):
        for value in data:
            yield from _walk(value)


def _action_table() -> tuple[str, dict[str, str]]:
    """The sheets' table of Action cards: its first column's title, and each row's card by
    the name its cell gives it (`alt`) with its sign, as the deck writes them."""
    deck = yaml.safe_load((CONTENT / "deck.yaml").read_text(encoding="utf-8"))
    signs = {
        card["id"]: card["fields"]["symbol"]
        for card in deck["cards"]
        if card.get("group") == "action"
    }
    sheets = yaml.safe_load((CONTENT / "sheets.yaml").read_text(encoding="utf-8"))
    for found in _walk(sheets):
        table = found.get("table")
        rows = table.get("rows", []) if isinstance(table, dict) else []
        cells = [row[0] for row in rows if isinstance(row[0], dict)]
        if cells and all(set(cell["cards"]) <= set(signs) for cell in cells):
            return table["columns"][0], {cell["alt"]: signs[cell["cards"][0]] for cell in cells}
    raise AssertionError("no table of Action cards in the sheets")


def _printed(items: tuple[Item, ...], least: float, scale: float = 1.0) -> Iterator[str]:
    """The words the items print at `least` or larger, as printed (a small copy's scale
    applied)."""
    for item in items:
        if isinstance(item, Group):
            yield from _printed(item.items, least, scale * item.scale)
        elif isinstance(item, Artifact):
            yield from _printed(item.items, least, scale)
        elif isinstance(item, Text) and item.size * scale >= least:
            yield item.text


def _groups(items: tuple[Item, ...], role: str) -> Iterator[Group]:
    """The groups of a role among the items, those inside them left out."""
    for item in items:
        if isinstance(item, Group) and item.role == role:
            yield item
        elif isinstance(item, Group | Artifact):
            yield from _groups(item.items, role)


def _first_cells(sheet: PlannedSheets, title: str) -> Iterator[tuple[Item, ...]]:
    """The first cell of each body row of every table whose first column is `title`."""
    least = sheet.style.finest.text
    for page in sheet.document.pages:
        for table in _groups(page.items, "Table"):
            (head,) = _groups(table.items, "THead")
            header = next(_groups(head.items, "TH"))
            if " ".join(_printed(header.items, least)) != title:
                continue
            for row in _groups(table.items, "TR"):
                if row not in _groups(head.items, "TR"):
                    yield next(_groups(row.items, "TD")).items


@pytest.mark.parametrize("labels", [s for s in ENGLISH_SETS if not s.startswith("large-print")])
def test_each_action_card_in_the_look_up_card_is_named_or_shows_its_sign(
    shipped: ShippedSets, labels: str
) -> None:
    """Each copy of the aid names or shows each Action card, in the order of the sheets'
    table, in print that reads: not a picture of an outline and a red band."""
    title, cards = _action_table()
    wrong, halved = [], 0
    for sheet in shipped.planned(labels).sheets:
        match = PLAYERS_IN_NAME.search(sheet.name)
        aid = sheet.name.startswith("collect-3_") and sheet.name.endswith("_player-aid")
        if not aid or match is None or sheet.document.lang != "en":
            continue
        players = int(match.group(1))
        if len(sheet.document.pages) == players:
            continue  # a page a copy: its cards drawn at the aid's 12 mm print their signs
        halved += 1
        least = sheet.style.finest.text
        cells = [
            " ".join(_printed(cell, least)).replace("\xa0", " ")
            for cell in _first_cells(sheet, title)
        ]
        shown = [
            next((name for name, sign in cards.items() if name in cell or sign in cell), cell)
            for cell in cells
        ]
        if shown != list(cards) * players:
            wrong.append(f"{sheet.labels} {sheet.name}: {shown[:4]}")
    assert not wrong, "\n".join(wrong[:10])
    assert halved == 9 * 2  # 2 to 10 players, A4 and Letter
