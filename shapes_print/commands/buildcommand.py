"""The `build` command: its options, many of them its own, and its help (cli.py holds the
other commands). Like them it parses, calls the pipeline and reports: no logic of its own.
"""

import sys
from pathlib import Path
from typing import Annotated

import typer

from shapes_print.commands.options import (
    CORES,
    BackOffset,
    Bleed,
    CardIds,
    CardSize,
    Content,
    DeckNames,
    FlipOption,
    Formats,
    Games,
    InkSaver,
    Jobs,
    Json,
    Labels,
    MaxCards,
    Out,
    Papers,
    Players,
    PrintShop,
    Proof,
    Quiet,
    Templates,
)
from shapes_print.limits import MAX_CARDS
from shapes_print.load.options import Part, PrintOptions


def build(
    games: Games = None,
    players: Players = "all",
    paper: Papers = "all",
    out: Out = Path("output"),
    content: Content = None,
    templates: Templates = None,
    quiet: Quiet = False,
    as_json: Json = False,
    force: Annotated[
        bool, typer.Option("--force", help="Rebuild every kit, even those up to date.")
    ] = False,
    labels: Labels = None,
    flip: FlipOption = "long",
    back_offset: BackOffset = "0mm,0mm",
    card_size: CardSize = None,
    print_shop: PrintShop = False,
    ink_saver: InkSaver = False,
    formats: Formats = "pdf",
    bleed: Bleed = None,
    max_cards: MaxCards = MAX_CARDS,
    jobs: Jobs = CORES,
    proof: Proof = False,
    deck: DeckNames = None,
    cards: CardIds = None,
) -> None:
    """Build print-ready kits.

    Example: shapes-print build pass-and-pick --players 4 --paper a4 --card-size bridge

    Backs off-centre? Print the sheet of `shapes-print calibrate`, then --back-offset.

    Cutting machines: --format pdf,svg adds *_cut.svg files.

    Kits whose files and inputs are unchanged since the last build are left as they are.

    While working on a deck: --proof (one of each card, labelled), --deck NAME, --cards id,id.

    Tabletop Simulator: --format tts adds card sheets and a saved object for each deck.

    The kit's own printing guide tells whoever prints it the rest.
    """
    from shapes_print.build import pipeline
    from shapes_print.commands import report

    sources = pipeline.Sources.found(content, templates)
    printing = PrintOptions.from_words(
        card_size, print_shop, back_offset, ink_saver, formats, bleed
    )
    part = Part.from_words(proof, deck, cards)
    options = pipeline.BuildOptions(players, paper, flip, printing, jobs, part)
    with report.build_progress(sys.stdout, quiet or as_json) as on_kit:
        written = pipeline.build(
            sources,
            games or [],
            options,
            out,
            on_kit,
            labels or [],
            max_cards,
            report.note,
            force,
        )
    if as_json:
        report.print_json(sys.stdout, report.build_json(written, out))
    elif not quiet:
        report.print_summary(sys.stdout, written, out)
