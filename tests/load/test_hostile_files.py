"""Hostile files (tests/hostile_inputs.yaml): each refused in one line, fast, in bounded
memory, writing nothing and leaving the earlier kit as it was (issue 32).

Every case runs the build in a process of its own (forked from one that has built the
example already, tests/forkserver.py, as a --watch process has: what a case reads anew is
its own copy's files, the hostile one among them), under an address-space limit (a runaway
allocation fails there instead of taking the machine), and that process reports its own
peak memory and CPU time: the bounds asserted are the issue's, 500 MB and 5 s, measured
as CPU time so a busy machine does not fail them.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from tests.forkserver import ForkServer, Ran
from tests.hostile_files import make
from tests.pictureexample import build_args, example
from tests.yamlread import safe_load

REPO = Path(__file__).resolve().parents[2]
CASES: list[dict[str, Any]] = safe_load((REPO / "tests/hostile_inputs.yaml").read_text())
MAX_RSS_KIB = 500 * 1024
MAX_CPU_SECONDS = 5.0
ADDRESS_SPACE = 3 * 1024**3  # bytes: a ceiling far above the bound, so the measure decides
LOW_DPI = "picture art/moon.jpg prints at"
REQUIRED = {  # the issue's list, by case id
    "picture-too-many-pixels", "picture-bomb-warning-size", "picture-ztxt-bomb",
    "picture-iccp-bomb", "picture-truncated-jpeg", "picture-truncated-png",
    "picture-huge-file", "svg-huge-file", "svg-deep", "svg-1e400-path", "svg-1e400-length",
    "svg-transform-backtrack", "svg-length-backtrack", "sheet-far-cell", "sheet-sparse",
    "sheet-zip-bomb", "sheet-rlo-csv", "sheet-escape-name", "font-huge",
    "font-package-runs-nothing", "font-package-missing-parent", "font-package-climbs",
    "extends-dev-zero", "extends-fifo",
}  # fmt: skip


@pytest.fixture(scope="module")
def server() -> Iterator[ForkServer]:
    """Where each case's build runs, in a process of its own forked for it."""
    forks = ForkServer()
    yield forks
    forks.close()


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory, server: ForkServer) -> Path:
    """The picture example with its kit built into out/: what every case starts from. The
    server builds it itself, so each case's process starts as a --watch process does after
    its first build: imported, and with what the same bytes made kept. Each case's copy is
    read anew, its hostile file with it."""
    root = example(tmp_path_factory.mktemp("hostile") / "project")
    work = tmp_path_factory.mktemp("first-build")
    ran = server.warm(build_args(root, root / "out", "--quiet"), root, work)
    assert ran.status == 0, ran.err
    return root


def _prepare(root: Path, case: dict[str, Any]) -> None:
    for edit in case.get("edits", []):
        path = root / edit["file"]
        path.parent.mkdir(parents=True, exist_ok=True)
        if "content" in edit:
            path.write_text(edit["content"], encoding="utf-8")
            continue
        text = path.read_text(encoding="utf-8")
        assert text.count(edit["find"]) == 1, f"{edit['find']!r} must occur once in {path}"
        path.write_text(text.replace(edit["find"], edit["replace"]), encoding="utf-8")
    if "make" in case:
        made = case["make"]
        make(root / made["file"], made["generator"], made.get("args"))
    if "link" in case:
        (root / case["link"]["file"]).parent.mkdir(parents=True, exist_ok=True)
        (root / case["link"]["file"]).symlink_to(case["link"]["to"])
    if "fifo" in case:
        (root / case["fifo"]).parent.mkdir(parents=True, exist_ok=True)
        os.mkfifo(root / case["fifo"])


def snapshot(root: Path) -> dict[str, str]:
    """Every entry under `root`: a regular file by the SHA-256 of its bytes (a sparse one,
    by its size), anything else by its kind."""
    found = {}
    for folder, folders, files in os.walk(root):
        for name in [*folders, *files]:
            path = Path(folder) / name
            status = path.lstat()
            if path.is_symlink() or not path.is_file():
                found[str(path)] = "link" if path.is_symlink() else oct(status.st_mode >> 12)
            elif status.st_size > 10_000_000:
                found[str(path)] = f"{status.st_size} bytes"
            else:
                found[str(path)] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


def run_bounded(server: ForkServer, root: Path, work: Path, args: list[str]) -> Ran:
    """The build in a process of its own, under the address-space limit, its stderr lines
    with the copy's folder cut and the example's own warning left out."""
    ran = server.run(args, root, work, ADDRESS_SPACE, timeout=60)
    died = f"the process died ({ran.status}): {ran.err[-2000:]}"
    assert ran.peak_kib is not None and ran.cpu_seconds is not None, died
    lines = ran.err.replace(f"{root}/", "").splitlines()
    # The example's own warning (its moon is a small picture on purpose) is no refusal.
    lines = [line for line in lines if not (line.startswith("warning: ") and LOW_DPI in line)]
    return replace(ran, err="\n".join(lines))


@pytest.mark.parametrize("case", CASES, ids=[case["id"] for case in CASES])
def test_a_hostile_file_is_refused_in_one_line_fast_and_harmlessly(
    tmp_path_factory: pytest.TempPathFactory,
    tmp_path: Path,
    server: ForkServer,
    built: Path,
    case: dict[str, Any],
) -> None:
    root = tmp_path / "project"
    shutil.copytree(built, root, symlinks=True)
    _prepare(root, case)
    before = snapshot(tmp_path)
    args = [arg.replace("{root}", str(root)) for arg in case.get("args", [])]
    work = tmp_path_factory.mktemp("said")  # outside tmp_path, which must stay as it was
    ran = run_bounded(server, root, work, build_args(root, root / "out", *args))
    lines = ran.err.splitlines()
    assert ran.status == 2, lines
    assert lines[0] == case["error"]
    assert len(lines) == 1 or (len(lines) == 2 and lines[1].startswith("hint: ")), lines
    assert all(ch.isprintable() for line in lines for ch in line), lines
    assert ran.peak_kib is not None and ran.peak_kib < MAX_RSS_KIB, f"{ran.peak_kib} KiB"
    assert ran.cpu_seconds is not None and ran.cpu_seconds < MAX_CPU_SECONDS, ran.cpu_seconds
    assert snapshot(tmp_path) == before  # nothing written, the earlier kit intact


def test_corpus_covers_the_issue() -> None:
    ids = [case["id"] for case in CASES]
    assert len(set(ids)) == len(ids)
    assert set(ids) >= REQUIRED
    for case in CASES:  # one line naming a file: `path[:line:column]: message`
        assert re.match(r"^[^\s:][^:]*(:\d+:\d+)?: \S", case["error"]), case["id"]
