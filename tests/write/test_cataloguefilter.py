"""The catalogue's finder: in Chromium, at desktop and phone widths, a teacher finds a named
kit in at most three actions, and sees its files; without script every kit is listed."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from shapes_print.load.defaults import DEFAULT_LABELS
from shapes_print.load.labels import load_labels, shipped
from shapes_print.write.catalogue import INDEX, kits
from shapes_print.write.cataloguepage import Thumbnail, page
from tests.browser import DESKTOP, PHONE, Chromium, Tab, needs_chromium

GAMES = {"collect-3": "Collect 3", "pass-and-pick": "Pass and pick shapes"}
PAPERS = ("a4", "letter")
PLAYERS = (1, 2, 3, 4, 5, 6, 10)  # 1 and 10: a number finds its own kits alone
WANTED = "Collect 3, Large print, Letter, 4 players"
# Select the game, select the version, type the rest: three actions.
ACTIONS = [
    ["select", "game", "collect-3"],
    ["select", "version", "large-print"],
    ["type", "words", "letter 4"],
]

# What the page shows after the actions: the kits on show, whether their headings' context is
# drawn, and the finder's status line with its links.
REPORT = """(() => {
  const shown = [...document.querySelectorAll(".kit")].filter(kit => kit.offsetParent);
  return {
    width: innerWidth,
    overflow: document.documentElement.scrollWidth > innerWidth,
    finder: !document.getElementById("find").hidden,
    status: document.getElementById("found").textContent,
    links: [...document.querySelectorAll("#found a")].map(a => a.getAttribute("href")),
    kits: shown.map(kit => {
      const heading = kit.querySelector("h5");
      return {id: heading.id, heading: heading.textContent,
              context: heading.querySelector(".context").getBoundingClientRect().width > 1,
              files: [...kit.querySelectorAll("a.open")].map(a => a.getAttribute("href"))};
    }),
  };
})()"""


def act(browser: Tab, actions: list[list[str]]) -> None:
    """Each action as a person does it: choose an option (the select fires `change`), or
    put the cursor in the box and type."""
    for kind, name, value in actions:
        control = f'document.querySelector("#find form").elements[{json.dumps(name)}]'
        if kind == "type":
            browser.run(f"{control}.focus()")
            browser.type(value)
        else:
            browser.run(
                f"{control}.value = {json.dumps(value)};"
                f'{control}.dispatchEvent(new Event("change", {{bubbles: true}}))'
            )


def entries() -> dict[str, dict[str, object]]:
    """A manifest's worth of kits: two games in every shipped label set (named by the sets'
    own titles, as a build records them), two papers, five player counts."""
    listed: dict[str, dict[str, object]] = {}
    for labels in shipped(DEFAULT_LABELS):
        title = load_labels(labels, DEFAULT_LABELS).title
        under = "" if labels == "standard" else f"{labels}/"
        for game, game_title in GAMES.items():
            for paper in PAPERS:
                for players in PLAYERS:
                    folder = f"{game}/{under}{paper}/{players}-players"
                    for audience, file in (("players", "cards"), ("host", "host-key")):
                        listed[f"{folder}/{game}_{file}.pdf"] = {
                            "game": game,
                            "title": game_title,
                            "labels": labels,
                            "version": title,
                            "paper": paper,
                            "players": str(players),
                            "audience": audience,
                            "bytes": 2048,
                        }
    return listed


@pytest.fixture(scope="module")
def catalogue(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("finder")
    (out / INDEX).write_text(page(kits(entries(), {})), encoding="utf-8")
    return out


@pytest.fixture(scope="module")
def chromium() -> Iterator[Chromium]:
    """One Chromium for the module's tests, each in a tab and browser context of its own:
    starting it is most of what a test here costs."""
    with Chromium() as started:
        yield started


def found(
    chromium: Chromium, out: Path, actions: list[list[str]], size: tuple[int, int] = DESKTOP
) -> dict:
    with chromium.tab(size) as browser:
        browser.open((out / INDEX).as_uri())
        act(browser, actions)
        return browser.run(REPORT)


def test_the_shipped_label_sets_are_named_in_plain_words() -> None:
    titles = {name: load_labels(name, DEFAULT_LABELS).title for name in shipped(DEFAULT_LABELS)}
    assert titles == {
        "standard": "Standard",
        "braille": "Braille",
        "braille-es": "Spanish braille",
        "colour-blind": "Colour-blind safe",
        "es": "Spanish",
        "fr": "French",
        "de": "German",
        "high-contrast": "High contrast",
        "large-print": "Large print",
        "large-print-atkinson": "Large print (Atkinson Hyperlegible)",
    }


def test_a_label_set_without_a_title_is_named_by_its_file_not_by_the_set_it_extends(
    tmp_path: Path,
) -> None:
    own = tmp_path / "my-class.yaml"
    own.write_text("extends: large-print\n", encoding="utf-8")
    assert load_labels(str(own), DEFAULT_LABELS).title == "my-class"


def test_every_kit_has_an_anchor_and_a_heading_naming_game_version_paper_and_players(
    catalogue: Path,
) -> None:
    text = (catalogue / INDEX).read_text(encoding="utf-8")
    anchor = 'id="collect-3--large-print--letter--4-players"'
    assert text.count(anchor) == 1
    heading = text.split(anchor, 1)[1].split("</h5>", 1)[0]
    assert heading == '><span class="context">Collect 3, Large print, Letter, </span>4 players'
    assert text.count('<div class="kit"') == len(entries()) // 2
    assert "Label set" not in text and "label set" not in text  # our word, not a teacher's


def test_without_script_the_finder_is_hidden_and_every_kit_listed(catalogue: Path) -> None:
    text = (catalogue / INDEX).read_text(encoding="utf-8")
    assert '<section id="find" aria-labelledby="find-heading" hidden>' in text
    assert " hidden" not in text.split('<main id="kits">', 1)[1].split("<script>", 1)[0]
    assert "http://" not in text and "https://" not in text


@needs_chromium
@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_named_kit_is_found_in_three_actions(
    chromium: Chromium, catalogue: Path, size: tuple[int, int]
) -> None:
    assert len(ACTIONS) <= 3
    report = found(chromium, catalogue, ACTIONS, size)
    assert report["width"] == size[0]
    assert report["overflow"] is False  # nothing wider than a phone
    assert report["finder"] is True
    (kit,) = report["kits"]
    assert kit["heading"] == WANTED
    assert kit["id"] == "collect-3--large-print--letter--4-players"
    assert kit["files"] == [
        "collect-3/large-print/letter/4-players/collect-3_cards.pdf",
        "collect-3/large-print/letter/4-players/collect-3_host-key.pdf",
    ]
    assert kit["context"] is (size == PHONE)  # a phone shows the whole heading
    assert report["status"] == f"1 kit matches:{WANTED}"
    assert report["links"] == [f"#{kit['id']}"]


@needs_chromium
def test_words_alone_narrow_to_the_kits_that_have_them_all(
    chromium: Chromium, catalogue: Path
) -> None:
    report = found(chromium, catalogue, [["type", "words", "collect large letter 4"]])
    assert [kit["heading"] for kit in report["kits"]] == [
        WANTED,
        "Collect 3, Large print (Atkinson Hyperlegible), Letter, 4 players",
    ]


@needs_chromium
def test_a_number_finds_that_many_players_and_not_the_numbers_it_starts(
    chromium: Chromium, catalogue: Path
) -> None:
    report = found(chromium, catalogue, [["type", "words", "collect large a4 1"]])
    assert [kit["heading"] for kit in report["kits"]] == [
        "Collect 3, Large print, A4, 1 player",
        "Collect 3, Large print (Atkinson Hyperlegible), A4, 1 player",
    ]


@needs_chromium
def test_american_spelling_finds_the_kits_spelt_the_british_way(
    chromium: Chromium, catalogue: Path
) -> None:
    report = found(chromium, catalogue, [["type", "words", "collect color blind letter 4"]])
    assert [kit["heading"] for kit in report["kits"]] == [
        "Collect 3, Colour-blind safe, Letter, 4 players"
    ]


@needs_chromium
def test_without_script_chromium_shows_every_kit_and_no_finder(
    chromium: Chromium, catalogue: Path
) -> None:
    with chromium.tab() as browser:
        browser.call("Emulation.setScriptExecutionDisabled", value=True)
        browser.open((catalogue / INDEX).as_uri())
        browser.call("Emulation.setScriptExecutionDisabled", value=False)  # to look, not to act
        shown = browser.run(
            '[...document.querySelectorAll(".kit")].filter(kit => kit.offsetParent).length'
        )
        finder = browser.run('document.getElementById("find").offsetParent')
    assert shown == len(entries()) // 2
    assert finder is None


@needs_chromium
def test_with_nothing_chosen_every_kit_is_shown(chromium: Chromium, catalogue: Path) -> None:
    report = found(chromium, catalogue, [])
    assert len(report["kits"]) == len(entries()) // 2
    assert report["status"] == f"Every kit is listed below ({len(entries()) // 2})."


@needs_chromium
@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_found_kit_is_drawn(
    chromium: Chromium, catalogue: Path, size: tuple[int, int], tmp_path: Path
) -> None:
    """Screenshots of the finder and of the kit found, at the window's size."""
    from PIL import Image

    with chromium.tab(size) as browser:
        browser.open((catalogue / INDEX).as_uri())
        act(browser, ACTIONS)
        browser.screenshot(tmp_path / "finder.png")
        browser.run('document.querySelector(".kit:not([hidden])").scrollIntoView()')
        browser.screenshot(tmp_path / "kit.png")
    for name in ("finder.png", "kit.png"):
        with Image.open(tmp_path / name) as image:
            assert image.size == size
            darkest, lightest = image.convert("L").getextrema()
            assert lightest - darkest > 128  # text on a ground, not a blank window


def test_a_kit_built_before_label_sets_had_titles_is_listed_by_its_label_set() -> None:
    listed = entries()
    for entry in listed.values():
        del entry["version"]
    page_text = page(kits(listed, {}))
    assert '<h3 id="collect-3--large-print">large-print</h3>' in page_text
    assert '<option value="large-print">large-print</option>' in page_text


@needs_chromium
@pytest.mark.parametrize("typed", ["reune", "Reúne 3", "REÚNE cartas"])
def test_a_translated_kit_is_found_by_its_own_titles_accents_or_none(
    chromium: Chromium, tmp_path: Path, typed: str
) -> None:
    """A Spanish teacher types the game's Spanish name, with or without its accent: the
    files' titles, not only the English heading, are what a kit is found by."""
    listed = {
        f"collect-3/{under}a4/3-players/collect-3_{file}.pdf": {
            "game": "collect-3",
            "title": "Collect 3",
            "labels": labels,
            "version": version,
            "paper": "a4",
            "players": "3",
            "audience": "players",
            "sha256": f"{labels}-{file}",
        }
        for labels, under, version in (("standard", "", "Standard"), ("es", "es/", "Spanish"))
        for file in ("cards", "sheets")
    }
    titles = {
        "standard-cards": "Collect 3: cards",
        "standard-sheets": "Collect 3: table sheets",
        "es-cards": "Reúne 3: cartas",
        "es-sheets": "Reúne 3: hojas de mesa",
    }
    thumbnails = {key: Thumbnail(f"{key}.png", 160, 226, title, 1) for key, title in titles.items()}
    (tmp_path / INDEX).write_text(page(kits(listed, thumbnails)), encoding="utf-8")
    report = found(chromium, tmp_path, [["type", "words", typed]])
    assert [kit["heading"] for kit in report["kits"]] == ["Collect 3, Spanish, A4, 3 players"]
