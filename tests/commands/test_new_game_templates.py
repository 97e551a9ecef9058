"""A new game's count tables, template backs, own template and pictures change its kit, and
their mistakes are one line at their file, line and column."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from tests.newgame import GAME, KIT, ORANGE, new, sources, text_of
from tests.project_copy import copy_project, run

COUNT = "    count: 1\n"


def test_a_count_table_and_a_template_back_change_the_kit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = copy_project(tmp_path)
    assert new(root, capsys, GAME)[0] == 0
    deck = root / "content" / GAME / "deck.yaml"
    text = deck.read_text()
    assert text.count(COUNT) == 1 and text.count("    back: standard\n") == 1
    backs = "".join(
        f'  {suit}:\n    layout: back\n    fields: {{title: "{suit.upper()} BACK", fill: "#2F3E66", '
        'pattern: none, pattern_colour: "#000000", title_colour: "#FFFFFF"}\n'
        for suit in ("sun", "moon", "star")
    )
    text = text.replace(COUNT, '    count: {"2-3": 1, "4-5": 2}\n')
    text = text.replace("    back: standard\n", '    back: "{suit}"\n')
    text = text.replace("backs:\n", f"backs:\n{backs}")
    deck.write_text(text)
    out = tmp_path / "out"
    args = ["build", GAME, "--players", "3-4", "--paper", "a4", "--out", str(out), *sources(root)]
    assert run(args, capsys, root)[:2] == (0, [])
    three, four = (out / KIT.format(n=n) for n in (3, 4))
    assert len(PdfReader(f"{three}_cards.pdf").pages) == 4  # 15 cards
    assert len(PdfReader(f"{four}_cards.pdf").pages) == 8  # 30 cards: four sheets
    host = text_of(Path(f"{four}_host-key.pdf"))
    assert "Count each kind: 10 suns, 10 moons, 10 stars 10 + 10 + 10 = 30" in host
    assert "Count each kind: 5 suns, 5 moons, 5 stars 5 + 5 + 5 = 15" in text_of(
        Path(f"{three}_host-key.pdf")
    )
    # Sheet 1 holds SUN 1 to SUN 5 twice (ten copies would not fit): nine sun backs.
    # Each text a card draws ends with the space its line break stands for (the text layer).
    # Each page's running foot ("My game · suit cards · page 2 of 8") is its own line.
    pages = PdfReader(f"{four}_cards.pdf").pages
    first_backs, last_backs = (
        [line.strip() for line in pages[n].extract_text().split("\n") if " · page " not in line]
        for n in (1, 7)
    )
    assert sorted(first_backs) == ["SUN BACK"] * 9
    assert set(last_backs) == {"STAR BACK"}


@pytest.mark.parametrize(
    ("table", "error"),
    [
        (
            '{"2-x": 1, "4-5": 2}',
            ":{line}:{col}: player range '2-x' must look like '3-6', '7+' or '4'",
        ),
        (
            '{"2-3": 1, "3-5": 2}',
            ":{line}:{col}: cards.0.count: '3-5' overlaps '2-3'; give each player count one entry",
        ),
        (
            '{"2-3": 1, "7+": 2}',
            ":{line}:{col}: cards.0.count: '7+' is outside the game's 2-5 players",
        ),
        (
            '{"2-3": 1, "4": 2}',
            ":{line}:12: cards.0.count: no entry for 5 players; give every count of the game's 2-5 players one",
        ),
        (
            '{"2-3": 1, "4-5": two}',
            ":{line}:{col}: cards.0.count.4-5: must be a whole number, got 'two'",
        ),
    ],
)
def test_a_bad_count_table_is_one_line_at_its_file_line_and_column(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], table: str, error: str
) -> None:
    root = copy_project(tmp_path)
    assert new(root, capsys, GAME)[0] == 0
    deck = root / "content" / GAME / "deck.yaml"
    text = deck.read_text()
    deck.write_text(text.replace(COUNT, f"    count: {table}\n"))
    line = text[: text.index(COUNT)].count("\n") + 1
    status, lines, _ = run(["check", GAME, *sources(root)], capsys, root)
    assert status == 2 and len(lines) == 1
    found = re.match(rf"^/.*/content/{GAME}/deck\.yaml:{line}:(\d+):", lines[0]) or re.match(
        rf"^content/{GAME}/deck\.yaml:{line}:(\d+):", lines[0]
    )
    assert found, lines
    column = int(found.group(1))
    assert lines[0].endswith(error.format(line=line, col=column).split(":", 3)[-1])
    if "{col}" in error:  # at the entry named, not at the start of the table
        assert column > len("    count: {")


@pytest.mark.parametrize(
    ("find", "replace", "error"),
    [
        (
            "id: my-cards",
            "id: poker",
            "cards/my-cards.yaml:8:1: card template id 'poker' is a shipped template's "
            "(templates/cards/poker.yaml:7): a game's own template takes a new id",
        ),
        (
            "  picture:\n",
            "  shape:\n",
            "cards/my-cards.yaml:{line}:3: layout 'shape' is already 'poker''s "
            "(templates/cards/poker.yaml:15): a game's template adds layouts, it does not "
            "replace them",
        ),
        (
            "\nextends: poker\n",
            "\nextends: pokr\n",
            "cards/my-cards.yaml:9:1: template 'pokr' not found (known: collect-3, my-cards, poker",
        ),
        (
            "[5mm, 70%, 100% - 10mm, 13.5%]",
            "[5mm, 70%, 100% - 10mm, 40%]",
            "cards/my-cards.yaml:{line}:35: layouts.picture.elements.2.box: reaches off the "
            "63.5 x 88.9 mm card",
        ),
    ],
)
def test_the_games_own_template_takes_no_shipped_name_and_is_checked_at_its_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], find: str, replace: str, error: str
) -> None:
    """A game's template named like a shipped one, or a layout named like one of poker's,
    would silently draw the cards otherwise than the file that reads as their layout: refused."""
    root = copy_project(tmp_path)
    assert new(root, capsys, GAME)[0] == 0
    template = root / "content" / GAME / "cards/my-cards.yaml"
    text = template.read_text()
    assert text.count(find) == 1
    template.write_text(text.replace(find, replace))
    line = text[: text.index(find.lstrip("\n"))].count("\n") + 1
    status, lines, _ = run(["check", GAME, *sources(root)], capsys, root)
    assert status == 2 and len(lines) <= 2 and lines[1:] == [x for x in lines[1:] if "hint:" in x]
    assert f"content/{GAME}/{error.format(line=line)}" in lines[0], lines
    assert not (root / "out").exists()


def test_a_picture_the_games_layout_names_is_beside_the_layout(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`src: sun.svg` written in the game's own template is read from its cards/ folder."""
    root = copy_project(tmp_path)
    assert new(root, capsys, GAME)[0] == 0
    folder = root / "content" / GAME
    (folder / "art/logo.svg").rename(folder / "cards/sun.svg")
    template = folder / "cards/my-cards.yaml"
    template.write_text(
        template.read_text().replace('src: "{art}", fit: contain}', "src: sun.svg}")
    )
    deck = folder / "deck.yaml"
    deck.write_text(deck.read_text().replace(" art: art/logo.svg,", ""))
    out = tmp_path / "out"
    status, lines, _ = run(
        ["build", GAME, *sources(root), "--players", "4", "--out", str(out)], capsys, root
    )
    assert (status, lines) == (0, [])
    pdf = out / f"{KIT.format(n=4)}_cards.pdf"
    back = pdfium.PdfDocument(pdf)[1].render(scale=2).to_pil().convert("RGB")
    assert ORANGE in {colour for _, colour in back.getcolors(1 << 20)}
