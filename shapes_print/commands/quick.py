"""The commands run most often, answered without typer; and how every command's errors
are said.

typer 0.29 builds a pydantic TypeAdapter for each parameter of the command it runs:
importing pydantic for that is about 0.2 s of CPU, more than `list` costs in all (`schema` and `new` about as much). So the
entry point (`entry.py`) reads a `list` command line itself when it is one of the forms
listed in QUICK (the command's own options, each at most once and with a plain value) and
leaves everything else, `--help` and every mistake included, to typer (`cli.py`), which
declares the same options and runs the same function. tests/commands/test_quick.py holds
the two to the same options and the same output.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from shapes_print.errors import UserError, shown, system_error
from shapes_print.load.defaults import chosen_folders


def list_games(
    content: Path | None = None, templates: Path | None = None, as_json: bool = False
) -> None:
    """`list`: each game's player counts and documents, the label sets and the papers (of
    the folders given, else ./content and ./templates when there, else the shipped ones)."""
    from shapes_print.build import games  # game.yaml's keys only: no model is built
    from shapes_print.commands import report

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


@dataclass(frozen=True, slots=True)
class QuickCommand:
    """A command read here: its function, its options taking a path, a word or nothing (a
    flag), each option with its keyword, and the keyword of its one argument if it takes
    one, as cli.py declares them."""

    run: Callable[..., None]
    paths: dict[str, str]
    flags: dict[str, str]
    words: dict[str, str] = field(default_factory=dict)
    argument: str | None = None

    def options(self) -> set[str]:
        return {*self.paths, *self.flags, *self.words}


QUICK = {
    "list": QuickCommand(
        list_games, {"--content": "content", "--templates": "templates"}, {"--json": "as_json"}
    ),
    "schema": QuickCommand(write_schemas, {"--out": "out"}, {}),
    "new": QuickCommand(new_game, {"--content": "content"}, {}, {"--from": "start"}, "game"),
}


def quick_call(args: list[str]) -> Callable[[], None] | None:
    """The call `args` ask for when it is a quick command in a plain form; None for
    anything else (typer reads it, and says what is wrong with it)."""
    command = QUICK.get(args[0]) if args else None
    if command is None:
        return None
    given: dict[str, object] = {}
    words = iter(args[1:])
    for word in words:
        if command.argument and not word.startswith("-") and command.argument not in given:
            given[command.argument] = word
            continue
        option, equals, value = word.partition("=")
        keyword = command.paths.get(option) or command.flags.get(option)
        keyword = keyword or command.words.get(option)
        if keyword is None or keyword in given:
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
        given[keyword] = Path(value) if option in command.paths else value
    if command.argument and command.argument not in given:
        return None
    return partial(command.run, **given)


def split_debug(argv: list[str] | None) -> tuple[list[str], bool]:
    """The command line (sys.argv's by default) without `--debug`, and whether it was there."""
    given = list(argv if argv is not None else sys.argv[1:])
    return [a for a in given if a != "--debug"], "--debug" in given


def say(line: str) -> None:
    """One line on stderr: an error, or what to do about it."""
    print(line, file=sys.stderr)


def guarded(call: Callable[[], int | None], debug: bool) -> int:
    """Run a command: a user's mistake is one line on stderr and exit status 2, a bug
    exit 1 (with --debug, its traceback)."""
    try:
        try:
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
