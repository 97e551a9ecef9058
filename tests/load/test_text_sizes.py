"""A text element's `min_size` above its `size` is refused at the line that wrote it: in a
template, the element's; through a label set (a user's own file), the set's change, since
the layout it reached was right before it. Before, the build tried to fit the words at the
larger size and said they did not fit, naming neither mistake."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.project_copy import build_args, copy_project, run

LABEL = 'text: "{label}", bold: true, size: 22pt,\n         min_size: 14pt}'
SHRINKS = "text shrinks from its size to fit, never below its min_size"


def test_a_template_whose_min_size_is_above_its_size_is_refused_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    wrong = LABEL.replace("min_size: 14pt", "min_size: 30pt")
    root = copy_project(tmp_path, [("templates/cards/poker.yaml", LABEL, wrong)])
    status, lines, _ = run(build_args(root, tmp_path / "out", "--players", "3"), capsys, root)
    assert status == 2
    assert lines == [
        "templates/cards/poker.yaml:20:9: layouts.shape.elements.2: min_size 30 pt is larger "
        f"than size 22 pt: {SHRINKS}"
    ]
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    ("change", "column", "size"),
    [("{min_size: 40pt}", 13, 22), ("{size: 32pt, min_size: 40pt}", 25, 32)],
)
def test_a_label_sets_change_that_inverts_the_sizes_is_refused_at_the_change(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: str, column: int, size: int
) -> None:
    root = copy_project(tmp_path)
    mine = root / "mine.yaml"
    mine.write_text(
        f'extends: standard\ntitle: "Mine"\ndescription: "mine"\n'
        f"cards:\n  elements:\n    label: {change}\n"
    )
    args = build_args(root, tmp_path / "out", "--players", "3", "--labels", str(mine))
    status, lines, _ = run(args, capsys, root)
    assert status == 2
    assert lines == [
        f"mine.yaml:6:{column}: min_size 40 pt is larger than size {size} pt for element "
        f"'label' (label set 'mine', cards.elements.label.min_size): {SHRINKS}"
    ]
    assert not (tmp_path / "out").exists()
