"""The one place a kit's file names are handed out: decks, sheet documents, the printing guide.

Every file of a kit is `<stem>_<name>.pdf`, so two parts of a game claiming one name would
write one file over the other, and a host key named `cards` would replace the players'
cards. Each name is claimed once, with its audience and the YAML place that claims it; a
second claim is refused naming both places, and the kit stage asks here for every name it
writes, so a document can only ever land in the file claimed for its own audience.
"""

from __future__ import annotations

from typing import Literal

from msgspec import Struct

from shapes_print.errors import Source, UserError
from shapes_print.load.loaded import LoadedDocument, LoadedGame

Side = Literal["front", "back"]
SIDES: tuple[Side, ...] = ("front", "back")
# File name parts of the one-side files: `<stem>_cards-print-shop-fronts.pdf`.
SIDE_SUFFIX: dict[Side, str] = {"front": "-fronts", "back": "-backs"}

# A deck printed for a print service (`--print-shop`) is written under this suffix: the
# name with it is the deck's too.
PRINT_SHOP = "-print-shop"
# A deck's fold-and-glue sheets (`--fold`): `<stem>_cards-fold.pdf`.
FOLD = "-fold"


class Claim(Struct, frozen=True):
    """A file name taken: who the file is for, what it holds, and where YAML names it."""

    audience: str
    what: str  # "the players' cards file", for messages
    source: Source


class FileNames(Struct, frozen=True):
    """The names of one game's kit files, each claimed by exactly one part of its YAML."""

    claims: dict[str, Claim]

    def name(self, name: str, audience: str, print_shop: bool = False) -> str:
        """The claimed file name for a part, checked against who it was claimed for."""
        shop = f"{name}{PRINT_SHOP}"
        chosen = shop if print_shop and shop in self.claims else name
        claim = self.claims.get(chosen)
        if claim is None or claim.audience != audience:  # a bug: every name is claimed at load
            raise ValueError(f"file name {chosen!r} was not claimed for the {audience}")
        return chosen


def claim_file_names(
    loaded: LoadedGame, guide: LoadedDocument, print_and_play: LoadedDocument | None = None
) -> FileNames:
    """Claim every file name the game's kits can hold, or refuse the second claim of one."""
    claims: dict[str, Claim] = {}

    def claim(name: str, audience: str, what: str, source: Source) -> None:
        taken = claims.get(name)
        if taken is not None:
            raise UserError(
                source,
                f"{what} {name!r} would be written over {taken.what} ({taken.source}); "
                "give it a name of its own",
            )
        claims[name] = Claim(audience, what, source)

    for index, deck in enumerate(loaded.decks):
        source = loaded.source.source(deck.entry)
        what = "the players' cards file" if index == 0 else "the players' extra deck"
        claim(deck.name, "players", what, source)
        claim(f"{deck.name}{PRINT_SHOP}", "players", f"{what} for a print shop", source)
        claim(f"{deck.name}{FOLD}", "players", f"{what}'s fold sheets", source)
        for side, suffix in SIDE_SUFFIX.items():
            shop_side = f"{deck.name}{PRINT_SHOP}{suffix}"
            claim(shop_side, "players", f"{what}'s {side}s for a print shop", source)
    for board in loaded.game.boards:
        claim(board, "players", "the players' board", loaded.source.source(("boards", board)))
    claim(
        guide.spec.name, guide.spec.audience, "the printing guide", guide.source.source(("name",))
    )
    if loaded.game.player_aid is not None:
        where = loaded.source.source(("player_aid",))
        claim("player-aid", "players", "the player aid", where)
    if print_and_play is not None:
        where = print_and_play.source.source(("name",))
        claim(print_and_play.spec.name, "players", "the print-and-play file", where)
    for doc in loaded.documents:
        what = f"the {_OWNER[doc.spec.audience]} document"
        claim(doc.spec.name, doc.spec.audience, what, doc.source.source(("name",)))
    return FileNames(claims)


_OWNER = {"players": "players'", "host": "host's"}
