"""Label sets: the words, fonts, sizes, colours and patterns a kit is printed with.

A label set is `labels/<name>.yaml` or any YAML file a user points at. It may `extends`
another label set (looked up beside it, then among the shipped ones) and change only what
differs; mappings merge key by key. Its `style` merges onto templates/sheet.yaml, its
`cards.roles` onto card layout elements by what they are, its `cards.elements` onto them
by `name` (a shipped set's names reach the shipped layouts only: load/patches.py), and
its `games` onto a game's deck.

A game folder stands alone: `content/<game>/labels/<name>.yaml` holds that game's words
and card colours for the label set `<name>`, merged over the set for that game only, so a
new game needs no edit to a shipped label set.
"""

from pathlib import Path
from typing import Any, Literal

from babel import Locale, UnknownLocaleError
from msgspec import Struct
from pydantic import Field

from shapes_print.errors import Source, UserError
from shapes_print.inputs import inside, listed
from shapes_print.load.base import CardLength, Identifier, Length, Scalar, Strict
from shapes_print.load.cardmodels import ElementRole, TrimLine
from shapes_print.load.defaults import DEFAULT_CONTENT, STANDARD
from shapes_print.load.labelfiles import extended_files, locate_labels
from shapes_print.load.listing import shipped as shipped  # where label-set callers find it
from shapes_print.load.messages import check_messages
from shapes_print.load.said import foreign_said
from shapes_print.load.validate import validate
from shapes_print.load.yamlsrc import Document, Loc, read_yaml, remembered
from shapes_print.text.grammar import parse
from shapes_print.text.hearing import Hearing
from shapes_print.text.message import ENGLISH
from shapes_print.text.words import Words

SCHEMA_NAME = "labels.schema.json"
# A game's own file for a label set (content/GAME/labels/NAME.yaml) names this one.
GAME_SCHEMA_NAME = "game-labels.schema.json"


class RolePatch(Strict):
    """What a label set may change on every card element of one role, in any layout: its
    look, not its place (a box belongs to one layout: move it by name)."""

    fill: str | None = None
    stroke: str | None = None
    stroke_width: Length | None = None
    radius: Length | None = None
    pattern: str | None = None
    pattern_colour: str | None = None
    bold: bool | None = None
    size: Length | None = None
    min_size: Length | None = None
    colour: str | None = None
    align: Literal["left", "centre", "right"] | None = None
    wrap: bool | None = None
    mirror: bool | None = None
    hidden: bool | None = None


class ElementPatch(RolePatch):
    """What a label set may change on a card layout element by its name: a shipped label
    set's names reach the shipped layouts only, a user's own file's every layout."""

    box: tuple[CardLength, CardLength, CardLength, CardLength] | None = None


class SizePatch(Strict):
    """Changes to elements by name on cards of one size (a name in templates/card-sizes.yaml),
    over the changes for every size: a braille zone needs the same room on a mini card."""

    elements: dict[Identifier, ElementPatch] = Field(default_factory=dict)


class CardsPatch(Strict):
    """Changes to every card template: the trim hairline, elements by role (in every
    layout, a game's own too), elements by name, and by card size."""

    trim_line: TrimLine | None = None
    roles: dict[ElementRole, RolePatch] = Field(default_factory=dict)
    elements: dict[Identifier, ElementPatch] = Field(default_factory=dict)
    sizes: dict[Identifier, SizePatch] = Field(default_factory=dict)


class GamePatch(Strict):
    """Per game: card fields by card group, then by card id, and back fields by back id."""

    groups: dict[Identifier, dict[str, Scalar]] = Field(default_factory=dict)
    cards: dict[Identifier, dict[str, Scalar]] = Field(default_factory=dict)
    backs: dict[Identifier, dict[str, Scalar]] = Field(default_factory=dict)
    # Words for this game only, over the set's `text:` (a catalogue entry's context).
    text: dict[str, str] = Field(default_factory=dict)


class GameLabels(GamePatch):
    """A game's own words, card, group and back fields, changes to its own layouts'
    elements by name (a label set's `cards: elements:` and `cards: sizes:`: load/ownlayouts.py)
    and layouts drawn with others, for one label set (`content/<game>/labels/<name>.yaml`),
    for this game only."""

    description: str = ""
    elements: dict[Identifier, ElementPatch] = Field(default_factory=dict)
    sizes: dict[Identifier, SizePatch] = Field(default_factory=dict)
    # A layout the game's cards and backs are drawn with -> another of its template's.
    layouts: dict[Identifier, Identifier] = Field(default_factory=dict)


class OwnLabels(Struct, frozen=True):
    """A game's own file for one label set, as read: the set's name (file stem), its
    checked model and the file, whose marks say where each value is written."""

    name: str
    spec: GameLabels
    source: Document


class Contrast(Strict):
    """Least WCAG contrast ratios `check` holds the kit to, and the least shape outline."""

    text: float = Field(4.5, ge=1.0, le=21.0)
    shapes: float = Field(3.0, ge=1.0, le=21.0)
    outline: Length | None = None


class LabelSet(Strict):
    """One label set, after `extends` is resolved."""

    extends: str | list[str] | None = None
    # The set's name in plain words, as the catalogue lists it ("Large print", "Spanish"):
    # the file's own, never one it extends; a set without one is listed by its file name.
    title: str = ""
    description: str = ""
    complete: bool = False
    # The games this set is made for (default: every game); a set whose words cover only
    # some games (a translation in progress) builds only those.
    covers: list[Identifier] | None = Field(None, min_length=1)
    contrast: Contrast = Field(default_factory=Contrast)
    colour_cues: bool = False  # colour never the only cue: kit/colourcues.py holds games to it
    # The language of `text:` and `ordinal:` (a CLDR locale such as en or es): it chooses
    # plural and ordinal branches, and is the PDF's language. An `extends` set inherits it;
    # standard names `en`, so a set that extends nothing and names none is English too.
    locale: str = ENGLISH
    text: dict[str, str] = Field(default_factory=dict)
    # A gettext catalogue beside this file (es.po) whose entries are read as `text:` (and
    # an entry with a context, a game id, as that game's): load/pofile.py.
    catalogue: str | None = None
    # How `{n:ordinal}` writes a number, as a message on `n`: "{n, selectordinal, ...}".
    ordinal: str | None = None
    # What a listener hears, in `locale`'s words, for print's shorthand that a reader's
    # software misreads or leaves out: a sign (a star: "star"), an abbreviation ("1.er":
    # "primer"); and a range of numbers ("1-3"), a message on `from` and `to`.
    said: dict[str, str] = Field(default_factory=dict)
    said_range: str | None = None
    style: dict[str, Any] = Field(default_factory=dict)
    # An empty patch made without validation: calling CardsPatch() would build the model's
    # own validator (~2.5 ms) for a label set that changes no card, such as the standard one.
    cards: CardsPatch = Field(default_factory=CardsPatch.model_construct)
    games: dict[Identifier, GamePatch] = Field(default_factory=dict)


class Layered(Struct, frozen=True):
    """Sources of merged data: the first layer that wrote a key names its file and line."""

    layers: tuple[tuple[Document, Loc], ...]

    def source(self, loc: Loc = ()) -> Source:
        loc = tuple(loc)
        for length in range(len(loc), -1, -1):
            for doc, prefix in self.layers:
                key = (*prefix, *loc[:length])
                if key in doc.marks:
                    return doc.marks[key]
        return Source(self.layers[0][0].path)

    def written(self, loc: Loc) -> str | None:
        """As written, the unquoted non-text value at `loc` in the first layer holding it."""
        loc = tuple(loc)
        for doc, prefix in self.layers:
            if (*prefix, *loc) in doc.marks:
                return doc.written((*prefix, *loc))
        return None

    def under(self, prefix: Loc, base: Document | None = None) -> "Layered":
        """The same layers looked at below `prefix`, over an optional base file."""
        layers = tuple((doc, (*pre, *prefix)) for doc, pre in self.layers)
        return Layered(layers + (((base, ()),) if base else ()))


class LoadedLabels(Struct, frozen=True):
    """A label set as read: its name (file stem), merged data, checked spec and sources."""

    name: str
    path: Path
    spec: LabelSet
    data: dict[str, Any]
    source: Layered
    # Where each of its `text:` translations is written, by English: found once, as the set
    # is read, for the words every label set's variant is given (`words`).
    text_sources: dict[str, Source]
    # The folder of shipped label sets it was looked up in: what such a file writes is for
    # the shipped games (and may be skipped on content without them) and, by element name,
    # for the shipped layouts (load/patches.py).
    shipped_folder: Path | None = None

    def home(self, loc: Loc = ()) -> Path | None:
        """The content the file that wrote `loc` was made for: the shipped content for a
        shipped set's file, None (whatever content it is given) for a user's own."""
        written_in = self.source.source(loc).path.parent
        return DEFAULT_CONTENT if written_in == self.shipped_folder else None

    def own_layers(self) -> list[Document]:
        """The set's files that are not shipped ones (a user's set and what it extends
        outside the shipped folder), the one that wins first."""
        folder = self.shipped_folder
        return [doc for doc, _ in self.source.layers if folder is None or doc.path.parent != folder]

    @property
    def locale(self) -> str:
        """The set's language, a CLDR locale code (en, es): the PDF's /Lang."""
        return self.spec.locale

    @property
    def title(self) -> str:
        """The set's name in plain words: its own file's `title:` (a set that extends
        large-print is not "Large print"), else its name."""
        own = self.source.layers[0][0].data.get("title")
        return own if isinstance(own, str) and own else self.name

    def words(self) -> Words:
        ordinal = parse(self.spec.ordinal) if self.spec.ordinal else None
        foreign = foreign_said(_said_locs(self.spec), self.spec.locale, False, self.source.layers)
        said = tuple(
            (key, words) for key, words in self.spec.said.items() if ("said", key) not in foreign
        )
        said_range = self.spec.said_range if ("said_range",) not in foreign else None
        hearing = Hearing(said, parse(said_range) if said_range else None, self.spec.locale)
        return Words(
            self.name,
            self.spec.text,
            self.spec.complete,
            self.path,
            locale=self.spec.locale,
            ordinal=ordinal,
            text_sources=self.text_sources,
            hearing=hearing,
        )


def _said_locs(spec: LabelSet) -> list[Loc]:
    """Where the set's `said:` words are: each printed form's, and the range's."""
    return [("said", printed) for printed in spec.said] + [("said_range",)] * bool(spec.said_range)


def resolve_refs(refs: list[str], folder: Path) -> list[str]:
    """`all` means every shipped label set; others are kept in order, once each. A ref may
    be a list, `es,large-print`, as well as repeated."""
    wanted: list[str] = []
    listed = [
        one.strip()
        for ref in refs
        for one in ([ref] if Path(ref).is_file() else ref.split(","))  # a path may hold a comma
        if one.strip()
    ]
    for ref in listed or [STANDARD]:
        for one in shipped(folder) if ref == "all" else [ref]:
            if one not in wanted:
                wanted.append(one)
    return wanted


def load_labels(ref: str, folder: Path, *, new_catalogue: bool = False) -> LoadedLabels:
    """Read a label set by shipped name or path and resolve what it `extends`; with
    `new_catalogue`, a catalogue not written yet is read as empty (`labels update` makes it).
    Its files are read each time; the set is made again only when one has changed."""
    return remembered(
        ("labels", ref, folder, new_catalogue),
        (),
        lambda: _load_labels(ref, folder, new_catalogue),
    )


def _load_labels(ref: str, folder: Path, new_catalogue: bool) -> LoadedLabels:
    located = locate_labels(ref, folder, None)
    docs, data = extended_files(located, folder, (), new_catalogue)
    source = Layered(tuple((doc, ()) for doc in docs))
    spec = validate(LabelSet, source, data)
    try:
        Locale.parse(spec.locale)
    except (ValueError, UnknownLocaleError):
        raise UserError(
            source.source(("locale",)),
            f"locale: {spec.locale!r} is not a language CLDR knows",
            "write a code such as en, es, fr or pt_BR",
        ) from None
    written: list[tuple[Loc, str]] = [(("text", en), text) for en, text in spec.text.items()]
    written += [
        (("games", game, "text", en), text)
        for game, patch in spec.games.items()
        for en, text in patch.text.items()
    ]
    if spec.ordinal is not None:
        written.append((("ordinal",), spec.ordinal))
    if spec.said_range is not None:
        written.append((("said_range",), spec.said_range))
    check_messages(written, spec.locale, source.source, source.layers)
    foreign_said(_said_locs(spec), spec.locale, spec.complete, source.layers)
    sources = {english: source.source(("text", english)) for english in spec.text}
    name = docs[0].path.stem
    return LoadedLabels(name, docs[0].path, spec, data, source, sources, folder.resolve())


def load_game_labels(folder: Path) -> dict[str, OwnLabels]:
    """A game's own label files, `<game>/labels/<name>.yaml`, by label set name."""
    own = folder / "labels"
    found: dict[str, OwnLabels] = {}
    for path in listed(own, "*.yaml"):
        inside(own, path.name, Source(path), "game's labels")
        doc = read_yaml(path, locale=None)  # checked against the set's locale when applied
        found[path.stem] = OwnLabels(path.stem, validate(GameLabels, doc), doc)
    return found


def own_files(labels: LoadedLabels, own: dict[str, OwnLabels]) -> list[OwnLabels]:
    """A game's own files that apply under a label set, the one that wins first: the set's
    own, then those of each set it extends in the same language, as the set takes their
    words (a game's Spanish reaches braille-es, which extends es; its changes for the
    English standard set do not reach es)."""
    found = [own[labels.name]] if labels.name in own else []
    extended = {doc.path.stem: doc.path for doc, _ in labels.source.layers[1:]}
    for name, path in extended.items():
        inherited = name != labels.name and name in own
        if inherited and load_labels(str(path), path.parent).locale == labels.locale:
            found.append(own[name])
    return found


def check_own_messages(own: OwnLabels, locale: str) -> None:
    """A game's own translations hold to the locale of the label set they join."""
    written = [(("text", english), text) for english, text in own.spec.text.items()]
    check_messages(written, locale, own.source.source)
