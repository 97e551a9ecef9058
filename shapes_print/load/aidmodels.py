"""A game's player aid, as game.yaml's `player_aid:` writes it: the parts of one of its
documents that a player looks up during play, reprinted one copy per player."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from shapes_print.load.base import Strict

# The kinds of block a player aid's part may keep (`AidPart.only`): what a sheet holds but
# page breaks, which a part never holds, and headings, whose own it always keeps.
AidBlockKind = Literal[
    "subheading",
    "text",
    "steps",
    "bullets",
    "facts",
    "cards",
    "table",
    "score_sheet",
    "arrow",
    "for_each",
]


class AidPart(Strict):
    """A part of a player aid that keeps `only` some kinds of its blocks (a section's
    sentences and tables without its notes, a list's introduction without the list), under
    its own `heading` where the document's would promise what it leaves out (a list's
    heading over its introduction alone): the rules' words for what it keeps. Its tables
    may run `across` more groups of their columns than the document's (a long list of
    short rows, in a copy a player keeps at hand, where the document has a page to spare)."""

    part: str
    only: list[AidBlockKind] = Field(min_length=1)
    heading: str | None = None
    across: int | None = Field(default=None, ge=1)


class AidSpare(Strict):
    """A part a copy of the aid leaves out where it does not fit one side (large print's
    type): a heading or subheading's part, or one table, named by its first column's header
    (its part's other blocks staying); and the `line` printed in its place, saying where it
    is in the rules."""

    part: str
    line: str


class PlayerAid(Strict):
    """A player aid, one per player at the table: the parts of one of the game's documents
    (by their heading or subheading, as written) that give the turn, the scoring and the end;
    and the parts a copy leaves out, first to last, until it fits one side (`spare`)."""

    title: str
    heading: str
    document: str
    parts: list[str | AidPart] = Field(min_length=1)
    spare: list[AidSpare] = Field(default_factory=list)
