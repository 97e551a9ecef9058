"""Table sheets (setup, scoring table, score sheets, arrows, host keys) as flowing blocks.

Each block is measured against the content width and drawn with its top at y = 0, growing
downwards; the flow stacks blocks and starts a new page when the next one does not fit.
Every page gets the scale check and print line in its bottom margin.
Tables are measured, drawn and split over pages in `tables`; where lists break, in `breaks`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import takewhile
from typing import Any

from shapes_print.errors import Source, UserError
from shapes_print.load.content import Block, LoadedDocument
from shapes_print.load.models import ArrowBlock, CardsCell, ScoreSheetBlock, SheetStyle, TableBlock
from shapes_print.message import fill
from shapes_print.plan.breaks import break_list
from shapes_print.plan.cards import MINI_GAP, card_id_lines, picture
from shapes_print.plan.context import DrawContext
from shapes_print.plan.furniture import margin_stretches, place_furniture
from shapes_print.plan.tables import Drawn, Parts, column_widths, grid, split_grid
from shapes_print.primitives import Group, Item, Page, Paint, Path, Rect, Symbol, Text, Use
from shapes_print.text import wrap
from shapes_print.values import player_range

DESCENT = 0.25
CAP = 0.75


@dataclass(slots=True)
class SheetInputs:
    """What a document's text may refer to, and the card drawings minis are made from."""

    values: Mapping[str, Any]
    lists: Mapping[str, Sequence[Mapping[str, Any]]]
    faces: Mapping[str, Symbol]
    players: int
    print_line: str


@dataclass(slots=True)
class _Flow:
    """Pages filled so far, the current page's items, and `cursor`: the y the next block starts at."""

    ctx: DrawContext
    page: tuple[float, float]
    print_line: str
    pages: list[Page] = field(default_factory=list)
    items: list[Item] = field(default_factory=list)
    cursor: float = 0.0

    @property
    def box(self) -> tuple[float, float, float, float]:
        style = self.ctx.style
        width, height = self.page
        return style.margin, style.footer_height, width - style.margin, height - style.margin

    @property
    def width(self) -> float:
        left, _, right, _ = self.box
        return right - left

    @property
    def height(self) -> float:
        _, bottom, _, top = self.box
        return top - bottom

    def start(self) -> None:
        self.items = []
        self.cursor = self.box[3]

    def room(self) -> float:
        return self.cursor - self.box[1]

    def add(self, drawn: Drawn, where: Source) -> None:
        height, items = drawn
        left, bottom, _, top = self.box
        if height > top - bottom:
            raise UserError(
                where,
                f"block is {height / 72 * 25.4:.0f} mm tall; a page holds {(top - bottom) / 72 * 25.4:.0f} mm",
            )
        if height > self.room():
            self.finish()
            self.start()
        self.items.append(Group(tuple(items), dx=left, dy=self.cursor))
        self.cursor -= height + self.ctx.style.block_gap

    def finish(self) -> None:
        if not self.items:
            return
        stretches = margin_stretches(self.box, self.page, [], [], self.ctx.style.furniture)
        stretches.sort(key=lambda s: (s.vertical, s.y))
        furniture = place_furniture(
            stretches,
            self.ctx.fonts.regular,
            self.ctx.style.furniture,
            self.print_line,
            self.ctx.furniture_source,
        )
        self.pages.append(Page(self.page[0], self.page[1], (*self.items, *furniture)))
        self.items = []


def plan_sheets(
    doc: LoadedDocument, inputs: SheetInputs, page: tuple[float, float], ctx: DrawContext
) -> list[Page]:
    """Pages of one sheet document for one player count; sections for other counts are left out.

    A filtered section may print its own range as `{section_players}`, so "Players: 2-4"
    is written once, in the filter.
    """
    flow = _Flow(ctx, page, inputs.print_line)
    for players, blocks in doc.sections:
        values = dict(inputs.values)
        if players is not None:
            low, high = player_range(players, doc.source.source())
            if not low <= inputs.players <= high:
                continue
            values["section_players"] = players
        flow.finish()
        flow.start()
        _blocks(flow, blocks, values, inputs)
    flow.finish()
    return flow.pages


_KEEP_WITH_NEXT = ("heading", "subheading")


def _blocks(
    flow: _Flow, blocks: Sequence[Block], values: dict[str, Any], inputs: SheetInputs
) -> None:
    for index, block in enumerate(blocks):
        if (
            block.kind in _KEEP_WITH_NEXT
            and _kept_height(flow, blocks[index:], values, inputs) > flow.room()
        ):
            flow.finish()
            flow.start()
        if block.kind == "for_each":
            items = inputs.lists.get(block.value.list)
            if items is None:
                raise UserError(block.source, f"for_each: no list named {block.value.list!r}")
            for number, item in enumerate(items, start=1):
                _blocks(flow, block.children, {**values, "n": number, **item}, inputs)
        elif block.kind == "page_break":
            flow.finish()
            flow.start()
        elif block.kind == "score_sheet" and block.value.copies == "fill":
            chunks = _score_sheet(flow, block.value, values, inputs, block.source).parts
            for chunk in chunks:
                flow.add(chunk, block.source)
            while len(chunks) == 1 and chunks[0][0] <= flow.room():
                flow.add(chunks[0], block.source)
        else:
            drawn = _DRAW[block.kind](flow, block.value, values, inputs, block.source)
            for chunk in drawn.parts if isinstance(drawn, Parts) else [drawn]:
                flow.add(chunk, block.source)


def _kept_height(
    flow: _Flow, blocks: Sequence[Block], values: dict[str, Any], inputs: SheetInputs
) -> float:
    """How tall the run from a heading must be on one page: a heading never ends a page
    without what it introduces, so it keeps with the headings right under it and the start
    of the first other block (a list's first items, a table's header and first row, any
    other block whole); when no drawn block follows, with those headings alone."""
    kept = list(takewhile(lambda block: block.kind in _KEEP_WITH_NEXT, blocks))
    following = blocks[len(kept)] if len(kept) < len(blocks) else None
    if following is not None and following.kind in _DRAW:
        kept.append(following)
    if len(kept) < 2:
        return 0.0
    heights = [_first(_DRAW[b.kind](flow, b.value, values, inputs, b.source))[0] for b in kept]
    return sum(heights) + flow.ctx.style.block_gap * (len(heights) - 1)


def _first(drawn: Drawn | Parts) -> Drawn:
    """The part of a block that must share a page with the heading above it."""
    return (drawn.lead, []) if isinstance(drawn, Parts) else drawn


# ---- text ------------------------------------------------------------------------------


def _paragraph(
    flow: _Flow, text: str, size: float, bold: bool, width: float, where: Source, x: float = 0.0
) -> Drawn:
    font = flow.ctx.fonts.pick(bold)
    font.check(text, where, "text")
    lines = wrap(text, font, size, width)
    if lines is None:
        raise UserError(
            where, f"a word in {text!r} is wider than the {width / 72 * 25.4:.0f} mm column"
        )
    leading = size * flow.ctx.style.line_spacing
    ink = flow.ctx.style.ink
    items: list[Item] = [
        Text(x, -size * CAP - i * leading, line, font.name, size, ink)
        for i, line in enumerate(lines)
    ]
    return size * CAP + leading * (len(lines) - 1) + size * DESCENT, items


def _words(size: Callable[[SheetStyle], float], bold: bool) -> Callable[..., Drawn]:
    """A block of words (heading, subheading, text): one paragraph the page wide, at the
    style's size for the kind and in bold or not."""

    def draw(
        flow: _Flow, value: str, values: Mapping[str, Any], _: SheetInputs, where: Source
    ) -> Drawn:
        text = flow.ctx.words.fill(value, values, where)
        return _paragraph(flow, text, size(flow.ctx.style), bold, flow.width, where)

    return draw


def _list(
    flow: _Flow, entries: Sequence[str], values: Mapping[str, Any], where: Source, numbered: bool
) -> Parts:
    """Steps or bullets, in parts that break over pages between items; a step keeps its number."""
    style = flow.ctx.style
    size = style.body_size
    indent = size * 2
    gap = size * (style.line_spacing - 1) * 2
    markers = [f"{number}." if numbered else "•" for number in range(1, len(entries) + 1)]
    measured = []
    for entry, marker in zip(entries, markers, strict=True):
        measured.append(
            _paragraph(
                flow,
                flow.ctx.words.fill(entry, values, where),
                size,
                False,
                flow.width - indent,
                where,
                indent,
            )
        )
        flow.ctx.fonts.bold.check(marker, where, "list marker")
    breaks = break_list(
        [height for height, _ in measured], gap, flow.room(), flow.height, style.list_keep
    )
    parts: list[Drawn] = []
    for indices, part_height in breaks.parts:
        items: list[Item] = []
        y = 0.0
        for index in indices:
            height, lines = measured[index]
            items.append(
                Text(0, y - size * CAP, markers[index], flow.ctx.fonts.bold.name, size, style.ink)
            )
            items.append(Group(tuple(lines), dy=y))
            y -= height + gap
        parts.append((part_height, items))
    return Parts(parts, breaks.lead)


def _steps(
    flow: _Flow, value: list[str], values: Mapping[str, Any], _: SheetInputs, where: Source
) -> Parts:
    return _list(flow, value, values, where, numbered=True)


def _bullets(
    flow: _Flow, value: list[str], values: Mapping[str, Any], _: SheetInputs, where: Source
) -> Parts:
    return _list(flow, value, values, where, numbered=False)


# ---- tables ----------------------------------------------------------------------------


def _cell_text(
    flow: _Flow, text: str, where: Source, bold: bool = False, size: float | None = None
) -> Callable[[float], Drawn]:
    return lambda width: _paragraph(
        flow, text, size or flow.ctx.style.body_size, bold, width, where
    )


def _cell_cards(
    flow: _Flow, cell: CardsCell, values: Mapping[str, Any], inputs: SheetInputs, where: Source
) -> Callable[[float], Drawn]:
    def draw(width: float) -> Drawn:
        items: list[Item] = []
        lines = []
        for line in card_id_lines(cell.cards, values, where):
            faces = []
            for card_id in line:
                face = inputs.faces.get(card_id)
                if face is None:
                    known = ", ".join(inputs.faces)
                    raise UserError(where, f"no card {card_id!r} in the deck (known: {known})")
                faces.append(face)
            lines.append(faces)
        # Wide cards (square, landscape sizes) shrink so the widest line still fits its cell.
        across = max(sum(f.width / f.height for f in fs) + MINI_GAP * (len(fs) - 1) for fs in lines)
        mini = min(flow.ctx.style.mini_card_height, width / across)
        gap = mini * MINI_GAP
        outline = Paint(stroke=flow.ctx.style.rule_colour, stroke_width=0.5)
        height = -gap
        for faces in lines:
            height += gap
            x = 0.0
            for face in faces:
                scale = mini / face.height
                items.append(Group((Use(face.name, 0, 0),), dx=x, dy=-height - mini, scale=scale))
                items.append(Rect(x, -height - mini, face.width * scale, mini, outline))
                x += face.width * scale + gap
            height += mini
        words = flow.ctx.words.fill(cell.text, values, where) if cell.text else ""
        # With picture words, the cell's text names the cards, or `alt` does beneath them.
        if flow.ctx.style.picture_words:
            alt = flow.ctx.words.fill(cell.alt, values, where) if cell.alt else words
            items = [picture(items, alt, cell.cards, where)]
            words = words or _unbroken_names(alt)
        if words:
            text_height, text_items = _paragraph(
                flow, words, flow.ctx.style.body_size, False, width, where
            )
            items.append(Group(tuple(text_items), dy=-height - flow.ctx.style.table_padding))
            height += flow.ctx.style.table_padding + text_height
        return height, items

    return draw


def _unbroken_names(alt: str) -> str:
    """A picture's caption names cards between commas ("Red 1, Green 5"); a name breaking
    over two lines ("Green" / "5") would read as two cards, so its spaces do not break."""
    return ", ".join(name.replace(" ", "\u00a0") for name in alt.split(", "))


def _table(
    flow: _Flow, table: TableBlock, values: Mapping[str, Any], inputs: SheetInputs, where: Source
) -> Parts:
    count = len(table.columns)
    shares = table.widths or [1.0] * count
    rows = [(values, row) for row in table.rows]
    if table.rows_from is not None:
        if table.rows_from not in inputs.lists:
            raise UserError(where, f"table: no list named {table.rows_from!r}")
        items = enumerate(inputs.lists[table.rows_from], start=1)
        rows += [({**values, "n": n, **item}, table.row) for n, item in items]
    if not rows:
        raise UserError(where, "table: needs 'rows', or 'rows_from' (a list) and 'row'")
    if len(shares) != count or any(len(row) != count for _, row in rows):
        raise UserError(
            where, f"table: every row and 'widths' must have {count} entries, one per column"
        )
    titles = [flow.ctx.words.fill(c, values, where) for c in table.columns]
    filled = [
        [
            cell if isinstance(cell, CardsCell) else flow.ctx.words.fill(cell, here, where)
            for cell in row
        ]
        for here, row in rows
    ]
    least = [
        max(
            [
                _widest_word(flow, title, True),
                *(_widest_word(flow, row[i], False) for row in filled if isinstance(row[i], str)),
            ]
        )
        for i, title in enumerate(titles)
    ]
    widths = column_widths(shares, least, flow.width)
    header = [_cell_text(flow, title, where, bold=True) for title in titles]
    body = [
        [_cell(flow, cell, here, inputs, where) for cell in row]
        for (here, _), row in zip(rows, filled, strict=True)
    ]
    heights = [0.0] * (len(body) + 1)
    shaded = [True] + [False] * len(body)
    style, room = flow.ctx.style, flow.room()
    return split_grid(style, widths, [header, *body], heights, shaded, room, flow.height)


def _widest_word(flow: _Flow, text: str, bold: bool) -> float:
    """The width a cell needs so its widest word fits, padding and rules included."""
    font = flow.ctx.fonts.pick(bold)
    widest = max((font.width(word, flow.ctx.style.body_size) for word in text.split()), default=0.0)
    return widest + 2 * flow.ctx.style.table_padding + 1


def _cell(
    flow: _Flow,
    cell: str | CardsCell,
    values: Mapping[str, Any],
    inputs: SheetInputs,
    where: Source,
) -> Callable[[float], Drawn]:
    """A filled cell: text as it is, a cards cell drawn from the deck's faces."""
    if isinstance(cell, CardsCell):
        return _cell_cards(flow, cell, values, inputs, where)
    return _cell_text(flow, cell, where)


def _facts(
    flow: _Flow,
    facts: list[tuple[str, str]],
    values: Mapping[str, Any],
    _: SheetInputs,
    where: Source,
) -> Drawn:
    style = flow.ctx.style
    widths = [flow.width * 0.7, flow.width * 0.3]
    rows = [
        [
            _cell_text(flow, flow.ctx.words.fill(label, values, where), where),
            _cell_text(
                flow,
                flow.ctx.words.fill(value, values, where),
                where,
                bold=True,
                size=style.subheading_size,
            ),
        ]
        for label, value in facts
    ]
    return grid(style, widths, rows, [0.0] * len(rows), [False] * len(rows))


def _cards(
    flow: _Flow, cell: CardsCell, values: Mapping[str, Any], inputs: SheetInputs, where: Source
) -> Drawn:
    return _cell_cards(flow, cell, values, inputs, where)(flow.width)


def _score_sheet(
    flow: _Flow,
    sheet: ScoreSheetBlock,
    values: Mapping[str, Any],
    inputs: SheetInputs,
    where: Source,
) -> Parts:
    style = flow.ctx.style
    if sheet.rows_from is not None:
        if sheet.rows_from not in inputs.lists:
            raise UserError(where, f"score_sheet: no list named {sheet.rows_from!r}")
        entries = [
            {**values, "n": i, **item}
            for i, item in enumerate(inputs.lists[sheet.rows_from], start=1)
        ]
    else:
        count = int(fill(str(sheet.rows), values, where)) if sheet.rows is not None else 0
        entries = [{**values, "n": i} for i in range(1, count + 1)]
    if not entries:
        raise UserError(where, "score_sheet: needs 'rows_from' (a list) or 'rows' (a number)")
    labels = [flow.ctx.words.fill(sheet.row_label, entry, where) for entry in entries]
    total = flow.ctx.words.fill(sheet.total_label, values, where)
    regular, bold = flow.ctx.fonts.regular, flow.ctx.fonts.bold
    pad = style.table_padding
    extras = [flow.ctx.words.fill(c, values, where) for c in sheet.extra_columns]
    extra_widths = [bold.width(c, style.body_size) + 2 * pad + 1 for c in extras]
    players = inputs.players
    names = [
        flow.ctx.words.fill(sheet.name_label, {**values, "column": c}, where)
        for c in range(1, players + 1)
    ]
    # Player columns get room for a score and their heading; the round labels take the rest
    # up to their natural width and wrap beyond it (large print, longer languages).
    widest_name = max(regular.width(name, style.label_size) for name in names)
    least_player = max(style.score_row_height, widest_name + 2 * pad + 1)
    natural = max(regular.width(label, style.body_size) for label in [*labels, total]) + 2 * pad + 1
    widest_word = max(
        regular.width(word, style.body_size) for label in [*labels, total] for word in label.split()
    )
    # Too many players for one table across the page (large print, ten players): the players
    # share out over several tables, each with the round labels, one under the other.
    tables = next(
        (
            n
            for n in range(1, players + 1)
            if flow.width - sum(extra_widths) - -(-players // n) * least_player
            >= widest_word + 2 * pad
        ),
        None,
    )
    if tables is None:
        raise UserError(where, "score_sheet: a player column does not fit the page width")
    across = -(-players // tables)
    label_width = min(natural, flow.width - sum(extra_widths) - across * least_player)
    player_width = (flow.width - label_width - sum(extra_widths)) / across
    if len(sheet.extra_cells) not in (0, len(extras)):
        message = f"score_sheet: 'extra_cells' needs {len(extras)} entries, one per extra column"
        raise UserError(where, message)
    cells = sheet.extra_cells or [""] * len(extras)
    rows = [
        [_cell_text(flow, label, where)]
        + [_cell_text(flow, flow.ctx.words.fill(cell, entry, where), where) for cell in cells]
        for label, entry in zip(labels, entries, strict=True)
    ]
    rows.append(
        [_cell_text(flow, total, where, bold=True)] + [_cell_text(flow, "", where)] * len(extras)
    )
    groups = [names[start : start + across] for start in range(0, players, across)]
    heights = [style.score_row_height * 1.5] + [style.score_row_height] * len(rows)
    shaded = [True] + [False] * (len(rows) - 1) + [True]
    gap = style.table_padding * 2
    title = note = None
    if sheet.title:
        title_text = flow.ctx.words.fill(sheet.title, values, where)
        title = _paragraph(flow, title_text, style.subheading_size, True, flow.width, where)
    if sheet.note:
        note_text = flow.ctx.words.fill(sheet.note, values, where)
        note = _paragraph(flow, note_text, style.body_size, False, flow.width, where)
    before = title[0] + gap if title else 0.0
    after = note[0] + gap if note else 0.0
    stacked: list[list[Drawn]] = []
    lead = 0.0
    for index, group in enumerate(groups):
        widths = [label_width, *extra_widths, *([player_width] * len(group))]
        header = [
            _cell_text(flow, "", where),
            *(_cell_text(flow, c, where, bold=True) for c in extras),
        ]
        header += [_cell_text(flow, name, where, size=style.label_size) for name in group]
        blanks = [_cell_text(flow, "", where)] * len(group)
        grids = split_grid(
            style,
            widths,
            [header, *(row + blanks for row in rows)],
            heights,
            shaded,
            flow.room(),
            flow.height,
            before if index == 0 else 0.0,
            after if index == len(groups) - 1 else 0.0,
        )
        stacked += [[grid] for grid in grids.parts]
        lead = lead or grids.lead
    if title:
        stacked[0].insert(0, title)
    if note:
        stacked[-1].append(note)
    return Parts([_stack(part, gap) for part in stacked], lead)


def _stack(parts: Sequence[Drawn], gap: float) -> Drawn:
    items: list[Item] = []
    y = 0.0
    for height, drawn in parts:
        items.append(Group(tuple(drawn), dy=y))
        y -= height + gap
    return -y - gap, items


def _arrow(
    flow: _Flow, arrow: ArrowBlock, values: Mapping[str, Any], _: SheetInputs, where: Source
) -> Drawn:
    style = flow.ctx.style
    direction = fill(arrow.direction, values, where)
    if direction not in ("left", "right"):
        raise UserError(where, f"arrow: direction must be 'left' or 'right', got {direction!r}")
    caption = _paragraph(
        flow,
        flow.ctx.words.fill(arrow.caption, values, where),
        style.heading_size,
        True,
        flow.width,
        where,
    )
    length, height = flow.width * 0.8, style.arrow_height
    head = height
    shaft = height * 0.4
    x0 = (flow.width - length) / 2
    points = [
        (0, height / 2),
        (head, height),
        (head, height / 2 + shaft / 2),
        (length, height / 2 + shaft / 2),
        (length, height / 2 - shaft / 2),
        (head, height / 2 - shaft / 2),
        (head, 0),
    ]
    if direction == "right":
        points = [(length - x, y) for x, y in points]
    ops = (
        ("M", x0 + points[0][0], points[0][1] - height),
        *(("L", x0 + x, y - height) for x, y in points[1:]),
        ("Z",),
    )
    word_size = style.heading_size * 2
    word = _paragraph(
        flow, flow.ctx.words.fill(arrow.word, values, where), word_size, True, flow.width, where
    )
    centred = Group(
        tuple(word[1]),
        dx=(
            flow.width
            - flow.ctx.fonts.bold.width(flow.ctx.words.fill(arrow.word, values, where), word_size)
        )
        / 2,
    )
    arrow_drawn: Drawn = (height, [Path(ops, Paint(fill=style.arrow_colour))])
    return _stack([caption, arrow_drawn, (word[0], [centred])], style.table_padding * 2)


_DRAW: dict[str, Callable[..., Drawn]] = {
    "heading": _words(lambda style: style.heading_size, bold=True),
    "subheading": _words(lambda style: style.subheading_size, bold=True),
    "text": _words(lambda style: style.body_size, bold=False),
    "steps": _steps,
    "bullets": _bullets,
    "facts": _facts,
    "cards": _cards,
    "table": _table,
    "score_sheet": _score_sheet,
    "arrow": _arrow,
}
