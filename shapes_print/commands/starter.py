"""`labels new`: a starter label set with the keys people change, and where to read the rest.

With `--game GAME`, a game's own file for the label set NAME instead,
`content/GAME/labels/NAME.yaml`: its words and card fields for that set, as comments, and
a stub for each text a complete set still needs, at the place that writes it.

Input: the label set to start from and the project it is for. Output: `NAME.yaml`, a score
of lines: `extends`, `description` and `locale` set, every other top-level key, then the
common changes (text, style, a card element, a card's fields), as comments holding the
values the kits print with now, each saying what it does, so removing a `#` changes
nothing until the value is edited. The keys inside them, their types and defaults are in
docs/reference.md; the file names its schema by a relative path, so an editor completes
keys and the file can move with the project.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

from shapes_print.errors import Source, UserError
from shapes_print.kit.variant import Variant
from shapes_print.load.defaults import REFERENCE, SCHEMAS, STANDARD
from shapes_print.load.labels import (
    GAME_SCHEMA_NAME,
    SCHEMA_NAME,
    ElementPatch,
    shipped,
)
from shapes_print.load.loaded import LoadedGame
from shapes_print.load.patches import patch_template
from shapes_print.load.yamlsrc import deep_merge
from shapes_print.pipeline.pipeline import plan_all
from shapes_print.pipeline.project import Sources, load_project
from shapes_print.text.message import counted
from shapes_print.write.create import NAME_CHARACTERS, create_file

# The sheet-style key and the card element a starter shows, when the templates have them.
STYLE_EXAMPLE = "body_size"
ELEMENT_EXAMPLE = "label"
# What a game's own file shows of its element: where it is and how large its words are.
ELEMENT_KEYS = ("box", "size", "min_size")

_NAME = re.compile(r"[A-Za-z0-9_-]{1,64}")  # a label set's name, as `labels new` takes it


def _flow(value: Any) -> str:
    """One value as a YAML flow scalar or mapping on one line."""
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    text = yaml.safe_dump(
        value, default_flow_style=True, allow_unicode=True, sort_keys=False, width=10**6
    )
    return text.removesuffix("\n...\n").strip()


def _relative(target: Path, folder: Path) -> str:
    """`target` as seen from `folder`, so the file keeps working when the project moves."""
    try:
        return Path(os.path.relpath(target, folder.resolve())).as_posix()
    except ValueError:  # another drive (Windows): no relative path exists
        return target.as_posix()


def _element(variant: Variant) -> tuple[str, dict[str, Any]] | None:
    """A named card element and what a label set may change on it, as the set draws it."""
    patchable = set(ElementPatch.model_fields) - {"box"}
    found: dict[str, dict[str, Any]] = {}
    for doc in variant.library.template_sources.values():
        for layout in patch_template(doc.data, variant.labels).get("layouts", {}).values():
            for element in layout.get("elements", []):
                if element.get("name"):
                    found.setdefault(
                        element["name"], {k: v for k, v in element.items() if k in patchable}
                    )
    name = ELEMENT_EXAMPLE if ELEMENT_EXAMPLE in found else next(iter(found), None)
    return (name, found[name]) if name else None


def starter_text(name: str, variant: Variant, shipped_folder: Path, folder: Path) -> str:
    labels = variant.labels
    spec = labels.spec
    # By name when the loader finds it by name (shipped, or beside the new file); else the
    # whole path, as a path in `extends` is read from where the command runs.
    by_name = labels.path.parent in (shipped_folder.resolve(), folder.resolve())
    extends = labels.name if by_name else str(labels.path)
    style = deep_merge(variant.library.style_source.data, spec.style)
    out = [
        f"# yaml-language-server: $schema={_relative(SCHEMAS / SCHEMA_NAME, folder)}",
        f"# Label set {name!r}: what it changes in {labels.name!r}, named by extends. Every key,",
        f"# its type and default: {_relative(REFERENCE, folder)} (Label set).",
        f"extends: {_flow(extends)}  # the set it changes: a shipped name, or a file's path",
        f"description: {_flow(f'{name}: {labels.name}, changed')}  # who this label set is for",
        f"locale: {_flow(spec.locale)}  # the language of its words: a CLDR code (en, es, ...)",
        "# complete: true  # every printed text must be under text:; a build names each missing",
        f"# catalogue: {name}.po  # its words in a gettext .po beside it (docs/translating.md)",
        *_other_keys(name, variant),
        "#",
        "# Common changes, at the values printed now: remove a # and change the value.",
    ]
    games = list(variant.games.values())
    if games:
        title = games[0].game.title
        out += [
            "# text:  # English as the content writes it: the words to print instead",
            f"#   {_flow(title)}: {_flow(spec.text.get(title, title))}",
        ]
    if STYLE_EXAMPLE in style:
        out += [
            "# style:  # templates/sheet.yaml's keys: fonts, sizes, colours, margins",
            f"#   {STYLE_EXAMPLE}: {_flow(style[STYLE_EXAMPLE])}",
        ]
    element = _element(variant)
    if element:
        out += [
            "# cards:  # card layout elements, by their name in templates/cards/",
            "#   elements:",
            f"#     {element[0]}: {_flow(element[1])}",
        ]
    if games and games[0].deck.cards:
        card = games[0].deck.cards[0]
        out += [
            "# games:  # per game: a card's fields by card id (or group); backs by back id",
            f"#   {games[0].game.id}:",
            "#     cards:",
            f"#       {card.id}: {_flow(dict(card.fields))}",
        ]
    return "\n".join(out) + "\n"


def _other_keys(name: str, variant: Variant) -> list[str]:
    """The set's other top-level keys, at their values now, each with what it does."""
    spec = variant.labels.spec
    covers = spec.covers or list(variant.games)
    contrast = spec.contrast.model_dump(exclude_none=True)
    said = dict(list(spec.said.items())[:1])
    return [
        f"# title: {_flow(name)}  # the set's name in plain words, as the catalogue lists it",
        f"# covers: {_flow(covers)}  # the games it is made for (leave it out: every game)",
        f"# contrast: {_flow(contrast)}  # the least WCAG ratios check holds its kits to",
        f"# ordinal: {_flow(spec.ordinal)}  # how {{n:ordinal}} writes a number, a message on n"
        " (null: the locale's own)",
        f"# said: {_flow(said)}  # what a listener hears for a sign or an abbreviation",
        f"# said_range: {_flow(spec.said_range)}  # what a listener hears for a range (1-3),"
        " a message on from and to",
        f"# colour_cues: {_flow(spec.colour_cues)}  # true: colour is never the only cue (a"
        " game whose coloured cards have no pattern or colour word is skipped)",
    ]


def game_labels_text(
    name: str, game: LoadedGame, folder: Path, missing: Mapping[str, Source | None]
) -> str:
    """A game's own file for the label set `name`: what it may hold, as comments holding the
    values the game prints with now (its title, a card group's shared fields, a back's).
    Under `text:`, a stub for each text a complete set has no words for (`missing`), at the
    file, line and column that writes it; else the title as an example."""
    cards = game.deck.cards
    group = next((card for card in cards if card.group), None)
    back_id, back = next(iter(game.deck.backs.items()))
    out = [
        f"# yaml-language-server: $schema={_relative(SCHEMAS / GAME_SCHEMA_NAME, folder)}",
        f"# {game.game.id}'s own words and card fields for the label set {name!r}, for this game",
        f"# only. Every key: {_relative(REFERENCE, folder)} (Game label file).",
        f"description: {_flow(f'{game.game.title} in {name}')}  # what this file gives the set",
        "#",
        "# Common changes, at the values printed now: remove a # and change the value.",
        "# text:  # the game's English, as its files write it: the words to print instead",
    ]
    if missing:
        out.append(
            f"#   ({counted(len(missing), 'text still needs', 'texts still need')} words in"
            f" {name!r}, each at the place that writes it: remove the #s, then translate)"
        )
    for english, where in (missing or {game.game.title: None}).items():
        place = f"  # {_in_game(where, game.folder)}" if where else ""
        out.append(f"#   {_flow(english)}: {_flow(english)}{place}")
    if group is not None:  # the fields its cards share (a suit's colour, not its numbers)
        same = [card.fields for card in cards if card.group == group.group]
        shared = {k: v for k, v in group.fields.items() if all(f.get(k) == v for f in same)}
        out += [
            "# groups:  # card fields for every card of a group",
            f"#   {group.group}: {_flow(shared)}",
        ]
    if cards:
        out += [
            "# cards:  # a card's fields, by card id",
            f"#   {cards[0].id}: {_flow(dict(cards[0].fields))}",
        ]
    out += [
        "# backs:  # a back's fields, by back id",
        f"#   {back_id}: {_flow(dict(back.fields))}",
        "# elements:  # its card layouts' elements by name, as written there: a box, sizes, a look",
        *(f"#   {name}: {_flow(values)}" for name, values in _own_element(game)),
        "# sizes:  # by card size (templates/card-sizes.yaml): elements changed on that size only",
        "# layouts:  # a layout its cards and backs are drawn with: another of its own instead",
    ]
    return "\n".join(out) + "\n"


def _own_element(game: LoadedGame) -> list[tuple[str, dict[str, Any]]]:
    """The first named text of the game's own card layouts, with its box and sizes as
    written: what a game's own file changes for a set whose words need more room."""
    for doc in game.template_sources.values():
        for layout in (doc.data.get("layouts") or {}).values():
            for element in layout.get("elements") or []:
                if element.get("kind") == "text" and element.get("name"):
                    shown = {key: element[key] for key in ELEMENT_KEYS if key in element}
                    return [(element["name"], shown)]
    return []


def write_game_labels(name: str, game: str, sources: Sources) -> Path:
    """`content/<game>/labels/<name>.yaml`, a game's own file joining the label set `name`
    (which must exist, or the file would change nothing)."""
    known = shipped(sources.labels)
    if name not in known:
        raise UserError(
            None,
            f"no label set {name!r} for {game}'s own file to join (shipped: {', '.join(known)})",
        )
    loaded = load_project(sources, (game,), [STANDARD]).variants[0].games[game]
    folder = loaded.folder / "labels"
    path = folder / f"{name}.yaml"
    exists = "already exists; change it, or move it away first"
    if path.exists() or path.is_symlink():  # said before planning every kit for its words
        raise UserError(Source(path), exists)
    text = game_labels_text(name, loaded, folder, _missing(name, game, sources))
    create_file(path, text.encode("utf-8"), loaded.folder, exists)
    return path


def _missing(name: str, game: str, sources: Sources) -> dict[str, Source | None]:
    """The texts of the game a complete label set has no words for, each where it is
    written: what `check --strict` names, found by planning every kit of the game under the
    set (which then only notes them, and skips a game it cannot take)."""
    project = load_project(sources, (game,), [name])
    variant = project.variants[0] if project.variants else None
    if variant is None or game not in variant.games:  # a set that does not cover the game
        return {}
    variant.refuse = frozenset()
    # A set that cannot take the game (a word too wide for large print) skips it here: the
    # file being started is where the game's own words or boxes for the set go.
    variant.skip_unfit = True
    for _ in plan_all(project, "all", "all", only=(variant.labels.name, game)):
        pass
    words = variant.games[game].words
    return dict(words.missing or {}) if words is not None else {}


def _in_game(where: Source, game_folder: Path) -> str:
    """A place as the game's folder names it (deck.yaml:15:5), else as it is. Both taken as
    full paths: a game's files are read by the name the folder was given and by full path."""
    try:
        inside = where.path.absolute().relative_to(game_folder.absolute())
        return str(Source(inside, where.line, where.column))
    except ValueError:
        return str(where)


def new_set_file(ref: str, folder: Path) -> tuple[str, Path]:
    """The new label set's name and file: `folder/ref.yaml` for a name; for a path to a .yaml
    file (as `--labels` takes one) that file, named by its file name, its path taken from
    `folder` and never leaving it (no `..`; an absolute path only inside it)."""
    path = Path(ref)
    is_path = ref.endswith((".yaml", ".yml"))
    name = path.stem if is_path else ref
    if not _NAME.fullmatch(name):  # the name becomes a file name in `folder`, and nowhere else
        hint = "" if is_path else "; or give the new file's path, ending in .yaml"
        raise UserError(
            None,
            f"label set name {name!r} may only use {NAME_CHARACTERS} (it names a .yaml file{hint})",
        )
    if not is_path:
        return name, folder / f"{name}.yaml"
    base = Path(os.path.abspath(folder))
    outside = path.is_absolute() and not path.is_relative_to(base)
    if "\0" in ref or ".." in path.parts or outside:
        raise UserError(
            None,
            f"{ref!r} is not a path inside the --out folder {folder}, where a new label set is"
            " written: give its path from there (or another --out)",
        )
    return name, folder / (path.relative_to(base) if path.is_absolute() else path)


def write_starter(ref: str, start: str, folder: Path, sources: Sources) -> Path:
    """Load the project with `start`, then write the label set `ref` (its name, or its
    file's path: `new_set_file`) in `folder`."""
    name, path = new_set_file(ref, folder)
    exists = "already exists; choose another name or move it away"
    if path.exists() or path.is_symlink():
        raise UserError(Source(path), exists)
    project = load_project(sources, (), [start])
    start_set = project.variants[0].labels
    # A shipped set is extended by its name, and `extends: fr` in a new fr.yaml finds itself.
    if start_set.name == name and start_set.path.parent.resolve() == sources.labels.resolve():
        raise UserError(
            None,
            f"a new label set named {name!r} cannot extend {start!r}: a name in `extends` is"
            " looked for beside the file first, so it would name itself",
            f"give it another name, such as {name}-mine",
        )
    text = starter_text(name, project.variants[0], sources.labels, path.parent)
    folder.mkdir(parents=True, exist_ok=True)
    create_file(path, text.encode("utf-8"), folder, exists)
    return path
