"""The whole pipeline in one place: load -> kit (plan) -> render and write.

`check` stops after loading and planning; `build` also writes. Everything is loaded and
validated before the first byte is written, so bad input never leaves partial output.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from shapes_print.errors import Source, UserError
from shapes_print.fonts import FontPair, load_font
from shapes_print.kit import KitFile, KitRequest, kit_folder, kit_values, plan_kit
from shapes_print.load.content import (
    MAX_CARDS,
    Library,
    LoadedGame,
    game_folders,
    inside,
    load_game,
    load_library,
)
from shapes_print.options import PrintOptions, named_size
from shapes_print.plan.calibrate import calibration_sheet
from shapes_print.plan.context import DrawContext
from shapes_print.plan.imposition import Flip
from shapes_print.values import player_range
from shapes_print.write import OnKit, Written, write_kits

PROJECT = Path(__file__).resolve().parent.parent
DEFAULT_CONTENT = PROJECT / "content"
DEFAULT_TEMPLATES = PROJECT / "templates"
# The only label set until label sets become YAML of their own (a later issue).
LABEL_SETS = ("standard",)


@dataclass(frozen=True, slots=True)
class Sources:
    content: Path = DEFAULT_CONTENT
    templates: Path = DEFAULT_TEMPLATES


@dataclass(slots=True)
class Project:
    library: Library
    games: dict[str, LoadedGame]
    ctx: DrawContext


def load_project(sources: Sources, only: Sequence[str] = (), max_cards: int = MAX_CARDS) -> Project:
    """Load and validate everything, including every number for every supported player count."""
    library = load_library(sources.templates)
    folders = {folder.name: folder for folder in game_folders(sources.content)}
    for name in only:
        if name not in folders:
            raise UserError(None, f"unknown game {name!r} (known: {', '.join(folders) or 'none'})")
    games = {name: load_game(folder, max_cards) for name, folder in folders.items() if not only or name in only}
    for loaded in games.values():
        for count in range(loaded.game.players.min, loaded.game.players.max + 1):
            kit_values(loaded, count)
    fonts = library.style.fonts
    font_paths = {}
    for kind, name in fonts.items():
        where = library.style_source.source(("fonts", kind))
        font_paths[kind] = inside(library.folder, name, where, "templates")
    pair = FontPair(load_font(font_paths["regular"]), load_font(font_paths["bold"]))
    _check_furniture_text(library, pair)
    furniture = library.style_source.source(("furniture",))
    ctx = DrawContext(pair, library.shapes, library.patterns, library.style, furniture)
    return Project(library, games, ctx)


def _check_furniture_text(library: Library, pair: FontPair) -> None:
    """The furniture's words print on every sheet: check them once, at their own lines."""
    furniture = library.style.furniture
    for name in ("print_line", "ruler_label", "inch_label"):
        where = library.style_source.source(("furniture", name))
        pair.regular.check(getattr(furniture, name), where, f"furniture.{name}")


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
    """Paper names from templates/papers.yaml, or custom sizes such as `300x400mm`."""
    names = list(project.library.papers) if wanted == "all" else [p.strip() for p in wanted.split(",")]
    for name in names:
        named_size(name, project.library.papers, "--paper")
    return names


def plan_all(
    project: Project,
    players: str,
    paper: str,
    flip: Flip = "long",
    options: PrintOptions | None = None,
) -> Iterator[tuple[str, dict[str, str], list[KitFile]]]:
    """Every kit asked for, planned in a stable order (game, paper, player count)."""
    for game_id, loaded in project.games.items():
        for paper_name in papers(project, paper):
            for count in player_counts(loaded, players):
                request = KitRequest(game_id, count, paper_name, flip, options or PrintOptions())
                info = {
                    "game": game_id,
                    "paper": paper_name,
                    "players": str(count),
                    "labels": LABEL_SETS[0],
                }
                yield kit_folder(request), info, plan_kit(loaded, project.library, project.ctx, request)


def check(sources: Sources, games: Sequence[str], max_cards: int = MAX_CARDS) -> Project:
    """Load and plan everything without writing, so every mistake surfaces."""
    project = load_project(sources, games, max_cards)
    for _ in plan_all(project, "all", "all"):
        pass
    return project


def build(
    sources: Sources,
    games: Sequence[str],
    players: str,
    paper: str,
    out: Path,
    on_kit: OnKit | None = None,
    flip: Flip = "long",
    options: PrintOptions | None = None,
    max_cards: int = MAX_CARDS,
    jobs: int = 1,
) -> list[Written]:
    project = load_project(sources, games, max_cards)
    return build_project(project, players, paper, out, on_kit, flip, options, jobs)


def build_project(
    project: Project,
    players: str,
    paper: str,
    out: Path,
    on_kit: OnKit | None = None,
    flip: Flip = "long",
    options: PrintOptions | None = None,
    jobs: int = 1,
) -> list[Written]:
    """Plan every kit first (so bad input writes nothing), then render and write them
    with `jobs` processes; the bytes written do not depend on `jobs`."""
    options = options or PrintOptions()
    kits = list(plan_all(project, players, paper, flip, options))
    return write_kits(out, kits, on_kit, options.formats, jobs)


def calibrate(
    templates: Path, paper: str, out: Path, flip: Flip, offset: tuple[float, float]
) -> list[Written]:
    """Write the duplex calibration sheet into `out/calibration/<paper>-<flip>/`."""
    library = load_library(templates)
    size = named_size(paper, library.papers, "--paper")
    fonts = library.style.fonts
    font = load_font((library.folder / fonts["regular"]).resolve())
    document = calibration_sheet(paper, size, flip, offset, library, font)
    kit = KitFile(f"calibration_{paper}_{flip}", "players", document)
    folder = f"calibration/{paper}-{flip}"
    return write_kits(out, [(folder, {"paper": paper, "flip": flip}, [kit])])
