"""The characters a text may hold, one rule for every source of text (YAML, CSV, workbooks).

YAML's own rule (YAML 1.1, 5.1: printable characters only) refuses NUL, the control
characters but tab and line breaks, DEL, C1 but NEL, lone surrogates and U+FFFE/U+FFFF.
On top of it go the direction controls: invisible marks that reorder the text around them
(embeddings, overrides, isolates, the left-to-right and right-to-left marks). A kit prints
left to right only, and such a mark can hide what a text says from whoever reads the source.
"""

from __future__ import annotations

import re
import unicodedata

BIDI_CONTROL = re.compile("[\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_NOT_PRINTABLE = re.compile("[^\t\n\r\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def character_problem(text: str) -> str | None:
    """Why `text` may not be used, or None: the first refused character, named."""
    bad = _NOT_PRINTABLE.search(text)
    if bad:
        return f"has a character YAML does not allow (U+{ord(bad.group()):04X})"
    control = BIDI_CONTROL.search(text)
    if control:
        character = control.group()
        return (
            f"text holds the invisible direction control U+{ord(character):04X} "
            f"({unicodedata.name(character)}), which can make it read other than it "
            "prints; remove it"
        )
    return None
