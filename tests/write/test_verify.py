"""`shapes-print verify` names every file that is missing, truncated, changed or unlisted."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from shapes_print.write.manifest import MANIFEST
from tests.project_copy import build_args, copy_project, run

KIT = "pass-and-pick/a4/3-players"


@pytest.fixture()
def out(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    root = copy_project(tmp_path / "project")
    folder = tmp_path / "out"
    args = build_args(root, folder, "--paper", "a4", "--players", "3")
    assert run(args, capsys, tmp_path)[0] == 0
    return folder


def test_manifest_lists_every_file_with_its_kit(out: Path) -> None:
    files = json.loads((out / MANIFEST).read_text())["files"]
    on_disk = sorted(p.relative_to(out).as_posix() for p in out.rglob("*.pdf"))
    assert sorted(files) == on_disk
    for name, entry in files.items():
        assert entry["game"] == "pass-and-pick"
        assert (entry["paper"], entry["players"], entry["labels"]) == ("a4", "3", "standard")
        assert entry["bytes"] == (out / name).stat().st_size
        assert len(entry["sha256"]) == 64
    audiences = {name.rsplit("_", 1)[1]: e["audience"] for name, e in files.items()}
    assert audiences["host-key.pdf"] == "host"
    assert {audiences[k] for k in ("cards.pdf", "sheets.pdf", "printing-guide.pdf")} == {"players"}


def test_verify_passes_on_a_fresh_build(
    out: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, lines, stdout = run(["verify", str(out)], capsys, tmp_path)
    assert (status, lines) == (0, [])
    count = len(list(out.rglob("*.pdf")))
    assert stdout.strip() == f"ok: {count} files match {out / MANIFEST}"


def test_verify_names_missing_truncated_changed_and_unlisted_files(
    out: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    kit = out / KIT
    (kit / "pass-and-pick_3p_a4_host-key.pdf").unlink()
    cards = kit / "pass-and-pick_3p_a4_cards.pdf"
    cards.write_bytes(cards.read_bytes()[:1000])
    sheets = kit / "pass-and-pick_3p_a4_sheets.pdf"
    data = bytearray(sheets.read_bytes())
    data[500] ^= 1
    sheets.write_bytes(bytes(data))
    (kit / "stray.pdf").write_bytes(b"%PDF-1.7")
    status, lines, _ = run(["verify", str(out)], capsys, tmp_path)
    size = len(data)
    assert status == 2
    assert lines == [
        f"out/{KIT}/pass-and-pick_3p_a4_cards.pdf: truncated (1000 of {_listed(out, 'cards')} bytes)",
        f"out/{KIT}/pass-and-pick_3p_a4_host-key.pdf: missing",
        f"out/{KIT}/pass-and-pick_3p_a4_sheets.pdf: changed since it was built (SHA-256 differs)",
        f"out/{KIT}/stray.pdf: not in the manifest",
    ]
    assert size == _listed(out, "sheets")


def _listed(out: Path, kind: str) -> int:
    files = json.loads((out / MANIFEST).read_text())["files"]
    return int(files[f"{KIT}/pass-and-pick_3p_a4_{kind}.pdf"]["bytes"])


def test_verify_without_a_manifest_is_a_user_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "empty").mkdir()
    status, lines, _ = run(["verify", str(tmp_path / "empty")], capsys, tmp_path)
    assert (status, lines) == (
        2,
        ["empty/manifest.json: no manifest here: build into this folder first"],
    )


def test_verify_ignores_staging_left_by_a_killed_build(
    out: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    stale = out / ".building-dead" / KIT
    stale.mkdir(parents=True)
    (stale / "pass-and-pick_3p_a4_cards.pdf").write_bytes(b"%PDF-1.7 half")
    assert run(["verify", str(out)], capsys, tmp_path)[:2] == (0, [])


def test_verify_checks_svg_pages_too(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = copy_project(tmp_path / "project")
    out = tmp_path / "out"
    args = build_args(root, out, "--paper", "a4", "--players", "3", "--format", "pdf,svg")
    assert run(args, capsys, tmp_path)[0] == 0
    assert run(["verify", str(out)], capsys, tmp_path)[:2] == (0, [])
    svg = sorted((out / KIT).glob("*.svg"))[0]
    svg.rename(svg.with_name("renamed.svg"))
    status, lines, _ = run(["verify", str(out)], capsys, tmp_path)
    assert status == 2
    assert lines == [
        f"out/{KIT}/{svg.name}: missing",
        f"out/{KIT}/renamed.svg: not in the manifest",
    ]
