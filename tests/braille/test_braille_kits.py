"""The braille label sets' kits: every string they braille matches liblouis, the dots are
Marburg medium, the standard set draws none, and the embosser file and printing guide."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from shapes_print.braille.codes import SPANISH, UEB
from shapes_print.braille.translate import translate
from shapes_print.geometry.primitives import (
    Artifact,
)
from shapes_print.geometry.primitives import Path as Drawn
from shapes_print.kit.contents import KitRequest
from shapes_print.kit.resolved import resolve_kit
from shapes_print.pipeline import pipeline
from shapes_print.plan.embosser import EmbosserFile, sheet_passages
from shapes_print.plan.kit import KitFile, plan_kit
from tests.braillesets import BLANK, GAMES, MM
from tests.cataloguehtml import Parsed

LOU = shutil.which("lou_translate")
NO_LOU = "lou_translate (Debian liblouis-bin) is not installed: nothing to compare with"

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
        from shapes_print.plan.embosserkit import listed_cards

        loaded = project.games[game]
        players = loaded.game.players.max
        names = [
            words
            for deck in listed_cards(loaded, project.library, project.ctx, None, players)
            for name, _, rule, *_ in deck
            for words in (name, rule)
            if words
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
    # The catalogue links it by its title in Spanish, as it links the kit's PDFs.
    catalogue = Parsed((tmp_path / "index.html").read_text(encoding="utf-8"))
    link = brf.relative_to(tmp_path).as_posix()
    assert catalogue.link_texts[link] == "Archivo para impresora braille (braille ASCII, .brf)"
    assert catalogue.link_langs[link] == "es"
    guide = next(tmp_path.rglob("*_braille-es_printing-guide.pdf"))
    from pypdf import PdfReader

    words = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(guide).pages)
    assert "papel microcápsula" in words and "horno de relieve" in words


@pytest.mark.parametrize(
    ("labels", "title", "lang"),
    [
        ("braille", "Collect 3: Embosser file (ASCII braille, .brf)", "en"),
        ("braille-es", "Reúne 3: archivo para impresora braille (braille ASCII, .brf)", "es"),
    ],
)
def test_the_embosser_file_is_titled_in_its_label_sets_words(
    labels: str, title: str, lang: str
) -> None:
    """The .brf's title in print, which the catalogue links it by, is the label set's
    words joined to the game's title as every file's title is."""
    files = braille_kit("collect-3", labels, 3)
    embosser = next(f.document for f in files if isinstance(f.document, EmbosserFile))
    assert (embosser.title, embosser.lang) == (title, lang)


@pytest.mark.skipif(LOU is None, reason=NO_LOU)
def test_every_string_the_spanish_braille_set_brailles_matches_liblouis() -> None:
    from shapes_print.plan.embosserkit import listed_cards

    for game in GAMES:
        files = braille_kit(game, "braille-es")
        project = pipeline.load_project(pipeline.Sources(), [game], ["braille-es"])
        loaded = project.games[game]
        players = loaded.game.players.max
        decks = listed_cards(loaded, project.library, project.ctx, None, players)
        names = [
            words for deck in decks for name, _, rule, *_ in deck for words in (name, rule) if words
        ]
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
