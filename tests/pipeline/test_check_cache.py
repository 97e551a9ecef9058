"""`check` keeps each label set's game that checked clean (pipeline/checkcache.py): a second
check plans only what an edit changed, and finds what the first found."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from msgspec.structs import replace

from shapes_print.errors import UserError
from shapes_print.load.defaults import DEFAULT_CONTENT, DEFAULT_TEMPLATES
from shapes_print.load.options import Part, PrintOptions
from shapes_print.pipeline import pipeline
from shapes_print.pipeline.checkcache import CHECKED
from shapes_print.pipeline.requests import Planned as Kit
from shapes_print.pipeline.requests import listening_to_kits
from shapes_print.plan.kit import KitFile

SHAPES = ("circle", "triangle", "square")
# One kit under each set: which groups a check plans again, which faces it draws again, and
# what it finds, do not hang on the count or the paper (a group is a set's game whatever its
# kits). Only a check of every kit counts a set's texts as used or not.
PLAYERS, PAPER = "3", "a4"


def content_of(root: Path, *games: str) -> pipeline.Sources:
    """A content folder holding copies of some shipped games."""
    for game in games:
        shutil.copytree(DEFAULT_CONTENT / game, root / "content" / game)
    return pipeline.Sources(content=root / "content")


class Planned:
    """Each (label set, game) `check` planned whole, once a setting (its flip and print
    options), in the order planned, heard as its kits are planned (pipeline/requests.py);
    a kit planned in part (its cards files alone, to draw their faces) is not the game's."""

    def __init__(self) -> None:
        self.settings: dict[tuple[str, str, str, PrintOptions], None] = {}

    def take(self, kit: Kit, files: list[KitFile]) -> None:
        request = kit.request
        if request.part == Part():
            self.settings[request.labels, request.game, request.flip, request.options] = None

    def groups(self) -> list[tuple[str, str]]:
        return [(labels, game) for labels, game, _, _ in self.settings]

    def clear(self) -> None:
        self.settings.clear()


@pytest.fixture
def planned() -> Iterator[Planned]:
    """What `check` plans whole inside the test."""
    heard = Planned()
    with listening_to_kits(heard.take):
        yield heard


def one_kit(sources: pipeline.Sources, labels: list[str]) -> pipeline.Project:
    """`check` of one kit (PLAYERS, PAPER) of every game under each set."""
    return pipeline.check(sources, [], labels, players=PLAYERS, paper=PAPER)


def printed(project: pipeline.Project) -> dict[str, set[str]]:
    return {variant.labels.name: set(variant.printed) for variant in project.variants}


def test_a_second_check_plans_nothing_and_sees_what_the_first_saw(
    tmp_path: Path, planned: Planned, own_cache_folder: Path
) -> None:
    sources = content_of(tmp_path, "pass-and-pick")
    first = one_kit(sources, ["standard", "es"])
    # Each set's game under its three settings: home, the other flip, print shop.
    assert planned.groups() == [("standard", "pass-and-pick")] * 3 + [("es", "pass-and-pick")] * 3
    assert (own_cache_folder / "shapes-print" / CHECKED).is_file()
    planned.clear()
    second = one_kit(sources, ["standard", "es"])
    assert planned.groups() == []
    assert printed(second) == printed(first)
    assert len(printed(first)["es"]) > 100


def test_an_edit_plans_again_only_the_game_it_changes(tmp_path: Path, planned: Planned) -> None:
    sources = content_of(tmp_path, "pass-and-pick", "shapes-the-game")
    one_kit(sources, ["standard"])
    deck = sources.content / "pass-and-pick" / "deck.yaml"
    deck.write_text(deck.read_text().replace("name: circles", "name: rounds"))
    planned.clear()
    one_kit(sources, ["standard"])
    assert set(planned.groups()) == {("standard", "pass-and-pick")}
    planned.clear()
    pipeline.check(sources, [], ["standard"], players="4", paper=PAPER)  # other settings: anew
    assert set(planned.groups()) == {("standard", "pass-and-pick"), ("standard", "shapes-the-game")}


def test_a_planning_error_is_found_every_time(tmp_path: Path) -> None:
    sources = content_of(tmp_path, "pass-and-pick")
    deck = sources.content / "pass-and-pick" / "deck.yaml"
    deck.write_text(deck.read_text().replace("label: CIRCLE", "label: CIRCLE CIRCLE CIRCLE CIRCLE"))
    for _ in range(2):
        with pytest.raises(UserError, match="'CIRCLE CIRCLE CIRCLE CIRCLE' does not fit"):
            one_kit(sources, ["standard"])


@pytest.mark.parametrize(
    ("english", "found"), [("Rounds", None), ("Round", "is not printed anywhere")]
)
def test_texts_printed_are_known_from_the_cache(
    tmp_path: Path, english: str, found: str | None
) -> None:
    """A set's text is used when a game kept from an earlier check printed it, and a text
    nothing prints is still an error (with its hint) when every game is kept."""
    sources = content_of(tmp_path, "pass-and-pick")
    own = tmp_path / "own.yaml"
    own.write_text(f'extends: standard\ntitle: Own\ntext:\n  "{english}": "Rondas"\n')
    for _ in range(2):
        if found is None:
            pipeline.check(sources, [], [str(own)])
        else:
            with pytest.raises(UserError, match=f"{found} .did you mean 'Rounds'"):
                pipeline.check(sources, [], [str(own)])


def test_a_damaged_cache_is_planned_again(
    tmp_path: Path, planned: Planned, own_cache_folder: Path
) -> None:
    sources = content_of(tmp_path, "pass-and-pick")
    one_kit(sources, ["standard"])
    entry = own_cache_folder / "shapes-print" / CHECKED
    entry.write_text(entry.read_text().replace('"printed": [', '"printed": [1, ', 1))
    planned.clear()
    one_kit(sources, ["standard"])
    assert planned.groups() == [("standard", "pass-and-pick")] * 3


def test_jobs_find_what_one_process_finds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, own_cache_folder: Path
) -> None:
    """Games planned over two processes leave the same texts seen as in one, and the
    first mistake in the order checked is the one reported, whichever finishes first. One
    count on one paper: the groups shared out are each (set, game) whatever the kits."""
    sources = content_of(tmp_path, "pass-and-pick", "shapes-the-game")
    found = {}
    for jobs in (1, 2):
        monkeypatch.setenv("XDG_CACHE_HOME", str(own_cache_folder / f"jobs-{jobs}"))
        checked = pipeline.check(
            sources, [], ["standard", "es"], players="4", paper="a4", jobs=jobs
        )
        found[jobs] = printed(checked)
    assert found[2] == found[1]
    pass_and_pick = sources.content / "pass-and-pick" / "deck.yaml"
    shapes = sources.content / "shapes-the-game" / "deck.yaml"
    pass_and_pick.write_text(
        pass_and_pick.read_text().replace("label: CIRCLE", "label: " + "O" * 40)
    )
    shapes.write_text(shapes.read_text().replace("title: STOP TURN", "title: " + "S" * 40))
    for jobs in (1, 2):
        monkeypatch.setenv("XDG_CACHE_HOME", str(own_cache_folder / f"errors-{jobs}"))
        with pytest.raises(UserError, match=r"pass-and-pick/deck.yaml:.*'O{40}' does not fit"):
            pipeline.check(sources, [], ["standard", "es"], players="4", paper="a4", jobs=jobs)


def outcome(sources: pipeline.Sources, labels: list[str]) -> dict[str, set[str]] | str:
    """What a check of one kit finds: the texts each set printed, or its mistake's line."""
    try:
        return printed(one_kit(sources, labels))
    except UserError as error:
        return error.line()


def afresh(sources: pipeline.Sources, labels: list[str], folder: Path) -> dict[str, set[str]] | str:
    """What a check finds from an empty cache folder."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_CACHE_HOME", str(folder))
        return outcome(sources, labels)


@pytest.mark.parametrize(
    "label", ["ROUND", "CIRCLE CIRCLE CIRCLE CIRCLE", '"CIRCLE {icon:nosuch}"', "TRIANGLE"]
)
def test_an_edit_to_cards_fields_draws_their_faces_and_finds_what_planning_finds(
    tmp_path: Path, planned: Planned, label: str
) -> None:
    """After a clean check, an edit to a card's fields alone plans no game whole (each
    set's cards files are planned, pipeline/facecheck.py) and finds what planning finds:
    the texts each set prints, or the mistake at its cell."""
    sources = content_of(tmp_path, "pass-and-pick")
    labels = ["standard", "es", "high-contrast"]
    one_kit(sources, labels)
    deck = sources.content / "pass-and-pick" / "deck.yaml"
    deck.write_text(deck.read_text().replace("label: CIRCLE", f"label: {label}"))
    planned.clear()
    found = outcome(sources, labels)
    whole = set(planned.groups())
    assert found == afresh(sources, labels, tmp_path / "empty")
    if label == "ROUND":  # es lacks the word, skips the game: planned whole to find that
        assert whole == {("es", "pass-and-pick")}
        assert isinstance(found, dict) and "ROUND" in found["standard"]
        deck.write_text(deck.read_text().replace("label: ROUND", "label: ROUNDER"))
        planned.clear()  # skipped as before, for a word it lacks: the faces are enough
        found = outcome(sources, labels)
        assert planned.groups() == []
        assert found == afresh(sources, labels, tmp_path / "empty again")
    elif label != "TRIANGLE":
        assert isinstance(found, str)
        assert re.match(r".*/pass-and-pick/deck.yaml:12:\d+: ", found)
        assert ("does not fit" if "CIRCLE CIRCLE" in label else "unknown icon 'nosuch'") in found


def test_an_edit_from_a_spreadsheet_is_found_at_its_cell(tmp_path: Path, planned: Planned) -> None:
    """A deck read from a spreadsheet: a row's edit draws the faces again, and a label
    that no longer fits is named at its cell."""
    sources = content_of(tmp_path, "pass-and-pick")
    deck = sources.content / "pass-and-pick" / "deck.yaml"
    text = deck.read_text()
    rows = ["id,name,count,layout,back,shape,label,colour,pattern,pattern_colour"]
    rows += [f"{s},{s}s,6,shape,standard,{s},{s.upper()},#56B4E9,none,#000000" for s in SHAPES]
    (deck.parent / "cards.csv").write_text("\n".join(rows) + "\n")
    deck.write_text(text[: text.index("cards:")] + "cards: {from: cards.csv}\n")
    one_kit(sources, ["standard"])
    sheet = deck.parent / "cards.csv"
    sheet.write_text(sheet.read_text().replace("SQUARE", "BOX"))
    planned.clear()
    assert "BOX" in printed(one_kit(sources, ["standard"]))["standard"]
    assert planned.groups() == []
    sheet.write_text(sheet.read_text().replace("BOX", "SQUARE " * 6))
    with pytest.raises(UserError) as error:
        one_kit(sources, ["standard"])
    assert re.match(r".*/cards.csv:4:7: card 'square'.* does not fit", error.value.line())


def test_a_template_or_label_set_edited_plans_the_game_whole(
    tmp_path: Path, planned: Planned
) -> None:
    """Only an edit to cards' fields draws the faces alone: a label set's or a template's
    edit plans the game whole, as does a card's edit where a sheet lists the deck."""
    shutil.copytree(DEFAULT_TEMPLATES, tmp_path / "templates")
    sources = replace(content_of(tmp_path, "pass-and-pick"), templates=tmp_path / "templates")
    own = tmp_path / "own.yaml"
    own.write_text("extends: standard\ntitle: Own\n")
    deck = sources.content / "pass-and-pick" / "deck.yaml"
    one_kit(sources, [str(own)])
    whole = [("own", "pass-and-pick")] * 3
    for edited, old, new in [
        (deck, "label: CIRCLE", "label: ROUND"),
        (own, "title: Own", "title: Own set"),
        (tmp_path / "templates" / "cards" / "poker.yaml", "\n", "\n# edited\n"),
    ]:
        edited.write_text(edited.read_text().replace(old, new, 1))
        planned.clear()
        one_kit(sources, [str(own)])
        assert planned.groups() == ([] if edited == deck else whole), edited


def test_a_sheet_listing_the_deck_plans_the_game_whole(tmp_path: Path, planned: Planned) -> None:
    """collect-3's host key lists the `deck` list, each card's fields: a card's edit
    plans the game whole."""
    sources = content_of(tmp_path, "collect-3")
    one_kit(sources, ["standard"])
    deck = sources.content / "collect-3" / "deck.yaml"
    deck.write_text(deck.read_text().replace('title: "ACTION"', 'title: "ACT"', 1))
    planned.clear()
    one_kit(sources, ["standard"])
    assert planned.groups() == [("standard", "collect-3")] * 3
