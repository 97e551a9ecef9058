"""A card's `name:` as a deck writes it: one word for every count ("Wild", "suns"), or its
two English forms (`{one: owl, other: owls}`), so a deck of one owl is counted "1 owl".

A count is joined to a name by one text (`count_text`), which a label set translates as
it translates any message: a name in two forms becomes an ICU plural, whose branches a
language gives its own categories.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Discriminator, Tag

from shapes_print.load.base import Strict


class NameForms(Strict):
    """A card's name as one card is called (`one`) and as several are (`other`)."""

    one: str
    other: str


CardName = str | NameForms

# A name's two ways of being written are told apart by the value, so a mistake in a name's
# forms ("other" left out) names the forms, not a class; errors leave the tags out of a
# value's place (load/validate.py), as they do a count's.
NAME_WORD, NAME_FORMS = "a name", "a name's two forms"
NAME_TAGS = (NAME_WORD, NAME_FORMS)
WrittenName = Annotated[
    Annotated[str, Tag(NAME_WORD)] | Annotated[NameForms, Tag(NAME_FORMS)],
    Discriminator(lambda value: NAME_FORMS if isinstance(value, dict | NameForms) else NAME_WORD),
]


def count_text(name: CardName) -> str:
    """The text that joins `{count}` to a name: "{count} suns", or for a name in two forms
    "{count, plural, one {# owl} other {# owls}}" (a `#` of the name quoted, not the count)."""
    if isinstance(name, str):
        return f"{{count}} {name}"
    one, other = (form.replace("#", "'#'") for form in (name.one, name.other))
    return f"{{count, plural, one {{# {one}}} other {{# {other}}}}}"


def many(name: CardName) -> str:
    """The name as a list of the deck's cards, a table's row or a count's column, calls
    them: a name in one word as it is, else its `other` form."""
    return name if isinstance(name, str) else name.other


def single(name: CardName) -> str:
    """The name of one card drawn or held on its own (the cover's picture, a Tabletop
    Simulator card): a name in one word as it is, else its `one` form."""
    return name if isinstance(name, str) else name.one
