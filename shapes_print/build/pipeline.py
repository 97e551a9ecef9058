"""The whole pipeline in one place: load -> kit (plan) -> render and write.

`check` stops after loading and planning; `build` also writes. Everything is loaded and
validated before the first byte is written, so bad input never leaves partial output.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from itertools import groupby
from pathlib import Path
from typing import get_args

from shapes_print.errors import Source, UserError
from shapes_print.geometry.primitives import Document
from shapes_print.inputs import check_output, files_digest, fingerprint, recording
from shapes_print.kit.contents import KitRequest, kit_folder, kit_values, labels_folder
from shapes_print.kit.context import DrawContext
from shapes_print.kit.coverage import words_skip
from shapes_print.kit.variant import Variant, check_games_exist, check_text_is_used, make_variant
from shapes_print.limits import MAX_CARDS
from shapes_print.load.content import (
    Library,
    LoadedGame,
    game_folders,
    load_game,
)
from shapes_print.load.defaults import DEFAULT_CONTENT, DEFAULT_LABELS, DEFAULT_TEMPLATES
from shapes_print.load.filenames import claim_file_names
from shapes_print.load.labels import STANDARD, LoadedLabels, load_labels, resolve_refs
from shapes_print.load.options import PrintOptions, check_offset, named_size
from shapes_print.load.values import player_range
from shapes_print.load.options import Flip
from shapes_print.plan.kit import KitFile, plan_kit
from shapes_print.write.write import (
    INPUTS,
    KitPlan,
    OnKit,
    Written,
    kits_up_to_date,
    plan_recorded,
    write_kits,
)


@dataclass(frozen=True, slots=True)
class Sources:
    """The folders a build reads: game content, layout templates and label sets."""

    content: Path = DEFAULT_CONTENT
    templates: Path = DEFAULT_TEMPLATES
    labels: Path = DEFAULT_LABELS

    def inputs(self) -> dict[str, Path]:
        """The folders output must stay out of, by the option that names them."""
        return {"--content": self.content, "--templates": self.templates}

    def roots(self) -> dict[str, Path]:
        """The folders input files are named from in a kit's fingerprint, so a project moved
        elsewhere is still up to date."""
        return {"content": self.content, "templates": self.templates, "labels": self.labels}


@dataclass(frozen=True, slots=True)
class BuildOptions:
    """Which kits a build makes and how: player counts and papers as asked ('all', '3-6',
    'a4,letter'), the duplex flip, how cards print, and how many processes render.

    One object from the CLI through `build` to `build_project`, so neither repeats the list.
    """

    players: str = "all"
    paper: str = "all"
    flip: Flip = "long"
    printing: PrintOptions = field(default_factory=PrintOptions)
    jobs: int = 1


@dataclass(slots=True)
class Project:
    """The content, once per label set asked for (the first is the one previews use), and
    the files each game and each label set was read from (with its templates and fonts),
    by name: what a kit's fingerprint covers."""

    variants: list[Variant]
    game_inputs: dict[str, dict[str, str]] = field(default_factory=dict)
    labels_inputs: dict[str, dict[str, str]] = field(default_factory=dict)
    _digests: dict[tuple[str, str], str] = field(default_factory=dict, repr=False)

    def fingerprint(self, request: KitRequest) -> str:
        """What a kit is made from, as one hash: its game's files, its label set's (with
        the templates and fonts), its request (options included) and this program."""
        return fingerprint(self._files_digest(request.game, request.labels), asdict(request))

    def _files_digest(self, game: str, labels: str) -> str:
        """The input files of a game under a label set, hashed once for all its kits."""
        key = (game, labels)
        if key not in self._digests:
            files = {**self.game_inputs[game], **self.labels_inputs[labels]}
            self._digests[key] = files_digest(files)
        return self._digests[key]

    def notes(self) -> list[str]:
        """A line for each game a label set skipped, saying why (coverage.py)."""
        return [line for variant in self.variants for line in variant.skipped.values()]

    @property
    def library(self) -> Library:
        return self.variants[0].library

    @property
    def games(self) -> dict[str, LoadedGame]:
        return self.variants[0].games

    @property
    def ctx(self) -> DrawContext:
        return self.variants[0].ctx


def load_project(
    sources: Sources,
    only: Sequence[str] = (),
    labels: Sequence[str] = (),
    max_cards: int = MAX_CARDS,
    strict: bool = False,
) -> Project:
    """Load the games once, checking every number for every supported player count, then
    apply each label set (`NAME`, a path, or `all`); `strict` refuses what a set would skip."""
    folders = {folder.name: folder for folder in game_folders(sources.content)}
    for name in only:
        if name not in folders:
            raise UserError(None, f"unknown game {name!r} (known: {', '.join(folders) or 'none'})")
    roots = sources.roots()
    games, game_inputs = {}, {}
    for name, folder in folders.items():
        if not only or name in only:
            with recording() as read:
                games[name] = load_game(folder, max_cards)
            game_inputs[name] = read.named(roots)
    for loaded in games.values():
        for count in range(loaded.game.players.min, loaded.game.players.max + 1):
            kit_values(loaded, count)
    explicit = [ref for ref in labels if ref != "all"]
    variants, labels_inputs = [], {}
    for ref in resolve_refs(list(labels), sources.labels):
        with recording() as read:
            loaded = load_labels(ref, sources.labels)
            if strict or ref in explicit:  # a set met through `all` may be for other content
                check_games_exist(loaded, list(folders))
            asked = list(only) if ref in explicit else []
            covered = covered_games(loaded, games, asked)
            # A set that cannot build a game skips it (coverage.py), unless both were named.
            refuse = list(covered) if strict else asked
            variant = make_variant(sources.templates, covered, loaded, refuse) if covered else None
        if variant:
            for game in covered.values():  # refused here, at load, not when a kit is planned
                claim_file_names(game, variant.library.guide)
            variants.append(variant)
            labels_inputs[variant.labels.name] = read.named(roots)
    names = [variant.labels.name for variant in variants]
    for name in names:
        if names.count(name) > 1:
            raise UserError(
                None, f"two label sets are named {name!r}; their kits would share a folder"
            )
    return Project(variants, game_inputs, labels_inputs)


def covered_games(
    labels: LoadedLabels, games: dict[str, LoadedGame], asked: Sequence[str]
) -> dict[str, LoadedGame]:
    """The games a label set builds: those it `covers` (default: all). A game named on the
    command line that a label set named there does not cover is a mistake, not a skip."""
    covers = labels.spec.covers
    if covers is None:
        return games
    for game_id in asked:
        if game_id not in covers:
            raise UserError(
                None,
                f"label set {labels.name!r} does not cover game {game_id!r} "
                f"(it covers: {', '.join(covers)})",
            )
    return {game_id: game for game_id, game in games.items() if game_id in covers}


def player_counts(game: LoadedGame, wanted: str) -> list[int]:
    """The player counts to build: 'all', '4', '3-6' or '4+', which must lie inside the
    game's range (a count it does not have is a mistake, not something to skip)."""
    low, high = game.game.players.min, game.game.players.max
    if wanted == "all":
        return list(range(low, high + 1))
    asked_low, asked_high = player_range(wanted, Source(Path("--players")))
    if wanted.strip().endswith("+"):  # 4+: from 4 to as many as the game allows
        asked_high = max(high, asked_low)
    if not low <= asked_low <= asked_high <= high:  # 5-9 on a 3-6 game is a mistake, as 7 is
        raise UserError(None, f"--players {wanted}: {game.game.id} is for {low}-{high} players")
    return list(range(asked_low, asked_high + 1))


def papers(project: Project, wanted: str) -> list[str]:
    """Paper names from templates/papers.yaml, or custom sizes such as `300x400mm`."""
    names = (
        list(project.library.papers)
        if wanted == "all"
        else list(dict.fromkeys(p.strip() for p in wanted.split(",")))  # a4,a4 is one a4
    )
    for name in names:
        named_size(name, project.library.papers, "--paper")
    return names


@dataclass(frozen=True, slots=True)
class Planned:
    """One kit asked for, before it is planned: its label set's content, its game, the
    request, its folder and what the manifest records of each of its files."""

    variant: Variant
    loaded: LoadedGame
    request: KitRequest
    folder: str
    info: dict[str, str]

    def plan(self) -> list[KitFile]:
        try:
            return plan_kit(self.loaded, self.variant.library, self.variant.ctx, self.request)
        except UserError as error:
            # The same YAML may plan under one label set and not another: say which.
            labels = self.request.labels
            if labels != STANDARD and "label set" not in error.message:
                error.message += f" (label set {labels!r})"
            raise


def kit_requests(
    project: Project,
    players: str,
    paper: str,
    flip: Flip = "long",
    options: PrintOptions | None = None,
) -> Iterator[Planned]:
    """Every kit asked for, in a stable order (label set, game, paper, player count)."""
    for variant in project.variants:
        labels = variant.labels.name
        for game_id, loaded in variant.games.items():
            if game_id in variant.skipped:
                continue
            for paper_name in papers(project, paper):
                for count in player_counts(loaded, players):
                    request = KitRequest(
                        game_id, count, paper_name, flip, options or PrintOptions(), labels
                    )
                    info = {
                        "game": game_id,
                        "title": loaded.game.title,
                        "paper": paper_name,
                        "players": str(count),
                        "labels": labels,
                    }
                    yield Planned(variant, loaded, request, kit_folder(request), info)


def covered_kits(
    kits: Iterator[KitPlan],
    games: Mapping[str, Planned],
    stale: Callable[[list[KitPlan]], bool],
) -> Iterator[KitPlan]:
    """The kits of every game its label set covers in words. A complete set may lack some
    of a game's texts, found only by planning: a game whose kits are all up to date (`stale`
    false for them, asked only of such a set's games) was built from the same inputs before, so it is covered; otherwise its kits are
    planned here (and handed on planned), and a set that lacked texts skips the game
    (coverage.py), saying why in `variant.skipped`."""
    for _, group in groupby(
        kits,
        key=lambda kit: (games[kit.folder].variant.labels.name, games[kit.folder].request.game),
    ):
        batch = list(group)
        first = games[batch[0].folder]
        variant, loaded = first.variant, first.loaded
        words = loaded.words
        if words is None or not words.complete or not stale(batch):
            yield from batch
            continue
        planned = [replace(kit, planned=plan_recorded(kit)) for kit in batch]
        refuse = loaded.game.id in variant.refuse
        skip = words_skip(variant.labels, loaded, words, refuse)
        if skip:
            variant.skipped[loaded.game.id] = skip
        else:
            yield from planned


def plan_all(
    project: Project,
    players: str,
    paper: str,
    flip: Flip = "long",
    options: PrintOptions | None = None,
) -> Iterator[tuple[str, dict[str, str], list[KitFile]]]:
    """Every kit asked for, planned in a stable order (label set, game, paper, player count)."""
    requests = {kit.folder: kit for kit in kit_requests(project, players, paper, flip, options)}
    listed = (KitPlan(kit.folder, kit.info, kit.plan) for kit in requests.values())
    for kit in covered_kits(listed, requests, lambda _: True):
        yield kit.folder, kit.info, plan_recorded(kit)[0]


def plan_every_setting(project: Project) -> None:
    """Plan every kit, then once more for the words only some print settings print (the
    other duplex flip, print-shop pages) and the calibration sheet's, so each of them is
    checked and seen."""
    for _ in plan_all(project, "all", "all"):
        pass
    first = next(iter(project.library.papers))
    settings: tuple[tuple[Flip, PrintOptions], ...] = (
        ("short", PrintOptions()),
        ("long", PrintOptions(print_shop=True)),
    )
    for flip, options in settings:
        for _ in plan_all(project, "all", first, flip, options):
            pass
    for variant in project.variants:
        # The calibration sheet is no game's: planned too, for both flips (its words name the
        # edge), its words are checked against the font, a complete label set must have
        # them, and they count as used (and listed).
        for flip in get_args(Flip):
            plan_calibration(variant, first, project.library.papers[first], flip, (0.0, 0.0))


def check(
    sources: Sources,
    games: Sequence[str],
    labels: Sequence[str] = ("all",),
    max_cards: int = MAX_CARDS,
    strict: bool = False,
) -> Project:
    """Load and plan everything without writing, so every mistake surfaces; `strict`
    refuses what a label set would skip for a game (its missing words, its colours)."""
    project = load_project(sources, games, labels, max_cards, strict)
    plan_every_setting(project)
    if not games:  # with every game planned, every text a label set gives must have been used
        for variant in project.variants:
            check_text_is_used(variant)
    return project


def build(
    sources: Sources,
    games: Sequence[str],
    options: BuildOptions,
    out: Path,
    on_kit: OnKit | None = None,
    labels: Sequence[str] = (),
    max_cards: int = MAX_CARDS,
    on_note: Callable[[str], None] | None = None,
    force: bool = False,
) -> list[Written]:
    check_output(out, sources.inputs())
    project = load_project(sources, games, labels, max_cards)
    return build_project(project, options, out, on_kit, on_note, force)


def build_project(
    project: Project,
    options: BuildOptions,
    out: Path,
    on_kit: OnKit | None = None,
    on_note: Callable[[str], None] | None = None,
    force: bool = False,
) -> list[Written]:
    """Write every kit asked for whose fingerprint or files differ from the manifest's (all
    of them with `force`): each is planned first (so bad input writes nothing), then
    rendered with `options.jobs` processes; the bytes written do not depend on `jobs`.
    Each game a label set skipped is told to `on_note` before the writing starts."""
    printing = options.printing
    requests = {
        kit.folder: kit
        for kit in kit_requests(project, options.players, options.paper, options.flip, printing)
    }
    listed = [
        KitPlan(kit.folder, {**kit.info, INPUTS: project.fingerprint(kit.request)}, kit.plan)
        for kit in requests.values()
    ]

    def stale(batch: list[KitPlan]) -> bool:
        """Whether some kit of a game must be built (the writer asks again of every kit)."""
        return force or not out.is_dir() or len(kits_up_to_date(out, batch)) < len(batch)

    kits = list(covered_kits(iter(listed), requests, stale))
    for line in project.notes() if on_note else ():
        on_note(line)
    return write_kits(out, kits, on_kit, printing.formats, options.jobs, force)


def calibrate(
    sources: Sources,
    paper: str,
    out: Path,
    flip: Flip,
    offset: tuple[float, float],
    labels: str = STANDARD,
) -> list[Written]:
    """Write the duplex calibration sheet in a label set's words and type into
    `out/calibration/<paper>-<flip>/` (standard) or `out/calibration/<labels>/<paper>-<flip>/`."""
    check_output(out, sources.inputs())
    variant = make_variant(sources.templates, {}, load_labels(labels, sources.labels))
    size = named_size(paper, variant.library.papers, "--paper")
    check_offset(offset, variant.library.printing.calibration.scale_half_length)
    document = plan_calibration(variant, paper, size, flip, offset)
    name = variant.labels.name
    kit = KitFile(f"calibration_{paper}_{flip}", "players", document)
    folder = f"calibration/{labels_folder(name)}{paper}-{flip}"
    info = {"paper": paper, "flip": flip} | ({} if name == STANDARD else {"labels": name})
    return write_kits(out, [KitPlan(folder, info, lambda: [kit])], force=True)


def plan_calibration(
    variant: Variant, paper: str, size: tuple[float, float], flip: Flip, offset: tuple[float, float]
) -> Document:
    """The calibration sheet under one label set. A set that sets its own least type size
    (large print) holds the sheet's text to it; the others keep print.yaml's sizes."""
    from shapes_print.plan.calibrate import calibration_sheet  # only `calibrate` and `check`

    least = variant.ctx.style.min_size if "min_size" in variant.labels.spec.style else 0.0
    return calibration_sheet(paper, size, flip, offset, variant.library, variant.ctx, least)
