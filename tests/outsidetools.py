"""The outside tools a check of built files runs (poppler, Ghostscript, liblouis): where each is, or
`Skipped` naming it and how to install it, so a missing tool is a skip and never a failure.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass

POPPLER = "apt-get install poppler-utils"
GHOSTSCRIPT = "apt-get install ghostscript"
LIBLOUIS = "apt-get install liblouis-bin"


@dataclass
class Skipped(Exception):
    """A check needs a tool that is not installed: its name and how to install it."""

    tool: str
    hint: str

    def __str__(self) -> str:
        return f"{self.tool} not found ({self.hint})"


def tool(name: str, hint: str) -> str:
    """The tool's path, or `Skipped` when it is not installed."""
    found = shutil.which(name)
    if found is None:
        raise Skipped(name, hint)
    return found
