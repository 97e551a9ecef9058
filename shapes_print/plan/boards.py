"""A board or mat larger than a page, tiled over pages (game.yaml's `boards:`).

Input: a board (its size and overlap), its picture (read with the kit), the paper and the
drawing context. Output: a document of one page per tile, in rows from the top (A, B, ...)
and columns from the left (1, 2, ...), each tile showing its part of the board and
`overlap` more of each neighbour's. Where two tiles meet, the one right of or below the
seam has a dashed line down the middle of the overlap (cut along it) and the other a solid
line at the same place on the board (lay the cut edge on it); each tile is named in its
margin (`B2`) and each edge that meets a neighbour names that neighbour, so the tiles go
together in any order. Names are a grid reference, the same in every language. A tile
shows the board above the room a sheet keeps for its running foot, which the kit gives
every tile (plan/planners.py).
"""

from __future__ import annotations

from math import ceil

from shapes_print.errors import Source, UserError
from shapes_print.geometry.outlines import rounded_rect_ops
from shapes_print.geometry.primitives import (
    Anchor,
    Artifact,
    Document,
    Group,
    Image,
    Item,
    Line,
    Page,
    Picture,
    Text,
)
from shapes_print.kit.context import DrawContext
from shapes_print.load.models import Board
from shapes_print.load.printmodels import SheetStyle
from shapes_print.plan.dashes import dashed


def tile_name(row: int, column: int) -> str:
    """A tile's grid reference: its row's letter (A from the top), its column's number."""
    return f"{chr(ord('A') + row)}{column + 1}"


def board_document(
    board: Board,
    picture: Picture,
    where: Source,
    paper: tuple[float, float],
    ctx: DrawContext,
    title: str,
) -> Document:
    """The board's tiles, a page each, on the paper turned the way that needs fewer pages;
    `picture` is the board's, read with the kit (kit/pictures.py)."""
    style = ctx.style
    upright = _grid(board, paper, style, where)
    turned = _grid(board, (paper[1], paper[0]), style, where)
    width, height = paper if upright[0] * upright[1] <= turned[0] * turned[1] else paper[::-1]
    rows, columns = _grid(board, (width, height), style, where)
    if rows > 26:
        raise UserError(where, f"board {title!r} needs {rows} rows of pages, over 26 (A to Z)")
    shown = Image(picture, 0.0, 0.0, board.width, board.height)
    pages = [
        _tile(board, shown, (row, column), (rows, columns), (width, height), ctx)
        for row in range(rows)
        for column in range(columns)
    ]
    return Document(title, pages, {}, "none", ctx.words.locale)


def tile_area(paper: tuple[float, float], style: SheetStyle) -> tuple[float, float]:
    """The part of a page a tile shows: inside its margins, above the room a sheet's
    running foot takes ("game · the map · page 2 of 4" stands under the board, not on it)."""
    return paper[0] - 2 * style.margin, paper[1] - style.margin - style.running_footer_height


def _grid(
    board: Board, paper: tuple[float, float], style: SheetStyle, where: Source
) -> tuple[int, int]:
    """Rows and columns of tiles: each page shows its area, less the overlap it shares."""
    area = tile_area(paper, style)
    if min(area) <= 2 * board.overlap:
        raise UserError(
            where,
            f"overlap {board.overlap / 72 * 25.4:.1f} mm: a tile must show more than twice "
            f"its overlap, and this paper's pages show {min(area) / 72 * 25.4:.1f} mm",
        )
    steps = area[0] - board.overlap, area[1] - board.overlap
    return (
        max(1, ceil((board.height - board.overlap) / steps[1] - 1e-9)),
        max(1, ceil((board.width - board.overlap) / steps[0] - 1e-9)),
    )


def _tile(
    board: Board,
    shown: Image,
    at: tuple[int, int],
    grid: tuple[int, int],
    paper: tuple[float, float],
    ctx: DrawContext,
) -> Page:
    """One tile: its part of the board clipped to the page's area, the seam lines, names."""
    (row, column), (rows, columns) = at, grid
    width, height = paper
    margin, overlap = ctx.style.margin, board.overlap
    area = tile_area(paper, ctx.style)
    # The board's point at the area's top-left corner, in board points from its top-left.
    left, top = column * (area[0] - overlap), row * (area[1] - overlap)
    dx, dy = margin - left, height - margin + top - board.height  # board origin on the page
    seen_w, seen_h = min(area[0], board.width - left), min(area[1], board.height - top)
    clip = rounded_rect_ops(margin, height - margin - seen_h, seen_w, seen_h, 0)
    drawn: Item = Group((Group((shown,), dx=dx, dy=dy),), clip=clip)
    if board.alt:
        drawn = Group((drawn,), alt=f"{board.alt} ({tile_name(row, column)})", role="Figure")
    else:
        drawn = Artifact((drawn,), "Background")
    ink, thin = ctx.style.furniture.mark_colour, ctx.style.furniture.mark_width
    marks: list[Item] = []
    x_seams = (margin + overlap / 2, margin + seen_w - overlap / 2)
    y_seams = (height - margin - overlap / 2, height - margin - seen_h + overlap / 2)
    low, high = height - margin - seen_h, height - margin
    if column > 0:  # cut along the middle of the overlap with the left neighbour
        marks += dashed((x_seams[0], low), (x_seams[0], high), ink, thin)
    if column < columns - 1:  # the right neighbour's cut edge lies on this line
        marks.append(Line(x_seams[1], low, x_seams[1], high, ink, thin))
    if row > 0:
        marks += dashed((margin, y_seams[0]), (margin + seen_w, y_seams[0]), ink, thin)
    if row < rows - 1:
        marks.append(Line(margin, y_seams[1], margin + seen_w, y_seams[1], ink, thin))
    marks += _names((row, column), grid, paper, margin, ctx)
    return Page(width, height, (drawn, Artifact(tuple(marks), "Layout")))


def _names(
    at: tuple[int, int],
    grid: tuple[int, int],
    paper: tuple[float, float],
    margin: float,
    ctx: DrawContext,
) -> list[Item]:
    """The tile's name below its area, larger, and each neighbour's name in the margin of
    the edge it meets."""
    (row, column), (rows, columns) = at, grid
    width, height = paper
    font, size, ink = ctx.fonts.regular.name, ctx.style.label_size, ctx.style.ink
    middle = margin / 2 - size * 0.36
    names: list[Item] = [
        Text(width / 2, middle, tile_name(row, column), font, size * 1.5, ink, "middle")
    ]
    around: dict[tuple[int, int], tuple[float, float, Anchor]] = {
        (0, -1): (margin / 2, height / 2, "middle"),
        (0, 1): (width - margin / 2, height / 2, "middle"),
        (-1, 0): (width / 2, height - margin / 2 - size * 0.36, "middle"),
        (1, 0): (margin + size, middle, "start"),
    }
    for (down, across), (x, y, anchor) in around.items():
        if 0 <= row + down < rows and 0 <= column + across < columns:
            named = tile_name(row + down, column + across)
            names.append(Text(x, y, named, font, size, ink, anchor))
    return names
