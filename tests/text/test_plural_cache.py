"""Plural rules from the user's cache folder (text/message.py): the same categories and
choices as Babel's own CLDR data, and an entry not sound is made again from that data."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel import Locale

from shapes_print.text import message
from shapes_print.text.grammar import parse
from shapes_print.text.message import PLURALS, Style, categories, render

LOCALES = ("en", "es", "pl", "ar")


@pytest.fixture(autouse=True)
def rules_read_anew() -> Iterator[None]:
    """Each test reads the cache folder (its own, tests/conftest.py) as a new process would."""
    message._rule.cache_clear()
    yield
    message._rule.cache_clear()


def _babel_categories(locale: str, kind: str) -> set[str]:
    data = Locale.parse(locale)
    rule = data.plural_form if kind == "plural" else data.ordinal_form
    return set(rule.tags) | {"other"}


def test_categories_and_choices_are_babel_s_from_the_cache_too() -> None:
    words = parse("{n, plural, one {# card} other {# cards}}")
    for _ in range(2):  # made from Babel's data, then read from the cache entry
        message._rule.cache_clear()
        for locale in LOCALES:
            for kind in ("plural", "selectordinal"):
                assert set(categories(locale, kind)) == _babel_categories(locale, kind)
        chosen = [render(words, {"n": n}, Style("pl")) for n in (1, 2, 5, 22)]
        assert chosen == ["1 card", "2 cards", "5 cards", "22 cards"]
        assert categories("pl", "plural") == ("one", "few", "many", "other")


def test_the_rules_are_kept_keyed_and_digested(own_cache_folder: Path) -> None:
    categories("es", "plural")
    entry = json.loads((own_cache_folder / "shapes-print" / PLURALS).read_text())
    assert set(entry) == {"key", "digest", "value"}
    spanish = Locale.parse("es")
    assert entry["value"]["es"] == {
        "plural": spanish.plural_form.rules,
        "selectordinal": spanish.ordinal_form.rules,
    }


@pytest.mark.parametrize("how", ["edited", "cut short", "other key", "not rules"])
def test_an_entry_not_sound_is_made_again(own_cache_folder: Path, how: str) -> None:
    categories("en", "plural")
    path = own_cache_folder / "shapes-print" / PLURALS
    entry = json.loads(path.read_text())
    if how == "edited":  # the digest no longer matches: English as if it had `few`
        entry["value"]["en"]["plural"]["few"] = "n in 2..4"
    elif how == "other key":
        entry["key"] = "0" * 64
    elif how == "not rules":  # digested as written, but no rules
        entry["value"]["en"] = ["one"]
        value = json.dumps(entry["value"], sort_keys=True).encode("utf-8")
        entry["digest"] = hashlib.sha256(value).hexdigest()
    path.write_text(json.dumps(entry)[: 40 if how == "cut short" else None])
    message._rule.cache_clear()
    assert categories("en", "plural") == ("one", "other")
    remade = json.loads(path.read_text())
    assert remade["value"]["en"]["plural"] == {"one": "i in 1 and v in 0"}
