"""Each shipped catalogue's `#:` references are those `labels update` writes from today's
content: a translator opening one in Poedit lands on the line that writes the English, not
on where it was written before the content moved. Refresh them with `shapes-print labels
update LANG` (never by hand) when this fails."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from shapes_print.load.defaults import DEFAULT_LABELS
from shapes_print.pipeline import translating
from shapes_print.pipeline.project import Sources

CATALOGUES = sorted(DEFAULT_LABELS.glob("*.po"))


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda path: path.stem)
def test_a_shipped_catalogues_references_are_up_to_date(path: Path, tmp_path: Path) -> None:
    """Every entry of the shipped catalogue (a game's own, `msgctxt`, too) has the
    references the project's own update gives it, which writes its copy to `tmp_path`."""
    with path.open("rb") as handle:
        shipped = read_po(handle)
    written = translating.update(Sources(), path.stem, tmp_path)
    updated = read_po(io.BytesIO(written.read_bytes()))
    stale = {
        (message.id, message.context): (message.locations, now.locations if now else None)
        for message in shipped
        if message.id
        and (
            (now := updated.get(message.id, message.context)) is None
            or now.locations != message.locations
        )
    }
    assert CATALOGUES and not stale, (
        f"{path.name}: run `shapes-print labels update {path.stem}`: {stale}"
    )
