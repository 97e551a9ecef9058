"""The defaults the command line shows: where the shipped content, templates and label sets
are, and which folders a command reads when none is named. Apart from the pipeline, so
`--help` need not load it (limits are in `limits`).

A wheel carries the shipped folders inside the package, as `shapes_print/shipped/` (setup.py
maps the repository's top folder there); a checkout, and the editable install `make print`
makes, has them at the top of the repository, beside the package.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from shapes_print.errors import Source, UserError

PACKAGE = Path(__file__).resolve().parents[1]
PROJECT = PACKAGE.parent  # a checkout's top folder: docs/ and schemas/ `make reference` writes
INSTALLED = PACKAGE / "shipped"
SHIPPED = INSTALLED if (INSTALLED / "content").is_dir() else PROJECT
DEFAULT_CONTENT = SHIPPED / "content"
DEFAULT_TEMPLATES = SHIPPED / "templates"
DEFAULT_LABELS = SHIPPED / "labels"
SCHEMAS = SHIPPED / "schemas"  # what a new game's and label set's files point editors at
REFERENCE = SHIPPED / "docs" / "reference.md"
STANDARD = "standard"  # the label set used when none is named; its kits get no folder of their own
# What --help says a command reads when --content or --templates is not given.
CONTENT_HELP = "./content if there is one, else the shipped games"
TEMPLATES_HELP = "./templates if there is one, else the shipped templates"
# The variable that says how many processes `build` and `check` share their work between when
# --jobs is not given (the tests set it to 1), and what --help says of that default.
JOBS_VARIABLE = "SHAPES_PRINT_JOBS"
JOBS_HELP = f"${JOBS_VARIABLE}, else one per core"
# A count as --jobs and --max-cards take it, and as SHAPES_PRINT_JOBS holds it: ASCII digits,
# at most nine (no machine has a billion cores, no kit a billion cards), so reading is bounded.
_COUNT = re.compile(r"[0-9]{1,9}")


def chosen_folder(given: Path | None, shipped: Path) -> Path:
    """The folder a command reads: the one named on the command line, else the current
    folder's own of the shipped one's name (./content, ./templates), else the shipped one,
    so an installed tool builds the shipped games from anywhere and a folder of one's own
    games is found where one works."""
    if given is not None:
        return given
    here = Path(shipped.name)
    return here if here.is_dir() else shipped


def chosen_folders(content: Path | None, templates: Path | None) -> tuple[Path, Path]:
    """The content and templates folders a command reads (`chosen_folder` of each)."""
    return chosen_folder(content, DEFAULT_CONTENT), chosen_folder(templates, DEFAULT_TEMPLATES)


def whole_count(word: str) -> int | None:
    """`word` as a count the command line takes (a whole number from 1), else None."""
    return int(word) if _COUNT.fullmatch(word) and int(word) >= 1 else None


def chosen_jobs(given: int | None) -> int:
    """The processes `build` and `check` share their work between: --jobs where given, else
    SHAPES_PRINT_JOBS where set, else one per core. The variable is input like an option's
    value: one that is no such count stops the command in one line, as a bad --jobs does."""
    if given is not None:
        return given
    word = os.environ.get(JOBS_VARIABLE, "").strip()
    if not word:
        return os.cpu_count() or 1
    jobs = whole_count(word)
    if jobs is None:
        raise UserError(
            Source(Path(JOBS_VARIABLE)),
            f"{word[:40]!r} is not a number of processes: write a whole number from 1 (at most "
            "nine digits), or unset it for one per core",
        )
    return jobs
