"""The kits a build asks for, before any is planned: for each label set, game, paper and
player count, its request, its folder (kit/contents.py) and what the manifest records of
its files; and whoever listens to the kits planned (`listening_to_kits`).

Input: a loaded `Project` and the build's options. Output: `Planned` kits, in a stable order;
each kit planned in this process, with its files, for every listener.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from msgspec import Struct

from shapes_print.buildcache import BuildCache
from shapes_print.errors import UserError
from shapes_print.kit.contents import KitRequest, card_size_folder, kit_folder
from shapes_print.kit.resolved import resolve_kit
from shapes_print.kit.sizeasked import said_at_option
from shapes_print.kit.variant import Variant
from shapes_print.load.labels import STANDARD
from shapes_print.load.loaded import LoadedGame
from shapes_print.load.options import Flip, Part, PrintOptions
from shapes_print.pipeline.project import Project, papers, player_counts
from shapes_print.plan.kit import KitFile, plan_kit
from shapes_print.write.uptodate import CARD_SIZE, PARTIAL


class Planned(Struct, frozen=True):
    """One kit asked for, before it is planned: its label set's content, its game, the
    request, its folder, what the manifest records of its files, and the build's cache."""

    variant: Variant
    loaded: LoadedGame
    request: KitRequest
    folder: str
    info: dict[str, str]
    cache: BuildCache
    made: int | None = None  # when the newest file the kit is made from changed

    def plan(self) -> list[KitFile]:
        """The kit's files: its game resolved (its pictures read), then planned."""
        library, card_size = self.variant.library, self.request.options.card_size
        try:
            resolved = resolve_kit(self.loaded, library, self.variant.ctx, card_size, self.cache)
            files = plan_kit(resolved, self.request, self.cache)
        except UserError as raised:
            # A size the shipped layouts cannot take is the option's; and the same YAML may
            # plan under one label set and not another: say which.
            error = said_at_option(raised, self.loaded, library, self.request)
            labels = self.request.labels
            if labels != STANDARD and _may_be_the_sets(error):
                error.message += f" (label set {labels!r})"
            if error is raised:
                raise
            raise error from None
        dated = [file.dated(self.made) for file in files]
        for listener in _KIT_LISTENERS.get():
            listener(self, dated)
        return dated


def _may_be_the_sets(error: UserError) -> bool:
    """Whether a kit's error may hold under its label set only, so the line names the set:
    not one said at an option (`--back-offset: ...`), which is the option's under any set,
    nor one that names its set already."""
    at_option = error.source is not None and str(error.source.path).startswith("--")
    return not at_option and "label set" not in error.message


# Hears a kit planned (whole or the part its request asks for) with its files.
KitListener = Callable[[Planned, list[KitFile]], None]
_KIT_LISTENERS: ContextVar[tuple[KitListener, ...]] = ContextVar("kit listeners", default=())


@contextmanager
def listening_to_kits(listener: KitListener) -> Iterator[None]:
    """Inside the block, each kit planned in this process (a forked worker's are its own)
    is handed to `listener` with its files, beside whoever listens already: a caller may
    read what a `check --jobs 1` planned without planning it again, or count what it
    planned. Nothing is kept while no one listens."""
    token = _KIT_LISTENERS.set((*_KIT_LISTENERS.get(), listener))
    try:
        yield
    finally:
        _KIT_LISTENERS.reset(token)


def kit_requests(
    project: Project,
    players: str,
    paper: str,
    flip: Flip = "long",
    options: PrintOptions | None = None,
    part: Part | None = None,
    only: tuple[str, str] | None = None,
) -> Iterator[Planned]:
    """Every kit asked for, in a stable order (label set, game, paper, player count); with
    `only`, those of one label set and game. A kit built in part says so in its manifest
    entries, so no one takes it for the kit."""
    part = part or Part()
    for variant in project.variants:
        labels = variant.labels.name
        for game_id, loaded in variant.games.items():
            if game_id in variant.skipped or only not in (None, (labels, game_id)):
                continue
            printing = options or PrintOptions()
            size = card_size_folder(loaded, variant.library, printing.card_size)
            for paper_name in papers(project, paper):
                for count in player_counts(loaded, players):
                    request = KitRequest(game_id, count, paper_name, flip, printing, labels, part)
                    info = {
                        "game": game_id,
                        "title": loaded.game.title,
                        "paper": paper_name,
                        "players": str(count),
                        "labels": labels,
                        "version": variant.labels.title,
                    }
                    if size:
                        info[CARD_SIZE] = size
                    if part.describe():
                        info[PARTIAL] = part.describe()
                    folder, made = kit_folder(request, size), project.newest(request)
                    yield Planned(variant, loaded, request, folder, info, project.cache, made)
