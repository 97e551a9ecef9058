"""A label set's changes to card layouts: by role in every layout, by name in the shipped ones.

A role (`cards.roles.title`) says what an element is, so it reaches a game's own layouts
as well as the shipped ones: large print sets every title at 24 pt. A name
(`cards.elements.title`) was written for the element of that name in a shipped template
(templates/cards/), with a box measured for that layout; a game's own layout may use the
same name for something else, so a name never reaches it. For one element, its role's
change is under its name's, which is under its name's change for the card size.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path
from typing import Any

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
    (by role, then by name, then by name for cards of `size`); changes by name reach only
    the layouts `named` (None: every layout, as in a shipped template)."""
    if labels is None:
        return data
    patch = labels.data.get("cards", {})
    data = deep_merge(data, {"trim_line": patch["trim_line"]}) if "trim_line" in patch else data
    roles = patch.get("roles", {})
    by_name = patch.get("elements", {})
    if size is not None:
        by_name = deep_merge(by_name, patch.get("sizes", {}).get(size, {}).get("elements", {}))
    layouts = {}
    for layout_id, layout in data.get("layouts", {}).items():
        names = by_name if named is None or layout_id in named else {}
        elements = [
            _patched(element, roles, names) if isinstance(element, dict) else element
            for element in layout.get("elements", [])
        ]
        layouts[layout_id] = {**layout, "elements": elements}
    return {**data, "layouts": layouts}


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


@dataclass(frozen=True, slots=True)
class Move:
    """A label set's change that placed an element: its key as written, and its line."""

    key: str
    source: Source


def moved_by(
    labels: LoadedLabels | None, element: Element, size: str | None, by_name: bool
) -> Move | None:
    """The label set's change that gives the element its place (box or turned copy), the
    one that wins: by name for the card size, by name, by role; None if none does."""
    if labels is None:
        return None
    cards = labels.spec.cards
    keys: list[Loc] = []
    if by_name and element.name:
        if size in cards.sizes and element.name in cards.sizes[size].elements:
            keys.append(("cards", "sizes", size, "elements", element.name))
        if element.name in cards.elements:
            keys.append(("cards", "elements", element.name))
    if element.what in cards.roles:
        keys.append(("cards", "roles", element.what))
    for loc in keys:
        written = labels.data
        for part in loc:
            written = written.get(part, {})
        for key in PLACING_KEYS:
            if key in written:
                place = (*loc, key)
                return Move(".".join(map(str, place)), labels.source.source(place))
    return None
