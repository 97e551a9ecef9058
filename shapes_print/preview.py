"""Preview stage: PNG pictures of a built kit, so people can look before they spend paper.

Input: the PDFs that `write` put in a kit folder. Output: `<kit>/preview/<file>_pNN.png`, one
per page at the asked dpi, and `<kit>/preview/contact-sheet.png` with every page as a
thumbnail. Pictures are drawn in a temporary folder and swapped in whole, like kits; a later
build swaps the whole kit folder, so previews never outlive the PDFs they show.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image, ImageDraw, ImageFont

from shapes_print.errors import Source, UserError
from shapes_print.limits import MAX_PREVIEW_PIXELS
from shapes_print.options import named_size
from shapes_print.paths import check_output
from shapes_print.pipeline import BuildOptions, Sources, build_project, load_project, papers
from shapes_print.write import Written, swap_in

PREVIEW = "preview"
CONTACT_SHEET = "contact-sheet.png"
POINTS_PER_INCH = 72

# Contact-sheet layout, in screen pixels. It is never printed, so it owes nothing to the
# print rules; these only make it readable.
COLUMNS = 4  # even, so each card face sheet sits beside its back sheet
THUMB_WIDTH = 240  # four A4 thumbnails side by side fit a laptop screen
GAP = 16
LABEL_SIZE = 14
BACKGROUND = "#D9D9D9"  # grey, so white pages stand out
INK = "#000000"
EDGE = "#808080"


@dataclass(frozen=True, slots=True)
class Preview:
    """The pictures of one kit: a PNG per page, in kit order, and the contact sheet."""

    folder: Path
    pages: tuple[Path, ...]
    contact_sheet: Path


def render_page(page: pdfium.PdfPage, dpi: int) -> Image.Image:
    """One page at `dpi`, exactly round(size in inches x dpi) pixels each way.

    pdfium rounds the bitmap size up; the extra row or column is only a sliver of a pixel at
    the page's right and bottom edge, so it is cut off.
    """
    width, height = page.get_size()
    scale = dpi / POINTS_PER_INCH
    image = page.render(scale=scale).to_pil().convert("RGB")
    return image.crop((0, 0, round(width * scale), round(height * scale)))


def build_and_preview(
    sources: Sources,
    game: str,
    players: str | None,
    paper: str | None,
    out: Path,
    dpi: int,
    labels: Sequence[str] = (),
) -> list[Preview]:
    """Build the asked kits of one game, then preview them.

    Building first means a preview always shows the YAML as it is now, never an old kit.
    Without --players or --paper: the game's smallest count, on the first paper listed.
    """
    check_output(out, sources.inputs())
    project = load_project(sources, [game], labels)
    counts = players or str(project.games[game].game.players.min)
    options = BuildOptions(counts, paper or next(iter(project.library.papers)))
    for name in papers(project, options.paper):
        check_preview_size(name, named_size(name, project.library.papers, "--paper"), dpi)
    written = build_project(project, options, out)
    return preview_kits(written, dpi)


def check_preview_size(paper: str, size: tuple[float, float], dpi: int) -> None:
    """A page's pixels at `dpi` within the limit, before anything is built or drawn."""
    pixels = round(size[0] / 72 * dpi) * round(size[1] / 72 * dpi)
    if pixels > MAX_PREVIEW_PIXELS:
        raise UserError(
            Source(Path("--dpi")),
            f"a {paper} page at {dpi} dpi is {pixels:,} pixels, over the limit of "
            f"{MAX_PREVIEW_PIXELS:,}; ask for fewer dots per inch",
        )


def preview_kits(written: Sequence[Written], dpi: int) -> list[Preview]:
    """Preview every kit folder among `written`, in the order they were built."""
    by_folder: dict[Path, list[Path]] = {}
    for item in written:
        by_folder.setdefault(item.path.parent, []).append(item.path)
    return [preview_kit(folder, pdfs, dpi) for folder, pdfs in by_folder.items()]


def preview_kit(folder: Path, pdfs: Sequence[Path], dpi: int) -> Preview:
    """Render every page of `pdfs` into `folder/preview`, replacing what was there."""
    workspace = Path(tempfile.mkdtemp(prefix=".preview-", dir=folder))
    staging = workspace / PREVIEW  # made with mkdir, so it gets the usual permissions
    try:
        staging.mkdir()
        names: list[str] = []
        groups: list[tuple[str, list[Image.Image]]] = []
        for pdf in pdfs:
            thumbs: list[Image.Image] = []
            document = pdfium.PdfDocument(pdf)
            try:
                for index in range(len(document)):
                    image = render_page(document[index], dpi)
                    names.append(f"{pdf.stem}_p{index + 1:02d}.png")
                    image.save(staging / names[-1])
                    thumbs.append(_thumbnail(image))
            finally:
                document.close()
            groups.append((pdf.name, thumbs))
        contact_sheet(groups).save(staging / CONTACT_SHEET)
        target = folder / PREVIEW
        swap_in(staging, target)
    finally:
        shutil.rmtree(workspace, ignore_errors=True)
    return Preview(target, tuple(target / name for name in names), target / CONTACT_SHEET)


def contact_sheet(groups: Sequence[tuple[str, Sequence[Image.Image]]]) -> Image.Image:
    """Thumbnails of all pages: one titled block per file, COLUMNS thumbnails to a row."""
    font = ImageFont.load_default(size=LABEL_SIZE)
    line = LABEL_SIZE + GAP // 2
    blocks = [
        (title, [thumbs[i : i + COLUMNS] for i in range(0, len(thumbs), COLUMNS)])
        for title, thumbs in groups
    ]
    height = GAP + sum(
        line + sum(max(t.height for t in row) + line + GAP for row in rows) for _, rows in blocks
    )
    sheet = Image.new("RGB", (GAP + COLUMNS * (THUMB_WIDTH + GAP), height), BACKGROUND)
    draw = ImageDraw.Draw(sheet)
    y = GAP
    for title, rows in blocks:
        draw.text((GAP, y), title, fill=INK, font=font)
        y += line
        for row_index, row in enumerate(rows):
            for column, thumb in enumerate(row):
                x = GAP + column * (THUMB_WIDTH + GAP)
                sheet.paste(thumb, (x, y))
                draw.rectangle((x - 1, y - 1, x + thumb.width, y + thumb.height), outline=EDGE)
                page = row_index * COLUMNS + column + 1
                draw.text((x, y + thumb.height + 2), f"page {page}", fill=INK, font=font)
            y += max(t.height for t in row) + line + GAP
    return sheet


def _thumbnail(image: Image.Image) -> Image.Image:
    """A THUMB_WIDTH-wide copy; kept instead of the full page so memory stays small."""
    height = max(1, round(image.height * THUMB_WIDTH / image.width))
    return image.resize((THUMB_WIDTH, height), Image.Resampling.LANCZOS)
