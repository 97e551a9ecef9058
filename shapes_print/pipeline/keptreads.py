"""Build stage, shared: what loading or planning read, kept in the cache folder as JSON.

Input: the files a recording noted (`inputs.InputFiles`). Output: the same as JSON can
hold it (files by absolute path with their SHA-256, paths looked for and not found, folder
listings with the names they gave), and whether all of it is still so. `check` keeps one
for each group it planned clean (checkcache.py), `build` one for the kits a command line
listed (lastbuild.py); each reads its entry back with msgspec, against its shape. Absolute
paths suit both: each keys its entries by the folders read (a group by its game's folder, a
command line by its folders), so a copied project never takes the original's entry.
"""

from __future__ import annotations

from pathlib import Path

from msgspec import Struct

from shapes_print.inputs import InputFiles
from shapes_print.write.uptodate import reads_unchanged


class KeptReads(Struct, frozen=True):
    """Files by absolute path with their SHA-256, paths looked for and not found, and
    folder listings as (folder, pattern, the names it gave)."""

    files: dict[str, str]
    missing: list[str]
    listings: list[tuple[str, str, list[str]]]

    @classmethod
    def made(cls, read: InputFiles) -> KeptReads:
        return cls(
            {str(path.absolute()): digest for path, digest in sorted(read.files.items())},
            sorted(str(path.absolute()) for path in read.missing),
            sorted(
                (str(at.folder.absolute()), at.pattern, list(names))
                for at, names in read.listings.items()
            ),
        )

    def joined(self, other: KeptReads) -> KeptReads:
        """What either read."""
        listings = sorted({(f, p, tuple(n)) for f, p, n in (*self.listings, *other.listings)})
        return KeptReads(
            {**self.files, **other.files},
            sorted({*self.missing, *other.missing}),
            [(folder, pattern, list(names)) for folder, pattern, names in listings],
        )

    def unchanged(self) -> bool:
        """Whatever was read has not changed since: the same bytes, nothing new where
        something was looked for, the same names in each folder listed."""
        if not reads_unchanged(self.files, {}) or any(Path(path).exists() for path in self.missing):
            return False
        return all(
            _names(Path(folder), pattern) == names for folder, pattern, names in self.listings
        )


def _names(folder: Path, pattern: str) -> list[str]:
    return sorted(path.name for path in folder.glob(pattern)) if folder.is_dir() else []
