"""Card elements keep to their own room under every label set: roles, overlaps:, the check.

A label set changes elements by role in every layout and by name in the layouts its names
were written for; after it is applied, no two text, picture or braille boxes a card draws
overlap (kit/room.py), and the one line that says otherwise names the card, both
elements, the label set and its key.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from shapes_print.buildcache import BuildCache
from shapes_print.commands.cli import main
from shapes_print.errors import UserError
from shapes_print.geometry.primitives import Artifact, Group, Image, Item, Text
from shapes_print.kit.resolved import resolve_kit
from shapes_print.kit.room import OVERLAP_TOLERANCE, Collision, check_room
from shapes_print.kit.variant import Variant, make_variant
from shapes_print.load.content import LoadedGame, game_folders, load_game
from shapes_print.load.defaults import DEFAULT_CONTENT, DEFAULT_LABELS, DEFAULT_TEMPLATES
from shapes_print.load.labels import load_labels, shipped
from shapes_print.plan.cardfile import card_symbols, card_template
from shapes_print.units import mm
from tests.project_copy import run

NEW_GAME = "my-game"
SHIPPED_SETS = shipped(DEFAULT_LABELS)
SHIPPED_GAMES = [folder.name for folder in game_folders(DEFAULT_CONTENT)]


def _new(content: Path, capsys: pytest.CaptureFixture[str] | None = None) -> Path:
    """The game `shapes-print new` writes, in `content`; its next steps are not read."""
    assert main(["new", NEW_GAME, "--content", str(content)]) == 0
    if capsys is not None:
        capsys.readouterr()
    return content


@pytest.fixture(scope="module")
def new_content(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A content folder holding the `new` game and nothing else."""
    return _new(tmp_path_factory.mktemp("new") / "games")


def _variant(labels: str, content: Path = DEFAULT_CONTENT) -> Variant:
    """Every game of `content` under one label set (shipped name or path), as a kit draws."""
    games = {folder.name: load_game(folder) for folder in game_folders(content)}
    return make_variant(DEFAULT_TEMPLATES, games, load_labels(labels, DEFAULT_LABELS))


def _texts(items: tuple[Item, ...]) -> list[Text]:
    """Unturned texts, in the card's own coordinates (a card's groups are not moved)."""
    found: list[Text] = []
    for item in items:
        if isinstance(item, Text):
            found.append(item)
        elif isinstance(item, Artifact) or (
            isinstance(item, Group) and item.angle == 0 and not (item.dx or item.dy)
        ):
            found += _texts(item.items)
    return found


def _images(items: tuple[Item, ...]) -> list[Image]:
    found: list[Image] = []
    for item in items:
        if isinstance(item, Image):
            found.append(item)
        elif isinstance(item, Group | Artifact):
            found += _images(item.items)
    return found


@pytest.mark.parametrize("labels", ["large-print", "large-print-atkinson"])
def test_large_print_sets_the_new_games_back_title_at_24pt_below_its_picture(
    new_content: Path, labels: str
) -> None:
    """The starter's back calls its title `title`, as poker's back does: large print's
    `cards.elements.title` box (measured for poker's back) once landed it on the picture.
    By role it gets 24 pt in its own box, beneath the picture."""
    variant = _variant(labels, new_content)
    loaded = variant.games[NEW_GAME]
    template = card_template(loaded, variant.library, None)
    ctx = resolve_kit(loaded, variant.library, variant.ctx, None).ctx  # its picture read
    _, backs = card_symbols(loaded, template, ctx)
    back = backs["back-standard"]
    (picture,) = _images(back.items)
    titles = [text for text in _texts(back.items) if text.text == "My game"]
    assert [text.size for text in titles] == [24.0]
    (title,) = titles
    height = template.card["height"]
    # Points from the bottom, y up: the title's cap height lies below the picture's foot,
    # inside the title's own box (60% to 86% of the card from the top).
    assert title.y + 0.72 * title.size < picture.y
    assert height * (1 - 0.86) <= title.y and title.y + 0.72 * title.size <= height * (1 - 0.60)


def test_every_shipped_label_set_keeps_every_shipped_cards_elements_apart_at_each_size() -> None:
    """Each shipped set, each shipped game and the `new` game, each card size: every face
    and back keeps its elements apart, or the size is refused for another reason (a word
    that does not fit a mini card), never for a collision. The layouts that once collided
    now plan (colour-blind's corner on mini and square cards, large print's turned piece)."""
    allowed: dict[tuple[str, str], list[str]] = {}
    for labels in SHIPPED_SETS:
        variant = _variant(labels)
        for game_id, loaded in variant.games.items():
            for size in [None, *variant.library.card_sizes]:
                try:
                    _plan_cards(variant, loaded, size)
                except Collision as error:
                    pytest.fail(f"{labels} x {game_id} x {size}: {error.line()}")
                except UserError:
                    continue
                allowed.setdefault((labels, game_id), []).append(size or "own")
    assert set(allowed) == {(s, g) for s in SHIPPED_SETS for g in SHIPPED_GAMES}
    assert all("own" in sizes for sizes in allowed.values())
    assert {"mini", "square"} <= set(allowed[("colour-blind", "pass-and-pick")])
    assert {"own", "bridge", "square"} <= set(allowed[("large-print", "shapes-the-game")])


def test_every_shipped_label_set_keeps_the_new_games_elements_apart(new_content: Path) -> None:
    """The `new` game's own layouts under every set that has its words, at every size a
    set's words fit (es and braille-es have no Spanish for it: refused as such)."""
    for labels in SHIPPED_SETS:
        variant = _variant(labels, new_content)
        loaded = variant.games[NEW_GAME]
        for size in [None, *variant.library.card_sizes]:
            try:
                _plan_cards(variant, loaded, size)
            except Collision as error:
                pytest.fail(f"{labels} x {size}: {error.line()}")
            except UserError as error:
                assert size == "mini" or "has no text for" in error.message, error.line()


def _plan_cards(variant: Variant, loaded: LoadedGame, size: str | None) -> None:
    """Every deck's faces and backs drawn at `size` and checked, as plan_cards does."""
    shown: dict = {}
    ctx = resolve_kit(loaded, variant.library, variant.ctx, size).ctx  # pictures read
    for deck in loaded.decks:  # each at its own template and size (tokens, mini cards)
        template = card_template(loaded, variant.library, size, deck)
        faces, _ = card_symbols(loaded, template, ctx, deck, shown)
        check_room(loaded, variant.library, template, ctx, deck, BuildCache())
        shown = {**shown, **faces}


def test_braille_lays_out_the_new_games_inherited_layout_by_card_size(new_content: Path) -> None:
    """A label set's `cards.sizes` changes reach a game's own template (here poker's shape
    layout it inherits): on a square card the word sits above the braille zone."""
    variant = _variant("braille", new_content)
    loaded = variant.games[NEW_GAME]
    template = card_template(loaded, variant.library, "square")
    boxes = {e.name: e.placed(mm(70), mm(70)) for e in template.layouts["shape"].elements}
    label, braille = boxes["label"], boxes["shape-braille"]
    assert label[1] + label[3] <= braille[1]
    assert label[1] == pytest.approx(mm(44.5))  # braille.yaml's sizes.square.elements.label


SUBTITLE = (
    '      - {kind: text, name: subtitle, box: [8mm, 70%, 100% - 16mm, 10%], text: "for 2-5",'
    ' size: 9pt, colour: "{title_colour}" EXTRA}\n'
)


CHECK_NEW = ["check", NEW_GAME, "--labels", "standard", "--content"]


def _new_game_with_subtitle(
    root: Path, capsys: pytest.CaptureFixture[str], extra: str = ""
) -> Path:
    """The `new` game with a second text on its back, drawn across its title."""
    content = _new(root / "my-games", capsys)
    layout = content / NEW_GAME / "cards/my-cards.yaml"
    text = layout.read_text()
    anchor = "  # A face with a picture and its word"
    assert text.count(anchor) == 1
    layout.write_text(text.replace(anchor, SUBTITLE.replace(" EXTRA", extra) + anchor))
    return content


def test_two_text_elements_over_each_other_stop_check_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A layout whose two texts overlap stops `check` (and so `build`): one line at the
    element's own line, naming the card, both elements and the label set that moves neither."""
    content = _new_game_with_subtitle(tmp_path, capsys)
    status, lines, _ = run([*CHECK_NEW, str(content)], capsys, tmp_path)
    layout = (content / NEW_GAME / "cards/my-cards.yaml").read_text().splitlines()
    line = next(i for i, text in enumerate(layout, 1) if "name: title," in text)
    assert (status, lines) == (
        2,
        [
            f"my-games/{NEW_GAME}/cards/my-cards.yaml:{line}:9: back 'standard' (layout "
            "'picture-back'): 'title' overlaps 'subtitle' by 8.9 mm (label set 'standard' "
            "moves neither: the layout places them so); move one, or write overlaps: "
            "[subtitle] on 'title' if they overlap on purpose"
        ],
    )


def test_overlaps_lets_two_elements_overlap_on_purpose(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`overlaps: [title]` on the subtitle says the two are drawn over each other on
    purpose: the same game checks."""
    content = _new_game_with_subtitle(tmp_path, capsys, ", overlaps: [title]")
    status, lines, _ = run([*CHECK_NEW, str(content)], capsys, tmp_path)
    assert (status, lines) == (0, [])


def test_a_label_set_that_moves_a_word_onto_its_shape_is_named_at_its_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The line is at the label set's key that moved the element, and names that key."""
    mine = tmp_path / "mine.yaml"
    mine.write_text(
        "extends: standard\ncards:\n  elements:\n    label: {box: [5mm, 30%, 100% - 10mm, 13.5%]}\n"
    )
    out = tmp_path / "out"
    args = ["build", "pass-and-pick", "--players", "4", "--paper", "a4", "--out", str(out)]
    status, lines, _ = run([*args, "--labels", str(mine)], capsys, tmp_path)
    # shape: 18% to 63% of 88.9 mm; label 30% to 43.5%: 12.0 mm deep.
    assert (status, lines) == (
        2,
        [
            "mine.yaml:4:13: card 'circle' (layout 'shape'): 'shape' overlaps 'label' by "
            "12.0 mm (label set 'mine': cards.elements.label.box moved 'label'); move one, "
            "or write overlaps: [label] on 'shape' if they overlap on purpose"
        ],
    )
    assert not out.exists()


def test_a_label_set_that_moves_an_element_off_the_card_is_named_at_its_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    mine = tmp_path / "mine.yaml"
    mine.write_text(
        "extends: standard\ncards:\n  elements:\n    label: {box: [50mm, 5mm, 30mm, 5mm]}\n"
    )
    status, lines, _ = run(["check", "pass-and-pick", "--labels", str(mine)], capsys, tmp_path)
    assert status == 2 and len(lines) == 1
    assert lines[0].startswith("mine.yaml:4:13: layouts.shape.elements.2.box ('label'): reaches ")
    assert lines[0].endswith(
        "(x 50.0 to 80.0 mm, y 5.0 to 10.0 mm) (label set 'mine', cards.elements.label.box); "
        "keep it on the card"
    )


def test_a_role_moves_no_box(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A box is measured for one layout: a role, which reaches every layout, has none."""
    mine = tmp_path / "mine.yaml"
    mine.write_text("extends: standard\ncards:\n  roles:\n    title: {box: [5mm, 5mm, 9mm, 9mm]}\n")
    status, lines, _ = run(["check", "pass-and-pick", "--labels", str(mine)], capsys, tmp_path)
    assert status == 2 and lines[0].startswith("mine.yaml:4:13: ") and "'box'" in lines[0]


def test_a_shipped_sets_name_skips_a_games_own_layout_and_a_users_name_reaches_it(
    tmp_path: Path, new_content: Path
) -> None:
    """Large print's `title` (for poker's back) leaves the new game's own back title in its
    own box; a user's set extending large print that names `title` itself moves it."""
    mine = tmp_path / "mine.yaml"
    mine.write_text(
        "extends: large-print\ncards:\n  elements:\n"
        "    title: {box: [8mm, 62%, 100% - 16mm, 22%]}\n"
    )
    for labels, top in (("large-print", 0.60), (str(mine), 0.62)):
        template = _variant(labels, new_content).games[NEW_GAME].templates["my-cards"]
        (title,) = [e for e in template.layouts["picture-back"].elements if e.name == "title"]
        assert (title.box[1], title.size) == (pytest.approx((top, 0.0)), 24.0), labels


def test_the_tolerance_is_half_a_millimetre() -> None:
    """Documented in docs/reference.md (the `overlaps` key): the two must agree."""
    assert round(OVERLAP_TOLERANCE / mm(1), 6) == 0.5
    reference = (Path(__file__).parents[2] / "docs/reference.md").read_text()
    assert "at most 0.5 mm (`OVERLAP_TOLERANCE`" in reference
