"""Words a kit's files carry beside its content's: a print shop's one-sided files' titles,
in the label set's language."""

from __future__ import annotations

import pytest

from shapes_print.load.defaults import DEFAULT_LABELS
from shapes_print.load.labels import load_labels, shipped
from shapes_print.load.options import PrintOptions
from shapes_print.pipeline import pipeline

# The label sets in a language of their own: English's words are the content's.
TRANSLATED = [
    name for name in shipped(DEFAULT_LABELS) if load_labels(name, DEFAULT_LABELS).locale != "en"
]
ENGLISH_SIDES = ("(fronts)", "(backs)")


def shop_titles(labels: str) -> dict[str, str]:
    """Each print-shop file's PDF title, by the file's name."""
    planned = pipeline.load_project(pipeline.Sources(), ["pass-and-pick"], [labels])
    ((_, _, files),) = pipeline.plan_all(planned, "4", "a4", "long", PrintOptions(print_shop=True))
    return {file.name: file.document.title for file in files}


def test_english_print_shop_side_files_are_titled_fronts_and_backs() -> None:
    titles = shop_titles("standard")
    cards = titles["pass-and-pick_4p_a4_cards-print-shop"]
    assert titles["pass-and-pick_4p_a4_cards-print-shop-fronts"] == f"{cards} (fronts)"
    assert titles["pass-and-pick_4p_a4_cards-print-shop-backs"] == f"{cards} (backs)"


@pytest.mark.parametrize("labels", TRANSLATED)
def test_a_print_shop_side_file_s_title_is_in_the_set_s_language(labels: str) -> None:
    titles = shop_titles(labels)
    sides = [title for name, title in titles.items() if name.endswith(("-fronts", "-backs"))]
    assert sides
    for title in sides:
        assert not title.endswith(ENGLISH_SIDES), title
