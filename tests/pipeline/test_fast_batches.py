"""What makes a batch fast, checked on real output (time and memory belong to `make bench`):
a parallel batch that writes the same bytes as one process, a mistake that survives the
trip back from a worker, each input read once a build, and the fast YAML parser reading
the same data as the careful one."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest
import yaml

from shapes_print.commands.cli import main
from shapes_print.errors import Source, UserError
from shapes_print.load import yamlparse
from shapes_print.load.defaults import DEFAULT_CONTENT, DEFAULT_TEMPLATES
from shapes_print.pipeline import pipeline
from shapes_print.workdone import listening_to_work
from tests.project_copy import copy_project

GAME = "pass-and-pick"


def test_jobs_write_the_same_bytes_as_one_process(tmp_path: Path) -> None:
    """Four kits of two games over three workers: each worker renders files of several kits."""
    one, many = tmp_path / "one", tmp_path / "many"
    kits = [GAME, "shapes-the-game", "--players", "3-4", "--paper", "a4"]
    for out, jobs in ((one, "1"), (many, "3")):
        assert main(["build", *kits, "--quiet", "--jobs", jobs, "--out", str(out)]) == 0
    files = sorted(p.relative_to(one) for p in one.rglob("*") if p.is_file())
    assert len(files) > 20
    assert files == sorted(p.relative_to(many) for p in many.rglob("*") if p.is_file())
    for name in files:
        assert (one / name).read_bytes() == (many / name).read_bytes(), name


def test_a_user_error_survives_the_trip_back_from_a_worker() -> None:
    error = UserError(Source(Path("deck.yaml"), 3, 7), "count must be a whole number", "write 6")
    copy = pickle.loads(pickle.dumps(error))
    assert (copy.source, copy.message, copy.hint, str(copy)) == (
        error.source,
        error.message,
        error.hint,
        str(error),
    )


def test_libyaml_reads_the_same_values_and_places_as_pure_python() -> None:
    if yamlparse.FAST_LOADER is yaml.SafeLoader:
        pytest.skip("PyYAML was built without libyaml")
    files = sorted(DEFAULT_TEMPLATES.rglob("*.yaml")) + sorted(DEFAULT_CONTENT.rglob("*.yaml"))
    assert len(files) > 8
    for path in files:
        text = path.read_text()
        fast = yamlparse.parse_with(yamlparse.FAST_LOADER, path, text, "en")
        careful = yamlparse.parse_with(yaml.SafeLoader, path, text, "en")
        assert (fast.data, fast.marks) == (careful.data, careful.marks), path


def test_a_batch_reads_each_yaml_file_and_font_once(tmp_path: Path) -> None:
    """Templates, shapes, decks and fonts are loaded once per build, not once per kit or
    file: each file is read once (a font is parsed only from bytes just read, once per
    bytes), every file read while the build listens."""
    with listening_to_work() as work:
        written = pipeline.build(
            pipeline.Sources(), [GAME], pipeline.BuildOptions("3-4", "a4,letter"), tmp_path
        )
    assert len({w.folder for w in written}) == 4  # 2 player counts x 2 papers
    reads = [Path(path).resolve() for path in work.of("read") if Path(path).suffix == ".yaml"]
    assert len(reads) == len(set(reads)) > 8
    parsed = [Path(path).name for path in work.of("read") if Path(path).suffix == ".ttf"]
    assert sorted(parsed) == [  # the italic faces too (i29a)
        *("DejaVuSans-Bold.ttf", "DejaVuSans-BoldOblique.ttf"),
        *("DejaVuSans-Oblique.ttf", "DejaVuSans.ttf"),
    ]


def test_a_load_again_reads_each_file_once_and_sees_a_change(tmp_path: Path) -> None:
    """Loaded again, a project checks what it made before against its files, each read once
    however many label sets were made from the same templates and fonts; the next load
    reads them again, and a file changed in place since is its new bytes."""
    root = copy_project(tmp_path)
    sources = pipeline.Sources(root / "content", root / "templates")
    pipeline.load_project(sources, [GAME], ["all"])
    with listening_to_work() as work:
        pipeline.load_project(sources, [GAME], ["all"])
    reads = work.of("read")
    assert len(reads) == len(set(reads)) > 20
    papers = root / "templates" / "papers.yaml"
    papers.write_text(papers.read_text().replace("a3: {width: 297mm", "a3: {width: 296mm"))
    project = pipeline.load_project(sources, [GAME], ["all"])
    widths = {variant.library.papers["a3"][0] * 25.4 / 72 for variant in project.variants}
    assert {round(width) for width in widths} == {296}
