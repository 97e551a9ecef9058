"""The command line's options, declared once: each a type with its help text, shared by
the commands that take it (typer reads these annotations on every run).
"""

import sys
from pathlib import Path
from typing import Annotated

import typer
from typer.core import MarkupMode

from shapes_print.load.defaults import CONTENT_HELP, JOBS_HELP, TEMPLATES_HELP
from shapes_print.load.options import Flip

# Help is drawn with rich (panels, colour) on a terminal only; in a pipe or a log it is plain
# text, as the tables are, and `--help` is spared importing rich (about 0.1 s).
HELP_MARKUP: MarkupMode = "rich" if sys.stdout.isatty() else None


def command_group(help_text: str) -> typer.Typer:
    """The program or a group of its commands (`labels`): help when run bare, shell
    completion, and help plain off a terminal."""
    return typer.Typer(no_args_is_help=True, help=help_text, rich_markup_mode=HELP_MARKUP)


Games = Annotated[
    list[str] | None,
    typer.Argument(help="Games to use (folder names under content/); none means all."),
]
# None: load/defaults.chosen_folder finds ./content (./templates) or else the shipped folder.
Content = Annotated[
    Path | None, typer.Option(help="Folder of game YAML to build from.", show_default=CONTENT_HELP)
]
Templates = Annotated[
    Path | None,
    typer.Option(help="Folder of layout YAML to build with.", show_default=TEMPLATES_HELP),
]
Out = Annotated[Path, typer.Option(help="Output folder.")]
Players = Annotated[
    str,
    typer.Option(
        help="Player counts: 'all', '4', '3-6', '4+' (or '4-') or a list: '3,5', '2-4,6'."
    ),
]
Papers = Annotated[
    str, typer.Option(help="Papers: 'all' or a list such as 'a4,letter' (any case: A4).")
]
Labels = Annotated[
    list[str] | None,
    typer.Option(
        "--labels",
        help="Label set: a shipped name, a path to a .yaml file, or 'all'; a list "
        "('es,large-print') or repeated.",
    ),
]
# None: load/defaults.chosen_jobs reads SHAPES_PRINT_JOBS, else takes one per core.
Jobs = Annotated[
    int | None,
    typer.Option(min=1, help="Processes to share the work between.", show_default=JOBS_HELP),
]
FlipOption = Annotated[Flip, typer.Option(help="Duplex: flip on the 'long' or 'short' edge.")]
BackOffset = Annotated[
    str, typer.Option(help="Printer's back offset from the calibration sheet, e.g. 1.2mm,-0.5mm.")
]
CardSize = Annotated[
    str | None, typer.Option(help="Card size: poker, bridge, mini, tarot, square or e.g. 63x88mm.")
]
PrintShop = Annotated[
    bool,
    typer.Option(help="For a print service: PDF/X-4 in CMYK, one card per page with bleed."),
]
InkSaver = Annotated[bool, typer.Option(help="Draft print: outlines instead of fills, pale backs.")]
Fold = Annotated[
    bool,
    typer.Option(
        help="Also write fold-and-glue card sheets (*_cards-fold.pdf) for printers without duplex."
    ),
]
Formats = Annotated[
    str,
    typer.Option(
        "--format",
        help="'pdf', 'pdf,svg' (also SVG pages and *_cut.svg files), 'pdf,tts' (also "
        "Tabletop Simulator card sheets and a saved object per deck) or, with --print-shop, "
        "'png' (also a 300 dpi PNG of each card side).",
    ),
]
Bleed = Annotated[
    str | None,
    typer.Option(help="Print-shop bleed round each card, e.g. 3mm or 0.125in (default 3mm)."),
]
Proof = Annotated[
    bool,
    typer.Option(
        help="A proof sheet instead of the kit: one of each card face and back on plain "
        "paper, each labelled with its id and the file:line that writes it."
    ),
]
DeckNames = Annotated[
    str | None,
    typer.Option(
        "--deck", help="Build only these decks' cards files, e.g. 'cards' or 'cards,task-cards'."
    ),
]
CardIds = Annotated[
    str | None,
    typer.Option("--cards", help="Build only these cards (each at least once), e.g. 'red-1,wild'."),
]
MaxCards = Annotated[int, typer.Option(min=1, help="Refuse decks with more cards than this.")]
Strict = Annotated[
    bool,
    typer.Option(
        help="Refuse what a label set would skip for a game (naming each text) and any entry "
        "of your own label set for a game not in the content."
    ),
]
Quiet = Annotated[
    bool, typer.Option("--quiet", "-q", help="Print nothing on success; errors still go to stderr.")
]
Json = Annotated[bool, typer.Option("--json", help="Print a JSON document for scripts instead.")]
Serve = Annotated[
    bool,
    typer.Option(help="Show the pages in a browser (127.0.0.1 only), redrawn on every save."),
]
Boxes = Annotated[
    bool,
    typer.Option(
        help="Draw each layout element's box and name over the cards (built beside the kit, "
        "in a folder ending -boxes, never printed as it), and list the texts set smaller "
        "than asked."
    ),
]
Port = Annotated[
    int, typer.Option(min=0, max=65535, help="The --serve page's port; 0: a free one.")
]
