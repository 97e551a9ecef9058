"""Write stage, last step: the catalogue page of an output folder.

Input: the output folder and its manifest's entries (every file of every kit built into it,
by this build or an earlier one). Output: `index.html` in that folder, a section per game,
then label set, paper and player count, with a picture of each PDF's first page, a link to
every file, the host key marked, and the printing checklist; and `_thumbnails/`, one PNG per
distinct PDF named by its SHA-256, with `_thumbnails/documents.json` holding each picture's
size and its PDF's title and page count. Builds are deterministic, so a PDF whose bytes did
not change keeps its picture and is not opened again; a new PDF's picture is drawn by the
process that rendered it, from the bytes it wrote (write/thumbnail.py), and moved in from the
staging folder; pictures no listed PDF has any more are deleted. Each file is written under
a temporary name and renamed into place, so a reader sees the old page or the new one.
(Game ids are `a-z0-9-`: `_thumbnails` is no game's folder.)
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping
from pathlib import Path

from msgspec.structs import asdict, replace

from shapes_print.errors import Source, UserError
from shapes_print.inputs import within
from shapes_print.load.labels import STANDARD
from shapes_print.write.cataloguepage import (
    CALIBRATION,
    HOST,
    THUMBNAILS,
    Kit,
    Listed,
    Thumbnail,
    page,
)
from shapes_print.write.forked import forked_map
from shapes_print.write.thumbnail import draw_thumbnail
from shapes_print.write.uptodate import CARD_SIZE, FILE_TITLE, LANG, PARTIAL

INDEX = "index.html"
DOCUMENTS = "documents.json"
# Thumbnails a worker process takes at a time: fewer new ones than that are drawn in this
# process, and at least twice as many make two workers busy.
PER_WORKER = 16
# A kit's titles' shared start, up to its last mark followed by a space, or their shared
# end from a mark between spaces (`_shared_name`).
_JOINED = re.compile(r".*[^\w\s]\s", re.S)
_JOINING = re.compile(r"\s[^\w\s]+\s")

Entries = Mapping[str, Mapping[str, object]]
# Thumbnails the build drew while rendering, by their PDF's SHA-256: each with the folder
# (in the staging folder) it was drawn into.
Drawn = Mapping[str, tuple[Thumbnail, Path]]


def write_catalogue(out: Path, entries: Entries, jobs: int = 1, drawn: Drawn | None = None) -> None:
    """Bring `_thumbnails/` up to date with the listed PDFs (new ones not `drawn` already
    drawn by up to `jobs` processes), then write `index.html`."""
    thumbnails = update_thumbnails(out, entries, jobs, drawn)
    _replace(out / INDEX, page(kits(entries, thumbnails)).encode("utf-8"))


def known_thumbnails(out: Path) -> set[str]:
    """The SHA-256 of each PDF whose thumbnail `out/_thumbnails/` holds: a build draws only
    the others."""
    folder = out / THUMBNAILS
    if folder.is_symlink() or not folder.is_dir():
        return set()
    return {digest for digest, t in _read_known(folder).items() if (folder / t.file).is_file()}


def update_thumbnails(
    out: Path, entries: Entries, jobs: int = 1, drawn: Drawn | None = None
) -> dict[str, Thumbnail]:
    """A thumbnail for each listed PDF, by SHA-256: kept where the hash is known, moved in
    from where the build drew it (`drawn`), rendered where it is new; those of PDFs no
    longer listed are deleted."""
    folder = out / THUMBNAILS
    if folder.is_symlink():
        raise UserError(
            Source(folder), "is a symbolic link; builds never write through links inside --out"
        )
    folder.mkdir(exist_ok=True)
    known = _read_known(folder)
    wanted: dict[str, str] = {}
    inside: dict[str, bool] = {}  # by kit folder: whether it stays inside `out`
    for name, entry in sorted(entries.items()):
        digest = entry.get("sha256")
        if name.endswith(".pdf") and isinstance(digest, str) and _regular(out, name, inside):
            wanted.setdefault(digest, name)
    kept = {d: t for d, t in known.items() if d in wanted and (folder / t.file).is_file()}
    for digest, (thumbnail, staged) in (drawn or {}).items():
        if digest in wanted and digest not in kept and (staged / thumbnail.file).is_file():
            os.replace(staged / thumbnail.file, folder / thumbnail.file)
            kept[digest] = thumbnail
    new = [(out / name, folder, digest) for digest, name in wanted.items() if digest not in kept]
    made = dict(zip((digest for _, _, digest in new), _render_all(new, jobs), strict=True))
    thumbnails = {
        digest: _titled(kept.get(digest) or made[digest], name) for digest, name in wanted.items()
    }
    _replace(
        folder / DOCUMENTS,
        (
            json.dumps({d: asdict(t) for d, t in thumbnails.items()}, indent=1, sort_keys=True)
            + "\n"
        ).encode(),
    )
    keep = {t.file for t in thumbnails.values()} | {DOCUMENTS}
    for path in folder.iterdir():
        if path.name not in keep and not path.is_dir():
            path.unlink()
    return thumbnails


def _titled(thumbnail: Thumbnail, name: str) -> Thumbnail:
    """A PDF without a title of its own is named by its file."""
    return thumbnail if thumbnail.title else replace(thumbnail, title=Path(name).stem)


def _regular(out: Path, name: str, inside: dict[str, bool]) -> bool:
    """Whether `out / name` is a regular file inside `out`: a PDF deleted by hand, or a
    name leading out, gets no thumbnail (and pdfium never opens it). A file that is no
    link is inside when its folder is, which is resolved once (`inside`) for its files."""
    folder, file = name.rsplit("/", 1)
    if folder not in inside:
        inside[folder] = within(out, folder) is not None
    path = out / name
    return (
        inside[folder] and file not in ("", ".", "..") and not path.is_symlink() and path.is_file()
    )


Drawing = tuple[Path, Path, str]  # a PDF, the thumbnails folder, the PDF's SHA-256


def _render_all(drawings: list[Drawing], jobs: int) -> list[Thumbnail]:
    """The thumbnails in order; with many to draw and `jobs` above 1, by forked processes
    (write/forked.py), `PER_WORKER` at a time."""
    workers = min(jobs, len(drawings) // PER_WORKER)

    def drawn(index: int) -> Thumbnail:
        return draw_thumbnail(*drawings[index])

    return list(forked_map(drawn, len(drawings), workers, run=PER_WORKER))


def _read_known(folder: Path) -> dict[str, Thumbnail]:
    """What an earlier build recorded; anything unreadable is simply rendered again."""
    try:
        data = json.loads((folder / DOCUMENTS).read_text(encoding="utf-8"))
        return {digest: Thumbnail(**fields) for digest, fields in data.items()}
    except (OSError, ValueError, TypeError, AttributeError):
        return {}


def kits(entries: Entries, thumbnails: Mapping[str, Thumbnail]) -> list[Kit]:
    """The listed files grouped by kit folder, each kit's PDFs first (the host key last)
    and its SVG files under the PDF they were drawn from, in the page's order."""
    found: dict[str, Kit] = {}
    loose: list[tuple[str, Mapping[str, object]]] = []
    for name, entry in sorted(entries.items()):
        if not name.endswith(".pdf"):
            loose.append((name, entry))
            continue
        folder = name.rsplit("/", 1)[0]
        kit = found.get(folder) or found.setdefault(folder, _kit(folder, entry))
        digest = str(entry.get("sha256", ""))
        size = entry.get("bytes")
        kit.files.append(
            Listed(
                name,
                str(entry.get("audience", "")),
                size if isinstance(size, int) else 0,
                thumbnails.get(digest),
            )
        )
    for name, entry in loose:
        folder, file = name.rsplit("/", 1)
        kit = found.get(folder) or found.setdefault(folder, _kit(folder, entry))
        source = next((f for f in kit.files if file.startswith(f"{_stem(f.path)}_p")), None)
        if source is None:
            kit.files.append(_loose(name, entry))
        else:
            source.extras.append(name)
    for kit in found.values():
        kit.files.sort(key=lambda listed: (listed.audience == HOST, listed.path))
        named = [f.title for f in kit.files if f.title]
        kit.prefix, kit.suffix = _shared_name(named)
    return sorted(found.values(), key=_place)


def _loose(name: str, entry: Mapping[str, object]) -> Listed:
    """A file that is not a PDF nor drawn from one (an embosser file), titled as its kit's
    label set titles it where its entry says (`FILE_TITLE`), else by its kind."""
    size, pages, title = entry.get("bytes"), entry.get("pages"), entry.get(FILE_TITLE)
    return Listed(
        name,
        str(entry.get("audience", "")),
        size if isinstance(size, int) else 0,
        None,
        pages=pages if isinstance(pages, int) else 0,
        own_title=title if isinstance(title, str) else "",
        own_lang=str(entry.get(LANG, "")) if title else "",
    )


def _kit(folder: str, entry: Mapping[str, object]) -> Kit:
    game = str(entry.get("game", ""))
    players, flip = entry.get("players"), entry.get("flip")
    count = "" if players is None else str(int(str(players)))
    if count:
        heading, order = f"{count} {'player' if count == '1' else 'players'}", (int(count), "")
    elif flip is not None:
        heading, order = f"flip on {flip} edge", (0, str(flip))
    else:
        heading, order = folder, (0, folder)
    if size := entry.get(CARD_SIZE):  # beside the kit at the game's own card size
        heading = f"{heading}, {size} cards"
    if partial := entry.get(PARTIAL):  # never listed as the whole kit it is part of
        heading = f"{heading}, partial build: {partial}"
    title = str(entry.get("title") or game or "Duplex calibration sheets")
    labels, paper = str(entry.get("labels", STANDARD)), str(entry.get("paper", ""))
    version = str(entry.get("version") or labels)  # a folder built before sets had titles
    return Kit(
        game or folder.split("/", 1)[0], title, labels, paper, heading, order, version, count
    )


def _place(kit: Kit) -> tuple:
    """Games by title (calibration, which is no game's, last), the standard label set
    first, papers by name, player counts as numbers."""
    return (
        kit.game == CALIBRATION,
        kit.title.casefold(),
        kit.game,
        kit.labels != STANDARD,
        kit.labels,
        kit.paper,
        kit.order,
    )


def _shared_name(titles: list[str]) -> tuple[str, str]:
    """What every title of a kit of two or more starts with, up to the last mark and space
    in it ("Pass and pick shapes: ", and the Spanish "Formas: pase y elija" and its dash),
    or else ends with, from the first space, mark and space in it (" \u2014 Collect 3", a
    set that names the file first): the game's name as the label set joins it to each
    file's, which the section's heading already says. A name holding a colon of its own
    keeps it whole."""
    if len(titles) < 2:
        return "", ""
    joined = _JOINED.match(_shared_start(titles))
    if joined:
        return joined.group(0), ""
    ending = _shared_start([title[::-1] for title in titles])[::-1]
    mark = _JOINING.search(ending)
    return "", ending[mark.start() :] if mark else ""


def _shared_start(titles: list[str]) -> str:
    """The longest start every title shares."""
    first, last = min(titles), max(titles)  # what these share, every title between shares
    differ = (at for at, (a, b) in enumerate(zip(first, last, strict=False)) if a != b)
    return first[: next(differ, len(first))]


def _stem(path: str) -> str:
    return path.rsplit("/", 1)[-1].rsplit(".", 1)[0]


def _replace(path: Path, data: bytes) -> None:
    """Write `data` to a fresh temporary file beside `path`, then rename it into place."""
    temporary = path.with_name(f".{path.name}.tmp")
    temporary.unlink(missing_ok=True)  # a fresh file: never write through a planted link
    with temporary.open("xb") as handle:
        handle.write(data)
    os.replace(temporary, path)
