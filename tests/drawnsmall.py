"""Which cards a plan draws small (a table's examples, a Task card's, the host key's), found
by what they draw: each is a group, scaled and clipped to the card, holding what
plan/minis.py's `small_copy` makes of one face at that scale."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from shapes_print.geometry.primitives import Artifact, Group, Item, Symbol
from shapes_print.load.printmodels import Finest
from shapes_print.plan.minis import small_copy


def drawn_small(items: Iterable[Item], faces: Mapping[str, Symbol], finest: Finest) -> list[str]:
    """The names of the faces the items draw small, in the order they are drawn (a card
    drawn small inside one drawn small counts once, as the outer one). Cards too small for
    their words may draw alike: each is named as the first face in `faces` it draws as."""
    copies: dict[tuple[str, float], tuple[Item, ...]] = {}

    def face_of(group: Group) -> str | None:
        for name, face in faces.items():
            key = (name, group.scale)
            if key not in copies:
                copies[key] = small_copy(face, group.scale, faces, finest).items
            if copies[key] == group.items:
                return name
        return None

    return [name for group in small_groups(items) if (name := face_of(group)) is not None]


def small_groups(items: Iterable[Item]) -> list[Group]:
    """The groups drawing something small (scaled and clipped to its box), in order, those
    inside them left out."""
    found: list[Group] = []
    for item in items:
        if isinstance(item, Group) and item.clip and item.scale != 1.0:
            found.append(item)
        elif isinstance(item, Group | Artifact):
            found += small_groups(item.items)
    return found
