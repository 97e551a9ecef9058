"""Kit stage, whose words go where: the host's text never reaches a players' file.

A text's audience is its source file's: a sheet document says whose it is (`audience:`),
every other file a kit prints from (game, deck, list, label set, template) is the players'.
Each file of a kit carries the audience of what it prints (plan/planned.py's `KitFile`),
and the print-and-play file, the embosser file and the contact sheets take only the
players'. The YAML can route a file's text into another's in three places: a player aid
reprints a document, a list reads a file's items, and the print-and-play file opens with
a cover document. Each must route the players' text.

Input: a loaded game and the library it prints with. Output: nothing, or the one line at
the YAML that routes the host's text into a players' file.
"""

from __future__ import annotations

from collections.abc import Iterator

from msgspec import Struct

from shapes_print.errors import Source, UserError
from shapes_print.load.loaded import Library, LoadedGame
from shapes_print.load.yamldoc import Document

HOST = "host"


class Route(Struct, frozen=True):
    """A file's text printed in a players' file: where the YAML routes it, the file, what
    a refusal says of the route and that file, and why where it goes is the players'."""

    where: Source
    file: Document
    said: str
    why: str


def audience(file: Document) -> str:
    """Whose a YAML file's text is: the host's where it says so (`audience: host`, as a
    host document does), the players' otherwise."""
    data = file.data
    return HOST if isinstance(data, dict) and data.get("audience") == HOST else "players"


def _routes(loaded: LoadedGame, library: Library) -> Iterator[Route]:
    """Every route from a file into a players' file that this game and library write."""
    aid, game = loaded.game.player_aid, loaded.source
    if aid is not None:
        for doc in loaded.documents:
            if doc.source.path.name == aid.document:
                said = f"player_aid: {doc.source.path.name} is the host's"
                why = "a player aid is printed for the players, so it reprints a document of theirs"
                yield Route(game.source(("player_aid", "document")), doc.source, said, why)
                break
    for name, file in loaded.list_files.items():
        said = f"lists: {name} reads {file.path.name}, the host's"
        why = (
            "a list is printed wherever a sheet or a card names it, the players' files too: "
            "keep the host's words in the host's documents"
        )
        yield Route(game.source(("lists", name, "file")), file, said, why)
    cover = library.print_and_play
    if cover is not None:
        where = library.printing_source.source(("print_and_play",))
        said = f"print_and_play: {cover.source.path.name} is the host's"
        why = "the print-and-play file is the players', every page they print"
        yield Route(where, cover.source, said, why)


def check_audiences(loaded: LoadedGame, library: Library) -> None:
    """Refuse, at the line that routes it, a host file's text bound for a players' file."""
    for route in _routes(loaded, library):
        if audience(route.file) == HOST:
            raise UserError(route.where, f"{route.said} (audience: host); {route.why}")
