"""What the CLI shows: build progress, the build summary, and the table of games.

On a terminal a batch build shows a progress bar. Anywhere else (a pipe, a file, CI) or with
--quiet it logs one plain line per kit instead, so logs never fill with control characters.
The summary is plain aligned text either way, so it reads the same in a log as on screen.
rich is imported only for what needs it (the bar, the games table): a scripted build
never pays for loading it.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from shapes_print.kit import document_names
from shapes_print.load.labels import shipped
from shapes_print.message import counted
from shapes_print.newgame import NewGame
from shapes_print.pipeline import DEFAULT_CONTENT, DEFAULT_LABELS, Project
from shapes_print.write import KitDone, OnKit, Written

if TYPE_CHECKING:
    from rich.table import Table

KIB = 1024


def note(line: str) -> None:
    """A line about the build that is not an error (a game a label set skipped), on stderr."""
    print(line, file=sys.stderr, flush=True)


def new_game(stream: TextIO, made: NewGame) -> None:
    """Where `new` wrote the game, the three files to edit next, and how to see it."""
    game = made.folder.name
    print(f"wrote {made.folder}/", file=stream)
    for number, (path, what) in enumerate(made.next_steps, 1):
        print(f"next {number}. edit {path}: {what}", file=stream)
    content = made.folder.parent
    where = "" if content.resolve() == DEFAULT_CONTENT.resolve() else f" --content {content}"
    print(f"then: shapes-print preview {game}{where}", file=stream)


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
        f"{counted(len(done.files), 'file', 'files')}, {counted(pages, 'page', 'pages')}, "
        f"{size(total)}"
    )


@contextmanager
def build_progress(stream: TextIO, quiet: bool) -> Iterator[OnKit]:
    """Yield the callback a build reports each kit to: a progress bar or a plain log."""
    if quiet or not stream.isatty():

        def log(done: KitDone) -> None:
            print(kit_line(done), file=stream, flush=True)

        yield log
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TextColumn

    columns = (SpinnerColumn(), TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn())
    with Progress(*columns, console=Console(file=stream), transient=True) as progress:
        task = progress.add_task("planning kits", total=None)

        def advance(done: KitDone) -> None:
            progress.update(task, description=done.folder, completed=done.done, total=done.total)

        yield advance


def print_summary(stream: TextIO, written: Sequence[Written], out: Path) -> None:
    """A row per kit (files, pages, size), a totals row, then where they are.

    The place is a line of its own, never wrapped, so it can be copied whole.
    """
    kits: dict[str, list[Written]] = {}
    for item in written:
        kits.setdefault(item.folder, []).append(item)
    rows = [("kit", "files", "pages", "size")]
    for folder, files in kits.items():
        kit_pages, kit_size = _totals(files)
        rows.append((folder, str(len(files)), str(kit_pages), size(kit_size)))
    pages, total = _totals(written)
    rows.append((counted(len(kits), "kit", "kits"), str(len(written)), str(pages), size(total)))
    widths = [max(len(row[column]) for row in rows) for column in range(4)]

    def line(row: tuple[str, ...]) -> str:  # the kit's folder to the left, numbers to the right
        cells = [row[0].ljust(widths[0])] + [
            cell.rjust(w) for cell, w in zip(row[1:], widths[1:], strict=True)
        ]
        return "  ".join(cells)

    rule = "  ".join("-" * width for width in widths)
    heading, *kit_rows, totals = map(line, rows)
    print("\n".join((heading, rule, *kit_rows, rule, totals)), file=stream)
    print(f"written to {out.resolve()}", file=stream)


def games(project: Project) -> Table:
    """Every game with what it can be built as: player counts, documents, papers; and, below,
    the shipped label sets, which every game is built with.

    Games do not declare variants yet, so the documents a kit holds stand in for them.
    """
    from rich.table import Table

    table = Table(
        caption=f"label sets (--labels): {', '.join(shipped(DEFAULT_LABELS))}",
        caption_justify="left",
    )
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
