"""Card templates: the shipped ones (templates/cards/*.yaml) and a game's own (content/GAME/cards/).

Input: the template files of a folder, and a label set to patch their elements with. Output:
the checked `CardTemplate`s by id, and each one's Document with its `extends` ancestors
merged in (mappings key by key, anything else replaced), every value keeping its own file
and line.

A game's own templates sit beside its deck in `cards/`, as the shipped ones sit in
templates/cards/, and have the same form: an `id` the game's `card_template:` names, most
often `extends: poker` (a shipped template, or another of the game's own) and the layouts it
adds. They are seen by that game only. Neither a template nor a layout may take a name that
is already given: a game's template named like a shipped one, or a layout named like one of
the template it extends, is refused at its line. A silent replacement would draw this game's
cards otherwise than the file that reads as their layout says, and a label set's changes
written for the shipped layout would land on another one; a new name costs one word.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from shapes_print.errors import Source, UserError
from shapes_print.inputs import inside, listed
from shapes_print.load.cardmodels import CardTemplate
from shapes_print.load.layout import check_boxes
from shapes_print.load.patches import moved_by, named_layouts, patch_template
from shapes_print.load.validate import validate
from shapes_print.load.yamlsrc import Document, deep_merge, read_yaml

if TYPE_CHECKING:
    from shapes_print.load.labels import LoadedLabels
    from shapes_print.load.printmodels import PrintSettings

# A game's own card templates: `content/GAME/<OWN_FOLDER>/*.yaml`.
OWN_FOLDER = "cards"


def read_templates(folder: Path) -> dict[str, Document]:
    """The template files of a folder by id, as written (not yet merged or checked)."""
    docs: dict[str, Document] = {}
    for path in listed(folder, "*.yaml"):
        doc = read_yaml(inside(folder, path.name, Source(path), "card templates"))
        if not isinstance(doc.data, dict):
            raise UserError(doc.source(), "a card template is a mapping of keys such as id:")
        template_id = doc.data.get("id")
        if not isinstance(template_id, str):
            raise UserError(doc.source(("id",)), "id: is required and must be text")
        if template_id in docs:
            raise UserError(doc.source(("id",)), f"template id {template_id!r} is used twice")
        docs[template_id] = doc
    return docs


def resolve_extends(docs: dict[str, Document], name: str, chain: tuple[str, ...] = ()) -> Document:
    """The template with its ancestors merged in; each value keeps the file it came from."""
    doc = docs[name]
    parent = doc.data.get("extends")
    if parent is None:
        return doc
    if not isinstance(parent, str):
        raise UserError(
            doc.source(("extends",)),
            f"extends: the id of the template this one extends, as text, not {parent!r}",
        )
    if parent in chain or parent == name:
        raise UserError(
            doc.source(("extends",)),
            f"template 'extends' cycle: {' -> '.join((*chain, name, parent))}",
        )
    if parent not in docs:
        raise UserError(
            doc.source(("extends",)),
            f"template {parent!r} not found (known: {', '.join(sorted(docs))})",
        )
    base = resolve_extends(docs, parent, (*chain, name))
    unquoted = {loc: text for loc, text in base.unquoted.items() if loc not in doc.marks}
    return Document(
        doc.path,
        deep_merge(base.data, doc.data),
        {**base.marks, **doc.marks},
        {**unquoted, **doc.unquoted},
    )


def build_templates(
    docs: dict[str, Document],
    names: list[str],
    labels: LoadedLabels | None,
    shipped: Collection[Path] | None = None,
) -> tuple[dict[str, CardTemplate], dict[str, Document]]:
    """The templates `names` (of `docs`, which holds any they extend), merged, patched by
    the label set and checked, with their merged Documents. Elements are changed by name
    in the layouts the `shipped` files write (None: in every layout)."""
    templates, merged = {}, {}
    for name in names:
        merged[name] = resolve_extends(docs, name)
        named = None if shipped is None else named_layouts(merged[name], shipped)
        data = patch_template(merged[name].data, labels, named=named)
        templates[name] = validate(CardTemplate, merged[name], {**data, "id": name}, ())
    return templates, merged


def check_own_names(own: dict[str, Document], shipped: dict[str, Document]) -> None:
    """A game's template takes an id no shipped template has, and each layout it writes a
    name the template it extends does not already give."""
    for name, doc in own.items():
        if name in shipped:
            raise UserError(
                doc.source(("id",)),
                f"card template id {name!r} is a shipped template's "
                f"({_short(shipped[name].source())}): a game's own "
                "template takes a new id",
                f"to build on it, write `extends: {name}` under a new id",
            )
    docs = {**shipped, **own}
    for doc in own.values():
        parent = doc.data.get("extends")
        if not isinstance(parent, str) or parent not in docs:
            continue  # no parent, or one reported as not found when it is merged
        base = resolve_extends(docs, parent)
        layouts = doc.data.get("layouts")
        for layout in layouts if isinstance(layouts, dict) else {}:
            if layout in base.data.get("layouts", {}):
                written = base.source(("layouts", layout))
                raise UserError(
                    doc.source(("layouts", layout)),
                    f"layout {layout!r} is already {parent!r}'s ({_short(written)}): "
                    "a game's template adds layouts, it does not replace them",
                    "give yours a new name, and name that in the cards' `layout:`",
                )


def own_templates(
    files: dict[str, Document],
    shipped: dict[str, Document],
    labels: LoadedLabels | None,
    card_sizes: dict[str, tuple[float, float]],
    printing: PrintSettings,
) -> tuple[dict[str, CardTemplate], dict[str, Document], dict[tuple[str, str], CardTemplate]]:
    """A game's own templates under one label set, checked as the shipped ones are, and
    with the set's changes for each card size it names. The label set changes their
    elements by role, and by name only in the layouts they take from a shipped template
    (a game's own `title` may be anything)."""
    if not files:
        return {}, {}, {}
    check_own_names(files, shipped)
    paths = shipped_paths(shipped)
    templates, merged = build_templates({**shipped, **files}, list(files), labels, paths)
    for name, template in templates.items():
        where = element_place(merged[name], labels, template, paths)
        check_boxes(template, printing.bleed, where)
    sized = sized_templates(merged, labels, card_sizes, printing, paths) if labels else {}
    return templates, merged, sized


def shipped_paths(shipped: dict[str, Document]) -> frozenset[Path]:
    """The files the shipped templates are read from: their layouts' elements are the ones
    a label set changes by name."""
    return frozenset(doc.path for doc in shipped.values())


def element_names(templates: Iterable[CardTemplate]) -> set[str]:
    """The names the templates' layout elements are given, for a label set to change them by."""
    return {
        element.name
        for template in templates
        for layout in template.layouts.values()
        for element in layout.elements
        if element.name
    }


def sized_templates(
    merged: dict[str, Document],
    labels: LoadedLabels,
    card_sizes: dict[str, tuple[float, float]],
    printing: PrintSettings,
    shipped: Collection[Path] | None = None,
) -> dict[tuple[str, str], CardTemplate]:
    """Each template with the label set's changes for each card size it names, at that size
    (by name in the layouts the `shipped` files write; None: in every layout)."""
    sized = {}
    for size in labels.spec.cards.sizes:
        if size not in card_sizes:
            raise UserError(
                labels.source.source(("cards", "sizes", size)),
                f"no card size is named {size!r} (named: {', '.join(card_sizes)})",
            )
        width, height = card_sizes[size]
        for name, doc in merged.items():
            named = None if shipped is None else named_layouts(doc, shipped)
            data = {**patch_template(doc.data, labels, size, named), "id": name}
            template = validate(CardTemplate, doc, data, ())
            template = template.model_copy(update={"card": {"width": width, "height": height}})
            where = element_place(doc, labels, template, shipped, size)
            check_boxes(template, printing.bleed, where)
            sized[(name, size)] = template
    return sized


def element_place(
    doc: Document,
    labels: LoadedLabels | None = None,
    template: CardTemplate | None = None,
    shipped: Collection[Path] | None = None,
    size: str | None = None,
) -> Callable[[str, int], tuple[Source, str]]:
    """Where a template's element gets its place, by layout and index, for check_boxes:
    the label set's change that moved it (and its key), else its box in the template."""
    named = None if shipped is None else named_layouts(doc, shipped)

    def where(layout: str, index: int) -> tuple[Source, str]:
        if labels is not None and template is not None:
            element = template.layouts[layout].elements[index]
            move = moved_by(labels, element, size, named is None or layout in named)
            if move is not None:
                return move.source, f" (label set {labels.name!r}, {move.key})"
        return doc.source(("layouts", layout, "elements", index, "box")), ""

    return where


def _short(where: Source) -> str:
    """A template file's place by its last folders (templates/cards/poker.yaml:15)."""
    return f"{'/'.join(where.path.parts[-3:])}:{where.line}"
