"""The `build` command as typer reads it: its options, many of them its own, and its help
(cli.py holds the other commands). It runs quick.build_kits, which the plain forms of the
command reach without typer: no logic of its own.
"""

from pathlib import Path
from typing import Annotated

import typer

from shapes_print.commands import quick
from shapes_print.commands.options import (
    BackOffset,
    Bleed,
    CardIds,
    CardSize,
    Content,
    DeckNames,
    FlipOption,
    Fold,
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
    jobs: Jobs = None,
    proof: Proof = False,
    deck: DeckNames = None,
    cards: CardIds = None,
    fold: Fold = False,
) -> None:
    """Build print-ready kits.

    Example: shapes-print build pass-and-pick --players 4 --paper a4 --card-size bridge

    Backs off-centre? Print the sheet of `shapes-print calibrate`, then --back-offset.

    Cutting machines: --format pdf,svg adds *_cut.svg files.

    Kits whose files and inputs are unchanged since the last build are left as they are.

    While working on a deck: --proof (one of each card, labelled), --deck NAME, --cards id,id.

    Tabletop Simulator: --format tts adds card sheets and a saved object for each deck.

    No duplex printer? --fold adds one-sided sheets to fold and glue, each back behind its face.

    The kit's own printing guide tells whoever prints it the rest.
    """
    quick.build_kits(  # quick.py reads the plain forms of `build` without typer too
        games, players, paper, out, content, templates, quiet, as_json, force, labels, flip,
        back_offset, card_size, print_shop, ink_saver, formats, bleed, max_cards, jobs, proof,
        deck, cards, fold,
    )  # fmt: skip
