"""Every shipped game in every shipped label set, A4 and Letter, every player count, planned
(not rendered) once per test run: the documents that are not cards, the print-and-play files
as their scale check sees them, each print-shop kit's printing guide's page count, and the
words of every file of each game's fewest- and most-player kits, page by page.

They are what the shipped `check` planned, a label set at a time, heard as it planned them
(`Recorder`, a listener of pipeline/requests.py), with the print-shop kits on Letter it does
not plan; each set's kept in one file that every xdist worker reads (tests/conftest.py,
`shipped`), so no kit is planned twice."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from msgspec.structs import replace

from shapes_print.buildcache import BuildCache
from shapes_print.geometry.primitives import (
    Artifact,
    Document,
    Group,
    Item,
    Page,
    Symbol,
    Text,
    Use,
)
from shapes_print.kit.playeraid import AidWay, aid_style
from shapes_print.kit.variant import Variant
from shapes_print.load.defaults import DEFAULT_LABELS
from shapes_print.load.labels import shipped
from shapes_print.load.options import PrintOptions
from shapes_print.load.printmodels import SheetStyle
from shapes_print.pipeline import pipeline
from shapes_print.pipeline.project import Project
from shapes_print.pipeline.requests import Planned
from shapes_print.plan.cardsheets import is_cards_file
from shapes_print.plan.kit import KitFile
from tests.planfill import content, has_square

# Every shipped label set: standard type, Spanish words (longer), large print (18 pt, two
# faces), high contrast, colour-blind and braille (their print pages): each page of each is
# measured (tests/plan/test_page_keeps.py).
PAGE_SETS = tuple(shipped(DEFAULT_LABELS))
GUIDE = "printing-guide"
# The shipped sets whose words are English (tests/kit/test_own_sets.py's own sets aside).
ENGLISH_SETS = (
    "standard",
    "colour-blind",
    "high-contrast",
    "large-print",
    "large-print-atkinson",
    "braille",
)
# The shipped sets that set their text at 18 pt and over.
LARGE_PRINT = ("large-print", "large-print-atkinson")


@dataclass(frozen=True, slots=True)
class PlannedSheets:
    """One planned document that is not cards (sheets, host key, printing guide, player
    aid), with the style of its label set (a player aid's as it takes it): `name` is its
    file's."""

    labels: str
    name: str
    style: SheetStyle
    document: Document


@dataclass(frozen=True, slots=True)
class Compiled:
    """A print-and-play file's pages as the scale check sees them: for each page, whether
    it is a card sheet's (the cards parts' pages) and, for its first page and those that are
    not, whether it holds the inch square (None for a card sheet's: no test asks); and
    the words of each page's running feet (its pagination artifacts ending in two numbers,
    "page 7 of 38"); and how many pages its assembly page takes (those from its bookmark to
    the next part's that hold more than one block: a page left blank on purpose holds one)
    and the index of its first page."""

    labels: str
    name: str
    squared: tuple[bool | None, ...]
    cards: frozenset[int]
    feet: tuple[tuple[str, ...], ...]
    assembly: int
    assembly_at: int


@dataclass(frozen=True, slots=True)
class KitWords:
    """The words of one kit's files as its plan draws them: each file's pages (by the file's
    name, without its suffix), each page's lines in drawing order with white space folded,
    which is what the PDF's text layer holds; and the kit's folder under the output."""

    game: str
    labels: str
    paper: str
    players: int
    folder: str
    files: dict[str, tuple[str, ...]]
    duplex: dict[str, str]  # each file's sides: the flip it is printed with, or "none"

    def words(self, *, host: bool = True) -> str:
        """Every page of every file, the host key and printing guide only with `host`."""
        return " ".join(
            " ".join(pages)
            for name, pages in sorted(self.files.items())
            if host or not name.endswith(("_host-key", "_printing-guide"))
        )

    def file(self, ending: str) -> tuple[str, ...]:
        """The pages of the one file whose name ends so (`_sheets`)."""
        (pages,) = (pages for name, pages in self.files.items() if name.endswith(ending))
        return pages


@dataclass
class PlannedSets:
    """What the shipped kits planned hold (`Recorder`): `shop_guides` is each print-shop kit's guide's page
    count, by label set and kit folder; `words`, the fewest- and most-player kits' words."""

    sheets: list[PlannedSheets] = field(default_factory=list)
    compilations: list[Compiled] = field(default_factory=list)
    shop_guides: dict[str, dict[str, int]] = field(default_factory=dict)
    words: list[KitWords] = field(default_factory=list)

    def add(self, other: PlannedSets) -> None:
        """What `other` planned, after what this one holds."""
        self.sheets += other.sheets
        self.compilations += other.compilations
        self.words += other.words
        for by_set, guides in other.shop_guides.items():
            self.shop_guides.setdefault(by_set, {}).update(guides)


HOME, SHOP = PrintOptions(), PrintOptions(print_shop=True)
PAPERS = ("a4", "letter")


class Recorder:
    """PlannedSets made kit by kit as they are planned (`take`, a listener of
    pipeline/requests.py): each home kit's documents and words, each print-shop kit's
    guide's page count; then (`planned`) those of every game its label set did not skip,
    as a build keeps them."""

    def __init__(self) -> None:
        self.by_game: dict[tuple[str, str], PlannedSets] = {}  # by label set and game
        self.variants: dict[str, Variant] = {}  # each label set's, as `check` planned it
        self.cache = BuildCache()  # the build cache `check` planned with

    def take(self, kit: Planned, files: list[KitFile]) -> None:
        """A kit planned: its documents at home, its guide's page count for a print shop."""
        request = kit.request
        if request.paper not in PAPERS or request.labels not in PAGE_SETS or request.flip != "long":
            return
        self.variants.setdefault(request.labels, kit.variant)
        self.cache = kit.cache
        planned = self.by_game.setdefault((request.labels, request.game), PlannedSets())
        if request.options == SHOP:
            guides = planned.shop_guides.setdefault(request.labels, {})
            for file in files:
                if file.name.endswith(GUIDE) and isinstance(file.document, Document):
                    guides[kit.folder] = len(file.document.pages)
        elif request.options == HOME:
            _take_kit(planned, kit, files)

    def planned(self) -> PlannedSets:
        """What every kit planned holds, but a game its label set skipped."""
        whole = PlannedSets()
        for (labels, game), planned in self.by_game.items():
            if game not in self.variants[labels].skipped:
                whole.add(planned)
        return whole

    def shop_kits_on_letter(self) -> None:
        """Every shipped game in each label set heard planned for a print shop on Letter,
        every player count: what `check` does not plan (it plans a print shop's kits on its
        first paper alone), heard by whoever listens. Planned with the variants and build
        cache `check` planned with, so the cards and sheet blocks it drew are not drawn
        again (a new project's would be: the cache keys them by the loaded game's identity)."""
        project = Project(list(self.variants.values()), self.cache)
        for _ in pipeline.plan_all(project, "all", "letter", "long", SHOP):
            pass


def _take_kit(planned: PlannedSets, kit: Planned, files: list[KitFile]) -> None:
    """One home kit's words (at its game's fewest and most players), print-and-play file
    and sheet documents."""
    variant, info = kit.variant, kit.info
    labels, style = variant.labels.name, variant.ctx.style
    compiled = variant.library.print_and_play
    compilation = f"_{compiled.spec.name}" if compiled is not None else None
    files = [
        _pages_made(file) if compilation and file.name.endswith(compilation) else file
        for file in files
    ]
    players = variant.games[info["game"]].game.players
    if int(info["players"]) in (players.min, players.max):
        planned.words.append(_kit_words(labels, kit, files))
    cards_titles = {
        f.document.title
        for f in files
        if isinstance(f.document, Document) and is_cards_file(f.document)
    }
    for file in files:
        document = file.document
        if compilation is not None and file.name.endswith(compilation):
            side = style.furniture.inch_square
            planned.compilations.append(_compiled(labels, file.name, document, cards_titles, side))
        elif isinstance(document, Document) and not is_cards_file(document):
            own = _style(style, file.name, document, int(info["players"]))
            planned.sheets.append(PlannedSheets(labels, file.name, own, document))


def _pages_made(file: KitFile) -> KitFile:
    """The print-and-play file with its pages made, once each: its document makes a page
    each time it is read (plan/madepages.py), and its scale check's answers and its words
    read every page."""
    document = file.printed
    return replace(file, document=replace(document, pages=tuple(document.pages)))


def _style(style: SheetStyle, name: str, document: Document, players: int) -> SheetStyle:
    """The style a document was drawn in: its label set's, or a player aid's own type and
    margins, a look-up card's where its copies (one per player, two at least in every
    shipped game) print two to a sheet."""
    if not name.endswith("_player-aid"):
        return style
    return aid_style(style, AidWay(compact=len(document.pages) < players))


def _kit_words(labels: str, kit: Planned, files: list[KitFile]) -> KitWords:
    documents = {file.name: file.document for file in files if isinstance(file.document, Document)}
    pages = {name: _document_words(document) for name, document in documents.items()}
    duplex = {name: document.duplex for name, document in documents.items()}
    info = kit.info
    game, paper, players = info["game"], info["paper"], int(info["players"])
    return KitWords(game, labels, paper, players, kit.folder, pages, duplex)


def page_words(page: Page, symbols: dict[str, Symbol]) -> str:
    """A planned page's words in drawing order, each card's from its symbol, white space
    folded."""
    return _page_words(page, symbols, {})


def _document_words(document: Document) -> tuple[str, ...]:
    """`page_words` of each page, each symbol's lines read once for the whole document
    (a card's face is drawn by every copy on every page that holds it)."""
    read: dict[str, list[str]] = {}
    return tuple(_page_words(page, document.symbols, read) for page in document.pages)


def _page_words(page: Page, symbols: dict[str, Symbol], read: dict[str, list[str]]) -> str:
    lines: list[str] = []
    _lines(page.items, symbols, lines, read)
    return " ".join(" ".join(lines).split())


def _lines(
    items: tuple[Item, ...],
    symbols: dict[str, Symbol],
    lines: list[str],
    read: dict[str, list[str]],
) -> None:
    """The items' lines of text in drawing order into `lines`; each symbol's, once read,
    kept in `read` by its name."""
    for item in items:
        if isinstance(item, Group | Artifact):
            _lines(item.items, symbols, lines, read)
        elif isinstance(item, Use):
            if item.symbol not in read:
                read[item.symbol] = []
                _lines(symbols[item.symbol].items, symbols, read[item.symbol], read)
            lines += read[item.symbol]
        elif isinstance(item, Text):
            lines.append(item.text)


def _compiled(
    labels: str, name: str, document: Document, cards_titles: set[str], side: float
) -> Compiled:
    """A print-and-play file's pages, which are card sheets, which others hold the inch
    square."""
    marks = document.bookmarks
    cards: set[int] = set()
    for mark, after in zip(marks, [*marks[1:], None], strict=True):
        if mark.title in cards_titles:
            stop = after.page if after is not None else len(document.pages)
            cards |= set(range(mark.page, stop))
    squared = tuple(
        None if index in cards and index > 0 else has_square(page.items, side)
        for index, page in enumerate(document.pages)
    )
    feet = tuple(
        tuple(
            words
            for item in page.items
            if isinstance(item, Artifact) and item.kind == "Pagination"
            for words in [_joined(item.items, document.symbols)]
            if re.search(r"\b\d+\D+\d+$", words)
        )
        for page in document.pages
    )
    after = marks[2].page if len(marks) > 2 else len(document.pages)
    assembly = sum(len(content(page)) > 1 for page in document.pages[marks[1].page : after])
    return Compiled(labels, name, squared, frozenset(cards), feet, assembly, marks[1].page)


def _joined(items: tuple[Item, ...], symbols: dict[str, Symbol]) -> str:
    lines: list[str] = []
    _lines(items, symbols, lines, {})
    return " ".join(lines)
