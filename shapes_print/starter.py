"""`labels new`: a starter label set with every key, its current value and a comment on each.

The words are found by planning every kit of every game with the starting label set and
recording each English string as it reaches a page, with the file and line it came from,
so the list is exactly what gets printed, never a guess.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

from shapes_print.defaults import PROJECT
from shapes_print.errors import Source, UserError
from shapes_print.load.labels import SCHEMA_NAME, ElementPatch, LoadedLabels, patch_template
from shapes_print.load.models import IDENTIFIER_PATTERN
from shapes_print.load.yamlsrc import Document, Loc, deep_merge
from shapes_print.pipeline import Sources, load_project, plan_every_setting
from shapes_print.words import pinpoint

_TOP = {
    "extends": "the label set this one changes; whatever is not written here comes from it",
    "description": "one line saying who this label set is for",
    "complete": "true: every text must be given below, and a build names any that is missing",
    "covers": "the games this label set is for (leave out for every game)",
    "contrast": "least WCAG contrast ratios (text, shapes) and least shape outline, held by check",
    "text": "English as the content writes it -> the words to print instead ({names} stay as they are)",
    "locale": "the language of text: (a CLDR code such as en, es): it picks plural forms",
    "ordinal": "how {n:ordinal} writes a number: a message such as {n, selectordinal, one {#st} other {#th}}",
    "style": "sheet type, colours, fonts and print furniture; merged onto templates/sheet.yaml",
    "cards": "card layout elements changed by name (templates/cards/*.yaml), and the trim hairline",
    "games": "per game: card fields by card group or card id, back fields by back id (colours, patterns, words)",
}

_NAME = re.compile(IDENTIFIER_PATTERN)


def _flow(value: Any) -> str:
    """One value as a YAML flow scalar or mapping on one line."""
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    text = yaml.safe_dump(
        value, default_flow_style=True, allow_unicode=True, sort_keys=False, width=10**6
    )
    return text.removesuffix("\n...\n").strip()


def _kind(key: str, value: Any) -> str:
    """A plain description of a value by its key and form, for keys without a comment."""
    words = key.replace("_", " ")
    if isinstance(value, str) and value.startswith("#"):
        return f"{words}: a colour such as #000000"
    if isinstance(value, str) and value[-2:] in ("pt", "mm", "cm", "in"):
        return f"{words}: a length with its unit (pt, mm, cm, in)"
    return words


def _comment(doc: Document, loc: Loc, fallback: str) -> str:
    """The comment written beside a key in its own file, else a plain fallback."""
    source = doc.marks.get(loc)
    if source and source.line:
        line = doc.path.read_text(encoding="utf-8").splitlines()[source.line - 1]
        if " #" in line:
            return line.split(" #", 1)[1].strip()
    return fallback


def _where(source: Source | None) -> str:
    if source is None:
        return "furniture"
    try:
        return str(Source(source.path.resolve().relative_to(PROJECT), source.line))
    except ValueError:
        return str(Source(source.path, source.line))


def starter_text(
    name: str,
    labels: LoadedLabels,
    shipped_folder: Path,
    seen: Mapping[str, Source | None],
    style: Document,
    elements: Mapping[str, dict[str, Any]],
    games: Mapping[str, Any],
) -> str:
    spec = labels.spec
    extends = labels.name if labels.path.parent == shipped_folder.resolve() else str(labels.path)
    out = [
        f"# yaml-language-server: $schema={PROJECT / 'schemas' / SCHEMA_NAME}",
        f"# Label set {name!r}, started from {labels.name!r}. Change what you need; a key you",
        "# delete comes back from the label set named in extends.",
        f"extends: {_flow(extends)}  # {_TOP['extends']}",
        f"description: {_flow(spec.description)}  # {_TOP['description']}",
        f"complete: {_flow(spec.complete)}  # {_TOP['complete']}",
        f"locale: {_flow(spec.locale)}  # {_TOP['locale']}",
        *([f"covers: {_flow(spec.covers)}  # {_TOP['covers']}"] if spec.covers else []),
        f"contrast: {_flow(labels.data.get('contrast', {'text': spec.contrast.text, 'shapes': spec.contrast.shapes}))}"
        f"  # {_TOP['contrast']}",
        f"text:  # {_TOP['text']}",
    ]
    for english, where in seen.items():
        missing = (
            " (not in the label set yet: still English)"
            if spec.complete and english not in spec.text
            else ""
        )
        out += [
            f"  # {_where(pinpoint(where, english))}{missing}",
            f"  {_flow(english)}: {_flow(spec.text.get(english, english))}",
        ]
    if spec.ordinal is not None:
        out.append(f"ordinal: {_flow(spec.ordinal)}  # {_TOP['ordinal']}")
    out.append(f"style:  # {_TOP['style']}")
    data = deep_merge(style.data, spec.style)
    for key, value in data.items():
        if isinstance(value, dict):
            out.append(f"  {key}:  # {_comment(style, (key,), key)}")
            out += [
                f"    {k}: {_flow(v)}  # {_comment(style, (key, k), _kind(k, v))}"
                for k, v in value.items()
            ]
        else:
            out.append(f"  {key}: {_flow(value)}  # {_comment(style, (key,), _kind(key, value))}")
    out += [f"cards:  # {_TOP['cards']}", "  elements:"]
    out += [
        f"    {element}: {_flow(values)}  # card element {element!r}"
        for element, values in elements.items()
    ]
    out.append(f"games:  # {_TOP['games']}")
    for game_id, parts in games.items():
        out.append(f"  {game_id}:")
        for part, entries in parts.items():
            out.append(f"    {part}:")
            out += [f"      {key}: {_flow(fields)}" for key, fields in entries.items()]
    return "\n".join(out) + "\n"


def write_starter(name: str, start: str, folder: Path, sources: Sources) -> Path:
    """Plan every kit with `start` to find its words, then write `folder/name.yaml`."""
    if not _NAME.match(name):  # the name becomes a file name in `folder`, and nowhere else
        raise UserError(
            None, f"label set name {name!r} may only use a-z, 0-9 and - (it names {name}.yaml)"
        )
    path = folder / f"{name}.yaml"
    if path.exists():
        raise UserError(Source(path), "already exists; choose another name or move it away")
    project = load_project(sources, (), [start])
    variant = project.variants[0]
    variant.ctx.words.complete = False  # list what is missing instead of stopping at it
    plan_every_setting(project)
    patchable = set(ElementPatch.model_fields) - {"box"}
    elements: dict[str, dict[str, Any]] = {}
    for doc in variant.library.template_sources.values():
        for layout in patch_template(doc.data, variant.labels).get("layouts", {}).values():
            for element in layout.get("elements", []):
                if element.get("name") and element["name"] not in elements:
                    elements[element["name"]] = {k: v for k, v in element.items() if k in patchable}
    games = {
        game_id: {
            "cards": {card.id: dict(card.fields) for card in loaded.deck.cards},
            "backs": {back_id: dict(back.fields) for back_id, back in loaded.deck.backs.items()},
        }
        for game_id, loaded in variant.games.items()
    }
    text = starter_text(
        name,
        variant.labels,
        sources.labels,
        variant.ctx.words.seen,
        variant.library.style_source,
        elements,
        games,
    )
    folder.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path
