"""Checks of built files with tools we did not write, shared by `make check-files` and pytest:
which check reads which files, the sample they read, and the report.

Each check takes one file and returns its problems (an empty list when it holds), or raises
`Skipped` (tests/outsidetools.py) when the outside tool it needs is not installed. The checks
themselves are by family: wordchecks, heardchecks, printshopchecks, finestchecks,
braillechecks.
"""

from __future__ import annotations

import argparse
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from shapes_print.load.options import PrintOptions
from shapes_print.pipeline import pipeline
from tests.braillechecks import (
    ghostscript_grey_problems,
    grey_area_problems,
    grey_problems,
    heading_problems,
    kit_headings,
    line_art_problems,
    table_head_problems,
)
from tests.finestchecks import small_text_problems, thin_line_problems
from tests.heardchecks import empty_header_cells, misheard, repeated_readings
from tests.outsidetools import Skipped
from tests.printshopchecks import (
    ghostscript_problems,
    ghostscript_problems_of,
    overprint_problems,
    pdfx_problems,
    rich_black_problems,
    rich_black_problems_of,
)
from tests.wordchecks import figure_text_joins, pdftotext_joins, struct_text_joins


@dataclass(frozen=True)
class Check:
    """One check: what it is, which files it reads (by name), and how."""

    name: str
    reads: str  # what files it is for, as the report says
    applies: Callable[[Path], bool]
    problems: Callable[[Path], list[str]]
    # Every file's problems from one run of its tool, where the tool is slow to start.
    problems_of: Callable[[Sequence[Path]], list[list[str]]] | None = None


def non_card(path: Path) -> bool:
    """A sheet, host key, guide or calibration sheet: a PDF that is not a deck's cards,
    read here rather than in its kit's print-and-play file (`in_print_and_play`)."""
    return _pdf(path) and "cards" not in path.name.rsplit("_", 1)[-1]


def _pdf(path: Path) -> bool:
    """A PDF read here rather than in its kit's print-and-play file or its print-shop
    cards file (`one_side`)."""
    return path.suffix == ".pdf" and not in_print_and_play(path) and not one_side(path)


# A kit's files that its print-and-play file does not hold, or that is it.
OWN_FILES = ("_print-and-play.pdf", "_host-key.pdf", "_printing-guide.pdf")


def in_print_and_play(path: Path) -> bool:
    """A players' file (sheets, player aid, cards) of a kit that has a print-and-play file:
    that file draws its pages again, every tagged line as here (test_file_checks holds it),
    so the checks of words and sizes read them there, once. Only its own running foot and
    print line are not there: every host key and guide draws theirs alike, and the
    print-shop kits, which have no print-and-play file, are read whole."""
    return (
        path.suffix == ".pdf"
        and not path.name.endswith(OWN_FILES)
        and any(path.parent.glob(f"*{OWN_FILES[0]}"))
    )


def _print_shop(path: Path) -> bool:
    """Any PDF of a print-shop kit: its folder holds the shop's cards files."""
    return path.suffix == ".pdf" and any(path.parent.glob("*_cards-print-shop.pdf"))


def one_side(path: Path) -> bool:
    """A print-shop kit's file of the fronts or the backs alone: each of its pages is a page
    of its cards file, the same content drawing the same pictures (test_file_checks holds
    it), so what is drawn is read there; only its PDF/X-4 metadata and boxes are its own."""
    return _print_shop(path) and path.stem.endswith(("-fronts", "-backs"))


def _print_shop_once(path: Path) -> bool:
    """A print-shop kit's PDF but its one-side files, whose pages are its cards file's."""
    return _print_shop(path) and not one_side(path)


def _swell(path: Path) -> bool:
    """A braille kit's cards on swell paper: its cards file, Collect 3's Task cards too."""
    sets = ("_braille_", "_braille-es_")
    return path.name.endswith(tuple(f"{s}{kind}.pdf" for s in sets for kind in SWELL_FILES))


SWELL_FILES = ("cards", "task-cards")


CHECKS = (
    Check("words apart (pdfinfo -struct-text)", "sheets, keys, guides", non_card, struct_text_joins),
    Check("words apart in pictures (pdfinfo -struct-text)", "sheets, keys, guides", non_card, figure_text_joins),
    Check("words apart (pdftotext)", "sheets, keys, guides", non_card, pdftotext_joins),
    Check("each picture read once", "sheets, keys, guides", non_card, lambda p: [
        f"{a!r} / {b!r}" for a, b in repeated_readings(p)
    ]),
    Check("no empty header cell", "sheets, keys, guides", non_card, empty_header_cells),
    Check("print's shorthand heard in words", "sheets, keys, guides", non_card, misheard),
    Check("PDF/X-4 metadata and boxes", "print-shop kits", _print_shop, pdfx_problems),
    Check("no line thinner than the finest", "every PDF", _pdf, thin_line_problems),
    Check("no text smaller than the finest", "every PDF", _pdf, small_text_problems),
    Check("black text overprints", "print-shop kits", _print_shop_once, overprint_problems),
    Check("Ghostscript renders CMYK", "print-shop kits", _print_shop_once, ghostscript_problems, ghostscript_problems_of),
    Check("black areas in black ink alone (separations)", "print-shop kits", _print_shop_once, rich_black_problems, rich_black_problems_of),
    Check("swell fronts line art", "braille cards", _swell, line_art_problems),
    Check("swell fronts no grey (pdfium)", "braille cards", _swell, grey_problems),
    Check("swell fronts no grey (Ghostscript)", "braille cards", _swell, ghostscript_grey_problems),
    Check("swell fronts no grey area (pdfium, anti-aliased)", "braille cards", _swell, grey_area_problems),
    Check("braille headings keep their text", ".brf files", lambda p: p.suffix == ".brf", lambda p: heading_problems(p, kit_headings(p))),
    Check("braille tables keep their headings", ".brf files", lambda p: p.suffix == ".brf", table_head_problems),
)  # fmt: skip

# Every kind of file: Collect 3 in every shipped label set (task cards, a long score sheet,
# braille and Spanish braille) and for a print shop in high contrast (black bands with white
# words knocked out of them), Pass and pick at home and for a print shop (arrows, pictures,
# colours), Shapes the Game in braille, and the calibration sheet.
SAMPLE_LABELS = (
    "standard",
    "es",
    "large-print",
    "large-print-atkinson",
    "colour-blind",
    "high-contrast",
    "braille",
    "braille-es",
)


def build_sample(out: Path, labels: Sequence[str] = SAMPLE_LABELS) -> list[Path]:
    """Build the sample into `out` (Collect 3 in `labels`); every file it made."""

    home = pipeline.BuildOptions(players="4", paper="a4")
    shop = pipeline.BuildOptions(players="4", paper="a4", printing=PrintOptions(print_shop=True))
    for game, label_set, options in (
        *(("collect-3", name, home) for name in labels),
        ("pass-and-pick", "standard", home),
        ("pass-and-pick", "standard", shop),
        ("collect-3", "high-contrast", shop),
        ("shapes-the-game", "braille", home),
    ):
        project = pipeline.load_project(pipeline.Sources(), [game], [label_set])
        folder = out / "shop" if options is shop else out
        pipeline.build_project(project, options, folder)
    pipeline.calibrate(pipeline.Sources(), "a4", out / "calibration", "long", (0.0, 0.0))
    return sample_files(out)


def sample_files(out: Path) -> list[Path]:
    """Every file of a sample built into `out` that a check may read."""
    return sorted(p for p in out.rglob("*") if p.suffix in (".pdf", ".brf"))


@dataclass
class Outcome:
    """A check's result over the sample: the files it read and their problems, or the
    tool it lacked."""

    check: Check
    files: int = 0
    problems: list[str] = field(default_factory=list)
    skipped: Skipped | None = None

    def line(self) -> str:
        head = f"{self.check.name} ({self.check.reads})"
        if self.skipped:
            return f"{head}: skipped, {self.skipped}"
        if self.problems:
            return f"{head}: {len(self.problems)} problems in {self.files} files: " + "; ".join(
                self.problems[:5]
            )
        return f"{head}: ok, {self.files} files"


def run_check(check: Check, files: Sequence[Path]) -> Outcome:
    outcome = Outcome(check)
    read = [path for path in files if check.applies(path)]
    try:
        if check.problems_of and read:
            found = check.problems_of(read)
        else:
            found = [check.problems(path) for path in read]
    except Skipped as skipped:
        outcome.skipped = skipped
        return outcome
    outcome.files = len(read)
    outcome.problems = [
        f"{path.name}: {p}" for path, ps in zip(read, found, strict=True) for p in ps
    ]
    return outcome


def main(argv: Sequence[str] | None = None) -> int:
    """`python -m tests.filecheck [--out DIR]`: build the sample, run every check, one line
    each; exit 1 on a problem (a skipped check, its tool missing, is not one)."""

    parser = argparse.ArgumentParser(prog="python -m tests.filecheck", description=main.__doc__)
    parser.add_argument(
        "--out", type=Path, help="where to build the sample (default: a temporary folder)"
    )
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="check-files-") as scratch:
        out = args.out or Path(scratch)
        files = build_sample(out)
        outcomes = [run_check(check, files) for check in CHECKS]
    for outcome in outcomes:
        print(outcome.line())
    skipped = sorted({str(o.skipped) for o in outcomes if o.skipped})
    print("skipped: " + ("; ".join(skipped) if skipped else "nothing, every tool was found"))
    return 1 if any(o.problems for o in outcomes) else 0


if __name__ == "__main__":
    raise SystemExit(main())
