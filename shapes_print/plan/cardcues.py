"""What a card shows beyond its words, said first in its alternate text: its colour's name
and its shape's, so a listener hears what a sighted player plays it by ("orange circle, SUN
1", where the card prints "SUN 1" under an orange circle).

A colour is named by the card's `colour_word` (the word the colour-blind sets print) and a
shape by the card's `shape` field where a shape element draws it; each in the label set's
words where the set has them, in English only for an English set, so no name is made up.
A card whose words already say both (Shapes the Game's "RED, ARCH") is said as it prints.
"""

from __future__ import annotations

import re
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
    """The card's printed words, with the colour and shape its words do not say named first
    ("circle, ORANGE OWL"). A printed word that is a name and nothing more joins them, so
    the name is said once and reads as one ("orange circle, SUN 1" where the card prints
    "SUN 1" and "ORANGE")."""
    texts = [_tokens(word) for word in words]
    names = [
        name
        for name in (_colour_name(fields, texts, said), _shape_name(fields, elements, said))
        if name
    ]
    if all(_says(texts, _tokens(name)) for name in names):
        return list(words)
    alone = [_tokens(name) for name in names]
    unsaid = [name for name in names if not _says_within(texts, _tokens(name))]
    return [
        " ".join(unsaid),
        *(w for w, text in zip(words, texts, strict=True) if text not in alone),
    ]


def _colour_name(fields: Mapping[str, object], texts: list[list[str]], said: Words) -> str:
    """The colour's word in the set's words, lower case (it describes the shape after it)."""
    word = fields.get(COLOUR_WORD)
    if not isinstance(word, str) or not word.strip():
        return ""
    name = _in_words(word, said) or (word if _says(texts, _tokens(word)) else "")
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


def _tokens(text: str) -> list[str]:
    """A text's words as compared with a name's: letters and digits alone, in one case
    ("HALF-CIRCLE" says the shape half-circle)."""
    return [word for word in re.split(r"[\W_]+", composed(text).casefold()) if word]


def _says(texts: list[list[str]], name: list[str]) -> bool:
    """Whether a printed text says the name: is it, or holds its words in a row."""
    return any(_holds(text, name) for text in texts)


def _says_within(texts: list[list[str]], name: list[str]) -> bool:
    """Whether a printed text says the name among other words ("ORANGE OWL" of orange)."""
    return any(text != name and _holds(text, name) for text in texts)


def _holds(text: list[str], name: list[str]) -> bool:
    """Whether the name's words stand in the text's, in a row."""
    size = len(name)
    return size > 0 and any(text[i : i + size] == name for i in range(len(text) - size + 1))
