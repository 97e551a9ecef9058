"""`check` naming games refuses a set's text none of them prints when they are every game
the set covers, and says nothing of it while a game it covers is left out (that game may
print it): in a `text:` entry and in a catalogue's alike."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from shapes_print.commands.cli import main

SET = 'extends: standard\ntitle: Polish\nlocale: pl\nordinal: "{n}."\n'
TYPO = "My gam"  # the game's title is "My game"


def own_set(folder: Path, covers: str, catalogue: bool) -> tuple[Path, str]:
    """A set of one's own covering `covers` (every game if empty), whose one word is for a
    text nothing prints, in its `text:` or in its catalogue: the set's file, and where that
    entry is, as `check` names it."""
    labels = folder / "pl.yaml"
    covered = f"covers: [{covers}]\n" if covers else ""
    if not catalogue:
        labels.write_text(f'{SET}{covered}text:\n  "{TYPO}": "Moja gra"\n')
        return labels, rf"pl\.yaml:{6 + bool(covers)}:3"
    labels.write_text(f"{SET}{covered}catalogue: pl.po\n")
    header = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
    (folder / "pl.po").write_text(f'{header}\nmsgid "{TYPO}"\nmsgstr "Moja gra"\n')
    return labels, r"pl\.po:6:\d+"


@pytest.mark.parametrize("catalogue", [False, True])
def test_a_text_nothing_prints_is_refused_once_every_game_the_set_covers_is_checked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], catalogue: bool
) -> None:
    games = tmp_path / "games"
    for game in ("my-game", "other-game"):
        assert main(["new", game, "--content", str(games)]) == 0

    def check(covers: str, *named: str) -> tuple[int, str, str]:
        """`check NAMED` with a set covering `covers`: its status and output, its error
        output told as the refusal of the set's entry where it is exactly that."""
        labels, entry = own_set(tmp_path, covers, catalogue)
        capsys.readouterr()
        status = main(["check", *named, "--content", str(games), "--labels", str(labels)])
        out, err = capsys.readouterr()
        one_line = (
            rf"\S*{entry}: text '{TYPO}' is not printed anywhere \(did you mean 'My game'\?\)\n"
        )
        return status, out, "refused at the entry" if re.fullmatch(one_line, err) else err

    refused = (2, "", "refused at the entry")
    assert check("my-game", "my-game") == refused  # the one game it covers, named
    assert check("my-game") == refused
    for covers in ("my-game, other-game", ""):  # both games, named or as every game
        # other-game, not checked, may print it
        assert check(covers, "my-game") == (0, "ok: 1 game checked with 1 label set\n", "")
        assert check(covers, "other-game", "my-game") == refused, covers
