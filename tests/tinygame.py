"""The small game "tiny" that tests write: its game.yaml for the documents a test gives it,
and its deck, one card, SUN, twice, on the shipped `shape` layout with a plain back (the
card questions are elsewhere; these tests ask of sheets), and a players' document of the
blocks a test writes; or a sheet of such blocks alone, planned (`planned_sheet`)."""

from __future__ import annotations

from pathlib import Path

import yaml

from shapes_print.geometry.primitives import Page
from shapes_print.kit.context import DrawContext
from shapes_print.load.content import load_document
from shapes_print.plan.sheets import SheetInputs, plan_sheets
from shapes_print.units import mm

A4 = (mm(210), mm(297))


def game(documents: list[str], more: str = "") -> str:
    """tiny's game.yaml, its `documents` listed, `more` (YAML lines) after them."""
    return (
        "id: tiny\ntitle: Tiny\nsource: written for a test\nplayers: {min: 2, max: 2}\n"
        f"card_template: poker\ncards_title: cards\ndeck: deck.yaml\ndocuments: [{', '.join(documents)}]\n"
        + more
    )


DECK = """\
backs:
  plain:
    layout: back
    fields: {title: Tiny, fill: "#2F3E66", pattern: none, pattern_colour: "#000000",
             title_colour: "#FFFFFF"}
cards:
  - {id: sun, count: 2, layout: shape, back: plain,
     fields: {shape: circle, label: SUN, colour: "#E69F00", pattern: none,
              pattern_colour: "#000000"}}
"""


def sheets(*blocks: str) -> str:
    """A players' document `sheets`, one section of `blocks` (each a block's YAML, written as
    a list item's line: `heading: Turn`)."""
    lines = "".join(f"      - {block}\n" for block in blocks)
    return "name: sheets\ntitle: sheets\naudience: players\nsections:\n  - blocks:\n" + lines


def planned_sheet(
    folder: Path, ctx: DrawContext, blocks: list[dict[str, object]], audience: str = "players"
) -> list[Page]:
    """The A4 pages of a sheet of `blocks` for `audience`, written in `folder` and planned
    in `ctx` for 4 players, with no values, lists or card faces to read."""
    path = folder / "sheet.yaml"
    sheet = {
        "name": "sheet",
        "title": "Sheet",
        "audience": audience,
        "sections": [{"blocks": blocks}],
    }
    path.write_text(yaml.safe_dump(sheet), encoding="utf-8")
    return plan_sheets(load_document(path), SheetInputs({}, {}, {}, 4, "print line"), A4, ctx)


def project_edits() -> list[tuple[str, None, str]]:
    """tiny written into a copy of the project (tests/project_copy.py's edits, as
    content/tiny/): its game.yaml, its deck and a sheet of two blocks."""
    return [
        ("content/tiny/game.yaml", None, game(["sheets.yaml"])),
        ("content/tiny/deck.yaml", None, DECK),
        ("content/tiny/sheets.yaml", None, sheets("heading: Turn", "text: Take a card.")),
    ]
