"""What the README and docs/ say is so: the README's pictures match what `make docs` draws
today, and the counts, limits, sets, paths and links the pages quote are the code's and the
repository's.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from PIL import Image, ImageChops, ImageStat

from shapes_print.commands.cli import main
from tests.docpages import FENCE, PAGES, README, ROOT, blocks

COMMANDS = ROOT / "docs" / "commands.md"
MAKEFILE = ROOT / "Makefile"

PICTURE_LIMIT = 300 * 1024
# Mean difference per channel (0-255) still counted as the same picture: a newer pdfium may
# anti-alias an edge differently, while a changed layout differs by far more.
SAME_PICTURE = 1.0


def sh_lines(page: Path = README) -> list[list[str]]:
    blocked = blocks("sh", page)
    lines = (shlex.split(line, comments=True) for b in blocked for line in b.splitlines())
    return [words for words in lines if words]


def test_readme_opens_with_pictures_and_keeps_the_two_set_up_commands() -> None:
    text = README.read_text()
    intro = text[: text.index("## ")]
    assert 'src="docs/cards.png"' in intro and 'src="docs/score-sheet.png"' in intro
    assert sh_lines()[:2] == [["make", "print"], ["make", "test"]]


def docs_recipe() -> tuple[list[str], list[tuple[str, str]], str]:
    """The `make docs` preview command, its copies (from, to) and the preview folder."""
    makefile = MAKEFILE.read_text()
    folder = re.search(r"^DOCS_PREVIEW := (.+)$", makefile, re.M)
    recipe = re.search(r"^docs:.*\n((?:\t.*\n)+)", makefile, re.M)
    assert folder and recipe
    lines = [shlex.split(line) for line in recipe.group(1).splitlines()]
    (command,) = [words for words in lines if words[0].endswith("/shapes-print")]
    copies = [(words[1], words[2]) for words in lines if words[0] == "cp"]
    return command[1:], copies, folder.group(1)


def test_readme_pictures_are_small_and_current(tmp_path: Path) -> None:
    args, copies, folder = docs_recipe()
    out = args[args.index("--out") + 1]
    args[args.index("--out") + 1] = str(tmp_path)
    assert main(args) == 0
    fresh_folder = tmp_path / Path(folder).relative_to(out)
    assert sorted(target for _, target in copies) == ["docs/cards.png", "docs/score-sheet.png"]
    for source, target in copies:
        committed = ROOT / target
        assert committed.stat().st_size < PICTURE_LIMIT
        fresh = fresh_folder / Path(source).name
        with Image.open(committed) as old, Image.open(fresh) as new:
            assert old.size == new.size, f"{target} is out of date: run make docs"
            diff = ImageStat.Stat(ImageChops.difference(old.convert("RGB"), new.convert("RGB")))
            assert max(diff.mean) < SAME_PICTURE, f"{target} is out of date: run make docs"


def test_the_command_reference_states_every_limit_as_limits_py_does() -> None:
    from shapes_print.limits import LIMITS

    text = COMMANDS.read_text()
    rows = "\n".join(f"| {limit.what} | {limit.most} |" for limit in LIMITS)
    assert f"| limit | at most |\n| --- | --- |\n{rows}\n\n" in text, "the limits differ"


# The counts a page writes in words, and the paths it names, are the code's: a game, a label
# set or a moved module makes these fail rather than leave a page saying what is no longer so.
NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
# A path a page names in backticks, under a folder of the repository, without placeholders.
NAMED_PATH = re.compile(r"`((?:shapes_print|templates|labels|content|tests|bench|docs)/[\w./-]+)`")


def test_the_readme_names_every_shipped_game_and_counts_them() -> None:
    from shapes_print.load.defaults import DEFAULT_CONTENT
    from shapes_print.pipeline.games import game_summaries

    said = re.search(r"It ships (\w+) games \(([^)]*)\)", README.read_text())
    assert said, "README: say which games ship"
    titles = [game.title for game in game_summaries(DEFAULT_CONTENT)]
    assert said.group(1) == NUMBER_WORDS[len(titles)]
    assert all(title in said.group(2) for title in titles)


def test_the_label_set_table_lists_every_shipped_set() -> None:
    from shapes_print.load.defaults import DEFAULT_LABELS
    from shapes_print.load.listing import shipped

    page = (ROOT / "docs/accessibility.md").read_text()
    table = page[page.index("| label set | for |") :].split("\n\n")[0]
    assert sorted(re.findall(r"^\| `([\w-]+)` \|", table, re.M)) == sorted(shipped(DEFAULT_LABELS))


def test_every_path_the_pages_name_is_there() -> None:
    missing = [
        f"{page.relative_to(ROOT)}: {path}"
        for page in PAGES
        for path in NAMED_PATH.findall(page.read_text())
        if not (ROOT / path.rstrip(".")).exists()
    ]
    assert missing == []


def test_every_link_between_pages_leads_to_a_page_and_heading() -> None:
    """[words](page.md#heading) links land: the page exists and has the heading."""
    broken = []
    for page in PAGES:
        for target, anchor in re.findall(r"\]\(([\w./-]*\.md)?(?:#([\w-]+))?\)", page.read_text()):
            linked = (page.parent / target).resolve() if target else page
            if not linked.is_file():
                broken.append(f"{page.relative_to(ROOT)}: {target}")
            elif anchor and anchor not in headings(linked):
                broken.append(f"{page.relative_to(ROOT)}: {target}#{anchor}")
    assert broken == []


def headings(page: Path) -> set[str]:
    """A page's headings as GitHub anchors them: lower case, spaces to '-', punctuation out."""
    text = FENCE.sub("", page.read_text())
    titles = re.findall(r"^#+ (.+)$", text, re.M)
    return {re.sub(r"[^\w\- ]", "", title.lower()).replace(" ", "-") for title in titles}
