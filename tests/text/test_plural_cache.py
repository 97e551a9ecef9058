"""Plural rules from the user's cache folder (text/message.py): the same categories and
choices as Babel's own CLDR data, and an entry not sound is made again from that data.

A process keeps the rules it has read, so each reading here is a new process's, as the
next command would be, reading a cache folder given to it."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel import Locale

from shapes_print.text.message import PLURALS

LOCALES = ("en", "es", "pl", "ar")
REPO = Path(__file__).resolve().parents[2]
# What a new process makes of the rules: each locale's categories of each kind, and, with
# Polish asked, the choices a plural message makes for four numbers.
SAID = """
import json, sys
from shapes_print.text.grammar import parse
from shapes_print.text.message import Style, categories, render
locales = sys.argv[1:]
said = {f"{l} {k}": categories(l, k) for l in locales for k in ("plural", "selectordinal")}
if "pl" in locales:
    words = parse("{n, plural, one {# card} other {# cards}}")
    said["chosen"] = [render(words, {"n": n}, Style("pl")) for n in (1, 2, 5, 22)]
print(json.dumps(said))
"""


def said_by_a_new_process(cache: Path, *locales: str) -> dict[str, list[str]]:
    """The categories (and choices) a new process gives, the cache folder `cache`."""
    env = {**os.environ, "XDG_CACHE_HOME": str(cache), "PYTHONPATH": str(REPO)}
    command = [sys.executable, "-c", SAID, *locales]
    ran = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    return json.loads(ran.stdout)


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, list[str]]]:
    """A cache folder whose rules a new process made from Babel's data (none kept before),
    and what that process said."""
    cache = tmp_path_factory.mktemp("made")
    return cache, said_by_a_new_process(cache, *LOCALES)


def entry_in(made: tuple[Path, dict[str, list[str]]], cache: Path) -> Path:
    """The made entry, copied into the test's own cache folder."""
    entry = cache / "shapes-print" / PLURALS
    entry.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(made[0] / "shapes-print" / PLURALS, entry)
    return entry


def _babel_categories(locale: str, kind: str) -> set[str]:
    data = Locale.parse(locale)
    rule = data.plural_form if kind == "plural" else data.ordinal_form
    return set(rule.tags) | {"other"}


def test_categories_and_choices_are_babel_s_from_the_cache_too(
    made: tuple[Path, dict[str, list[str]]], own_cache_folder: Path
) -> None:
    entry = entry_in(made, own_cache_folder)
    before = (entry.read_bytes(), entry.stat().st_mtime_ns)
    read = said_by_a_new_process(own_cache_folder, *LOCALES)
    assert (entry.read_bytes(), entry.stat().st_mtime_ns) == before  # read, not made again
    for said in (made[1], read):  # made from Babel's data, then read from the cache entry
        for locale in LOCALES:
            for kind in ("plural", "selectordinal"):
                assert set(said[f"{locale} {kind}"]) == _babel_categories(locale, kind)
        assert said["chosen"] == ["1 card", "2 cards", "5 cards", "22 cards"]
        assert said["pl plural"] == ["one", "few", "many", "other"]


def test_the_rules_are_kept_keyed_and_digested(made: tuple[Path, dict[str, list[str]]]) -> None:
    entry = json.loads((made[0] / "shapes-print" / PLURALS).read_text())
    assert set(entry) == {"key", "digest", "value"}
    spanish = Locale.parse("es")
    assert entry["value"]["es"] == {
        "plural": spanish.plural_form.rules,
        "selectordinal": spanish.ordinal_form.rules,
    }


@pytest.mark.parametrize("how", ["edited", "cut short", "other key", "not rules"])
def test_an_entry_not_sound_is_made_again(
    made: tuple[Path, dict[str, list[str]]], own_cache_folder: Path, how: str
) -> None:
    path = entry_in(made, own_cache_folder)
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
    assert said_by_a_new_process(own_cache_folder, "en")["en plural"] == ["one", "other"]
    remade = json.loads(path.read_text())
    assert remade["value"]["en"]["plural"] == {"one": "i in 1 and v in 0"}
