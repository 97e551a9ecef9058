"""A label set of one's own that `extends:` a shipped set prints what that set prints.

The file a user writes to start their own set is `extends: <shipped set>` and a line of
their own (docs/labels.md). Whatever the shipped set brings, its fonts, its translations and
catalogues, its braille, its sizes and colours, must reach the kits through the user's file
as it does when the set is named: the same pages, the same words in the same fonts, sizes,
colours and places. Only the kit's folder, its files' names and its version's name are the
user's: the two documents that print the files' names (the printing guide, the
print-and-play file) say the same words but those names, wherever they wrap. Asked of the plan in memory, one kit per shipped set; the end-to-end combinations of
a few such sets with every command, size and mode are in tests/commands/test_combinations.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from shapes_print.geometry.primitives import Artifact, Document, Group, Item, Symbol, Text, Use
from shapes_print.load.defaults import DEFAULT_CONTENT, DEFAULT_LABELS
from shapes_print.load.labels import shipped
from shapes_print.pipeline import pipeline
from shapes_print.pipeline.games import game_summaries

SHIPPED = shipped(DEFAULT_LABELS)
GAMES = [game.id for game in game_summaries(DEFAULT_CONTENT)]
PAPER = "a4"
STANDARD = "standard"
# The documents that print the kit's file names, which hold the set's name.
NAMING = {"printing-guide", "print-and-play"}


def _game(labels: str) -> str:
    """A shipped game for the set, each game taken by some sets in turn."""
    return GAMES[SHIPPED.index(labels) % len(GAMES)]


def _planned(labels: str, game: str) -> tuple[dict[str, str], dict[str, Document]]:
    """The game's fewest-player kit on A4 under `labels`: its info, its documents by the
    file's kind (the name's last part)."""
    project = pipeline.load_project(pipeline.Sources(), [game], [labels])
    players = str(project.games[game].game.players.min)
    ((_, info, files),) = list(pipeline.plan_all(project, players, PAPER))
    documents = {
        file.name.rsplit("_", 1)[-1]: file.document
        for file in files
        if isinstance(file.document, Document)
    }
    return info, documents


def _drawn(items: tuple[Item, ...], symbols: dict[str, Symbol]) -> Iterator[Text]:
    """Every line of text drawn, in drawing order, a placed symbol's from the symbol."""
    for item in items:
        if isinstance(item, Group | Artifact):
            yield from _drawn(item.items, symbols)
        elif isinstance(item, Use):
            yield from _drawn(symbols[item.symbol].items, symbols)
        elif isinstance(item, Text):
            yield item


@pytest.mark.parametrize("labels", SHIPPED)
def test_ones_own_set_extending_a_shipped_set_prints_its_pages(tmp_path: Path, labels: str) -> None:
    own = tmp_path / f"mine-{labels}.yaml"
    own.write_text(f'extends: {labels}\ndescription: "My own {labels}"\n', encoding="utf-8")
    game = _game(labels)
    info, documents = _planned(labels, game)
    own_info, own_documents = _planned(str(own), game)
    assert own_info["labels"] == own.stem
    assert {key: value for key, value in own_info.items() if key not in ("labels", "version")} == {
        key: value for key, value in info.items() if key not in ("labels", "version")
    }
    assert own_documents.keys() == documents.keys()
    for kind, document in documents.items():
        mine = own_documents[kind]
        assert len(mine.pages) == len(document.pages), kind
        if kind in NAMING:
            named = "" if labels == STANDARD else f"{labels}_"  # the standard set's is unnamed
            words = _words(mine).replace(f"{own.stem}_", named).replace(own_info["version"], "")
            assert words == _words(document).replace(info["version"], ""), kind
            continue
        for number, (page, own_page) in enumerate(zip(document.pages, mine.pages, strict=True)):
            texts = list(_drawn(page.items, document.symbols))
            assert texts, (kind, number)
            assert list(_drawn(own_page.items, mine.symbols)) == texts, (kind, number)


def _words(document: Document) -> str:
    """Every word the document draws, white space folded: what it says, however wrapped."""
    lines = (text.text for page in document.pages for text in _drawn(page.items, document.symbols))
    return " ".join(" ".join(lines).split())
