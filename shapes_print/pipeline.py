"""The whole pipeline in one place: load -> kit (plan) -> render and write.

`check` stops after loading and planning; `build` also writes. Everything is loaded and
validated before the first byte is written, so bad input never leaves partial output.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from shapes_print.errors import Source, UserError
from shapes_print.kit import KitFile, KitRequest, kit_folder, plan_kit
from shapes_print.load.content import Library, LoadedGame, game_folders, load_game
from shapes_print.load.labels import STANDARD, load_labels, resolve_refs
from shapes_print.plan.context import DrawContext
from shapes_print.plan.imposition import Flip
from shapes_print.values import player_range
from shapes_print.variant import Variant, check_games_exist, check_text_is_used, make_variant
from shapes_print.write import OnKit, Written, write_kits

PROJECT = Path(__file__).resolve().parent.parent
DEFAULT_CONTENT = PROJECT / "content"
DEFAULT_TEMPLATES = PROJECT / "templates"
DEFAULT_LABELS = PROJECT / "labels"


@dataclass(frozen=True, slots=True)
class Sources:
    content: Path = DEFAULT_CONTENT
    templates: Path = DEFAULT_TEMPLATES
    labels: Path = DEFAULT_LABELS


@dataclass(slots=True)
class Project:
    """The content, once per label set asked for (the first is the one previews use)."""

    variants: list[Variant]

    @property
    def library(self) -> Library:
        return self.variants[0].library

    @property
    def games(self) -> dict[str, LoadedGame]:
        return self.variants[0].games

    @property
    def ctx(self) -> DrawContext:
        return self.variants[0].ctx


def load_project(sources: Sources, only: Sequence[str] = (), labels: Sequence[str] = ()) -> Project:
    """Load the games once, then apply each label set (`NAME`, a path, or `all`)."""
    folders = {folder.name: folder for folder in game_folders(sources.content)}
    for name in only:
        if name not in folders:
            raise UserError(None, f"unknown game {name!r} (known: {', '.join(folders) or 'none'})")
    games = {name: load_game(folder) for name, folder in folders.items() if not only or name in only}
    refs = resolve_refs(list(labels), sources.labels)
    variants = [make_variant(sources.templates, games, load_labels(ref, sources.labels)) for ref in refs]
    for variant in variants:
        check_games_exist(variant, list(folders))
    names = [variant.labels.name for variant in variants]
    for name in names:
        if names.count(name) > 1:
            raise UserError(None, f"two label sets are named {name!r}; their kits would share a folder")
    return Project(variants)


def player_counts(game: LoadedGame, wanted: str) -> list[int]:
    """The player counts to build: 'all', '4' or '3-6', kept to what the game allows."""
    low, high = game.game.players.min, game.game.players.max
    if wanted == "all":
        return list(range(low, high + 1))
    asked_low, asked_high = player_range(wanted, Source(Path("--players")))
    counts = [n for n in range(max(low, asked_low), min(high, asked_high) + 1)]
    if not counts:
        raise UserError(None, f"--players {wanted}: {game.game.id} is for {low}-{high} players")
    return counts


def papers(project: Project, wanted: str) -> list[str]:
    names = list(project.library.papers) if wanted == "all" else [p.strip() for p in wanted.split(",")]
    for name in names:
        if name not in project.library.papers:
            raise UserError(None, f"--paper: unknown paper {name!r} (known: {', '.join(project.library.papers)})")
    return names


def plan_all(project: Project, players: str, paper: str, flip: Flip = "long") -> Iterator[tuple[str, dict[str, str], list[KitFile]]]:
    """Every kit asked for, planned in a stable order (label set, game, paper, player count)."""
    for variant in project.variants:
        labels = variant.labels.name
        for game_id, loaded in variant.games.items():
            for paper_name in papers(project, paper):
                for count in player_counts(loaded, players):
                    request = KitRequest(game_id, count, paper_name, flip, labels)
                    info = {"game": game_id, "paper": paper_name, "players": str(count), "labels": labels}
                    try:
                        files = plan_kit(loaded, variant.library, variant.ctx, request)
                    except UserError as error:
                        # The same YAML may plan under one label set and not another: say which.
                        if labels != STANDARD and "label set" not in error.message:
                            error.message += f" (label set {labels!r})"
                        raise
                    yield kit_folder(request), info, files


def check(sources: Sources, games: Sequence[str], labels: Sequence[str] = ("all",)) -> Project:
    """Load and plan everything without writing, so every mistake surfaces."""
    project = load_project(sources, games, labels)
    for _ in plan_all(project, "all", "all"):
        pass
    if not games:  # with every game planned, every text a label set gives must have been used
        for variant in project.variants:
            check_text_is_used(variant)
    return project


def build(
    sources: Sources,
    games: Sequence[str],
    players: str,
    paper: str,
    out: Path,
    on_kit: OnKit | None = None,
    labels: Sequence[str] = (),
) -> list[Written]:
    return build_project(load_project(sources, games, labels), players, paper, out, on_kit)


def build_project(
    project: Project, players: str, paper: str, out: Path, on_kit: OnKit | None = None
) -> list[Written]:
    """Plan every kit first (so bad input writes nothing), then render and write them."""
    return write_kits(out, list(plan_all(project, players, paper)), on_kit)
