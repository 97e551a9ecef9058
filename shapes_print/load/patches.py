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

from shapes_print.errors import Source, UserError
from shapes_print.load.cardmodels import ROLE_OF_KIND, SIZES_IN_ORDER, Element
from shapes_print.load.labels import LoadedLabels
from shapes_print.load.yamlsrc import Document, Loc, deep_merge
from shapes_print.units import LengthError, parse_length

# The keys that move an element on its card (a box, or a turned copy), for saying which of
# a label set's changes made two elements meet.
PLACING_KEYS = ("box", "mirror")
# The keys that size an element's text: it shrinks from `size` to fit, down to `min_size`.
SIZE_KEYS = ("min_size", "size")


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
    written = data.get("layouts", {})
    for layout_id, layout in written.items() if isinstance(written, dict) else ():
        if not isinstance(layout, dict) or not isinstance(layout.get("elements", []), list):
            layouts[layout_id] = layout  # no layout: refused at its line once it is checked
            continue
        shipped_layout = named is None or layout_id in named
        names = every_name if shipped_layout else own_names
        elements = [
            _patched(element, roles, names) if isinstance(element, dict) else element
            for element in layout.get("elements", [])
        ]
        for element in elements:
            if isinstance(element, dict):
                _check_sizes(element, labels, size, shipped_layout)
        layouts[layout_id] = {**layout, "elements": elements}
    return {**data, "layouts": layouts} if isinstance(written, dict) else data


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
    role = _role(element)
    if role in roles:
        element = deep_merge(element, roles[role])
    name = element.get("name")
    if isinstance(name, str) and name in names:
        element = deep_merge(element, names[name])
    return element


def _role(element: dict[str, Any]) -> str | None:
    """An element's role as written, else its kind's; None where what is written is no
    text (the template's check refuses it at its line)."""
    role, kind = element.get("role"), element.get("kind")
    if role:
        return role if isinstance(role, str) else None
    return ROLE_OF_KIND.get(kind) if isinstance(kind, str) else None


def _check_sizes(
    element: dict[str, Any], labels: LoadedLabels, size: str | None, shipped_layout: bool
) -> None:
    """A label set's change that leaves an element's `min_size` above its `size` is refused
    at the change's own line: the layout it reached was right before it."""
    try:
        least, most = (parse_length(element[key]) for key in SIZE_KEYS)
    except (KeyError, TypeError, LengthError):
        return  # a size missing, or one the model refuses at its place
    if least <= most:
        return
    name = element.get("name")
    name = name if isinstance(name, str) else None
    role = _role(element)
    change = _change(labels, name, role, size, shipped_layout, SIZE_KEYS)
    if change is not None:
        raise UserError(
            change.source,
            f"min_size {least:g} pt is larger than size {most:g} pt for element "
            f"{name or role!r} (label set {labels.name!r}, {change.key}): {SIZES_IN_ORDER}",
        )


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
    return _change(labels, element.name, element.what, size, shipped_layout, PLACING_KEYS)


def _change(
    labels: LoadedLabels,
    name: str | None,
    role: str | None,
    size: str | None,
    shipped_layout: bool,
    keys: tuple[str, ...],
) -> Move | None:
    """The label set's change to one of `keys` of the element with this name and role that
    wins: by name for the card size, by name, by role; None if none writes one."""
    places: list[Loc] = []
    if name:
        places += [("cards", "sizes", size, "elements", name)] if size else []
        places.append(("cards", "elements", name))
    role_key: Loc = ("cards", "roles", role or "")
    all_files = [doc for doc, _ in labels.source.layers]
    own_files = labels.own_layers()
    for loc in [*places, role_key]:
        docs = all_files if shipped_layout or loc == role_key else own_files
        for key in keys:
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
