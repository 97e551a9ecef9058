"""`preview --watch` follows the files the kit read, and only those: the game's, its
templates', the pictures, spreadsheet and SVG files a deck names, a label file that appears;
a file that comes, goes or is saved over in place counts by its bytes.

Each test edits files the way editors save them (in place, by renaming a new file over the
old one, by deleting and writing it again) and reads the watcher's lines in order: a
rebuild that should not happen would print its line before the one the test waits for.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from PIL import Image

from shapes_print.commands.cli import main
from tests.pictureexample import BLUE, draw_sun, example
from tests.project_copy import copy_project
from tests.watching import (
    APART,
    SUN,
    TINY,
    TINY_KIT,
    Start,
    circle_pixel,
    pixel,
    save_by_deleting,
    save_by_rename,
    tiny,
)


def test_watch_rebuilds_for_the_files_the_kit_read_and_no_others(
    tmp_path: Path, start: Start
) -> None:
    watcher = start(copy_project(tmp_path / "project", tiny()), TINY)
    root, first_page = watcher.root, watcher.out / TINY_KIT / "tiny_2p_a4_cards_p01.png"
    deck = root / "content/tiny/deck.yaml"
    orange, red = 'colour: "#E69F00"', 'colour: "#D55E00"'

    # Not read by this kit: another game's deck, a README, an editor's swap file, a
    # template folder file that is not a card template; and a save of the same bytes.
    other = root / "content/collect-3/deck.yaml"
    other.write_text(other.read_text() + "# edited\n")
    (root / "content/tiny/README.md").write_text("# notes\n")
    (root / "content/tiny/.deck.yaml.swp").write_bytes(b"\0swap")
    (root / "templates/cards/notes.txt").write_text("ideas\n")
    deck.write_text(deck.read_text())
    time.sleep(APART)

    # Read by it, saved as editors save: renamed over, then deleted and written again.
    save_by_rename(deck, deck.read_text().replace(orange, red))
    line = watcher.next_line()
    assert line.startswith("rebuilt (deck.yaml changed) in "), watcher.said
    assert circle_pixel(first_page) == (0xD5, 0x5E, 0x00)

    save_by_deleting(deck, deck.read_text().replace(red, orange))
    line = watcher.next_line()  # the watcher rebuilt while the file was gone
    assert line.startswith(f"error: {deck.parent / 'game.yaml'}:7:1: file 'deck.yaml' not found")
    assert watcher.next_line().startswith("rebuilt (deck.yaml changed) in "), watcher.said
    assert circle_pixel(first_page) == SUN

    # A template the kit reads, though its game uses another, counts.
    template = root / "templates/cards/collect-3.yaml"
    template.write_text(template.read_text() + "# edited\n")
    assert watcher.next_line().startswith("rebuilt (collect-3.yaml changed) in ")
    watcher.stop()


def test_watch_follows_the_pictures_and_the_spreadsheet_a_deck_names(
    tmp_path: Path, start: Start
) -> None:
    root = example(tmp_path / "project")
    game = root / "content/pictures"
    out = tmp_path / "out"
    kit = out / "pictures/a4/4-players/preview"
    first = kit / "pictures_4p_a4_cards_p01.png"
    sun = (0.2, 0.16)  # the blue square at the middle of the first card's sun
    watcher = start(root, "pictures")
    assert pixel(first, *sun) == BLUE
    warned = [line for line in watcher.said if "art/moon.jpg prints at" in line]  # 120 x 80
    assert warned and len(set(warned)) == len(warned), watcher.said

    # A picture read while planning: redrawn, the cards show it. The moon is as it was,
    # and the rebuild says so again, as a build would: a warning is each build's.
    draw_sun(tmp_path / "sun.png")
    green = Image.open(tmp_path / "sun.png").convert("RGBA")
    green.paste((0, 158, 115, 255), (300, 300, 500, 500))
    green.save(tmp_path / "green.png")
    before = len(watcher.said)
    save_by_rename(game / "art/sun.png", (tmp_path / "green.png").read_bytes())
    assert watcher.next_line().startswith("rebuilt (sun.png changed) in "), watcher.said
    assert [line for line in watcher.said[before:] if line in warned] == warned, watcher.said
    assert pixel(first, *sun) == (0, 158, 115)

    # A picture nobody names, beside the ones the deck does: nothing to rebuild.
    draw_sun(game / "art/unused.png")
    time.sleep(APART)

    # The spreadsheet names a picture in a folder that is not there yet: one error line,
    # then the folder and the picture appear, and the kit is built with it.
    cards = game / "cards.csv"
    cards.write_text(cards.read_text().replace("art/sun.png", "new/star.png"))
    line = watcher.next_line()
    assert line.startswith(f"error: {cards}:2:"), watcher.said
    assert "file 'new/star.png' not found" in line, line
    (game / "new").mkdir()
    time.sleep(APART)
    draw_sun(game / "new/star.png")
    line = watcher.next_line()
    while line.startswith("error: "):  # the folder came first: still no picture in it
        line = watcher.next_line()
    assert line.startswith("rebuilt ("), watcher.said
    assert pixel(first, *sun) == BLUE

    # Now read, the new picture is watched; the old one, no longer named, is not.
    save_by_rename(game / "art/sun.png", (tmp_path / "sun.png").read_bytes())
    time.sleep(APART)
    save_by_rename(game / "new/star.png", (tmp_path / "green.png").read_bytes())
    assert watcher.next_line().startswith("rebuilt (star.png changed) in "), watcher.said
    assert pixel(first, *sun) == (0, 158, 115)
    watcher.stop()


def test_watch_follows_an_svg_file_a_shape_is_drawn_from(tmp_path: Path, start: Start) -> None:
    whole = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">{}</svg>'
    art = tmp_path / "project/templates/art/circle.svg"
    root = copy_project(
        tmp_path / "project",
        tiny(
            ("templates/shapes.yaml", "circle: {cx: 0.5, cy: 0.5, r: 0.5}", "svg: art/circle.svg"),
            ("templates/art/circle.svg", None, whole.format('<path d="M0 0H10V10H0Z"/>')),
        ),
    )
    watcher = start(root, TINY)
    first = watcher.out / TINY_KIT / "tiny_2p_a4_cards_p01.png"
    assert circle_pixel(first) == SUN

    save_by_rename(art, whole.format('<path d="M0 0H1V1H0Z"/><path d="M9 9H10V10H9Z"/>'))
    assert watcher.next_line().startswith("rebuilt (circle.svg changed) in "), watcher.said
    assert circle_pixel(first) != SUN
    watcher.stop()


def test_watch_rebuilds_when_a_file_appears_in_the_games_labels_folder(
    tmp_path: Path, start: Start
) -> None:
    watcher = start(copy_project(tmp_path / "project", tiny()), TINY)
    labels = watcher.root / "content/tiny/labels"

    labels.mkdir()  # the folder alone changes nothing that is loaded
    (labels / "notes.txt").write_text("not a label file\n")  # nor does a file that is not YAML
    time.sleep(APART)
    (labels / "standard.yaml").write_text('description: "Our table\'s words"\n')
    # The new folder starts a new watcher: on a busy machine the file may come before it is
    # up, and the watcher then finds it changed meanwhile; a rebuild either way.
    rebuilt = ("rebuilt (standard.yaml changed) in ", "rebuilt (a file changed meanwhile) in ")
    assert watcher.next_line().startswith(rebuilt), watcher.said

    (labels / "standard.yaml").write_text("description: [unclosed\n")
    line = watcher.next_line()
    assert line.startswith(f"error: {labels / 'standard.yaml'}:2:1: "), line

    (labels / "standard.yaml").unlink()
    assert watcher.next_line().startswith("rebuilt (a file changed) in "), watcher.said
    watcher.stop()


def test_watch_sees_a_picture_replaced_by_one_of_the_same_size_and_time(
    tmp_path: Path, start: Start
) -> None:
    """What decides is the bytes: a picture written over in place with another of the same
    byte size, its modification time set back, is read again and shown (issue 32)."""
    root = example(tmp_path / "project")
    art = root / "content/pictures/art/sun.png"
    first = tmp_path / "out/pictures/a4/4-players/preview/pictures_4p_a4_cards_p01.png"
    sun = (0.2, 0.16)  # the blue square at the middle of the first card's sun
    draw_sun(tmp_path / "drawn.png")
    with Image.open(tmp_path / "drawn.png") as drawn:
        blue, green = drawn.convert("RGBA"), drawn.convert("RGBA")
    green.paste((0, 158, 115, 255), (300, 300, 500, 500))
    blue.save(art, compress_level=0)  # stored, not compressed: the size is the pixels'
    green.save(tmp_path / "green.png", compress_level=0)
    watcher = start(root, "pictures")
    assert pixel(first, *sun) == BLUE
    before = art.stat()
    replacement = (tmp_path / "green.png").read_bytes()
    assert len(replacement) == before.st_size
    with art.open("r+b") as handle:  # in place: same file, same size
        handle.write(replacement)
    os.utime(art, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert art.stat().st_mtime_ns == before.st_mtime_ns
    assert watcher.next_line().startswith("rebuilt (sun.png changed) in "), watcher.said
    assert pixel(first, *sun) == (0, 158, 115)
    watcher.stop()


def test_watch_follows_the_pictures_of_a_kit_found_up_to_date(tmp_path: Path, start: Start) -> None:
    """A kit up to date when the watcher starts is not planned: the pictures it read are
    those its manifest names from the build's folders, found in the folders watched."""
    root = example(tmp_path / "project")
    first = tmp_path / "out/pictures/a4/4-players/preview/pictures_4p_a4_cards_p01.png"
    folders = ("--content", str(root / "content"), "--templates", str(root / "templates"))
    asked = ("--players", "4", "--paper", "a4", "--dpi", "20", "--out", str(tmp_path / "out"))
    assert main(["preview", "pictures", *asked, *folders]) == 0
    cards = tmp_path / "out/pictures/a4/4-players/pictures_4p_a4_cards.pdf"
    made = cards.stat().st_mtime_ns
    watcher = start(root, "pictures")
    assert cards.stat().st_mtime_ns == made  # up to date: not planned, its pictures not read
    draw_sun(tmp_path / "sun.png")
    green = Image.open(tmp_path / "sun.png").convert("RGBA")
    green.paste((0, 158, 115, 255), (300, 300, 500, 500))
    green.save(tmp_path / "green.png")
    save_by_rename(root / "content/pictures/art/sun.png", (tmp_path / "green.png").read_bytes())
    assert watcher.next_line().startswith("rebuilt (sun.png changed) in "), watcher.said
    assert pixel(first, *(0.2, 0.16)) == (0, 158, 115)
    watcher.stop()
