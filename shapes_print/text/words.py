"""The message catalogue of a label set: every text that reaches a page passes through here.

Content YAML keeps its English inline; a label set maps an English string, exactly as
written before `{placeholders}` are filled, to its replacement, in its own locale (plural
and ordinal branches chosen by CLDR's rules for that language: text/message.py). Field
values that fill a placeholder (a card's `label`, a round's `direction`) are looked up too.
Strings without a letter outside placeholders ("{deck_size}", "6 + 6") need no words and
pass unchanged, but for those with a sign a language sets its own way ("{game}: {document}":
French puts a narrow no-break space before : ; ! and ?).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from functools import lru_cache
from itertools import chain
from pathlib import Path
from typing import Any

from msgspec import Struct, field
from msgspec.structs import replace

from shapes_print.errors import Source, UserError
from shapes_print.text.grammar import Message, MessageError, parse
from shapes_print.text.hearing import Hearing
from shapes_print.text.listeners import said
from shapes_print.text.message import ENGLISH, Style, fill, place

# Signs French typography sets after a narrow no-break space: a text of placeholders and
# these is a label set's to write, as a text with words is. Not every sign: the other
# texts without a letter (page ranges "1-10", points "+{points}", some 70 of them) read
# the same in every language, and would only add entries every catalogue copies as they are.
SPACED_SIGNS = frozenset(":;!?")


class Said(str):
    """Text already in the label set's words (built from looked-up parts): not looked up again."""

    __slots__ = ()


@lru_cache(maxsize=8192)
def needs_words(text: str) -> bool:
    """True when the text has a letter outside its `{placeholders}`, or a sign a language
    spaces its own way (remembered: the same strings pass here in every kit of a batch)."""
    try:
        literals = parse(text).literal()
    except MessageError:
        literals = text
    return any(ch.isalpha() or ch in SPACED_SIGNS for ch in literals)


def _is_composed(text: str) -> bool:
    """Whether the text is already NFC (ASCII, most English, always is: told at once)."""
    return text.isascii() or unicodedata.is_normalized("NFC", text)


def composed(text: str) -> str:
    """The text in Unicode's composed form (NFC): an accent typed as its own character
    (e and U+0301, as macOS and Poedit may save it) is the same text as the precomposed é
    a label set's key or msgid may hold. Printed so too: a page sets glyph after glyph,
    with no mark placed on its letter, and a font's own é is drawn for it."""
    return text if _is_composed(text) else unicodedata.normalize("NFC", text)


def pinpoint(where: Source | None, english: str) -> Source | None:
    """The line that writes `english`, searched from `where` (a block can span many lines)."""
    return place(where, english, 0)


class Words(Struct):
    """English -> label-set text. Each text said is told to whoever listens
    (text/listeners.py): what a check printed, and what extract writes, are heard there."""

    name: str = "standard"
    text: Mapping[str, str] = field(default_factory=dict)
    complete: bool = False
    path: Path | None = None
    # Where a value that fills placeholders was written (a game list's "left"), if known.
    origins: dict[str, Source] = field(default_factory=dict)
    # The set's language (CLDR plural rules) and how `{n:ordinal}` is written in it.
    locale: str = ENGLISH
    ordinal: Message | None = None
    # Where each translation is written, for an error in one of its placeholders.
    text_sources: Mapping[str, Source] = field(default_factory=dict)
    # A game's words (`for_game`) note each text a complete set lacks here, printing the
    # English meanwhile, so the kit stage can skip the game or name every text at once.
    missing: dict[str, Source | None] | None = None
    # What a listener hears for print's shorthand (a range, a sign), in the set's words.
    hearing: Hearing = field(default_factory=Hearing)
    # The values each text was first filled with: a translator's example of each
    # placeholder (`labels extract` writes them as comments).
    examples: dict[str, Mapping[str, Any]] = field(default_factory=dict)
    # The game whose kits these words print (`for_game`); None: the set's own.
    game: str | None = None

    def __post_init__(self) -> None:
        """The English texts and their translations composed (`composed`), as every text
        looked up is: however either was typed, they match."""
        if not all(map(_is_composed, chain(self.text, self.text.values()))):
            self.text = {composed(english): composed(said) for english, said in self.text.items()}
        if not all(map(_is_composed, self.text_sources)):
            self.text_sources = {composed(english): at for english, at in self.text_sources.items()}

    def for_game(self, game: str, text: Mapping[str, str], sources: Mapping[str, Source]) -> Words:
        """These words with the game `game`'s own over them, noting what is missing, and
        telling listeners the game that says each text."""
        return replace(
            self,
            text={**self.text, **text},
            text_sources={**self.text_sources, **sources},
            missing={},
            game=game,
        )

    def say(self, english: str, where: Source | None) -> str:
        """The label set's words for one English string, or the English itself."""
        if isinstance(english, Said) or not needs_words(english):
            return english
        found = self.text.get(composed(english))
        lacking = found is None and self.complete and self.missing is not None
        said(english, self.game, where, lacking)
        if found is not None:
            return found
        if lacking and self.missing is not None:
            self.missing.setdefault(english, pinpoint(where, english))
        elif self.complete:
            raise UserError(
                pinpoint(where, english),
                f"label set {self.name!r} ({self.path}) is complete but has no text for {english!r}",
                "add it under text: in the label set, or run `shapes-print labels new`",
            )
        return composed(english)

    def written_at(self, english: str) -> Source | None:
        """Where the set writes its words for `english`; None where it has none."""
        key = composed(english)
        return self.text_sources.get(key) if key in self.text else None

    def place_of(self, english: object, where: Source) -> Source:
        """Where the words printed for `english` (a text as the content writes it) are
        mended: the set's line translating it (a `.po` entry, a `text:` line), as a
        problem in its words belongs there, else `where`, the English's own."""
        return (self.written_at(english) if isinstance(english, str) else None) or where

    def named(self, name: str) -> Said:
        """A name (a paper's, `letter`) in the set's words where it has them (es: carta), else
        as it is: a name is never missing from a complete set, as a size like 300x400mm."""
        said(name, self.game, None)
        key = composed(name)
        return Said(self.text.get(key, key))

    def counted(
        self, count: int, text: str, values: Mapping[str, Any], where: Source | None
    ) -> str:
        """`count` of a card or a kind by its name ("4 Wild"), as one text that joins them,
        "{count} Wild" (load/cardnames.py's `count_text`), so a language gives the name the
        plural its count wants ("{count, plural, one {# Joker} other {# Jokers}}")."""
        return self.fill(text, {**values, "count": count}, where)

    def fill(self, template: str, values: Mapping[str, Any], where: Source | None) -> str:
        """Translate a template and the words that fill it, then fill it: a translation in
        the set's locale, an English original (a set not yet complete) in English."""
        said = self.say(template, where)
        if template not in self.examples:
            self.examples[template] = dict(values)
        translated = said is not template and said != composed(template)
        # A text with no words of its own ("{label}") is the set's: its numbers, 1,50 in es.
        own = translated or not needs_words(template)
        style = Style(
            self.locale if own else ENGLISH,
            lambda value: self.say(value, self.origins.get(value, where)),
            self.ordinal,
            self.locale,
        )
        here = self.text_sources.get(composed(template), where) if translated else where
        return fill(said, values, here, style)
