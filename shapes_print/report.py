"""What the CLI shows: build progress, the build summary, and the table of games.

On a terminal a batch build shows a progress bar. Anywhere else (a pipe, a file, CI) or with
--quiet it logs one plain line per kit instead, so logs never fill with control characters.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from rich.console import Console
from rich.table import Table

from shapes_print.kit import document_names
from shapes_print.load.labels import shipped
from shapes_print.pipeline import DEFAULT_LABELS, Project
from shapes_print.write import KitDone, OnKit, Written

KIB = 1024


def size(n: int) -> str:
    """Bytes as people read them: whole KB, or MB with one decimal from 1 MB up."""
    return f"{n / KIB:.0f} KB" if n < KIB * KIB else f"{n / KIB / KIB:.1f} MB"


def _totals(files: Sequence[Written]) -> tuple[int, int]:
    return sum(item.pages for item in files), sum(item.size for item in files)


def kit_line(done: KitDone) -> str:
    """One plain log line for a finished kit."""
    pages, total = _totals(done.files)
    return (
        f"[{done.done}/{done.total}] {done.folder}: "
        f"{len(done.files)} files, {pages} pages, {size(total)}"
    )


@contextmanager
def build_progress(console: Console, quiet: bool) -> Iterator[OnKit]:
    """Yield the callback a build reports each kit to: a progress bar or a plain log."""
    if quiet or not console.is_terminal:

        def log(done: KitDone) -> None:
            console.print(kit_line(done), markup=False, highlight=False, soft_wrap=True)

        yield log
        return
    # rich.progress: only a terminal shows a bar, so a piped or scripted build never loads it
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TextColumn

    columns = (SpinnerColumn(), TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn())
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task("planning kits", total=None)

        def advance(done: KitDone) -> None:
            progress.update(task, description=done.folder, completed=done.done, total=done.total)

        yield advance


def print_summary(console: Console, written: Sequence[Written], out: Path) -> None:
    """A table per kit (files, pages, size; totals as the footer), then where they are.

    The place is a line of its own, never wrapped, so it can be copied whole.
    """
    kits: dict[str, list[Written]] = {}
    for item in written:
        kits.setdefault(item.folder, []).append(item)
    pages, total = _totals(written)
    table = Table(show_footer=True)
    table.add_column("kit", footer=f"{len(kits)} kits", no_wrap=True)
    table.add_column("files", footer=str(len(written)), justify="right")
    table.add_column("pages", footer=str(pages), justify="right")
    table.add_column("size", footer=size(total), justify="right")
    for folder, files in kits.items():
        kit_pages, kit_size = _totals(files)
        table.add_row(folder, str(len(files)), str(kit_pages), size(kit_size))
    console.print(table)
    console.print(f"written to {out.resolve()}", markup=False, highlight=False, soft_wrap=True)


def games(project: Project) -> Table:
    """Every game with what it can be built as: player counts, documents, papers; and, below,
    the shipped label sets, which every game is built with.

    Games do not declare variants yet, so the documents a kit holds stand in for them.
    """
    table = Table(caption=f"label sets (--labels): {', '.join(shipped(DEFAULT_LABELS))}", caption_justify="left")
    table.add_column("game", no_wrap=True)  # an id people type: never cut or wrapped
    for column in ("title", "players", "documents", "papers"):
        table.add_column(column)
    papers = ", ".join(project.library.papers)
    for game_id, loaded in project.games.items():
        players = loaded.game.players
        table.add_row(
            game_id,
            loaded.game.title,
            f"{players.min}-{players.max}",
            ", ".join(document_names(loaded)),
            papers,
        )
    return table
