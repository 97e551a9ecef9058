"""Changes to card layout elements by name: a label set's, and a game's own for that set.

A label set's `cards: elements:` and `cards: sizes:` change card layout elements by `name`
(load/patches.py says which layouts each file's names reach). A game's own file for a set,
`content/<game>/labels/<name>.yaml`, may write the same two mappings at its top level
(`elements:`, `sizes:`; its `cards:` there are card fields by card id): for that game
only, they join the set as its file that wins first, a file of the user's own, so they
reach every layout of the game's own templates, those they take from a shipped one too.
A game whose word does not fit large print's 24 pt gives that word a box and sizes of its
own, and the set takes the game.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from msgspec.structs import replace

from shapes_print.errors import UserError, closest
from shapes_print.load.labels import CardsPatch, Layered, LoadedLabels, OwnLabels
from shapes_print.load.validate import validate
from shapes_print.load.yamlsrc import Document, Loc, deep_merge

# The keys of a game's own file that are a label set's `cards:` keys of the same name.
LAYOUT_KEYS = ("elements", "sizes")


def with_own_layouts(labels: LoadedLabels, own: list[OwnLabels]) -> LoadedLabels:
    """The label set as the game sees it: its own files' element changes (`own`, the one
    that wins first) over the set's, each at its own file's lines; the set itself where
    they change none."""
    files = [_as_set_file(file.source) for file in own if _changes_layouts(file)]
    if not files:
        return labels
    source = Layered(tuple((doc, ()) for doc in files) + labels.source.layers)
    data = labels.data
    for doc in reversed(files):
        data = deep_merge(data, doc.data)
    cards = validate(CardsPatch, source, data["cards"], ("cards",))
    return replace(
        labels,
        spec=labels.spec.model_copy(update={"cards": cards}),
        data=data,
        source=source,
    )


def _changes_layouts(own: OwnLabels) -> bool:
    return bool(own.spec.elements or own.spec.sizes)


def _as_set_file(doc: Document) -> Document:
    """A game's own file as a label set file holding only its element changes, under
    `cards:` where a set writes them; every value keeps its own file's line."""

    def under_cards(places: dict[Loc, Any]) -> dict[Loc, Any]:
        return {("cards", *loc): at for loc, at in places.items() if loc[:1] in _TOP}

    cards = {key: doc.data[key] for key in LAYOUT_KEYS if key in doc.data}
    return Document(doc.path, {"cards": cards}, under_cards(doc.marks), under_cards(doc.unquoted))


_TOP = {(key,) for key in LAYOUT_KEYS}


def _named(cards: CardsPatch, prefix: Loc) -> list[tuple[Loc, str]]:
    """Every element name the changes write, each at its place under `prefix`."""
    return [((*prefix, "elements", name), name) for name in cards.elements] + [
        ((*prefix, "sizes", size, "elements", name), name)
        for size, patch in cards.sizes.items()
        for name in patch.elements
    ]


def check_element_names(labels: LoadedLabels, known: set[str]) -> None:
    """A misspelt element name would change nothing: name it and the known ones instead."""
    for loc, name in _named(labels.spec.cards, ("cards",)):
        if name not in known:
            raise UserError(
                labels.source.source(loc),
                f"no card layout element is named {name!r} (named: {', '.join(sorted(known))})",
            )


def check_own_element_names(own: Iterable[OwnLabels], known: set[str], game: str) -> None:
    """A game's own file names elements of the game's own layouts: a name none of them
    gives would change nothing, so it is named, with the one it likely meant."""
    for file in own:
        changes = CardsPatch.model_construct(elements=file.spec.elements, sizes=file.spec.sizes)
        for loc, name in _named(changes, ()):
            if name in known:
                continue
            close = closest(name, known)
            meant = f"did you mean {close!r}?" if close else f"named: {', '.join(sorted(known))}"
            if not known:
                meant = "it has no card layouts of its own, in cards/*.yaml, to change"
            raise UserError(
                file.source.source(loc),
                f"{game}'s own card layouts have no element named {name!r} ({meant})",
            )


def check_own_layouts(own: Iterable[OwnLabels], known: set[str], game: str) -> None:
    """A layout a game's own file draws cards with is one of the game's templates'."""
    for file in own:
        for drawn, instead in file.spec.layouts.items():
            if instead in known:
                continue
            close = closest(instead, known)
            meant = f"did you mean {close!r}?" if close else f"layouts: {', '.join(sorted(known))}"
            raise UserError(
                file.source.source(("layouts", drawn)),
                f"{game}'s card templates have no layout {instead!r} for what {drawn!r} "
                f"draws ({meant})",
            )
