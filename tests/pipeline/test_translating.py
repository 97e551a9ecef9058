"""The translator's round trip: a game's texts extracted into a .pot, one translated in a
.po a label set names (`catalogue:`), and the translation on the planned page; the fuzzy,
context and update rules of the catalogue, each text's references, its games and the room
a card gives it, on two tiny games written here (and one text of the shipped games)."""

from __future__ import annotations

import io
import os
import shutil
import unicodedata
from math import prod
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from shapes_print.kit.decktemplate import card_template
from shapes_print.load.cardmodels import card_box
from shapes_print.load.defaults import DEFAULT_CONTENT, DEFAULT_TEMPLATES
from shapes_print.pipeline import pipeline, translating
from shapes_print.pipeline.project import Sources, load_project
from shapes_print.units import mm
from tests.planned import page_words
from tests.project_copy import run
from tests.tinygame import DECK, game, sheets

GAME = game(["sheets.yaml"])
SHEETS = sheets("heading: Turn", 'text: "Play a card for {players} players."', "heading: Turn")
# A second game, printing "Turn" too, on its sheets' line 6.
OTHER = game(["sheets.yaml"]).replace("id: tiny", "id: other").replace("Tiny", "Other")
OTHER_SHEETS = SHEETS.split("      - text")[0]
# Its card has a name, which only Tabletop Simulator's decks print.
OTHER_DECK = DECK.replace("{id: sun,", "{id: sun, name: suns,")
TEXT = "Play a card for {players} players."
OURS = "Jouez une carte pour {players} joueurs."


@pytest.fixture(scope="module")
def project_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("translating")
    for folder, files in (
        ("tiny", (("game.yaml", GAME), ("deck.yaml", DECK), ("sheets.yaml", SHEETS))),
        ("other", (("game.yaml", OTHER), ("deck.yaml", OTHER_DECK), ("sheets.yaml", OTHER_SHEETS))),
    ):
        game = root / "content" / folder
        game.mkdir(parents=True)
        for name, text in files:
            (game / name).write_text(text, encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def template(project_root: Path) -> Catalog:
    return translating.extract(Sources(project_root / "content", DEFAULT_TEMPLATES), project_root)


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
        # With the template's comments, as `labels update` writes them: one says a text
        # only another shipped set prints (large print's short rules).
        found = template.get(english)
        notes = found.auto_comments if found is not None else []
        catalogue.add(english, text, context=context, auto_comments=notes)
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


def test_a_papers_name_is_told_as_english_prints_it(template: Catalog) -> None:
    """`a4` is the paper's name as a kit's files write it, not English: its translator is
    told that English prints "A4", or she writes "a4" into every heading that names it."""
    entry = template.get("a4")
    assert entry is not None
    assert entry.auto_comments[0] == (
        "a name, which English prints as “A4”: write it as your language prints it"
    )
    plain = template.get(TEXT)
    assert plain is not None and not any("English prints" in c for c in plain.auto_comments)


def test_a_text_printed_from_several_places_names_each_in_order(template: Catalog) -> None:
    turn = template["Turn"]
    assert turn is not None
    assert turn.locations == [
        ("content/other/sheets.yaml", 6),
        ("content/tiny/sheets.yaml", 6),
        ("content/tiny/sheets.yaml", 8),
    ]
    assert "in the kits of 2 games: other, tiny" in turn.auto_comments
    alone = template[TEXT]
    assert alone is not None and not any("games" in note for note in alone.auto_comments)


def test_the_template_is_the_same_bytes_from_the_same_sources(
    project_root: Path, template: Catalog
) -> None:
    again = translating.extract(Sources(project_root / "content", DEFAULT_TEMPLATES), project_root)
    assert translating.catalogue_bytes(again) == translating.catalogue_bytes(template)


def test_a_cards_name_is_listed_at_its_deck_entrys_line(template: Catalog) -> None:
    """Tabletop Simulator's decks name each card by its `name`, a text no other file
    prints: the template lists it at its deck entry's line, in its game's kits."""
    line = next(n for n, text in enumerate(OTHER_DECK.splitlines(), 1) if "name: suns" in text)
    message = template["suns"]
    assert message is not None and message.locations == [("content/other/deck.yaml", line)]


def test_check_counts_as_printed_every_text_extract_lists(
    project_root: Path, template: Catalog, tmp_path: Path
) -> None:
    """extract and check hear the same texts: a set with words for each text the template
    lists has none that nothing prints, the sheets' ruler label (said once, as the set is
    loaded, before any kit is planned) among them."""
    ruler = "50 mm: check with a ruler"
    assert template[ruler] is not None
    words = {(str(message.id), None): str(message.id) for message in template if message.id}
    labels = _label_set(tmp_path / "labels", _translated(template, words))
    pipeline.check(Sources(project_root / "content", DEFAULT_TEMPLATES), [], [str(labels)])


def test_a_card_text_is_told_its_room_on_the_smallest_card(
    project_root: Path, template: Catalog
) -> None:
    project = load_project(Sources(project_root / "content", DEFAULT_TEMPLATES), ["tiny"])
    variant = project.variants[0]
    loaded, library = variant.games["tiny"], variant.library
    smallest = min(library.card_sizes, key=lambda name: prod(library.card_sizes[name]))
    card = card_template(loaded, library, smallest)
    # SUN is the `{label}` of the shape layout's texts: the narrowest box is its room.
    texts = [e for e in card.layouts["shape"].elements if e.kind == "text" and e.text == "{label}"]
    element = min(texts, key=lambda e: card_box(e, card)[2])
    _, _, width, height = card_box(element, card)
    least = element.min_size or element.size or variant.ctx.style.body_size
    leading = least * variant.ctx.style.line_spacing
    lines = 1
    while element.wrap and least + lines * leading <= height:
        lines += 1
    held = "1 line" if lines == 1 else f"{lines} lines"
    sun = template["SUN"]
    assert sun is not None
    assert sun.auto_comments[0] == (
        f"room: {round(width / mm(1), 1):g} mm wide, {held} at {least:g} pt ({smallest} cards)"
    )
    heading = template["Turn"]
    assert heading is not None and not any(n.startswith("room:") for n in heading.auto_comments)


def test_a_card_text_too_wide_for_the_smallest_card_is_extracted_all_the_same(
    tmp_path: Path,
) -> None:
    """A word that fits the game's own poker card but not a mini card's box is a build's
    mistake at that size, not extract's: the text is there with the room it lacks."""
    game_folder = tmp_path / "content" / "tiny"
    game_folder.mkdir(parents=True)
    (game_folder / "game.yaml").write_text(game([]), encoding="utf-8")
    wide = DECK.replace("label: SUN", "label: SUNFLOWERSEEDS")
    (game_folder / "deck.yaml").write_text(wide, encoding="utf-8")
    message = translating.extract(Sources(tmp_path / "content", DEFAULT_TEMPLATES), tmp_path)[
        "SUNFLOWERSEEDS"
    ]
    assert message is not None and message.locations == [("content/tiny/deck.yaml", 8)]
    assert message.auto_comments[0].startswith("room: ")
    assert message.auto_comments[0].endswith(" (mini cards)")


def test_update_keeps_a_games_own_entry_while_that_game_prints_its_text(
    project_root: Path, template: Catalog, tmp_path: Path
) -> None:
    words = {("Turn", None): "Tour", ("Turn", "tiny"): "Au tour", (TEXT, "other"): OURS}
    labels = _label_set(tmp_path / "labels", _translated(template, words))
    sources = Sources(project_root / "content", DEFAULT_TEMPLATES)
    merged = read_po(
        io.BytesIO(translating.update(sources, [str(labels)], tmp_path)[0].read_bytes())
    )
    own = merged.get("Turn", context="tiny")
    assert own is not None and own.string == "Au tour" and not own.fuzzy
    sheets = Path(os.path.relpath(project_root / "content/tiny/sheets.yaml", labels.parent))
    assert own.locations == [(sheets.as_posix(), 6), (sheets.as_posix(), 8)]
    shared = merged.get("Turn")
    assert shared is not None and shared.string == "Tour" and len(shared.locations) == 3
    assert merged.get(TEXT, context="other") is None  # the other game prints no such text
    assert (TEXT, "other") in merged.obsolete


def test_update_gives_a_set_covering_some_games_only_the_texts_they_print(
    project_root: Path, tmp_path: Path
) -> None:
    """A text only the game a set does not cover prints is left out of its catalogue, as
    `check` of the set would refuse it as printed nowhere; a text both games print stays."""
    sources = Sources(project_root / "content", DEFAULT_TEMPLATES)
    for covers, only_tiny_prints in (("", True), ("covers: [other]\n", False)):
        folder = tmp_path / ("covering" if covers else "whole")
        labels = _label_set(folder, 'msgid ""\nmsgstr ""\n', covers)
        written = translating.update(sources, [str(labels)], folder)[0]
        merged = read_po(io.BytesIO(written.read_bytes()))
        assert merged.get("Turn") is not None
        assert (merged.get(TEXT) is not None) == only_tiny_prints, covers


def test_a_text_several_shipped_games_print_names_each_games_line() -> None:
    title = "table sheets for {players, plural, one {# player} other {# players}}"
    message = translating.extract(Sources(), DEFAULT_CONTENT.parent)[title]
    assert message is not None
    written = [
        (f"content/{sheets.parent.name}/sheets.yaml", number)
        for sheets in sorted(DEFAULT_CONTENT.glob("*/sheets.yaml"))
        for number, line in enumerate(sheets.read_text(encoding="utf-8").splitlines(), 1)
        if line == f'title: "{title}"'
    ]
    assert len(written) > 1 and message.locations == written
    games = ", ".join(path.split("/")[1] for path, _ in written)
    assert f"in the kits of {len(written)} games: {games}" in message.auto_comments


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
    # Its words go in its catalogue, not in a game's own file the set does not use.
    assert (
        lines[-1]
        == f"hint: translate them in {tmp_path / 'mine.po'} (labels update brings in new texts)"
    )


def test_update_makes_changed_english_fuzzy_and_removed_english_obsolete(
    project_root: Path, template: Catalog, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old = _translated(template, {("Play a card for {players} player.", None): OURS}, TEXT)
    old += '\nmsgid "A text no game prints any more"\nmsgstr "Parti"\n'
    labels = _label_set(tmp_path / "labels", old)
    out = tmp_path / "out"
    out.mkdir()
    sources = Sources(project_root / "content", DEFAULT_TEMPLATES)
    written = translating.update(sources, [str(labels)], out)[0]
    assert written == out / "mine.po"
    merged = read_po(io.BytesIO(written.read_bytes()))
    changed = merged[TEXT]
    assert changed is not None and changed.fuzzy and changed.string == OURS
    assert "A text no game prints any more" in merged.obsolete
    assert (tmp_path / "labels" / "mine.po").read_text(encoding="utf-8") == old
    assert translating.update(sources, [str(labels)]) == [labels.parent / "mine.po"]
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


def test_a_text_typed_with_decomposed_accents_is_one_msgid_composed(tmp_path: Path) -> None:
    """A sheet's é typed as e and U+0301 is extracted composed (NFC), so a catalogue's
    entry typed either way keeps its translation through an update and counts as one."""
    decomposed = "Cafe\u0301 for {players} players."
    precomposed = unicodedata.normalize("NFC", decomposed)
    folder = tmp_path / "content" / "tiny"
    folder.mkdir(parents=True)
    for name, text in (
        ("game.yaml", GAME),
        ("deck.yaml", DECK),
        ("sheets.yaml", SHEETS.replace(TEXT, decomposed)),
    ):
        (folder / name).write_text(text, encoding="utf-8")
    sources = Sources(tmp_path / "content", DEFAULT_TEMPLATES)
    template = translating.extract(sources, tmp_path)
    ids = {message.id for message in template}
    assert precomposed in ids and decomposed not in ids
    ours = "Café pour {players} joueurs."
    labels = _label_set(tmp_path / "labels", _translated(template, {(precomposed, None): ours}))
    merged = read_po(
        io.BytesIO(translating.update(sources, [str(labels)], tmp_path)[0].read_bytes())
    )
    kept = merged[precomposed]
    assert kept is not None and kept.string == ours and not kept.fuzzy
    (found,) = translating.coverage(sources, [str(labels)])
    untranslated = _label_set(tmp_path / "untranslated", _translated(template, {}))
    (before,) = translating.coverage(sources, [str(untranslated)])
    assert (found.translated, found.fuzzy) == (before.translated + 1, 0)


def test_each_reference_is_a_path_from_the_catalogues_folder(
    project_root: Path, tmp_path: Path
) -> None:
    """A catalogue written anywhere, its content read from a folder of any name, names each
    file by a path from the catalogue's own folder, which a translator's tool opens: not
    by its folder's part (`content/tiny/...`, no such path from a catalogue elsewhere).
    `update --out` writes the references the catalogue has where it lies."""
    content = tmp_path / "my-translation"
    shutil.copytree(project_root / "content", content)
    sources = Sources(content, DEFAULT_TEMPLATES)
    out = translating.write_template(sources, content / "tiny.pot")
    labels = _label_set(tmp_path / "sets" / "fr", 'msgid ""\nmsgstr ""\n')
    merged = translating.update(sources, [str(labels)], tmp_path)[0]
    for catalogue, folder in ((out, content), (merged, labels.parent)):
        read = read_po(io.BytesIO(catalogue.read_bytes()))
        places = {path for message in read for path, _ in message.locations}
        assert places and all((folder / path).is_file() for path in places), places
    turn = read_po(io.BytesIO(out.read_bytes()))["Turn"]
    assert turn is not None and ("tiny/sheets.yaml", 6) in turn.locations
