"""Build stage, shared: what loading or planning read, kept in the cache folder as JSON.

Input: the files a recording noted (`inputs.InputFiles`). Output: the same as JSON can
hold it (files by absolute path with their SHA-256, paths looked for and not found, folder
listings with the names they gave), whether all of it is still so, and an entry read back
from the cache checked to be of that shape. `check` keeps one for each group it planned
clean (checkcache.py), `build` one for the kits a command line listed (lastbuild.py).
"""

from __future__ import annotations

from pathlib import Path

from msgspec import Struct, field

from shapes_print.inputs import InputFiles
from shapes_print.write.uptodate import reads_unchanged


class KeptReads(Struct, frozen=True):
    """Files by absolute path with their SHA-256, paths looked for and not found, and
    folder listings as (folder, pattern, the names it gave)."""

    files: dict[str, str] = field(default_factory=dict)
    missing: list[str] = field(default_factory=list)
    listings: list[tuple[str, str, list[str]]] = field(default_factory=list)

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

    def unchanged(self) -> bool:
        """Whatever was read has not changed since: the same bytes, nothing new where
        something was looked for, the same names in each folder listed."""
        if not reads_unchanged(self.files) or any(Path(path).exists() for path in self.missing):
            return False
        return all(
            _names(Path(folder), pattern) == names for folder, pattern, names in self.listings
        )


def _names(folder: Path, pattern: str) -> list[str]:
    return sorted(path.name for path in folder.glob(pattern)) if folder.is_dir() else []


def kept_reads(entry: object) -> KeptReads | None:
    """An entry read back from the cache, or None for one not of the shape written."""
    if not isinstance(entry, dict):
        return None
    files, missing, listings = (entry.get(key) for key in ("files", "missing", "listings"))
    if not (
        isinstance(files, dict)
        and all(isinstance(path, str) and isinstance(d, str) for path, d in files.items())
    ):
        return None
    if not (isinstance(missing, list) and all(isinstance(path, str) for path in missing)):
        return None
    if not (
        isinstance(listings, list)
        and all(
            isinstance(at, list)
            and len(at) == 3
            and isinstance(at[0], str)
            and isinstance(at[1], str)
            and isinstance(at[2], list)
            and all(isinstance(name, str) for name in at[2])
            for at in listings
        )
    ):
        return None
    return KeptReads(
        files, missing, [(folder, pattern, names) for folder, pattern, names in listings]
    )
