"""Plan stage, sheets: the game's title as a running foot that has no room for it says it.

Input: the game's title, whether a foot saying a given title fits its room (asked of the
widest foot of its document, the page with the most digits, so every page of a kind in a
file cuts the title alike: a card sheet's foot may wrap in its margin, a sheet's may not),
and the foot's font. Output: the title whole where its foot fits, else cut
at a word's end (at a character's where one word is too long, as a title in unspaced
script is) with an ellipsis. The whole title is the file's own (a reader's window, the
catalogue); a foot only tells which game a loose page is of, and a long title (large
print sets it at 18 pt on a line of its own) left a label set unbuilt. Where no cut fits,
the title is whole, and the foot's placing names what has no room. A foot that has no
room for the file's name either (a cards file's, game.yaml's `cards_title`) cuts it too:
the title keeps what it can, the name the rest.
"""

from __future__ import annotations

from collections.abc import Callable

from shapes_print.load.printmodels import Furniture
from shapes_print.plan.furniture import foot_size_for
from shapes_print.text.fonts import Font

ELLIPSIS, ELLIPSIS_PLAIN = "\u2026", "..."
_TRAILING = " ,;:-\u00b7\u2013\u2014"  # left before the ellipsis, they read as a sentence cut


def fitted_title(title: str, fits: Callable[[str], bool], font: Font) -> str:
    """The title, or its longest cut whose foot `fits`."""
    if fits(title):
        return title
    mark = ELLIPSIS if ord(ELLIPSIS) in font.covered else ELLIPSIS_PLAIN

    def cut(length: int) -> str:
        return title[:length].rstrip(_TRAILING) + mark

    ends = (at for at in range(len(title) - 1, 0, -1) if title[at] == " ")
    at_a_word = next((cut(end) for end in ends if fits(cut(end))), None)
    if at_a_word is not None:
        return at_a_word
    longest = _longest(lambda length: fits(cut(length)), len(title) - 1)
    return cut(longest) if longest else title


def fitted_names(
    names: tuple[str, str], fits: Callable[[str, str], bool], font: Font
) -> tuple[str, str]:
    """The game's title and the file's name a foot says: the title cut (`fitted_title`)
    with the name whole where that `fits`, else the title as long as the name's shortest
    cut leaves room for, the name then as long as the rest of the foot leaves room for."""
    game, document = names
    title = fitted_title(game, lambda shown: fits(shown, document), font)
    if fits(title, document):
        return title, document
    least = _shortest(document, font)
    title = fitted_title(game, lambda shown: fits(shown, least), font)
    return title, fitted_title(document, lambda shown: fits(title, shown), font)


def sheet_names(
    widest: Callable[[str, str], str], names: tuple[str, str], sheet: tuple[Font, Furniture, float]
) -> tuple[str, str]:
    """The title and name a sheet page's one-line foot says: `fitted_names` where the
    document's widest foot (`widest`, said with them) fits its `width` at a size a foot
    takes."""
    font, f, width = sheet

    def fits(title: str, document: str) -> bool:
        return foot_size_for(widest(title, document), font, f, width) is not None

    return fitted_names(names, fits, font)


def _shortest(title: str, font: Font) -> str:
    """The shortest cut `fitted_title` makes of a title: its first word, or its first
    character where it is one word."""
    mark = ELLIPSIS if ord(ELLIPSIS) in font.covered else ELLIPSIS_PLAIN
    end = title.find(" ", 1)
    kept = title[:end].rstrip(_TRAILING) if end > 0 else ""
    return (kept or title[:1]) + mark if len(title) > 1 else title


def _longest(fits: Callable[[int], bool], most: int) -> int:
    """The greatest length from 1 to `most` that fits (a longer one never fits where a
    shorter does not), or 0 where none does."""
    low, high = 0, most
    while low < high:
        middle = (low + high + 1) // 2
        if fits(middle):
            low = middle
        else:
            high = middle - 1
    return low
