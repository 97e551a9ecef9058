"""What `list` shows of each game, read lightly: game.yaml's id, title and players, the
names of its decks and documents, and the papers templates/papers.yaml names.

Loading a game whole (its deck, lists, checks and every sheet, validated) takes the model
set and most of a second; `list` needs a few keys. A file that does not hold them as
expected raises NotAsExpected, and pipeline/games.py loads that game whole after all, so a
broken game is refused with the loader's own line (`path:line:col: message`). The folder
listings every command starts from (games, shipped label sets) are here too.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from msgspec import Struct

from shapes_print.errors import Source, UserError
from shapes_print.inputs import inside, listed, note_missing
from shapes_print.limits import MAX_PLAYERS
from shapes_print.load.defaults import STANDARD
from shapes_print.load.yamlsrc import read_yaml

# A game's, a deck's or a label set's name: here, not with the models, so `new` and `list`
# check one without importing pydantic.
IDENTIFIER_PATTERN = r"^[a-z0-9][a-z0-9-]{0,63}$"

# Every kit's main cards file ends in this name; extra decks and sheet documents name theirs.
CARDS = "cards"


class GameSummary(Struct, frozen=True):
    """One game as `list` shows it: what it is and what a kit of it holds."""

    id: str
    title: str
    players: tuple[int, int]
    documents: list[str]


class NotAsExpected(Exception):
    """A key `list` reads is missing or of another kind: the full loader will say what."""


def _text(data: Any, key: str) -> str:
    value = data.get(key) if isinstance(data, dict) else None
    if not isinstance(value, str):
        raise NotAsExpected
    return value


def _count(data: Any, key: str) -> int:
    value = data.get(key) if isinstance(data, dict) else None
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_PLAYERS:
        raise NotAsExpected
    return value


def read_summary(folder: Path) -> GameSummary:
    """A game's summary from its game.yaml and its documents' names, or NotAsExpected."""
    game = read_yaml(folder / "game.yaml", locale=None)
    data = game.data
    if _text(data, "id") != folder.name:
        raise NotAsExpected
    players = _count(data.get("players"), "min"), _count(data.get("players"), "max")
    extra, tokens = data.get("extra_decks", {}), data.get("tokens", {})
    boards, files = data.get("boards", {}), data.get("documents", [])
    if players[0] > players[1] or not all(isinstance(d, dict) for d in (extra, tokens, boards)):
        raise NotAsExpected
    if not isinstance(files, list):
        raise NotAsExpected
    names = [CARDS, *map(str, extra), *map(str, tokens), *map(str, boards)]
    for index, name in enumerate(files):
        if not isinstance(name, str):
            raise NotAsExpected
        where = game.source(("documents", index))
        names.append(
            _text(read_yaml(inside(folder, name, where, "game"), locale=None).data, "name")
        )
    return GameSummary(folder.name, _text(data, "title"), players, names)


def game_folders(content: Path) -> list[Path]:
    """The folders under `content` that hold a game.yaml, sorted; the folders are noted
    as a listing, and each game.yaml not there as looked for, so what was loaded from
    them is known to be out of date once a game is added."""
    if not content.is_dir():
        raise UserError(Source(content), "content folder not found")
    folders = []
    for folder in listed(content, "*/"):  # folders only
        if (folder / "game.yaml").is_file():
            folders.append(folder)
        else:
            note_missing(folder / "game.yaml")
    if not folders:
        raise UserError(Source(content), "no games here: a game is a folder holding a game.yaml")
    for folder in folders:  # a linked game folder would let its files come from anywhere
        inside(content, f"{folder.name}/game.yaml", Source(folder), "content")
    return folders


def papers_named(templates: Path) -> list[str] | None:
    """The papers templates/papers.yaml names, in its order; None when the file is not a
    mapping of sizes (the full loader says what is wrong)."""
    from_file = templates / "papers.yaml"
    if not (templates.is_dir() and from_file.is_file()):
        return None
    papers = read_yaml(from_file, locale=None).data
    if isinstance(papers, dict) and papers and all(isinstance(s, dict) for s in papers.values()):
        return [str(name) for name in papers]
    return None


def shipped(folder: Path) -> list[str]:
    """The label sets that ship, standard first."""
    names = sorted(path.stem for path in listed(folder, "*.yaml"))
    return sorted(names, key=lambda name: name != STANDARD)
