"""The translator's commands under `labels`: extract, update, check. Each parses its options
and calls pipeline/translating.py; docs/translating.md shows them in use."""

from pathlib import Path
from typing import Annotated

import typer

from shapes_print.commands.options import Content, Templates
from shapes_print.errors import shown


def extract(
    out: Annotated[Path, typer.Option(help="The template catalogue to write.")] = Path(
        "shapes-print.pot"
    ),
    content: Content = None,
    templates: Templates = None,
) -> None:
    """Write a .pot of every text the games, sheets and templates print, each with the file
    and line that writes it, for a translator's tool such as Poedit.

    Example: shapes-print labels extract --out shapes-print.pot
    """
    from shapes_print.pipeline import pipeline, translating

    written = translating.write_template(pipeline.Sources.found(content, templates), out)
    typer.echo(shown(str(written)))


def update(
    names: Annotated[
        list[str], typer.Argument(help="The label sets whose catalogue: to update (es fr de).")
    ],
    out: Annotated[
        Path | None, typer.Option(help="Folder to write the merged catalogue in instead.")
    ] = None,
    content: Content = None,
    templates: Templates = None,
) -> None:
    """Merge every printed text into each label set's .po catalogue: new texts come in
    untranslated, a text whose English changed turns fuzzy, one no longer printed obsolete.

    Example: shapes-print labels update es fr de --out output
    """
    from shapes_print.pipeline import pipeline, translating

    for written in translating.update(pipeline.Sources.found(content, templates), names, out):
        typer.echo(shown(str(written)))


def check(
    names: Annotated[
        list[str] | None,
        typer.Argument(help="Label sets to count (default: every shipped one not in English)."),
    ] = None,
    content: Content = None,
    templates: Templates = None,
) -> None:
    """Say, for each label set, how many printed texts it translates, has fuzzy, and lacks.

    Example: shapes-print labels check es
    """
    from shapes_print.pipeline import pipeline, translating

    sources = pipeline.Sources.found(content, templates)
    for found in translating.coverage(sources, names or ()):
        typer.echo(
            f"{found.name} ({found.locale}): {found.translated} translated, "
            f"{found.fuzzy} fuzzy, {found.missing} missing"
        )
