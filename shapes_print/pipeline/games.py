"""The games `list` shows: each game.yaml read lightly (load/listing.py), and loaded whole
only when it is not as that read expects, so that a broken game is refused with the
loader's own line and a sound one costs no model at all."""

from __future__ import annotations

from pathlib import Path

from shapes_print.load.listing import (
    GameSummary,
    NotAsExpected,
    game_folders,
    papers_named,
    read_summary,
)


def game_summaries(content: Path) -> list[GameSummary]:
    """Every game under `content`, in folder order."""
    summaries = []
    for folder in game_folders(content):
        try:
            summaries.append(read_summary(folder))
        except NotAsExpected:
            summaries.append(_loaded_summary(folder))
    return summaries


def _loaded_summary(folder: Path) -> GameSummary:
    """The game loaded and validated whole: its UserError, or (if it loads after all) its
    summary as loaded."""
    from shapes_print.load.content import load_game

    loaded = load_game(folder)
    names = [
        *(deck.name for deck in loaded.decks),
        *(document.spec.name for document in loaded.documents),
    ]
    game = loaded.game
    return GameSummary(game.id, game.title, (game.players.min, game.players.max), names)


def paper_names(templates: Path) -> list[str]:
    """The papers a kit may be built on, in templates/papers.yaml's order."""
    names = papers_named(templates)
    if names is not None:
        return names
    from shapes_print.load.content import load_library

    return list(load_library(templates).papers)
