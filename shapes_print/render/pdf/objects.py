"""Objects and file writing: numbers as the file writes them, compressed streams, and a
PDF written object by object, then its cross-reference table and trailer.

Input: objects as pydyf builds them (dictionaries, arrays, strings, streams), or bytes
already formatted by the pen. Output: the file's bytes, written as they come, so a file
of any length holds none of its written pages in memory.

Same input, same bytes: object numbers are given in drawing order, nothing depends on the
time or the machine, and the file identifier is a digest of the bytes before it.
"""

from __future__ import annotations

import hashlib
from array import array
from collections.abc import Mapping
from functools import lru_cache
from itertools import accumulate, islice
from math import log10
from typing import BinaryIO, TypeVar
from zlib import compress

import pydyf

from shapes_print.buildcache import Bounded

K = TypeVar("K")
V = TypeVar("V")
# Entries each memo of the render stage keeps before it lets its memory go: all of `make
# print` has a few hundred distinct streams and groups.
MEMO_LIMIT = 512
# Runs of numbers `numbers` keeps formatted (all of `make print` has about 2,000 distinct),
# each of at most _RUN_KEPT (a longer one, an outline's or a font's widths, is seldom again).
NUMBERS_KEPT = 4096
_RUN_KEPT = 6
# Decimal places by how many digits a number has before its point: six significant
# digits (a millionth of a point below 1 pt) is finer than any printer or screen.
_PLACES = 6
# The header's second line: a comment of bytes past 127 tells transfer programs the file
# is binary (PDF 1.7, 7.5.2).
_HEADER = b"%%PDF-%b\n%%\xe2\xe3\xcf\xd3\n"
# Bytes gathered before they are written out together.
_WRITE_SIZE = 1 << 16


class Memo(Bounded[K, V]):
    """What the render stage made once and reuses (buildcache.py's `Bounded`, holding
    MEMO_LIMIT entries unless told otherwise)."""

    def __init__(self, limit: int = MEMO_LIMIT) -> None:
        super().__init__(limit)


class SameMemo(Memo[K, V]):
    """A Memo keyed by content (plan items) that finds a key object it has seen before by
    identity, without hashing its contents again: the plan gives every kit of a batch the
    same card faces and, often, the same pages."""

    def __init__(self, limit: int = MEMO_LIMIT) -> None:
        super().__init__(limit)
        self.same: dict[int, tuple[K, V]] = {}  # by id, the key kept with it: its id stays its own

    def find(self, key: K) -> V | None:
        seen = self.same.get(id(key))
        if seen is not None and seen[0] is key:
            return seen[1]
        value = self.get(key)
        if value is not None:
            self._note(key, value)
        return value

    def keep(self, key: K, value: V) -> V:
        super().keep(key, value)
        self._note(key, value)
        return value

    def clear(self) -> None:
        super().clear()
        self.same.clear()

    def _note(self, key: K, value: V) -> None:
        if len(self.same) >= 2 * self.limit:
            self.same.clear()
        self.same[id(key)] = (key, value)


def number(value: float) -> str:
    """A number with six significant digits (at most six places), trailing zeros
    dropped: '0', '12.5', '0.333333', '595.276'."""
    if isinstance(value, int):
        return str(value)
    size = abs(value)
    if size <= 1e-7:
        return "0"
    places = _PLACES if size <= 1 else min(max(0, _PLACES - int(log10(size))), _PLACES)
    text = f"{value:.{places}f}"
    return text.rstrip("0").rstrip(".") if places else text


# `number`, each distinct value formatted once while it is among the last MEMO_LIMIT
# (a card sheet repeats the same few dozen).
_number = lru_cache(maxsize=MEMO_LIMIT)(number)


def numbers(*values: float) -> str:
    """Numbers as `number` writes them, separated by spaces; a short run of them (a group's
    offset, a rule's ends, a matrix) formatted once while it is kept: a build's hundred
    thousand are a couple of thousand distinct ones."""
    if len(values) <= _RUN_KEPT:
        return _short_run(values)
    return " ".join(map(_number, values))


@lru_cache(maxsize=NUMBERS_KEPT)
def _short_run(values: tuple[float, ...]) -> str:
    return " ".join(map(_number, values))


@lru_cache(maxsize=MEMO_LIMIT)
def deflated(data: bytes) -> bytes:
    """Flate-compressed, kept by its bytes: every file of every kit embeds the same card
    faces and font subsets again."""
    return compress(data)


def text_string(text: str) -> str:
    """A PDF text string in ASCII whatever the words: printable ASCII as a literal string
    (the same in PDFDocEncoding), anything else UTF-16BE with its byte-order mark, in hex
    (a card's alternate text is written once per card, so the shorter form counts)."""
    if text.isascii() and text.isprintable():
        escaped = text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
        return f"({escaped})"
    return "<" + ("\ufeff" + text).encode("utf-16-be").hex().upper() + ">"


def dictionary(entries: Mapping[str, str | int]) -> bytes:
    """A dictionary of values already formatted (names, numbers, references, arrays), as
    pydyf writes one: a page or a stream's head, written thousands of times a deck."""
    return ("<<" + "".join([f"/{key} {value}" for key, value in entries.items()]) + ">>").encode()


def reference(number: int) -> str:
    return f"{number} 0 R"


class PdfFile:
    """A PDF written while it is drawn. Numbers are handed out first (`reserve`), so an
    object may name one written later: a page names its fonts, which are written when the
    file closes. A reader finds each object by its offset, in whatever order they stand."""

    def __init__(self, out: BinaryIO, version: str = "1.7") -> None:
        self.out = out
        self.size = 0
        self.count = 0
        # Where each object starts, by number from 1 (0 until written: the header is at 0).
        # Eight bytes an object: a tagged deck of 10,000 cards has 50,000 of them.
        self.offsets = array("q")
        self.digest = hashlib.md5(usedforsecurity=False)
        self.pending = bytearray()  # small objects gathered into one write
        self._add(_HEADER % version.encode("ascii"))

    def _add(self, data: bytes) -> None:
        """Append to the file at once, with any small objects waiting (`write_whole`)."""
        self.size += len(data)
        self.pending += data
        self.flush()

    def flush(self) -> None:
        """Everything added so far into the file."""
        self.out.write(self.pending)
        self.digest.update(self.pending)
        self.pending.clear()

    def reserve(self) -> int:
        """A new object's number; the object itself comes with `write`."""
        self.count += 1
        self.offsets.append(0)
        return self.count

    def reserve_run(self, count: int) -> int:
        """Numbers for `count` new objects in a row; the first of them."""
        first = self.count + 1
        self.count += count
        self.offsets.frombytes(bytes(self.offsets.itemsize * count))
        return first

    def write_run(self, first: int, objects: list[bytes]) -> None:
        """Objects numbered from `first` on, each formatted with its `obj` and `endobj`
        lines, written together (a card sheet's Figures)."""
        starts = accumulate(map(len, objects), initial=self.size)
        self.offsets[first - 1 : first - 1 + len(objects)] = array(
            "q", islice(starts, len(objects))
        )
        whole = b"".join(objects)
        self.size += len(whole)
        self.pending += whole
        if len(self.pending) >= _WRITE_SIZE:
            self.flush()

    def write(self, number: int, data: bytes) -> None:
        """The object numbered `number`, formatted."""
        self.offsets[number - 1] = self.size
        self._add(b"%d 0 obj\n%b\nendobj\n" % (number, data))

    def write_whole(self, number: int, whole: bytes) -> None:
        """The object numbered `number`, formatted with its `obj` and `endobj` lines; it
        may wait to be written with the small objects after it (a card's Figure, a
        structure element): a card sheet's, a few dozen bytes each, cost one write."""
        self.offsets[number - 1] = self.size
        self.size += len(whole)
        pending = self.pending
        pending += whole
        if len(pending) >= _WRITE_SIZE:
            self.flush()

    def add(self, thing: pydyf.Object) -> int:
        """A new object written at once; its number."""
        number = self.reserve()
        self.write(number, thing.data)
        return number

    def stream(
        self, number: int, head: Mapping[str, str | int], packed: bytes, compressed: bool = True
    ) -> None:
        """A Flate-compressed stream (or, not `compressed`, bytes as they are), its
        dictionary's other keys in `head`."""
        coded = {"Filter": "/FlateDecode"} if compressed else {}
        entries = dictionary({**head, **coded, "Length": len(packed)})
        self.write(number, b"%b\nstream\n%b\nendstream" % (entries, packed))

    def close(self, root: int, info: int) -> None:
        """The cross-reference table of every object and the trailer, which names the
        catalogue and the document information and identifies the file by its bytes."""
        offsets = self.offsets
        assert 0 not in offsets, "objects reserved and never written: " + ", ".join(
            str(n) for n, offset in enumerate(offsets, start=1) if not offset
        )
        start = self.size
        # Every object's line formatted at once: a tagged deck has tens of thousands.
        lines = b"\n%010d 00000 n " * len(offsets) % tuple(offsets)
        table = b"xref\n0 %d\n0000000000 65535 f %b" % (self.count + 1, lines)
        self.flush()
        identifier = self.digest.hexdigest().upper()
        trailer = pydyf.Dictionary({
            "Size": self.count + 1,
            "Root": reference(root),
            "Info": reference(info),
            "ID": f"[<{identifier}> <{identifier}>]",
        })  # fmt: skip
        self._add(table + b"\ntrailer\n" + trailer.data)
        self._add(b"\nstartxref\n%d\n%%%%EOF\n" % start)
        self.flush()
