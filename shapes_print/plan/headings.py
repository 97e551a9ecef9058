"""Plan stage, a part's own headings as bookmarks under its entry in a file's outline.

Input: a planned sheet document's pages (its headings are groups whose role is H1 or H2,
as plan/blocks.py draws them) and where the part starts in the file. Output: a bookmark
per heading, one level under the part for a heading, two for a subheading, each at the
page it is printed on. A heading printed again (a player aid's copies) is bookmarked where
it first stands: the outline names each section once.
"""

from __future__ import annotations

from collections.abc import Sequence

from shapes_print.geometry.primitives import Bookmark, Group, Item, Page, Text

LEVELS = {"H1": 1, "H2": 2}  # a part is level 0


def _words(items: Sequence[Item]) -> str:
    """A heading's words, its lines joined where its wrap broke them at a space."""
    said = ""
    for item in items:
        if isinstance(item, Text):
            said += item.text + (" " if item.space_after else "")
        elif isinstance(item, Group):
            said += _words(item.items)
    return said.strip()


def _found(items: Sequence[Item], found: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """Each heading among `items` in drawing order, its words and its level, added to
    `found` (a list, not a generator: a page's groups nest deep, and most hold none)."""
    for item in items:  # an artifact (furniture) holds no heading
        if isinstance(item, Group):
            if item.role in LEVELS and not item.continues:
                found.append((_words(item.items), LEVELS[item.role]))
            else:
                _found(item.items, found)
    return found


def heading_marks(pages: Sequence[Page], first: int) -> list[Bookmark]:
    """The headings of a part starting at page `first`, as bookmarks under the part's; a
    subheading before any heading goes one level under the part. A group a page before
    held (a player aid's next copy) is not read again: its headings are marked already."""
    marks, seen, level_one = [], set(), False
    # The items read so far, by id (held, so no id is another's): a copy's pages hold the
    # same groups.
    walked: dict[int, Item] = {}
    for at, page in enumerate(pages):
        fresh = [item for item in page.items if id(item) not in walked]
        walked.update((id(item), item) for item in fresh)
        for title, level in _found(fresh, []):
            level_one = level_one or level == 1
            if not title or (title, level) in seen:
                continue
            seen.add((title, level))
            marks.append(Bookmark(title, first + at, level if level_one else 1))
    return marks
