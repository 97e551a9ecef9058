"""The README and the pages of docs/ as tests read them (tests/commands/test_doc_examples.py,
test_doc_pages.py, tests/braille/test_own_layouts.py): where they are, their fenced blocks,
their steps in order, and the game walk-through followed as written.
"""

from __future__ import annotations

import re
import shlex
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
# The pages whose examples run, README first: every page of docs/ but the generated YAML
# reference (tests/reference/test_reference.py holds it to the code).
PAGES = [README, *sorted(p for p in (ROOT / "docs").glob("*.md") if p.name != "reference.md")]

# A fence's language, then (for a file the reader writes whole) the file's path.
FENCE = re.compile(r"^```(\w+)(?: (\S+))?\n(.*?)^```", re.MULTILINE | re.DOTALL)


def blocks(language: str, page: Path = README) -> list[str]:
    return [m.group(3) for m in FENCE.finditer(page.read_text()) if m.group(1) == language]


# A YAML snippet whose first line names a file of the game walk-through is an edit to it.
WALK_THROUGH_FILE = "# my-games/"
# The folders a page's fenced files are written in: the game walk-through's, and the
# translation walk-through's (docs/translating.md).
WRITTEN_UNDER = (WALK_THROUGH_FILE[2:], "my-translation/")


def steps(page: Path) -> list[tuple[str, list[str] | str]]:
    """A page in order: ("sh", a command's words), ("edit", a YAML snippet) and
    ("write", a file's path and its text), a fence such as ```csv my-games/my-game/x.csv."""
    found: list[tuple[str, list[str] | str]] = []
    for match in FENCE.finditer(page.read_text()):
        language, path, body = match.groups()
        if path:
            assert path.startswith(WRITTEN_UNDER), path
            found.append(("write", [path, body]))
        elif language == "sh":
            found += [
                ("sh", w) for w in map(partial(shlex.split, comments=True), body.splitlines()) if w
            ]
        elif language == "yaml" and body.startswith(WALK_THROUGH_FILE):
            found.append(("edit", body))
    return found


def follow_game_walk_through(root: Path, snippet: str) -> None:
    """Edit the file a snippet names on its first line as the README says: each line
    replaces the file's line with the same key and indent, and a line whose key the file
    lacks is added after the line before it."""
    first, *wanted = snippet.splitlines()
    path = root / first.removeprefix("# ")
    if not path.exists():  # a new file, written whole (its first line a comment naming it)
        path.write_text(snippet)
        return
    lines = path.read_text().splitlines()
    at = -1
    for line in wanted:
        key = line.split(":")[0] + ":"
        found = [i for i, old in enumerate(lines) if old.startswith(key)]
        assert len(found) <= 1, f"{key!r} is on {len(found)} lines of {path}"
        if found:
            (at,) = found
            lines[at] = line
        else:
            assert at >= 0, f"{line!r}: the README's snippet starts with a line {path} lacks"
            at += 1
            lines.insert(at, line)
    path.write_text("\n".join(lines) + "\n")
