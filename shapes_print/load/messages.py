"""Load stage, shared: a label set's messages held to its language.

Input: each translation with its path of keys, the set's locale, and where a path of keys
is written (a label set's layers, a game's own file). Output: nothing, or one line at the
first message whose plural branches its language lacks.
"""

from collections.abc import Callable, Sequence

from shapes_print.errors import Source, UserError
from shapes_print.load.said import other_language
from shapes_print.load.yamldoc import Document, Loc
from shapes_print.text.grammar import MessageError, parse
from shapes_print.text.message import Style, check_locale, place, render


def check_messages(
    written: Sequence[tuple[Loc, str]],
    locale: str,
    place_of: Callable[[Loc], Source],
    layers: Sequence[tuple[Document, Loc]] = (),
) -> None:
    """Each translation's plural branches are categories its locale has; `ordinal:` is a
    message on `n` alone. (Syntax was checked as the files were read.) A message the set
    takes from a file written for another language (`layers`: standard's English ordinal
    under a set in Italian) is named at the set's own `locale:`, where it is to be given."""
    for loc, text in written:
        where = place_of(loc)
        try:
            message = parse(text)
            check_locale(message, locale)
            if loc == ("ordinal",):
                render(message, {"n": 1}, Style(locale))  # names no other value
        except MessageError as error:
            other = other_language(loc, locale, layers) if layers else None
            if other is not None:
                own = layers[0][0]
                raise UserError(
                    own.source(("locale",)),
                    f"{loc[0]}: as {other.path.name} writes it for {other.data['locale']!r},"
                    f" {error.message}",
                    f"give {loc[0]}: in {own.path.name}, written for {locale!r}",
                ) from None
            in_yaml = loc[0] == "text" and where.path.suffix != ".po"
            skip = len(str(loc[-1])) if in_yaml else 0  # past the English key
            at = Source(where.path, where.line, where.column + skip) if where.line else where
            raise UserError(place(at, text, error.offset), error.message, error.hint) from None
