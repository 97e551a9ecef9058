"""No file in the repository points at a path outside it: a user's clone has no `../shared`.

Games cite their published rules by title (and authors, where the rules name them), and
the print and accessibility numbers cite docs/print-and-accessibility.md.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# A path out of the repository, the guide that lives beside it, or a rule file's name.
OUTSIDE = re.compile(
    rb"\.\./shared|GUIDE\.md|shared/rules|\"shared\" / \"rules\"|\b\d{3}_[0-9a-f]{16}\.txt\b"
)

# The files that may name what lies outside, each with its reason.
EXEMPT = {
    "tests/test_self_contained.py": "it spells out the patterns it looks for",
    "tests/load/test_conditions.py": (
        "it reads the published Collect 3 rules from ../shared/rules when that folder exists "
        "beside the repository, to compare the task list with them, and skips otherwise"
    ),
}


def tracked() -> list[str]:
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout: no list of tracked files")
    return [name for name in listed.decode().split("\0") if name]


def test_no_tracked_file_points_outside_the_repository() -> None:
    names = tracked()
    assert "README.md" in names and "content/collect-3/game.yaml" in names
    found = []
    for name in names:
        path = ROOT / name
        if name in EXEMPT or not path.is_file():
            continue
        for number, line in enumerate(path.read_bytes().splitlines(), start=1):
            if OUTSIDE.search(line):
                found.append(f"{name}:{number}: {line.decode(errors='replace').strip()}")
    assert found == []


def test_the_exempt_files_still_need_their_exemption() -> None:
    """An exemption whose file no longer names anything outside is left over: remove it."""
    for name in EXEMPT:
        assert OUTSIDE.search((ROOT / name).read_bytes()), name


def test_the_pattern_finds_what_it_is_for() -> None:
    for line in (
        b"# Source: ../shared/rules/000_7924d594e6435be1.txt",
        b"# Okabe-Ito (GUIDE.md section 4)",
        b'RULES = ROOT.parent / "shared" / "rules" / "x.txt"',
        b"source: 002_087d7f0ae8d5a88c.txt",
    ):
        assert OUTSIDE.search(line), line
    assert not OUTSIDE.search(b"# Source: the published rules of Collect 3")
