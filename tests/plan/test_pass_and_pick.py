"""The first complete kit, read back from the real PDFs (issue: engine and Pass and pick)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from shapes_print.pipeline import pipeline
from shapes_print.units import mm
from tests.pdfread import placements, text
from tests.wordchecks import struct_text

PAPERS = {"a4": (595.276, 841.890), "letter": (612.0, 792.0)}
CARD_W, CARD_H = mm(63.5), mm(88.9)
COUNTS = (3, 4, 5, 6)


def kit(root: Path, paper: str, players: int, name: str) -> Path:
    return root / paper / f"{players}-players" / f"pass-and-pick_{players}p_{paper}_{name}.pdf"


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("players", COUNTS)
def test_every_page_is_exactly_the_paper(pass_and_pick: Path, paper: str, players: int) -> None:
    for name in ("cards", "sheets", "host-key"):
        for page in PdfReader(kit(pass_and_pick, paper, players, name)).pages:
            box = page.mediabox
            assert float(box.width) == pytest.approx(PAPERS[paper][0], abs=0.001)
            assert float(box.height) == pytest.approx(PAPERS[paper][1], abs=0.001)


@pytest.mark.parametrize("paper", PAPERS)
def test_eighteen_faces_six_of_each_and_eighteen_backs(pass_and_pick: Path, paper: str) -> None:
    reader = PdfReader(kit(pass_and_pick, paper, 4, "cards"))
    placed = [p for page in reader.pages for p in placements(page, reader)]
    faces = Counter(p.name for p in placed if p.name.startswith("face-"))
    backs = Counter(p.name for p in placed if p.name.startswith("back-"))
    assert faces == {"face-circle": 6, "face-triangle": 6, "face-square": 6}
    assert backs == {"back-standard": 18}
    words = Counter(
        re.findall(r"CIRCLE|TRIANGLE|SQUARE", "".join(text(kit(pass_and_pick, paper, 4, "cards"))))
    )
    assert words == {"CIRCLE": 18, "TRIANGLE": 18, "SQUARE": 18}  # big word + two corner indices


@pytest.mark.parametrize("paper", PAPERS)
def test_each_back_lands_behind_its_face_on_long_edge_duplex(
    pass_and_pick: Path, paper: str
) -> None:
    reader = PdfReader(kit(pass_and_pick, paper, 4, "cards"))
    width = PAPERS[paper][0]
    assert len(reader.pages) == 4  # face, back, face, back
    for face_page, back_page in zip(reader.pages[0::2], reader.pages[1::2], strict=True):
        faces = placements(face_page, reader)
        backs = placements(back_page, reader)
        assert len(faces) == len(backs)
        mirrored = sorted((round(width - f.x - CARD_W, 2), round(f.y, 2)) for f in faces)
        actual = sorted((round(b.x, 2), round(b.y, 2)) for b in backs)
        for (mx, my), (bx, by) in zip(mirrored, actual, strict=True):
            assert abs(mx - bx) <= 0.01 and abs(my - by) <= 0.01


def test_grid_is_three_by_three_and_centred(pass_and_pick: Path) -> None:
    for paper, (width, height) in PAPERS.items():
        reader = PdfReader(kit(pass_and_pick, paper, 4, "cards"))
        faces = placements(reader.pages[0], reader)
        xs = sorted({round(f.x, 3) for f in faces})
        ys = sorted({round(f.y, 3) for f in faces})
        assert len(xs) == 3 and len(ys) == 3
        assert xs[0] == pytest.approx(width - (xs[-1] + CARD_W), abs=0.01)
        assert ys[0] == pytest.approx(height - (ys[-1] + CARD_H), abs=0.01)


def test_host_key_is_its_own_file_and_never_in_player_files(pass_and_pick: Path) -> None:
    for paper in PAPERS:
        for players in COUNTS:
            host = " ".join(text(kit(pass_and_pick, paper, players, "host-key")))
            assert "Host key" in host
            for name in ("cards", "sheets"):
                assert "Host key" not in " ".join(text(kit(pass_and_pick, paper, players, name)))


@pytest.mark.parametrize("players", COUNTS)
def test_setup_and_host_key_numbers_follow_the_player_count(
    pass_and_pick: Path, players: int
) -> None:
    in_play, aside = 3 * players, 18 - 3 * players
    sheets = " ".join(text(kit(pass_and_pick, "a4", players, "sheets")))
    host = " ".join(text(kit(pass_and_pick, "a4", players, "host-key")))
    assert f"setup for {players} players" in sheets
    assert re.search(rf"Cards in play \({players} players x 3\)\s*{in_play}\b", sheets)
    assert re.search(rf"Cards set aside unseen\s*{aside}\b", sheets)
    assert (
        f"Place the {aside} unused cards aside unseen" if aside else "No cards are set aside."
    ) in sheets
    assert ("including the unused ones" in sheets) == (aside > 0)
    assert re.search(rf"Cards in play\s*{in_play}\b", host)
    assert re.search(rf"Cards set aside unseen\s*{aside}\b", host)
    assert "6 + 6 + 6 = 18" in host


@pytest.mark.parametrize("players", COUNTS)
def test_score_sheet_has_one_column_per_player(pass_and_pick: Path, players: int) -> None:
    pages = text(kit(pass_and_pick, "a4", players, "sheets"))
    score_pages = [page for page in pages if "Score sheet" in page]
    assert score_pages
    for page in score_pages:
        copies = page.count(f"Score sheet: {players} players")
        assert copies >= 1
        assert page.count("Name") == players * copies
        assert page.count("Total") == copies
        assert page.count("Highest total wins; equal totals tie.") == copies


def test_round_directions_are_left_right_left(pass_and_pick: Path) -> None:
    pages = text(kit(pass_and_pick, "a4", 4, "sheets"))
    arrows = [page for page in pages if "pass this way" in page]
    assert len(arrows) == 1
    assert re.findall(r"\b(LEFT|RIGHT)\b", arrows[0]) == ["LEFT", "RIGHT", "LEFT"]
    score = next(page for page in pages if "Score sheet" in page)
    assert re.findall(r"Round (\d): pass (left|right)", score)[:3] == [
        ("1", "left"),
        ("2", "right"),
        ("3", "left"),
    ]


def test_scoring_table_numbers_come_from_the_rules(pass_and_pick: Path) -> None:
    page = next(p for p in text(kit(pass_and_pick, "a4", 4, "sheets")) if "Scoring table" in p)
    assert re.search(r"Three identical shapes.*?\b5\b", page, re.S)
    assert re.search(r"All three shapes.*?\b3\b", page, re.S)
    assert re.search(r"One pair plus a different shape.*?\b1\b", page, re.S)
    assert "no extra award for collecting a rare shape" in page


def test_viewer_is_asked_for_actual_size_and_long_edge_duplex(pass_and_pick: Path) -> None:
    reader = PdfReader(kit(pass_and_pick, "letter", 5, "cards"))
    prefs = reader.trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None"
    assert prefs["/Duplex"] == "/DuplexFlipLongEdge"
    assert reader.metadata.title == "Pass and pick shapes: shape cards"


def test_the_scale_check_is_on_each_card_sheet_and_a_files_first_page(
    pass_and_pick: Path,
) -> None:
    """A card sheet's cut depends on its scale: every front carries the ruler and inch
    square. A sheet is printed for its scale once: only a file's first page carries them,
    every page the print line."""
    for paper in PAPERS:
        for name in ("cards", "sheets", "host-key"):
            reader = PdfReader(kit(pass_and_pick, paper, 3, name))
            for index, page in enumerate(reader.pages):
                if name == "cards" and index % 2 == 1:
                    continue  # back pages: the sheet's scale check is on its front
                words = " ".join(page.extract_text().split())
                checked = "50 mm" in words and "1 in" in words
                assert checked == (name == "cards" or index == 0), (name, index)
                sides = "double-sided, flip on long edge" if name == "cards" else "one-sided"
                assert f"Print at 100% / Actual size, headers and footers off; {sides}" in words


def test_the_running_foot_numbers_each_page_as_furniture_a_reader_skips(
    pass_and_pick: Path,
) -> None:
    """ "page 2 of 4" is printed at each page's foot, marked as a pagination artifact: the
    text a reader's software hears (the structure tree) does not say it."""
    path = kit(pass_and_pick, "a4", 3, "sheets")
    reader = PdfReader(path)
    count = len(reader.pages)
    assert count > 1
    for number, page in enumerate(reader.pages, start=1):
        words = " ".join(page.extract_text().split())
        assert (
            f"Pass and pick shapes · table sheets for 3 players · page {number} of {count}" in words
        )
    heard = " ".join(struct_text(path))
    assert "page 1 of" not in heard and "Print at 100%" not in heard
    assert "Pass and pick shapes" in heard  # the structure tree is read, the foot left out
    streams = b"".join(page.get_contents().get_data() for page in reader.pages)
    assert streams.count(b"/Artifact << /Type /Pagination >> BDC") >= 2 * count


def _resources(resources: Any, seen: set[int]) -> Iterator[tuple[str, Any]]:
    """Every font and XObject reachable from a resource dictionary, forms included."""
    if resources is None or id(resources) in seen:
        return
    seen.add(id(resources))
    for font in (resources.get("/Font") or {}).values():
        yield "font", font.get_object()
    for xobject in (resources.get("/XObject") or {}).values():
        xobject = xobject.get_object()
        yield "xobject", xobject
        yield from _resources(xobject.get("/Resources"), seen)


def test_fonts_are_embedded_and_shapes_are_vectors(pass_and_pick: Path) -> None:
    for name in ("cards", "sheets"):
        reader = PdfReader(kit(pass_and_pick, "a4", 4, name))
        fonts = 0
        for page in reader.pages:
            for kind, obj in _resources(page.get("/Resources"), set()):
                if kind == "font":
                    # A Type 0 font over its TrueType outlines, embedded, addressed by
                    # glyph id, with a map back to the characters for copying and reading.
                    assert (obj["/Subtype"], obj["/Encoding"]) == ("/Type0", "/Identity-H"), obj
                    (cid_font,) = (f.get_object() for f in obj["/DescendantFonts"])
                    assert cid_font["/Subtype"] == "/CIDFontType2", cid_font
                    descriptor = cid_font["/FontDescriptor"]
                    assert "/FontFile2" in descriptor, "TrueType font must be embedded"
                    assert "/ToUnicode" in obj
                    fonts += 1
                else:
                    assert obj["/Subtype"] == "/Form", "a raster image in a vector-only kit"
        assert fonts >= 2


def test_marks_and_furniture_stay_inside_the_printer_safe_margin() -> None:
    from shapes_print.geometry.primitives import Artifact, Group, Line, Rect
    from shapes_print.kit.contents import KitRequest
    from shapes_print.kit.resolved import resolve_kit
    from shapes_print.plan.kit import plan_kit

    project = pipeline.load_project(pipeline.Sources(), ["pass-and-pick"])
    resolved = resolve_kit(project.games["pass-and-pick"], project.library, project.ctx, None)
    safe = mm(6.35)
    for paper, (width, height) in PAPERS.items():
        files = plan_kit(resolved, KitRequest("pass-and-pick", 4, paper))
        page = files[0].document.pages[0]
        # Marks, trim lines and furniture are artifacts, each of one group; so is each card's
        # overrun past the grid (a background), checked by test_print_layout.
        every = [item for item in page.items if isinstance(item, Artifact)]
        artifacts = [a for a in every if a.kind != "Background"]
        assert {a.kind for a in every} == {"Layout", "Pagination", "Background"}
        groups = [group for a in artifacts for group in a.items if isinstance(group, Group)]
        assert len(groups) == len(artifacts)
        marks = [g for g in groups if g.items and all(isinstance(line, Line) for line in g.items)]
        assert len(marks) == 1, "cut marks are drawn, as one group"
        lines = marks[0].items
        for line in lines:
            for x, y in ((line.x1, line.y1), (line.x2, line.y2)):
                assert safe - 1e-6 <= x <= width - safe + 1e-6
                assert safe - 1e-6 <= y <= height - safe + 1e-6
        trims = [g for g in groups if g.items and all(isinstance(rect, Rect) for rect in g.items)]
        assert len(trims) == 1 and len(trims[0].items) == 9  # a trim outline per card, as one group
        furniture = [g for g in groups if g not in marks and g not in trims]
        assert len(furniture) == 4  # ruler, inch check, print line, the file's running foot


def test_shape_centres_have_their_colour_and_the_margin_is_paper_white(pass_and_pick: Path) -> None:
    path = kit(pass_and_pick, "a4", 4, "cards")
    reader = PdfReader(path)
    faces = placements(reader.pages[0], reader)
    scale = 100 / 72
    image = pdfium.PdfDocument(path)[0].render(scale=scale).to_pil().convert("RGB")
    height = PAPERS["a4"][1]
    colours = {
        "face-circle": (0x56, 0xB4, 0xE9),
        "face-triangle": (0xE6, 0x9F, 0x00),
        "face-square": (0x00, 0x9E, 0x73),
    }
    # The shape box is 40 mm square at 16 mm from the card's top: its centre is 36 mm down.
    for face in faces:
        cx, cy = face.x + CARD_W / 2, face.y + CARD_H - mm(36)
        pixel = image.getpixel((int(cx * scale), int((height - cy) * scale)))
        assert all(abs(a - b) <= 6 for a, b in zip(pixel, colours[face.name], strict=True)), (
            face,
            pixel,
        )
    left = min(f.x for f in faces)
    gutter = image.getpixel((int((left - mm(2)) * scale), int(height / 2 * scale)))
    assert gutter == (255, 255, 255)


def test_two_builds_are_byte_identical(pass_and_pick: Path, tmp_path: Path) -> None:
    pipeline.build(
        pipeline.Sources(), ["pass-and-pick"], pipeline.BuildOptions("4", "letter"), tmp_path
    )
    for name in ("cards", "sheets", "host-key"):
        again = (
            tmp_path
            / "pass-and-pick"
            / "letter"
            / "4-players"
            / f"pass-and-pick_4p_letter_{name}.pdf"
        ).read_bytes()
        assert again == kit(pass_and_pick, "letter", 4, name).read_bytes()


@pytest.mark.parametrize("paper", PAPERS)
def test_each_arrows_caption_stands_nearer_its_arrow_than_the_word_above(
    pass_and_pick: Path, paper: str
) -> None:
    """ "Round 2: pass this way" sat as close under the first arrow's LEFT as over its own
    arrow, so it read as that arrow's caption."""
    pdf = pdfium.PdfDocument(kit(pass_and_pick, paper, 4, "sheets"))
    page = next(p for p in pdf if "pass this way" in p.get_textpage().get_text_range())
    textpage = page.get_textpage()

    def span(word: str, nth: int) -> tuple[float, float]:
        """The nth match's bottom and top (PDF y grows upwards)."""
        found = textpage.search(word, match_case=True, match_whole_word=True)
        for _ in range(nth):
            found.get_next()
        first, count = found.get_next()
        boxes = [textpage.get_charbox(i) for i in range(first, first + count)]
        return min(b[1] for b in boxes), max(b[3] for b in boxes)

    arrows = sorted(
        (
            obj.get_bounds()
            for obj in page.get_objects()
            if obj.type == pdfium.raw.FPDF_PAGEOBJ_PATH
        ),
        key=lambda pos: -pos[3],
    )
    arrows = [pos for pos in arrows if pos[2] - pos[0] > PAPERS[paper][0] / 2]  # the wide ones
    words = ["LEFT", "RIGHT", "LEFT"]
    for n in (1, 2):
        caption_bottom, caption_top = span(f"Round {n + 1}", 0)
        word_bottom, _ = span(words[n - 1], words[: n - 1].count(words[n - 1]))
        to_own_arrow = caption_bottom - arrows[n][3]
        from_word_above = word_bottom - caption_top
        assert from_word_above >= 2 * to_own_arrow > 0, (n, from_word_above, to_own_arrow)
