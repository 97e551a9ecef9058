"""A label set's files: the one named (by shipped name or path) and every file it `extends`.

A name in `extends` is looked for beside the file naming it, then among the shipped sets, so
a user's `fr.yaml` that extends `fr` names itself: said as that, at the name, with the way
out (rename the file), not as a cycle. A real cycle names its files in order.
"""

from pathlib import Path
from typing import Any

from shapes_print.errors import Source, UserError
from shapes_print.inputs import note_missing, resolved
from shapes_print.load.listing import shipped
from shapes_print.load.pofile import with_catalogue
from shapes_print.load.yamlsrc import Document, deep_merge, read_yaml


def _is_path(ref: str) -> bool:
    return ref.endswith((".yaml", ".yml")) or "/" in ref


def locate_labels(ref: str, folder: Path, beside: Path | None, where: Source | None = None) -> Path:
    """A label set by shipped name, or by path: as typed on the command line (`beside`
    None), else relative to `beside`, the folder of the file naming it, and inside it."""
    if _is_path(ref):
        if beside is None:
            return resolved(Path(ref), Source(Path(ref)), "--labels")
        if Path(ref).is_absolute() or "\0" in ref:
            raise UserError(
                where,
                f"extends: {ref!r}: name a label set, or a file beside this one by a relative path",
            )
        found = resolved(beside / ref, where, f"extends: {ref!r}")
        if not found.is_relative_to(beside.resolve()):
            raise UserError(
                where, f"extends: {ref!r} points outside the label set's folder {beside}"
            )
        return found
    for base in (beside, folder):
        if base is not None and (base / f"{ref}.yaml").is_file():
            return (base / f"{ref}.yaml").resolve()
        if base is not None:  # a set written there later is the one found
            note_missing(resolved(base / f"{ref}.yaml", where, f"label set {ref!r}"))
    known = ", ".join(shipped(folder)) or "none"
    raise UserError(
        where, f"unknown label set {ref!r} (shipped: {known}; or give a path to a .yaml file)"
    )


def _refuse_cycle(
    ref: str, located: Path, chain: tuple[Path, ...], folder: Path, where: Source
) -> None:
    """Refuse an `extends` (`ref`, found at `located`) naming a file of `chain`, the files
    from the one asked for to the one naming it: itself, or one that extends it."""
    if located == chain[-1]:
        shipped_too = (
            not _is_path(ref) and ref in shipped(folder) and located.parent != folder.resolve()
        )
        why = (
            f" (a name is looked for beside the file first); to extend the shipped {ref}, "
            "rename this file"
            if shipped_too
            else ""
        )
        raise UserError(where, f"extends: {ref!r} names this file itself{why}")
    if located in chain:
        files = " -> ".join(path.name for path in (*chain[chain.index(located) :], located))
        raise UserError(where, f"label set 'extends' cycle: {files}")


def extended_files(
    path: Path, folder: Path, within: tuple[Path, ...], new_catalogue: bool = False
) -> tuple[list[Document], dict[str, Any]]:
    """A label set's file and every file it extends, the one that wins a key first, and their
    data merged. `extends` names one set or a list (a later one over an earlier: `[braille,
    es]` is the braille set in Spanish); this file is over them all. `within`: the files
    that extend this one, from the one asked for."""
    # Its locale is known at the end of the chain; its catalogue's words are its own.
    doc = with_catalogue(read_yaml(path, locale=None), new_catalogue)
    if not isinstance(doc.data, dict):
        raise UserError(doc.source(), "a label set is a mapping of keys such as text: and style:")
    parents = doc.data.get("extends")
    if parents is None:
        return [doc], doc.data
    names = [parents] if isinstance(parents, str) else parents
    if not isinstance(names, list) or not names or not all(isinstance(n, str) for n in names):
        raise UserError(
            doc.source(("extends",)), "extends: must be the name of a label set, or a list of them"
        )
    docs: list[Document] = []
    data: dict[str, Any] = {}
    for index, name in enumerate(names):
        where = doc.value_source(("extends", index) if names is parents else ("extends",), name)
        located = locate_labels(name, folder, path.parent, where)
        _refuse_cycle(name, located, (*within, path), folder, where)
        above, merged = extended_files(located, folder, (*within, path), new_catalogue)
        docs = above + docs
        data = deep_merge(data, merged)
    return [doc, *docs], deep_merge(data, doc.data)
