"""The translator's round trip: a game's texts extracted into a .pot, one translated in a
.po a label set names (`catalogue:`), and the translation on the planned page; the fuzzy,
context and update rules of the catalogue, on a tiny game written here."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from shapes_print.load.defaults import DEFAULT_TEMPLATES
from shapes_print.pipeline import pipeline, translating
from shapes_print.pipeline.project import Sources, load_project
from tests.planned import page_words
from tests.project_copy import run
from tests.tinygame import DECK, game

GAME = game(["sheets.yaml"])
SHEETS = """\
name: sheets
title: sheets
audience: players
sections:
  - blocks:
      - heading: Turn
      - text: "Play a card for {players} players."
"""
TEXT = "Play a card for {players} players."
OURS = "Jouez une carte pour {players} joueurs."


@pytest.fixture(scope="module")
def project_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("translating")
    game = root / "content" / "tiny"
    game.mkdir(parents=True)
    for name, text in (("game.yaml", GAME), ("deck.yaml", DECK), ("sheets.yaml", SHEETS)):
        (game / name).write_text(text, encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def template(project_root: Path) -> Catalog:
    return translating.extract(Sources(project_root / "content", DEFAULT_TEMPLATES))


def _label_set(folder: Path, po: str, yaml_extra: str = "") -> Path:
    """A label set `mine` beside its catalogue `mine.po`."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "mine.po").write_text(po, encoding="utf-8")
    path = folder / "mine.yaml"
    path.write_text(f"extends: standard\ncatalogue: mine.po\n{yaml_extra}", encoding="utf-8")
    return path


def _translated(
    template: Catalog, words: dict[tuple[str, str | None], str], without: str = ""
) -> str:
    """The template as a .po (but the text `without`) with `words` (by English and
    context) translated."""
    catalogue = Catalog(locale="en", fuzzy=False)
    for message in template:
        if message.id and message.id != without and (message.id, None) not in words:
            catalogue.add(message.id, "", locations=message.locations)
    for (english, context), text in words.items():
        catalogue.add(english, text, context=context)
    return translating.catalogue_bytes(catalogue).decode("utf-8")


def test_extract_names_each_text_at_its_line_with_its_placeholders(template: Catalog) -> None:
    message = template[TEXT]
    assert message is not None
    assert message.locations == [("content/tiny/sheets.yaml", 7)]
    assert message.auto_comments == [
        "{players} is filled in when printed, such as “2”: keep it as written"
    ]
    assert template["Turn"] is not None and template["Tiny"] is not None
    assert "python-brace-format" not in translating.catalogue_bytes(template).decode()


def _sheet_words(root: Path, labels: Path) -> str:
    project = load_project(Sources(root / "content", DEFAULT_TEMPLATES), ["tiny"], [str(labels)])
    ((_, _, files),) = pipeline.plan_all(project, "2", "a4")
    (sheets,) = [file for file in files if file.name.endswith("sheets")]
    document = sheets.document
    return " ".join(page_words(page, document.symbols) for page in document.pages)


def test_a_translated_entry_is_on_the_planned_page(
    project_root: Path, template: Catalog, tmp_path: Path
) -> None:
    po = _translated(template, {(TEXT, None): OURS})
    words = _sheet_words(project_root, _label_set(tmp_path, po))
    assert "Jouez une carte pour 2 joueurs." in words
    assert "Play a card" not in words


def test_a_context_is_a_game_and_a_fuzzy_entry_gives_no_words(
    project_root: Path, template: Catalog, tmp_path: Path
) -> None:
    po = _translated(template, {(TEXT, "tiny"): OURS, ("Turn", "another-game"): "Tour"})
    po = po.replace('msgid "Turn"\nmsgstr ""', '#, fuzzy\nmsgid "Turn"\nmsgstr "Tour!"')
    words = _sheet_words(project_root, _label_set(tmp_path, po))
    assert "Jouez une carte pour 2 joueurs." in words
    assert "Turn" in words and "Tour" not in words


def test_a_complete_set_names_the_fuzzy_text_at_its_content_line(
    project_root: Path, template: Catalog, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    every = {(str(m.id), None): str(m.id) for m in template if m.id}
    po = _translated(template, {**every, (TEXT, None): OURS})
    po = po.replace(f'msgid "{TEXT}"', f'#, fuzzy\nmsgid "{TEXT}"')
    labels = _label_set(tmp_path, po, "complete: true\n")
    content = project_root / "content"
    status, lines, _ = run(
        ["check", "tiny", "--content", str(content), "--labels", str(labels), "--strict"],
        capsys,
        project_root,
    )
    assert status == 2
    assert lines[0].startswith("content/tiny/sheets.yaml:7:")
    assert f"has no text for {TEXT!r}" in lines[0]


def test_update_makes_changed_english_fuzzy_and_removed_english_obsolete(
    project_root: Path, template: Catalog, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old = _translated(template, {("Play a card for {players} player.", None): OURS}, TEXT)
    old += '\nmsgid "A text no game prints any more"\nmsgstr "Parti"\n'
    labels = _label_set(tmp_path / "labels", old)
    out = tmp_path / "out"
    out.mkdir()
    sources = Sources(project_root / "content", DEFAULT_TEMPLATES)
    written = translating.update(sources, str(labels), out)
    assert written == out / "mine.po"
    merged = read_po(io.BytesIO(written.read_bytes()))
    changed = merged[TEXT]
    assert changed is not None and changed.fuzzy and changed.string == OURS
    assert "A text no game prints any more" in merged.obsolete
    assert (tmp_path / "labels" / "mine.po").read_text(encoding="utf-8") == old
    assert translating.update(sources, str(labels)) == labels.parent / "mine.po"
    (found,) = translating.coverage(sources, [str(labels)])
    assert found.fuzzy == 1
    assert found.translated + found.fuzzy + found.missing == len([m for m in template if m.id])
    content = str(project_root / "content")
    status, _, printed = run(
        ["labels", "check", str(labels), "--content", content], capsys, tmp_path
    )
    assert status == 0
    assert printed == (
        f"mine (en): {found.translated} translated, 1 fuzzy, {found.missing} missing\n"
    )
