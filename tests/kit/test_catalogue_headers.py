"""Each shipped catalogue's header tells the next translator how its language takes the
texts every language's translator meets the same way: a card counted in a list is one text,
the count and the name together ("{count} Wild"), in the plural where the language has one."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from shapes_print.load.defaults import DEFAULT_LABELS

CATALOGUES = sorted(DEFAULT_LABELS.glob("*.po"))
# A counted kind of card (Collect 3's) and a counted card name in capitals (Shapes the Game's).
COUNTED = ('"{count} Wild" = ', '"{count} WILD" = ')


def header(path: Path) -> str:
    """The catalogue's header comment as one line of words."""
    with path.open("rb") as handle:
        comment = read_po(handle).header_comment
    return " ".join(line.lstrip("# ").strip() for line in comment.splitlines())


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda path: path.stem)
def test_a_catalogue_s_header_says_how_a_counted_card_is_translated(path: Path) -> None:
    for counted in COUNTED:
        assert counted in header(path), (path.name, counted)
