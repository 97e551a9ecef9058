"""The braille label set: translations, the dots on the cards, and the embosser file."""

from __future__ import annotations

import math
import shutil
import subprocess
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest

from shapes_print.braille.cells import ascii_braille
from shapes_print.braille.codes import SPANISH, UEB
from shapes_print.braille.translate import BrailleError, divisible, fill_lines, translate
from shapes_print.errors import UserError
from shapes_print.geometry.primitives import (
    BLACK,
    WHITE,
    Artifact,
    Group,
    Item,
    Line,
    Paint,
    Rect,
    Symbol,
    Text,
)
from shapes_print.geometry.primitives import Path as Drawn
from shapes_print.kit.braillefit import braille_lines
from shapes_print.kit.contents import KitRequest
from shapes_print.kit.resolved import resolve_kit
from shapes_print.load.cardmodels import card_box
from shapes_print.load.options import PrintOptions
from shapes_print.pipeline import pipeline
from shapes_print.plan.cardfile import card_template
from shapes_print.plan.cardtext import braille_text
from shapes_print.plan.embosser import EmbosserFile, sheet_passages
from shapes_print.plan.kit import KitFile, plan_kit

MM = 72 / 25.4
ROOT = Path(__file__).resolve().parents[2]
BLANK = "\u2800"
LOU = shutil.which("lou_translate")
NO_LOU = "lou_translate (Debian liblouis-bin) is not installed: nothing to compare with"
GAMES = ("pass-and-pick", "shapes-the-game", "collect-3")
SIZES = ("poker", "bridge", "mini", "tarot", "square")  # templates/card-sizes.yaml
BRAILLE_SETS = ("braille", "braille-es")
# Where a set's braille truly has no room: "amarillo semicírculo" is 20 cells, five lines of a
# mini card's 6; the build refuses and names the sizes that work.
REFUSED = {("shapes-the-game", "mini", "braille-es"): "poker, bridge, tarot, square"}

# Known translations, cell by cell from the codes' own tables (UEB 2013 sections 4, 6, 7, 8;
# CBE signografía básica), in North American ASCII braille.
KNOWN_UEB = {
    "circle": "CIRCLE",
    "TRIANGLE": ",,TRIANGLE",  # 8: capitalised word
    "Red 2": ",RED #B",  # 8: capital letter; 6: numeric indicator, digits a-j
    "CLEAR THE BOARD": ",,,CLEAR THE BOARD,'",  # 8: capitals passage and terminator
    "3a": "#C;A",  # 5.2: grade 1 symbol indicator before a-j after a number
    "1st": "#AST",  # s is no digit: no indicator
    "ABCs": ",,ABC,'S",  # 8: terminator inside a word
    "3\u20136 players.": "#C,-#F PLAYERS4",  # 7: en dash, full stop
    "(4 players x 3)": '"<#D PLAYERS X #C">',  # 7: round parentheses
    "1.5": "#A4E",  # 6: a full stop inside a number
}
KNOWN_SPANISH = {
    "círculo": "CIRCULO".replace("I", "/", 1),  # í is dots 34, the NABCC slash
    "CÍRCULO": ".." + "C/RCULO",  # a word in capitals: 46 46
    "¿Qué?": "5.Q%!5".replace("%", "U"),  # ¿ ? 26; é 2346
    "año": "A]O",  # ñ 12456
    "Ronda 3: pasar": ".RONDA #C3 PASAR",
}


def _ascii(text: str, code) -> str:
    return ascii_braille(BLANK.join(translate(text, code)))


@pytest.mark.parametrize(("text", "expected"), KNOWN_UEB.items())
def test_ueb_grade_1_known_translations(text: str, expected: str) -> None:
    assert _ascii(text, UEB) == expected


@pytest.mark.parametrize(("text", "expected"), KNOWN_SPANISH.items())
def test_spanish_grade_1_known_translations(text: str, expected: str) -> None:
    assert _ascii(text, SPANISH) == expected


def test_a_character_without_a_sign_is_named() -> None:
    with pytest.raises(BrailleError, match="U\\+2605"):
        translate("★", UEB)


def test_lines_divide_only_at_spaces_and_a_words_own_hyphen() -> None:
    lines = fill_lines(translate("yellow half-circle", UEB), 9, "\u2824")
    assert [ascii_braille(line) for line in lines] == ["YELLOW", "HALF-", "CIRCLE"]
    with pytest.raises(BrailleError, match="does not fit"):
        fill_lines(translate("cylindrical", UEB), 9, "\u2824")


def test_a_word_the_hyphenation_list_divides_breaks_only_there_and_only_when_too_long() -> None:
    def lines(text: str, width: int) -> list[str]:
        words = divisible(text, UEB, ["cyl-in-der", "tri-an-gle"], width)
        return [ascii_braille(line) for line in fill_lines(words, width, "\u2824")]

    assert lines("yellow cylinder", 6) == ["YELLOW", "CYLIN-", "DER"]
    assert lines("triangle", 6) == ["TRIAN-", "GLE"]
    assert lines("yellow cylinder", 8) == ["YELLOW", "CYLINDER"]  # whole where it fits
    assert lines("red cylinder", 9) == ["RED", "CYLINDER"]  # never to fill a line up
    with pytest.raises(BrailleError, match="does not fit"):
        fill_lines(divisible("strengths", UEB, ["cyl-in-der"], 5), 5, "\u2824")


def _zone_lines(game: str, size: str, card_id: str) -> list[str]:
    """The lines of ASCII braille a card's braille zone holds at a card size."""
    project = pipeline.load_project(pipeline.Sources(), [game], ["braille"])
    loaded, style = project.games[game], project.ctx.style.braille
    assert style is not None
    template = card_template(loaded, project.library, size)
    ((card, index),) = [
        (card, index)
        for card, index in zip(loaded.decks[0].deck.cards, loaded.decks[0].origins, strict=True)
        if card.id == card_id
    ]
    elements = template.layouts[card.layout].elements
    zone = next(e for e in elements if e.kind == "braille")
    where = loaded.decks[0].source.source(("cards", index))
    fields = {"id": card.id, **card.fields}
    text = braille_text(zone, elements, fields, project.ctx, where, card.id)
    box = card_box(zone, template)
    lines = braille_lines(text, project.ctx.words.locale, box, style, where, card.id)
    return [ascii_braille(line) for line in lines]


def test_a_mini_card_divides_words_where_the_accessibility_page_says() -> None:
    """docs/accessibility.md: a mini card's 6 cells divide "tri-angle" and "cyl-inder"."""
    page = " ".join((ROOT / "docs/accessibility.md").read_text().split())
    assert 'A mini card\'s 6 cells divide "tri-angle" and "cyl-inder"' in page
    assert _zone_lines("pass-and-pick", "mini", "triangle") == ["TRI-", "ANGLE"]
    assert _zone_lines("shapes-the-game", "mini", "red-cylinder") == ["RED", "CYL-", "INDER"]
    assert _zone_lines("pass-and-pick", "poker", "triangle") == ["TRIANGLE"]  # whole where it fits


def test_a_size_the_card_sizes_do_not_name_is_a_clean_error(tmp_path: Path) -> None:
    own = tmp_path / "tiny.yaml"
    own.write_text("extends: braille\ncards:\n  sizes:\n    minuscule: {elements: {}}\n")
    with pytest.raises(UserError, match="no card size is named 'minuscule'") as raised:
        pipeline.load_project(pipeline.Sources(), ["pass-and-pick"], [str(own)])
    assert raised.value.source and raised.value.source.line == 4


# ---- kits -----------------------------------------------------------------------------


def braille_kit(game: str, labels: str = "braille", players: int | None = None) -> list[KitFile]:
    project = pipeline.load_project(pipeline.Sources(), [game], [labels])
    loaded = project.games[game]
    count = players or loaded.game.players.max
    resolved = resolve_kit(loaded, project.library, project.ctx, None)
    return plan_kit(resolved, KitRequest(game, count, "a4", labels=labels))


@pytest.fixture(scope="module")
def kits() -> dict[str, list[KitFile]]:
    return {game: braille_kit(game) for game in GAMES}


def brailled_strings(files: list[KitFile], game: str, labels: str = "braille") -> list[str]:
    """Every text the kit writes in braille: its embosser file's passages, which are the
    game's players' sheets (not the player aid, the printing guide or the print-and-play
    file; the card names are the dots' words too)."""
    embosser = next(f.document for f in files if isinstance(f.document, EmbosserFile))
    assert embosser
    project = pipeline.load_project(pipeline.Sources(), [game], [labels])
    embossed = [
        f"_{doc.spec.name}"
        for doc in project.games[game].documents
        if doc.spec.audience == "players"
    ]
    sheets = [
        f.document
        for f in files
        if f.name.endswith(tuple(embossed)) and not isinstance(f.document, EmbosserFile)
    ]
    assert sheets
    return [p.text for document in sheets for p in sheet_passages(document)]


def lou_translate(table: str, texts: list[str]) -> list[str]:
    done = subprocess.run(
        [LOU, "--forward", f"unicode.dis,{table}"],  # type: ignore[list-item]
        input="\n".join(texts) + "\n",
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.splitlines()


@pytest.mark.skipif(LOU is None, reason=NO_LOU)
def test_every_string_a_braille_kit_brailles_matches_liblouis(
    kits: dict[str, list[KitFile]],
) -> None:
    for game, files in kits.items():
        texts = brailled_strings(files, game)
        project = pipeline.load_project(pipeline.Sources(), [game], ["braille"])
        from shapes_print.plan.embosserkit import card_names

        loaded = project.games[game]
        players = loaded.game.players.max
        names = [
            name
            for deck in card_names(loaded, project.library, project.ctx, None, players)
            for name, _ in deck
        ]
        texts = list(dict.fromkeys(names + texts))
        assert len(texts) > 10
        # liblouis has no sign for a no-break space (it passes it through): a space to braille.
        # And where a closing quote follows ! or ? (shout "Collect 3!"), liblouis writes the
        # nonspecific quotation mark 6-2356, as if it could not tell; the quote closes, and
        # UEB 7 gives the closing mark 356 for that: compared as the same.
        theirs = [
            line.replace("\u2820\u2836", "\u2834")
            for line in lou_translate("en-ueb-g1.ctb", [t.replace("\xa0", " ") for t in texts])
        ]
        ours = [BLANK.join(translate(text, UEB)) for text in texts]
        wrong = [(t, o, lou) for t, o, lou in zip(texts, ours, theirs, strict=True) if o != lou]
        assert not wrong, wrong[:5]


@pytest.mark.skipif(LOU is None, reason=NO_LOU)
def test_spanish_card_names_and_setup_words_match_liblouis() -> None:
    project = pipeline.load_project(pipeline.Sources(), ["pass-and-pick"], ["es"])
    words = project.ctx.words
    texts = [
        words.say(english, None)
        for english in (
            "CIRCLE",
            "TRIANGLE",
            "SQUARE",
            "Cards dealt to each player",
            "Rounds",
            "Points",
        )
    ]
    texts += ["De 3 a 6 jugadores. Calcule de 12 a 18 minutos.", "Sí, ¿qué? ¡Ya!", "año pingüino"]
    theirs = lou_translate("es-g1.ctb", texts)
    assert [BLANK.join(translate(text, SPANISH)) for text in texts] == theirs


# ---- the dots on the cards --------------------------------------------------------------


def _points(item: Item) -> Iterator[tuple[float, float]]:
    """Corners of what an item inks, in its own coordinates (text: a generous box)."""
    if isinstance(item, Rect):
        yield from ((item.x, item.y), (item.x + item.w, item.y + item.h))
    elif isinstance(item, Drawn):
        for op in item.ops:
            coords = [float(v) for v in op[1:]]
            yield from zip(coords[::2], coords[1::2], strict=True)
    elif isinstance(item, Line):
        yield from ((item.x1, item.y1), (item.x2, item.y2))
    elif isinstance(item, Text):
        width = 0.65 * item.size * len(item.text)
        left = {"start": 0.0, "middle": -width / 2, "end": -width}[item.anchor] + item.x
        yield from ((left, item.y - 0.25 * item.size), (left + width, item.y + 0.8 * item.size))


def _inked(item: Item) -> bool:
    paint = getattr(item, "paint", None)
    if paint is not None:
        return (paint.fill not in (None, WHITE)) or bool(paint.stroke and paint.stroke_width)
    return getattr(item, "colour", None) != WHITE


def ink_boxes(items: Iterable[Item], depth: int = 0) -> Iterator[tuple[float, float, float, float]]:
    """The bounding box of every inked primitive, in the symbol's coordinates."""
    for item in items:
        if isinstance(item, Group | Artifact):
            inner = list(ink_boxes(item.items, depth + 1))
            if isinstance(item, Group) and item.clip:  # nothing shows outside the clip
                cx0, cy0, cx1, cy1 = next(ink_boxes([Drawn(item.clip, Paint(fill=BLACK))]))
                inner = [
                    (max(x0, cx0), max(y0, cy0), min(x1, cx1), min(y1, cy1))
                    for x0, y0, x1, y1 in inner
                    if x0 < cx1 and x1 > cx0 and y0 < cy1 and y1 > cy0
                ]
            if isinstance(item, Group):
                turn = math.radians(item.angle)
                moved = []
                for x0, y0, x1, y1 in inner:
                    corners = [(x, y) for x in (x0, x1) for y in (y0, y1)]
                    pts = [
                        (
                            item.scale * (x * math.cos(turn) - y * math.sin(turn)) + item.dx,
                            item.scale * (x * math.sin(turn) + y * math.cos(turn)) + item.dy,
                        )
                        for x, y in corners
                    ]
                    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
                    moved.append((min(xs), min(ys), max(xs), max(ys)))
                inner = moved
            yield from inner
        elif isinstance(item, Rect) and item.paint.fill is None and _inked(item):
            # a stroked frame (a swell-paper card's edge) inks its four sides, not inside
            half = item.paint.stroke_width / 2
            left, bottom, right, top = item.x, item.y, item.x + item.w, item.y + item.h
            yield (left - half, bottom - half, right + half, bottom + half)
            yield (left - half, top - half, right + half, top + half)
            yield (left - half, bottom - half, left + half, top + half)
            yield (right - half, bottom - half, right + half, top + half)
        elif _inked(item):
            pts = list(_points(item))
            if pts:
                xs, ys = [p[0] for p in pts], [p[1] for p in pts]
                yield (min(xs), min(ys), max(xs), max(ys))


def braille_zones(
    game: str, size: str | None = None, labels: str = "braille"
) -> Iterator[tuple[str, tuple[float, float, float, float], Symbol]]:
    """Each card face with its braille zone (y up, card points) and its drawing."""
    project = pipeline.load_project(pipeline.Sources(), [game], [labels])
    loaded = project.games[game]
    template = card_template(loaded, project.library, size)
    request = KitRequest(
        game, loaded.game.players.min, "a4", options=PrintOptions(size), labels=labels
    )
    files = plan_kit(resolve_kit(loaded, project.library, project.ctx, size), request)
    faces = {  # as the cards file prints them (on swell paper: black line art)
        name: s
        for f in files
        if f.name.endswith("cards") and isinstance(f.document, pipeline.Document)
        for name, s in f.document.symbols.items()
        if name.startswith("face-")
    }
    height = template.card["height"]
    for deck in loaded.decks:
        for card in deck.deck.cards:
            zone = next(e for e in template.layouts[card.layout].elements if e.kind == "braille")
            x, top, w, h = card_box(zone, template)
            yield card.id, (x, height - top - h, x + w, height - top), faces[f"face-{card.id}"]


@pytest.mark.parametrize("labels", BRAILLE_SETS)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", GAMES)
def test_every_card_has_its_dots_inside_a_zone_clear_of_other_ink(
    game: str, size: str, labels: str
) -> None:
    """At every card size the standard set builds: the braille zone is laid out per size."""
    if (game, size, labels) in REFUSED:
        sizes = f"fits every card at --card-size {REFUSED[game, size, labels]}$"
        with pytest.raises(UserError, match=sizes):
            list(braille_zones(game, size, labels))
        return
    seen = 0
    for card, (x0, y0, x1, y1), face in braille_zones(game, size, labels):
        dots = [
            i
            for i in face.items
            if isinstance(i, Artifact)
            and isinstance(i.items[0], Drawn)
            and i.items[0].paint.fill is not None
            and len(i.items[0].ops) % 6 == 0
            and i.items[0].ops[1][0] == "C"
        ]
        assert len(dots) == 1, card
        dx0, dy0, dx1, dy1 = next(ink_boxes(dots))
        assert x0 - 1e-6 <= dx0 and dx1 <= x1 + 1e-6 and y0 - 1e-6 <= dy0 and dy1 <= y1 + 1e-6, card
        others = [i for i in face.items if i is not dots[0]]
        for bx0, by0, bx1, by1 in ink_boxes(others):
            overlaps = bx0 < x1 and bx1 > x0 and by0 < y1 and by1 > y0
            assert not overlaps, (
                f"{card}: ink at {bx0 / MM:.1f},{by0 / MM:.1f} mm in the braille zone"
            )
        seen += 1
    assert seen > 0


def test_dots_are_drawn_to_marburg_medium_sizes(kits: dict[str, list[KitFile]]) -> None:
    face = kits["pass-and-pick"][0].document.symbols["face-circle"]  # type: ignore[union-attr]
    path = next(
        i.items[0]
        for i in face.items
        if isinstance(i, Artifact)
        and isinstance(i.items[0], Drawn)
        and len(i.items[0].ops) > 6
        and i.items[0].ops[1][0] == "C"
    )
    circles = [path.ops[i : i + 6] for i in range(0, len(path.ops), 6)]
    centres = []
    for circle in circles:
        xs = [float(op[-2]) for op in circle[:5]]
        ys = [float(op[-1]) for op in circle[:5]]
        assert max(xs) - min(xs) == pytest.approx(1.5 * MM)  # dot base 1.5 mm
        centres.append(((max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2))
    # c i r c l e: c is dots 1 and 4, so the first two dots are 2.5 mm apart across.
    assert len(circles) == 2 + 2 + 4 + 2 + 3 + 2
    (ax, ay), (bx, by) = centres[0], centres[1]
    assert (bx - ax, by - ay) == (pytest.approx(2.5 * MM), pytest.approx(0.0))
    # i (dots 2 and 4) starts one cell (6 mm) to the right of c.
    assert centres[2][0] - ax == pytest.approx(6 * MM)  # its dot 2
    assert centres[3][0] - ax == pytest.approx(6 * MM + 2.5 * MM)  # its dot 4
    assert centres[2][1] - ay == pytest.approx(-2.5 * MM)  # dot 2 is 2.5 mm below dot 1


def test_the_standard_set_draws_no_braille() -> None:
    files = braille_kit("pass-and-pick", "standard", 4)
    face = files[0].document.symbols["face-circle"]  # type: ignore[union-attr]
    assert not [
        i
        for i in face.items
        if isinstance(i, Artifact) and isinstance(i.items[0], Drawn) and i.items[0].ops[1][0] == "C"
    ]
    assert not any(isinstance(f.document, EmbosserFile) for f in files)


# ---- the embosser file ------------------------------------------------------------------

NABCC = set(" ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'@\",*/-^.;<%:[>+_$\\?!#&(]=)")


def test_the_brf_is_forty_cells_by_twenty_five_lines_of_ascii_braille(tmp_path: Path) -> None:
    project = pipeline.load_project(pipeline.Sources(), ["pass-and-pick"], ["braille"])
    pipeline.build_project(project, pipeline.BuildOptions(players="4", paper="a4"), tmp_path)
    folder = tmp_path / "pass-and-pick/braille/a4/4-players"
    brf = folder / "pass-and-pick_4p_a4_braille_embosser.brf"
    data = brf.read_bytes()
    pages = data.split(b"\f")
    assert len(pages) >= 2
    for number, page in enumerate(pages, start=1):
        assert page.endswith(b"\r\n")
        lines = page.decode("ascii").split("\r\n")[:-1]
        assert len(lines) == 25
        assert all(len(line) <= 40 and set(line) <= NABCC for line in lines)
        assert lines[-1].strip() == "#" + "JABCDEFGHI"[number % 10]  # its page number
        assert lines[0].strip()  # no page starts with a blank line
    text = " ".join(line.strip() for line in data.decode("ascii").splitlines())
    assert " CIRCLE3 #F SQUARE" not in text and " CIRCLE3 #F " in text  # circle: 6
    assert ",CARDS DEALT TO EACH PLAYER3 #C" in text  # setup: 3 dealt each
    assert ",THREE IDENTICAL SHAPES2 ,EXAMPLE3 ,CIRCLE1 CIRCLE1 CIRCLE2" in text  # scoring
    assert ",POINTS3 #E" in text
    assert ",SCORE SHEET3 #D PLAYERS ,NAME3 ,ROUND #A3 PASS LEFT3" in text  # and its rows
    assert "HOST KEY" not in text  # the host key is the host's, in its own file
    import json

    manifest = json.loads((tmp_path / "manifest.json").read_text())
    relative = str(brf.relative_to(tmp_path))
    assert manifest["files"][relative]["bytes"] == len(data)
    assert f'href="{relative}"' in (tmp_path / "index.html").read_text()


def test_the_printing_guide_says_how_to_print_on_swell_paper(
    kits: dict[str, list[KitFile]],
) -> None:
    guide = next(f.document for f in kits["pass-and-pick"] if f.name.endswith("_printing-guide"))
    words = " ".join(p.text for p in sheet_passages(guide))  # type: ignore[arg-type]
    assert "swell (microcapsule) paper" in words and "swell-paper heater" in words
    assert "carbon-based" in words and ".brf" in words


def test_the_spanish_braille_set_writes_spanish_braille(tmp_path: Path) -> None:
    """labels/braille-es.yaml (the braille set over es): its cards' dots and its .brf in
    Spanish braille."""
    project = pipeline.load_project(pipeline.Sources(), ["pass-and-pick"], ["braille-es"])
    assert project.ctx.words.locale == "es"
    pipeline.build_project(project, pipeline.BuildOptions(players="4", paper="a4"), tmp_path)
    brf = (
        tmp_path
        / "pass-and-pick/braille-es/a4/4-players/pass-and-pick_4p_a4_braille-es_embosser.brf"
    )
    text = " ".join(line.strip() for line in brf.read_text(encoding="ascii").splitlines())
    assert ".CARTAS DEL MAZO" in text  # Spanish capital sign, dots 46
    assert " C/RCULO3 #F " in text  # círculo: 6, í is dots 34
    assert ".CARTAS REPARTIDAS A CADA JUGADOR3 #C" in text
    guide = next(tmp_path.rglob("*_braille-es_printing-guide.pdf"))
    from pypdf import PdfReader

    words = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(guide).pages)
    assert "papel microcápsula" in words and "horno de relieve" in words


@pytest.mark.skipif(LOU is None, reason=NO_LOU)
def test_every_string_the_spanish_braille_set_brailles_matches_liblouis() -> None:
    from shapes_print.plan.embosserkit import card_names

    for game in GAMES:
        files = braille_kit(game, "braille-es")
        project = pipeline.load_project(pipeline.Sources(), [game], ["braille-es"])
        loaded = project.games[game]
        players = loaded.game.players.max
        decks = card_names(loaded, project.library, project.ctx, None, players)
        names = [name for deck in decks for name, _ in deck]
        # liblouis has no sign for the ordinal indicators (1.º, 2.ª): compared without them.
        texts = [
            t.replace("\xa0", " ")
            for t in dict.fromkeys(names + brailled_strings(files, game, "braille-es"))
            if "º" not in t and "ª" not in t
        ]
        assert len(texts) > 10
        ours = [BLANK.join(translate(text, SPANISH)) for text in texts]
        theirs = lou_translate("es-g1.ctb", texts)
        wrong = [(t, o, lou) for t, o, lou in zip(texts, ours, theirs, strict=True) if o != lou]
        assert not wrong, wrong[:5]
