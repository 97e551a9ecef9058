"""A label set's changes to card layouts: by role in every layout, by name in the shipped ones.

A role (`cards.roles.title`) says what an element is, so it reaches a game's own layouts
as well as the shipped ones: large print sets every title at 24 pt. A name
(`cards.elements.title`) in a shipped label set was written for the element of that name
in a shipped template (templates/cards/), with a box measured for that layout; a game's
own layout may use the same name for something else, so such a name never reaches it. A
name written in a user's own label set file reaches every layout, the game's own too: it
was written for them. For one element, its role's change is under its name's, which is
under its name's change for the card size.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from pathlib import Path
from typing import Any

from msgspec import Struct

from shapes_print.errors import Source
from shapes_print.load.cardmodels import ROLE_OF_KIND, Element
from shapes_print.load.labels import LoadedLabels
from shapes_print.load.yamlsrc import Document, Loc, deep_merge

# The keys that move an element on its card (a box, or a turned copy), for saying which of
# a label set's changes made two elements meet.
PLACING_KEYS = ("box", "mirror")


def patch_template(
    data: dict[str, Any],
    labels: LoadedLabels | None,
    size: str | None = None,
    named: Collection[str] | None = None,
) -> dict[str, Any]:
    """A card template's data with the label set's trim-line and element changes applied
    (by role, then by name, then by name for cards of `size`). Every name reaches the
    layouts `named` (None: every layout, as in a shipped template); the others only the
    names a user's own file writes."""
    if labels is None:
        return data
    patch = labels.data.get("cards", {})
    data = deep_merge(data, {"trim_line": patch["trim_line"]}) if "trim_line" in patch else data
    roles = patch.get("roles", {})
    every_name = _names([labels.data], size)
    own_names = every_name if named is None else _names(_data(labels.own_layers()), size)
    layouts = {}
    for layout_id, layout in data.get("layouts", {}).items():
        names = every_name if named is None or layout_id in named else own_names
        elements = [
            _patched(element, roles, names) if isinstance(element, dict) else element
            for element in layout.get("elements", [])
        ]
        layouts[layout_id] = {**layout, "elements": elements}
    return {**data, "layouts": layouts}


def _data(docs: list[Document]) -> list[dict[str, Any]]:
    return [doc.data for doc in docs if isinstance(doc.data, dict)]


def _names(layers: list[dict[str, Any]], size: str | None) -> dict[str, Any]:
    """Changes by element name in these label set files (the one that wins first), with
    those for cards of `size` over them."""
    found: dict[str, Any] = {}
    for layer in reversed(layers):
        cards = layer.get("cards") or {}
        found = deep_merge(found, cards.get("elements") or {})
    if size is not None:
        for layer in reversed(layers):
            cards = layer.get("cards") or {}
            sized = ((cards.get("sizes") or {}).get(size) or {}).get("elements") or {}
            found = deep_merge(found, sized)
    return found


def _patched(
    element: dict[str, Any], roles: dict[str, Any], names: dict[str, Any]
) -> dict[str, Any]:
    role = element.get("role") or ROLE_OF_KIND.get(element.get("kind", ""))
    if role in roles:
        element = deep_merge(element, roles[role])
    if element.get("name") in names:
        element = deep_merge(element, names[element["name"]])
    return element


def named_layouts(merged: Document, shipped: Collection[Path]) -> set[str]:
    """The layouts of a merged template that a shipped template file writes (`shipped`:
    their paths), whose elements a label set changes by name too."""
    layouts = merged.data.get("layouts")
    return {
        layout
        for layout in (layouts if isinstance(layouts, dict) else {})
        if merged.source(("layouts", layout)).path in shipped
    }


class Move(Struct, frozen=True):
    """A label set's change that placed an element: its key as written, and its line."""

    key: str
    source: Source


def moved_by(
    labels: LoadedLabels | None, element: Element, size: str | None, shipped_layout: bool
) -> Move | None:
    """The label set's change that gives the element its place (box or turned copy), the
    one that wins: by name for the card size, by name, by role; None if none does. In a
    game's own layout (not `shipped_layout`), only a user's own file's names count."""
    if labels is None:
        return None
    keys: list[Loc] = []
    if element.name:
        keys += [("cards", "sizes", size, "elements", element.name)] if size else []
        keys.append(("cards", "elements", element.name))
    role_key: Loc = ("cards", "roles", element.what)
    all_files = [doc for doc, _ in labels.source.layers]
    own_files = labels.own_layers()
    for loc in [*keys, role_key]:
        docs = all_files if shipped_layout or loc == role_key else own_files
        for key in PLACING_KEYS:
            found = _written(docs, (*loc, key))
            if found is not None:
                return Move(".".join(map(str, (*loc, key))), found)
    return None


def _written(docs: Iterable[Document], loc: Loc) -> Source | None:
    """Where the first of these files to write `loc` writes it, if one does."""
    for doc in docs:
        if loc in doc.marks:
            return doc.marks[loc]
    return None
