"""`check` keeps each label set's game that checked clean (pipeline/checkcache.py): a second
check plans only what an edit changed, and finds what the first found."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from shapes_print.errors import UserError
from shapes_print.load.defaults import DEFAULT_CONTENT
from shapes_print.pipeline import pipeline
from shapes_print.pipeline.checkcache import CHECKED

Planned = list[tuple[str, str]]


def content_of(root: Path, *games: str) -> pipeline.Sources:
    """A content folder holding copies of some shipped games."""
    for game in games:
        shutil.copytree(DEFAULT_CONTENT / game, root / "content" / game)
    return pipeline.Sources(content=root / "content")


@pytest.fixture
def planned(monkeypatch: pytest.MonkeyPatch) -> Planned:
    """Each (label set, game) `check` plans, once a setting."""
    calls: Planned = []
    plan_all: Callable[..., object] = pipeline.plan_all

    def counted(*args: object, **kwargs: object) -> object:
        only = args[5] if len(args) > 5 else kwargs["only"]
        assert isinstance(only, tuple)
        calls.append(only)
        return plan_all(*args, **kwargs)

    monkeypatch.setattr(pipeline, "plan_all", counted)
    return calls


def printed(project: pipeline.Project) -> dict[str, set[str]]:
    return {variant.labels.name: set(variant.ctx.words.seen) for variant in project.variants}


def test_a_second_check_plans_nothing_and_sees_what_the_first_saw(
    tmp_path: Path, planned: Planned, own_cache_folder: Path
) -> None:
    sources = content_of(tmp_path, "pass-and-pick")
    first = pipeline.check(sources, [], ["standard", "es"])
    # Each set's game under its three settings: home, the other flip, print shop.
    assert planned == [("standard", "pass-and-pick")] * 3 + [("es", "pass-and-pick")] * 3
    assert (own_cache_folder / "shapes-print" / CHECKED).is_file()
    planned.clear()
    second = pipeline.check(sources, [], ["standard", "es"])
    assert planned == []
    assert printed(second) == printed(first)
    assert len(printed(first)["es"]) > 100


def test_an_edit_plans_again_only_the_game_it_changes(tmp_path: Path, planned: Planned) -> None:
    sources = content_of(tmp_path, "pass-and-pick", "shapes-the-game")
    pipeline.check(sources, [], ["standard"])
    deck = sources.content / "pass-and-pick" / "deck.yaml"
    deck.write_text(deck.read_text().replace("label: CIRCLE", "label: ROUND"))
    planned.clear()
    pipeline.check(sources, [], ["standard"])
    assert set(planned) == {("standard", "pass-and-pick")}
    planned.clear()
    pipeline.check(sources, [], ["standard"], players="3")  # other settings: planned anew
    assert set(planned) == {("standard", "pass-and-pick"), ("standard", "shapes-the-game")}


def test_a_planning_error_is_found_every_time(tmp_path: Path) -> None:
    sources = content_of(tmp_path, "pass-and-pick")
    deck = sources.content / "pass-and-pick" / "deck.yaml"
    deck.write_text(deck.read_text().replace("label: CIRCLE", "label: CIRCLE CIRCLE CIRCLE CIRCLE"))
    for _ in range(2):
        with pytest.raises(UserError, match="'CIRCLE CIRCLE CIRCLE CIRCLE' does not fit"):
            pipeline.check(sources, [], ["standard"])


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
    pipeline.check(sources, [], ["standard"])
    entry = own_cache_folder / "shapes-print" / CHECKED
    entry.write_text(entry.read_text().replace('"printed": [', '"printed": [1, ', 1))
    planned.clear()
    pipeline.check(sources, [], ["standard"])
    assert planned == [("standard", "pass-and-pick")] * 3


def test_jobs_find_what_one_process_finds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, own_cache_folder: Path
) -> None:
    """Games planned over two processes leave the same texts seen as in one, and the
    first mistake in the order checked is the one reported, whichever finishes first."""
    sources = content_of(tmp_path, "pass-and-pick", "shapes-the-game")
    found = {}
    for jobs in (1, 2):
        monkeypatch.setenv("XDG_CACHE_HOME", str(own_cache_folder / f"jobs-{jobs}"))
        found[jobs] = printed(pipeline.check(sources, [], ["standard", "es"], jobs=jobs))
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
            pipeline.check(sources, [], ["standard", "es"], jobs=jobs)
