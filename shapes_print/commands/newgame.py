"""`new`: a game folder that builds at once, from the example game or a copy of a game.

The example (`starter_game/`, package data) is a small, complete, commented game: a deck
of three suits, a rules sheet, a score sheet and a host key with a puzzle's answer, for
2-5 players. A copy (`--from`) takes an existing game's folder under a new id, with the
card colours the shipped label sets give the original (their `games:` entries) written
into its own `labels/`, so the copy prints as the original does. Nothing is written
until everything is known to be writable; an existing folder is never touched.
"""

from __future__ import annotations

import os
import re
import shutil
import stat
import tempfile
from pathlib import Path

import yaml
from msgspec import Struct

from shapes_print.errors import Source, UserError
from shapes_print.inputs import read_input
from shapes_print.limits import MAX_PICTURE_BYTES
from shapes_print.load.defaults import DEFAULT_CONTENT, DEFAULT_LABELS, SCHEMAS
from shapes_print.load.listing import IDENTIFIER_PATTERN, shipped
from shapes_print.load.yamlsrc import deep_merge, read_yaml
from shapes_print.write.create import create_file

STARTER = Path(__file__).parent / "starter_game"
# The example's own id and title, replaced by the new game's in every file.
STARTER_ID = "my-game"
STARTER_TITLE = "My game"
# Where the example's `$schema` comments point, made relative to the new folder.
SCHEMAS_TOKEN = "SCHEMAS/"
PATCH_KINDS = ("groups", "cards", "backs")


class NewGame(Struct, frozen=True):
    """What `new` wrote: the folder, and the three files to edit next with what to change."""

    folder: Path
    next_steps: tuple[tuple[Path, str], ...]


def title_of(game_id: str) -> str:
    """`my-game` -> "My game": a first title, to be changed in game.yaml."""
    return game_id.replace("-", " ").capitalize()


def new_game(
    game_id: str, content: Path, start: str | None = None, labels: Path = DEFAULT_LABELS
) -> NewGame:
    """Write `content/<game_id>/`: the example game, or a copy of the game `start`."""
    if not re.fullmatch(IDENTIFIER_PATTERN, game_id):  # `$` alone would let a final \n by
        raise UserError(
            None,
            f"game id {game_id!r} may only use a-z, 0-9 and -, starting with a letter or digit",
        )
    folder = content / game_id
    if folder.exists() or folder.is_symlink():
        raise UserError(Source(folder), "already exists: choose another id, or remove the folder")
    if (DEFAULT_CONTENT / game_id / "game.yaml").is_file():  # the label sets' `games:` key
        raise UserError(
            None,
            f"game id {game_id!r} is a shipped game's, and the shipped label sets change that "
            "game by its id (their `games:` entries): choose an id of its own",
        )
    if start is not None:  # a game of `content`, or else a shipped one
        homes = list(dict.fromkeys((content, DEFAULT_CONTENT)))
        found = [base / start for base in homes if (base / start / "game.yaml").is_file()]
        if not found:
            games = sorted({p.parent.name for base in homes for p in base.glob("*/game.yaml")})
            raise UserError(
                None,
                f"--from: no game {start!r} in {content} or the shipped games "
                f"(games: {', '.join(games) or 'none'})",
            )
    content.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{game_id}-", dir=content))
    try:
        if start is None:
            _write_starter(staging, game_id, folder)
        else:
            _write_copy(staging, found[0], start, game_id, labels)
        os.replace(staging, folder)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return NewGame(folder, _next_steps(folder))


def _write_starter(target: Path, game_id: str, folder: Path) -> None:
    """The example's files with the new id and title, schemas pointed at from where each
    file will be in `folder`."""
    for path in sorted(p for p in STARTER.rglob("*") if p.is_file()):
        relative = path.relative_to(STARTER)
        (target / relative).parent.mkdir(parents=True, exist_ok=True)
        if path.suffix != ".yaml":  # a picture, as it is
            shutil.copyfile(path, target / relative)
            continue
        text = path.read_text(encoding="utf-8")
        text = text.replace(f"id: {STARTER_ID} ", f"id: {game_id} ")
        text = text.replace(f'"{STARTER_TITLE}"', f'"{title_of(game_id)}"')
        text = text.replace(SCHEMAS_TOKEN, _schemas_from((folder / relative).parent))
        (target / relative).write_text(text, encoding="utf-8")


def _write_copy(target: Path, original: Path, start: str, game_id: str, labels: Path) -> None:
    """The original's folder under the new id, with the shipped sets' colours for it."""
    from shapes_print.load.labels import GAME_SCHEMA_NAME, load_labels  # the model set

    _copy_regular_files(original, target)
    game = target / "game.yaml"
    text = game.read_text(encoding="utf-8")
    pattern = rf"^id:\s*[\"']?{re.escape(start)}[\"']?"
    written, count = re.subn(pattern, f"id: {game_id}", text, count=1, flags=re.M)
    if count != 1:
        raise UserError(Source(original / "game.yaml"), f"no line 'id: {start}' to change")
    game.write_text(written, encoding="utf-8")
    for name in shipped(labels):
        patch = load_labels(name, labels).data.get("games", {}).get(start)
        if not patch:
            continue
        own = target / "labels" / f"{name}.yaml"
        data = {kind: patch[kind] for kind in PATCH_KINDS if kind in patch}
        if not data:  # the set's words for the original alone (its title's join): not a copy's
            continue
        if own.is_file():  # the original's own file already: it stays over the set's entry
            data = deep_merge(data, read_yaml(own, locale=None).data)
        own.parent.mkdir(exist_ok=True)
        header = (
            f"# yaml-language-server: $schema={_schemas_from(own.parent)}{GAME_SCHEMA_NAME}\n"
            f"# {start}'s card colours in the {name} label set (labels/{name}.yaml, games:\n"
            f"# {start}), copied by `shapes-print new --from {start}` for this game.\n"
        )
        body = yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=100)
        own.write_text(header + body, encoding="utf-8")


def _copy_regular_files(original: Path, target: Path) -> None:
    """Every file of `original` into `target`, each read (within the picture size limit)
    and written new. Only folders and regular files are copied: a link is refused, before
    anything is written, since it would copy a file from anywhere into the new game."""
    files: list[Path] = []
    for root, folders, names in os.walk(original, followlinks=False):
        for name in sorted([*folders, *names]):
            path = Path(root) / name
            if path.is_symlink():
                raise UserError(Source(path), "is a link: --from copies regular files only")
            if name in names and not stat.S_ISREG(path.lstat().st_mode):
                raise UserError(Source(path), "is not a regular file: --from copies only those")
            if name in names:
                files.append(path)
    read = [(path, read_input(path, MAX_PICTURE_BYTES).data) for path in files]
    for path, data in read:
        create_file(target / path.relative_to(original), data, target, "already exists")


def _schemas_from(folder: Path) -> str:
    """The shipped schemas/ folder as a file in `folder` names it: a relative path, so the
    project can move."""
    return Path(os.path.relpath(SCHEMAS, folder.resolve())).as_posix() + "/"


def _next_steps(folder: Path) -> tuple[tuple[Path, str], ...]:
    """The three files a designer changes first: the game, its deck, its first sheet."""
    game = read_yaml(folder / "game.yaml", locale=None).data  # its keys, not its messages
    deck = folder / str(game.get("deck", "deck.yaml"))
    documents = [folder / str(name) for name in game.get("documents", [])]
    steps = [
        (folder / "game.yaml", "the title, the players, the numbers"),
        (deck, "the cards: their kinds, counts, words and colours"),
    ]
    if documents:
        steps.append((documents[0], "the rules, in the sheet's blocks"))
    return tuple(steps)
