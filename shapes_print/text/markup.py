"""Rich text: the markup a text may hold once its placeholders are filled, parsed into runs.

Input: a filled text (text/message.py), which may carry markup written in the YAML or in a
value that filled a placeholder (a card's `text` field). Output: its runs, each a stretch of
words in one face or an icon, that fitting (text/rich.py) sets across lines.

    **bold**        the bold face of the label set's fonts
    *italic*        the italic face (`***both***` is bold italic)
    {icon:coin}     an icon, as wide and high as the line's em (the message grammar passes
                    it through; the name is looked up in the game's and the shipped icons)
    \\*  \\{  \\}  \\\\ a literal star, brace or backslash; any other backslash is itself

A brace that is not `{icon:` is a brace: once placeholders are filled, what is left is text,
so `{name}` placeholders and ICU's quoted braces mean what they meant before. A mark left
open is an error at its offset, as the message grammar's are.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from msgspec import Struct

from shapes_print.text.grammar import ICON_OPEN, MessageError

_ESCAPABLE = "*{}\\"
# As the icons' YAML names them (load/base.py's identifiers).
_ICON_NAME = re.compile(r"[a-z0-9][a-z0-9-]{0,63}")


class Span(Struct, frozen=True):
    """Words in one face."""

    text: str
    bold: bool = False
    italic: bool = False


class Icon(Struct, frozen=True):
    """An icon by name; `start` is its offset in the text, for an error naming it."""

    name: str
    start: int
    bold: bool = False
    italic: bool = False


Run = Span | Icon


def has_markup(text: str) -> bool:
    """True when the text may hold markup (a quick test before parsing)."""
    return "*" in text or "\\" in text or ICON_OPEN in text


@lru_cache(maxsize=8192)
def runs(text: str) -> tuple[Run, ...]:
    """The text's runs; a MessageError for a mark left open or a malformed icon."""
    out: list[Run] = []
    chars: list[str] = []
    bold = italic = False
    opened = {"bold": -1, "italic": -1}

    def flush() -> None:
        if chars:
            out.append(Span("".join(chars), bold, italic))
            chars.clear()

    at = 0
    while at < len(text):
        ch = text[at]
        if ch == "\\" and text[at + 1 : at + 2] in tuple(_ESCAPABLE):
            chars.append(text[at + 1])
            at += 2
        elif text.startswith("**", at):
            flush()
            bold, opened["bold"] = not bold, at
            at += 2
        elif ch == "*":
            flush()
            italic, opened["italic"] = not italic, at
            at += 1
        elif text.startswith(ICON_OPEN, at):
            end = text.find("}", at)
            name = text[at + len(ICON_OPEN) : end].strip() if end >= 0 else ""
            if end < 0 or not _ICON_NAME.fullmatch(name):
                raise MessageError(
                    at,
                    "an icon is written {icon:NAME}, NAME small letters, digits and dashes",
                    "write \\{ for a brace",
                )
            flush()
            out.append(Icon(name, at, bold, italic))
            at = end + 1
        else:
            chars.append(ch)
            at += 1
    flush()
    for mark, sign in (("bold", "**"), ("italic", "*")):
        if (bold if mark == "bold" else italic) and opened[mark] >= 0:
            raise MessageError(
                opened[mark],
                f"'{sign}' ({mark}) is never closed",
                "close it with another, or write \\* for a star",
            )
    return tuple(out)


def is_plain(parsed: tuple[Run, ...]) -> bool:
    """True when the runs are words in the regular face alone: set as plain text."""
    return all(isinstance(run, Span) and not run.bold and not run.italic for run in parsed)


def plain_text(parsed: tuple[Run, ...], icon_words: Callable[[str], str]) -> str:
    """The runs as words: what a reader hears and braille writes (an icon is its name)."""
    return "".join(run.text if isinstance(run, Span) else icon_words(run.name) for run in parsed)
