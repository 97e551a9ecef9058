"""`labels new es --game GAME` starts the game's own Spanish with every text that still needs
it (issue 46, item 3), each as a stub at the file, line and column that writes its English,
rather than one example: uncommented and translated, the file is the game's whole Spanish.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from shapes_print.load.labels import GameLabels, LabelSet
from tests.project_copy import run

GAME = "bug-hunt"


def missing_spanish(content: Path, capsys: pytest.CaptureFixture[str], root: Path) -> list[str]:
    """`check --strict`'s line for each text es has no Spanish for: `where: ... 'text'`."""
    args = ["check", "--strict", GAME, "--labels", "es", "--content", str(content)]
    status, lines, _ = run(args, capsys, root)
    assert status == 2
    return [line for line in lines if " is complete but has no text for " in line]


def test_labels_new_es_writes_a_stub_for_every_text_that_still_needs_spanish(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The content folder as a user names it, from where they stand: every place in the game's
    # folder is then named alike, whether its file was read by that name or as a full path.
    monkeypatch.chdir(tmp_path)
    content = Path("content")
    assert run(["new", GAME, "--content", str(content)], capsys, tmp_path)[0] == 0
    needed = missing_spanish(content, capsys, tmp_path)
    assert 38 <= len(needed) <= 44, needed
    args = ["labels", "new", "es", "--game", GAME, "--content", str(content)]
    status, lines, _ = run(args, capsys, tmp_path)
    assert (status, lines) == (0, [])
    text = (content / GAME / "labels" / "es.yaml").read_text()
    stubs = [line for line in text.splitlines() if line.startswith('#   "')]
    assert len(stubs) == len(needed), text
    for line, stub in zip(needed, stubs, strict=True):
        where, english = line.split(": label set ", 1)[0], line.split(" has no text for ", 1)[1]
        # The place as the game's folder names it: content/bug-hunt/deck.yaml:15:5 as deck.yaml:15:5.
        assert stub.endswith(f"  # {where.removeprefix(f'content/{GAME}/')}"), (stub, where)
        assert english.strip("'\"") in stub
    # Each stub, uncommented and translated, gives the game its Spanish: nothing is missing.
    own = content / GAME / "labels" / "es.yaml"
    own.write_text(
        text.replace("# text:", "text:", 1).replace('#   "', '  "').replace('": "', '": "¡')
    )
    status, lines, _ = run(
        ["check", GAME, "--labels", "es", "--content", str(content)], capsys, tmp_path
    )
    assert (status, lines) == (0, [])


def test_labels_new_writes_every_key_with_its_value_now_and_a_comment_on_each(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """What `labels new --help` promises: every top-level key of a label set (and of a game's
    own file), each with a comment; the single-line ones, uncommented, change nothing."""
    content = tmp_path / "content"
    assert run(["new", GAME, "--content", str(content)], capsys, tmp_path)[0] == 0
    args = ["labels", "new", "big", "--from", "large-print", "--out", str(tmp_path)]
    assert run([*args, "--content", str(content)], capsys, tmp_path)[:2] == (0, [])
    path = tmp_path / "big.yaml"
    lines = path.read_text().splitlines()
    for key in LabelSet.model_fields:
        line = next((x for x in lines if x.removeprefix("# ").startswith(f"{key}:")), None)
        assert line is not None and "  # " in line, (key, lines)
    one_line = ("title", "covers", "contrast", "ordinal", "said", "said_range")
    path.write_text(
        "\n".join(x.removeprefix("# ") if x.startswith(one_line, 2) else x for x in lines)
    )
    check = ["check", "--labels", str(path), "--content", str(content)]
    assert run(check, capsys, tmp_path)[:2] == (0, [])
    args = ["labels", "new", "large-print", "--game", GAME, "--content", str(content)]
    assert run(args, capsys, tmp_path)[:2] == (0, [])
    own = (content / GAME / "labels" / "large-print.yaml").read_text().splitlines()
    for key in GameLabels.model_fields:
        line = next((x for x in own if x.removeprefix("# ").startswith(f"{key}:")), None)
        assert line is not None and "  # " in line, (key, own)
