"""Plan stage, what a kit's planners make: its files, and what each planner hands on.

Input: the planned documents. Output: `KitFile` (one file of a kit) and `Planned` (what the
planners have made so far, each the next one's to read).
"""

from __future__ import annotations

from collections.abc import Callable

from msgspec import Struct, field
from msgspec.structs import replace

from shapes_print.errors import Source
from shapes_print.geometry.primitives import Document, Symbol
from shapes_print.plan.embosser import EmbosserFile
from shapes_print.plan.printshop import Pictures
from shapes_print.plan.sheets import LaidSheets, SheetInputs
from shapes_print.plan.tabletop import TabletopDeck


class KitFile(Struct, frozen=True):
    """One file of a kit: its name, who it is for, and its planned document; `pictures`,
    for a print shop's one-side files, names each page's PNG (`--format png`)."""

    name: str
    audience: str
    document: Document | EmbosserFile | TabletopDeck
    pictures: Pictures | None = None

    @property
    def printed(self) -> Document:
        """The document of a file printed on paper: every file of a kit but its .brf and
        its Tabletop Simulator decks, which no planner hands on to another."""
        assert isinstance(self.document, Document)
        return self.document

    def dated(self, made: int | None) -> KitFile:
        """The file dated by the newest input it is made from (its PDF's dates, its PNGs')."""
        document = self.document
        if isinstance(document, Document):
            return replace(self, document=replace(document, made=made))
        if isinstance(document, TabletopDeck):
            sides = replace(document.sides, made=made)
            return replace(self, document=replace(document, sides=sides))
        return self


class PlannedSheet(Struct, frozen=True):
    """A players' or host's sheet as its kit planned it, with its layout, its running
    foot's names and its copies: the print-and-play file prints the same layout with its
    own feet. `source` is where its document is written: where the embosser file looks
    for a word of it braille has no sign for."""

    file: KitFile
    laid: LaidSheets
    names: tuple[str, str]
    copies: int = 1
    source: Source | None = None


class Planned(Struct, frozen=True):
    """What a kit's planners have made so far, each the next one's to read: the cards
    files (with a print shop's one-side files) and the faces drawn for them, the Tabletop
    Simulator decks, the decks' fold sheets (`--fold`), the tiled boards, the sheets' inputs, the sheets, the player aid,
    the embosser file, the print-and-play file (and its assembly page's first and last
    page numbers) and the printing guide."""

    cards: tuple[KitFile, ...] = ()
    folds: tuple[KitFile, ...] = ()
    faces: dict[str, Symbol] = field(default_factory=dict)
    tabletop: tuple[KitFile, ...] = ()
    boards: tuple[KitFile, ...] = ()
    inputs: SheetInputs | None = None
    sheets: tuple[PlannedSheet, ...] = ()
    aid: PlannedSheet | None = None
    embossed: EmbosserFile | None = None
    whole: KitFile | None = None
    assembly: tuple[int, int] | None = None
    guide: KitFile | None = None

    @property
    def laid_out(self) -> tuple[PlannedSheet, ...]:
        """The sheets, then the player aid."""
        return (*self.sheets, *([] if self.aid is None else [self.aid]))

    @property
    def listed(self) -> list[KitFile]:
        """The files a printing guide lists and a print-and-play file may hold, in order."""
        return [*self.cards, *self.boards, *(sheet.file for sheet in self.laid_out)]

    @property
    def guided(self) -> list[KitFile]:
        """The files a printing guide lists: those `listed`, with the fold sheets after the
        cards files (the print-and-play file holds the cards once, not folded too)."""
        listed = self.listed
        return [*listed[: len(self.cards)], *self.folds, *listed[len(self.cards) :]]

    def with_printed(self, change: Callable[[Document], Document]) -> Planned:
        """Every printed file's document changed (the embosser file and the Tabletop decks
        are not printed)."""

        def each(file: KitFile) -> KitFile:
            return replace(file, document=change(file.printed))

        def sheet(planned: PlannedSheet) -> PlannedSheet:
            return replace(planned, file=each(planned.file))

        return replace(
            self,
            cards=tuple(map(each, self.cards)),
            folds=tuple(map(each, self.folds)),
            boards=tuple(map(each, self.boards)),
            sheets=tuple(map(sheet, self.sheets)),
            aid=None if self.aid is None else sheet(self.aid),
            whole=None if self.whole is None else each(self.whole),
            guide=None if self.guide is None else each(self.guide),
        )

    @property
    def sheet_inputs(self) -> SheetInputs:
        if self.inputs is None:  # a bug: the sheets planner runs before its readers
            raise ValueError("the sheets are planned before what reads their inputs")
        return self.inputs
