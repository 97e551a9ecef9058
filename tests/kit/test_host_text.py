"""The host's words stay in the host's files, however the YAML routes them.

A text's audience is its source file's: a sheet document says whose it is (`audience:`),
every other file (game, deck, list, label set, template) is the players'. Each route a
user could write from a host document into a players' file (the player aid, a list read
from it, the print-and-play file's cover, a deck, an alias, a file name) stops the build
with one line at the YAML that routes it, and nothing is written; a build that routes
nothing keeps the host's words out of every file its manifest gives to the players.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from shapes_print.load.defaults import DEFAULT_TEMPLATES
from tests.pdfread import page_texts
from tests.project_copy import run
from tests.tinygame import DECK, game, sheets

SECRET = "SECRET-ANSWER-42"  # the host's alone
OURS = "PLAYERS-WORD-7"  # the players'
GAME = game(
    ["sheets.yaml", "host-key.yaml"],
    "player_aid: {title: player aid, heading: Player aid, document: sheets.yaml, parts: [Turn]}\n",
)
SHEETS = sheets("heading: Turn", f'text: "{OURS}: play a card."')
HOST_KEY = f"""\
name: host-key
title: host key
audience: host
sections:
  - blocks:
      - heading: Answers
      - text: "{SECRET}"
"""
FILES = {"game.yaml": GAME, "deck.yaml": DECK, "sheets.yaml": SHEETS, "host-key.yaml": HOST_KEY}
# A players' sheet that prints every item of the list `leak`.
PRINTS_LEAK = SHEETS + '      - for_each: {list: leak, blocks: [{text: "{blocks:join}"}]}\n'


def tiny(root: Path, changed: dict[str, str] | None = None) -> Path:
    """The game written under `root/content/tiny`, with `changed` files in place of its own."""
    folder = root / "content" / "tiny"
    folder.mkdir(parents=True)
    for name, text in {**FILES, **(changed or {})}.items():
        (folder / name).parent.mkdir(exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")
    return root / "content"


def at(text: str, written: str) -> tuple[int, int]:
    """The line and column (from 1) where `written` starts in `text`."""
    before = text[: text.index(written)]
    return before.count("\n") + 1, len(before) - before.rfind("\n")


def build(
    root: Path, capsys: pytest.CaptureFixture[str], *extra: str, command: str = "build"
) -> tuple[int, list[str], Path]:
    """`build tiny` for 2 players on A4 from `root`'s content (or `check tiny`): status,
    stderr lines, output folder."""
    out = root / "out"
    args = [command, "tiny", "--content", str(root / "content"), *extra]
    if command == "build":
        args += ["--out", str(out), "--players", "2", "--paper", "a4", "--quiet"]
    status, lines, _ = run(args, capsys, root)
    return status, lines, out


def refused_at(
    root: Path, capsys: pytest.CaptureFixture[str], *extra: str, command: str = "build"
) -> str:
    """The one line a refused build or check says (and its hint, if any), once it has
    exited 2 and written no file."""
    status, lines, out = build(root, capsys, *extra, command=command)
    assert status == 2, lines
    assert not out.exists() or not any(path.is_file() for path in out.rglob("*")), lines
    assert len(lines) == 1 or (len(lines) == 2 and lines[1].startswith("hint: ")), lines
    return lines[0]


AID_OF_HOST = GAME.replace(
    "document: sheets.yaml, parts: [Turn]", "document: host-key.yaml, parts: [Answers]"
)
LIST_OF_HOST = GAME + 'lists:\n  leak: {file: "host-key.yaml#sections"}\n'
# A copy of the host key that no `documents:` names says whose it is all the same.
LIST_OF_COPY = GAME + 'lists:\n  leak: {file: "answers.yaml#sections"}\n'


@pytest.mark.parametrize("command", ["build", "check"])
def test_a_player_aid_of_the_host_key_stops_at_its_document(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    tiny(tmp_path, {"game.yaml": AID_OF_HOST})
    line, column = at(AID_OF_HOST, "document: host-key.yaml")
    assert refused_at(tmp_path, capsys, command=command) == (
        f"content/tiny/game.yaml:{line}:{column}: player_aid: host-key.yaml is the host's "
        "(audience: host); a player aid is printed for the players, so it reprints a document "
        "of theirs"
    )


@pytest.mark.parametrize("command", ["build", "check"])
@pytest.mark.parametrize(
    ("game", "files"),
    [(LIST_OF_HOST, {}), (LIST_OF_COPY, {"answers.yaml": HOST_KEY})],
    ids=["the-host-key", "a-copy-of-it"],
)
def test_a_list_read_from_a_host_document_stops_at_its_file(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    game: str,
    files: dict[str, str],
    command: str,
) -> None:
    """`file: host-key.yaml#sections` reads the host key's sections as a list's items, which
    any players' sheet or card may print: the list is the host's text."""
    tiny(tmp_path, {"game.yaml": game, "sheets.yaml": PRINTS_LEAK, **files})
    name = "answers.yaml" if files else "host-key.yaml"
    line, column = at(game, f'file: "{name}#sections"')
    assert refused_at(tmp_path, capsys, command=command) == (
        f"content/tiny/game.yaml:{line}:{column}: lists: leak reads {name}, the host's "
        "(audience: host); a list is printed wherever a sheet or a card names it, the players' "
        "files too: keep the host's words in the host's documents"
    )


def test_a_print_and_play_cover_of_the_host_stops_at_its_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The cover opens the print-and-play file, every page the players print."""
    tiny(tmp_path)
    templates = tmp_path / "templates"
    shutil.copytree(DEFAULT_TEMPLATES, templates)
    cover = templates / "print-and-play.yaml"
    text = cover.read_text(encoding="utf-8")
    assert text.count("audience: players") == 1
    cover.write_text(text.replace("audience: players", "audience: host"))
    printing = (templates / "print.yaml").read_text(encoding="utf-8")
    line, column = at(printing, "print_and_play: print-and-play.yaml")
    assert refused_at(tmp_path, capsys, "--templates", str(templates)) == (
        f"templates/print.yaml:{line}:{column}: print_and_play: print-and-play.yaml is the "
        "host's (audience: host); the print-and-play file is the players', every page they print"
    )


@pytest.mark.parametrize(
    ("changed", "said"),
    [
        # The aid may reprint only the parts of its own document: the host's heading is not one.
        (
            {"game.yaml": GAME.replace("parts: [Turn]", "parts: [Answers]")},
            "game.yaml:9:85: player_aid: sheets.yaml has no heading or subheading 'Answers'",
        ),
        # Nor leave out, where a copy does not fit one side, any part but its own document's.
        (
            {
                "game.yaml": GAME.replace(
                    "parts: [Turn]", "parts: [Turn], spare: [{part: Answers, line: see}]"
                )
            },
            "game.yaml:9:100: player_aid: sheets.yaml has no heading, subheading or table "
            "headed 'Answers'",
        ),
        # An anchor is its own file's: a players' sheet cannot name one in the host key.
        (
            {
                "host-key.yaml": HOST_KEY.replace(f'"{SECRET}"', f'&secret "{SECRET}"'),
                "sheets.yaml": SHEETS + "      - text: *secret\n",
            },
            "sheets.yaml:8:15: YAML syntax error: found undefined alias 'secret'",
        ),
        # A deck or a card template is no sheet document, and the host key is no deck or
        # card template (a label set neither: below).
        (
            {"game.yaml": GAME.replace("deck: deck.yaml", "deck: host-key.yaml")},
            "host-key.yaml:1:1: unknown key 'name'",
        ),
        (
            {
                "game.yaml": GAME.replace("host-key.yaml]", "cards/host-key.yaml]"),
                "cards/host-key.yaml": HOST_KEY,
            },
            "cards/host-key.yaml:1:1: id: is required and must be text",
        ),
        # A host document named as a players' file would be written over it.
        (
            {"host-key.yaml": HOST_KEY.replace("name: host-key", "name: player-aid")},
            "host-key.yaml:1:1: the host's document 'player-aid' would be written over the "
            "player aid (content/tiny/game.yaml:9:1); give it a name of its own",
        ),
    ],
    ids=["aid-part", "aid-spare", "alias", "deck", "template", "file-name"],
)
def test_every_other_route_from_the_host_key_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], changed: dict[str, str], said: str
) -> None:
    tiny(tmp_path, changed)
    assert refused_at(tmp_path, capsys) == f"content/tiny/{said}"


def test_a_host_document_as_a_label_set_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    content = tiny(tmp_path)
    line = refused_at(tmp_path, capsys, "--labels", str(content / "tiny/host-key.yaml"))
    assert line.startswith("content/tiny/host-key.yaml:1:1: unknown key 'name'"), line


def _texts(out: Path) -> dict[str, tuple[str, str]]:
    """Each file of the kit by its name's last part, with who it is for (the manifest's)
    and its text: a PDF's as pdfium reads it, a .brf's as written (ASCII braille, where a
    capital word reads `,,WORD`)."""
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    texts = {}
    for name, entry in manifest["files"].items():
        path = out / name
        text = " ".join(page_texts(path)) if path.suffix == ".pdf" else path.read_text()
        texts[path.name.rsplit("_", 1)[1]] = (entry["audience"], text)
    return texts


@pytest.mark.parametrize("labels", ["standard", "braille"])
def test_a_kit_gives_the_players_none_of_the_host_s_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], labels: str
) -> None:
    """Every file the manifest marks for the players (cards, sheets, player aid, printing
    guide, print-and-play file, the braille set's .brf) holds none of the host key's words;
    the host key does, and the files that print the players' sheet hold its words."""
    tiny(tmp_path)
    status, lines, out = build(tmp_path, capsys, "--labels", labels)
    assert (status, lines) == (0, [])
    files = _texts(out)
    players = {name for name, (audience, _) in files.items() if audience == "players"}
    brf = {"embosser.brf"} if labels == "braille" else set()
    kinds = {"cards.pdf", "sheets.pdf", "player-aid.pdf", "printing-guide.pdf"}
    assert players == kinds | {"print-and-play.pdf"} | brf
    secret, ours = SECRET.split("-")[0], OURS.split("-")[0]  # as ASCII braille spells them too
    assert [name for name in players if secret in files[name][1]] == []
    assert files["host-key.pdf"][0] == "host"
    assert secret in files["host-key.pdf"][1]
    held = {name for name, (_, text) in files.items() if ours in text}
    assert held == {"player-aid.pdf", "print-and-play.pdf", "sheets.pdf"} | brf
