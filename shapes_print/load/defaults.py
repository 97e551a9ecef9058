"""The defaults the command line shows: where the shipped content, templates and label sets
are, and which folders a command reads when none is named. Apart from the pipeline, so
`--help` need not load it (limits are in `limits`).

A wheel carries the shipped folders inside the package, as `shapes_print/shipped/` (setup.py
maps the repository's top folder there); a checkout, and the editable install `make print`
makes, has them at the top of the repository, beside the package.
"""

from __future__ import annotations

import os
from pathlib import Path

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
CORES = os.cpu_count() or 1  # processes `build` and `check` share their work between


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
