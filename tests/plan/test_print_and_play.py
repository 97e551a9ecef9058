"""One print-and-play file per kit, read back from real kits: a cover, the players' sheets
and the cards in print order, a bookmark per part, double-sided cards starting on an odd
page (after a blank page that says why), no host key, listed in the manifest and verified."""

from __future__ import annotations

import json
import re
from itertools import pairwise
from pathlib import Path

import pytest
from pypdf import PdfReader

from shapes_print.geometry.primitives import BLACK, Group, Page, Text
from shapes_print.pipeline import pipeline
from shapes_print.plan.headings import heading_marks
from shapes_print.write.manifest import verify
from tests.pdfread import page_texts

BLANK = "This page is left blank on purpose"
AID = ("Player aid: ", "Ayuda de juego: ")
# Each language's print line: a sheet's own file prints one-sided, the whole file double.
PRINT_LINE = {
    "en": ("Print at 100% / Actual size, headers and footers off; ", "one-sided"),
    "es": ("Imprima al 100 % / tamaño real, sin encabezados ni pies de página; ", "a una cara"),
}
SCALE_CHECK = {
    "en": "50 mm: check with a ruler 1 in",
    "es": "50 mm: compruébelo con una regla 1 pulg.",
}
DOUBLE = {"en": "double-sided, flip on long edge", "es": "a doble cara, girar por el borde largo"}
# How a page used at the table opens (a score sheet, a round's arrows): each has its sheet.
TABLE = ("Score sheet: ", "Hoja de puntuación: ", "Round 1: pass this way", "Ronda 1: pasar")
NUMBERED = {"en": "page {} of {}", "es": "página {} de {}"}


def _blank(text: str) -> bool:
    """Whether a page is one left blank on purpose (it says why)."""
    return BLANK in text or "Esta página se deja en blanco" in text


def _unfooted(text: str, game: str) -> str:
    """A page's text without its running foot (the game's name, a document's, the number)."""
    foot = rf" ?{re.escape(game)} · [^·]+? · (?:page|página) \d+ (?:of|de) \d+"
    return re.sub(foot, "", text)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every game for 3 players on A4 and Letter (Pass and pick's sheets and aids end on an
    odd page on A4: its cards need the blank page), standard and Spanish."""
    out = tmp_path_factory.mktemp("print-and-play")
    project = pipeline.load_project(pipeline.Sources(), [], ["standard", "es"])
    pipeline.build_project(project, pipeline.BuildOptions(players="3", paper="a4,letter"), out)
    return out


def _kits(built: Path) -> list[Path]:
    kits = sorted(p for p in built.glob("*/**/3-players") if p.is_dir())
    assert len(kits) == 3 * 2 * 2
    return kits


# The assembly page's bookmark: the page after the cover, on its back in a double-sided file.
ASSEMBLY = ("How to print and put it together", "Cómo imprimirlo y montarlo")


def _outline(reader: PdfReader) -> list[tuple[str, int]]:
    """The outline's top level: the cover, the assembly page, each part."""
    return [
        (item.title, reader.get_destination_page_number(item))
        for item in reader.outline
        if not isinstance(item, list)
    ]


def _parts(marks: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """The parts' bookmarks: not the cover's nor the assembly page's."""
    assert marks[1][0] in ASSEMBLY and marks[1][1] == 1
    return marks[2:]


def _titled(kit: Path) -> dict[str, Path]:
    return {PdfReader(p).metadata.title: p for p in kit.glob("*.pdf")}


def test_the_file_holds_the_players_files_in_print_order_with_bookmarks(built: Path) -> None:
    """Cover, then every players' sheet, then the cards files: each part's pages as its own
    file has them, where its bookmark says; the host key and the printing guide left out."""
    for kit in _kits(built):
        (whole,) = kit.glob("*_print-and-play.pdf")
        reader = PdfReader(whole)
        assert reader.trailer["/Root"]["/PageMode"] == "/UseOutlines"
        marks = _outline(reader)
        assert marks[0] == (reader.metadata.title, 0)  # the cover is page 1
        titled = _titled(kit)
        parts = [titled[title] for title, _ in _parts(marks)]
        expected = [
            p
            for p in titled.values()
            if not p.name.endswith(("_host-key.pdf", "_printing-guide.pdf", "_print-and-play.pdf"))
        ]
        assert sorted(parts) == sorted(expected)
        kinds = [p.name.endswith("cards.pdf") for p in parts]
        assert kinds == sorted(kinds) and any(kinds) and not all(kinds)  # sheets, then cards
        pages = page_texts(whole)
        lang = "es" if "es" in kit.relative_to(built).parts else "en"
        start, one_sided = PRINT_LINE[lang]
        cards_pages: set[int] = set()
        join = " \u2013 " if " \u2013 " in marks[0][0] else ": "  # es Pass and pick: a dash
        game = marks[0][0].rsplit(join, 1)[0]
        # Every page carries the whole file's number, one count from the cover on.
        for number, page in enumerate(pages, 1):
            assert NUMBERED[lang].format(number, len(pages)) in page, (whole.name, number)
        for (title, first), part in zip(_parts(marks), parts, strict=True):
            if part.name.endswith("cards.pdf"):
                cards_pages |= set(range(first, first + len(PdfReader(part).pages)))
            # The whole file prints double-sided for its cards, its sheets too: their
            # print line here says so; and its cover has the scale check, which a sheet's
            # first page has in its own file; and the feet count the whole file. That is
            # all that differs.
            own = [
                _unfooted(p.replace(start + one_sided, start + DOUBLE[lang]), game)
                for p in page_texts(part)
            ]
            if not part.name.endswith("cards.pdf"):
                own[0] = own[0].replace(f" {SCALE_CHECK[lang]}", "")
            # A player aid's copies each have a sheet: a page left blank after each.
            laid = [_unfooted(p, game) for p in pages[first:] if not _blank(p)][: len(own)]
            assert laid == own, (whole.name, title)
        lined = [page for page in pages if start in page]  # card backs have no print line
        assert lined and all(start + DOUBLE[lang] in page for page in lined), whole.name
        # The scale check on the file's first page, and on card sheets (their cut needs it).
        ruled = {index for index, page in enumerate(pages) if SCALE_CHECK[lang] in page}
        assert 0 in ruled and ruled - {0} <= cards_pages, (whole.name, ruled - cards_pages)
        (host,) = kit.glob("*_host-key.pdf")
        assert page_texts(host)[0] not in pages


def test_every_part_of_a_double_sided_file_starts_on_an_odd_page(built: Path) -> None:
    """Nothing prints on the back of another part: not the rules on the back of the
    cover, nor a cards part's fronts behind a sheet."""
    blanks = 0
    for kit in _kits(built):
        (whole,) = kit.glob("*_print-and-play.pdf")
        reader = PdfReader(whole)
        assert reader.viewer_preferences["/Duplex"] == "/DuplexFlipLongEdge"
        pages = page_texts(whole)
        cards_titles = {PdfReader(p).metadata.title for p in kit.glob("*cards.pdf")}
        marks = _outline(reader)
        assert any(title in cards_titles for title, _ in marks)
        firsts = [first for _, first in _parts(marks)]
        assert all(first % 2 == 0 for first in firsts), whole.name  # odd pages
        for index, words in enumerate(pages):
            if _blank(words):  # an even page, before a part, an aid's copy or a table page
                blanks += 1
                after = pages[index + 1]
                assert index % 2 == 1
                assert index + 1 in firsts or after.startswith(AID) or after.startswith(TABLE)
    assert blanks >= 1


def test_the_cover_says_what_to_print_on_what(built: Path) -> None:
    shapes = built / "shapes-the-game/letter/3-players"
    (whole,) = shapes.glob("*_print-and-play.pdf")
    cover = " ".join(page_texts(whole)[:2])
    # The game's players as its rules say them (game.yaml's player_count), not the range 1-6.
    assert (
        "Game Shapes the Game Players (this kit) 3 Players (the game) 2\u20136; Solitaire: 1"
        in cover
    )
    # Shapes the Game's rules give no time: its cover leaves the row out rather than
    # print "The rules do not say." in large bold type.
    assert "Time" not in cover and "do not say" not in cover
    assert "Players (the game) 2\u20136; Solitaire: 1 What is in this file" in cover
    assert re.search(r"Shapes the Game: the deck of 54 cards \d+ 12 card stock", cover)
    # The cover fits one page since the scale check went to a file's first page only (i28a):
    # the first sheet starts on page 2.
    # The rules start on page 3: page 2, the back of the cover, is the assembly page.
    assert "Shapes the Game: main game for 3 players 3 2 plain" in cover
    # Each part's "From page" is the number printed on its first page, and its pages run
    # to the next part's first (a page left blank after its last is on its last sheet).
    pages = page_texts(whole)
    parts = sorted(_parts(_outline(PdfReader(whole))), key=lambda part: part[1])
    ends = [*(first for _, first in parts[1:]), len(pages)]
    for (title, first), end in zip(parts, ends, strict=True):
        found = re.search(rf"{re.escape(title)} {first + 1} (\d+) (plain|card stock)", cover)
        assert found and int(found[1]) == end - first, (title, found)
        assert f"page {first + 1} of {len(pages)}" in pages[first]
    assert "Needed and not in this kit: the Shapes the Game set itself" in cover
    assert "double-sided, flip on long edge" in page_texts(whole)[0]
    (passing,) = (built / "pass-and-pick/letter/3-players").glob("*_print-and-play.pdf")
    assert "Time 12\u201318 minutes" in page_texts(passing)[0]
    (spanish,) = (built / "pass-and-pick/es/letter/3-players").glob("*_print-and-play.pdf")
    assert "Duración 12\u201318 minutos" in page_texts(spanish)[0]


def test_the_manifest_lists_it_and_verify_passes(built: Path) -> None:
    manifest = json.loads((built / "manifest.json").read_text())
    listed = json.dumps(manifest)
    for kit in _kits(built):
        (whole,) = kit.glob("*_print-and-play.pdf")
        assert whole.name in listed
    assert "print-and-play" in (built / "index.html").read_text()
    found, checked = verify(built)
    assert not found and checked == len(list(built.glob("**/*.pdf")))


AIDS = {
    "pass-and-pick": ("Each round: pick, lock, pass", "Scoring table", "Score sheet"),
    "collect-3": ("How to play", "Scoring: 3 players", "Where the rules are silent"),
    "shapes-the-game": ("Your turn", "If the deck runs out", "Components"),
}

# Headings of each aid's copy; Collect 3's keeps only some blocks of its parts: not "End of
# round", a subheading inside "How to play".
AID_PARTS = {
    "pass-and-pick": ("Each round: pick, lock, pass", "Scoring table"),
    "collect-3": ("How to play", "Choose the Task", "Scoring: 3 players"),
    "shapes-the-game": ("Your turn", "If the deck runs out"),
}


def test_each_player_has_an_aid_from_the_rules_own_text(built: Path) -> None:
    """As many aids as players (3 here), each from a page of its own or two to a sheet,
    reprinting the parts game.yaml names (the turn, the scoring or the end) and nothing past
    them; the aid is also a part of the print-and-play file, before the cards."""
    for game, (first, last, beyond) in AIDS.items():
        for labels in ("", "es/"):
            kit = built / game / f"{labels}letter/3-players"
            (aid,) = kit.glob("*_player-aid.pdf")
            pages = page_texts(aid)
            heading = "Player aid: " if not labels else "Ayuda de juego: "
            assert all(words.startswith(heading) for words in pages), aid.name
            words = " ".join(pages)
            assert words.count(heading) == 3 and len(pages) in (2, 3), aid.name
            if labels:
                continue
            assert first in words and last in words and beyond not in words, aid.name
            copy = words.split(heading)[1]
            for part in AID_PARTS[game]:  # a part inside one named before it: printed once
                assert copy.count(part) == 1, (aid.name, part)
            (whole,) = kit.glob("*_print-and-play.pdf")
            reader = PdfReader(whole)
            titles = [title for title, _ in _outline(reader)]
            assert PdfReader(aid).metadata.title in titles
            cards = [
                t for t in titles if t == PdfReader(next(kit.glob("*_cards.pdf"))).metadata.title
            ]
            assert titles.index(PdfReader(aid).metadata.title) < titles.index(cards[0])


GUIDE_ROW = {
    "en": "print-and-play.pdf (everything the players print, at once) {pages} card stock and "
    "plain double-sided, flip on long edge",
    "es": "print-and-play.pdf (todo lo que imprimen los jugadores, de una vez) {pages} "
    "cartulina y papel normal a doble cara, girar por el borde largo",
}


def test_the_printing_guide_lists_the_file_with_what_it_is_for(built: Path) -> None:
    """Like every other file of the kit: its pages, its paper (both stocks), its sides, and
    what it is for (everything at once), after the files it holds."""
    for kit in _kits(built):
        (whole,) = kit.glob("*_print-and-play.pdf")
        (guide,) = kit.glob("*_printing-guide.pdf")
        lang = "es" if "es" in kit.relative_to(built).parts else "en"
        words = " ".join(page_texts(guide))
        row = GUIDE_ROW[lang].format(pages=len(PdfReader(whole).pages))
        assert row in words, (guide.name, words)
        assert words.index("player-aid.pdf") < words.index(row)


def test_each_sheet_part_has_its_headings_nested_under_it(built: Path) -> None:
    """Part, then its headings, then their sections: each heading's bookmark goes to the
    page that prints it, inside its part; a cards part has none under it."""
    for kit in _kits(built):
        (whole,) = kit.glob("*_print-and-play.pdf")
        reader = PdfReader(whole)
        pages = [" ".join(p.split()) for p in page_texts(whole)]
        cards_titles = {PdfReader(p).metadata.title for p in kit.glob("*cards.pdf")}
        outline, nested = reader.outline, 0
        for index, item in enumerate(outline):
            if not isinstance(item, list):
                continue
            part = outline[index - 1]
            assert part.title not in cards_titles and part.title not in ASSEMBLY
            first = reader.get_destination_page_number(part)
            after = [i for i in outline[index + 1 :] if not isinstance(i, list)]
            stop = reader.get_destination_page_number(after[0]) if after else len(pages)
            flat = [*item, *(i for sub in item if isinstance(sub, list) for i in sub)]
            for mark in (m for m in flat if not isinstance(m, list)):
                at = reader.get_destination_page_number(mark)
                title = " ".join(mark.title.split())  # a no-break space reads as a space
                assert first <= at < stop and _printed(title, pages[at]), (whole.name, title)
                nested += 1
        assert nested >= 3, whole.name  # the rules' headings at least


def _printed(title: str, page: str) -> bool:
    """Whether a bookmark's words are printed on its page: as they are, or, for a page of
    captions that differ in a number (a range, "Round 1\u20133: pass this way"), its first
    caption and its last."""
    ranged = re.fullmatch(r"(.*?)(\d+)\u2013(\d+)(.*)", title)
    if title in page or ranged is None:
        return title in page
    start, low, high, end = ranged.groups()
    return f"{start}{low}{end}" in page and f"{start}{high}{end}" in page


# Each page used at the table (a score sheet, the round's arrows), its own entry directly
# under its part: its heading, or where it has none, its captions; by page number.
AT_TABLE = {
    "collect-3": {"Score sheet: 3 players, recommended winning score 10": 9},
    "pass-and-pick": {"Score sheet: 3 players": 5, "Round 1\u20133: pass this way": 7},
    "shapes-the-game": {},
}


def test_each_bookmark_nests_under_a_heading_of_its_own_part() -> None:
    """Planned in memory at 3 players on A4: each part at the top, its headings under it in
    their order, each at most one level under the mark before it (a heading under the
    nearest one above it of a higher level, in its own part), and each page used at the
    table an entry of its own under its part, never under the heading read before it."""
    project = pipeline.load_project(pipeline.Sources(), [], ["standard"])
    for _, info, files in pipeline.plan_all(project, "3", "a4", "long", None):
        (whole,) = [f.document for f in files if f.name.endswith("_print-and-play")]
        marks = whole.bookmarks
        assert [m.level for m in marks[:2]] == [0, 0]
        for before, mark in pairwise(marks):
            assert mark.level <= before.level + 1 and mark.page >= before.page, mark
        table = {m.title: (m.page + 1, m.level) for m in marks if m.title in AT_TABLE[info["game"]]}
        assert table == {t: (page, 1) for t, page in AT_TABLE[info["game"]].items()}


def _page(*groups: tuple[str, str]) -> Page:
    """A page of groups, each a role and its words."""
    return Page(1, 1, tuple(Group((Text(0, 0, w, "F", 9, BLACK),), role=r) for r, w in groups))


def test_a_page_used_at_the_table_is_its_own_entry_and_holds_no_later_heading() -> None:
    """The rule, not a kit's case: a score sheet's title goes one level under the part
    whatever its role, a page of arrows by its captions, a page left blank between
    adds none, and a subheading read after them is no section of them."""
    pages = [
        _page(("H1", "Rules"), ("H2", "Setup")),
        _page(("H2", "Score sheet"), ("H2", "Score sheet")),
        _page(),
        _page(("P", "Round 1: pass this way"), ("P", "Round 2: pass this way")),
        _page(("H2", "Notes"), ("H1", "End")),
    ]
    marks = heading_marks(pages, 10, [None, 4, None, 6, None])
    assert [(m.title, m.page, m.level) for m in marks] == [
        ("Rules", 10, 1),
        ("Setup", 10, 2),
        ("Score sheet", 11, 1),
        ("Round 1\u20132: pass this way", 13, 1),
        ("Notes", 14, 1),
        ("End", 14, 1),
    ]


@pytest.mark.parametrize(
    ("captions", "mark"),
    [
        (["Pass cards this way"], "Pass cards this way"),
        (
            ["Round 9: pass left", "Round 10: pass right"],
            "Round 9: pass left; Round 10: pass right",
        ),
        (["Ronda 9: pase", "Ronda 10: pase", "Ronda 11: pase"], "Ronda 9\u201311: pase"),
        (["Pass left", "Pass right", "Pass left"], "Pass left; Pass right"),
    ],
)
def test_a_page_of_captions_is_marked_by_every_one_it_shows(captions: list[str], mark: str) -> None:
    """A page of arrows without a heading is found by all its captions, not its first: those
    that differ in one number alone as a range of it, any others each once."""
    marks = heading_marks([_page(*(("P", caption) for caption in captions))], 0, [0])
    assert [m.title for m in marks] == [mark]
