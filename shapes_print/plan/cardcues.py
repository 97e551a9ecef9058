"""What a card shows beyond its words, said first in its alternate text: its colour's name
and its shape's, so a listener hears what a sighted player plays it by ("orange circle, SUN
1", where the card prints "SUN 1" under an orange circle).

A colour is named by the card's `colour_word` (the word the colour-blind sets print) and a
shape by the card's `shape` field where a shape element draws it; each in the label set's
words where the set has them, in English only for an English set, so no name is made up.
A card whose words already say both (Shapes the Game's "RED, ARCH") is said as it prints.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from shapes_print.kit.colourcues import COLOUR_WORD
from shapes_print.load.cardmodels import Element
from shapes_print.text.message import ENGLISH
from shapes_print.text.words import Words, composed

# The field a card's drawn shape is named by (templates/cards/poker.yaml's `{shape}`).
SHAPE = "shape"


def cued_words(
    words: Sequence[str], fields: Mapping[str, object], elements: Sequence[Element], said: Words
) -> list[str]:
    """The card's printed words, with its colour and shape named first ("orange circle")
    when the words do not say them both; a printed word the names repeat is said once."""
    printed = {_key(word) for word in words}
    names = [
        name
        for name in (_colour_name(fields, printed, said), _shape_name(fields, elements, said))
        if name
    ]
    if all(_key(name) in printed for name in names):
        return list(words)
    named = {_key(name) for name in names}
    return [" ".join(names), *(word for word in words if _key(word) not in named)]


def _colour_name(fields: Mapping[str, object], printed: set[str], said: Words) -> str:
    """The colour's word in the set's words, lower case (it describes the shape after it)."""
    word = fields.get(COLOUR_WORD)
    if not isinstance(word, str) or not word.strip():
        return ""
    name = _in_words(word, said) or (word if _key(word) in printed else "")
    return name.lower()


def _shape_name(fields: Mapping[str, object], elements: Sequence[Element], said: Words) -> str:
    """The shape's name, where an element the card shows draws the shape its field names."""
    shape = fields.get(SHAPE)
    drawn = any(
        element.kind == "shape" and element.shape == f"{{{SHAPE}}}" and element.shown_on(fields)
        for element in elements
    )
    return _in_words(shape, said).replace("-", " ") if drawn and isinstance(shape, str) else ""


def _in_words(name: str, said: Words) -> str:
    """A name in the set's words: its translation, or the name itself in an English set;
    nothing where a set in another language has no words for it."""
    found = said.text.get(composed(name))
    return found if found is not None else (name if said.locale == ENGLISH else "")


def _key(word: str) -> str:
    """A word as compared with another: its letters and digits alone, in one case
    ("HALF CIRCLE" is the shape half-circle)."""
    return "".join(ch for ch in composed(word).casefold() if ch.isalnum())
