"""A user's own label set that `check --labels` refuses: written where the test says, checked
in-process, and what was printed handed back for the test to match against its one refusal
(shared by tests/kit/ and tests/load/)."""

from __future__ import annotations

from pathlib import Path

import pytest

from shapes_print.commands.cli import main


def refusal_of_own_label_set(
    capsys: pytest.CaptureFixture[str], labels: Path, written: str, *check: str
) -> str:
    """`check CHECK... --labels LABELS` with LABELS holding `written`: it must refuse (status
    2); its error output."""
    labels.write_text(written)
    assert main(["check", *check, "--labels", str(labels)]) == 2
    return capsys.readouterr().err
