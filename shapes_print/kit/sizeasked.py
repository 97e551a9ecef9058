"""Kit stage, a size the shipped layouts cannot take: said at the option that asked for it.

The shipped templates serve every named paper and the game's own card size; a smaller
`--paper` or another `--card-size` may leave one of their layouts no room (a column too
narrow for a word, a card too big for the sheet, two elements of a card meeting). The
user did not write that layout and should not edit it, so such an error, found wherever a
kit is resolved and planned, is said once, here, at the option and its value, with what
does not fit and what to do; so is one found in a shipped game's own files, which the
shipped layouts fill. A layout or game of the user's own (the game's, or a templates or
content folder of their own) keeps its errors at its own line.
"""

from __future__ import annotations

from shapes_print.errors import UserError
from shapes_print.kit.contents import KitRequest, card_size_folder
from shapes_print.kit.room import Collision
from shapes_print.load.defaults import DEFAULT_CONTENT, DEFAULT_TEMPLATES
from shapes_print.load.loaded import Library, LoadedGame
from shapes_print.load.options import name_of_size, named_size
from shapes_print.load.templates import shipped_paths
from shapes_print.units import POINTS_PER_UNIT


def said_at_option(
    error: UserError, loaded: LoadedGame, library: Library, request: KitRequest
) -> UserError:
    """`error` said at `--card-size` or `--paper` where it is a shipped layout's that the
    asked size leaves no room (see the module), else `error` as it is."""
    source = error.source
    in_content = source is not None and source.path.is_relative_to(DEFAULT_CONTENT)
    if source is None or not (in_content or source.path.is_relative_to(DEFAULT_TEMPLATES)):
        return error
    layout, card_size = source.path.stem, request.options.card_size
    # A shipped game's file, or a card layout shipped or taken from a shipped one.
    what = f"{source.path.parent.name} {layout}" if in_content else f"{layout} layout"
    card_layout = in_content or source.path in shipped_paths(library.template_files)
    if card_size and card_layout and card_size_folder(loaded, library, card_size):
        width, height = (
            side / POINTS_PER_UNIT["mm"]
            for side in named_size(card_size, library.card_sizes, "--card-size")
        )
        reason = error.reason if isinstance(error, Collision) else error.message
        return UserError(
            None,
            f"--card-size {card_size}: the shipped {what} does not fit a "
            f"{width:.1f} x {height:.1f} mm card ({reason}); ask a larger card size, or "
            "give the game a card layout of its own",
        )
    paper = named_size(request.paper, library.papers, "--paper")
    if name_of_size(paper, library.papers):  # the shipped layouts serve every named paper
        return error
    return UserError(
        None,
        f"--paper {request.paper}: too small for the shipped {what} "
        f"({error.message}); use a larger paper",
    )
