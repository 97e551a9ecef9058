"""The whole pipeline in one place: load -> kit -> plan -> render -> write.

`check` stops after loading and planning; `build` also writes. Everything is loaded and
validated before the first byte is written, so bad input never leaves partial output.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import partial
from itertools import groupby
from pathlib import Path
from typing import get_args

from msgspec import Struct
from msgspec.structs import replace

from shapes_print.buildcache import BuildCache
from shapes_print.errors import UserError
from shapes_print.geometry.primitives import Document
from shapes_print.inputs import check_output, recording
from shapes_print.kit.contents import labels_folder
from shapes_print.kit.coverage import words_skip
from shapes_print.kit.unnamed import check_text_is_used, plans_every_game_covered
from shapes_print.kit.variant import Variant, make_variant
from shapes_print.limits import MAX_CARDS
from shapes_print.load.content import game_folders
from shapes_print.load.labels import STANDARD, load_labels
from shapes_print.load.options import Flip, PrintOptions, check_offset, named_size, size_name
from shapes_print.pipeline.checkcache import CheckedGroup, CheckRecord, planned_group
from shapes_print.pipeline.facecheck import (
    Setting,
    check_key,
    checked_in_order,
    faces_again,
    faces_alone,
    rows_key,
)
from shapes_print.pipeline.lastbuild import build_key, keep_build, kept_build
from shapes_print.pipeline.project import BuildOptions, Project, Sources, load_project, papers
from shapes_print.pipeline.requests import Planned, kit_requests
from shapes_print.plan.kit import SHARED_SHEETS, KitFile
from shapes_print.text.listeners import listening
from shapes_print.write.uptodate import INPUTS, KitPlan, kits_up_to_date, plan_recorded
from shapes_print.write.write import OnKit, Written, write_kits


def covered_kits(
    kits: Iterator[KitPlan],
    games: Mapping[str, Planned],
    stale: Callable[[list[KitPlan]], bool],
) -> Iterator[KitPlan]:
    """The kits of every game its label set covers in words and can take. A complete set
    may lack some of a game's texts, found only by planning: a game whose kits are all up to
    date (`stale` false for them) was built from the same inputs before, so it is covered;
    otherwise its kits are planned here (and handed on planned), and a set that lacked texts
    skips the game (kit/coverage.py), saying why in `variant.skipped`. A set that may skip a
    game it cannot take plans its first kit here, whose cards every kit of the game prints."""
    for _, group in groupby(
        kits,
        key=lambda kit: (games[kit.folder].variant.labels.name, games[kit.folder].request.game),
    ):
        batch = list(group)
        first = games[batch[0].folder]
        variant, loaded = first.variant, first.loaded
        words = loaded.words
        complete = words is not None and words.complete
        if not (complete or variant.skip_unfit) or not stale(batch):
            yield from batch
            continue
        try:
            planned = [replace(kit, planned=plan_recorded(kit)) for kit in batch[:1]]
            planned += [replace(kit, planned=plan_recorded(kit)) for kit in batch[1:] if complete]
        except UserError as error:
            if variant.skips_unfit(loaded, error):
                continue
            raise
        refuse = loaded.game.id in variant.refuse
        skip = words_skip(variant.labels, loaded, words, refuse) if complete and words else None
        if skip:
            variant.skipped[loaded.game.id] = skip
        else:
            yield from [*planned, *batch[len(planned) :]]


def plan_all(
    project: Project,
    players: str,
    paper: str,
    flip: Flip = "long",
    options: PrintOptions | None = None,
    only: tuple[str, str] | None = None,
) -> Iterator[tuple[str, dict[str, str], list[KitFile]]]:
    """Every kit asked for (`only` one label set's game), planned in a stable order (label
    set, game, paper, player count)."""
    kits = kit_requests(project, players, paper, flip, options, only=only)
    requests = {kit.folder: kit for kit in kits}
    listed = (KitPlan(kit.folder, kit.info, kit.plan) for kit in requests.values())
    for kit in covered_kits(listed, requests, lambda _: True):
        yield kit.folder, kit.info, plan_recorded(kit)[0]


class ToPlan(Struct, frozen=True):
    """A group `check` plans: its variant and game, its key, its key with its cards' fields
    left out, a group kept under that whose faces drawn again may stand for planning it,
    and whether it is planned in this process (`checked_in_order`): one that may, or one
    that was skipped (its planning stops at its first kit)."""

    variant: Variant
    game: str
    key: str
    rows: str
    kept: CheckedGroup | None
    here: bool


def _to_plan(
    project: Project,
    record: CheckRecord | None,
    settings: Sequence[Setting],
    asked: Mapping[str, object],
) -> list[ToPlan]:
    """The groups not checked clean from the same inputs before (those are put back from
    `record`), each with a group kept under its key with its cards' fields left out;
    without a `record`, every group, none kept."""
    to_plan: list[ToPlan] = []
    for variant in project.variants:
        for game in list(variant.games):
            key = check_key(project, (variant, game), settings, asked)
            if record is not None and record.restored(key, variant, game):
                continue
            rows = rows_key(project, (variant, game), settings, asked)
            kept = None if record is None else record.by_rows(rows)
            alone = kept if kept is not None and faces_alone((variant, game)) else None
            here = alone is not None or (kept is not None and kept.skipped is not None)
            to_plan.append(ToPlan(variant, game, key, rows, alone, here))
    return to_plan


def plan_every_setting(
    project: Project,
    players: str = "all",
    paper: str = "all",
    strict: bool = False,
    jobs: int = 1,
    kept: bool = True,
    card_size: str | None = None,
) -> None:
    """Plan every kit asked for (at `card_size`, as `build --card-size` plans it; None:
    each game's own), then once more for the words only some print settings
    print (the other duplex flip with fold sheets, print-shop pages) and the calibration
    sheet's, so each of them is checked and counted in its set's `printed`. Game by game
    under each label set (a group), so the other flip's kits take the sheets planned for
    the first (`SHARED_SHEETS`); a group checked clean from the same inputs before is not
    planned again (pipeline/checkcache.py), one whose cards' fields alone changed has its
    faces drawn again (pipeline/facecheck.py), and the others are planned over up to `jobs`
    forked processes, their findings taken in order. `kept` False plans every group again
    in this process (with `jobs` 1), so a listener (text/listeners.py) hears every text
    where it was written."""
    first = papers(project, paper)[0]
    size = named_size(first, project.library.papers, "--paper")
    home = PrintOptions(card_size=card_size)
    settings: tuple[Setting, ...] = (
        ("long", home, paper),
        ("short", replace(home, fold=True), first),
        ("long", replace(home, print_shop=True), first),
    )
    record = CheckRecord()
    asked = {"players": players, "paper": paper, "strict": strict}
    to_plan = _to_plan(project, record if kept else None, settings, asked)

    def plan_group(index: int) -> CheckedGroup:
        group = to_plan[index]
        variant, game = group.variant, group.game
        if group.kept is not None:  # only its cards' fields changed: draw their faces again
            found = faces_again(project, (variant, game), settings, players, group.kept)
            if found is not None:
                return found

        def plan() -> None:
            with project.cache.sharing(SHARED_SHEETS), variant.taking(variant.games[game]):
                for flip, options, on in settings:
                    only = (variant.labels.name, game)
                    for _ in plan_all(project, players, on, flip, options, only):
                        pass

        return planned_group(variant, game, plan, group.rows)

    try:  # the groups planned clean are kept even when a later one fails
        here = [group.here for group in to_plan]
        groups = checked_in_order(plan_group, here, jobs)
        for group, checked in zip(to_plan, groups, strict=False):
            record.add(group.key, group.variant, group.game, checked)
    finally:
        record.keep()
    for variant in project.variants:
        _calibration_printed(variant, first, size)


def _calibration_printed(variant: Variant, paper: str, size: tuple[float, float]) -> None:
    """The calibration sheet is no game's: planned too, for both flips (its words name the
    edge), its words are checked against the font, a complete label set must have them,
    and they count as printed (and listed)."""
    with listening() as heard:
        for flip in get_args(Flip):
            plan_calibration(variant, paper, size, flip, (0.0, 0.0))
    variant.printed.update(heard.texts())


def check(
    sources: Sources,
    games: Sequence[str],
    labels: Sequence[str] = ("all",),
    max_cards: int = MAX_CARDS,
    strict: bool = False,
    players: str = "all",
    paper: str = "all",
    jobs: int = 1,
    card_size: str | None = None,
) -> Project:
    """Load and plan everything asked for without writing, so every mistake surfaces;
    `strict` refuses what a label set would skip for a game (its missing words, its
    colours). With `jobs` above 1, games are planned over that many processes; what is
    found does not depend on it. At a `card_size` (`--card-size`), each kit is planned as
    `build` plans it there; a text printed only at a game's own size is not unused."""
    project = load_project(sources, games, labels, max_cards, strict)
    plan_every_setting(project, players, paper, strict, jobs, card_size=card_size)
    if players == paper == "all" and card_size is None:
        # With every kit of every game a set covers planned, each text it gives must be used.
        content_games = [folder.name for folder in game_folders(sources.content)]
        for variant in project.variants:
            if plans_every_game_covered(variant, content_games):
                check_text_is_used(variant, strict)
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
    cache: BuildCache | None = None,
) -> list[Written]:
    """Write every kit asked for that is not up to date (`build_project`). When the same
    command line built before from files that are all unchanged, its kits are listed as
    it kept them (pipeline/lastbuild.py), and the project is loaded only if one of them must
    be made. It starts with `cache`, carried from an earlier build (`BuildCache.next`), or
    an empty one (buildcache.py)."""
    check_output(out, sources.inputs())
    key = build_key(sources, games, options, labels, max_cards, out)
    kept = None if force else kept_build(key)
    cache = cache or BuildCache()
    if kept is not None:
        load = partial(load_project, sources, games, labels, max_cards, cache=cache)
        kits = _kept_kits(kept.kits, load, options, sources)
        if len(kits_up_to_date(out, kits, cache)) == len(kits):
            return _write(kits, kept.notes, options, out, on_kit, on_note, force, cache)
    with recording() as read:
        project = load_project(sources, games, labels, max_cards, cache=cache)
        kits = project_kits(project, options, out, force)
    notes = project.notes(options.printing)
    written = _write(kits, notes, options, out, on_kit, on_note, force, cache)
    if not force:  # a forced build neither takes nor keeps a listing: it makes everything
        keep_build(key, [(kit.folder, kit.info) for kit in kits], notes, read)
    return written


def _kept_kits(
    kept: list[tuple[str, dict[str, str]]],
    load: Callable[[], Project],
    options: BuildOptions,
    sources: Sources,
) -> list[KitPlan]:
    """The kits a command line kept, reading from `sources`. One found stale after all
    (another build changed it meanwhile) is planned from the project, loaded then (`load`)."""
    loaded: dict[str, Planned] = {}

    def plan(folder: str) -> list[KitFile]:
        if not loaded:
            project = load()
            asked = (options.players, options.paper, options.flip, options.printing)
            loaded.update({kit.folder: kit for kit in kit_requests(project, *asked, options.part)})
        if folder not in loaded:
            raise UserError(None, f"{folder}: its inputs changed during the build; build again")
        return loaded[folder].plan()

    roots = sources.roots()
    return [KitPlan(folder, info, partial(plan, folder), roots) for folder, info in kept]


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
    rendered with `options.jobs` processes; the bytes written do not depend on `jobs`."""
    kits = project_kits(project, options, out, force)
    notes = project.notes(options.printing)
    return _write(kits, notes, options, out, on_kit, on_note, force, project.cache)


def _write(
    kits: list[KitPlan],
    notes: list[str],
    options: BuildOptions,
    out: Path,
    on_kit: OnKit | None,
    on_note: Callable[[str], None] | None,
    force: bool,
    cache: BuildCache,
) -> list[Written]:
    """Each game a label set skipped told to `on_note` before the writing starts, then the
    kits written."""
    if on_note:
        for line in notes:
            on_note(line)
    return write_kits(out, kits, on_kit, options.printing.formats, options.jobs, force, cache)


def project_kits(project: Project, options: BuildOptions, out: Path, force: bool) -> list[KitPlan]:
    """The kits asked for, each with its fingerprint, those of a game its label set skips
    left out (`covered_kits`)."""
    printing, cache = options.printing, project.cache
    requests = {
        kit.folder: kit
        for kit in kit_requests(
            project, options.players, options.paper, options.flip, printing, options.part
        )
    }
    listed = [
        KitPlan(
            kit.folder,
            {**kit.info, INPUTS: project.fingerprint(kit.request)},
            kit.plan,
            project.roots,
        )
        for kit in requests.values()
    ]

    def stale(batch: list[KitPlan]) -> bool:
        """Whether some kit of a game must be built (the writer asks again of every kit)."""
        return force or not out.is_dir() or len(kits_up_to_date(out, batch, cache)) < len(batch)

    return list(covered_kits(iter(listed), requests, stale))


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
    paper = size_name(paper, variant.library.papers, "--paper")
    size = named_size(paper, variant.library.papers, "--paper")
    check_offset(offset, variant.library.printing.calibration.scale_half_length)
    document = plan_calibration(variant, paper, size, flip, offset)
    name = variant.labels.name
    kit = KitFile(f"calibration_{paper}_{flip}", "players", document)
    folder = f"calibration/{labels_folder(name)}{paper}-{flip}"
    info = {"paper": paper, "flip": flip, "version": variant.labels.title}
    info |= {} if name == STANDARD else {"labels": name}
    return write_kits(out, [KitPlan(folder, info, lambda: [kit])], force=True)


def plan_calibration(
    variant: Variant, paper: str, size: tuple[float, float], flip: Flip, offset: tuple[float, float]
) -> Document:
    """The calibration sheet under one label set. A set that sets its own least type size
    (large print) holds the sheet's text to it; the others keep print.yaml's sizes."""
    from shapes_print.plan.calibrate import (  # only `calibrate` and `check`
        CalibrationAsked,
        calibration_sheet,
    )

    least = variant.ctx.style.min_size if "min_size" in variant.labels.spec.style else 0.0
    asked = CalibrationAsked(paper, size, flip, offset, least)
    return calibration_sheet(asked, variant.library, variant.ctx)
