"""The project a build works on: the folders it reads, the options it was asked for, and
everything loaded from them once (games, label sets applied as variants).

Input: `Sources` (content, templates and label-set folders) and the games and label sets
asked for. Output: a `Project`, and the player counts and papers a request names.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from pathlib import Path

from msgspec import Struct, field, to_builtins

from shapes_print.buildcache import BuildCache
from shapes_print.errors import Source, UserError
from shapes_print.fingerprints import files_digest, fingerprint
from shapes_print.inputs import recording
from shapes_print.kit.audience import check_audiences
from shapes_print.kit.contents import KitRequest, kit_values
from shapes_print.kit.context import DrawContext
from shapes_print.kit.unnamed import check_games_exist
from shapes_print.kit.variant import Variant, make_variant
from shapes_print.limits import MAX_CARDS
from shapes_print.load.content import game_folders, load_game
from shapes_print.load.defaults import (
    DEFAULT_CONTENT,
    DEFAULT_LABELS,
    DEFAULT_TEMPLATES,
    STANDARD,
    chosen_folders,
)
from shapes_print.load.filenames import claim_file_names
from shapes_print.load.labels import LoadedLabels, load_labels, resolve_refs
from shapes_print.load.loaded import Library, LoadedGame
from shapes_print.load.options import Flip, Part, PrintOptions, size_name
from shapes_print.load.values import OPEN_ENDS, player_range
from shapes_print.load.yamlsrc import reading_once, remembered
from shapes_print.plan.kitcontext import fronts_only


class Sources(Struct, frozen=True):
    """The folders a build reads: game content, layout templates and label sets."""

    content: Path = DEFAULT_CONTENT
    templates: Path = DEFAULT_TEMPLATES
    labels: Path = DEFAULT_LABELS

    @classmethod
    def found(cls, content: Path | None = None, templates: Path | None = None) -> Sources:
        """The folders named on the command line, each else ./content or ./templates where
        the current folder has one, else the shipped one (load/defaults.chosen_folder)."""
        return cls(*chosen_folders(content, templates))

    def inputs(self) -> dict[str, Path]:
        """The folders output must stay out of, by the option that names them."""
        return {"--content": self.content, "--templates": self.templates}

    def roots(self) -> dict[str, Path]:
        """The folders input files are named from in a kit's fingerprint, so a project moved
        elsewhere is still up to date."""
        return {"content": self.content, "templates": self.templates, "labels": self.labels}


class BuildOptions(Struct, frozen=True):
    """Which kits a build makes and how: player counts and papers as asked ('all', '3-6',
    'a4,letter'), the duplex flip, how cards print, how many processes render, and the
    part of each kit to build (all of it by default).

    One object from the CLI through `build` to `build_project`, so neither repeats the list.
    """

    players: str = "all"
    paper: str = "all"
    flip: Flip = "long"
    printing: PrintOptions = field(default_factory=PrintOptions)
    jobs: int = 1
    part: Part = field(default_factory=Part)


class Project(Struct):
    """The content, once per label set asked for (the first is the one previews use), the
    files each game and each label set was read from (with its templates and fonts), by
    name from its folders (`roots`): what a kit's fingerprint covers, and the cache of the
    build made from it."""

    variants: list[Variant]
    cache: BuildCache
    game_inputs: dict[str, dict[str, str]] = field(default_factory=dict)
    labels_inputs: dict[str, dict[str, str]] = field(default_factory=dict)
    # When each game's and label set's newest file changed (InputFiles.newest), by name.
    changed: dict[str, int | None] = field(default_factory=dict)
    roots: dict[str, Path] = field(default_factory=dict)  # Sources.roots
    _digests: dict[tuple[str, str], str] = field(default_factory=dict)

    def fingerprint(self, request: KitRequest) -> str:
        """What a kit is made from, as one hash: its game's files, its label set's (with
        the templates and fonts), its request (options included) and this program."""
        return fingerprint(self._files_digest(request.game, request.labels), to_builtins(request))

    def newest(self, request: KitRequest) -> int | None:
        """When the newest file of a kit's game and label set changed: the kit's date. It
        is not in the fingerprint, so touching a file alone rebuilds nothing."""
        times = [self.changed.get(f"game:{request.game}"), self.changed.get(request.labels)]
        return max((t for t in times if t is not None), default=None)

    def _files_digest(self, game: str, labels: str) -> str:
        """The input files of a game under a label set, hashed once for all its kits."""
        key = (game, labels)
        if key not in self._digests:
            files = {**self.game_inputs[game], **self.labels_inputs[labels]}
            self._digests[key] = files_digest(files)
        return self._digests[key]

    def notes(self, printing: PrintOptions | None = None) -> list[str]:
        """A line for each game a label set skipped, saying why (kit/coverage.py), and for
        each set whose kits have none of the fold sheets `printing` asks for."""
        skipped = [line for variant in self.variants for line in variant.skipped.values()]
        return skipped + [
            fold_note(variant.labels.name)
            for variant in self.variants
            if printing is not None and printing.fold and fronts_only(variant.ctx, printing)
        ]

    @property
    def library(self) -> Library:
        return self.variants[0].library

    @property
    def games(self) -> dict[str, LoadedGame]:
        return self.variants[0].games

    @property
    def ctx(self) -> DrawContext:
        return self.variants[0].ctx


def fold_note(labels: str) -> str:
    """Why a swell-paper label set's kits have no fold sheets: a build goes on without
    them (its braille cards and .brf are whole), as it goes on past a game a set skips,
    so `--labels all --fold` builds every other set's; but it says so, once a set."""
    return (
        f"no fold sheets (--fold) for {labels}: its braille cards print their fronts alone, "
        "one-sided on swell paper, with no back to fold behind them"
    )


def load_project(
    sources: Sources,
    only: Sequence[str] = (),
    labels: Sequence[str] = (),
    max_cards: int = MAX_CARDS,
    strict: bool = False,
    cache: BuildCache | None = None,
) -> Project:
    """Load the games once, checking every number for every supported player count, then
    apply each label set (`NAME`, a path, or `all`); `strict` refuses what a set would skip.
    The project's build starts with `cache` (what an earlier build carries on to it,
    `BuildCache.next`), else with an empty one. What was loaded before and is taken again
    is checked against its files, each read once (`reading_once`)."""
    with reading_once():
        return _loaded(sources, only, labels, max_cards, strict, cache)


def _loaded(
    sources: Sources,
    only: Sequence[str],
    labels: Sequence[str],
    max_cards: int,
    strict: bool,
    cache: BuildCache | None,
) -> Project:
    folders = {folder.name: folder for folder in game_folders(sources.content)}
    for name in only:
        if name not in folders:
            raise UserError(None, f"unknown game {name!r} (known: {', '.join(folders) or 'none'})")
    roots = sources.roots()
    games, game_inputs, changed = {}, {}, {}
    for name, folder in folders.items():
        if not only or name in only:
            with recording() as read:
                games[name] = load_game(folder, max_cards)
            game_inputs[name] = read.named(roots)
            changed[f"game:{name}"] = read.newest()
    for loaded in games.values():
        remembered("numbers checked", (loaded,), partial(_check_numbers, loaded))
    explicit = [ref for ref in labels if ref != "all"]
    variants, labels_inputs = [], {}
    refs = resolve_refs(list(labels), sources.labels)
    named = resolve_refs(explicit, sources.labels) if explicit else []  # `es,braille` is two
    for ref in refs:
        with recording() as read:
            label_set = load_labels(ref, sources.labels)
            check_games_exist(label_set, list(folders), strict)
            asked = list(only) if ref in named else []
            covered = covered_games(label_set, games, asked)
            # A set that cannot build a game skips it (kit/coverage.py), unless both were named.
            refuse = list(covered) if strict else asked
            # A game the set cannot take is skipped only beside the standard set, which
            # stops at the game's own mistakes, and only when the set was not named.
            unfit = not strict and ref not in named and STANDARD in refs
            variant = (
                make_variant(sources.templates, covered, label_set, refuse, unfit)
                if covered
                else None
            )
        if variant:
            for game in covered.values():  # refused here, at load, not when a kit is planned
                claim_file_names(game, variant.library.guide, variant.library.print_and_play)
                check_audiences(game, variant.library)
            variants.append(variant)
            labels_inputs[variant.labels.name] = read.named(roots)
            changed[variant.labels.name] = read.newest()
    _refuse_twins(variants)
    return Project(variants, cache or BuildCache(), game_inputs, labels_inputs, changed, roots)


def _check_numbers(loaded: LoadedGame) -> None:
    """Every number of the game worked out at every player count it supports, a mistake
    stopping the load: once per game loaded (the same game loaded again is the same)."""
    for count in range(loaded.game.players.min, loaded.game.players.max + 1):
        kit_values(loaded, count)


def _refuse_twins(variants: Sequence[Variant]) -> None:
    """Two label sets of one name would write their kits into one folder."""
    names = [variant.labels.name for variant in variants]
    for name in names:
        if names.count(name) > 1:
            raise UserError(
                None, f"two label sets are named {name!r}; their kits would share a folder"
            )


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
    """The player counts to build: 'all', or a list of '4', '3-6' and '4+' (or '4-') such
    as '3,5' or '2-4,6', each inside the game's range (a count it does not have is a
    mistake, not something to skip), in order, once each."""
    low, high = game.game.players.min, game.game.players.max
    counts: set[int] = set()
    for part in (part.strip() for part in wanted.split(",")):
        if part == "all":
            counts.update(range(low, high + 1))
            continue
        asked_low, asked_high = player_range(part, Source(Path("--players")))
        if part.endswith(OPEN_ENDS):  # 4+ or 4-: from 4 to as many as the game allows
            asked_high = max(high, asked_low)
        if not low <= asked_low <= asked_high <= high:  # 5-9 on a 3-6 game is a mistake, as 7 is
            raise UserError(None, f"--players {part}: {game.game.id} is for {low}-{high} players")
        counts.update(range(asked_low, asked_high + 1))
    return sorted(counts)


def papers(project: Project, wanted: str) -> list[str]:
    """Paper names from templates/papers.yaml in any case (A4 is a4), or custom sizes such
    as `300x400mm`, in the order asked, once each, each by the name it goes by in file
    names (`size_name`: 210x297mm is a4)."""
    known = project.library.papers
    if wanted == "all":
        return list(known)
    asked = [part.strip() for part in wanted.split(",")]
    return list(dict.fromkeys(size_name(name, known, "--paper") for name in asked))
