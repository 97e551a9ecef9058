"""The shipped check, a label set at a time, made once per test run for every xdist worker:
what `check` said of each set, and what it planned (tests/planned.py)."""

from __future__ import annotations

import contextlib
import io
import json
import pickle
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

import pytest

from shapes_print.commands.cli import main
from shapes_print.pipeline.requests import listening_to_kits
from tests.command_lines import Said
from tests.planned import PlannedSets, Recorder
from tests.sharedbuild import shared


def _check_shipped(labels: str, folder: Path) -> None:
    """`shapes-print check --labels LABELS` of the shipped content in one process, its status
    and words kept in `folder`; and what it planned of the set's kits, heard as it planned
    them, with the print-shop kits on Letter that it does not plan (tests/planned.py): one
    planning of every kit serves the tests of the check and those of the plans."""
    folder.mkdir(parents=True, exist_ok=True)
    out, err, recorder = io.StringIO(), io.StringIO(), Recorder()
    with pytest.MonkeyPatch.context() as env:  # a cache of its own, as every test has
        env.setenv("XDG_CACHE_HOME", str(folder / "cache"))
        with listening_to_kits(recorder.take):
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                # forked workers' plans are unheard: one process
                status = main(["check", "--labels", labels, "--jobs", "1"])
            recorder.shop_kits_on_letter()
    said = {"status": status, "out": out.getvalue(), "err": err.getvalue()}
    (folder / "said.json").write_text(json.dumps(said), encoding="utf-8")
    planned = pickle.dumps(recorder.planned(), pickle.HIGHEST_PROTOCOL)
    (folder / "planned.pickle").write_bytes(planned)


@dataclass
class ShippedSets:
    """The shipped check, a label set at a time: `check --labels SET` plans every kit of
    every shipped game in the set (every count, every paper, both flips, a print shop's), a
    whole check of the set (its texts all printed among them). Each set's is made once per
    run for every worker, when a test first asks for it (`shared`): no test waits for all
    ten, and the workers make different sets side by side."""

    factory: pytest.TempPathFactory
    worker_id: str
    # Each set's plans once read; left out of the repr a failing assertion prints.
    kept: dict[str, PlannedSets] = field(default_factory=dict, repr=False)

    def folder(self, labels: str) -> Path:
        check = partial(_check_shipped, labels)
        return shared(self.factory, self.worker_id, f"shipped-check-{labels}", check)

    def said(self, labels: str) -> Said:
        """What the set's check returned and printed."""
        said = (self.folder(labels) / "said.json").read_text(encoding="utf-8")
        return Said(**json.loads(said))

    def planned(self, *labels: str) -> PlannedSets:
        """What the check planned of the sets' kits at home on A4 and Letter, and their
        print-shop guides' page counts (tests/planned.py)."""
        whole = PlannedSets()
        for name in labels:
            if name not in self.kept:
                pickled = (self.folder(name) / "planned.pickle").read_bytes()
                self.kept[name] = pickle.loads(pickled)
            whole.add(self.kept[name])
        return whole
