"""A kit's embosser file: its cards' names and rules and its players' sheets in Grade 1 braille.

Input: the kit's planned documents (their headings, paragraphs, list items and table cells,
in reading order, as the tagged PDF gives them to a screen reader), each card's braille
label, the label set's locale and the embosser's page. Output: `.brf` bytes, North American
ASCII braille, lines ended by CR LF, a form feed between pages, the braille page number at
the right of each page's last line. The host key stays out: it is the host's, in its own
file.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from msgspec import Struct
from msgspec.structs import replace

from shapes_print.braille.cells import BLANK, ascii_braille
from shapes_print.braille.translate import (
    BrailleError,
    NoSign,
    TooLong,
    code_for,
    divisible,
    fill_lines,
    translate,
)
from shapes_print.errors import Source, UserError, quoted
from shapes_print.geometry.primitives import Artifact, Document, Group, Item, Text
from shapes_print.kit.braillefit import sign_place, unsigned
from shapes_print.load.printmodels import Embosser
from shapes_print.text.words import Words

HYPHEN = "\u2824"
BULLET = "\u2022"
PARAGRAPH_INDENT = 2  # BANA Braille Formats: a paragraph starts in cell 3, runs over to cell 1
# BANA Braille Formats' headings: a main heading centred, at least three blank cells at each
# end of each of its lines; a subheading, and each of its runover lines, in cell 5.
CENTRED_MARGIN = 3
SUBHEADING_INDENT = 4
HEADINGS = ("heading", "subheading")
PAGE_NUMBER_GAP = 3  # blank cells before the page number at the end of the last line
# Blank cells a form's field keeps after its label to write in: a space, then a score as
# braille writes it (a minus, the number sign, two digits).
WRITING_ROOM = 5
# Punctuation around a print word, which its file may write apart from it ("**won**."):
# the word is looked for in its file without it.
_AROUND_WORDS = "\"'\u201c\u201d\u2018\u2019«»¡¿()[].,;:!?\u2026"


class EmbosserFile(Struct, frozen=True):
    """A kit file for an embosser: pages of lines of ASCII braille, and its title in print
    and the language of its words, which the output folder's catalogue names it by (no
    metadata in the file can say them)."""

    title: str
    pages: tuple[tuple[str, ...], ...]
    lang: str = ""

    def encoded(self) -> bytes:
        """The file's bytes: CR LF after each line, a form feed after each page but the last."""
        return b"\f".join(
            "".join(f"{line}\r\n" for line in page).encode("ascii") for page in self.pages
        )


class Passage(Struct, frozen=True):
    """One piece of the text: a heading (a title, a section's: centred), a subheading (in
    cell 5), a paragraph, a list item, a table row, or a field of a form (a label and the
    room after it to write in), `level` two cells in each. `where` its words are written,
    where the kit knows it (a sheet's passages: its file), for an error in them."""

    text: str
    kind: str  # one of HEADINGS, "paragraph", "item", "field" or "rule" (a card's, under it)
    level: int = 0
    where: Source | None = None


class _Cell(Struct, frozen=True):
    """A table cell as read: its words, whether it is a heading."""

    words: str
    head: bool


def sheet_passages(document: Document) -> list[Passage]:
    """A document's words in reading order: each heading, paragraph, list item (without
    its bullet) and table once (`table_passages`)."""
    passages: list[Passage] = [Passage(document.title, "heading")]
    # A table's rows, read until something else starts: it goes on over a page break (its
    # header row printed again there is furniture). Each row of the structure is a row
    # (a manifest's second column of cards is read after its first, not beside it).
    rows: list[list[_Cell]] = []
    new_row = True
    for page in document.pages:
        for tag, words in _tagged(page.items):
            if tag == "TR":
                new_row = True
                continue
            if tag in ("TH", "TD"):
                if new_row:
                    rows.append([])
                    new_row = False
                rows[-1].append(_Cell(words, tag == "TH"))
                continue
            passages += table_passages(rows)
            rows = []
            # A bullet is print's mark of a list item; braille shows one by its margin.
            passages.append(Passage(words.removeprefix(f"{BULLET} "), _kind(tag)))
    return passages + table_passages(rows)


def _kind(tag: str) -> str:
    """The passage a tagged role is read as: H1 a heading, a lower heading (H2, H3) a
    subheading, a list item an item, anything else a paragraph."""
    if tag.startswith("H"):
        return "heading" if tag == "H1" else "subheading"
    return "item" if tag == "LI" else "paragraph"


def table_passages(rows: Sequence[Sequence[_Cell]]) -> list[Passage]:
    """A table's rows as passages: a row of headings heads the rows after it (a second
    one starts another table), and each table is read as `_filled` or, with a blank to
    write in, as `_form`."""
    passages: list[Passage] = []
    header: list[str] = []
    body: list[list[str]] = []
    for row in rows:
        # A heading row's corner, above the rows' own headings, may print nothing and be
        # no heading (a score sheet's).
        corner = row[0].head or (not row[0].words and len(row) > 1)
        if corner and all(cell.head for cell in row[1:]):
            passages += _read(header, body)
            header, body = [cell.words for cell in row], []
        else:
            body.append([cell.words for cell in row])
    return passages + _read(header, body)


def _read(header: list[str], body: list[list[str]]) -> list[Passage]:
    """A table with a blank to write in as `_form`; any other as its column headings
    (print's header row, once), then each row as `_filled`."""
    if any(not words for row in body for words in row):
        return _form(header, body)
    heads = [Passage("; ".join(head for head in header if head), "item")] if any(header) else []
    return heads + [_filled(header, row) for row in body]


def _filled(header: list[str], cells: list[str]) -> Passage:
    """A row of a table, each cell but the row's own heading after its column's heading
    (BANA's linear table format): "Three identical shapes; Example: ...; Points: 5"; a
    row of a table without headings as its cells, "Rounds: 3"."""
    if len(header) != len(cells):
        return Passage(": ".join(cells), "item")
    named = [f"{head}: {cell}" for head, cell in zip(header[1:], cells[1:], strict=True)]
    return Passage("; ".join([cells[0], *named]), "item")


def _form(header: list[str], body: list[list[str]]) -> list[Passage]:
    """A table with blanks to write in (a score sheet), column by column: the column's
    heading and the room after it (a player's name), then, two cells in, each row's
    heading and its entry, or the room to write it ("Round 1: pass left:"). A braille
    line has no room for the print's grid, and a column is one player's."""
    width = max(len(row) for row in body)
    heads = header if len(header) == width else [""] * width
    passages: list[Passage] = []
    for column in range(1 if width > 1 else 0, width):
        if heads[column]:
            passages.append(Passage(f"{heads[column]}:", "field"))
        for row in body:
            label = row[0] if column else ""
            words = row[column] if column < len(row) else ""
            text = f"{label}: {words}".rstrip() if label else words
            if text:
                passages.append(Passage(text, "field", 1))
    return passages


# Roles that only hold others (a list, a table, its row groups and rows): their parts are
# read one by one.
_HOLDERS = frozenset({"L", "Table", "THead", "TBody", "TR"})


def _tagged(items: Iterable[Item]) -> Iterable[tuple[str, str]]:
    """(role, its words) of each tagged group, outermost first, and each table row as it
    begins (its words none); a picture's words are its alternate text."""
    for item in items:
        if isinstance(item, Artifact):
            continue
        if isinstance(item, Group):
            if item.tag == "TR":
                yield "TR", ""
            if item.alt:
                yield "P", item.alt
            elif item.tag and item.tag not in _HOLDERS:
                if item.items and all(isinstance(part, Artifact) for part in item.items):
                    continue  # a cell of layout (a picture its neighbour names): no cell
                words = " ".join(_words(item.items))
                if words or item.tag in ("TH", "TD"):  # an empty cell is a blank to fill in
                    yield item.tag, words
                else:
                    yield from _tagged(item.items)
            else:
                yield from _tagged(item.items)


def _words(items: Iterable[Item]) -> list[str]:
    """Each line's words; a rich line's pieces (its faces' texts and its icons' words, on
    one baseline) run on into one another as they print, each holding its own spaces."""
    found: list[str] = []
    baseline: float | None = None
    here: float | None
    for item in items:
        if isinstance(item, Text):
            words, here = item.text, item.y
        elif isinstance(item, Group) and item.alt:
            words, here = item.alt, (item.dy if item.role == "Span" else None)
        elif isinstance(item, Group) and item.expansion:  # braille writes the print ("1-3")
            words = "".join(_words(item.items))
            here = next((text.y for text in item.items if isinstance(text, Text)), None)
        elif isinstance(item, Group):
            found.extend(_words(item.items))
            baseline = None
            continue
        else:
            continue
        if found and here is not None and here == baseline:
            found[-1] += words
        else:
            found.append(words)
        baseline = here
    return found


def sheets_passages(sheets: Sequence[tuple[Document, Source | None]]) -> list[Passage]:
    """Each sheet's words as the embosser file lists them, placed at the sheet's file (where
    given), where a word that cannot be brailled is looked for."""
    return [
        replace(passage, where=where)
        for document, where in sheets
        for passage in sheet_passages(document)
    ]


def embosser_file(
    passages: Sequence[Passage],
    words: Words,
    page: Embosser,
    named: str,
    hyphenation: tuple[str, ...] = (),
) -> EmbosserFile:
    """The file of the passages in order: its title, its cards (each deck's heading, then
    each card's name and how many, and the rule it prints, if any), then each sheet's words
    (`sheets_passages`); `named` in print, as its kit's files are titled. A word longer than
    its line is divided as a card's zone divides it (`divisible`: the set's `hyphenation`
    list, else the language's syllables)."""
    lines = _lines(passages, words, page.cells_per_line, hyphenation)
    return EmbosserFile(named, _paginate(lines, page, words.locale), words.locale)


def _lines(
    passages: Sequence[Passage], words: Words, width: int, hyphenation: tuple[str, ...]
) -> list[tuple[str, bool]]:
    """Braille lines, each with whether it is a heading's, laid out as `_passage_lines`
    says; a blank line before each heading and subheading and after each heading (one
    between two headings), none at the end. A passage the code has no sign for, or with
    a word too long for its line, is refused where that word is written (`sign_place`),
    as a card's are."""
    lines: list[tuple[str, bool]] = []
    for passage in passages:
        if passage.kind in HEADINGS and lines and lines[-1][0]:
            lines.append(("", False))
        try:
            lines += _passage_lines(passage, words.locale, width, hyphenation)
        except NoSign as error:
            where = sign_place(words, error.word, passage.where)
            raise unsigned(error, where, "embosser file", passage.text, "") from None
        except TooLong as error:
            word = passage.text.split()[error.index]
            where = sign_place(words, word.strip(_AROUND_WORDS) or word, passage.where)
            what = f"embosser file: braille for {quoted(passage.text)}"
            raise UserError(where, f"{what}: {error}") from None
        except BrailleError as error:
            what = f"embosser file: braille for {quoted(passage.text)}"
            raise UserError(passage.where, f"{what}: {error}") from None
        if passage.kind == "heading":
            lines.append(("", False))
    while lines and not lines[-1][0]:
        lines.pop()
    return lines


@lru_cache(maxsize=16384)
def _passage_lines(
    passage: Passage, locale: str, width: int, hyphenation: tuple[str, ...]
) -> tuple[tuple[str, bool], ...]:
    """One passage's braille lines: a heading's each centred (`_centred`), a subheading's
    from cell 5, a paragraph indented two cells and running over to the margin, a list item
    at the margin running over two in, a card's rule two cells in, under the card's item, a
    field two cells in a level and running over two more, with a blank line after it when
    its label leaves less than `WRITING_ROOM` on its line; a word longer than its line
    divided (`divisible`). Kept by passage, locale, line width and hyphenation list: every
    kit of a batch embosses the same headings, rules and card names again."""
    code = code_for(locale)  # an error is placed by `_lines`
    if passage.kind == "heading":
        words = divisible(passage.text, code, hyphenation, width - 2 * CENTRED_MARGIN)
        return tuple((line, True) for line in _centred(words, width))
    first, rest = {
        "subheading": (SUBHEADING_INDENT, SUBHEADING_INDENT),
        "paragraph": (PARAGRAPH_INDENT, 0),
        "rule": (PARAGRAPH_INDENT, PARAGRAPH_INDENT),
        "field": (PARAGRAPH_INDENT * passage.level, PARAGRAPH_INDENT * (passage.level + 1)),
    }.get(passage.kind, (0, PARAGRAPH_INDENT))
    room = width - max(first, rest)
    filled = fill_lines(divisible(passage.text, code, hyphenation, room), room, HYPHEN)
    lines = [BLANK * (first if i == 0 else rest) + line for i, line in enumerate(filled)]
    if passage.kind == "field" and width - len(lines[-1]) < WRITING_ROOM:
        lines.append("")
    return tuple((line, passage.kind in HEADINGS) for line in lines)


def _centred(words: list[str], width: int) -> list[str]:
    """A heading's lines, filled to leave `CENTRED_MARGIN` blank cells at each end, each
    line centred on its own (an odd blank cell left over goes at the line's end)."""
    filled = fill_lines(words, width - 2 * CENTRED_MARGIN, HYPHEN)
    return [BLANK * ((width - len(line)) // 2) + line for line in filled]


def _kept(lines: list[tuple[str, bool]], start: int) -> int:
    """How many lines from a heading's first must share its page: the heading (and any
    heading straight after it) and the first line of text that follows, as BANA's Braille
    Formats ask: a heading never ends a page."""
    for index in range(start, len(lines)):
        line, heading = lines[index]
        if line and not heading:
            return index - start + 1
    return len(lines) - start


def _paginate(
    lines: list[tuple[str, bool]], page: Embosser, locale: str
) -> tuple[tuple[str, ...], ...]:
    """Pages of `lines_per_page` lines, the last of each holding its page number at the
    right; a heading that would end a page, or be parted from its first line of text,
    starts the next page (unless it and that line are more than a page)."""
    body = page.lines_per_page - 1
    chunks: list[list[str]] = [[]]
    for index, (line, heading) in enumerate(lines):
        if heading and chunks[-1] and not lines[index - 1][1]:  # a heading starts here
            kept = _kept(lines, index)
            if len(chunks[-1]) + kept > body >= kept:
                chunks.append([])
        if len(chunks[-1]) == body:
            chunks.append([])
        if line or chunks[-1]:  # a page never starts with a blank line
            chunks[-1].append(line)
    pages = []
    for number, chunk in enumerate(chunks, start=1):
        number_cells = translate(str(number), code_for(locale))[0]
        last = number_cells.rjust(page.cells_per_line, BLANK)
        rows = [*chunk, *[""] * (body - len(chunk)), last]
        pages.append(tuple(ascii_braille(row).rstrip() for row in rows))
    return tuple(pages)
