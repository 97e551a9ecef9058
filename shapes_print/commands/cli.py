"""Command line: parse options, call the pipeline, report. No logic of its own.

Each command imports the pipeline (and rich, where it draws) when it runs, so `--help` and
shell completion, which run this module on every Tab, start without loading them. The
annotations are evaluated here, not postponed: typer reads every command's on each run,
and would otherwise evaluate some two hundred strings to do so.
"""

import sys
from functools import cache, partial
from pathlib import Path
from typing import Annotated

import typer
import typer.main
from typer.core import TyperGroup
from typer.exceptions import TyperException

from shapes_print.commands import quick, translate
from shapes_print.commands.buildcommand import build
from shapes_print.commands.options import (
    BackOffset,
    Boxes,
    CardSize,
    Content,
    FlipOption,
    Games,
    Jobs,
    Json,
    Labels,
    MaxCards,
    Out,
    Papers,
    Players,
    Port,
    PrintShop,
    Quiet,
    Serve,
    Strict,
    Templates,
    command_group,
)
from shapes_print.commands.quick import INTERRUPTED, guarded, say, split_debug
from shapes_print.errors import shown
from shapes_print.limits import MAX_CARDS, MAX_DPI, MIN_DPI
from shapes_print.load.defaults import STANDARD
from shapes_print.load.options import PrintOptions, parse_offset

app = command_group("Printable card-game kits from YAML.")


app.command()(build)  # its options and help: commands/buildcommand.py


@app.command("preview")
def preview_kit(
    game: Annotated[str, typer.Argument(help="The game to preview (folder name under content/).")],
    players: Annotated[
        str | None, typer.Option(help="Player counts as for build; default: the smallest.")
    ] = None,
    paper: Annotated[
        str | None, typer.Option(help="Papers as for build; default: the first in papers.yaml.")
    ] = None,
    out: Out = Path("output"),
    dpi: Annotated[
        int, typer.Option(min=MIN_DPI, max=MAX_DPI, help="Pixels per inch of the pages.")
    ] = 100,
    content: Content = None,
    templates: Templates = None,
    labels: Labels = None,
    watch: Annotated[
        bool, typer.Option(help="Keep going: build and draw again whenever an input file changes.")
    ] = False,
    serve: Serve = False,
    port: Port = 0,
    card_size: CardSize = None,
    print_shop: PrintShop = False,
    boxes: Boxes = False,
) -> None:
    """Build a kit, then draw every page as a PNG in its preview/ folder, plus a contact sheet.

    Example: shapes-print preview pass-and-pick --players 4 --paper a4 --serve
    """
    from shapes_print.commands import report
    from shapes_print.pipeline import pipeline, preview  # preview: pypdfium2 and Pillow

    sources = pipeline.Sources.found(content, templates)
    asked = (sources, game, players, paper, out, dpi, labels or [])
    printing = PrintOptions(card_size=card_size, print_shop=print_shop)
    # A served page switches between the kit and its boxes, so it is given both.
    views: preview.Boxes = "beside" if serve else "only" if boxes else "without"
    build = partial(
        preview.build_and_preview, *asked, printing=printing, on_note=report.note, boxes=views
    )
    if watch or serve:
        from shapes_print.commands import serve as serving
        from shapes_print.commands import watch as watching

        folders = watching.watched_folders(sources, game, labels or [])
        if serve:
            serving.serve(build, folders, sources.roots(), out, game, port, print_now, boxes)
        else:
            watching.watch(build, folders, sources.roots(), out, print_now)
        return
    for kit in build():
        for path in (*kit.pages, *kit.contact_sheets):
            typer.echo(shown(str(path)))
        for line in report.shrunk_lines(kit) if boxes else ():
            typer.echo(shown(line))
    if boxes:
        typer.echo(report.legend_line())


def print_now(line: str) -> None:
    """One line to stdout at once, even into a pipe, so a watcher's reader sees each rebuild."""
    typer.echo(shown(line))
    sys.stdout.flush()


@app.command()
def check(
    games: Games = None,
    content: Content = None,
    templates: Templates = None,
    max_cards: MaxCards = MAX_CARDS,
    labels: Labels = None,
    players: Players = "all",
    paper: Papers = "all",
    strict: Strict = False,
    quiet: Quiet = False,
    as_json: Json = False,
    jobs: Jobs = None,
    card_size: CardSize = None,
) -> None:
    """Load and validate everything, write nothing; exit 0 when all is well, 2 otherwise.

    Checks every shipped label set unless --labels names some, at each game's own card
    size unless --card-size names the one you build at.
    Example: shapes-print check pass-and-pick --card-size 70x100mm
    """
    asked = (max_cards, labels, players, paper, strict, quiet, as_json, jobs, card_size)
    quick.check_games(games, content, templates, *asked)  # quick.py reads `check` too


@app.command()
def calibrate(
    paper: Annotated[str, typer.Option(help="Paper: a4, letter, ... or e.g. 300x400mm.")] = "a4",
    flip: FlipOption = "long",
    back_offset: BackOffset = "0mm,0mm",
    out: Out = Path("output"),
    templates: Templates = None,
    labels: Annotated[
        str, typer.Option("--labels", help="Label set: a shipped name or a path to a .yaml file.")
    ] = STANDARD,
) -> None:
    """Write a duplex calibration sheet to read your printer's back offset from.

    Example: shapes-print calibrate --paper letter --flip long --labels es
    """
    from shapes_print.pipeline import pipeline

    sources = pipeline.Sources.found(templates=templates)
    written = pipeline.calibrate(sources, paper, out, flip, parse_offset(back_offset), labels)
    from shapes_print.text.message import counted

    for item in written:
        typer.echo(shown(f"{item.path}  {counted(item.pages, 'page', 'pages')}"))


@app.command("list")
def list_games(
    content: Content = None,
    templates: Templates = None,
    as_json: Json = False,
) -> None:
    """List games: player counts, documents, label sets and the papers they print on.

    Example: shapes-print list
    """
    quick.list_games(content, templates, as_json)  # quick.py reads `list` without typer too


@app.command()
def verify(out: Annotated[Path, typer.Argument(help="Folder to check.")] = Path("output")) -> None:
    """Re-check every file against the folder's manifest.json; exit 2 if any is wrong.

    Example: shapes-print verify output
    """
    from shapes_print.write import manifest

    found, checked = manifest.verify(out)
    for line in found:
        typer.echo(shown(line), err=True)
    if found:
        raise typer.Exit(2)
    from shapes_print.text.message import counted

    typer.echo(f"ok: {counted(checked, 'file matches', 'files match')} {out / manifest.MANIFEST}")


@app.command()
def new(
    game: Annotated[str, typer.Argument(help="The new game's id: its folder name under content/.")],
    content: Annotated[
        Path, typer.Option(help="Folder of games to write the new game in (made if missing).")
    ] = Path("content"),
    start: Annotated[
        str | None, typer.Option("--from", help="A game to copy instead of the example game.")
    ] = None,
) -> None:
    """Write a game folder that builds at once: an example deck, rules sheet, score sheet
    and host key for 2-5 players (or a copy of --from), then say what to edit next.

    Example: shapes-print new my-game
    """
    quick.new_game(game, content, start)  # quick.py reads `new` without typer too


labels_app = command_group("Make and inspect label sets.")
app.add_typer(labels_app, name="labels")


@labels_app.command("new")
def labels_new(
    name: Annotated[
        str,
        typer.Argument(
            help="Name of the new label set (its file is NAME.yaml), or its file's path from"
            " --out (mine/gd.yaml: the set gd)."
        ),
    ],
    start: Annotated[
        str, typer.Option("--from", help="Label set to start from (name or path).")
    ] = "standard",
    out: Annotated[
        Path, typer.Option(help="Folder to write NAME.yaml (or the path given) in.")
    ] = Path("."),
    game: Annotated[
        str | None,
        typer.Option(help="Write GAME's own file for the set NAME: content/GAME/labels/NAME.yaml."),
    ] = None,
    content: Content = None,
    templates: Templates = None,
) -> None:
    """Write a starter label set with every key, its current value and a comment on each.

    Example: shapes-print labels new big --from large-print
    """
    from shapes_print.commands import starter
    from shapes_print.pipeline import pipeline

    sources = pipeline.Sources.found(content, templates)
    if game is not None:
        path = starter.write_game_labels(name, game, sources)
    else:
        path = starter.write_starter(name, start, out, sources)
    typer.echo(shown(str(path)))


labels_app.command("extract")(translate.extract)  # commands/translate.py
labels_app.command("update")(translate.update)
labels_app.command("check")(translate.check)


@app.command()
def schema(
    out: Annotated[Path, typer.Option(help="Folder to write the schemas in.")] = Path("schemas"),
) -> None:
    """Write a JSON Schema for every kind of YAML file (game, deck, document, card template,
    label set, papers, ...), for editors; docs/reference.md says which file uses which.

    Example: shapes-print schema --out schemas
    """
    quick.write_schemas(out)  # quick.py reads `schema` without typer too


def main(argv: list[str] | None = None) -> int:
    """Run a command line through typer (sys.argv's by default): a user's mistake is one
    line on stderr and exit status 2, a bug exit 1 (quick.guarded)."""
    args, debug = split_debug(argv)
    return guarded(partial(_typer_command, args or ["--help"]), debug)


@cache
def _command_tree() -> TyperGroup:
    """The commands and options as typer makes them from `app`, made once per process:
    typer makes them again at every call of `app`, and each option's value checker with
    them (a few milliseconds an option), which a process running several command lines
    (the tests) would pay for each. Nothing in them depends on the command line."""
    tree = typer.main.get_command(app)
    assert isinstance(tree, TyperGroup)  # a group: `app` holds several commands
    return tree


def _typer_command(args: list[str]) -> int:
    """The command line parsed and run by typer; a usage mistake said in two lines."""
    try:
        # A command's typer.Exit(n) comes back as n.
        status = _command_tree().main(args, prog_name="shapes-print", standalone_mode=False)
    except TyperException as error:  # usage: unknown option, missing value, bad number
        say(f"usage: {' '.join(error.format_message().split())}")
        say("hint: shapes-print --help lists commands and options")
        return 2
    except (typer.Exit, SystemExit) as stop:
        return int(getattr(stop, "exit_code", getattr(stop, "code", 0)) or 0)
    if status == INTERRUPTED:
        # typer turns Ctrl-C into this status and says nothing (typer/core.py); raised again,
        # it is said as for a quick command, once, by entry.run.
        raise KeyboardInterrupt
    return status if isinstance(status, int) else 0
