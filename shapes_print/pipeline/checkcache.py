"""Build stage, `check`: a label set's game that checked clean, kept until what it is made of changes.

Input: a (label set, game) group's kits under every setting `check` plans, as the build's own
fingerprints (`Project.fingerprint`: the game's and the set's files, each request, this
program), and the check's settings. Output: whether the group need not be planned again
(what its planning told the rest of the check put back), and each group planned clean kept
in the user's cache folder (`inputs.cached`, `inputs.keep`).

`check` plans every kit of every game under every label set, nearly all of its time, and a
user runs it after every edit, which changes one game or one set: the other groups are
taken from here. An entry holds what a group's planning leaves for the rest of the check:
the texts it printed (a text nothing prints is an error, `check_text_is_used`) and the line
of a set that skips the game for want of words. And what it read that no fingerprint
covers (a card's picture, a folder listed, a file looked for and not there), looked at
again before the entry is trusted. A group that failed is never kept.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable

import msgspec
from msgspec import Struct, field, to_builtins
from msgspec.structs import replace

from shapes_print.cachefolder import cached, keep
from shapes_print.errors import warn, warnings_told
from shapes_print.fingerprints import program
from shapes_print.inputs import InputFiles, recording
from shapes_print.kit.coverage import words_skip
from shapes_print.kit.variant import Variant
from shapes_print.limits import MIB
from shapes_print.pipeline.keptreads import KeptReads
from shapes_print.text.listeners import drawing_faces, listening

# The cache entry of groups checked clean, what it may weigh, and how many groups it keeps
# (every game under every shipped set is 24; the rest are the newest of earlier contents).
CHECKED = "checked.json"
_CHECKED_BYTES = 16 * MIB
_KEPT = 96


class Apart(Struct, frozen=True):
    """A group's texts said off its cards' faces (`printed`, and those of them its complete
    set lacks), under the group's key with its cards' fields left out (`rows`,
    pipeline/facecheck.py): after an edit to those fields alone, the faces are drawn again
    and the rest taken from here. `by_words`: the group was skipped for its lacking texts."""

    rows: str
    printed: list[str]
    lacking: list[str]
    by_words: bool
    warnings: list[str] = field(default_factory=list)  # those said off the faces


class CheckedGroup(Struct, frozen=True):
    """What one group's clean planning left for the rest of the check, what it read
    beyond its fingerprint, its texts said off its cards' faces where it has them, and the
    warnings its planning said: told by the check that takes it, whether a worker planned
    it or an earlier check kept it, so each is said once and every time."""

    printed: list[str]
    skipped: str | None
    read: KeptReads
    apart: Apart | None = None
    warnings: list[str] = field(default_factory=list)

    @classmethod
    def made(cls, printed: list[str], skipped: str | None, read: InputFiles) -> CheckedGroup:
        return cls(printed, skipped, KeptReads.made(read))


def group_key(fingerprints: Iterable[str], settings: dict[str, object]) -> str:
    """One hash of a group's kits (their fingerprints, in the order planned) and the
    check's own settings (players, paper, strict, the game's folder)."""
    made_from = {"kits": list(fingerprints), "settings": settings}
    return hashlib.sha256(json.dumps(made_from, sort_keys=True).encode("utf-8")).hexdigest()


class CheckRecord:
    """The groups kept from earlier checks, and those this one planned clean."""

    def __init__(self) -> None:
        self._key = hashlib.sha256(json.dumps(program(), sort_keys=True).encode()).hexdigest()
        self._kept: dict[str, CheckedGroup] = {}
        held = cached(CHECKED, self._key, _CHECKED_BYTES)
        for key, entry in (held if isinstance(held, dict) else {}).items():
            group = _group(entry)
            if group is not None:
                self._kept[key] = group
        self._fresh: dict[str, CheckedGroup] = {}

    def restored(self, key: str, variant: Variant, game: str) -> bool:
        """Whether the group was checked clean from the same inputs; if so, what its
        planning left is put back."""
        group = self._kept.get(key)
        if group is None or not group.read.unchanged():
            return False
        self.add(key, variant, game, group)
        return True

    def by_rows(self, rows: str) -> CheckedGroup | None:
        """The newest group kept under the same key with its cards' fields left out, if
        what it read beyond that is unchanged."""
        groups = [*self._kept.values(), *self._fresh.values()]
        for group in reversed(groups):
            if group.apart is not None and group.apart.rows == rows and group.read.unchanged():
                return group
        return None

    def add(self, key: str, variant: Variant, game: str, group: CheckedGroup) -> None:
        """A group checked clean, here or in a worker process: what its planning left is
        put back (its texts printed, its skip line), and it is kept."""
        variant.printed.update(group.printed)
        for line in group.warnings:
            warn(line)
        if group.skipped is not None:
            variant.skipped[game] = group.skipped
        self._fresh[key] = group

    def keep(self) -> None:
        """Keep this check's groups, and the newest of the others up to `_KEPT`."""
        older = [(key, group) for key, group in self._kept.items() if key not in self._fresh]
        groups = [*older, *self._fresh.items()][-_KEPT:]
        keep(CHECKED, self._key, {key: to_builtins(group) for key, group in groups})


def planned_group(
    variant: Variant, game: str, plan: Callable[[], None], rows: str | None = None
) -> CheckedGroup:
    """Plan a group (`plan`), and what its planning left and read; with `rows` (its key
    with its cards' fields left out), its texts said off its cards' faces too."""
    said: dict[str, bool] = {}  # each warning, and whether it was said off the faces

    def tell(line: str) -> None:
        said.setdefault(line, not drawing_faces())

    with recording() as read, listening() as heard, warnings_told(tell):
        plan()
    skipped = variant.skipped.get(game)
    group = replace(CheckedGroup.made(heard.texts(), skipped, read), warnings=list(said))
    if rows is None:
        return group
    loaded = variant.games[game]
    words = loaded.words
    by_words = (
        words is not None
        and skipped is not None
        and skipped == words_skip(variant.labels, loaded, words, refuse=False)
    )
    apart = Apart(rows, heard.texts(on_face=False), heard.texts(False, lacking=True), by_words)
    apart = replace(apart, warnings=[line for line, off_faces in said.items() if off_faces])
    return replace(group, apart=apart)


def _group(entry: object) -> CheckedGroup | None:
    """An entry read back, or None for one not of the shape written (another version's)."""
    try:
        return msgspec.convert(entry, CheckedGroup)
    except msgspec.ValidationError:
        return None
