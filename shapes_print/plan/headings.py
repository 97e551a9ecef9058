"""Plan stage, a part's own headings as bookmarks under its entry in a file's outline.

Input: a planned sheet document's pages (its headings are groups whose role is H1 to H6,
as plan/blocks.py draws them), where the part starts in the file, and which of its pages
are used at the table during play (`LaidPage.at_table`). Output: a bookmark per heading,
each at the page it is printed on, under the nearest heading read before it of a higher
level (an H2 under the H1 above it, a player aid's parts under its title), or one level
under the part where none is open: never a level deeper than the entry it is under, as a
screen reader's list of bookmarks and its headings (PDF/UA) skip none. A page used at the table (a score sheet, the round's arrows) is an entry of its
own one level under the part, by its heading or, where it has none, by every caption it
shows (a page of rounds 1 to 3's arrows, "Round 1\u20133: pass this way"): it is found
as a part of the file, not as a section of the heading read before it. A heading
printed again (a player aid's copies) is bookmarked where it first stands: the outline
names each section once.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from shapes_print.geometry.primitives import Bookmark, Group, Item, Page, Text

LEVELS = {f"H{level}": level for level in range(1, 7)}
NUMBER = re.compile(r"(\d+)")  # split by it, a caption's numbers are at its odd places


def _words(items: Sequence[Item]) -> str:
    """A heading's words, its lines joined where its wrap broke them at a space."""
    said = ""
    for item in items:
        if isinstance(item, Text):
            said += item.text + (" " if item.space_after else "")
        elif isinstance(item, Group):
            said += _words(item.items)
    return said.strip()


def _found(
    items: Sequence[Item], found: list[tuple[str, int]], roles: Mapping[str, int] = LEVELS
) -> list[tuple[str, int]]:
    """Each heading among `items` (a group whose role is one of `roles`) in drawing order,
    its words and its level, added to `found` (a list, not a generator: a page's groups
    nest deep, and most hold none)."""
    for item in items:  # an artifact (furniture) holds no heading
        if isinstance(item, Group):
            if item.role is not None and item.role in roles and not item.continues:
                found.append((_words(item.items), roles[item.role]))
            else:
                _found(item.items, found, roles)
    return found


def _table_mark(items: Sequence[Item], headings: list[tuple[str, int]]) -> str:
    """What a page used at the table is called in the outline: its first heading (a score
    sheet's title), else its captions (the arrows'), as `_captions_mark` names them."""
    if headings:
        return headings[0][0]
    return _captions_mark([words for words, _ in _found(items, [], {"P": 0}) if words])


def _captions_mark(captions: Sequence[str]) -> str:
    """A page's captions as one entry that names all it shows: captions that differ in one
    number alone (a round's, "Round 1: pass this way" to "Round 3: ...") as the first with
    that number a range ("Round 1\u20133: pass this way"), else each caption once, in order.
    A page of several rounds' arrows is found by every round, not by its first."""
    distinct = list(dict.fromkeys(captions))
    if len(distinct) < 2:
        return distinct[0] if distinct else ""
    first, *rest = (NUMBER.split(caption) for caption in distinct)
    if all(len(part) == len(first) for part in rest):
        differ = {at for part in rest for at, piece in enumerate(part) if piece != first[at]}
        if len(differ) == 1 and (at := differ.pop()) % 2:  # a number: split keeps them odd
            ranged = f"{first[at]}\u2013{rest[-1][at]}"
            return "".join([*first[:at], ranged, *first[at + 1 :]])
    return "; ".join(distinct)


def heading_marks(
    pages: Sequence[Page], first: int, at_table: Sequence[int | None] = ()
) -> list[Bookmark]:
    """The headings of a part starting at page `first`, as bookmarks under the part's (level
    0), each under the nearest heading before it of a higher level; a subheading before any
    heading goes one level under the part. A page that opens a block used at the table
    (`at_table`, by page: the block, or None) is an entry one level under the part, and its
    own headings under that; the heading read after it starts again as the part's first. A
    group a page before held (a player aid's next copy) is not read again: its headings
    are marked already."""
    marks: list[Bookmark] = []
    seen: set[tuple[str, int]] = set()
    table = None
    open_levels: list[int] = []  # the levels of the headings the next one may go under
    # The items read so far, by id (held, so no id is another's): a copy's pages hold the
    # same groups.
    walked: dict[int, Item] = {}
    for at, page in enumerate(pages):
        fresh = [item for item in page.items if id(item) not in walked]
        walked.update((id(item), item) for item in fresh)
        found = _found(fresh, [])
        block = at_table[at] if at < len(at_table) else None
        if block is not None and block != table:
            title = _table_mark(fresh, found)  # its copies' titles are the same entry
            found = [(title, 0), *((words, 2) for words, _ in found if words != title)]
            open_levels = []
        elif block is None and table is not None:
            open_levels = []  # read after a table page: not a section of it
        table = block
        for title, level in found:
            if not title or (title, level) in seen:
                continue
            seen.add((title, level))
            while open_levels and open_levels[-1] >= level:
                open_levels.pop()
            open_levels.append(level)
            marks.append(Bookmark(title, first + at, len(open_levels)))
    return marks
