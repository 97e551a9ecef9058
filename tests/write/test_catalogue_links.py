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
