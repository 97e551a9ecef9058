"""`shapes-print labels new`: a starter label set whose examples change nothing until edited."""

from __future__ import annotations

from pathlib import Path

import yaml

from shapes_print.commands.cli import main
from shapes_print.load import defaults
from tests.command_lines import one_kit

RULER_LABEL = "50 mm: check with a ruler"  # where each page's print furniture begins


def uncommented(starter: str) -> str:
    """The starter with its common changes taken out of their comments, as a user does."""
    lines = starter.split("# Common changes", 1)[1].splitlines()[1:]
    return starter + "".join(line.removeprefix("# ") + "\n" for line in lines)


def test_labels_new_writes_a_short_starter_whose_examples_change_nothing_until_edited(
    tmp_path: Path,
) -> None:
    (tmp_path / "english.yaml").write_text("extends: standard\n")
    args = ["labels", "new", "copy", "--from", str(tmp_path / "english.yaml")]
    assert main([*args, "--out", str(tmp_path)]) == 0
    starter = (tmp_path / "copy.yaml").read_text()
    assert len(starter.splitlines()) < 30  # every top-level key a line, the examples a few
    first, _, third = starter.splitlines()[:3]
    schema = first.removeprefix("# yaml-language-server: $schema=")
    assert not Path(schema).is_absolute()
    assert (tmp_path / schema).resolve() == defaults.PROJECT / "schemas/labels.schema.json"
    reference = third.split(": ", 1)[1].removesuffix(" (Label set).")
    assert (tmp_path / reference).resolve() == defaults.PROJECT / "docs/reference.md"
    data = yaml.safe_load(starter)
    assert data == {
        "extends": "english",
        "description": "copy: english, changed",
        "locale": "en",
    }
    # Every example, uncommented, is a valid change at the value printed now.
    edited = tmp_path / "edited.yaml"
    edited.write_text(uncommented(starter))
    changes = yaml.safe_load(edited.read_text())
    assert set(changes) == {"extends", "description", "locale", "text", "style", "cards", "games"}
    assert changes["style"] == {"body_size": "11.5pt"}  # the value printed now
    assert changes["cards"]["elements"]["label"]["size"] == "22pt"
    out = tmp_path / "out"
    assert main(one_kit("pass-and-pick", out, "--quiet")) == 0
    assert main(one_kit("pass-and-pick", out, "--quiet", "--labels", str(edited))) == 0
    for kind in ("cards", "sheets", "host-key"):
        plain = out / f"pass-and-pick/a4/4-players/pass-and-pick_4p_a4_{kind}.pdf"
        copied = out / f"pass-and-pick/edited/a4/4-players/pass-and-pick_4p_a4_edited_{kind}.pdf"
        assert plain.read_bytes() == copied.read_bytes()


def test_labels_new_from_a_translation_shows_its_words_and_language(tmp_path: Path) -> None:
    assert main(["labels", "new", "es2", "--from", "es", "--out", str(tmp_path)]) == 0
    starter = (tmp_path / "es2.yaml").read_text()
    assert yaml.safe_load(starter)["locale"] == "es"
    assert yaml.safe_load(starter)["extends"] == "es"
    assert '#   "Collect 3": "Reúne 3"\n' in starter
