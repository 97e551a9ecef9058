"""Errors a user can cause, each carrying the file and position it came from.

The CLI turns a UserError into one line `path:line:column: message` and exit status 2. So
does an error the operating system gives (a full disk, a file-size limit, a folder it
may not write in): `system_error` says which path and what to do about it.
"""

from __future__ import annotations

import difflib
import errno
import re
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

from msgspec import Struct, field

# What may not reach a terminal as it is: control characters (C0 with tab and line breaks,
# DEL, C1), line and paragraph separators, direction controls and lone surrogates. A file
# name or a value holding ESC could retitle the terminal or recolour what follows; one
# holding a line break or U+202E could make the line say other than it does.
_UNSAFE = re.compile(
    "[\x00-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
)


def shown(text: str, *, lines: bool = False) -> str:
    """`text` safe to print on one line: each unsafe character as its escape (`\\x1b`,
    `\\u202e`), everything else as it is. With `lines`, a line break stays one: for a
    message made of whole lines (an error naming every missing text), each escaped."""
    if lines:
        return "\n".join(_UNSAFE.sub(_escaped, line) for line in text.split("\n"))
    return _UNSAFE.sub(_escaped, text)


# Characters of a user's text an error line quotes: a title pasted 5,000 characters long
# would otherwise fill the terminal, and its start says which text it is.
QUOTED_CHARACTERS = 80


def clipped(text: str, limit: int) -> str:
    """`text`, or its first `limit` - 1 characters and an ellipsis when it is longer."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


# Spaces a text may hold that an error line shows as plain ones, naming each after the
# quote: as Python's escape ('papier\\xa0ordinaire') a no-break space reads as a stray
# mistake in the text, where a French or Spanish translation holds it on purpose.
_SPACES = (
    ("\u00a0", "a no-break space"),
    ("\u202f", "a narrow no-break space"),
    ("\u2007", "a figure space"),
    ("\u2009", "a thin space"),
)
_SPACE = re.compile("[" + "".join(space for space, _ in _SPACES) + "]")


def quoted(text: str) -> str:
    """A user's text as an error line quotes it: in quotes, clipped to `QUOTED_CHARACTERS`,
    each special space shown as a plain one and named after it: 'papier ordinaire' (with a
    no-break space)."""
    said = clipped(text, QUOTED_CHARACTERS)
    named = [name for space, name in _SPACES if space in said]
    plain = repr(_SPACE.sub(" ", said))
    return f"{plain} (with {' and '.join(named)})" if named else plain


def _escaped(found: re.Match[str]) -> str:
    code = ord(found.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def _as_typed(path: Path) -> Path:
    """A file as a message names it: from the working folder where it lies inside it, as the
    user typed its folder (`my-games/deck.yaml`), whole where it lies elsewhere. Files are
    resolved as they are read, so without this one message of a game would name its
    `game.yaml` as typed and the next its deck from the root."""
    try:
        here = Path.cwd()
    except OSError:  # the working folder is gone
        return path
    if not path.is_absolute() or here == Path(here.anchor):  # from / every path is inside
        return path
    return path.relative_to(here) if path.is_relative_to(here) else path


class Source(Struct, frozen=True):
    """Where a value was written: file, 1-based line and column (0 when unknown)."""

    path: Path
    line: int = 0
    column: int = 0

    def __str__(self) -> str:
        where = shown(str(_as_typed(self.path)))
        if self.line:
            where += f":{self.line}"
            if self.column:
                where += f":{self.column}"
        return where

    def field(self, name: str) -> Source | None:
        """Where the value `name` filled in here is written, when that is known (a card's
        field, in a spreadsheet's cell or on a deck's line): None for any other place."""
        return None

    def holding(self, text: str) -> Source | None:
        """The cell that holds `text`, said here, when it is a spreadsheet's (whose column
        counts cells, not characters, so the text is not looked for in the file): None for
        any other place."""
        return None


class UserError(Exception):
    """A mistake in the input that the user can fix; never shown with a traceback."""

    def __init__(self, source: Source | Path | str | None, message: str, hint: str = "") -> None:
        if isinstance(source, (str, Path)):
            source = Source(Path(source))
        self.source = source
        self.message = message
        self.hint = hint
        super().__init__(self.line())

    def line(self) -> str:
        """The one line to print: the place, then the message, each unsafe character in
        them escaped (`shown`)."""
        message = shown(self.message, lines=True)  # paths are escaped whole by Source
        return f"{self.source}: {message}" if self.source else message

    def __reduce__(self) -> tuple[Callable[..., UserError], tuple[object, ...]]:
        """Pickle by its own fields, so an error raised in a build worker arrives whole."""
        return type(self), (self.source, self.message, self.hint)


# What to do when the system refuses a read or a write, by error number.
_WHAT_TO_DO = {
    errno.ENOSPC: "the disk is full: free some space, or build into a folder on another disk",
    errno.EDQUOT: "the disk quota is used up: free some space, or build elsewhere",
    errno.EFBIG: "the file would be larger than this system allows (a file-size limit)",
    errno.EACCES: "permission denied: choose a folder you may write in, or change its rights",
    errno.EPERM: "not permitted: choose a folder you may write in, or change its rights",
    errno.EROFS: "the disk is read-only: build into a folder you may write in",
    errno.EISDIR: "is a folder where a file was expected: move it away",
    errno.ENOTDIR: "part of this path is a file where a folder was expected: move it away",
    errno.EEXIST: "is in the way: something else already has this name; move it away",
    errno.ENAMETOOLONG: "the path is too long: choose a shorter folder",
    errno.EMFILE: "too many open files: raise the limit (ulimit -n) or use fewer --jobs",
}


def system_error(error: OSError, path: Path | None = None) -> UserError:
    """An operating-system error as one line: the path it concerns (`path`, else the
    error's own) and what to do."""
    what = _WHAT_TO_DO.get(error.errno or 0) or (error.strerror or str(error)).lower()
    where = path or error.filename
    if isinstance(where, bytes):
        where = where.decode(errors="replace")
    return UserError(None if where is None else Source(Path(where)), what)


# A list of known names longer than this is cut to the ones closest to the word asked for:
# a deck of a thousand cards would otherwise print a thousand ids on the error's one line.
KNOWN_SHOWN = 12


def known_names(word: str, known: Iterable[str]) -> str:
    """The names `word` could have been, for an error's "(known: ...)": all of them when few,
    else the closest few (or the first) and how many more there are."""
    names = list(known)
    if len(names) <= KNOWN_SHOWN:
        return ", ".join(names) or "none"
    shown = difflib.get_close_matches(word, names, n=3) or names[:3]
    return f"{', '.join(shown)} and {len(names) - len(shown)} more"


def closest(word: str, known: Iterable[str]) -> str | None:
    """The known word a typo most likely meant, if one is close: for "did you mean"."""
    close = difflib.get_close_matches(word, list(known), n=1)
    return close[0] if close else None


class _Warnings(Struct):
    """The warnings of one build: those said so far, and where they are told."""

    tell: Callable[[str], None]
    said: set[str] = field(default_factory=set)


# The build under way (one command; one rebuild of `watch` or `serve`), where a warning is
# said once however many kits plan what it warns of, and said again by the next rebuild.
_BUILD: ContextVar[_Warnings | None] = ContextVar("warnings of the build", default=None)


def _on_stderr(line: str) -> None:
    print(line, file=sys.stderr)


@contextmanager
def warnings_told(tell: Callable[[str], None] = _on_stderr) -> Iterator[None]:
    """Within the block, one build: each warning is told to `tell` once (`serve` shows it
    in its page too). A build inside the block starts its own."""
    token = _BUILD.set(_Warnings(tell))
    try:
        yield
    finally:
        _BUILD.reset(token)


def warn(line: str) -> None:
    """A warning's line, safe to print, once in the build under way (every kit of a build
    plans the same cards; every kit of a label set and paper lays the same player aid):
    the build goes on. Outside any build, on stderr each time it is said."""
    build = _BUILD.get()
    if build is None:
        _on_stderr(shown(line))
    elif line not in build.said:
        build.said.add(line)
        build.tell(shown(line))
