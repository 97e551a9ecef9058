"""Find and load games, decks, documents, card templates and the sheet style.

Templates may `extends` another template by id and change only what differs: mappings are
merged key by key, anything else is replaced.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter, ValidationError

from shapes_print.errors import Source, UserError, closest
from shapes_print.fingerprints import program
from shapes_print.inputs import inside
from shapes_print.limits import MAX_CARDS
from shapes_print.load.base import IDENTIFIER_PATTERN
from shapes_print.load.checks import check_card_ids, run_checks
from shapes_print.load.decks import load_decks
from shapes_print.load.labels import (
    LoadedLabels,
    load_game_labels,
)
from shapes_print.load.layout import check_boxes
from shapes_print.load.listing import game_folders as game_folders  # where pipeline/ finds it
from shapes_print.load.lists import ListOrigin, prepare_list
from shapes_print.load.loaded import Block, Library, LoadedDocument, LoadedGame
from shapes_print.load.models import (
    BLOCK_TYPES,
    ForEachBlock,
    Game,
    ListFile,
    SheetDocument,
)
from shapes_print.load.press import load_press
from shapes_print.load.printmodels import Paper, PrintSettings, SheetStyle
from shapes_print.load.ranges import check_count_tables, check_number_tables, check_section_players
from shapes_print.load.shapes import PatternLibrary, ShapeLibrary
from shapes_print.load.templates import (
    OWN_FOLDER,
    build_templates,
    element_place,
    read_templates,
    sized_templates,
)
from shapes_print.load.validate import describe, pick_error, place, validate
from shapes_print.load.yamlsrc import (
    Document,
    Loc,
    deep_merge,
    read_yaml,
    remembered,
    top_mapping,
)


@cache
def _block_adapter(kind: str) -> TypeAdapter[Any]:
    """A block kind's validator, built on first use: most documents use a few kinds."""
    return TypeAdapter(BLOCK_TYPES[kind])


_IDENTIFIER = re.compile(IDENTIFIER_PATTERN)


def load_library(folder: Path, labels: LoadedLabels | None = None) -> Library:
    """Read templates/: card templates (`cards/*.yaml`), sheet style, shapes, patterns, papers.

    A label set's style and card element changes are merged in before validation, so a
    mistake in either is reported at its own file and line (an element name no layout has
    is reported once the games' own templates are known, kit/variant.py). Its files are read
    each time; it is made again only when one has changed, or under another label set.
    """
    key = ("library", folder, id(labels))  # `labels` held by `remembered`: its id stays its
    return remembered(key, (labels,), lambda: _load_library(folder, labels))


def _load_library(folder: Path, labels: LoadedLabels | None) -> Library:
    if not folder.is_dir():
        raise UserError(Source(folder), "templates folder not found")
    docs = read_templates(folder / "cards")
    templates, merged = build_templates(docs, list(docs), labels)
    style_doc = read_yaml(folder / "sheet.yaml")
    style_data = deep_merge(top_mapping(style_doc), labels.spec.style) if labels else style_doc.data
    style_where = labels.source.under(("style",), style_doc) if labels else style_doc
    style = validate(SheetStyle, style_where, style_data)
    shapes_doc = read_yaml(folder / "shapes.yaml")
    patterns_doc = read_yaml(folder / "patterns.yaml")
    papers = paper_sizes(read_yaml(folder / "papers.yaml"))
    print_doc = read_yaml(folder / "print.yaml")
    top_mapping(print_doc)
    printing = validate(PrintSettings, print_doc)
    for name, template in templates.items():
        check_boxes(template, printing.bleed, element_place(merged[name], labels, template))
    card_sizes = _sizes(
        read_yaml(folder / "card-sizes.yaml"), "card size", "poker: {width: 63.5mm, height: 88.9mm}"
    )
    sized = sized_templates(merged, labels, card_sizes, printing) if labels else {}
    guide_path = inside(folder, printing.guide, print_doc.source(("guide",)), "templates")
    press = load_press(folder, printing.press, print_doc.source(("press", "profile")))
    guide = load_document(guide_path)
    print_and_play = None
    if printing.print_and_play is not None:
        where = print_doc.source(("print_and_play",))
        print_and_play = load_document(inside(folder, printing.print_and_play, where, "templates"))
    return Library(
        folder=folder,
        templates=templates,
        template_sources=merged,
        template_files=docs,
        style=style,
        style_source=style_doc,
        shapes=ShapeLibrary.from_mapping(
            top_mapping(shapes_doc), shapes_doc.path, shapes_doc.source
        ),
        patterns=PatternLibrary.from_mapping(
            top_mapping(patterns_doc), patterns_doc.path, patterns_doc.source
        ),
        papers=papers,
        card_sizes=card_sizes,
        printing=printing,
        press=press,
        printing_source=print_doc,
        guide=guide,
        print_and_play=print_and_play,
        release=program()["shapes-print"],
        sized_templates=sized,
    )


def paper_sizes(doc: Document) -> dict[str, tuple[float, float]]:
    """templates/papers.yaml: paper name -> (width, height) in points."""
    return _sizes(doc, "paper", "a4: {width: 210mm, height: 297mm}")


def _sizes(doc: Document, what: str, example: str) -> dict[str, tuple[float, float]]:
    """Named sizes (papers, card sizes): name -> (width, height) in points.

    The names become parts of folder and file names, so they are identifiers.
    """
    sizes = {}
    for name, value in top_mapping(doc).items():
        _identifier(doc, name, (name,), f"{what} name")
        size = validate(Paper, doc, value, (name,))
        sizes[name] = (size.width, size.height)
    if not sizes:
        raise UserError(doc.source(), f"no {what}s: add one, such as '{example}'")
    return sizes


def parse_blocks(doc: Document, items: list[Any], loc: Loc) -> tuple[Block, ...]:
    """Each block is a one-key mapping such as `heading: ...`; check kind and value."""
    blocks = []
    for index, item in enumerate(items):
        here = (*loc, index)
        if not isinstance(item, dict) or len(item) != 1:
            raise UserError(doc.source(here), "a block is one key such as 'heading:' or 'table:'")
        kind, value = next(iter(item.items()))
        if kind not in BLOCK_TYPES:
            close = closest(str(kind), BLOCK_TYPES)
            hint = (
                f"did you mean {close!r}?" if close else f"known blocks: {', '.join(BLOCK_TYPES)}"
            )
            raise UserError(doc.source(here), f"unknown block {kind!r}", hint)
        try:
            parsed = _block_adapter(kind).validate_python(value)
        except ValidationError as errors:
            error = pick_error(errors.errors())
            at = (*here, kind, *place(error))
            written = doc.written(at)
            message, hint = describe(error, BLOCK_TYPES[kind], written, value, (kind,))
            raise UserError(doc.source(at), message, hint) from None
        children: tuple[Block, ...] = ()
        if isinstance(parsed, ForEachBlock):
            children = parse_blocks(doc, parsed.blocks, (*here, kind, "blocks"))
        blocks.append(Block(kind, parsed, doc.source(here), children))
    return tuple(blocks)


def load_game(folder: Path, max_cards: int = MAX_CARDS) -> LoadedGame:
    """A game's folder loaded: its rules, decks, lists, documents, own labels and templates.
    Its files are read each time; it is made again only when one has changed (a label set
    takes a copy of it, kit/variant.py, and changes that)."""
    return remembered(("game", folder, max_cards), (), lambda: _load_game(folder, max_cards))


def _load_game(folder: Path, max_cards: int) -> LoadedGame:
    source = read_yaml(folder / "game.yaml")
    top_mapping(source)
    game = validate(Game, source)
    if game.id != folder.name:
        raise UserError(
            source.source(("id",)), f"id {game.id!r} must match its folder name {folder.name!r}"
        )
    if game.players.min > game.players.max:
        raise UserError(source.source(("players",)), "players: min is larger than max")
    check_number_tables(game, source)
    lists, origins = _load_lists(game, folder, source)
    decks = load_decks(folder, game, lists, source, max_cards)
    for deck in decks:
        check_count_tables(game, deck)
    deck_ids = {card.id for deck in decks for card in deck.deck.cards}
    card_fields = {n: spec.cards for n, spec in game.lists.items() if isinstance(spec, ListFile)}
    check_card_ids(lists, origins, card_fields, deck_ids)
    run_checks(game, lists, origins, source)
    files = {name: origin.doc for name, origin in origins.items() if origin.doc is not source}
    loaded = LoadedGame(game, folder, source, decks, lists=lists, list_files=files)
    loaded.labels = load_game_labels(folder)
    loaded.template_files = read_templates(folder / OWN_FOLDER)
    for index, name in enumerate(game.documents):
        path = inside(folder, name, source.source(("documents", index)), "game")
        document = load_document(path)
        check_section_players(game, document.source, [p for p, _ in document.sections])
        loaded.documents.append(document)
    return loaded


def load_document(path: Path) -> LoadedDocument:
    """A sheet document (a game's table sheets, or the printing guide in templates/)."""
    doc = read_yaml(path)
    top_mapping(doc)
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
            doc = read_yaml(inside(folder, file, source.source(("lists", name, "file")), "game"))
            origins[name] = ListOrigin(doc, tuple(key for key in keys.split(".") if key))
            lists[name] = prepare_list(spec, origins[name], game.card_notation)
    return lists, origins


def _identifier(doc: Document, name: object, loc: Loc, what: str) -> None:
    """Names that become parts of file names must be safe there (letters, digits, -)."""
    if not isinstance(name, str) or not _IDENTIFIER.fullmatch(name):
        raise UserError(doc.source(loc), f"{what} {name!r} may only use a-z, 0-9 and -")
