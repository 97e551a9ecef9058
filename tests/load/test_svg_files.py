"""SVG files as editors save them, read into the plan's paths; what would misprint is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from shapes_print.geometry.primitives import RGB
from shapes_print.load.svgfile import SvgError, read_svg

ART = Path(__file__).parents[1] / "art"
# As Illustrator exports: colours in class rules of a <style> element, a comment among them.
ILLUSTRATOR = """<?xml version="1.0" encoding="UTF-8"?>
<svg id="Layer_1" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 50 40">
  <defs><style>/* exported */ .cls-1{fill:#d55e00;}.cls-2,.cls-3{fill:none;stroke:#0072b2;stroke-width:2px;}</style></defs>
  <rect class="cls-1" x="5" y="5" width="20" height="10"/>
  <polyline class="cls-2" points="0 40 25 20 50 40"/>
</svg>
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "art.svg"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_badge_reads_as_its_filled_and_stroked_paths() -> None:
    art = read_svg(ART / "badge.svg")
    assert (art.width, art.height) == (200, 100)
    paints = [(p.paint.fill, p.paint.stroke, p.paint.stroke_width) for p in art.paths]
    assert paints == [
        (RGB.parse("#0072B2"), None, 0.0),
        (RGB.parse("#E69F00"), None, 0.0),
        (RGB.parse("#000000"), None, 0.0),
        (None, RGB.parse("#FFFFFF"), 4.0),
    ]
    bar = art.paths[2].ops  # moved by its group's translate(120 20), y up from the bottom
    assert bar[0] == ("M", 120, 80) and ("L", 180, 60) in bar


def test_illustrator_class_rules_give_the_colours(tmp_path: Path) -> None:
    art = read_svg(write(tmp_path, ILLUSTRATOR))
    rect, line = art.paths
    assert rect.paint.fill == RGB.parse("#D55E00")
    assert (line.paint.fill, line.paint.stroke, line.paint.stroke_width) == (
        None,
        RGB.parse("#0072B2"),
        2.0,
    )
    assert line.ops[-1][0] == "L"  # an open polyline stays open: it is only stroked


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        ('<text x="1" y="9">Hi</text>', "<text> is not drawn: convert text to paths"),
        ('<rect width="9" height="9" fill="url(#g)"/>', "gradients and patterns are not read"),
        ('<rect width="9" height="9" opacity="0.5"/>', "opacity 0.5 is not read"),
        ('<use href="#a"/>', "<use> is not drawn"),
        ('<rect width="9" height="9" fill="hotpink"/>', "colour 'hotpink' is not read"),
        ('<path d="M 0 0 L 5 5 X"/>', "path data: unknown command 'X'"),
        ("<style>rect{fill:red}</style>", "style rule 'rect' is not read"),
    ],
)
def test_what_would_print_otherwise_is_refused(tmp_path: Path, body: str, fragment: str) -> None:
    text = f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">{body}</svg>'
    with pytest.raises(SvgError, match=fragment.replace("(", r"\(")):
        read_svg(write(tmp_path, text))


def test_entities_and_sizeless_files_are_refused(tmp_path: Path) -> None:
    bomb = '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa">]><svg>&a;</svg>'
    with pytest.raises(SvgError, match="XML entities"):
        read_svg(write(tmp_path, bomb))
    with pytest.raises(SvgError, match="has no size"):
        read_svg(write(tmp_path, '<svg xmlns="http://www.w3.org/2000/svg"/>'))
