"""Plan stage, one kit's context: what every planner of a kit reads, made once.

Input: a resolved kit (kit/resolved.py: the game with the label set applied, its drawing
context with its pictures, its claimed file names), a `KitRequest` and the build's cache.
Output: a `KitContext` (the resolved kit, the request, paper, stem, title, the kit's
numbers, print lines and the build's cache), checked: the player count, back offset and
part asked for.
"""

from __future__ import annotations

from typing import Any

from msgspec import Struct

from shapes_print.buildcache import BuildCache
from shapes_print.errors import Source, UserError
from shapes_print.kit.contents import KitRequest, kit_stem, kit_values
from shapes_print.kit.context import DrawContext
from shapes_print.kit.resolved import ResolvedKit
from shapes_print.load.filenames import FileNames, Side
from shapes_print.load.loaded import Library, LoadedGame
from shapes_print.load.options import PrintOptions, check_offset, named_size
from shapes_print.plan.furniture import print_line
from shapes_print.plan.icons import spoken
from shapes_print.plan.part import check_part
from shapes_print.text.words import Said, Words


class KitContext(Struct, frozen=True, eq=False):
    """What the planners of one kit read: the resolved kit (the game, the library, the
    kit's own drawing context and the label set's it was made from, the claimed file
    names), the request, its page in points, the stem every file name starts with, the
    game's title as words, the kit's numbers, the print lines of its cards files and of its
    sheets, and what the build remembers (`cache`: work one kit did that another may take)."""

    resolved: ResolvedKit
    request: KitRequest
    page: tuple[float, float]
    stem: str
    game_title: str
    values: dict[str, Any]
    cards_line: str
    sheets_line: str
    cache: BuildCache

    @property
    def loaded(self) -> LoadedGame:
        return self.resolved.loaded

    @property
    def library(self) -> Library:
        return self.resolved.library

    @property
    def ctx(self) -> DrawContext:
        return self.resolved.ctx

    @property
    def base(self) -> DrawContext:
        return self.resolved.base

    @property
    def names(self) -> FileNames:
        return self.resolved.names

    @property
    def words(self) -> Words:
        return self.ctx.words

    @property
    def options(self) -> PrintOptions:
        return self.request.options

    @property
    def players(self) -> int:
        return self.request.players

    def file(self, name: str, audience: str = "players", print_shop: bool = False) -> str:
        """The file name of a part: the stem, then the part's claimed name."""
        return f"{self.stem}_{self.names.name(name, audience, print_shop)}"

    def titled(self, game: str, document: str) -> str:
        """A file's title: the game's and its document's, joined as the label set's
        language joins them (French: "Trio\u202f: feuilles de table")."""
        where = self.library.style_source.source(("furniture", "document_title"))
        values = {"game": Said(game), "document": Said(document)}
        return self.words.fill(self.ctx.style.furniture.document_title, values, where)

    def side_titled(self, title: str, side: Side) -> str:
        """A print shop's one-sided file's title: its cards file's `title`, then which side
        it holds, in the label set's words."""
        furniture = self.ctx.style.furniture
        key, text = {
            "front": ("fronts_title", furniture.fronts_title),
            "back": ("backs_title", furniture.backs_title),
        }[side]
        where = self.library.style_source.source(("furniture", key))
        return self.words.fill(text, {"title": Said(title)}, where)

    def fold_titled(self, named: str) -> str:
        """A deck's fold sheets' name in their running foot: the deck's name (`named`),
        then what they are for, in the label set's words."""
        text = self.ctx.style.furniture.fold_title
        where = self.library.style_source.source(("furniture", "fold_title"))
        return self.words.fill(text, {"title": Said(named)}, where)

    def spoken(self, text: str, where: Source) -> str:
        """A title from YAML filled with the kit's numbers, as words without markup: titles
        stand in a PDF's metadata, outline and running foot, where no face can be bold."""
        return spoken(self.ctx, self.words.fill(text, self.values, where), where)


def title_place(loaded: LoadedGame, words: Words) -> Source:
    """Where the game's title is written: the set's line translating it, else game.yaml's."""
    return words.written_at(loaded.game.title) or loaded.source.source(("title",))


def fronts_only(ctx: DrawContext, options: PrintOptions) -> bool:
    """Whether home card sheets print their fronts alone, one-sided: a label set's braille
    dots are drawn for swell paper, whose heater raises everything dark, so a back printed
    behind them would rise too (the printing guide says to back the cards with card stock
    or sleeves instead). A print shop prints both sides on its own stock."""
    return ctx.style.braille is not None and not options.print_shop


def kit_context(resolved: ResolvedKit, request: KitRequest, cache: BuildCache) -> KitContext:
    """The context of the kit `request` asks for, its request checked against the game."""
    loaded, library, ctx = resolved.loaded, resolved.library, resolved.ctx
    game = loaded.game
    if not game.players.min <= request.players <= game.players.max:
        raise UserError(
            loaded.source.source(("players",)),
            f"{game.id} is for {game.players.min}-{game.players.max} players, not {request.players}",
        )
    page = named_size(request.paper, library.papers, "--paper")
    options = request.options
    check_offset(options.back_offset, library.printing.calibration.scale_half_length)
    words = ctx.words
    values = kit_values(loaded, request.players, words)
    furniture, sides = ctx.style.furniture, library.printing.sides
    line_source = library.style_source.source(("furniture", "print_line"))
    cards_sides = "none" if fronts_only(ctx, options) else request.flip
    cards_line = print_line(furniture, sides, cards_sides, words, line_source)
    sheets_line = print_line(furniture, sides, "none", words, line_source)
    # The print line and the rulers' labels are on every page: checked against the font
    # once, where the set writes the line, and not taken for a margin with no room for it.
    said = " ".join((furniture.ruler_label, furniture.inch_label, cards_line, sheets_line))
    line_place = words.written_at(furniture.print_line) or line_source
    ctx.fonts.regular.check(said, line_place, "print furniture")
    stem = kit_stem(loaded, library, request)
    where = title_place(loaded, words)
    game_title = spoken(ctx, words.say(game.title, where), where)
    for face in (ctx.fonts.regular, ctx.fonts.bold):
        # The title prints in every running foot and most headings: checked once, at its
        # own line, not at the first text that fills it in.
        face.check(game_title, where, "title")
    check_part(loaded, request.part)
    lines = (cards_line, sheets_line)
    return KitContext(resolved, request, page, stem, game_title, values, *lines, cache)
