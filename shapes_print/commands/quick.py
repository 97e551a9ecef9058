"""The commands run most often, answered without typer; and how every command's errors
are said.

typer 0.29 builds a pydantic TypeAdapter for each parameter of the command it runs, and
importing typer and declaring every command costs more than `list` does in all (`schema`
and `new` about as much; a small `build` a tenth of its time). So the entry point
(`entry.py`) reads a command line itself when it is one of the forms listed in QUICK (the
command's own options, each at most once and with a plain value, an option that takes a
list as often as it is given) and leaves everything else, `--help` and every mistake
included, to typer (`cli.py`), which declares the same options and runs the same function.
`build` and `check` leave to typer, too, the options whose values typer checks against a
list (`--flip`). tests/commands/test_quick.py holds the two to the same options, the same
calls and the same output.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path

from msgspec import Struct, field

from shapes_print.errors import UserError, shown, system_error, warnings_told
from shapes_print.limits import MAX_CARDS
from shapes_print.load.defaults import chosen_folders, chosen_jobs, whole_count
from shapes_print.load.options import Flip


def list_games(
    content: Path | None = None, templates: Path | None = None, as_json: bool = False
) -> None:
    """`list`: each game's player counts and documents, the label sets and the papers (of
    the folders given, else ./content and ./templates when there, else the shipped ones)."""
    from shapes_print.commands import report
    from shapes_print.pipeline import games  # game.yaml's keys only: no model is built

    content, templates = chosen_folders(content, templates)
    rows = report.game_rows(games.game_summaries(content), games.paper_names(templates))
    if as_json:
        report.print_json(sys.stdout, report.games_json(rows))
    else:
        report.print_games(sys.stdout, rows)


def write_schemas(out: Path = Path("schemas")) -> None:
    """`schema`: every JSON Schema file, from the cache folder when kept there."""
    from shapes_print.reference import schemacache  # kept from an earlier run: no model

    for path in schemacache.write_schemas(out):
        print(shown(str(path)))


def new_game(game: str, content: Path = Path("content"), start: str | None = None) -> None:
    """`new`: a game folder (in ./content unless told) that builds at once, then what to
    edit next."""
    from shapes_print.commands import newgame, report

    report.new_game(sys.stdout, newgame.new_game(game, content, start))


def build_kits(
    games: list[str] | None = None,
    players: str = "all",
    paper: str = "all",
    out: Path = Path("output"),
    content: Path | None = None,
    templates: Path | None = None,
    quiet: bool = False,
    as_json: bool = False,
    force: bool = False,
    labels: list[str] | None = None,
    flip: Flip = "long",
    back_offset: str = "0mm,0mm",
    card_size: str | None = None,
    print_shop: bool = False,
    ink_saver: bool = False,
    formats: str = "pdf",
    bleed: str | None = None,
    max_cards: int = MAX_CARDS,
    jobs: int | None = None,
    proof: bool = False,
    deck: str | None = None,
    cards: str | None = None,
    fold: bool = False,
) -> None:
    """`build`: the kits asked for, reported as they are done and summed up at the end."""
    from shapes_print.commands import report
    from shapes_print.load.options import Part, PrintOptions
    from shapes_print.pipeline import pipeline

    jobs = chosen_jobs(jobs)
    sources = pipeline.Sources.found(content, templates)
    printing = PrintOptions.from_words(
        card_size, print_shop, back_offset, ink_saver, formats, bleed
    ).folded(fold)
    part = Part.from_words(proof, deck, cards)
    options = pipeline.BuildOptions(players, paper, flip, printing, jobs, part)
    with report.build_progress(sys.stdout, quiet or as_json) as on_kit:
        written = pipeline.build(
            sources, games or [], options, out, on_kit, labels or [], max_cards, report.note, force
        )
    if as_json:
        report.print_json(sys.stdout, report.build_json(written, out))
    elif not quiet:
        report.print_summary(sys.stdout, written, out)


def check_games(
    games: list[str] | None = None,
    content: Path | None = None,
    templates: Path | None = None,
    max_cards: int = MAX_CARDS,
    labels: list[str] | None = None,
    players: str = "all",
    paper: str = "all",
    strict: bool = False,
    quiet: bool = False,
    as_json: bool = False,
    jobs: int | None = None,
    card_size: str | None = None,
) -> None:
    """`check`: every kit asked for planned and checked (at `card_size` as `build` plans
    it), nothing written; its notes on stderr (even when quiet), then one line or a JSON
    document."""
    from shapes_print.commands import report
    from shapes_print.pipeline import pipeline

    jobs = chosen_jobs(jobs)
    sources = pipeline.Sources.found(content, templates)
    asked = (labels or ["all"], max_cards, strict, players, paper, jobs, card_size)
    project = pipeline.check(sources, games or [], *asked)
    for line in project.notes():
        report.note(line)
    if as_json:
        report.print_json(sys.stdout, report.check_json(project))
    elif not quiet:
        print(report.check_line(project))


class QuickCommand(Struct, frozen=True):
    """A command read here: its function, its options taking a path, a word, a whole number
    from 1, a word each time it is given (a list), or nothing (a flag), each option with its
    keyword; and the keyword of its argument if it takes one (or, `many`, a list of them), as
    cli.py declares them."""

    run: Callable[..., None]
    paths: dict[str, str]
    flags: dict[str, str]
    words: dict[str, str] = field(default_factory=dict)
    argument: str | None = None
    many: bool = False
    counts: dict[str, str] = field(default_factory=dict)
    lists: dict[str, str] = field(default_factory=dict)

    def options(self) -> set[str]:
        return {*self.paths, *self.flags, *self.words, *self.counts, *self.lists}

    def keyword(self, option: str) -> str | None:
        for kind in (self.paths, self.flags, self.words, self.counts, self.lists):
            if option in kind:
                return kind[option]
        return None


# The folders and settings `build` and `check` both take.
_FOLDERS = {"--content": "content", "--templates": "templates"}
_SAID = {"--quiet": "quiet", "-q": "quiet", "--json": "as_json"}
_KITS = {"--players": "players", "--paper": "paper", "--card-size": "card_size"}
_BUILD_WORDS = {
    **_KITS,
    "--back-offset": "back_offset",
    "--format": "formats",
    "--bleed": "bleed",
    "--deck": "deck",
    "--cards": "cards",
}
_BUILD_FLAGS = {
    **_SAID,
    "--force": "force",
    "--print-shop": "print_shop",
    "--ink-saver": "ink_saver",
    "--proof": "proof",
    "--fold": "fold",
}
_COUNTS = {"--jobs": "jobs", "--max-cards": "max_cards"}
_LABELS = {"--labels": "labels"}

QUICK = {
    "list": QuickCommand(list_games, _FOLDERS, {"--json": "as_json"}),
    "schema": QuickCommand(write_schemas, {"--out": "out"}, {}),
    "new": QuickCommand(new_game, {"--content": "content"}, {}, {"--from": "start"}, "game"),
    "build": QuickCommand(
        build_kits,
        {**_FOLDERS, "--out": "out"},
        _BUILD_FLAGS,
        _BUILD_WORDS,
        "games",
        many=True,
        counts=_COUNTS,
        lists=_LABELS,
    ),
    "check": QuickCommand(
        check_games,
        _FOLDERS,
        {**_SAID, "--strict": "strict"},
        _KITS,
        "games",
        many=True,
        counts=_COUNTS,
        lists=_LABELS,
    ),
}


def quick_call(args: list[str]) -> Callable[[], None] | None:
    """The call `args` ask for when it is a quick command in a plain form; None for
    anything else (typer reads it, and says what is wrong with it)."""
    command = QUICK.get(args[0]) if args else None
    if command is None:
        return None
    given: dict[str, object] = {}
    listed: dict[str, list[str]] = {}  # the argument of `many`, and each list option
    words = iter(args[1:])
    for word in words:
        if command.argument and not word.startswith("-"):
            if command.many:
                listed.setdefault(command.argument, []).append(word)
                continue
            if command.argument not in given:
                given[command.argument] = word
                continue
        option, equals, value = word.partition("=")
        keyword = command.keyword(option)
        if keyword is None or (keyword in given and option not in command.lists):
            return None
        if option in command.flags:
            if equals:
                return None
            given[keyword] = True
            continue
        if not equals:
            value = next(words, "")
        if not value or value.startswith("-"):
            return None
        if option in command.counts:
            count = whole_count(value)
            if count is None:  # typer says what is wrong with it, or takes a larger count
                return None
            given[keyword] = count
        elif option in command.lists:
            listed.setdefault(keyword, []).append(value)
        else:
            given[keyword] = Path(value) if option in command.paths else value
    if command.argument and not command.many and command.argument not in given:
        return None
    return partial(command.run, **given, **listed)


def split_debug(argv: list[str] | None) -> tuple[list[str], bool]:
    """The command line (sys.argv's by default) without `--debug`, and whether it was there."""
    given = list(argv if argv is not None else sys.argv[1:])
    return [a for a in given if a != "--debug"], "--debug" in given


def say(line: str) -> None:
    """One line on stderr: an error, or what to do about it."""
    print(line, file=sys.stderr)


# A command stopped by Ctrl-C exits as a shell says one did (128 + SIGINT), after one line.
INTERRUPTED = 130


def guarded(call: Callable[[], int | None], debug: bool) -> int:
    """Run a command, one build, whose warnings are each said once: a user's mistake is
    one line on stderr and exit status 2, a bug exit 1 (with --debug, its traceback)."""
    try:
        try:
            with warnings_told():
                return call() or 0
        except BrokenPipeError:  # `shapes-print list | head`: the reader has gone
            return 0
        except OSError as error:  # the system refused: a full disk, a folder not ours to write
            if debug:
                raise
            raise system_error(error) from None
    except UserError as error:
        say(error.line())
        if error.hint:
            say(shown(f"hint: {error.hint}"))
        return 2
    except Exception as error:  # the last line of defence: a bug, said briefly
        if debug:
            raise
        message = " ".join(str(error).split())[:200]
        say(shown(f"internal error: {type(error).__name__}: {message}"))
        say("hint: run again with --debug for the traceback")
        return 1
