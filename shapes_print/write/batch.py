"""Write stage, the work of a build: plan and render each kit into the staging folder.

Input: the kits to build (some planned already), the staging folder, the formats, how many
processes, and the SHA-256 of each PDF the catalogue has a thumbnail of. Output: for each
kit in plan order, what planning recorded and what each of its files gave (name, pages,
bytes, SHA-256), with a thumbnail for each PDF whose bytes are new, drawn from the file
just written (or kept from a drawing of the same bytes, write/thumbnail.py) into
`staging/_thumbnails/`. With more than one process, each forked worker
plans and renders runs of neighbouring kits (a game's kits under a label set share sheets
and memos), so planning is spread over the cores too; the first kit to fail, in plan
order, raises its error whatever the number of processes.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import partial
from pathlib import Path

from msgspec import Struct
from msgspec.structs import replace

from shapes_print.buildcache import BuildCache
from shapes_print.errors import system_error
from shapes_print.geometry.primitives import Document
from shapes_print.plan.embosser import EmbosserFile
from shapes_print.plan.kit import KitFile
from shapes_print.plan.tabletop import TabletopDeck
from shapes_print.render.pdf import write_pdf
from shapes_print.workdone import done
from shapes_print.write.cataloguepage import THUMBNAILS, Thumbnail
from shapes_print.write.forked import forked_map, started_map
from shapes_print.write.manifest import sha256
from shapes_print.write.thumbnail import draw_thumbnail
from shapes_print.write.uptodate import KitPlan, plan_recorded

# Runs of neighbouring kits each worker takes, about: neighbours (the kits of a game under
# a label set) share most pages and plans, which a worker makes once for all the kits it
# renders, while more, shorter runs even out the workers' loads.
_RUNS_PER_WORKER = 8
Planned = tuple[list[KitFile], dict[str, dict[str, str]]]  # a kit's files, what planning read


class FileMade(Struct, frozen=True):
    """One file written into staging, and the thumbnail drawn of it if it is a new PDF;
    an embosser file, of which none is drawn, with its title and language instead."""

    name: str
    pages: int
    size: int
    sha256: str
    thumbnail: Thumbnail | None = None
    title: str = ""
    lang: str = ""


class KitMade(Struct, frozen=True):
    """One kit in staging: what its manifest entries record of planning (the files read),
    and for each of its files in plan order, its audience and what it gave."""

    recorded: dict[str, dict[str, str]]
    files: tuple[tuple[str, tuple[FileMade, ...]], ...]


def make_kits(
    staging: Path,
    kits: Sequence[KitPlan],
    plans: dict[str, Planned],
    formats: Sequence[str],
    jobs: int,
    lock: int | None,
    thumbnailed: set[str],
    cache: BuildCache,
) -> Iterator[KitMade]:
    """Each kit planned (unless `plans` has it) and rendered into `staging/<folder>`, in
    order, with what the build's `cache` holds; a kit's plan is let go once it is
    rendered. `thumbnailed`: the PDFs (by SHA-256) not to draw again."""
    for kit in kits:
        (staging / kit.folder).mkdir(parents=True)
    pictures = staging / THUMBNAILS
    pictures.mkdir()
    drawn = set(thumbnailed)  # each process's own copy, with what it drew added
    workers = min(jobs, len(kits))  # a single kit is made in this process
    # A kit made in this process with processes to spare shares out its TTS sheets over them.
    rendered = _Rendered(jobs if workers <= 1 else 1, lock, cache)  # each process's own too

    def make(index: int) -> KitMade:
        kit = kits[index]
        planned = plans.pop(kit.folder, None)
        files, recorded = planned or plan_recorded(kit)
        with rendered.next_kit():  # the TTS sheets it starts are waited for, or stopped
            jobs = [
                (file, _render_job(staging, kit.folder, file, formats, pictures, drawn, rendered))
                for file in files
            ]
            made = tuple((file.audience, _titled(file, job())) for file, job in jobs)
        return KitMade(recorded, made)

    run = max(1, len(kits) // (max(workers, 1) * _RUNS_PER_WORKER))
    return forked_map(make, len(kits), workers, lock, run)


class _Rendered:
    """How this process renders: over how many processes a TTS deck's sheets are drawn
    (`sheets`, holding the build's `lock`), with what the build's `cache` holds (what other
    files drew, for this one to copy), and the PDF bytes of this kit's files and the
    kit's before, by what they were rendered from: a kit's neighbour (the same game, label
    set and paper at another player count) prints the very same cards document when its
    deck does not depend on the player count (plan/cardfile.py), and a document renders to
    the same bytes each time. Found by the ids of the document's parts (each kit's copy is
    dated anew, pipeline/pipeline.py) and, for a print-shop file, whose bytes name it, by
    its name. Each entry holds its document, so no id is reused while it is kept."""

    def __init__(self, sheets: int, lock: int | None, cache: BuildCache) -> None:
        self.sheets, self.lock, self.cache = sheets, lock, cache
        self.started = contextlib.ExitStack()  # the kit's TTS sheets under way
        self._before: dict[tuple[object, ...], tuple[Document, bytes]] = {}
        self._now: dict[tuple[object, ...], tuple[Document, bytes]] = {}

    def spread(self, task: Callable[[int], Path], count: int) -> Iterator[Path]:
        """A TTS deck's sheets (render/tabletop.py's Spread), in order, over `sheets`
        processes, started at once: the same bytes over any number."""
        return self.started.enter_context(started_map(task, count, self.sheets, self.lock))

    def next_kit(self) -> contextlib.ExitStack:
        """The next kit's rendering: leaving it waits for the sheets it started."""
        self._before, self._now = self._now, {}
        self.started = contextlib.ExitStack()
        return self.started

    def pdf(self, document: Document, name: str) -> bytes:
        parts = (_same(getattr(document, name)) for name in document.__struct_fields__)
        key = (*parts, name if document.press else "")
        found = self._now.get(key) or self._before.get(key)
        if found is None:
            buffer = io.BytesIO()
            write_pdf(document, buffer, name, self.cache)
            done("drawn", name)
            found = (document, buffer.getvalue())
        self._now[key] = found
        return found[1]


def _titled(kit_file: KitFile, made: tuple[FileMade, ...]) -> tuple[FileMade, ...]:
    """An embosser file's made with its title and language, which the catalogue links it
    by: a PDF's are read from the PDF with its thumbnail."""
    document = kit_file.document
    if not isinstance(document, EmbosserFile):
        return made
    return tuple(replace(file, title=document.title, lang=document.lang) for file in made)


def _same(part: object) -> object:
    """A document's part as a key: a plain value as itself, anything else by its id."""
    return part if part is None or isinstance(part, (str, int, float)) else id(part)


def _render_job(
    staging: Path,
    folder: str,
    kit_file: KitFile,
    formats: Sequence[str],
    pictures: Path,
    drawn: set[str],
    rendered: _Rendered,
) -> Callable[[], tuple[FileMade, ...]]:
    """The file's rendering, done when its result is asked for; but a Tabletop Simulator
    deck's sheets are started at once, over the processes to spare, so they are drawn
    while this process renders the kit's other files."""
    target, placed_in = staging / folder, staging.parent / folder
    document = kit_file.document
    if not isinstance(document, TabletopDeck):
        files = partial(_render_file, kit_file, document, target, formats, rendered)
        return partial(_made, files, placed_in, pictures, drawn)
    from shapes_print.render.tabletop import start_tabletop  # pdfium: only TTS needs it

    deck = start_tabletop(document, target, placed_in, rendered.spread, rendered.cache)

    def sheets_and_saved_object() -> Iterator[tuple[Path, int, bytes | None]]:
        return ((path, pages, None) for path, pages in deck())  # each hashed once drawn

    return partial(_made, sheets_and_saved_object, placed_in, pictures, drawn)


def _made(
    files: Callable[[], Iterable[tuple[Path, int, bytes | None]]],
    placed_in: Path,
    pictures: Path,
    drawn: set[str],
) -> tuple[FileMade, ...]:
    """What the files gave (their bytes, where `files` has them, else read back), with a
    thumbnail for each PDF not yet drawn; an error named by the kit folder `placed_in`."""
    try:
        found = []
        for path, pages, data in files():
            if data is None:
                size, digest = path.stat().st_size, sha256(path)
            else:
                size, digest = len(data), hashlib.sha256(data).hexdigest()
            thumbnail = None
            if path.suffix == ".pdf" and digest not in drawn:
                thumbnail = draw_thumbnail(path, pictures, digest)
                drawn.add(digest)
            found.append(FileMade(path.name, pages, size, digest, thumbnail))
    except OSError as error:  # named by the kit folder it was for, not the staging copy
        raise system_error(error, placed_in) from None
    return tuple(found)


def _render_file(
    kit_file: KitFile,
    document: Document | EmbosserFile,
    target: Path,
    formats: Sequence[str],
    rendered: _Rendered,
) -> list[tuple[Path, int, bytes | None]]:
    """The file's PDF (with its bytes, so they are not read back to be hashed);
    with `svg`, also every page as SVG and a cut file for pages with cuts; with `png`, each
    page of a file that names its pictures as a PNG. An embosser's file is its BRF."""
    if isinstance(document, EmbosserFile):  # for a braille embosser: no pages to draw
        brf = target / f"{kit_file.name}.brf"
        encoded = document.encoded()
        brf.write_bytes(encoded)
        return [(brf, len(document.pages), encoded)]
    pdf = target / f"{kit_file.name}.pdf"
    data = rendered.pdf(document, kit_file.name)
    pdf.write_bytes(data)
    made: list[tuple[Path, int, bytes | None]] = [(pdf, len(document.pages), data)]
    if "png" in formats and kit_file.pictures:
        from shapes_print.render.png import write_pngs  # pdfium: only pictures need it

        pictures = kit_file.pictures
        paths = write_pngs(document, pictures.names, pictures.dpi, target, rendered.cache)
        made += [(path, 1, None) for path in paths]
    if "svg" in formats:
        from shapes_print.render.svg import cut_svg, page_svg  # svgwrite: only SVG output needs it

        digits = max(2, len(str(len(document.pages))))
        for number, page in enumerate(document.pages, start=1):
            stem = f"{kit_file.name}_p{number:0{digits}d}"
            svg = target / f"{stem}.svg"
            text = page_svg(document, page).encode("utf-8")
            svg.write_bytes(text)
            made.append((svg, 1, text))
            if page.cuts:
                cut = target / f"{stem}_cut.svg"
                text = cut_svg(page).encode("utf-8")
                cut.write_bytes(text)
                made.append((cut, 1, text))
    return made
