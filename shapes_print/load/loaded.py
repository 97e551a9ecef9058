"""The loaded models of the games and of the library they print with: what load/ hands on.

Input: what load/content.py and its readers made. Output: `LoadedGame` (a game's models,
decks, documents, lists and own templates), `Library` (what every game shares: templates,
style, shapes, patterns, papers, printing settings) and a sheet document's blocks.
Nothing here reads a file: later stages read these models, never the files.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as dataclass_field
from pathlib import Path
from typing import Any, Generic, TypeVar

from msgspec import Struct, field

from shapes_print.errors import Source
from shapes_print.geometry.primitives import Press
from shapes_print.load.cardmodels import CardTemplate
from shapes_print.load.labels import LoadedLabels, OwnLabels
from shapes_print.load.models import Deck, Game, LoadedDeck, SheetDocument
from shapes_print.load.printmodels import PrintSettings, SheetStyle
from shapes_print.load.shapes import PatternLibrary, ShapeLibrary
from shapes_print.load.yamldoc import Document
from shapes_print.text.words import Words


class Block(Struct, frozen=True):
    """One sheet block: its kind, its validated value and where it was written; for a
    heading tagged at another level than its kind's (H1 a heading's, H2 a subheading's),
    that level: a player aid's parts are sections of its title (kit/playeraid.py)."""

    kind: str
    value: Any
    source: Source
    children: tuple[Block, ...] = ()
    level: int | None = None


class LoadedDocument(Struct, frozen=True):
    """A sheet document's model and its sections' blocks, each section with its player filter."""

    spec: SheetDocument
    sections: tuple[tuple[str | None, tuple[Block, ...]], ...]
    source: Document


class LoadedGame(Struct):
    """A game's models; `decks` holds the main deck first, then any extra decks."""

    game: Game
    folder: Path
    source: Document
    decks: list[LoadedDeck]
    documents: list[LoadedDocument] = field(default_factory=list)
    lists: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    # Each list kept in a file of its own (`file: tasks.yaml#tasks`): that file as read, which
    # says whose text its items are (kit/audience.py).
    list_files: dict[str, Document] = field(default_factory=dict)
    # The game's own label files (`labels/<name>.yaml`) by label set, and, once a label set
    # is applied, the words its kits print with (the set's with the game's own over them).
    labels: dict[str, OwnLabels] = field(default_factory=dict)
    words: Words | None = None
    # The game's own card templates (`cards/*.yaml`): as written, then, once a label set is
    # applied, checked and merged with what they extend (load/templates.py).
    template_files: dict[str, Document] = field(default_factory=dict)
    templates: dict[str, CardTemplate] = field(default_factory=dict)
    template_sources: dict[str, Document] = field(default_factory=dict)
    # (template id, card size name) -> an own template with the label set's changes for
    # that size, at that size, as Library.sized_templates holds the shipped ones.
    sized_templates: dict[tuple[str, str], CardTemplate] = field(default_factory=dict)
    # The label set as the game sees it, where its own file for the set changes its layouts'
    # elements (load/ownlayouts.py); None where the set is as loaded.
    label_set: LoadedLabels | None = None

    @property
    def deck(self) -> Deck:
        return self.decks[0].deck

    @property
    def deck_source(self) -> Document:
        return self.decks[0].source

    def card_template(
        self, library: Library, deck: LoadedDeck | None = None
    ) -> CardTemplate | None:
        """The template game.yaml's `card_template` names (or the `deck`'s own, where its
        `extra_decks` entry names one): the game's own, or a shipped one."""
        name = (deck.card_template if deck else None) or self.game.card_template
        return self.templates.get(name) or library.templates.get(name)

    def sized_template(self, library: Library, template_id: str, size: str) -> CardTemplate | None:
        """The template as a label set lays it out for a named card size, if it does."""
        own = self.sized_templates.get((template_id, size))
        return own or library.sized_templates.get((template_id, size))

    def template_source(self, library: Library, template_id: str) -> Document:
        """A template's Document, merged with what it extends, for its errors' lines."""
        return self.template_sources.get(template_id) or library.template_sources[template_id]


class Library(Struct):
    """Everything shared by all games: card templates, sheet style, shapes, patterns, papers."""

    folder: Path
    templates: dict[str, CardTemplate]
    template_sources: dict[str, Document]  # merged with what each extends
    template_files: dict[str, Document]  # as written, for a game's own to extend
    style: SheetStyle
    style_source: Document
    shapes: ShapeLibrary
    patterns: PatternLibrary
    papers: dict[str, tuple[float, float]]
    card_sizes: dict[str, tuple[float, float]]
    printing: PrintSettings
    press: Press  # what print-shop files are made for (printing.press, its profile checked)
    printing_source: Document  # templates/print.yaml, for the lines its words are written on
    guide: LoadedDocument
    print_and_play: LoadedDocument | None  # the print-and-play file's cover (print.yaml)
    release: str  # shapes-print's version, on the print-and-play cover's last line
    # (template id, card size name) -> the template with the label set's changes for that
    # size (`cards: sizes:`), at that size.
    sized_templates: dict[tuple[str, str], CardTemplate] = field(default_factory=dict)


Loaded = TypeVar("Loaded")


@dataclass(frozen=True)
class ByIdentity(Generic[Loaded]):
    """A loaded object as a cache's key (a layout, a template, a sheet document, none
    changed once made): the same only as itself, and held while the key is, so that its id
    is never another's."""

    ident: int
    thing: Loaded = dataclass_field(compare=False, repr=False)

    @classmethod
    def of(cls, thing: Loaded) -> ByIdentity[Loaded]:
        return cls(id(thing), thing)
