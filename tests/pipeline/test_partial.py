"""Proof sheets and partial builds: `build --proof` prints one of each card face and back,
each labelled with its id and the file:line that writes it, on plain one-sided paper;
`--deck` and `--cards` build only those, each beside the kit's folder (never over it),
marked partial in the manifest and the catalogue, and never taken for the whole kit (nor
it for them).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from shapes_print.commands.cli import main
from shapes_print.write.manifest import MANIFEST
from tests.command_lines import one_kit
from tests.pdfread import page_lines, placements
from tests.pictureexample import GAME as PICTURES
from tests.pictureexample import example

KIT = "collect-3/a4/4-players"
MM = 72 / 25.4


def manifest(out: Path) -> dict[str, dict[str, object]]:
    return json.loads((out / MANIFEST).read_text(encoding="utf-8"))["files"]


def build(out: Path, *extra: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main([*one_kit("collect-3", out), "--json", *extra])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_the_proof_holds_each_face_and_back_once_labelled_on_plain_paper(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = build(tmp_path, "--proof", capsys=capsys)
    assert status == 0, err
    folder = tmp_path / f"{KIT}-proof"
    assert [p.name for p in folder.iterdir()] == ["collect-3_4p_a4_proof.pdf"]
    reader = PdfReader(folder / "collect-3_4p_a4_proof.pdf")
    placed = [p.name for page in reader.pages for p in placements(page, reader)]
    # Collect 3: 28 kinds of card (24 number cards, Action cards, the Crown), 20 task cards.
    faces = [name for name in placed if name.startswith("face-")]
    backs = [name for name in placed if name.startswith("back-")]
    assert len(faces) == len(set(faces)) == 28 + 20
    assert backs == ["back-number", "back-action", "back-crown", "back-task"]
    for page in reader.pages:  # A4 as it is: no bleed box, no trim box, no duplex
        assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(
            (210 * MM, 297 * MM)
        )
        assert "/TrimBox" not in page and "/BleedBox" not in page
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/Simplex"
    lines = [line for page in page_lines(folder / "collect-3_4p_a4_proof.pdf") for line in page]
    deck = (Path("content/collect-3/deck.yaml")).read_text(encoding="utf-8").splitlines()
    number_entry = next(
        i for i, line in enumerate(deck, 1) if "for_each: [colors, numbers]" in line
    )
    assert f"red-2 deck.yaml:{number_entry}" in lines
    assert "back crown deck.yaml:22" in lines and deck[21].strip() == "crown:"
    assert "task-20 task-cards.yaml:10" in lines
    entry = manifest(tmp_path)[f"{KIT}-proof/collect-3_4p_a4_proof.pdf"]
    assert entry["partial"] == "proof sheet"


def test_a_proof_names_each_cards_spreadsheet_row(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = example(tmp_path)
    args = ["build", "pictures", "--players", "2", "--paper", "a4", "--proof", "-q"]
    where = ["--content", str(root / "content"), "--templates", str(root / "templates")]
    assert main([*args, *where, "--out", str(tmp_path / "out")]) == 0, capsys.readouterr().err
    (proof,) = (tmp_path / "out").rglob("*_proof.pdf")
    lines = [line for page in page_lines(proof) for line in page]
    rows = (root / PICTURES / "cards.csv").read_text(encoding="utf-8").splitlines()
    for number, row in enumerate(rows[1:], start=2):
        assert f"{row.split(',')[0]} cards.csv:{number}" in lines
    assert "back standard deck.yaml:5" in lines


def test_a_partial_build_holds_only_what_was_named_and_the_whole_kit_sits_beside_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = build(tmp_path, "--cards", "red-1,wild", capsys=capsys)
    assert status == 0, err
    folder = tmp_path / f"{KIT}-part"
    assert [p.name for p in folder.iterdir()] == ["collect-3_4p_a4_cards.pdf"]
    reader = PdfReader(folder / "collect-3_4p_a4_cards.pdf")
    placed = [p.name for page in reader.pages for p in placements(page, reader)]
    assert sorted(name for name in placed if name.startswith("face-")) == [
        *["face-red-1"] * 3,
        *["face-wild"] * 4,
    ]
    entries = manifest(tmp_path)
    assert {entry["partial"] for entry in entries.values()} == {"cards red-1, wild"}
    catalogue = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert "partial build: cards red-1, wild" in catalogue
    # The whole kit is not taken for a part of it, and goes beside it...
    status, out, _ = build(tmp_path, capsys=capsys)
    assert {kit["status"] for kit in json.loads(out)["kits"]} == {"built"}
    whole_kit = ("cards", "task-cards", "sheets", "host-key", "player-aid", "printing-guide")
    names = {p.name for p in (tmp_path / KIT).iterdir()}
    assert names == {f"collect-3_4p_a4_{part}.pdf" for part in (*whole_kit, "print-and-play")}
    assert [p.name for p in folder.iterdir()] == ["collect-3_4p_a4_cards.pdf"]
    entries = manifest(tmp_path)
    assert not any("partial" in entry for name, entry in entries.items() if "-part/" not in name)
    catalogue = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert catalogue.count("partial build") == 1
    # ... nor a part for the whole kit; one part takes the place of the part before.
    status, out, _ = build(tmp_path, "--deck", "task-cards", capsys=capsys)
    assert {kit["status"] for kit in json.loads(out)["kits"]} == {"built"}
    assert [p.name for p in folder.iterdir()] == ["collect-3_4p_a4_task-cards.pdf"]
    parts = {e.get("partial") for e in manifest(tmp_path).values()}
    assert parts == {None, "decks task-cards"}
    assert {p.name for p in (tmp_path / KIT).iterdir()} == names


def test_a_partial_build_says_it_is_up_to_date_when_it_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert build(tmp_path, "--deck", "task-cards", capsys=capsys)[0] == 0
    _, out, _ = build(tmp_path, "--deck", "task-cards", capsys=capsys)
    assert {kit["status"] for kit in json.loads(out)["kits"]} == {"up-to-date"}


@pytest.mark.parametrize(
    ("extra", "said"),
    [
        (
            ("--deck", "task"),
            "--deck: collect-3 has no deck 'task' (its decks: cards, task-cards)",
        ),
        (
            ("--cards", "red-9"),
            "--cards: collect-3 has no card 'red-9'; did you mean 'red-6'? (its cards: "
            "red-1, red-2, red-3, red-4, red-5, red-6, blue-1, blue-2, ...)",
        ),
        (
            ("--deck", "task-cards", "--cards", "red-1"),
            "--cards: collect-3's task-cards deck has no card 'red-1' (its cards: task-1, "
            "task-2, task-3, task-4, task-5, task-6, task-7, task-8, ...)",
        ),
        ((("--cards", " ,")), "--cards: name at least one, e.g. --cards NAME,NAME"),
    ],
)
def test_an_unknown_deck_or_card_is_one_line_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: tuple[str, ...], said: str
) -> None:
    status, _, err = build(tmp_path / "out", *extra, capsys=capsys)
    assert (status, err.splitlines()) == (2, [said])
    assert not (tmp_path / "out").exists()
