"""What a listener hears of print's shorthand, in a label set's language.

Input: a label set's `said:` words for signs and abbreviations ("★": "star", "1.er":
"primer") and its `said_range:` message for a range of numbers ("{from} to {to}"), and a
text as printed. Output: the spans of the text that a reader's software would misread or
leave out ("1-3" said "one dash three", "1.er" "uno punto er", "★" nothing), each with the
words to hear instead, for a tagged PDF to give each its expansion while the page keeps
its print; or the whole text with those words in place, for an alternate text, which is
words only.
"""

from __future__ import annotations

import re
from functools import lru_cache

from msgspec import Struct

from shapes_print.text.grammar import Message
from shapes_print.text.message import ENGLISH, Style, render

# A range of numbers, written with a hyphen or an en dash ("1-3", "200-250"): digits on both
# sides, not part of a name ("collect-3"), a decimal or a longer run of numbers.
_RANGE = r"(?<![\w.,\-\u2013])(?P<low>\d+) ?[\-\u2013] ?(?P<high>\d+)(?![\w\-\u2013]|[.,]\d)"


class Heard(Struct, frozen=True):
    """A span of a printed text, `start` to `end`, and the words a listener hears for it."""

    start: int
    end: int
    words: str


class Hearing(Struct, frozen=True, cache_hash=True):
    """A label set's words for print's shorthand (`said`, printed form to words, longest
    first where one holds another) and its message for a range of numbers, in its locale.
    Hashed once: every line set is remembered by it (`_spans`, plan/paragraphs.py)."""

    said: tuple[tuple[str, str], ...] = ()
    range: Message | None = None
    locale: str = ENGLISH

    def spans(self, text: str) -> tuple[Heard, ...]:
        """The spans of `text` a listener hears otherwise, in order."""
        return _spans(self, text)

    def heard(self, text: str) -> str:
        """The text as a listener should hear it: each span's words in its place, a space
        between them and a letter or digit beside them ("x2": "times 2")."""
        out, at = [], 0
        for span in self.spans(text):
            out.append(text[at : span.start])
            before = span.start > 0 and text[span.start - 1].isalnum()
            after = span.end < len(text) and text[span.end].isalnum()
            out.append(f"{' ' * before}{span.words}{' ' * after}")
            at = span.end
        out.append(text[at:])
        return "".join(out)


@lru_cache(maxsize=32768)
def _spans(hearing: Hearing, text: str) -> tuple[Heard, ...]:
    """Remembered: every kit of a batch sets the same lines (a check of Collect 3 sets some
    10,000 distinct ones over its ten label sets: 8,192 kept, 17,000 were heard again)."""
    finder = _finder(hearing)
    found = []
    at = 0
    # The expression is tried only where a span may start (`_Finder.starts`), as a search
    # would try it at every place: most lines hold no shorthand, or one.
    while (start := finder.starts.search(text, at)) is not None:
        match = finder.pattern.match(text, start.start())
        if match is None:
            at = start.start() + 1
            continue
        if match.groupdict().get("low") is not None:
            assert hearing.range is not None
            values = {"from": int(match["low"]), "to": int(match["high"])}
            words = render(hearing.range, values, Style(hearing.locale))
        else:
            words = finder.said[match[0]]
        found.append(Heard(match.start(), match.end(), words))
        at = match.end()
    return tuple(found)


class _Finder(Struct, frozen=True):
    """A label set's shorthand found: its words for each printed form, one expression for
    any span, and the characters a span may start with (a digit opens a range; each form
    its own first character)."""

    said: dict[str, str]
    pattern: re.Pattern[str]
    starts: re.Pattern[str]


@lru_cache(maxsize=64)
def _finder(hearing: Hearing) -> _Finder:
    """The set's finder, made once: each line heard looks its spans up with it."""
    said = dict(hearing.said)
    ranges = hearing.range is not None
    firsts = [r"\d"] * ranges + sorted({re.escape(form[0]) for form in said})
    starts = re.compile(f"[{''.join(firsts)}]" if firsts else r"(?!)")
    return _Finder(said, _pattern(tuple(said), ranges), starts)


@lru_cache(maxsize=64)
def _pattern(printed: tuple[str, ...], ranges: bool) -> re.Pattern[str]:
    """One expression finding any range and any printed form, the longest form first; a
    form that starts or ends with a letter or digit ("1.er") only as a whole word."""
    forms = []
    for form in sorted(printed, key=len, reverse=True):
        head = r"(?<!\w)" if re.match(r"\w", form[0]) else ""
        tail = r"(?!\w)" if re.match(r"\w", form[-1]) else ""
        forms.append(f"{head}{re.escape(form)}{tail}")
    alternatives = [_RANGE] if ranges else []
    if forms:
        alternatives.append("|".join(forms))
    return re.compile("|".join(alternatives) or r"(?!)")
