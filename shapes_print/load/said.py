"""A label set's `said:` words kept to its own language.

Input: where a set's `said:` words are written (each printed form's, and the range's
message), its locale, and its files, the one that wins first. Output: those written by a
file of another locale (standard's English under a set in French), which are not its
listener's words; a complete set, which must say each in its own, is refused at the first,
named at its own `complete:` (the standard set's line is no file its writer edits).
"""

from __future__ import annotations

from collections.abc import Sequence

from shapes_print.errors import UserError
from shapes_print.load.yamlsrc import Document, Loc


def foreign_said(
    locs: Sequence[Loc], locale: str, complete: bool, layers: Sequence[tuple[Document, Loc]]
) -> list[Loc]:
    """The `locs` whose winning file names another locale than `locale`."""
    foreign = []
    for loc in locs:
        writer = other_language(loc, locale, layers)
        if writer is not None:
            written_in = writer.data.get("locale")
            if complete:  # named at the set's own `complete:`, the file to give it in
                own = layers[0][0]
                raise UserError(
                    own.source(("complete",)),
                    f"{loc[0]}: {loc[-1]!r} is said in {written_in!r} by {writer.path.name}, "
                    f"but this complete label set's locale is {locale!r}",
                    f"give it in {own.path.name} under {loc[0]}: in the set's own words,"
                    f" such as {loc[0]}: {{{loc[-1]!r}: ...}}",
                )
            foreign.append(loc)
    return foreign


def other_language(
    loc: Loc, locale: str, layers: Sequence[tuple[Document, Loc]]
) -> Document | None:
    """The file that writes `loc` for the set, where it is written for another locale than
    `locale` (standard's English under a set in Italian); else None."""
    writer = next(doc for doc, _ in layers if loc in doc.marks)
    written_in = writer.data.get("locale")
    return writer if isinstance(written_in, str) and written_in != locale else None
