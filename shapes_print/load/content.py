"""Find and load games, decks, documents, card templates and the sheet style.

Templates may `extends` another template by id and change only what differs: mappings are
merged key by key, anything else is replaced.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter, ValidationError

from shapes_print.errors import Source, UserError
from shapes_print.load.checks import check_card_ids, run_checks
from shapes_print.load.lists import ListOrigin, expand_deck, prepare_list
from shapes_print.load.models import (
    BLOCK_TYPES,
    CardTemplate,
    Deck,
    ForEachBlock,
    Game,
    ListFile,
    Paper,
    PrintSettings,
    SheetDocument,
    SheetStyle,
)
from shapes_print.load.validate import validate
from shapes_print.load.yamlsrc import Document, Loc, read_yaml
from shapes_print.shapes import PatternLibrary, ShapeLibrary

_ADAPTERS = {kind: TypeAdapter(kind_type) for kind, kind_type in BLOCK_TYPES.items()}


@dataclass(frozen=True, slots=True)
class Block:
    """One sheet block: its kind, its validated value and where it was written."""

    kind: str
    value: Any
    source: Source
    children: tuple[Block, ...] = ()


@dataclass(frozen=True, slots=True)
class LoadedDocument:
    spec: SheetDocument
    sections: tuple[tuple[str | None, tuple[Block, ...]], ...]
    source: Document


# Every kit's main cards file ends in this name; extra decks and sheet documents name theirs.
CARDS = "cards"


@dataclass(frozen=True, slots=True)
class LoadedDeck:
    """One cards file's deck, `for_each` entries expanded; `origins` maps each card to the
    index of the YAML entry it came from, for error lines."""

    name: str
    title: str
    deck: Deck
    source: Document
    origins: tuple[int, ...]


@dataclass(slots=True)
class LoadedGame:
    """A game's models; `decks` holds the main deck first, then any extra decks."""

    game: Game
    folder: Path
    source: Document
    decks: list[LoadedDeck]
    documents: list[LoadedDocument] = field(default_factory=list)
    lists: dict[str, list[dict[str, Any]]] = field(default_factory=dict)

    @property
    def deck(self) -> Deck:
        return self.decks[0].deck

    @property
    def deck_source(self) -> Document:
        return self.decks[0].source


@dataclass(slots=True)
class Library:
    """Everything shared by all games: card templates, sheet style, shapes, patterns, papers."""

    folder: Path
    templates: dict[str, CardTemplate]
    template_sources: dict[str, Document]
    style: SheetStyle
    style_source: Document
    shapes: ShapeLibrary
    patterns: PatternLibrary
    papers: dict[str, tuple[float, float]]
    card_sizes: dict[str, tuple[float, float]]
    printing: PrintSettings
    guide: LoadedDocument


def _merge(base: Any, override: Any) -> Any:
    if isinstance(base, dict) and isinstance(override, dict):
        merged = dict(base)
        for key, value in override.items():
            merged[key] = _merge(base.get(key), value) if key in base else value
        return merged
    return override


def _resolve_extends(docs: dict[str, Document], name: str, chain: tuple[str, ...] = ()) -> Document:
    """The template with its ancestors merged in; each value keeps the file it came from."""
    doc = docs[name]
    parent = doc.data.get("extends")
    if parent is None:
        return doc
    if parent in chain or parent == name:
        raise UserError(doc.source(("extends",)), f"template 'extends' cycle: {' -> '.join((*chain, name, parent))}")
    if parent not in docs:
        raise UserError(doc.source(("extends",)), f"template {parent!r} not found (known: {', '.join(sorted(docs))})")
    base = _resolve_extends(docs, parent, (*chain, name))
    return Document(doc.path, _merge(base.data, doc.data), {**base.marks, **doc.marks})


def _mapping(doc: Document) -> dict:
    if not isinstance(doc.data, dict):
        raise UserError(doc.source(), "expected a mapping of keys to values at the top of the file")
    return doc.data


def load_library(folder: Path) -> Library:
    """Read templates/: card templates (`cards/*.yaml`), sheet style, shapes, patterns, papers."""
    if not folder.is_dir():
        raise UserError(Source(folder), "templates folder not found")
    docs: dict[str, Document] = {}
    for path in sorted((folder / "cards").glob("*.yaml")):
        doc = read_yaml(path)
        template_id = _mapping(doc).get("id")
        if not isinstance(template_id, str):
            raise UserError(doc.source(("id",)), "id: is required and must be text")
        docs[template_id] = doc
    templates = {}
    for name in docs:
        merged = _resolve_extends(docs, name)
        template = validate(CardTemplate, merged, {**merged.data, "id": name}, ())
        templates[name] = template
    style_doc = read_yaml(folder / "sheet.yaml")
    style = validate(SheetStyle, style_doc)
    shapes_doc = read_yaml(folder / "shapes.yaml")
    patterns_doc = read_yaml(folder / "patterns.yaml")
    papers = _sizes(read_yaml(folder / "papers.yaml"))
    print_doc = read_yaml(folder / "print.yaml")
    _mapping(print_doc)
    printing = validate(PrintSettings, print_doc)
    guide = load_document(_inside(folder, printing.guide, print_doc.source(("guide",))))
    return Library(
        folder=folder,
        templates=templates,
        template_sources=docs,
        style=style,
        style_source=style_doc,
        shapes=ShapeLibrary.from_mapping(_mapping(shapes_doc), shapes_doc.path),
        patterns=PatternLibrary.from_mapping(_mapping(patterns_doc), patterns_doc.path),
        papers=papers,
        card_sizes=_sizes(read_yaml(folder / "card-sizes.yaml")),
        printing=printing,
        guide=guide,
    )


def _sizes(doc: Document) -> dict[str, tuple[float, float]]:
    """Named sizes (papers, card sizes): name -> (width, height) in points."""
    return {
        name: (size.width, size.height)
        for name, value in _mapping(doc).items()
        for size in [validate(Paper, doc, value, (name,))]
    }


def parse_blocks(doc: Document, items: list[Any], loc: Loc) -> tuple[Block, ...]:
    """Each block is a one-key mapping such as `heading: ...`; check kind and value."""
    blocks = []
    for index, item in enumerate(items):
        here = (*loc, index)
        if not isinstance(item, dict) or len(item) != 1:
            raise UserError(doc.source(here), "a block is one key such as 'heading:' or 'table:'")
        kind, value = next(iter(item.items()))
        if kind not in _ADAPTERS:
            close = difflib.get_close_matches(str(kind), list(_ADAPTERS), n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else f" (known: {', '.join(_ADAPTERS)})"
            raise UserError(doc.source(here), f"unknown block {kind!r}{hint}")
        try:
            parsed = _ADAPTERS[kind].validate_python(value)
        except ValidationError as errors:
            error = errors.errors()[0]
            where = doc.source((*here, kind, *error["loc"]))
            path = ".".join(str(p) for p in (kind, *error["loc"]))
            raise UserError(where, f"{path}: {error['msg']}") from None
        children: tuple[Block, ...] = ()
        if isinstance(parsed, ForEachBlock):
            children = parse_blocks(doc, parsed.blocks, (*here, kind, "blocks"))
        blocks.append(Block(kind, parsed, doc.source(here), children))
    return tuple(blocks)


def load_game(folder: Path) -> LoadedGame:
    source = read_yaml(folder / "game.yaml")
    _mapping(source)
    game = validate(Game, source)
    if game.id != folder.name:
        raise UserError(source.source(("id",)), f"id {game.id!r} must match its folder name {folder.name!r}")
    if game.players.min > game.players.max:
        raise UserError(source.source(("players",)), "players: min is larger than max")
    lists, origins = _load_lists(game, folder, source)
    decks = [_load_deck(folder, game.deck, ("deck",), CARDS, game.cards_title, lists, source)]
    for name, extra in game.extra_decks.items():
        where = ("extra_decks", name, "file")
        decks.append(_load_deck(folder, extra.file, where, name, extra.title, lists, source))
    deck_ids = {card.id for deck in decks for card in deck.deck.cards}
    card_fields = {n: spec.cards for n, spec in game.lists.items() if isinstance(spec, ListFile)}
    check_card_ids(lists, origins, card_fields, deck_ids)
    run_checks(game, lists, origins, source)
    loaded = LoadedGame(game, folder, source, decks, lists=lists)
    for index, name in enumerate(game.documents):
        path = _inside(folder, name, source.source(("documents", index)))
        loaded.documents.append(load_document(path))
    return loaded


def load_document(path: Path) -> LoadedDocument:
    """A sheet document (a game's table sheets, or the printing guide in templates/)."""
    doc = read_yaml(path)
    _mapping(doc)
    spec = validate(SheetDocument, doc)
    sections = tuple(
        (section.players, parse_blocks(doc, section.blocks, ("sections", i, "blocks")))
        for i, section in enumerate(spec.sections)
    )
    return LoadedDocument(spec, sections, doc)


def _load_lists(
    game: Game, folder: Path, source: Document
) -> tuple[dict[str, list], dict[str, ListOrigin]]:
    """Lists written in game.yaml or kept in their own file; computed lists wait for a count."""
    lists: dict[str, list] = {}
    origins: dict[str, ListOrigin] = {}
    for name, spec in game.lists.items():
        if isinstance(spec, list):
            lists[name], origins[name] = spec, ListOrigin(source, ("lists", name))
        elif isinstance(spec, ListFile):
            file, _, keys = spec.file.partition("#")
            doc = read_yaml(_inside(folder, file, source.source(("lists", name, "file"))))
            origins[name] = ListOrigin(doc, tuple(key for key in keys.split(".") if key))
            lists[name] = prepare_list(spec, origins[name], game.card_notation)
    return lists, origins


def _load_deck(
    folder: Path,
    file: str,
    loc: Loc,
    name: str,
    title: str,
    lists: dict[str, list],
    source: Document,
) -> LoadedDeck:
    doc = read_yaml(_inside(folder, file, source.source(loc)))
    _mapping(doc)
    deck, origins = expand_deck(validate(Deck, doc), lists, doc)
    return LoadedDeck(name, title, deck, doc, origins)


def _inside(folder: Path, name: str, where: Source) -> Path:
    """A file a YAML names must stay inside the game's own folder."""
    path = (folder / name).resolve()
    if not path.is_relative_to(folder.resolve()):
        raise UserError(where, f"{name!r} points outside the game folder")
    return path


def game_folders(content: Path) -> list[Path]:
    if not content.is_dir():
        raise UserError(Source(content), "content folder not found")
    return sorted(p for p in content.iterdir() if (p / "game.yaml").is_file())
