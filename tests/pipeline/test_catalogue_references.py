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


@pytest.fixture(scope="module")
def updated(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Each shipped catalogue as the project's own update writes it, into a folder of the
    test's: one update of them all, which extracts the texts once for the folder."""
    folder = tmp_path_factory.mktemp("updated")
    written = translating.update(Sources(), [path.stem for path in CATALOGUES], folder)
    return {path.stem: path for path in written}


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda path: path.stem)
def test_a_shipped_catalogues_references_are_up_to_date(
    path: Path, updated: dict[str, Path]
) -> None:
    """Every entry of the shipped catalogue (a game's own, `msgctxt`, too) has the
    references the project's own update gives it."""
    with path.open("rb") as handle:
        shipped = read_po(handle)
    now_written = read_po(io.BytesIO(updated[path.stem].read_bytes()))
    stale = {
        (message.id, message.context): (message.locations, now.locations if now else None)
        for message in shipped
        if message.id
        and (
            (now := now_written.get(message.id, message.context)) is None
            or now.locations != message.locations
        )
    }
    assert CATALOGUES and not stale, (
        f"{path.name}: run `shapes-print labels update {path.stem}`: {stale}"
    )
