"""The document outline (bookmarks): an entry per part of a file that holds several, and
under each part its own headings.

Input: the document's bookmarks (title, first page index, level) and the object numbers of
its pages. Output: the outline dictionary and its items, written to the file; the catalog
points to it (`/Outlines`) and opens with it shown (`/PageMode /UseOutlines`). Each item
goes to its page; siblings are chained by /Prev and /Next, a parent names its /First and
/Last child. The top level shows; an item with children opens closed (its /Count is minus
its children's number), so the outline reads as the file's parts, each unfolding.
"""

from __future__ import annotations

from collections.abc import Sequence

from msgspec import Struct, field

from shapes_print.geometry.primitives import Bookmark
from shapes_print.render.pdf.objects import PdfFile, dictionary, reference, text_string


class _Node(Struct):
    """An outline item as written: its object number, bookmark and children."""

    number: int
    mark: Bookmark | None
    children: list[_Node] = field(default_factory=list)


def _tree(file: PdfFile, bookmarks: Sequence[Bookmark]) -> _Node:
    """The bookmarks as a tree: each under the nearest one before it of a lower level."""
    root = _Node(file.reserve(), None)
    path = [root]  # the open branch: root, then one node per level above the next
    for mark in bookmarks:
        node = _Node(file.reserve(), mark)
        del path[min(mark.level, len(path) - 1) + 1 :]
        path[-1].children.append(node)
        path.append(node)
    return root


def _write(file: PdfFile, node: _Node, parent: int, pages: Sequence[int]) -> None:
    """Write `node`'s children (chained), each with its own children under it."""
    kids = node.children
    for index, kid in enumerate(kids):
        assert kid.mark is not None
        entries: dict[str, str | int] = {
            "Title": text_string(kid.mark.title),
            "Parent": reference(parent),
            "Dest": f"[{reference(pages[kid.mark.page])} /Fit]",
        }
        if index > 0:
            entries["Prev"] = reference(kids[index - 1].number)
        if index + 1 < len(kids):
            entries["Next"] = reference(kids[index + 1].number)
        if kid.children:
            entries["First"] = reference(kid.children[0].number)
            entries["Last"] = reference(kid.children[-1].number)
            entries["Count"] = -len(kid.children)  # closed
        file.write(kid.number, dictionary(entries))
        _write(file, kid, kid.number, pages)


def write_outline(file: PdfFile, bookmarks: Sequence[Bookmark], pages: Sequence[int]) -> int:
    """Write the outline of `bookmarks` (at least one) and return its object number."""
    root = _tree(file, bookmarks)
    _write(file, root, root.number, pages)
    file.write(
        root.number,
        dictionary({
            "Type": "/Outlines",
            "First": reference(root.children[0].number),
            "Last": reference(root.children[-1].number),
            "Count": len(root.children),
        }),
    )  # fmt: skip
    return root.number
