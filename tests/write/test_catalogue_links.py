"""The catalogue's link to each file of a kit: the file's title without the game's name that
every title of the kit starts with, or ends with (the section's heading says it), however
the label set joins the two. Asked of the page made in memory from a manifest's entries."""

from __future__ import annotations

import pytest

from shapes_print.write import catalogue, cataloguepage
from shapes_print.write.cataloguepage import Thumbnail
from tests.cataloguehtml import Parsed


@pytest.mark.parametrize(
    ("titles", "shown"),
    [
        (  # the Spanish set joins the game's name with a dash, and the name has a colon
            ["Formas: pase y elija \u2013 cartas de formas", "Formas: pase y elija \u2013 hojas"],
            ["Cartas de formas", "Hojas"],
        ),
        (["Pick: shape cards", "Pick: print and play", "Pick: printing guide"], None),
        (["Pick: print and play", "Pick: printing guide"], ["Print and play", "Printing guide"]),
        (  # a set of one's own that names the file first, the game after it
            ["Shape cards \u2014 Pick", "Host key for 3 players \u2014 Pick"],
            ["Shape cards", "Host key for 3 players"],
        ),
        (["Shape cards (Pick)", "Host key (Pick)"], None),  # no joining mark: whole
    ],
)
def test_each_link_says_its_file_without_the_game_name_every_file_of_its_kit_starts_with(
    titles: list[str], shown: list[str] | None
) -> None:
    """The section's heading names the game: a kit's links leave out what every one of its
    titles starts with up to a mark and a space, or ends with from a mark between spaces."""
    folder = "pick/es/a4/3-players"
    entries = {f"{folder}/f{n}.pdf": {"game": "pick", "sha256": str(n)} for n in range(len(titles))}
    thumbnails = {str(n): Thumbnail(f"{n}.png", 160, 226, t, 1) for n, t in enumerate(titles)}
    said = Parsed(cataloguepage.page(catalogue.kits(entries, thumbnails))).link_texts
    expected = shown or [title.removeprefix("Pick: ") for title in titles]
    expected = [title[:1].upper() + title[1:] for title in expected]
    assert [said[f"{folder}/f{n}.pdf"] for n in range(len(titles))] == expected


def test_an_embosser_file_is_linked_by_its_own_title_in_its_kits_language() -> None:
    """A .brf has no thumbnail to read a title from: its manifest entry's title (in the
    label set's words, joined to the game's as a PDF's is) names its link, in its language;
    an entry without one (an earlier version's) is named by its kind."""
    folder = "pick/braille-es/a4/3-players"
    entries = {f"{folder}/f{n}.pdf": {"game": "pick", "sha256": str(n)} for n in range(2)} | {
        f"{folder}/pick_embosser.brf": {
            "game": "pick",
            "sha256": "b",
            "file_title": "Pick: archivo para impresora braille (braille ASCII, .brf)",
            "lang": "es",
        },
        "pick/braille/a4/3-players/pick_embosser.brf": {"game": "pick", "sha256": "c"},
    }
    titles = ["Pick: cartas", "Pick: hojas"]
    thumbnails = {str(n): Thumbnail(f"{n}.png", 160, 226, t, 1, "es") for n, t in enumerate(titles)}
    parsed = Parsed(cataloguepage.page(catalogue.kits(entries, thumbnails)))
    embosser = f"{folder}/pick_embosser.brf"
    assert parsed.link_texts[embosser] == "Archivo para impresora braille (braille ASCII, .brf)"
    assert parsed.link_langs[embosser] == "es"
    earlier = "pick/braille/a4/3-players/pick_embosser.brf"
    assert parsed.link_texts[earlier] == "Embosser file (ASCII braille, .brf)"
    assert parsed.link_langs[earlier] is None
