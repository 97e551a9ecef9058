"""Shapes the Game, read back from the real PDFs (and, for duplex positions, the plan)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pypdfium2 as pdfium
import pytest
import yaml

from shapes_print.geometry.primitives import Use
from shapes_print.kit.contents import KitRequest
from shapes_print.kit.resolved import resolve_kit
from shapes_print.load.defaults import DEFAULT_CONTENT
from shapes_print.pipeline import pipeline
from shapes_print.plan.imposition import fit_grid
from shapes_print.plan.kit import plan_kit
from shapes_print.write.write import Written

GAME = "shapes-the-game"
DECK = yaml.safe_load((DEFAULT_CONTENT / GAME / "deck.yaml").read_text())
COLOUR_CARDS = [card for card in DECK["cards"] if card["layout"] == "colour-shape"]
COLOUR_WORDS = ("RED", "GREEN", "BLUE", "YELLOW")
# The tones deck.yaml's comment promises for the rules' colour words (Okabe-Ito).
TONES = {
    "RED": (0xD5, 0x5E, 0x00),
    "GREEN": (0x00, 0x9E, 0x73),
    "BLUE": (0x00, 0x72, 0xB2),
    "YELLOW": (0xF0, 0xE4, 0x42),
}
HOST_HEADING = "Shapes the Game host key"
# Which variant sheets each player count gets, and the deal or draw each prints.
VARIANTS = {
    1: {"solitaire"},
    2: {"main-game", "survivor", "drafting", "classic"},
    3: {"main-game", "survivor", "drafting", "classic"},
    4: {"main-game", "survivor", "drafting", "classic"},
    5: {"main-game", "survivor"},
    6: {"main-game", "survivor"},
}
# Stop Turn, Clear the Board: the rules' main game, Classic and Solitaire; Survivor and
# Drafting follow the main game (the components: "only used in the classic version").
SPECIALS = {
    "main-game": ("Remove", "Remove"),
    "survivor": ("Remove", "Remove"),
    "drafting": ("Remove", "Remove"),
    "classic": ("Keep", "Keep"),
    "solitaire": ("Remove", "Keep"),
}
HOST_ROWS = {
    "main-game": "Main game",
    "survivor": "Survivor",
    "drafting": "Card Drafting",
    "classic": "Classic",
    "solitaire": "Solitaire",
}
DEALS = {2: 10, 3: 9, 4: 8}  # "For a 2 player game, deal each player 10 cards" and so on


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Written]:
    out = tmp_path_factory.mktemp("stg")
    written = pipeline.build(pipeline.Sources(), [GAME], pipeline.BuildOptions(paper="a4"), out)
    return {item.path.name: item for item in written}


def text_of(path: Path) -> list[str]:
    """Each page's text, white space folded, card forms included.

    pdfium gives the same words in the same order as pypdf's extract_text on these files,
    some fifty times faster on the 54-card file, whose patterned shapes pypdf parses slowly.
    """
    return [
        " ".join(page.get_textpage().get_text_range().split()) for page in pdfium.PdfDocument(path)
    ]


def kit_files(built: dict[str, Written], players: int) -> dict[str, Written]:
    """A kit's files by their document name (cards, main-game, host-key, ...)."""
    stem = f"{GAME}_{players}p_a4_"
    return {
        name.removeprefix(stem).removesuffix(".pdf"): item
        for name, item in built.items()
        if name.startswith(stem)
    }


def cards_pdf(built: dict[str, Written]) -> Path:
    return kit_files(built, 3)["cards"].path


def test_54_faces_with_the_right_words(built: dict[str, Written]) -> None:
    faces = text_of(cards_pdf(built))[0::2]
    assert len(faces) == 6  # 54 cards, 9 to a sheet
    text = " ".join(faces)
    # Every colour card: its colour word in both corner indices and large, then its shape.
    pairs = re.findall(r"\b(RED|GREEN|BLUE|YELLOW) \1 \1 ([A-Z-]+)\b", text)
    expected = [(c["fields"]["colour_word"], c["fields"]["shape"].upper()) for c in COLOUR_CARDS]
    assert sorted(pairs) == sorted(expected)
    assert len(pairs) == 40
    assert Counter(word for word, _ in pairs) == dict.fromkeys(COLOUR_WORDS, 10)
    # Special cards: their name in both corner indices and large.
    assert len(re.findall(r"\bWILD WILD WILD\b", text)) == 10
    assert len(re.findall(r"\bSTOP TURN STOP TURN STOP TURN\b", text)) == 2
    assert len(re.findall(r"\bCLEAR THE BOARD CLEAR THE BOARD CLEAR THE BOARD\b", text)) == 2
    assert text.count("any white piece") == 10
    assert text.count("shuffle the discard pile into the deck") == 2


def test_no_colour_card_names_a_colour_other_than_its_own(built: dict[str, Written]) -> None:
    """Only its own colour word: the check above would pass a card saying RED GREEN."""
    text = " ".join(text_of(cards_pdf(built))[0::2])
    words = Counter(re.findall(r"\b(RED|GREEN|BLUE|YELLOW)\b", text))
    assert words == dict.fromkeys(COLOUR_WORDS, 30)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_back_is_behind_its_face(paper: str) -> None:
    project = pipeline.load_project(pipeline.Sources(), [GAME])
    loaded = project.games[GAME]
    resolved = resolve_kit(loaded, project.library, project.ctx, None)
    cards = plan_kit(resolved, KitRequest(GAME, 3, paper))[0].document
    template = project.library.templates[loaded.game.card_template]
    width, height = template.card["width"], template.card["height"]
    page_w, page_h = project.library.papers[paper]
    grid = fit_grid(
        page_w, page_h, width, height, project.ctx.style.furniture, template.trim_line is not None
    )
    faces_seen, backs_seen = 0, 0
    for face_page, back_page in zip(cards.pages[0::2], cards.pages[1::2], strict=True):
        faces = [item for item in face_page.items if isinstance(item, Use)]
        backs = [item for item in back_page.items if isinstance(item, Use)]
        assert len(faces) == len(backs)
        for slot, (face, back) in enumerate(zip(faces, backs, strict=True)):
            assert (face.x, face.y) == pytest.approx(grid.face_origin(slot))
            # Long-edge flip: the back lands at the mirrored x, same y.
            assert (back.x, back.y) == pytest.approx((page_w - face.x - width, face.y))
            assert back.symbol == "back-standard"
        faces_seen += len(faces)
        backs_seen += len(backs)
    assert faces_seen == backs_seen == 54


@pytest.mark.parametrize("players", sorted(VARIANTS))
def test_each_count_holds_only_its_variants(built: dict[str, Written], players: int) -> None:
    files = kit_files(built, players)
    assert set(files) == {
        "cards",
        "host-key",
        "printing-guide",
        "print-and-play",
        *(["player-aid"] if players > 1 else []),
        *VARIANTS[players],
    }
    assert files["host-key"].audience == "host"
    assert all(item.audience == "players" for name, item in files.items() if name != "host-key")


@pytest.mark.parametrize("players", sorted(DEALS))
def test_drafting_and_classic_deal_for_the_count(built: dict[str, Written], players: int) -> None:
    files = kit_files(built, players)
    for variant in ("drafting", "classic"):
        text = " ".join(text_of(files[variant].path))
        dealt = re.findall(rf"Cards dealt to each player \({players} players\) (\d+)", text)
        assert dealt == [str(DEALS[players])]
        assert f"Deal each player {DEALS[players]} cards." in text
        assert "Players allowed 2-4" in text


def test_main_game_survivor_and_solitaire_numbers(built: dict[str, Written]) -> None:
    main = " ".join(text_of(kit_files(built, 5)["main-game"].path))
    assert "Players allowed 2-6" in main
    assert "Cards drawn at each turn 3" in main
    assert "Cards in the deck 50" in main  # 54 without 2 Stop Turn and 2 Clear the Board
    survivor = " ".join(text_of(kit_files(built, 6)["survivor"].path))
    assert "Cards drawn at each turn 1" in survivor
    solitaire = " ".join(text_of(kit_files(built, 1)["solitaire"].path))
    assert "Players allowed 1" in solitaire
    assert "Cards in the deck 52" in solitaire  # Clear the Board kept, Stop Turn removed
    assert "Cards in your first hand 4" in solitaire
    assert "Cards drawn after each play 1" in solitaire
    classic = " ".join(text_of(kit_files(built, 2)["classic"].path))
    assert "Cards in the deck 54" in classic


@pytest.mark.parametrize("players", sorted(VARIANTS))
def test_every_variant_sheet_says_how_players_go_out(
    built: dict[str, Written], players: int
) -> None:
    for name, item in kit_files(built, players).items():
        if name in ("cards", "host-key", "printing-guide", "player-aid"):
            continue
        text = " ".join(text_of(item.path))
        assert "Players allowed" in text
        assert re.search(r"Your turn|Each play", text), name
        assert re.search(r"eliminated|eliminate nobody|you lose", text), name


def test_host_key_is_apart_and_complete(built: dict[str, Written]) -> None:
    for players in VARIANTS:
        for name, item in kit_files(built, players).items():
            text = " ".join(text_of(item.path))
            assert (HOST_HEADING in text) == (name == "host-key"), item.path.name
    host = " ".join(text_of(kit_files(built, 4)["host-key"].path))
    assert "Deck check: 54 cards" in host
    for label in ("RED", "GREEN", "BLUE", "YELLOW", "WILD"):
        assert re.search(rf"{label} cards[^0-9]* 10\b", host), label
    assert re.search(r"STOP TURN cards 2 CLEAR THE BOARD cards 2 Whole deck 54", host)
    assert re.search(r"Classic 2-4 Nothing: keep both kinds 54", host)
    assert re.search(r"Solitaire 1 2 Stop Turn \(keep Clear the Board\) 52", host)
    assert "Rebuilding the deck when it runs out" in host
    assert "put one WILD card into the new discard pile" in host


def test_colour_card_shape_centre_has_its_colour(built: dict[str, Written]) -> None:
    """Sample round the centre of each colour's block: the fill shows between the pattern lines."""
    project = pipeline.load_project(pipeline.Sources(), [GAME])
    loaded = project.games[GAME]
    resolved = resolve_kit(loaded, project.library, project.ctx, None)
    cards = plan_kit(resolved, KitRequest(GAME, 3, "a4"))[0].document
    template = project.library.templates[loaded.game.card_template]
    shape = next(e for e in template.layouts["colour-shape"].elements if e.kind == "shape")
    card_w, card_h = template.card["width"], template.card["height"]
    (fx, ox), (fy, oy), (fw, ow), (fh, oh) = shape.box  # (share of the card, offset) each
    x, top, w, h = fx * card_w + ox, fy * card_h + oy, fw * card_w + ow, fh * card_h + oh
    scale = 150 / 72
    pdf = pdfium.PdfDocument(cards_pdf(built))
    checked = 0
    for index, page in enumerate(cards.pages[0::2]):
        uses = {item.symbol: item for item in page.items if isinstance(item, Use)}
        image = None
        for card in COLOUR_CARDS:
            use = uses.get(f"face-{card['id']}")
            if use is None or card["fields"]["shape"] != "block":
                continue
            image = image or pdf[index * 2].render(scale=scale).to_pil().convert("RGB")
            cx, cy = use.x + x + w / 2, use.y + card_h - top - h / 2
            px, py = int(cx * scale), int((page.height - cy) * scale)
            around = range(-6, 7)
            window = [image.getpixel((px + dx, py + dy)) for dx in around for dy in around]
            common = Counter(window).most_common(1)[0][0]
            want = TONES[card["fields"]["colour_word"]]
            close = all(abs(a - b) <= 8 for a, b in zip(common, want, strict=True))
            assert close, (card["id"], common)
            checked += 1
    assert checked == 4


@pytest.mark.parametrize("variant", sorted(SPECIALS))
def test_special_cards_and_player_range_agree_with_the_host_key(
    built: dict[str, Written], variant: str
) -> None:
    players = min(count for count, names in VARIANTS.items() if variant in names)
    files = kit_files(built, players)
    text = " ".join(text_of(files[variant].path))
    stop, clear = SPECIALS[variant]
    assert f"Stop Turn cards (2) {stop} Clear the Board cards (2) {clear}" in text
    allowed = re.search(r"Players allowed (\S+)", text)
    assert allowed is not None
    low, _, high = allowed.group(1).partition("-")
    assert {n for n, names in VARIANTS.items() if variant in names} == set(
        range(int(low), int(high or low) + 1)
    )
    host = " ".join(text_of(files["host-key"].path))
    assert f"{HOST_ROWS[variant]} {allowed.group(1)} " in host
