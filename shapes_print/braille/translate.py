"""Text into Grade 1 braille: one braille word (a string of cells) per print word.

Words are kept apart so lines can be filled to a width (a card's zone, an embosser's 40
cells) without splitting a word but where the code allows: after its own hyphen, or,
for a word longer than a card's line, between its syllables (`divisible`). The
indicators follow the code (`codes.py`): capitals, capitalised words and passages,
numbers, and a number followed by a letter that would read as a digit.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from itertools import accumulate
from typing import TYPE_CHECKING

from shapes_print.braille.cells import BLANK
from shapes_print.braille.codes import A_TO_J, CODES, DIGITS, BrailleCode

if TYPE_CHECKING:
    from pyphen import Pyphen

DIVISION = "\u00ad"  # a soft hyphen: where a word too long for its line may be divided
PASSAGE_WORDS = 3  # UEB 8: three or more capitalised words make a capitals passage


class BrailleError(ValueError):
    """A text the code has no sign for, or one that cannot fit the room it is given."""


class NoSign(BrailleError):
    """A character the code has no sign for: no room or card size helps, only other words.
    `word` is the print that holds it (the word, or the sign alone), to find where it is
    written."""

    def __init__(self, message: str, word: str) -> None:
        super().__init__(message)
        self.word = word


class TooLong(BrailleError):
    """A word longer than its line with no place to divide it: `index` is its place among
    the text's words (one braille word each), to find where it is written."""

    def __init__(self, message: str, index: int) -> None:
        super().__init__(message)
        self.index = index


def code_for(locale: str) -> BrailleCode:
    """The braille code of a label set's language (en, es, es_MX: by its language part)."""
    language = locale.replace("-", "_").split("_", 1)[0].lower()
    if language not in CODES:
        known = ", ".join(CODES)
        raise BrailleError(f"no braille code for the language {locale!r} (known: {known})")
    return CODES[language]


def _capitalised(word: str) -> bool:
    """A word of two or more letters, every one a capital ("WILD", "BOARD,")."""
    letters = [c for c in word if c.isalpha()]
    return len(letters) >= 2 and all(c.isupper() for c in letters)


def translate(text: str, code: BrailleCode) -> list[str]:
    """The braille words of `text`, in order."""
    words = text.split()
    passage = [False] * len(words)
    if code.capital_passage:
        start = 0
        while start < len(words):
            end = start
            while end < len(words) and _capitalised(words[end]):
                end += 1
            if end - start >= PASSAGE_WORDS:
                passage[start:end] = [True] * (end - start)
            start = max(end, start + 1)
    braille = []
    for index, word in enumerate(words):
        inside = passage[index]
        cells = _word(word, code, capitals_off=inside)
        if inside and (index == 0 or not passage[index - 1]):
            cells = code.capital_passage + cells
        if inside and (index + 1 == len(words) or not passage[index + 1]):
            cells += code.capital_terminator  # UEB 8: before or after punctuation
        braille.append(cells)
    return braille


def divisible(text: str, code: BrailleCode, hyphenation: Sequence[str], width: int) -> list[str]:
    """The braille words of `text`, each longer than `width` cells marked where `fill_lines`
    may divide it: where the `hyphenation` list writes it divided ("cyl-in-der", as TeX's
    \\hyphenation list does), else between the syllables the code's hyphenation dictionary
    finds (`syllables`), where its pieces spell it cell for cell."""
    places = {entry.replace("-", "").lower(): entry.split("-") for entry in hyphenation}
    words = translate(text, code)
    for index, word in enumerate(text.split()):
        if len(words[index]) <= width:
            continue
        pieces = _listed(word, places) or syllables(word, code)
        cells = [translate(piece, code)[0] for piece in pieces]
        if len(cells) > 1 and "".join(cells) == words[index]:
            words[index] = DIVISION.join(cells)
    return words


def _listed(word: str, places: Mapping[str, list[str]]) -> list[str]:
    """The word in the pieces the set's list divides it into, whatever its case and the
    punctuation around it ("Triangle." as "Tri" and "angle."), or none where it is not
    listed."""
    letters = [at for at, char in enumerate(word) if char.isalnum()]
    if not letters or (listed := places.get(word[letters[0] : letters[-1] + 1].lower())) is None:
        return []
    cuts = list(accumulate((len(piece) for piece in listed[:-1]), initial=letters[0]))[1:]
    return [word[start:end] for start, end in zip([0, *cuts], [*cuts, len(word)], strict=True)]


def syllables(word: str, code: BrailleCode) -> list[str]:
    """The word in the pieces its language's hyphenation dictionary divides it into, each
    place between two letters and none leaving a letter alone (UEB 10.13 and BANA divide a
    word between syllables; "body" and "away" never), the word whole where it has none. A
    word with a hyphen of its own ("half-circle") is divided there alone, as BANA's Braille
    Formats ask of a compound."""
    dictionary = _dictionary(code.dictionary)
    if dictionary is None or "-" in word:
        return [word]
    cuts = [
        at for at in dictionary.positions(word) if word[at - 1].isalpha() and word[at].isalpha()
    ]
    return [word[start:end] for start, end in zip([0, *cuts], [*cuts, len(word)], strict=True)]


@lru_cache(maxsize=4)
def _dictionary(language: str) -> Pyphen | None:
    """A language's hyphenation dictionary (LibreOffice's, as pyphen ships them), read the
    first time a word needs dividing: most kits never do."""
    from pyphen import Pyphen  # only a kit with a word longer than its line

    return Pyphen(lang=language) if language else None


def _word(word: str, code: BrailleCode, capitals_off: bool) -> str:
    out: list[str] = []
    numeric = False
    opened: set[str] = set()
    index = 0
    while index < len(word):
        char = word[index]
        following = word[index + 1] if index + 1 < len(word) else ""
        if char in DIGITS:
            out.append(DIGITS[char] if numeric else code.numeric + DIGITS[char])
            numeric = True
            index += 1
            continue
        if numeric and char in code.number_joiners and following in DIGITS:
            out.append(code.punctuation[char])
            index += 1
            continue
        after_number, numeric = numeric, False
        if char.isalpha():
            end = index
            while end < len(word) and word[end].isalpha():
                end += 1
            run = word[index:end]
            if after_number and run[0] in A_TO_J:
                out.append(code.letter_after_number)
            out.append(_letters(run, code, capitals_off, word))
            index = end
            continue
        out.append(_sign(char, code, opened, at_start=index == 0 or word[index - 1] in "([«¡¿"))
        index += 1
    return "".join(out)


def _sign(char: str, code: BrailleCode, opened: set[str], at_start: bool) -> str:
    if char in code.quotes:
        opening, closing = code.quotes[char]
        if char in opened or not at_start:
            opened.discard(char)
            return closing
        opened.add(char)
        return opening
    if char in code.punctuation:
        return code.punctuation[char]
    raise NoSign(f"{code.name} has no sign here for {char!r} (U+{ord(char):04X})", char)


def _letters(run: str, code: BrailleCode, capitals_off: bool, word: str) -> str:
    """A letters-sequence with its capital signs: the word sign when all of it is in
    capitals, else a sign per capital (UEB: the word sign and a terminator for a run of
    capitals inside a word, "ABCs")."""
    plain = "".join(_letter(c, code, word) for c in run.lower())
    if capitals_off or not any(c.isupper() for c in run):
        return plain
    if len(run) >= 2 and run.isupper():
        return code.capital_word + plain
    out = []
    index = 0
    while index < len(run):
        end = index
        while end < len(run) and run[end].isupper() == run[index].isupper():
            end += 1
        segment = "".join(_letter(c, code, word) for c in run[index:end].lower())
        if not run[index].isupper():
            out.append(segment)
        elif end - index >= 2 and code.capital_terminator:
            out.append(code.capital_word + segment + code.capital_terminator)
        else:
            out.append(
                "".join(_letter(c, code, word, code.capital) for c in run[index:end].lower())
            )
        index = end
    return "".join(out)


def _letter(char: str, code: BrailleCode, word: str, capital: str = "") -> str:
    """A small letter's cells, after `capital` (its capital sign, for a capital letter): a
    ligature's two letters each after it (`BrailleCode.ligatures`)."""
    if char in code.ligatures:
        first, second = (_letter(c, code, word) for c in code.ligatures[char])
        return f"{capital}{first}{capital}{code.ligature}{second}"
    if char not in code.letters:
        raise NoSign(f"{code.name} has no sign here for the letter {char!r} in {word!r}", word)
    return capital + code.letters[char]


def fill_lines(words: list[str], width: int, hyphen: str) -> list[str]:
    """Words joined by blank cells into lines of at most `width` cells. A word longer than a
    line is divided after one of its own hyphens (UEB 8 allows it for capitalised words
    too) or at a `DIVISION` mark, where the hyphen is added; a word with no such place to
    divide at that is still too long is an error (`TooLong`)."""
    pieces: list[str] = []
    for index, word in enumerate(words):
        pieces.extend(_divided(word, width, hyphen, index))
    lines: list[str] = []
    for piece in pieces:
        joined = f"{lines[-1]}{BLANK}{piece}" if lines and not lines[-1].endswith(hyphen) else ""
        if lines and joined and len(joined) <= width:
            lines[-1] = joined
        elif lines and lines[-1].endswith(hyphen) and len(lines[-1] + piece) <= width:
            lines[-1] += piece
        else:
            lines.append(piece)
    return lines


def _divided(word: str, width: int, hyphen: str, index: int) -> list[str]:
    """The word (the text's `index`th) whole when it fits, else its longest head that fits
    ending in a hyphen (its own, or one added at a division mark), then the rest divided
    the same way."""
    whole = word.replace(DIVISION, "")
    if len(whole) <= width:
        return [whole]
    head = ""
    for at, cell in enumerate(word):
        if cell in (hyphen, DIVISION):
            candidate = word[:at].replace(DIVISION, "") + hyphen
            if len(candidate) <= width and at + 1 < len(word):
                head, rest = candidate, word[at + 1 :]
    if not head or len(head) <= 1:
        raise TooLong(f"a word of {len(whole)} cells does not fit a line of {width}", index)
    return [head, *_divided(rest, width, hyphen, index)]
