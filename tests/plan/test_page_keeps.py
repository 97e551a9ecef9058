"""Pages a publisher would sign, measured on the plans of every shipped game's sheets, host
keys, guides and player aids in every shipped label set, A4 and Letter, every player count
(no PDF rendered): no page of a longer document under 30% full; a heading never ends a
page, nor its intro without the start of what follows; steps of four or fewer (unless that
spares a page) and tables under a third of a page never split; the scale check on a file's first page only and a
running foot, "game · document · page 2 of 5" in the set's words, on every page of every
document (a one-page one too), at the set's own size.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator

import pytest

from shapes_print.geometry.primitives import Artifact, Group, Item, Line, Page, Rect, Symbol, Text
from shapes_print.plan.tables import column_widths
from tests.planboxes import Box, leaf_boxes, overlap, texts, union
from tests.planfill import bounds, content, content_bounds, fill, has_square, text_area
from tests.planned import LARGE_PRINT, PAGE_SETS, Compiled, PlannedSheets
from tests.shippedcheck import ShippedSets

LEAST_FILL = 0.30  # the floor for any page but a document's only one
KEEP_STEPS = 4  # a procedure of this many steps or fewer never splits
KEEP_TABLE = 1 / 3  # nor a table under this share of a page
HEADINGS = ("H1", "H2", "H3")
# The least gap large print's furniture keeps between its pieces, as a share of its text
# size: a millimetre reads as touching between words set at 18 pt.
FURNITURE_GAP = 1 / 6
PAGE_OF = {
    "standard": "page {page} of {pages}",
    "es": "página {page} de {pages}",
    "fr": "page {page} sur {pages}",
    "de": "Seite {page} von {pages}",
}
PAGE_OF["braille-es"] = PAGE_OF["es"]


@pytest.fixture(params=PAGE_SETS)
def labels(request: pytest.FixtureRequest) -> str:
    """Each shipped label set: a test each, which waits for that set's plans alone."""
    return str(request.param)


@pytest.fixture
def planned_sheets(shipped: ShippedSets, labels: str) -> list[PlannedSheets]:
    """The set's sheets, host keys, guides and player aids, every game and count, A4 and
    Letter (tests/shippedcheck.py)."""
    return shipped.planned(labels).sheets


@pytest.fixture
def planned_compilations(shipped: ShippedSets, labels: str) -> list[Compiled]:
    """The set's print-and-play files planned with `planned_sheets`, as their scale check
    sees them."""
    return shipped.planned(labels).compilations


def _pages(planned: list[PlannedSheets]) -> Iterator[tuple[PlannedSheets, int, list[Group]]]:
    """Each page of each document with its top-level parts."""
    for doc in planned:
        for index, page in enumerate(doc.document.pages):
            yield doc, index, content(page)


def _breaks(planned: list[PlannedSheets]) -> Iterator[tuple[PlannedSheets, int]]:
    """Each page break: the document and the index of the page before it."""
    for doc in planned:
        for index in range(len(doc.document.pages) - 1):
            yield doc, index


def _count(group: Group, role: str) -> int:
    """How many parts of `role` a group holds, itself included."""
    own = 1 if group.role == role else 0
    return own + sum(_count(item, role) for item in group.items if isinstance(item, Group))


def _steps(group: Group) -> bool:
    """Whether a list is numbered (steps), not bullets."""
    return any(t.text.rstrip(".").isdigit() for t in texts(group.items))


def test_every_label_set_and_paper_is_planned(
    planned_sheets: list[PlannedSheets], labels: str
) -> None:
    sets = {doc.labels for doc in planned_sheets}
    papers = {paper for doc in planned_sheets for paper in ("a4", "letter") if paper in doc.name}
    games = {doc.name.split("_")[0] for doc in planned_sheets}
    assert sets == {labels} and papers == {"a4", "letter"}
    assert games == {"collect-3", "pass-and-pick", "shapes-the-game"}


def test_no_page_of_a_longer_document_is_under_30_percent_full(
    planned_sheets: list[PlannedSheets],
) -> None:
    scant = [
        f"{doc.name} page {index + 1}: {share:.0%}"
        for doc, index, _ in _pages(planned_sheets)
        if len(doc.document.pages) > 1
        and (share := fill(doc.style, doc.document.pages[index], doc.document.symbols, index == 0))
        < LEAST_FILL
    ]
    assert not scant, "\n".join(scant)


def test_no_page_overflows_its_text_area(planned_sheets: list[PlannedSheets]) -> None:
    """Content stays above its page's foot: a page's with the scale check (a file's first,
    but a sheet of two player aids, which has none), and the others', which hold the
    running foot (glue may give, never the foot)."""
    over = []
    for doc, index, _ in _pages(planned_sheets):
        page = doc.document.pages[index]
        checked = has_square(page.items, doc.style.furniture.inch_square)
        top, bottom = text_area(doc.style, page, checked)
        (low, high), _ = content_bounds(page, doc.document.symbols)
        if low < bottom - 1.0 or high > top + 1.0:
            over.append(f"{doc.name} page {index + 1}: {low:.0f}..{high:.0f} of {bottom:.0f}")
    assert not over, "\n".join(over)


def test_no_heading_or_intro_ends_a_page_without_what_it_introduces(
    planned_sheets: list[PlannedSheets],
) -> None:
    """A heading never ends a page; a heading's intro (the words under it) goes over with at
    least the start of what follows, and a paragraph under a heading leaves two lines."""
    stranded = []
    for doc, index in _breaks(planned_sheets):
        parts = content(doc.document.pages[index])
        after = content(doc.document.pages[index + 1])
        where = f"{doc.name} page {index + 1}"
        last = parts[-1]
        if last.role in HEADINGS:
            stranded.append(f"{where}: ends on its heading")
        elif len(parts) > 1 and parts[-2].role in HEADINGS and last.role == "P":
            if after[0].continues and after[0].role == "P":
                if len(list(texts(last.items))) < 2:
                    stranded.append(f"{where}: one line under its heading")
            elif after[0].role not in HEADINGS:
                stranded.append(f"{where}: a heading and its intro without what follows")
    assert not stranded, "\n".join(stranded)


def _wedged(doc: PlannedSheets, index: int) -> bool:
    """Whether a list split over pages `index` and the next is wedged there: neither page
    could take the other's part of it (with the heading right above it), so keeping it whole
    moves what follows on, which is where giving way spares the document a page."""
    pages, symbols = doc.document.pages, doc.document.symbols
    parts, following = content(pages[index]), content(pages[index + 1])
    held = parts[-2:] if len(parts) > 1 and parts[-2].role in HEADINGS else parts[-1:]
    gap = doc.style.block_gap

    def room(at: int) -> tuple[float, float]:  # a page's room and the lowest ink on it
        top, bottom = text_area(doc.style, pages[at], at == 0)
        return top - bottom, top - bounds(content(pages[at]), symbols)[0]

    def tall(group: list[Group]) -> float:
        low, high = bounds(group, symbols)
        return high - low

    (room_before, used_before), (room_after, used_after) = room(index), room(index + 1)
    back = used_before + gap + tall(following[:1]) > room_before
    forward = used_after + gap + tall(held) > room_after
    return back and forward


def test_short_procedures_and_tables_never_split(planned_sheets: list[PlannedSheets]) -> None:
    """Steps of four or fewer read as one procedure, a table under a third of a page as one
    piece: neither goes on over a page (the foot of one, the head of the next). A procedure
    splits only where that spares the document a page: wedged between its pages (large
    print's Solitaire, 155% of a page, took three pages with its three setup steps whole)."""
    split = []
    for doc, index in _breaks(planned_sheets):
        pages = doc.document.pages
        before, after = content(pages[index])[-1], content(pages[index + 1])[0]
        if not after.continues or after.role != before.role:
            continue
        where = f"{doc.name} page {index + 1}"
        if before.role == "L" and _steps(before):
            steps = _count(before, "LI") + _count(after, "LI")
            if steps <= KEEP_STEPS and not _wedged(doc, index):
                split.append(f"{where}: {steps} steps split")
        if before.role == "Table":
            top, bottom = text_area(doc.style, pages[index + 1], False)
            tall = sum(
                high - low
                for low, high in (bounds((part,), doc.document.symbols) for part in (before, after))
            )
            if tall < (top - bottom) * KEEP_TABLE:
                split.append(f"{where}: a table {tall / (top - bottom):.0%} of a page split")
    assert not split, "\n".join(split)


def _pagination(page_items: tuple[Item, ...]) -> Iterator[Text]:
    """The lines of a page's pagination artifacts (running foot, print line, scale check)."""
    for item in page_items:
        if isinstance(item, Artifact) and item.kind == "Pagination":
            yield from texts(item.items)


def _foot(page_items: tuple[Item, ...]) -> list[str]:
    """The words of each of a page's pagination artifacts, its lines joined."""
    return [
        " ".join(t.text for t in texts(item.items))
        for item in page_items
        if isinstance(item, Artifact) and item.kind == "Pagination"
    ]


def _copies(doc: PlannedSheets) -> tuple[int, int]:
    """How many pages each copy of a document takes, and how many copies share a sheet: a
    player aid prints one copy per player (its name's `_4p_`), each numbered on its own, or
    two to a sheet (a page each)."""
    pages = len(doc.document.pages)
    if not doc.name.endswith("_player-aid"):
        return pages, 1
    copies = int(re.search(r"_(\d+)p_", doc.name)[1])  # type: ignore[index]
    if pages < copies:  # two to a sheet: each half is a document's only page
        return 1, 2
    assert pages % copies == 0, doc.name
    return pages // copies, 1


def test_the_scale_check_is_on_the_first_page_and_a_running_foot_on_every_page(
    planned_sheets: list[PlannedSheets],
) -> None:
    """The ruler and inch square once per file, but a player aid: a copy kept at hand is
    read, not measured, and the check would take a fifth of each half, the room that gets
    most aids two to a sheet (and a large-print copy onto one side). "game · document · page
    2 of 5" (in the set's words) at the foot of every page, a one-page document's too, with
    the print line, as page furniture. A player aid's copies are numbered each on its own
    ("page 1 of 1"), each half of a sheet of two copies too."""
    wrong = []
    for doc in planned_sheets:
        pages = doc.document.pages
        furniture = doc.style.furniture
        per_copy, per_sheet = _copies(doc)
        # Spanish joins Pass and pick's titles with a dash: its name has a colon.
        join = " \u2013 " if " \u2013 " in doc.document.title else ": "
        game, document = doc.document.title.rsplit(join, 1)
        game = game.removesuffix("\u202f")  # French sets a narrow space before its colon
        for index, page in enumerate(pages):
            where = f"{doc.name} page {index + 1}"
            checked = index == 0 and not doc.name.endswith("_player-aid")
            if has_square(page.items, furniture.inch_square) != checked:
                wrong.append(f"{where}: inch square {'missing' if checked else 'out of place'}")
            words = _foot(page.items)
            page_of = PAGE_OF.get(doc.labels, PAGE_OF["standard"])
            said = page_of.format(page=index % per_copy + 1, pages=per_copy)
            numbered = [w for w in words if w.endswith(said)]
            any_number = page_of.format(page=r"\d+", pages=r"\d+")
            feet = [w for w in words if re.search(any_number, w)]
            named = [w for w in numbered if game in w and document in w]
            if not 1 <= len(named) <= per_sheet or len(feet) != len(named):
                wrong.append(f"{where}: running foot {words}")
    assert not wrong, "\n".join(wrong[:20])


def test_a_print_and_play_file_checks_its_scale_on_its_cover_and_card_sheets(
    planned_compilations: list[Compiled], labels: str
) -> None:
    """One file printed at once is checked for its scale once, on its cover; its sheets,
    each checked on its first page in its own file, are not again; its card sheets are
    (their cut depends on it)."""
    wrong = [
        f"{doc.labels} {doc.name}: page {index + 1}"
        for doc in planned_compilations
        for index, squared in enumerate(doc.squared)
        if squared != (index == 0) and index not in doc.cards
    ]
    assert not wrong, "\n".join(wrong[:20])
    assert {doc.labels for doc in planned_compilations} == {labels}
    assert all(doc.cards and doc.squared[0] for doc in planned_compilations)


def test_every_page_of_a_print_and_play_file_carries_one_running_foot(
    planned_compilations: list[Compiled],
) -> None:
    """The file's own count ("page 7 of 38") on every page, in place of its documents'
    own feet (large print's of two lines too), never beside one."""
    wrong = [
        f"{doc.labels} {doc.name}: page {index + 1}: {feet}"
        for doc in planned_compilations
        for index, feet in enumerate(doc.feet)
        if len(feet) != 1 or not re.search(rf"\b{index + 1}\D+\b{len(doc.feet)}$", feet[0])
    ]
    assert not wrong, "\n".join(wrong[:20])


def _sizes(parts: list[Group], role: str) -> Iterator[tuple[float, str]]:
    """The size and font of each line of text in parts of `role` (at any depth)."""
    for part in parts:
        if part.role == role:
            yield from ((t.size, t.font) for t in texts(part.items))
        else:
            yield from _sizes([i for i in part.items if isinstance(i, Group)], role)


def test_headings_step_clearly_above_the_body_and_large_print_keeps_18_pt(
    shipped: ShippedSets,
) -> None:
    """The standard body is a book's, 11-12 pt; subheadings and headings each a clear step
    larger (a quarter at least) and bold. Large print sets nothing under 18 pt. A player aid
    kept at hand on a side is a look-up card in type of its own (tests/plan/test_aid_halves.py)."""
    found: dict[str, dict[str, set[tuple[float, str]]]] = {}
    for doc, _, parts in _pages(shipped.planned("standard", "large-print").sheets):
        if doc.name.endswith("_player-aid") and doc.style.player_aid.compact is not None:
            continue
        by_role = found.setdefault(doc.labels, {})
        for role in ("H1", "H2", "P"):
            by_role.setdefault(role, set()).update(_sizes(parts, role))
    standard = found["standard"]
    body = min(size for size, _ in standard["P"])  # an arrow's big word is a P too
    (h2, h2_font), (h1, h1_font) = min(standard["H2"]), min(standard["H1"])
    assert 11 <= body <= 12
    assert h2 >= 1.25 * body and h1 >= 1.25 * h2
    body_fonts = {font for size, font in standard["P"] if size == body}
    assert h1_font == h2_font and h1_font not in body_fonts  # the bold face
    large = {size for role in found["large-print"].values() for size, _ in role}
    assert min(large) >= 18


def test_table_columns_share_the_measure_by_content() -> None:
    """None narrower than its widest word; where everything fits unbroken each column is at
    least its natural width; where not, none is wider than its own while another wraps."""
    least, natural = [40.0, 30.0, 60.0], [300.0, 35.0, 90.0]
    tight = column_widths(natural, least, 400.0, natural)  # by content: in proportion
    assert [w / n for w, n in zip(tight, natural, strict=True)] == pytest.approx([400 / 425] * 3)
    even = column_widths([1.0, 1.0, 1.0], least, 400.0, natural)  # even shares, capped
    assert even == pytest.approx([275.0, 35.0, 90.0])  # the wrapping column takes the rest
    roomy = column_widths([1.0, 1.0, 1.0], least, 600.0, [100.0, 35.0, 90.0])
    assert all(w >= n - 1e-6 for w, n in zip(roomy, [100.0, 35.0, 90.0], strict=True))
    assert sum(roomy) == pytest.approx(600.0)
    # The guide's file table at Spanish braille: capping must not starve the first column.
    guide = column_widths([1.4, 0.6, 1.0, 2.0], [195, 63, 51, 71], 510, [195, 63, 105, 184])
    assert guide == pytest.approx([195, 63, 84, 168])


@pytest.mark.parametrize("large", LARGE_PRINT)
def test_large_print_sets_its_page_furniture_as_large_as_its_text(
    shipped: ShippedSets, large: str
) -> None:
    """The running foot, the print line and the scale check's labels of a large-print set
    at its own smallest size (18 pt), which its label set gives, not the standard 6 pt."""
    small = [
        f"{doc.labels} {doc.name} page {index + 1}: {t.text!r} at {t.size} pt"
        for doc in shipped.planned(large).sheets
        for index, page in enumerate(doc.document.pages)
        for t in _pagination(page.items)
        if t.size < doc.style.min_size
    ]
    assert not small, "\n".join(small[:20])


@pytest.mark.parametrize("large", LARGE_PRINT)
def test_large_print_scale_check_and_print_line_stand_apart(
    shipped: ShippedSets, large: str
) -> None:
    """On a large-print document's first page, the ruler's label (at 18 pt wider than the
    50 mm it names), the ruler, the inch square, its label, the print line and the running
    foot each keep a gap from the others that a reader sees at that size."""
    wrong = []
    for doc in shipped.planned(large).sheets:
        page, f = doc.document.pages[0], doc.style.furniture
        pieces = _furniture_pieces(page, doc.document.symbols, f.ruler_label, f.inch_label)
        gap = f.sheet_text_size * FURNITURE_GAP if f.sheet_text_size else f.furniture_gap
        for (a, box_a), (b, box_b) in itertools.combinations(pieces.items(), 2):
            if {a, b} != {"square", "inch label"} and overlap(box_a, box_b, gap):
                wrong.append(f"{doc.name} page 1: the {a} touches the {b}")
    assert not wrong, "\n".join(wrong[:20])


def _furniture_pieces(
    page: Page, symbols: dict[str, Symbol], ruler_label: str, inch_label: str
) -> dict[str, Box]:
    """The box of each piece of a first page's furniture: the ruler's label and its line
    with its ticks, the inch square and its label, the print line, the running foot."""
    found: dict[str, list[Box]] = {}
    for item in page.items:
        if not (isinstance(item, Artifact) and item.kind == "Pagination"):
            continue
        leaves = list(leaf_boxes(item, symbols))
        words = " ".join(leaf.text for leaf, _ in leaves if isinstance(leaf, Text))
        for leaf, box in leaves:
            if isinstance(leaf, Line):
                name = "ruler"
            elif isinstance(leaf, Rect):
                name = "square"
            elif words == ruler_label:
                name = "ruler label"
            elif words == inch_label:
                name = "inch label"
            else:
                name = "running foot" if re.search(r"\d+\D+\d+$", words) else "print line"
            found.setdefault(name, []).append(box)
    return {name: union(boxes) for name, boxes in found.items()}
