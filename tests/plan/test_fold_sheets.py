"""Fold-and-glue sheets (`build --fold`): one-sided pages on which each back lies mirrored
across a dashed fold line from its face. Folded along the line and turned over sideways, a
back must land on its face within 0.5 mm, upright; asked of the plan in memory."""

from __future__ import annotations

from pathlib import Path

import pytest

from shapes_print.commands.cli import main
from shapes_print.geometry.primitives import Artifact, Document, Group, Item, Page, Paint, Use
from shapes_print.geometry.primitives import Path as PathItem
from shapes_print.load.options import PrintOptions
from shapes_print.pipeline import pipeline
from shapes_print.pipeline.project import fold_note
from shapes_print.plan.cardsheets import CardGeometry, SheetStock
from shapes_print.plan.foldsheets import fold_pages
from shapes_print.units import mm
from tests.planboxes import cut_marks
from tests.planned import page_words

PROJECT = pipeline.load_project(pipeline.Sources(), ["pass-and-pick"])
LIBRARY = PROJECT.library
FURNITURE = PROJECT.ctx.style.furniture
SIZES = dict(LIBRARY.card_sizes)
PAPERS = dict(LIBRARY.papers)
FONT = PROJECT.ctx.fonts.regular
OVERRUN = LIBRARY.printing.overrun
REGISTRATION = mm(0.5)  # the bound on a folded back's distance from its face
CARDS = 11  # a sheet and a part: the last sheet's backs are mirrored too

Point = tuple[float, float]
Box = tuple[float, float, float, float]
Matrix = tuple[float, float, float, float]  # a, b, c, d of x' = a x + c y, y' = b x + d y
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0)


# A card too wide for half a page either way: its sheet folds across, its backs turned.
BANNER = (mm(150), mm(60))


def _pages(paper: str, size: str, overrun: float = 0.0) -> list[Page]:
    order = [(f"face-{i}", f"back-{i}") for i in range(CARDS)]
    w, h = BANNER if size == "banner" else SIZES[size]
    card = CardGeometry(w, h, 0.0, None, Paint(), overrun)
    sheets = SheetStock(card, PAPERS[paper], FURNITURE, FONT)
    overruns = {name: f"overrun-{name}" for pair in order for name in pair}
    return fold_pages(order, sheets, "Print at 100%; fold, glue, then cut", None, overruns)


def _fold_line(page: Page) -> PathItem:
    (line,) = [
        item.items[0]
        for item in page.items
        if isinstance(item, Artifact) and isinstance(item.items[0], PathItem)
    ]
    assert isinstance(line, PathItem)
    return line


def _placed(item: Item) -> tuple[str, Matrix, tuple[float, float]]:
    """A card's symbol, the linear part of how it is placed, and where its origin lands."""
    if isinstance(item, Use):
        return item.symbol, IDENTITY, (item.x, item.y)
    assert isinstance(item, Group) and item.scale == 1 and len(item.items) == 1
    (use,) = item.items
    assert isinstance(use, Use) and (use.x, use.y) == (0.0, 0.0)
    assert item.angle in (0.0, 180.0)
    turn = -1.0 if item.angle else 1.0
    return use.symbol, (turn, 0.0, 0.0, turn), (item.dx, item.dy)


def _corners(
    matrix: Matrix, origin: tuple[float, float], size: tuple[float, float]
) -> list[tuple[float, float]]:
    a, b, c, d = matrix
    (ox, oy), (w, h) = origin, size
    return [(ox + a * x + c * y, oy + b * x + d * y) for x in (0.0, w) for y in (0.0, h)]


def _times(m: Matrix, n: Matrix) -> Matrix:
    a, b, c, d = m
    e, f, g, h = n
    return (a * e + c * f, b * e + d * f, a * g + c * h, b * g + d * h)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("size", ["poker", "tarot", "mini", "banner"])
def test_a_folded_back_lands_upright_on_its_face(paper: str, size: str) -> None:
    """Folding reflects the back's half across the fold line; turning the card over
    sideways reflects it left to right again. Each back's corners, so moved, fall on its
    face's corners within 0.5 mm, and the two reflections with the back's own placement
    leave it unturned and unmirrored: it reads upright, as its face does."""
    pages = _pages(paper, size)
    w, h = BANNER if size == "banner" else SIZES[size]
    placed, folds = 0, set()
    for page in pages:
        ops = _fold_line(page).ops
        xs, ys = {op[1] for op in ops}, {op[2] for op in ops}
        across = len(ys) == 1
        folds.add(across)
        fold = ys.pop() if across else xs.pop()
        assert fold == pytest.approx((page.height if across else page.width) / 2)
        fold_matrix: Matrix = (1.0, 0.0, 0.0, -1.0) if across else (-1.0, 0.0, 0.0, 1.0)
        turn_over: Matrix = (-1.0, 0.0, 0.0, 1.0)
        cards = [_placed(item) for item in page.items if isinstance(item, Use | Group)]
        faces = {n: _corners(m, o, (w, h)) for n, m, o in cards if n.startswith("face-")}
        backs = {n: (m, o) for n, m, o in cards if n.startswith("back-")}
        assert len(faces) == len(backs)
        for name, (matrix, origin) in backs.items():
            face = faces[name.replace("back-", "face-")]
            folded = [
                (x, 2 * fold - y) if across else (2 * fold - x, y)
                for x, y in _corners(matrix, origin, (w, h))
            ]
            for (fx, fy), (bx, by) in zip(sorted(face), sorted(folded), strict=True):
                assert abs(fx - bx) <= REGISTRATION and abs(fy - by) <= REGISTRATION
            # Seen from the back after turning sideways, as its face reads: no turn.
            assert _times(turn_over, _times(fold_matrix, matrix)) == pytest.approx(IDENTITY)
            placed += 1
    assert placed == CARDS
    assert folds == {size == "banner"}  # the banner's sheet folds across, the others down


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_cards_and_marks_stay_off_the_fold_and_inside_the_safe_margin(paper: str) -> None:
    """No card reaches within the gutter of the fold line, and every mark and card stays
    inside the printer-safe margin; the fold line is a layout artifact, dashed."""
    page = _pages(paper, "poker")[0]
    line = _fold_line(page)
    assert line.ops[0][0] == "M" and sum(op[0] == "M" for op in line.ops) > 10  # dashes
    ops = line.ops
    across = len({op[2] for op in ops}) == 1
    fold = ops[0][2] if across else ops[0][1]
    w, h = SIZES["poker"]
    safe = FURNITURE.safe_margin
    for _, matrix, origin in (_placed(i) for i in page.items if isinstance(i, Use | Group)):
        corners = _corners(matrix, origin, (w, h))
        along = [y if across else x for x, y in corners]
        assert min(abs(a - fold) for a in along) >= FURNITURE.fold_gutter - 1e-6
        assert all(
            safe <= x <= page.width - safe and safe <= y <= page.height - safe for x, y in corners
        )
    fold_artifacts = [
        item for item in page.items if isinstance(item, Artifact) and line in item.items
    ]
    assert [a.kind for a in fold_artifacts] == ["Layout"]


def test_an_a4_poker_fold_sheet_holds_four_cards_with_their_backs() -> None:
    """Landscape A4 holds two columns of poker cards each side of a fold down its middle
    (portrait, one column): the layout holding the most is chosen."""
    page = _pages("a4", "poker")[0]
    assert page.width > page.height
    assert sum(isinstance(item, Use) for item in page.items) == 8


def test_fold_sheets_take_the_ink_savers_drafts() -> None:
    """`--fold --ink-saver`: the fold file draws the very faces and backs the drafted
    cards file draws (outlined faces, pale backs), and prints one-sided."""
    options = PrintOptions(ink_saver=True, fold=True)
    ((_, _, files),) = pipeline.plan_all(PROJECT, "4", "a4", "long", options)
    by_name = {file.name: file.printed for file in files}
    cards, fold = by_name["pass-and-pick_4p_a4_cards"], by_name["pass-and-pick_4p_a4_cards-fold"]
    assert fold.duplex == "none"
    assert fold.symbols and all(cards.symbols[n] == s for n, s in fold.symbols.items())


def test_build_fold_writes_the_fold_file_and_lists_it(tmp_path: Path) -> None:
    """`build --fold` writes `<kit>_cards-fold.pdf` beside the cards file and the manifest
    lists it; a plain build writes none; with --print-shop it is refused (exit 2)."""
    args = ["build", "pass-and-pick", "--players", "4", "--paper", "letter", "-q"]
    assert main([*args, "--fold", "--out", str(tmp_path / "fold")]) == 0
    kit = tmp_path / "fold" / "pass-and-pick" / "letter" / "4-players"
    assert (kit / "pass-and-pick_4p_letter_cards-fold.pdf").is_file()
    manifest = (tmp_path / "fold" / "manifest.json").read_text(encoding="utf-8")
    assert "pass-and-pick/letter/4-players/pass-and-pick_4p_letter_cards-fold.pdf" in manifest
    assert main([*args, "--out", str(tmp_path / "plain")]) == 0
    plain = tmp_path / "plain" / "pass-and-pick" / "letter" / "4-players"
    assert not list(plain.glob("*-fold.pdf"))
    assert main([*args, "--fold", "--print-shop", "--out", str(tmp_path / "shop")]) == 2


def _letter_kit(options: PrintOptions) -> dict[str, Document]:
    """The 4-player Letter kit's printed documents by file name, stem left out."""
    ((_, _, files),) = pipeline.plan_all(PROJECT, "4", "letter", "long", options)
    stem = "pass-and-pick_4p_letter_"
    return {f.name.removeprefix(stem): f.printed for f in files if isinstance(f.document, Document)}


def _words(document: Document) -> str:
    return " ".join(page_words(page, document.symbols) for page in document.pages)


# The assembly page's fold step, print.yaml's, as the guide names the files (stem left out).
FOLD_STEP = "Fold sheets (cards-fold.pdf), printed one-sided on plain paper in place of the"
TURNED_STEP = "Wide score sheets print turned"


def test_the_guide_of_a_fold_kit_says_how_to_fold_and_nothing_of_turned_pages() -> None:
    """The fold sheets are landscape pages, but no part of the print-and-play file: the
    guide's step on turned score sheets is not theirs. Its fold step is the assembly
    page's, before the cuts; a kit without fold sheets has none."""
    folded = _letter_kit(PrintOptions(fold=True))
    guide = _words(folded["printing-guide"])
    assert TURNED_STEP not in guide
    assert FOLD_STEP in guide
    assert guide.index(FOLD_STEP) < guide.index("Cut from edge to edge")
    assembly = _words(folded["print-and-play"])
    assert FOLD_STEP.replace("(cards-fold", "(pass-and-pick_4p_letter_cards-fold") in assembly
    plain = _words(_letter_kit(PrintOptions())["printing-guide"])
    assert "Fold sheets" not in plain and TURNED_STEP not in plain


def test_fold_sheets_are_titled_apart_from_the_cards_file() -> None:
    """The fold file's title (its PDF's, so the catalogue's link and picture) and its
    running foot say what it is, as a print shop's fronts and backs files do theirs."""
    kit = _letter_kit(PrintOptions(fold=True))
    cards, fold = kit["cards"], kit["cards-fold"]
    assert cards.title == "Pass and pick shapes: shape cards"
    assert fold.title == "Pass and pick shapes: shape cards (fold and glue)"
    assert "shape cards (fold and glue) · page 1 of" in page_words(fold.pages[0], fold.symbols)


@pytest.mark.parametrize("labels", ["es", "fr", "de", "braille-es"])
def test_every_translated_set_has_the_fold_words(labels: str) -> None:
    """The fold sheets' title and their step are in each translated set's words."""
    project = pipeline.load_project(pipeline.Sources(), ["pass-and-pick"], [labels])
    words, furniture = project.ctx.words, project.ctx.style.furniture
    for english in (furniture.fold_title, project.library.printing.folding):
        assert words.say(english, None) != english, english


def test_a_swell_paper_set_asked_for_fold_sheets_says_why_it_has_none() -> None:
    """Braille cards print their fronts alone on swell paper: the build goes on without
    fold sheets and says so in one line, a set at a time; a set with backs says nothing."""
    braille = pipeline.load_project(pipeline.Sources(), ["pass-and-pick"], ["braille"])
    assert braille.notes(PrintOptions(fold=True)) == [fold_note("braille")]
    assert "braille" in fold_note("braille") and "--fold" in fold_note("braille")
    assert braille.notes(PrintOptions()) == []
    assert PROJECT.notes(PrintOptions(fold=True)) == []


def _overrun_boxes(item: Item, matrix: Matrix = IDENTITY, at: Point = (0.0, 0.0)) -> dict[str, Box]:
    """Each overrun's outer edge (left, bottom, right, top) on the page, by its card."""
    if isinstance(item, Artifact):
        return {k: v for sub in item.items for k, v in _overrun_boxes(sub, matrix, at).items()}
    assert isinstance(item, Group)
    turn = -1.0 if item.angle else 1.0
    inner: Matrix = _times(matrix, (turn, 0.0, 0.0, turn))
    origin = _apply(matrix, at, (item.dx, item.dy))
    if item.clip is None:
        return {k: v for sub in item.items for k, v in _overrun_boxes(sub, inner, origin).items()}
    (use,) = item.items
    assert isinstance(use, Use)
    points = [_apply(inner, origin, (op[1], op[2])) for op in item.clip if op[0] != "Z"]
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return {use.symbol.removeprefix("overrun-"): (min(xs), min(ys), max(xs), max(ys))}


def _apply(m: Matrix, origin: Point, point: Point) -> Point:
    a, b, c, d = m
    return origin[0] + a * point[0] + c * point[1], origin[1] + b * point[0] + d * point[1]


@pytest.mark.parametrize("size", ["poker", "banner"])
def test_a_folded_backs_overrun_covers_its_faces_edges(size: str) -> None:
    """A fold off the line moves the backs: each back's drawing runs past the edges its
    face's does (its outer edges, and half the gutter towards the fold), so folded it
    covers the same ring round the card, and the fold line itself stays clear of both."""
    for page in _pages("a4", size, OVERRUN)[:2]:
        (background,) = [
            i for i in page.items if isinstance(i, Artifact) and i.kind == "Background"
        ]
        boxes = _overrun_boxes(background)
        ops = _fold_line(page).ops
        across = len({op[2] for op in ops}) == 1
        fold = ops[0][2] if across else ops[0][1]
        faces = {n: box for n, box in boxes.items() if n.startswith("face-")}
        assert faces
        for name, (left, bottom, right, top) in faces.items():
            bl, bb, br, bt = boxes[name.replace("face-", "back-")]
            folded = (
                (bl, 2 * fold - bt, br, 2 * fold - bb)
                if across
                else (2 * fold - br, bb, 2 * fold - bl, bt)
            )
            assert folded == pytest.approx((left, bottom, right, top), abs=0.01)
        edges = [fold - box[1] if across else box[2] - fold for box in faces.values()]
        assert -FURNITURE.fold_gutter < max(edges) < 0  # past the card, short of the line


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("size", ["poker", "mini", "banner"])
def test_a_last_fold_sheet_marks_only_the_cut_lines_of_its_cards(paper: str, size: str) -> None:
    """A last sheet holding one card marks the cut lines of its row alone: each side mark
    continues an edge of that card or its back, each mark above or below stands within a
    mark's reach of them, and none marks the empty rows a full sheet's marks reach (on a
    fold across the page too). Its row's columns are all marked, as a full row's are."""
    w, h = BANNER if size == "banner" else SIZES[size]
    card = CardGeometry(w, h, 0.0, None, Paint())
    sheets = SheetStock(card, PAPERS[paper], FURNITURE, FONT)
    order = [(f"face-{i}", f"back-{i}") for i in range(100)]
    full = fold_pages(order, sheets, "Print at 100%")[0]
    slots = sum(isinstance(i, Use) and i.symbol.startswith("face-") for i in full.items)
    pages = fold_pages(order[: slots + 1], sheets, "Print at 100%")
    last = pages[-1]
    cards = [_placed(item) for item in last.items if isinstance(item, Use | Group)]
    boxes = [_corners(m, o, (w, h)) for n, m, o in cards if n.startswith(("face-", "back-"))]
    assert len(boxes) == 2
    reach = FURNITURE.mark_offset + FURNITURE.mark_length + 1e-6
    for mark in cut_marks(last):
        side = abs(mark.y1 - mark.y2) < 1e-6  # a side mark continues a horizontal edge
        edges = [y if side else x for box in boxes for x, y in box]
        ends = (mark.x1, mark.x2) if side else (mark.y1, mark.y2)
        near = [x if side else y for box in boxes for x, y in box]
        assert not side or min(abs(mark.y1 - y) for y in edges) < 1e-6, mark
        assert min(abs(end - at) for end in ends for at in near) <= reach, mark
    assert len(cut_marks(last)) < len(cut_marks(pages[0]))
