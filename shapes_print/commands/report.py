"""What the CLI shows: build progress, the build summary, the table of games, and the
JSON documents `--json` prints for scripts.

On a terminal a batch build shows a progress bar. Anywhere else (a pipe, a file, CI) it logs
one plain line per kit built instead, so logs never fill with control characters; with
--quiet it shows nothing. Tables are plain aligned text off a terminal (no box characters),
so they read the same in a log as on screen. rich is imported only for what needs it (the
bar, the games table on a terminal): a scripted build never pays for loading it.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from msgspec import Struct

from shapes_print.errors import shown
from shapes_print.load.defaults import DEFAULT_CONTENT, DEFAULT_LABELS, STANDARD, chosen_folder
from shapes_print.load.listing import GameSummary, shipped
from shapes_print.text.message import counted

# What a build or a check returns, named here for their types only: `list`, `new` and
# `--help` print through this module without loading the pipeline.
if TYPE_CHECKING:
    from shapes_print.commands.newgame import NewGame
    from shapes_print.pipeline.preview import Preview
    from shapes_print.pipeline.project import Project
    from shapes_print.write.write import KitDone, OnKit, Written

KIB = 1024
# Cards a line of `preview --boxes` names for a text that shrank, the smallest first: the
# ones a designer fixes first; the rest are counted.
SHRUNK_CARDS_SHOWN = 5


def note(line: str) -> None:
    """A line about the build that is not an error (a game a label set skipped), on stderr."""
    print(shown(line), file=sys.stderr, flush=True)


def legend_line() -> str:
    """What each colour of `preview --boxes`' overlay outlines, in one line."""
    from shapes_print.plan.boxes import LEGEND

    return "boxes: " + "; ".join(f"{key.name}, {key.outlines}" for key in LEGEND)


def shrunk_lines(kit: Preview) -> list[str]:
    """`preview --boxes`' list of the texts a kit's cards set smaller than asked, one line
    an element: `deck cards, text 'rule': asked 10 pt, least 8 pt; smaller on 3 of 18
    cards: wild 8 pt (its least), red-2 9 pt, ...`. One line when none shrank."""
    if not kit.shrunk:
        return [f"{kit.folder.parent}: every card text is set at the size its layout asks"]
    lines = [f"{kit.folder.parent}: card texts set smaller than asked, to fit their boxes:"]
    for text in kit.shrunk:
        cards = [
            f"{s.card} {s.size:g} pt" + " (its least)" * (s.size <= text.least)
            for s in text.smaller[:SHRUNK_CARDS_SHOWN]
        ]
        more = len(text.smaller) - len(cards)
        cards += [f"and {more} more"] if more else []
        lines.append(
            f"  deck {text.deck}, text {text.element!r}: asked {text.asked:g} pt, least "
            f"{text.least:g} pt; smaller on {len(text.smaller)} of {text.cards} cards: "
            + ", ".join(cards)
        )
    return lines


def new_game(stream: TextIO, made: NewGame) -> None:
    """Where `new` wrote the game, the three files to edit next, and how to see it."""
    game = made.folder.name
    print(f"wrote {made.folder}/", file=stream)
    for number, (path, what) in enumerate(made.next_steps, 1):
        print(f"next {number}. edit {path}: {what}", file=stream)
    content = made.folder.parent
    found = chosen_folder(None, DEFAULT_CONTENT)  # what a command reads with no --content
    where = "" if content.resolve() == found.resolve() else f" --content {content}"
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
    """Yield the callback a build reports each kit to: a progress bar, a plain log, or
    (`quiet`) nothing."""
    if quiet:
        yield lambda done: None
        return
    if not stream.isatty():

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


def kit_counts(written: Sequence[Written]) -> str:
    """'227 kits up to date, 1 built', '1 kit built', '228 kits up to date'."""
    from shapes_print.write.write import BUILT, UP_TO_DATE

    built = len({item.folder for item in written if item.status == BUILT})
    fresh = len({item.folder for item in written if item.status == UP_TO_DATE})
    if not fresh:
        return f"{counted(built, 'kit', 'kits')} built"
    up = f"{counted(fresh, 'kit', 'kits')} up to date"
    return f"{up}, {built} built" if built else up


def print_summary(stream: TextIO, written: Sequence[Written], out: Path) -> None:
    """A row per kit built (files, pages, size), a totals row, how many kits were built and
    found up to date, then where they are.

    The place is a line of its own, never wrapped, so it can be copied whole.
    """
    from shapes_print.write.write import BUILT

    kits: dict[str, list[Written]] = {}
    for item in written:
        if item.status == BUILT:
            kits.setdefault(item.folder, []).append(item)
    if kits:
        rows = [("kit", "files", "pages", "size")]
        for folder, files in kits.items():
            kit_pages, kit_size = _totals(files)
            rows.append((folder, str(len(files)), str(kit_pages), size(kit_size)))
        built = [item for files in kits.values() for item in files]
        pages, total = _totals(built)
        totals = (counted(len(kits), "kit", "kits"), str(len(built)), str(pages), size(total))
        table = [*rows, totals]
        heading, *kit_rows, last = plain_table(table, left=1)
        rule = "  ".join("-" * width for width in _widths(table))
        print("\n".join((heading, rule, *kit_rows, rule, last)), file=stream)
    print(kit_counts(written), file=stream)
    print(f"{'written to' if kits else 'already in'} {out.resolve()}", file=stream)


def plain_table(rows: Sequence[Sequence[str]], left: int) -> list[str]:
    """Rows as aligned lines, columns two spaces apart: the first `left` columns to the
    left, the rest (numbers) to the right. No box characters: it reads the same in a pipe."""
    widths = _widths(rows)
    return [
        "  ".join(
            cell.ljust(width) if column < left else cell.rjust(width)
            for column, (cell, width) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in rows
    ]


def _widths(rows: Sequence[Sequence[str]]) -> list[int]:
    return [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]


class GameRow(Struct, frozen=True):
    """One game as `list` shows it: what it can be built as."""

    id: str
    title: str
    players: tuple[int, int]
    documents: list[str]
    papers: list[str]


def game_rows(games: Sequence[GameSummary], papers: list[str]) -> list[GameRow]:
    """Every game with its player counts, documents and papers. Games do not declare
    variants yet, so the documents a kit holds stand in for them."""
    return [GameRow(game.id, game.title, game.players, game.documents, papers) for game in games]


LIST_COLUMNS = ("game", "title", "players", "documents", "papers")


def print_games(stream: TextIO, games: Sequence[GameRow]) -> None:
    """The games as a table, then the shipped label sets, which every game is built with:
    drawn with rich on a terminal, plain aligned text anywhere else."""
    rows = [
        (row.id, row.title, f"{row.players[0]}-{row.players[1]}", ", ".join(row.documents),
         ", ".join(row.papers))
        for row in games
    ]  # fmt: skip
    caption = f"label sets (--labels): {', '.join(shipped(DEFAULT_LABELS))}"
    if not stream.isatty():
        print("\n".join([*plain_table([LIST_COLUMNS, *rows], left=5), caption]), file=stream)
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(caption=caption, caption_justify="left")
    table.add_column(LIST_COLUMNS[0], no_wrap=True)  # an id people type: never cut or wrapped
    for column in LIST_COLUMNS[1:]:
        table.add_column(column)
    for row in rows:
        table.add_row(*row)
    Console(file=stream).print(table)


# --json: the shapes scripts read (documented in docs/commands.md).


def build_json(written: Sequence[Written], out: Path) -> dict[str, object]:
    """`build --json`: every kit asked for, built or up to date, with its files."""
    from shapes_print.write.write import BUILT, UP_TO_DATE

    kits: dict[str, dict[str, object]] = {}
    for item in written:
        kit = kits.get(item.folder)
        if kit is None:
            info = item.kit
            kit = kits[item.folder] = {
                "folder": item.folder,
                "status": item.status,
                "game": info.get("game"),
                "paper": info.get("paper"),
                "players": int(str(info["players"])) if "players" in info else None,
                "labels": info.get("labels", STANDARD),
                "files": [],
            }
        kit["files"].append(  # type: ignore[attr-defined]
            {
                "path": str(item.path),
                "audience": item.audience,
                "pages": item.pages,
                "bytes": item.size,
                "sha256": item.sha256,
            }
        )
    statuses = [kit["status"] for kit in kits.values()]
    return {
        "out": str(out),
        "built": statuses.count(BUILT),
        "up_to_date": statuses.count(UP_TO_DATE),
        "kits": list(kits.values()),
    }


def check_line(project: Project) -> str:
    """`check`'s line: 'ok: 1 game checked with 6 label sets'."""
    games_checked = counted(len(project.games), "game", "games")
    label_sets = counted(len(project.variants), "label set", "label sets")
    return f"ok: {games_checked} checked with {label_sets}"


def check_json(project: Project) -> dict[str, object]:
    """`check --json`: what was checked (a mistake exits 2 with its line on stderr)."""
    return {
        "ok": True,
        "games": list(project.games),
        "label_sets": [variant.labels.name for variant in project.variants],
    }


def games_json(games: Sequence[GameRow]) -> dict[str, object]:
    """`list --json`: the games and the shipped label sets."""
    return {
        "games": [
            {
                "id": row.id,
                "title": row.title,
                "players": {"min": row.players[0], "max": row.players[1]},
                "documents": row.documents,
                "papers": row.papers,
            }
            for row in games
        ],
        "label_sets": shipped(DEFAULT_LABELS),
    }


def print_json(stream: TextIO, data: object) -> None:
    print(json.dumps(data, indent=2, ensure_ascii=False), file=stream)
