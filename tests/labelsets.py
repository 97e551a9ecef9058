"""The shipped label sets and the Pass and pick kits built or planned under them: shared
by the label-set tests in tests/kit/ (builds, contrast, large print, translations); and
the shipped templates under a set, as the calibration sheet is drawn (tests/plan/).
"""

from __future__ import annotations

from pathlib import Path

from shapes_print.kit.variant import Variant, make_variant
from shapes_print.load.defaults import DEFAULT_CONTENT, DEFAULT_LABELS, DEFAULT_TEMPLATES
from shapes_print.load.labels import load_labels, shipped
from shapes_print.pipeline import pipeline
from shapes_print.pipeline.games import game_summaries

SHIPPED = shipped(DEFAULT_LABELS)

GAMES = [game.id for game in game_summaries(DEFAULT_CONTENT)]


def kit(out: Path, labels: str, paper: str = "a4", players: int = 6) -> Path:
    middle = "" if labels == "standard" else f"{labels}/"
    return out / f"pass-and-pick/{middle}{paper}/{players}-players"


def covers(labels: str) -> list[str]:
    """The games a shipped label set is for (`covers:`, default every game)."""
    games = list(pipeline.load_project(pipeline.Sources()).games)
    return load_labels(labels, DEFAULT_LABELS).spec.covers or games


def project(labels: str, game: str = "pass-and-pick") -> pipeline.Project:
    return pipeline.load_project(pipeline.Sources(), [game], [labels])


def variant(labels: str) -> Variant:
    """The shipped templates under a shipped label set, with no game's own files."""
    return make_variant(DEFAULT_TEMPLATES, {}, load_labels(labels, DEFAULT_LABELS))
