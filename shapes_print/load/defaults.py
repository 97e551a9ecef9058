"""The defaults the command line shows: where the shipped content, templates and label sets
are. Apart from the pipeline, so `--help` need not load it (limits are in `limits`)."""

from __future__ import annotations

from pathlib import Path

PROJECT = Path(__file__).resolve().parents[2]
DEFAULT_CONTENT = PROJECT / "content"
DEFAULT_TEMPLATES = PROJECT / "templates"
DEFAULT_LABELS = PROJECT / "labels"
STANDARD = "standard"  # the label set used when none is named; its kits get no folder of their own
