"""Load stage: a label set's words from a gettext catalogue (.po), the file translators'
tools (Poedit, Weblate, Lokalize) read and write.

Input: the `catalogue:` a label set's YAML names, a file beside it. Output: `PoWords`, each
translated English text with its translation and the place of its `msgstr`, as a `text:`
mapping would give them; an entry with a `msgctxt` is a game's (the context is the game's
id), for that game only, as the game's own labels file would give it.

A catalogue is an outside file like a picture: read through the one bounded reader
(inputs.read_input), never through a link out of its folder. A fuzzy entry, an empty one
and an obsolete one (`#~`) give no words: the text counts as missing. An ICU plural or
select message stays whole in one `msgstr`; gettext's own plural forms (`msgid_plural`)
are refused, as are a translation naming a value its English does not and a message that
does not parse, each in one line at its file and line.
"""

from __future__ import annotations

import io
import re
from functools import lru_cache
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.catalog import Message as PoMessage
from babel.messages.pofile import PoFileError, read_po
from msgspec import Struct, field

from shapes_print.errors import Source, UserError
from shapes_print.inputs import InputFile, note_missing, read_input
from shapes_print.limits import MAX_CATALOGUE_BYTES
from shapes_print.load.yamldoc import Document, Loc
from shapes_print.text.grammar import MessageError, parse
from shapes_print.text.message import place

# How `labels update` begins its comment on a text only other shipped sets print (an
# accessibility set's own: large print's short rules), which `check` holds to no kit of the
# set itself.
PRINTED_ONLY_UNDER = "printed only under "


class PoWords(Struct, frozen=True):
    """A catalogue's translated entries: English -> words, and where each `msgstr` is;
    `games` holds the entries whose `msgctxt` names a game, by game id."""

    path: Path
    text: dict[str, str] = field(default_factory=dict)
    sources: dict[str, Source] = field(default_factory=dict)
    games: dict[str, dict[str, str]] = field(default_factory=dict)
    game_sources: dict[str, dict[str, Source]] = field(default_factory=dict)
    # The English of the entries `labels update` marks as printed only under other shipped
    # sets (`PRINTED_ONLY_UNDER`): a set extending one of them prints it, not this one.
    elsewhere: set[str] = field(default_factory=set)


class PoFile(Struct, frozen=True):
    """A catalogue as Babel reads it, and its lines, where each entry's place is found."""

    catalogue: Catalog
    lines: list[str]


def read_po_file(path: Path, where: Source, folder: Path) -> PoFile:
    """The catalogue `path` as Babel reads it, named at `where` (the `catalogue:` line),
    read never through a link out of `folder`; a mistake in it is one line at its line."""
    return _parsed(path, _read(path, where, folder).data)


def _read(path: Path, where: Source, folder: Path) -> InputFile:
    """The catalogue's bytes through the one bounded reader, never through a link out of
    `folder`."""
    return read_input(
        path, MAX_CATALOGUE_BYTES, where, what="catalogue", shown=path.name, root=folder
    )


def _parsed(path: Path, data: bytes) -> PoFile:
    """The catalogue in `data` as Babel reads it; a mistake in it is one line at its line."""
    try:
        lines = data.decode("utf-8").splitlines()
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise UserError(Source(path, line), "is not UTF-8 text", "save it as UTF-8") from None
    _check_lines(path, lines)
    try:
        catalogue = read_po(io.BytesIO(data), abort_invalid=True, charset="utf-8")
    except PoFileError as error:
        problem = str(error).rsplit(" on ", 1)[0]
        raise UserError(Source(path, error.lineno + 1), f"not a .po catalogue: {problem}") from None
    except (ValueError, UnicodeError) as error:
        raise UserError(Source(path), f"not a .po catalogue: {error}") from None
    return PoFile(catalogue, lines)


# A catalogue's line as gettext writes it, comments and blank lines aside: a keyword and a
# quoted text, or a quoted text that goes on with the one before.
_KEYWORD = re.compile(r"(msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)\s+(.*)")
_QUOTED = re.compile(r'"(?:[^"\\]|\\.)*"\s*')


def _check_lines(path: Path, lines: list[str]) -> None:
    """Each line as gettext's own tools read it, and each text given once (per context).
    Babel reads `msgstr Nome` as 'om' and a text whose closing quote is missing as the
    text less its last letter, and keeps the last of two entries for the same text: a
    slip would print mangled or other words with no error."""
    seen: dict[tuple[str | None, str], int] = {}
    keyword, context, english, start = "", None, None, 0
    for number, line in enumerate(lines, 1):
        written = line.strip()
        if not written or written.startswith("#"):
            continue
        found = _KEYWORD.fullmatch(written)
        quoted = found.group(2) if found else written
        if not _QUOTED.fullmatch(quoted):
            problem = "a text never closed" if quoted.startswith('"') else "a text not in quotes"
            raise UserError(
                Source(path, number, line.find(quoted) + 1),
                f"not a .po catalogue: {problem}",
                'write each text in double quotes: msgstr "words"',
            )
        text = quoted.strip()[1:-1]
        if found is None:  # goes on with the text before
            if keyword == "msgctxt" and context is not None:
                context += text
            elif keyword == "msgid" and english is not None:
                english += text
            continue
        keyword = found.group(1)
        if keyword in ("msgctxt", "msgid"):
            context, english = (text, None) if keyword == "msgctxt" else (context, text)
            start = start or number
        elif keyword.startswith("msgstr") and english is not None:
            if (context, english) in seen:
                raise UserError(
                    Source(path, start),
                    f"not a .po catalogue: msgid {english!r} is here a second time"
                    f" (first at line {seen[(context, english)]})",
                    "keep one entry for each text",
                )
            seen[(context, english)] = start
            context, english, start = None, None, 0


def read_catalogue(path: Path, where: Source, folder: Path) -> PoWords:
    """The translated words of the catalogue `path`, named at `where` (the `catalogue:`
    line), each checked against its English. The file is read each time, so a change
    counts; the same bytes at the same place give the same words, worked out once."""
    read = _read(path, where, folder)
    return _words(read)


@lru_cache(maxsize=32)
def _words(file: InputFile) -> PoWords:
    """The catalogue's checked words, once per place and bytes: every load of a translated
    label set reads its catalogue (a tenth of a second of Babel's). Its readers copy the
    words out (`with_catalogue`) and never change them."""
    path = file.path
    read = _parsed(path, file.data)
    lines = read.lines
    words = PoWords(path)
    for message in read.catalogue:
        if not message.id or not message.string or message.fuzzy:
            continue  # the header, an untranslated entry, a fuzzy one: no words
        english, translated = _checked(path, lines, message)
        at = _msgstr(path, lines, message.lineno)
        if message.context is None:
            words.text[english] = translated
            words.sources[english] = at
            if any(note.startswith(PRINTED_ONLY_UNDER) for note in message.auto_comments):
                words.elsewhere.add(english)
        else:
            words.games.setdefault(message.context, {})[english] = translated
            words.game_sources.setdefault(message.context, {})[english] = at
    return words


def _checked(path: Path, lines: list[str], message: PoMessage) -> tuple[str, str]:
    """The entry's English and translation, refused in one line if gettext plural forms
    write it, its translation does not parse, or names a value its English does not."""
    at = _msgstr(path, lines, message.lineno)
    english, translated = message.id, message.string
    if not isinstance(english, str) or not isinstance(translated, str):
        raise UserError(
            Source(path, message.lineno or 0),
            "msgid_plural: gettext plural forms are not read",
            "write one msgstr holding an ICU plural message: {n, plural, one {...} other {...}}",
        )
    try:
        theirs = parse(translated)
    except MessageError as error:
        raise UserError(place(at, translated, error.offset), error.message, error.hint) from None
    try:
        ours = parse(english).names()
    except MessageError:
        ours = set()  # an English that is no message names no value
    extra = sorted(theirs.names() - ours)
    if extra:
        named = ", ".join("{" + name + "}" for name in extra)
        raise UserError(
            place(at, translated, translated.find("{" + extra[0])),
            f"the translation names {named}, which its English {english!r} does not",
            "a placeholder stays as the English writes it: translate the words around it",
        )
    return english, translated


def _msgstr(path: Path, lines: list[str], lineno: int | None) -> Source:
    """The place of the first `msgstr` at or after the entry starting at `lineno` (1-based),
    at the start of its text, where a mistake in the translation is searched from."""
    for number in range(lineno or 1, len(lines) + 1):
        line = lines[number - 1]
        if line.startswith("msgstr"):
            return Source(path, number, line.find('"') + 2)
    return Source(path, lineno or 0)


def with_catalogue(doc: Document, new: bool = False) -> Document:
    """A label set's file with the words of the catalogue its `catalogue:` names merged in
    as its own: an entry as `text:`, one with a context as `games: GAME: text:`, each marked
    at its `msgstr`. A text written in both is refused: which would win is not plain. With
    `new`, a catalogue not there yet gives no words (`labels update` is about to write it)."""
    name = doc.data.get("catalogue") if isinstance(doc.data, dict) else None
    if name is None:
        return doc
    where = doc.source(("catalogue",))
    folder = doc.path.parent
    plain = isinstance(name, str) and name.endswith(".po") and Path(name).name == name
    if not plain or not isinstance(name, str):
        raise UserError(where, "catalogue: name a .po file beside the label set, such as es.po")
    path = folder / name  # a link out of the folder is refused as it is read
    if new and not path.exists() and not path.is_symlink():
        note_missing(path)  # once written, the set's words change
        return doc
    words = read_catalogue(path, where, folder)
    _merged(doc, ("text",), words.text, words.sources)
    for game, text in words.games.items():
        _merged(doc, ("games", game, "text"), text, words.game_sources[game])
        first = next(iter(words.game_sources[game].values()))
        doc.marks.setdefault(("games", game), first)  # a context naming no game is found here
    return doc


def _merged(doc: Document, loc: Loc, text: dict[str, str], sources: dict[str, Source]) -> None:
    """`text` written into the file's data at `loc`, each marked at its catalogue place."""
    mapping = doc.data
    for key in loc:
        mapping = mapping.setdefault(key, {})
        if not isinstance(mapping, dict):
            return  # not a mapping: validation names it where it is written
    for english, translated in text.items():
        if english in mapping:
            raise UserError(
                doc.source((*loc, english)),
                f"text {english!r} is in the catalogue too ({sources[english]})",
                "write each text in one place: the catalogue, or text:",
            )
        mapping[english] = translated
        doc.marks[(*loc, english)] = sources[english]
