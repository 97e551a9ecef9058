"""The document outline (bookmarks): one entry per part of a file that holds several.

Input: the document's bookmarks (title, first page index) and the object numbers of its
pages. Output: the outline dictionary and its items, written to the file; the catalog
points to it (`/Outlines`) and opens with it shown (`/PageMode /UseOutlines`). One level:
the items are the outline's children, chained by /Prev and /Next, each going to its page.
"""

from __future__ import annotations

from collections.abc import Sequence

from shapes_print.geometry.primitives import Bookmark
from shapes_print.render.pdf.objects import PdfFile, dictionary, reference, text_string


def write_outline(file: PdfFile, bookmarks: Sequence[Bookmark], pages: Sequence[int]) -> int:
    """Write the outline of `bookmarks` (at least one) and return its object number."""
    root = file.reserve()
    items = [file.reserve() for _ in bookmarks]
    for index, (item, mark) in enumerate(zip(items, bookmarks, strict=True)):
        entries: dict[str, str | int] = {
            "Title": text_string(mark.title),
            "Parent": reference(root),
            "Dest": f"[{reference(pages[mark.page])} /Fit]",
        }
        if index > 0:
            entries["Prev"] = reference(items[index - 1])
        if index + 1 < len(items):
            entries["Next"] = reference(items[index + 1])
        file.write(item, dictionary(entries))
    file.write(
        root,
        dictionary({
            "Type": "/Outlines",
            "First": reference(items[0]),
            "Last": reference(items[-1]),
            "Count": len(items),
        }),
    )  # fmt: skip
    return root
